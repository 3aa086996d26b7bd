"""Ink saver for the renderer: `face` and `pairs` give what `--ink-saver` prints.

The transformation itself is pnp.core.ink (at the bottom of the house, so the print lint judges the
same pieces: rule `ink-saver`).
"""
from __future__ import annotations

from pnp.core.ink import DARK, FULL, LARGE, TINT, face, luminance, pairs, piece, tint  # noqa: F401
