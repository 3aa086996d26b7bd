"""Small components packed onto shared sheets (imposition: the sheet in page.py, grids in grid.py).

A component whose pieces fit on one sheet by themselves becomes a *block*: its own grid of pieces,
with room round it for its bleed and crop marks. Blocks are packed onto sheets in shelves (tallest
first), each keeping its cut lines, marks and registration: a packed sheet's back holds every piece's
back behind its front (mirrored as `grid.mirror` and the fold sheets mirror one component's pieces).
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.core.units import MM
from pnp.impose.grid import Grid, grid_for, place
from pnp.impose.page import MARGIN, MARK_GAP, MARK_LEN, Page, Slot, _limit, printable

SPACE = 2 * MM          # at least this much paper between two blocks' bleed, marks or outlines
LABEL_ROOM = 3.2 * MM   # kept free below the blocks for the sheet's label (pnp.impose.label)


@dataclass(eq=False)
class Block:
    key: str                    # what the caller packs: the component's title (named in the sheet's title)
    pairs: list                 # (front, back) faces, all of one size
    gap: float
    outline: bool
    marks: bool
    shapes: list                # grids (cols x rows) the pieces may take, most compact first
    pad: float                  # room kept round the trimmed grid: bleed, then the marks

    @property
    def backs(self) -> bool:
        return any(b is not None for _f, b in self.pairs)


def block(key, pairs, gap, outline, marks) -> Block:
    f0 = pairs[0][0]
    n = len(pairs)
    pad = max(f0.bleed + (MARK_GAP + MARK_LEN if marks and not outline else 0.0), gap / 2, 1 * MM)
    shapes = []
    for cols in range(1, n + 1):
        rows = -(-n // cols)
        if (cols - 1) * rows >= n:
            continue                   # a column that would stay empty
        shapes.append(Grid(cols, rows, f0.w, f0.h, gap, 0.0, 0.0, f0.bleed))
    shapes.sort(key=lambda g: (_size(g, pad)[0] * _size(g, pad)[1], abs(g.cols - g.rows)))
    return Block(key, pairs, gap, outline, marks, shapes, pad)


def _size(g: Grid, pad: float) -> tuple:
    return g.width + 2 * pad, g.height + 2 * pad


def fits_one_sheet(w, h, bleed, n, gap, outline, marks, area) -> bool:
    """Whether n pieces of w x h fit on one sheet's area (w, h) as one block."""
    pad = max(bleed + (MARK_GAP + MARK_LEN if marks and not outline else 0.0), gap / 2, 1 * MM)
    g = grid_for(area[0], area[1], w, h, bleed, gap, pad)
    return g is not None and g.per_page >= n


def shelves(blocks: list, area: tuple) -> list:
    """Sheets of placed blocks [(block, grid, x, y)] (x, y: bottom-left of the block's padded box in
    the area's coordinates, origin bottom-left), packed in shelves from the top, tallest first."""
    aw, ah = area
    order = sorted(blocks, key=lambda b: -min(_size(g, b.pad)[1] for g in b.shapes if _size(g, b.pad)[0] <= aw + 1e-6))
    sheets: list = []       # each: {"shelves": [[y_top, height, x_used]], "placed": []}
    for b in order:
        done = False
        for sheet in sheets:
            if _put(sheet, b, aw, ah):
                done = True
                break
        if not done:
            sheet = {"shelves": [], "placed": []}
            if not _put(sheet, b, aw, ah):
                raise ValueError("a block larger than the sheet")
            sheets.append(sheet)
    return [s["placed"] for s in sheets]


def _reach(b: Block) -> float:
    """How far a block's crop marks stand from its pieces' trim (0 without marks)."""
    return b.pairs[0][0].bleed + MARK_GAP if b.marks and not b.outline else 0.0


def _space(a: list, b: list) -> float:
    """The paper between the padded boxes of neighbouring blocks (or shelves of blocks): SPACE, or more
    where a crop mark would otherwise end nearer a neighbour's piece than its own piece's edge (on a
    large sheet a deck's block and a token block share a shelf: the mark must read as the deck's)."""
    need = max([_reach(x) - y.pad for x in a for y in b] + [_reach(y) - x.pad for x in a for y in b], default=0.0)
    return SPACE if need < SPACE - 1e-3 else need + 0.1 * MM   # a hair more: at a tie either piece is "nearest"


