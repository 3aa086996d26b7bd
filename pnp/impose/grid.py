"""Imposition: faces onto sheets of paper, with crop marks, duplex backs and tiling.

Everything here is geometry over `Face` objects (no games): a plan is a stream of `Page`s, each
with the faces to draw, where, how far each may bleed, and the marks to print. Page coordinates are
PDF points with the origin at the bottom-left corner.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.core.units import MM
from pnp.impose.page import (MARGIN, MARK_GAP, MARK_LEN, MIN_GAP, MIN_MARK, PAPERS, TILE_OVERLAP,  # noqa: F401
                             Page, PaperTooSmall, Slot, _limit, _mark, printable)

@dataclass(frozen=True)
class Grid:
    cols: int
    rows: int
    w: float                  # trim size of one cell
    h: float
    gap: float                # space between cells (0: butted, one cut between neighbours)
    x0: float                 # bottom-left of the trimmed grid
    y0: float
    bleed: float

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    def cell(self, i: int) -> tuple[float, float, int, int]:
        c, r = i % self.cols, i // self.cols
        x = self.x0 + c * (self.w + self.gap)
        y = self.y0 + (self.rows - 1 - r) * (self.h + self.gap)
        return x, y, c, r

    @property
    def width(self) -> float:
        return self.cols * self.w + (self.cols - 1) * self.gap

    @property
    def height(self) -> float:
        return self.rows * self.h + (self.rows - 1) * self.gap


def grid_for(area_w, area_h, w, h, bleed, gap, reserve, x_off=0.0, y_off=0.0) -> Grid | None:
    """The largest grid of w x h cells centred in an area, keeping `reserve` round the trimmed grid."""
    avail_w, avail_h = area_w - 2 * reserve, area_h - 2 * reserve
    cols = int((avail_w + gap + 1e-6) // (w + gap))
    rows = int((avail_h + gap + 1e-6) // (h + gap))
    if cols < 1 or rows < 1:
        return None
    gw = cols * w + (cols - 1) * gap
    gh = rows * h + (rows - 1) * gap
    return Grid(cols, rows, w, h, gap, x_off + (area_w - gw) / 2, y_off + (area_h - gh) / 2, bleed)


def _side(space: float, bleed: float, marks: bool) -> tuple:
    """(bleed, mark gap, mark length) on one side of a block of pieces with `space` between its trim and
    the printable limit. Marks shorten first (to MIN_MARK), then the outer bleed gives way to them;
    no marks at all where even a short one cannot fit."""
    space = max(space, 0.0)
    if not marks:
        return min(bleed, space), 0.0, 0.0
    room = space - bleed
    if room >= MARK_GAP + MARK_LEN - 1e-6:
        return bleed, MARK_GAP, MARK_LEN
    if room >= MIN_GAP + MIN_MARK - 1e-6:
        return bleed, MIN_GAP, room - MIN_GAP
    if space - MIN_GAP >= MIN_MARK - 1e-6:
        return space - MIN_GAP - MIN_MARK, MIN_GAP, MIN_MARK
    return min(bleed, space), 0.0, 0.0


def _sub(grid: Grid, n: int) -> Grid:
    """A partly filled sheet: the smallest grid holding n cells, centred where the full grid was
    (rows are filled left to right, so every cut still runs between whole columns)."""
    if n >= grid.per_page:
        return grid
    cols = min(n, grid.cols)
    rows = -(-n // cols)
    gw, gh = cols * grid.w + (cols - 1) * grid.gap, rows * grid.h + (rows - 1) * grid.gap
    cx, cy = grid.x0 + grid.width / 2, grid.y0 + grid.height / 2
    return Grid(cols, rows, grid.w, grid.h, grid.gap, cx - gw / 2, cy - gh / 2, grid.bleed)


SEAM = 0.25 * MM   # butted pieces: each paints this far under the neighbour drawn after it, so no hairline of
                   # paper shows along the shared cut (a viewer's or a RIP's seam between two clipped fills; on
                   # a back it differed between inner and outer cards once a duplex shift moved it)


def place(grid: Grid, n: int, limits: tuple, marks: bool):
    """Cells [(x, y, clip)] for n pieces and the crop marks round them, all inside `limits`.

    Bleed spills outwards where no piece is next to a cell, and half-way into a gap between pieces;
    on the block's outer sides it keeps clear of the limit (see `_side`). Marks stand in line with
    every cut, outside the bleed, beyond the outermost piece that edge belongs to."""
    lx0, ly0, lx1, ly1 = limits
    b, g = grid.bleed, grid.gap
    cells = [grid.cell(i) for i in range(n)]
    taken = {(c, r) for _x, _y, c, r in cells}
    bx0, by0 = min(x for x, *_r in cells), min(y for _x, y, *_r in cells)
    bx1, by1 = max(x for x, *_r in cells) + grid.w, max(y for _x, y, *_r in cells) + grid.h
    side = {"left": _side(bx0 - lx0, b, marks), "right": _side(lx1 - bx1, b, marks),
            "bottom": _side(by0 - ly0, b, marks), "top": _side(ly1 - by1, b, marks)}
    inner = min(b, g / 2)

    def spill(c, r, dc, dr, name, edge, at):
        if (c + dc, r + dr) in taken:   # the neighbour right or below is drawn after this piece
            return max(inner, SEAM) if dc > 0 or dr > 0 else inner
        return side[name][0] if abs(edge - at) < 1e-6 else b

    out = []
    for x, y, c, r in cells:
        clip = (x - spill(c, r, -1, 0, "left", x, bx0), y - spill(c, r, 0, 1, "bottom", y, by0),
                x + grid.w + spill(c, r, 1, 0, "right", x + grid.w, bx1), y + grid.h + spill(c, r, 0, -1, "top", y + grid.h, by1))
        out.append((x, y, _limit(clip, limits)))
    if not marks:
        return out, []
    clips = [clip for _x, _y, clip in out]
    found = []
    xs = sorted({round(v, 3) for x, _y, _c, _r in cells for v in (x, x + grid.w)})
    ys = sorted({round(v, 3) for _x, y, _c, _r in cells for v in (y, y + grid.h)})
    for v in xs:
        mine = [k for k, (x, _y, _c, _r) in enumerate(cells) if abs(x - v) < 1e-3 or abs(x + grid.w - v) < 1e-3]
        top = max(mine, key=lambda k: clips[k][3])
        low = min(mine, key=lambda k: clips[k][1])
        found += _mark(v, clips[top][3], +1, side["top"] if abs(cells[top][1] + grid.h - by1) < 1e-6 else None, ly1, True)
        found += _mark(v, clips[low][1], -1, side["bottom"] if abs(cells[low][1] - by0) < 1e-6 else None, ly0, True)
    for v in ys:
        mine = [k for k, (_x, y, _c, _r) in enumerate(cells) if abs(y - v) < 1e-3 or abs(y + grid.h - v) < 1e-3]
        right = max(mine, key=lambda k: clips[k][2])
        left = min(mine, key=lambda k: clips[k][0])
        found += _mark(v, clips[right][2], +1, side["right"] if abs(cells[right][0] + grid.w - bx1) < 1e-6 else None, lx1, False)
        found += _mark(v, clips[left][0], -1, side["left"] if abs(cells[left][0] - bx0) < 1e-6 else None, lx0, False)
    return out, found


def _boxes(page: Page, grid: Grid):
    """TrimBox: the trimmed area of the pieces on the page; BleedBox: what their bleed may cover."""
    xs = [s.x for s in page.slots]
    ys = [s.y for s in page.slots]
    page.trim = (min(xs), min(ys), max(xs) + grid.w, max(ys) + grid.h)
    clips = [s.clip for s in page.slots]
    page.bleed = (min(c[0] for c in clips), min(c[1] for c in clips), max(c[2] for c in clips), max(c[3] for c in clips))


def mirror(grid: Grid, page_w, page_h, duplex: str, x, y, w, h):
    """Where the back of a face at (x, y) goes so that it registers when printed double-sided."""
    if duplex == "long":
        return page_w - x - w, y
    if duplex == "short":
        return x, page_h - y - h
    return x, y


def _batches(first, pairs, per: int, spread: bool):
    """The pairs in sheets of at most `per`. spread: a secret deck's cards are dealt over its sheets in
    turn (sheet k holds cards k, k + S, k + 2S …), so the sheets hold equally many, no card is alone on
    a sheet, and a deck written category by category has every category on every sheet: a duplex
    shift, which all the cards of a sheet share, then tells no category from another."""
    if not spread:
        batch = [first]
        for pair in pairs:
            if len(batch) == per:
                yield batch
                batch = []
            batch.append(pair)
        yield batch
        return
    every = [first, *pairs]
    sheets = -(-len(every) // per)
    for k in range(sheets):
        yield every[k::sheets]


def plan_grid(pairs, paper, duplex, *, gap=0.0, outline=False, title="", back_offset=(0.0, 0.0), marks=True,
              blank_backs=False, spread=False):
    """Pages for (front, back) face pairs of one size: fronts, then their mirrored backs.

    marks: crop marks round the grid (off for pieces whose own die-lines say where to cut).
    spread: deal the pairs over the sheets in turn (a `secret:` deck, see _batches).
    blank_backs: in a document printed double-sided, a sheet of pieces without backs is followed by
    a blank page, so that no piece prints behind another."""
    pw, ph = paper
    pairs = iter(pairs)
    first = next(pairs, None)
    if first is None:
        return
    f0 = first[0]
    bleed = f0.bleed
    reserve = bleed + (0 if outline else MARK_GAP + MARK_LEN)
    reserve = max(reserve, MARGIN if outline else reserve)
    if duplex == "fold" and first[1] is None:
        duplex = "none"   # nothing to fold over: pieces without backs (note pads, die-lines) print as usual
    note = ""
    if duplex == "fold":
        best = _fold_grid(f0, paper, gap, reserve)
        if best is not None:
            yield from _plan_fold(first, pairs, best, marks, outline, title, spread)
            return
        # too large to sit beside its back on one sheet: back on the next sheet, to glue back to back
        duplex, note = "long", "Glue this sheet back to back with the sheet before it (not printed double-sided)."
    grid = grid_for(pw, ph, f0.w, f0.h, bleed, gap, reserve)
    if grid is None:
        raise PaperTooSmall("face larger than the paper")
    blank = blank_backs and duplex in ("long", "short")
    for batch in _batches(first, pairs, grid.per_page, spread):
        yield from _emit(batch, grid, paper, duplex, outline, title, back_offset, marks, note, blank)


def _emit(batch, grid, paper, duplex, outline, title, back_offset, marks=True, note="", blank=False):
    pw, ph = paper
    limits = printable(pw, ph)
    grid = _sub(grid, len(batch))
    cells, front_marks = place(grid, len(batch), limits, marks and not outline)
    # backs are cut from the front: their outer bleed need not give way to marks (US Letter's 3 x 3
    # cards kept 0.2 mm of dark back above and below, so a cut a hair outside marked a hidden card)
    duplexed = duplex in ("long", "short")
    back_cells = place(grid, len(batch), limits, False)[0] if duplexed and marks and not outline else cells
    front = Page(pw, ph, side="front", title=title)
    back = Page(pw, ph, side="back", title=title)
    dx, dy = back_offset
    for (f, b), (x, y, clip), (_x, _y, bclip) in zip(batch, cells, back_cells):
        front.slots.append(Slot(f, x, y, clip, outline))
        if b is not None and duplexed:
            bx, by = mirror(grid, pw, ph, duplex, x, y, grid.w, grid.h)
            cx0, cy0, cx1, cy1 = bclip
            mx0, my0 = mirror(grid, pw, ph, duplex, cx0, cy0, cx1 - cx0, cy1 - cy0)
            back.slots.append(Slot(b, bx + dx, by + dy,
                                   _limit((mx0 + dx, my0 + dy, mx0 + dx + cx1 - cx0, my0 + dy + cy1 - cy0), limits), outline))
    front.marks = front_marks
    _boxes(front, grid)
    yield front
    if back.slots:
        if note:
            back.labels.append((MARGIN, MARGIN + 0.6 * MM, note))
        if front.marks:
            flipped = [((pw - a[0], a[1]), (pw - b[0], b[1])) if duplex == "long" else ((a[0], ph - a[1]), (b[0], ph - b[1]))
                       for a, b in front.marks]
            back.marks = [m for m in flipped if not any(_crosses(m, sl.clip) for sl in back.slots)]
        _boxes(back, grid)
        yield back
    elif blank:
        yield Page(pw, ph, side="blank", title=title)


def _crosses(mark, clip) -> bool:
    """Whether a crop mark (a segment) reaches into a piece's bleed box."""
    (ax, ay), (bx, by) = mark
    x0, y0, x1, y1 = clip
    return min(ax, bx) < x1 - 1e-6 and max(ax, bx) > x0 + 1e-6 and min(ay, by) < y1 - 1e-6 and max(ay, by) > y0 + 1e-6


