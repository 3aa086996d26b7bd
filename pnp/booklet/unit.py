"""A booklet `Unit`: what the flow makes of a block (one line of a paragraph, one table row, one row
of pictures …) and the paginator stacks into frames, its pieces at a local origin (top-left, y down)."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Unit:
    h: float
    pieces: list = field(default_factory=list)
    places: list = field(default_factory=list)   # (face, x, y, scale) pictures, y local
    before: float = 0.0
    keep_next: bool = False
    brk: bool = False          # start a new page here
    heading: tuple | None = None  # (level, text) for the contents and the running header
    box: int | None = None     # units of one note share a box id
    header: object = None      # a table row: its header row's Unit, repeated on a new page
    line: int = 0              # the source line of its block (for problems)
