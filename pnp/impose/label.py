"""The label in a sheet's margin: game, component(s), sheet n of m, so that loose sheets sort again.

It goes in the printable area's margin above or below everything on the page (pieces with their
bleed, crop marks, fold lines, other labels), never into a piece or its bleed; a page with no such
strip gets none. Page coordinates: PDF points, origin bottom-left (pnp.impose.grid)."""
from __future__ import annotations

from pnp.core.units import MM
from pnp.impose.page import printable

SIZE = 6.0                       # pt, as pnp.render.pdf draws page labels
HEIGHT = SIZE * 1.2              # a line of it, descenders included
CLEAR = 0.5 * MM                 # kept between the label and anything else


def width(text: str, size: float = SIZE) -> float:
    """A generous estimate of the text's width (wide for CJK, the sans font's widest Latin otherwise)."""
    return sum(size * (1.0 if ord(ch) >= 0x2E80 else 0.62) for ch in text)


def occupied(page) -> tuple | None:
    boxes = _obstacles(page)
    if not boxes:
        return None
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def side_box(x, y, text) -> tuple:
    """The box of a label read upwards whose baseline starts at (x, y)."""
    return (x - SIZE, y, x + 0.25 * SIZE, y + width(text))


def put(page, text: str) -> bool:
    """Add `text` in the largest free strip below or above the page's contents, or, when a sheet of
    pieces fills it from top to bottom, read upwards in the wider side margin, or between the crop marks of
a side margin they cross; False when none fits."""
    lx0, ly0, lx1, ly1 = printable(page.w, page.h)
    box = occupied(page)
    if box is None:
        return False
    below, above = box[1] - CLEAR - ly0, ly1 - (box[3] + CLEAR)
    if max(below, above) < HEIGHT:
        left, right = box[0] - CLEAR - lx0, lx1 - (box[2] + CLEAR)
        if max(left, right) < HEIGHT:
            return _between_marks(page, text)
        while text and width(text) > ly1 - ly0:
            text = text[:-2] + "…"
        x = (lx0 + SIZE) if left >= right else (lx1 - 0.3 * SIZE)
        page.side_labels.append((x, max(ly0, box[1]), text))
        return True
    while text and width(text) > lx1 - lx0:
        text = text[:-2] + "…"
    base = ly0 + 0.25 * SIZE if below >= above else ly1 - SIZE
    x = min(max(lx0, box[0]), lx1 - width(text))
    page.labels.append((x, base, text))
    return True


def _between_marks(page, text: str) -> bool:
    """A label read upwards in a side margin that only crop marks cross (US Letter's 3 x 3 cards fill the
    page top to bottom, and the marks fill the side margins): in the longest run of the margin between
    two marks, when the whole label fits there."""
    lx0, ly0, lx1, ly1 = printable(page.w, page.h)
    if not page.slots:
        return False
    pieces = (min(s.clip[0] for s in page.slots), max(s.clip[2] for s in page.slots))
    need = width(text) + 2 * CLEAR
    for x in ((lx0 + SIZE), (lx1 - 0.3 * SIZE)):
        x0, _y, x1, _t = side_box(x, 0.0, text)
        if x0 < lx0 or x1 > lx1 or not (x1 + CLEAR <= pieces[0] or x0 - CLEAR >= pieces[1]):
            continue
        stops = sorted((b[1], b[3]) for b in _obstacles(page) if b[0] < x1 + CLEAR and b[2] > x0 - CLEAR)
        y, best = ly0, None
        for b0, b1 in stops + [(ly1, ly1)]:
            if b0 - y >= need and (best is None or b0 - y > best[1] - best[0]):
                best = (y, b0)
            y = max(y, b1)
        if best is not None:
            mid = (best[0] + best[1] - width(text)) / 2
            page.side_labels.append((x, mid, text))
            return True
    return False


TARGET = HEIGHT                 # a registration target: a cross in a ring, as tall as a label's line


def target(page) -> tuple | None:
    """A registration target beside the label just placed on `page` (component `options: {registration:
    true}`): in the same free strip, after the label's end, else before its start; None when the label
    went between crop marks or the strip has no room. The caller puts the back's target where the flip
    puts this one, so that a sheet held to the light shows how far the back lies off its front."""
    lx0, ly0, lx1, ly1 = printable(page.w, page.h)
    if page.labels:
        x, base, text = page.labels[-1]
        y = base - 0.25 * SIZE
        for tx in (x + width(text) + 2 * CLEAR, x - 2 * CLEAR - TARGET):
            if lx0 <= tx and tx + TARGET <= lx1 and ly0 <= y and y + TARGET <= ly1:
                page.targets.append((tx, y, TARGET))
                return tx, y
        return None
    if page.side_labels:
        x, y0, text = page.side_labels[-1]
        bx0, _b, bx1, _t = side_box(x, y0, text)
        tx = (bx0 + bx1 - TARGET) / 2
        for ty in (y0 + width(text) + 2 * CLEAR, y0 - 2 * CLEAR - TARGET):
            box = (tx, ty, tx + TARGET, ty + TARGET)
            if lx0 <= box[0] and box[2] <= lx1 and ly0 <= box[1] and box[3] <= ly1 and not any(
                    b[0] < box[2] + CLEAR and box[0] < b[2] + CLEAR and b[1] < box[3] + CLEAR and box[1] < b[3] + CLEAR
                    for b in _obstacles(page)[:-1]):
                page.targets.append((tx, ty, TARGET))
                return tx, ty
    return None


def _obstacles(page) -> list:
    boxes = [s.clip for s in page.slots]
    boxes += [(min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1])) for a, b in page.marks + page.folds + page.guides]
    boxes += [(x, y - 0.25 * SIZE, x + width(t), y + SIZE) for x, y, t in page.labels]
    return boxes + [side_box(x, y, t) for x, y, t in page.side_labels]