def _put(sheet, b, aw, ah) -> bool:
    shelves = sheet["shelves"]       # each: [top, height, x used, the blocks on it]

    def clear(k) -> bool:   # b on shelf k keeps the shelves above and below far enough from its marks
        return all(shelves[i][0] - shelves[i][1] - shelves[j][0] >= _space(shelves[i if j == k else j][3], [b]) - 1e-6
                   for i, j in ((k - 1, k), (k, k + 1)) if 0 <= i and j < len(shelves))
    for g in b.shapes:
        w, h = _size(g, b.pad)
        for k, shelf in enumerate(shelves):
            top, sh, x, on = shelf
            gap = _space(on[-1:], [b])
            if h <= sh + 1e-6 and x + gap + w <= aw + 1e-6 and clear(k):
                sheet["placed"].append((b, g, x + gap, top - h))
                shelf[2] = x + gap + w
                on.append(b)
                return True
    for g in b.shapes:
        w, h = _size(g, b.pad)
        top = ah
        if shelves:   # below the last shelf: 2 SPACE under the first, SPACE under the others, or what marks need
            prev = shelves[-1]
            top = prev[0] - prev[1] - max(2 * SPACE if len(shelves) == 1 else SPACE, _space(prev[3], [b]))
        if w <= aw + 1e-6 and top - h >= -1e-6:
            shelves.append([top, h, w, [b]])
            sheet["placed"].append((b, g, 0.0, top - h))
            return True
    return False


def plan_packed(blocks: list, paper, duplex, title="", back_offset=(0.0, 0.0), blank_backs=False, sep=", ") -> list:
    """The pages of blocks packed together: per sheet a front page, then (long/short) its back page,
    or (fold) one page with the backs across the fold. blank_backs: a blank page behind a sheet
    whose pieces have no backs, in a document printed double-sided. sep: between the names of the
    components a sheet holds, in its title (the language's list separator)."""
    if not blocks:
        return []
    pw, ph = paper
    if duplex == "fold":
        folded = [b for b in blocks if b.backs]
        flat = [b for b in blocks if not b.backs]
        return _fold_sheets(folded, paper, title, sep) + plan_packed(flat, paper, "none", title, sep=sep)
    lx0, ly0, lx1, ly1 = printable(pw, ph)
    area = (lx1 - lx0, ly1 - ly0 - LABEL_ROOM)
    pages = []
    for placed in shelves(blocks, area):
        front = Page(pw, ph, side="front", title=title)
        back = Page(pw, ph, side="back", title=title)
        dx, dy = _centre(placed, area)
        for b, g, x, y in placed:
            _block(front, back, b, g, lx0 + dx + x, ly0 + LABEL_ROOM + dy + y, duplex, pw, ph, back_offset)
        front.title = back.title = _names(placed, sep) or title
        _boxes(front)
        pages.append(front)
        if back.slots and duplex in ("long", "short"):
            _boxes(back)
            pages.append(back)
        elif blank_backs and duplex in ("long", "short"):
            pages.append(Page(pw, ph, side="blank", title=title))
    return pages


def _centre(placed, area):
    """The shift that centres the packed boxes on the area (left to right, and top to bottom)."""
    x1 = max(x + _size(g, b.pad)[0] for b, g, x, _y in placed)
    y0 = min(y for _b, _g, _x, y in placed)
    return (area[0] - x1) / 2, -y0 / 2


def _block(front, back, b, g, bx, by, duplex, pw, ph, back_offset):
    """One block: its grid at (bx, by) (the padded box's corner), fronts, marks and mirrored backs."""
    grid = Grid(g.cols, g.rows, g.w, g.h, g.gap, bx + b.pad, by + b.pad, g.bleed)
    w, h = _size(g, b.pad)
    limits = _limit((bx, by, bx + w, by + h), printable(pw, ph))
    cells, marks = place(grid, len(b.pairs), limits, b.marks and not b.outline)
    dx, dy = back_offset
    for (f, bk), (x, y, clip) in zip(b.pairs, cells):
        front.slots.append(Slot(f, x, y, clip, b.outline))
        if bk is None or duplex not in ("long", "short"):
            continue
        cx0, cy0, cx1, cy1 = clip
        if duplex == "long":
            sx, sy, mclip = pw - x - g.w, y, (pw - cx1, cy0, pw - cx0, cy1)
        else:
            sx, sy, mclip = x, ph - y - g.h, (cx0, ph - cy1, cx1, ph - cy0)
        mclip = (mclip[0] + dx, mclip[1] + dy, mclip[2] + dx, mclip[3] + dy)
        back.slots.append(Slot(bk, sx + dx, sy + dy, _limit(mclip, printable(pw, ph)), b.outline))
    front.marks += marks
    if b.backs and duplex in ("long", "short"):
        back.marks += [((pw - p[0], p[1]), (pw - q[0], q[1])) if duplex == "long" else ((p[0], ph - p[1]), (q[0], ph - q[1]))
                       for p, q in marks]


