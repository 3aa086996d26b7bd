"""Ink saver: a face for home printers — no full-bleed fills, light backgrounds, dark text.

At the bottom of the house (the piece model's own transformation) so that the print lint judges the
ink-saver faces as the renderer prints them (pnp.lint.face, rule `ink-saver`). Works on pieces only
(no games): a filled shape that covers most of the face and reaches into the
bleed loses its fill (on a token or marker, whose colour is what it is, it becomes a tint); other
large fills become a light tint of their colour (a gradient: a tint of each of its colours, the lint
judging its representative colour, `Gradient.colour`); line art that was light
(meant for a dark background) becomes dark. Small fills (icons, badges) keep their colours, and images
are left alone. Text takes the ink that reads on what now lies behind it: a gold title whose dark
background is gone becomes dark, white text on a badge the ink saver kept stays white. Drop shadows
of text go; outlines stay.
"""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from pnp.core.pieces import Face, Run, Shape, apply, bounds

TINT = 0.85          # large fills: this much of the way to white
LARGE = 0.15         # a fill covering this share of the trimmed face counts as a background
SYMBOL = 0.5         # on a token, a light fill smaller than this share of the face is a symbol
FULL = 0.5           # ... and this share, reaching into the bleed, as a full-bleed fill
DARK = "#222222"
SMALL_FACE = (45 * 72 / 25.4) ** 2   # a face smaller than 45 x 45 mm (a token, a marker) keeps its colour as a tint
CARD_FACE = (100 * 72 / 25.4) ** 2   # a face up to 100 x 100 mm (a card, an aid) …
ICON = 0.12          # … where a light fill under this share of it, with nothing on it, is an icon, not a floor
                     # (Clue's white fan and hat on their portrait discs: 9% of the card)
PAPER = "#ffffff"
READS = 4.5          # WCAG contrast a text keeps (or is given) on what lies behind it
OUTLINE_READS = 0.3  # pt: a text outline this wide makes the text read on a ground its outline contrasts with


def _rgb(c: str):
    c = c.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    return tuple(int(c[i:i + 2], 16) for i in (0, 2, 4))


def _hex(rgb) -> str:
    return "#" + "".join(f"{max(0, min(255, round(v))):02x}" for v in rgb)


@lru_cache(maxsize=1024)
def luminance(c: str) -> float:
    r, g, b = _rgb(c)
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


@lru_cache(maxsize=1024)
def tint(c: str, t: float = TINT) -> str:
    return _hex(v + (255 - v) * t for v in _rgb(c))


def _printed(p: Shape):
    """A shape's box where it prints: an icon is drawn in its own units, scaled by its transform."""
    b = _bbox(p.ops)
    if b is None or not p.transform:
        return b
    corners = [apply(p.transform, x, y) for x in (b[0], b[2]) for y in (b[1], b[3])]
    return (min(c[0] for c in corners), min(c[1] for c in corners),
            max(c[0] for c in corners), max(c[1] for c in corners))


_bbox = bounds


