"""Templates: the jinja2 sandbox and its limits, the fast path, compiled code, the game context."""
