"""Geometry of resolved pieces for the print lint: bounding boxes, what lies under a point, and the
colours as the PDF writer paints them. Face coordinates: points, top-left origin, y down."""
from __future__ import annotations

from collections import OrderedDict

from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.core.pieces import Image, Run, Shape, Stencil
from pnp.text.atoms import CLOSE_BRACKETS, OPEN_BRACKETS
from pnp.text.cjkspace import CENTRED, END_CAP
from pnp.text.fit import ASCENT, DESCENT

PAPER = "#ffffff"
ROLE_FILL = {"glue": "#e8e8e8", "window": "#f3d6d6"}   # as pnp.render.pdf paints die-line roles
ROLE_STROKE = {"cut": 0.6, "fold": 0.5, "glue": 0.4, "window": 0.6}


def run_box(r: Run) -> tuple:
    """A run's box: its advance, less the white of a full-width mark at either end (a 「。」 is drawn
    in the middle of its em, a 「）」 in its left half: a line that compresses its marks may set that
    white past its box, `pnp.text.cjkspace`)."""
    w = stringWidth(r.text, r.font, r.size)
    t = r.text
    left = WHITE_BEFORE.get(t[:1], 0.0) * r.size if t else 0.0
    right = WHITE_AFTER.get(t[-1:], 0.0) * r.size if t else 0.0
    return (r.x + left, r.y - r.size * ASCENT, r.x + max(left, w - right), r.y + r.size * DESCENT)


WHITE_AFTER = {**dict.fromkeys(CENTRED, END_CAP["c"]), **dict.fromkeys(CLOSE_BRACKETS, END_CAP["r"])}   # of the size
WHITE_BEFORE = {**dict.fromkeys(CENTRED, 0.25), **dict.fromkeys(OPEN_BRACKETS, 0.5)}


def _ops_coords(ops) -> tuple:
    """The x and the y coordinates of a path's points (and of its rectangles' and ellipses' corners)."""
    xs, ys = [], []
    for op in ops:
        k = op[0]
        if k == "M" or k == "L":
            xs.append(op[1])
            ys.append(op[2])
        elif k == "C":
            xs += (op[1], op[3], op[5])
            ys += (op[2], op[4], op[6])
        elif k == "R" or k == "E":
            x, y, w, h = op[1:5]
            xs += (x, x + w)
            ys += (y, y + h)
    return xs, ys


def box(piece, strokes: bool = True) -> tuple | None:
    """(x0, y0, x1, y1) of the ink a piece may lay down (strokes included unless `strokes` is false:
    the geometry only), or None for nothing."""
    return box_pair(piece)[1 if strokes else 0]


def box_pair(piece) -> tuple:
    """(geometry box, ink box) of a piece in one pass: the ink box adds half the stroke width. A
    rotated or mirrored piece gives the box around its turned boxes."""
    return _measured(piece)


def _measured(piece) -> tuple:
    got = _box_pair(piece)
    m = getattr(piece, "transform", None)
    if not m or got[0] is None:
        return got
    return tuple(_turned(m, b) for b in got)


def _turned(m, b):
    from pnp.core.pieces import apply
    pts = [apply(m, x, y) for x in (b[0], b[2]) for y in (b[1], b[3])]
    return (min(p[0] for p in pts), min(p[1] for p in pts), max(p[0] for p in pts), max(p[1] for p in pts))


def _box_pair(piece) -> tuple:
    if isinstance(piece, Shape):
        if not piece.ops or not (fill(piece) or stroke(piece)):
            return None, None
        xs, ys = _ops_coords(piece.ops)
        if not xs:
            return None, None
        x0, y0, x1, y1 = geo = (min(xs), min(ys), max(xs), max(ys))
        if not stroke(piece):
            return geo, geo
        hw = ROLE_STROKE.get(piece.role, piece.width) / 2
        return geo, (x0 - hw, y0 - hw, x1 + hw, y1 + hw)
    if isinstance(piece, Run):
        b = run_box(piece)
        return b, b
    if isinstance(piece, Image):
        if piece.clip:
            x, y, w, h = piece.clip
            b = (max(x, piece.x), max(y, piece.y), min(x + w, piece.x + piece.w), min(y + h, piece.y + piece.h))
        else:
            b = (piece.x, piece.y, piece.x + piece.w, piece.y + piece.h)
        return b, b
    if isinstance(piece, Stencil):
        b = (piece.x, piece.y, piece.x + piece.w, piece.y + piece.h)
        return b, b
    return None, None


def union(boxes) -> tuple | None:
    boxes = [b for b in boxes if b is not None]
    if not boxes:
        return None
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def fill(s: Shape) -> str | None:
    if s.role in ROLE_FILL:
        return ROLE_FILL[s.role]
    if s.role != "art":
        return None
    return s.fill


def shade(s: Shape, f: str, x: float, y: float) -> str:
    """The colour a shape filled with f paints at a point: the colour of its gradient there, if any."""
    g = s.gradient
    if g is None or f != g.colour or s.role != "art":
        return f
    if s.transform:   # the point in the shape's own frame
        a, b, c, d, e, ff = s.transform
        det = a * d - b * c
        if abs(det) > 1e-12:
            x, y = (d * (x - e) - c * (y - ff)) / det, (a * (y - ff) - b * (x - e)) / det
    return g.at(x, y)


