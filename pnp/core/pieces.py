"""The vocabulary every face resolves to, and the renderer draws: nothing here knows about games.

Coordinates are points, relative to the face's trim box top-left corner, y pointing down. Bleed is
the area with negative coordinates or beyond (w, h). A piece's `transform` (an affine matrix in these
coordinates: x' = a x + c y + e, y' = b x + d y + f) rotates or mirrors it as it is drawn.
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
    join: tuple | None = None      # (line join, line cap, miter limit) of SVG art; None: the PDF defaults
    transform: tuple | None = None   # (a, b, c, d, e, f) in face coordinates (y down): rotate, mirror


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
    transform: tuple | None = None   # (a, b, c, d, e, f) in face coordinates (y down): rotate, mirror
    italic: bool = False             # drawn oblique (a skewed text matrix: the fonts have no italic face)


@dataclass(frozen=True)
class Image:
    path: str          # absolute path of a verified image file
    x: float
    y: float
    w: float
    h: float
    clip: tuple | None = None   # (x, y, w, h) for `fit: cover`
    transform: tuple | None = None   # (a, b, c, d, e, f) in face coordinates (y down): rotate, mirror


@dataclass(frozen=True)
class Stencil:
    """A 1-bit bitmap painted in one colour (QR codes): exact module edges, a few hundred bytes."""
    x: float
    y: float
    w: float
    h: float
    rows: tuple        # tuple of tuples of bool, True = painted
    color: str
    transform: tuple | None = None   # (a, b, c, d, e, f) in face coordinates (y down): rotate, mirror

    @cached_property
    def hexrows(self) -> str:
        """The rows as the PDF's ASCII-hex image data (each row padded to whole bytes); made once, in
        the worker that resolved the face when there is one (it travels with the face)."""
        rows = self.rows
        if not rows:
            return ""
        n = (len(rows[0]) + 7) // 8
        try:   # the rows, each padded, as one string of binary digits read as one number
            if n and len(set(map(len, rows))) == 1:
                pad = bytes(8 * n - len(rows[0]))
                bits = (pad.join(map(bytes, rows)) + pad).translate(_BITS)
                return int(bits, 2).to_bytes(n * len(rows), "big").hex()
        except (TypeError, ValueError):   # rows of other than True / False
            pass
        return "".join(int("".join("1" if v else "0" for v in row).ljust(8 * n, "0"), 2).to_bytes(n, "big").hex()
                       for row in rows)


_BITS = bytes.maketrans(b"\x00\x01", b"01")


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


def matrix(rotate: float = 0.0, origin=(0.0, 0.0), mirror: str = "none", centre=(0.0, 0.0)) -> tuple:
    """The transform of an element: mirrored about its centre (`horizontal`, `vertical`, `both`),
    then turned `rotate` degrees clockwise (as seen on the card) about `origin`."""
    import math
    sx = -1.0 if mirror in ("horizontal", "both") else 1.0
    sy = -1.0 if mirror in ("vertical", "both") else 1.0
    # mirror: x' = sx (x - cx) + cx
    m = (sx, 0.0, 0.0, sy, centre[0] * (1 - sx), centre[1] * (1 - sy))
    t = math.radians(rotate)
    cos, sin = math.cos(t), math.sin(t)
    ox, oy = origin
    r = (cos, sin, -sin, cos, ox - cos * ox + sin * oy, oy - sin * ox - cos * oy)
    return compose(r, m)


def compose(p: tuple, q: tuple) -> tuple:
    """p after q."""
    a, b, c, d, e, f = p
    A, B, C, D, E, F = q
    return (a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D, a * E + c * F + e, b * E + d * F + f)


def apply(m: tuple, x: float, y: float) -> tuple:
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f