def _fold_sheets(blocks, paper, title, sep=", ") -> list:
    """Backed blocks on fold sheets: packed on one half, backs across the fold line (as grid.py's fold
    sheets: mirrored, and turned 180° across a horizontal fold). The paper way and the fold line are
    those giving the fewest sheets."""
    if not blocks:
        return []
    best = None
    for pw, ph in (paper, (paper[1], paper[0])):
        for vertical in (True, False):
            area = (pw / 2 - MARGIN, ph - 2 * MARGIN - LABEL_ROOM) if vertical else (pw - 2 * MARGIN, ph / 2 - MARGIN - LABEL_ROOM)
            fit = [b for b in blocks if any(_size(g, b.pad)[0] <= area[0] + 1e-6 and _size(g, b.pad)[1] <= area[1] + 1e-6
                                            for g in b.shapes)]
            if not fit:
                continue
            sheets = shelves(fit, area)
            if best is None or (len(fit), -len(sheets)) > (len(best[5]), -len(best[0])):
                best = (sheets, pw, ph, vertical, area, fit)
    if best is None:
        raise ValueError("a block larger than half the sheet")
    rest = [b for b in blocks if not any(b is f for f in best[5])]   # blocks that fit only the other way: sheets of their own
    return _fold_pages(*best[:5], title, sep) + _fold_sheets(rest, paper, title, sep)


def _fold_pages(sheets, pw, ph, vertical, area, title, sep=", ") -> list:
    pages = []
    for placed in sheets:
        page = Page(pw, ph, side="fold", title=_names(placed, sep) or title)
        dx, dy = _centre(placed, area)
        ox, oy = (MARGIN, MARGIN + LABEL_ROOM) if vertical else (MARGIN, ph / 2)   # the label: below, or on top
        for b, g, x, y in placed:
            grid = Grid(g.cols, g.rows, g.w, g.h, g.gap, ox + dx + x + b.pad, oy + dy + y + b.pad, g.bleed)
            w, h = _size(g, b.pad)
            box = (ox + dx + x, oy + dy + y, ox + dx + x + w, oy + dy + y + h)
            cells, marks = place(grid, len(b.pairs), box, b.marks and not b.outline)
            for (f, bk), (sx, sy, clip) in zip(b.pairs, cells):
                page.slots.append(Slot(f, sx, sy, clip, b.outline))
                if bk is None:
                    continue
                cx0, cy0, cx1, cy1 = clip
                if vertical:
                    page.slots.append(Slot(bk, pw - sx - g.w, sy, (pw - cx1, cy0, pw - cx0, cy1), b.outline))
                else:
                    page.slots.append(Slot(bk, sx, ph - sy - g.h, (cx0, ph - cy1, cx1, ph - cy0), b.outline, turn=True))
            page.marks += marks + [((pw - p[0], p[1]), (pw - q[0], q[1])) if vertical else ((p[0], ph - p[1]), (q[0], ph - q[1]))
                                   for p, q in marks]
        page.folds.append(((pw / 2, MARGIN), (pw / 2, ph - MARGIN)) if vertical else ((MARGIN, ph / 2), (pw - MARGIN, ph / 2)))
        _boxes(page)
        pages.append(page)
    return pages


def _names(placed, sep=", ") -> str:
    return sep.join(dict.fromkeys(str(b.key) for b, *_r in placed))


def _boxes(page: Page):
    """TrimBox and BleedBox round every piece of the sheet (pieces of several sizes)."""
    page.trim = (min(s.x for s in page.slots), min(s.y for s in page.slots),
                 max(s.x + s.face.w for s in page.slots), max(s.y + s.face.h for s in page.slots))
    page.bleed = (min(s.clip[0] for s in page.slots), min(s.clip[1] for s in page.slots),
                  max(s.clip[2] for s in page.slots), max(s.clip[3] for s in page.slots))