def _fold_grid(f0, paper, gap, reserve):
    """The best fold layout (grid, page w, page h, vertical fold?) or None when a face is too large."""
    best = None
    for pw, ph in (paper, (paper[1], paper[0])):
        for vertical in (True, False):  # vertical fold line: halves left/right
            hw, hh = (pw / 2, ph) if vertical else (pw, ph / 2)
            g = grid_for(hw, hh, f0.w, f0.h, f0.bleed, gap, reserve)
            if g and (best is None or g.per_page > best[0].per_page):
                best = (g, pw, ph, vertical)
    return best


def _plan_fold(first, pairs, best, marks, outline, title, spread=False):
    """Fronts on one half, backs mirrored on the other; fold on the middle line, glue, then cut."""
    grid, pw, ph, vertical = best
    for batch in _batches(first, pairs, grid.per_page, spread):
        yield _fold_page(batch, grid, pw, ph, vertical, outline, title, marks)


def _fold_page(batch, grid, pw, ph, vertical, outline, title, marks=True):
    """Fronts on the first half (left, or top after a shift), backs mirrored across the fold. The grid
    was computed for the left or bottom half; the fold line is no paper edge, so marks may reach it.
    A back registers as on long-edge duplex (its point (u, v) behind the front's (w - u, v)): across a
    vertical fold it is placed mirrored and drawn upright, across a horizontal one also turned 180°."""
    page = Page(pw, ph, side="fold", title=title)
    grid = _sub(grid, len(batch))
    if vertical:
        limits, shift = (MARGIN, MARGIN, pw / 2, ph - MARGIN), 0.0
    else:  # grid coordinates: the fold at y = 0, the paper edge at ph / 2 (the top, once shifted)
        limits, shift = (MARGIN, 0.0, pw - MARGIN, ph / 2 - MARGIN), ph / 2
    cells, half = place(grid, len(batch), limits, marks and not outline)
    for (f, b), (x, y, clip) in zip(batch, cells):
        y += shift
        clip = _shift(clip, 0, shift)
        page.slots.append(Slot(f, x, y, clip, outline))
        if b is not None:
            cx0, cy0, cx1, cy1 = clip
            if vertical:
                page.slots.append(Slot(b, pw - x - grid.w, y, (pw - cx1, cy0, pw - cx0, cy1), outline))
            else:  # a back is drawn as seen after a left–right turn; the fold turns it top–bottom
                page.slots.append(Slot(b, x, ph - y - grid.h, (cx0, ph - cy1, cx1, ph - cy0), outline, turn=True))
    if vertical:
        page.folds.append(((pw / 2, MARGIN), (pw / 2, ph - MARGIN)))
    else:
        page.folds.append(((MARGIN, ph / 2), (pw - MARGIN, ph / 2)))
    half = [((a[0], a[1] + shift), (b[0], b[1] + shift)) for a, b in half]
    mirrored = [((pw - a[0], a[1]), (pw - b[0], b[1])) if vertical else ((a[0], ph - a[1]), (b[0], ph - b[1])) for a, b in half]
    page.marks = half + mirrored
    _boxes(page, grid)
    return page


def _shift(box, dx, dy):
    return (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)