@lru_cache(maxsize=4096)
def _wcag(c: str) -> float:
    def lin(v):
        v /= 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (lin(v) for v in _rgb(c))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: str, b: str) -> float:
    la, lb = sorted((_wcag(a), _wcag(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def _text(p: Run, below: list):
    """A run recoloured for what lies behind it once the ink saver has changed the fills. A drop shadow
    goes (ink, and the dark ground it lifted the text from is gone); an outline stays, and text whose
    outline reads on what lies behind it keeps its colour."""
    if p.shadow:
        p = replace(p, shadow=None)
    if p.transform:   # rotated or mirrored: where it lies is not measured here
        return replace(p, color=DARK) if luminance(p.color) > 0.75 else p
    px, py = p.x + p.size * 0.3, p.y - p.size * 0.35
    bg = next((f for (x0, y0, x1, y1), f in reversed(below) if x0 <= px <= x1 and y0 <= py <= y1), PAPER)
    have = _contrast(p.color, bg)
    if have >= READS or outlined(p) and _contrast(p.stroke, bg) >= READS:
        return p
    best = max((DARK, PAPER), key=lambda c: _contrast(c, bg))
    return replace(p, color=best) if _contrast(best, bg) > have else p


def outlined(r: Run) -> bool:
    """Whether a run's outline is wide enough to carry it on a ground its own colour does not read on."""
    return bool(r.stroke) and r.stroke_width >= OUTLINE_READS


def _paint(p: Shape, fill, stroke) -> Shape:
    """p with a new fill and stroke; a gradient follows its fill: lightened with it to a tint, kept when
    the fill is kept, gone when the fill became another colour or none."""
    g = p.gradient
    if g is not None and fill != g.colour:
        g = g.recoloured(tint) if fill == tint(g.colour) else None
    return replace(p, fill=fill, stroke=stroke, gradient=g)


def transform(items, w: float, h: float) -> list:
    """The ink-saver version of a face's pieces: items are (piece, its box or None) in drawing order;
    the result has one piece (or None: it paints nothing any more) per item."""
    out, below, was = [], [], []   # below / was: (box, fill) drawn so far, as printed / as the face had it
    tinted = []                    # (box, whether the ink saver lightened that fill to a tint)
    items = list(items)
    share = SYMBOL if w * h <= SMALL_FACE else ICON if w * h <= CARD_FACE else None   # what a symbol may cover
    for i, (p, box) in enumerate(items):
        if isinstance(p, Run):
            out.append(_text(p, below))
            continue
        q = piece(p, w, h, box)
        if isinstance(p, Shape) and p.role == "art":
            b = box or _printed(p)
            if b is not None:
                q = _marks(p, q, b, below, was, tinted, w * h,
                           share if share and not _plate(b, items, i) else None)
                if p.fill:
                    kept = q.fill if isinstance(q, Shape) and q.fill else None
                    was.append((b, p.fill))
                    below.append((b, kept or PAPER))
                    tinted.append((b, kept is not None and kept != p.fill))
        out.append(q)
    return out


def _behind(box, layers) -> str:
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return next((f for (x0, y0, x1, y1), f in reversed(layers) if x0 <= cx <= x1 and y0 <= cy <= y1), PAPER)


def _plate(box, items, i) -> bool:
    """Whether something of another colour drawn after item i lies on it (a light disc under an icon: a
    plate, not a symbol; the other parts of one icon share its colour or nearly — Clue's house icon's white
    door on its off-white wall. A symbol in the colour of the card's ground on a white disc is content on a
    plate: Doomsday Files' symbol discs must stay light)."""
    x0, y0, x1, y1 = box
    own = items[i][0].fill
    for p, b in items[i + 1:]:
        if isinstance(p, Run):
            cx, cy = p.x + p.size * 0.3, p.y - p.size * 0.35
        elif isinstance(p, Shape) and not p.transform:
            inks = [c for c in (p.fill, p.stroke) if c]
            if inks and all(c == own or (own and _contrast(c, own) < 1.25) for c in inks):
                continue        # a part of the same icon (its door, a fan's ribs), not content on a plate
            b = b or _bbox(p.ops)
            if b is None:
                continue
            cx, cy = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
        else:
            continue
        if x0 < cx < x1 and y0 < cy < y1:
            return True
    return False


def _marks(p: Shape, q, box, below, was, tinted, area, symbol=None):
    """A line drawn on what lies behind it keeps standing out from it: a light line on a background the
    ink saver lightened becomes dark, a line drawn in its background's colour (a gap, a door in a wall)
    follows that background, and a light line on a fill the ink saver kept stays light. symbol: the
    share of the face a symbol may cover — on a token-sized face (a token's white bars, a tracker's white
    clock on its colour, now a tint) or a card-sized one (a white icon in a card's coloured header), a
    small light fill with nothing drawn on it turns dark when it no longer stands out; on a board a light
    fill is as likely a floor tile as a symbol (None), and a plate under an icon stays a plate."""
    new = _behind(box, below)
    fill = q.fill if isinstance(q, Shape) else None
    stroke = q.stroke if isinstance(q, Shape) else None
    small = (box[2] - box[0]) * (box[3] - box[1]) < (symbol or LARGE) * area
    old = _behind(box, was)
    lost = _behind(box, tinted) is True or old.lower() != new.lower()   # what lies behind was lightened or dropped
    if symbol and small and fill is not None and fill == p.fill and luminance(fill) > 0.75 \
            and lost and _contrast(fill, new) < 3 <= _contrast(fill, old):   # it stood out, and would not now
        fill = DARK
    elif fill is not None and fill == p.fill and p.fill.lower() == old.lower() and lost:
        fill = new        # drawn in the colour of what lies under it (another part of one icon): follows it
    if p.stroke:
        if p.stroke.lower() == old.lower():
            stroke = new                     # drawn in the background's colour: it erases, as before
        elif _contrast(p.stroke, old) < 3 or _contrast(p.stroke, new) >= 3:
            stroke = p.stroke                # a highlight on its own ground (a door's threshold), or still clear
        else:
            stroke = max((DARK, PAPER, p.stroke), key=lambda c: _contrast(c, new))
    if fill is None and stroke is None:
        return None
    if isinstance(q, Shape) and (fill, stroke) == (q.fill, q.stroke):
        return q
    return _paint(p, fill, stroke)


def piece(p, w: float, h: float, box=None):
    """The ink-saver version of one shape of a w x h face (None when it paints nothing any more), text
    as if it lay on the paper (`transform` gives text the ink for what lies behind it).
    box: the bounding box of the shape's ops when the caller has measured it (x0, y0, x1, y1)."""
    if isinstance(p, Run):
        return _text(p, [])
    if not isinstance(p, Shape) or p.role != "art":
        return p
    fill, stroke = p.fill, p.stroke
    box = box or _printed(p) if fill else None
    if fill and box:
        x0, y0, x1, y1 = box
        cover = max(0, min(x1, w) - max(x0, 0)) * max(0, min(y1, h) - max(y0, 0)) / (w * h)
        bleeds = x0 < -0.01 or y0 < -0.01 or x1 > w + 0.01 or y1 > h + 0.01
        if cover >= FULL and bleeds and w * h > SMALL_FACE:
            fill = None
        elif cover >= FULL and bleeds:
            fill = tint(fill)    # a token's colour is what it is: kept, lightened
        elif cover >= (SYMBOL if w * h <= SMALL_FACE else LARGE):   # on a token, a symbol is its content
            fill = tint(fill)
    if stroke and luminance(stroke) > 0.75:
        stroke = DARK
    if fill is None and stroke is None:
        return None
    if (fill, stroke) == (p.fill, p.stroke):
        return p
    return _paint(p, fill, stroke)


@lru_cache(maxsize=4096)
def face(f: Face) -> Face:
    """The ink-saver version of a face."""
    pieces = tuple(q for q in transform([(p, None) for p in f.pieces], f.w, f.h) if q is not None)
    return replace(f, pieces=pieces)


def pairs(it, keep_backs: bool = False, keep_fronts: bool = False):
    """Ink-saver versions of (front, back) pairs; with keep_backs (a `secret:` component) the backs print
    as they are: a back the ink saver lightens lets the front show through thin paper; keep_fronts (pieces
    lying face down, `secret: {keep_fronts: true}`) the fronts too."""
    for f, b in it:
        yield (f if keep_fronts else face(f)), (b if keep_backs or b is None else face(b))