def stroke(s: Shape) -> str | None:
    return "#000000" if s.role in ROLE_STROKE else s.stroke


def _flatten(ops):
    """Polygons (lists of points) of a path, curves replaced by a few chords."""
    polys, cur, start = [], [], None
    for op in ops:
        k = op[0]
        if k == "M":
            if len(cur) > 2:
                polys.append(cur)
            cur, start = [(op[1], op[2])], (op[1], op[2])
        elif k == "L":
            cur.append((op[1], op[2]))
        elif k == "C" and cur:
            x0, y0 = cur[-1]
            for i in range(1, 9):
                t = i / 8
                a, b, c, d = (1 - t) ** 3, 3 * t * (1 - t) ** 2, 3 * t * t * (1 - t), t ** 3
                cur.append((a * x0 + b * op[1] + c * op[3] + d * op[5], a * y0 + b * op[2] + c * op[4] + d * op[6]))
        elif k == "Z":
            if len(cur) > 2:
                polys.append(cur)
            cur = [start] if start else []
        elif k == "R":
            x, y, w, h = op[1:5]
            polys.append([(x, y), (x + w, y), (x + w, y + h), (x, y + h)])
        elif k == "E":
            import math
            x, y, w, h = op[1:5]
            polys.append([(x + w / 2 + w / 2 * math.cos(a * math.pi / 16), y + h / 2 + h / 2 * math.sin(a * math.pi / 16))
                          for a in range(32)])
    if len(cur) > 2:
        polys.append(cur)
    return polys


def covers(s: Shape, x: float, y: float, b: tuple | None = None) -> bool:
    """Whether the filled area of a shape holds the point (non-zero winding over all its sub-paths).
    b: the shape's box when known."""
    b = b if b is not None else box(s)
    if b is None or not (b[0] <= x <= b[2] and b[1] <= y <= b[3]):
        return False
    if len(s.ops) == 1 and s.ops[0][0] == "R" and not s.ops[0][5]:
        return True
    wind = 0
    for poly in _flatten(s.ops):
        n = len(poly)
        for i in range(n):
            (x0, y0), (x1, y1) = poly[i], poly[(i + 1) % n]
            if y0 <= y < y1 and (x1 - x0) * (y - y0) - (x - x0) * (y1 - y0) > 0:
                wind += 1
            elif y1 <= y < y0 and (x1 - x0) * (y - y0) - (x - x0) * (y1 - y0) < 0:
                wind -= 1
    return wind != 0


_BOXES: OrderedDict = OrderedDict()


def boxes(pieces) -> list:
    """box() of every piece, remembered for the last few piece tuples (a face is judged by several rules)."""
    hit = _BOXES.get(id(pieces))
    if hit is not None and hit[0] is pieces:
        return hit[1]
    return remember(pieces, [box(p) for p in pieces])


def remember(pieces, ink_boxes: list) -> list:
    """Keep the ink boxes of a tuple of pieces (measured once, read by every rule)."""
    _BOXES[id(pieces)] = (pieces, ink_boxes)
    if len(_BOXES) > 32:
        _BOXES.popitem(last=False)
    return ink_boxes


def paints(pieces, bxs) -> list:
    """What colour_under looks at: (index, piece, box, fill) of the images (fill None) and filled
    shapes among pieces, bottom first."""
    out = []
    for i, (p, b) in enumerate(zip(pieces, bxs)):
        if b is not None:
            if isinstance(p, Image):
                out.append((i, p, b, None))
            elif isinstance(p, Shape):
                f = fill(p)
                if f:
                    out.append((i, p, b, f))
    return out


def colour_at(items, x: float, y: float, paper: str = PAPER, upto: int | None = None) -> str | None:
    """colour_under for the `paints` of the pieces."""
    k = len(items)
    if upto is not None:
        while k and items[k - 1][0] >= upto:
            k -= 1
    return _at(items, k, x, y, paper)


def _at(items, k, x, y, paper):
    while k:
        k -= 1
        _i, p, b, f = items[k]
        if not (b[0] <= x <= b[2] and b[1] <= y <= b[3]):
            continue
        if f is None:
            return None
        if covers(p, x, y, b):
            f = shade(p, f, x, y)
            if p.opacity >= 1:
                return f
            from pnp.lint.colour import blend
            under = _at(items, k, x, y, paper)
            return None if under is None else blend(f, under, p.opacity)
    return paper


def colour_under(pieces, x: float, y: float, paper: str = PAPER, upto: int | None = None, bxs=None) -> str | None:
    """The colour a point shows after painting pieces[:upto] in order: the topmost filled shape holding
    it (translucent ones blended over what lies beneath), else the paper. None under an image.
    bxs: the pieces' boxes when known (see `boxes`)."""
    from pnp.lint.colour import blend
    bxs = bxs if bxs is not None else boxes(pieces)
    for i in range(len(pieces) if upto is None else upto, 0, -1):
        p, b = pieces[i - 1], bxs[i - 1]
        if b is None or not (b[0] <= x <= b[2] and b[1] <= y <= b[3]):
            continue
        if isinstance(p, Image):
            return None
        if isinstance(p, Shape):
            f = fill(p)
            if f and covers(p, x, y, b):
                f = shade(p, f, x, y)
                if p.opacity >= 1:
                    return f
                under = colour_under(pieces, x, y, paper, i - 1, bxs)
                return None if under is None else blend(f, under, p.opacity)
    return paper
