"""pnp — print-and-play asset generator for deduction board games."""

__version__ = "0.1.0"
