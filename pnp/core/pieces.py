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
    # a gradient painted inside the path instead of `fill`, for as long as `fill` is its representative
    # colour (gradient.colour): whatever reads `fill` (the print lint, the ink saver) sees a colour, and code
    # that recolours the fill without knowing gradients gets that flat colour printed
    gradient: Gradient | None = None


@dataclass(frozen=True)
class Gradient:
    """A fill that changes colour, printed as a PDF shading (a vector, not an image).

    linear: coords (x0, y0, x1, y1), the colour of position 0 at (x0, y0) and of 1 at (x1, y1), constant
    across that line; radial: coords (cx, cy, r), position 0 at the centre and 1 on the circle of radius r.
    Beyond the ends the end colours continue. stops: ((position, '#rrggbb'), …), positions rising from 0
    to 1. colour: the representative colour (the average over the shape's box, see `over`). matrix: when
    not None, coords are in the gradient's own frame and this affine matrix maps it to face coordinates
    (a radial gradient of SVG art stretched into ellipses)."""
    kind: str
    coords: tuple
    stops: tuple
    colour: str = "#808080"
    matrix: tuple | None = None

    def position(self, x: float, y: float) -> float:
        if self.matrix is not None:   # the point in the gradient's own frame
            a, b, c, d, e, f = self.matrix
            det = a * d - b * c
            if abs(det) < 1e-12:
                return 1.0
            x, y = (d * (x - e) - c * (y - f)) / det, (a * (y - f) - b * (x - e)) / det
        if self.kind == "radial":
            cx, cy, r = self.coords
            t = ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 / r if r > 0 else 1.0
        else:
            x0, y0, x1, y1 = self.coords
            dx, dy = x1 - x0, y1 - y0
            n = dx * dx + dy * dy
            t = ((x - x0) * dx + (y - y0) * dy) / n if n > 0 else 0.0
        return min(1.0, max(0.0, t))

    def at(self, x: float, y: float) -> str:
        """The colour printed at a point (face coordinates)."""
        return self.colour_of(self.position(x, y))

    def colour_of(self, t: float) -> str:
        stops = self.stops
        if t <= stops[0][0]:
            return stops[0][1]
        for (t0, c0), (t1, c1) in zip(stops, stops[1:]):
            if t <= t1:
                k = (t - t0) / (t1 - t0) if t1 > t0 else 1.0
                return _mix(c0, c1, k)
        return stops[-1][1]

    @classmethod
    def over(cls, kind: str, coords: tuple, stops: tuple, box: tuple, matrix: tuple | None = None) -> Gradient:
        """A gradient whose representative colour is its average over box (x0, y0, x1, y1)."""
        g = cls(kind, tuple(coords), tuple(stops), matrix=matrix)
        x0, y0, x1, y1 = box
        n = 8
        got = [_rgb(g.at(x0 + (x1 - x0) * (i + 0.5) / n, y0 + (y1 - y0) * (j + 0.5) / n))
               for i in range(n) for j in range(n)]
        mean = "#" + "".join(f"{round(sum(c[k] for c in got) / len(got)):02x}" for k in range(3))
        return cls(kind, g.coords, g.stops, mean, matrix)

    def shifted(self, dx: float, dy: float) -> Gradient:
        """The same gradient moved with its shape."""
        c, m = self.coords, self.matrix
        if m is not None:
            return Gradient(self.kind, c, self.stops, self.colour, (*m[:4], m[4] + dx, m[5] + dy))
        moved = (c[0] + dx, c[1] + dy, c[2]) if self.kind == "radial" else (c[0] + dx, c[1] + dy, c[2] + dx, c[3] + dy)
        return Gradient(self.kind, moved, self.stops, self.colour)

    def recoloured(self, change) -> Gradient:
        """The same gradient with change(colour) for every stop and for its representative colour."""
        return Gradient(self.kind, self.coords, tuple((t, change(c)) for t, c in self.stops), change(self.colour),
                        self.matrix)


def _rgb(c: str) -> tuple:
    return int(c[1:3], 16), int(c[3:5], 16), int(c[5:7], 16)


def _mix(a: str, b: str, k: float) -> str:
    ra, rb = _rgb(a), _rgb(b)
    return "#" + "".join(f"{round(x + (y - x) * k):02x}" for x, y in zip(ra, rb))


def bounds(ops) -> tuple | None:
    """(x0, y0, x1, y1) of a path's points (curves' control points included), or None."""
    xs, ys = [], []
    for op in ops:
        k = op[0]
        if k in ("M", "L"):
            xs.append(op[1]), ys.append(op[2])
        elif k == "C":
            xs += [op[1], op[3], op[5]]
            ys += [op[2], op[4], op[6]]
        elif k in ("R", "E"):
            x, y, w, h = op[1:5]
            xs += [x, x + w]
            ys += [y, y + h]
    if not xs:
        return None
    return min(xs), min(ys), max(xs), max(ys)


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
    stroke: str | None = None        # an outline in this colour, drawn with the text (fill, then stroke)
    stroke_width: float = 0.0        # of the outline, pt (centred on the glyphs' edges)
    shadow: tuple | None = None      # (dx, dy, colour, alpha): a copy drawn first, offset (pt, y down)


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
