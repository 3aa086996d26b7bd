"""pnp's cache folder (converted fonts, QR matrices): `$PNP_CACHE`, else `$XDG_CACHE_HOME/pnp`, else
`~/.cache/pnp`. At the bottom of the house: every layer may ask for it, it imports nothing of pnp."""
from __future__ import annotations

import os
from pathlib import Path


def cache_root() -> Path:
    base = os.environ.get("PNP_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "pnp")
    return Path(base)
