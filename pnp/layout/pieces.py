"""The vocabulary every face resolves to, and the renderer draws: nothing here knows about games.

Coordinates are points, relative to the face's trim box top-left corner, y pointing down. Bleed is
the area with negative coordinates or beyond (w, h).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

# Roles of line art: ordinary `art`, or die-line marks that the renderer styles uniformly.
ROLES = ("art", "cut", "fold", "glue", "window")


@dataclass(frozen=True)
class Shape:
    """A path. ops: ('M',x,y) ('L',x,y) ('C',x1,y1,x2,y2,x,y) ('Z',) ('R',x,y,w,h,r) ('E',x,y,w,h)."""
    ops: tuple
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.5
    dash: tuple | None = None
    role: str = "art"
    opacity: float = 1.0


@dataclass(frozen=True)
class Run:
    """A run of text on one baseline."""
    x: float
    y: float
    text: str
    font: str
    size: float
    color: str
    bold: bool = False


@dataclass(frozen=True)
class Image:
    path: str          # absolute path of a verified image file
    x: float
    y: float
    w: float
    h: float
    clip: tuple | None = None   # (x, y, w, h) for `fit: cover`


@dataclass(frozen=True)
class Stencil:
    """A 1-bit bitmap painted in one colour (QR codes): exact module edges, a few hundred bytes."""
    x: float
    y: float
    w: float
    h: float
    rows: tuple        # tuple of tuples of bool, True = painted
    color: str

    @cached_property
    def hexrows(self) -> str:
        """The rows as the PDF's ASCII-hex image data (each row padded to whole bytes); made once, in
        the worker that resolved the face when there is one (it travels with the face)."""
        n = (len(self.rows[0]) + 7) // 8 if self.rows else 0
        return "".join(int("".join("1" if v else "0" for v in row).ljust(8 * n, "0"), 2).to_bytes(n, "big").hex()
                       for row in self.rows)


@dataclass(frozen=True)
class Face:
    """One printed side of one piece."""
    w: float
    h: float
    bleed: float
    pieces: tuple
    shape: str = "rect"        # rect | rounded | circle: the cut outline for `cut: outline`
    radius: float = 0.0
    name: str = ""             # component/card/face, for messages and exports
