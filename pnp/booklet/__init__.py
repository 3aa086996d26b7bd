"""Rules booklets: markdown with jinja, laid out in pages, with pictures of the pieces."""
