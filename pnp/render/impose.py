"""Imposition: faces onto sheets of paper, with crop marks, duplex backs and tiling.

Everything here is geometry over `Face` objects (no games): a plan is a stream of `Page`s, each
with the faces to draw, where, how far each may bleed, and the marks to print. Page coordinates are
PDF points with the origin at the bottom-left corner.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from pnp.layout.units import MM

PAPERS = {"a4": (210 * MM, 297 * MM), "letter": (215.9 * MM, 279.4 * MM)}
MARK_GAP, MARK_LEN = 1.0 * MM, 3.5 * MM      # crop marks: start 1 mm outside the bleed, 3.5 mm long
MARGIN = 5 * MM                             # keep content this far from the paper edge
TILE_OVERLAP = 10 * MM


@dataclass
class Slot:
    face: object
    x: float                 # trim box bottom-left on the page
    y: float
    clip: tuple              # (x0, y0, x1, y1) the face may paint into
    outline: bool = False    # draw the face's cut outline (tokens, sheets)
    offset: tuple | None = None  # tiles only: the face point (top-left origin) at the tile's top-left
    matrix: tuple | None = None  # (a, b, c, d) scale/turn about (x, y) (booklet pages and their pictures)


@dataclass
class Page:
    w: float
    h: float
    slots: list = field(default_factory=list)
    marks: list = field(default_factory=list)    # crop marks ((x0, y0), (x1, y1))
    folds: list = field(default_factory=list)    # fold lines across the page
    labels: list = field(default_factory=list)   # (x, y, text) small print (tile names, "fold here")
    trim: tuple | None = None
    bleed: tuple | None = None
    side: str = "front"
    title: str = ""


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


def _clip(grid: Grid, x, y, c, r):
    """Bleed may spill outwards on the grid's outer edges, and half-way into a gap inside."""
    b = grid.bleed
    inner = min(b, grid.gap / 2)
    left = b if c == 0 else inner
    right = b if c == grid.cols - 1 else inner
    top = b if r == 0 else inner
    bottom = b if r == grid.rows - 1 else inner
    return (x - left, y - bottom, x + grid.w + right, y + grid.h + top)


def crop_marks(grid: Grid) -> list:
    """Short lines outside the bleed, in line with every cut; they never reach into a card."""
    marks = []
    b = grid.bleed
    left, right = grid.x0 - b, grid.x0 + grid.width + b
    bottom, top = grid.y0 - b, grid.y0 + grid.height + b
    xs, ys = [], []
    for c in range(grid.cols):
        x = grid.x0 + c * (grid.w + grid.gap)
        xs += [x, x + grid.w]
    for r in range(grid.rows):
        y = grid.y0 + r * (grid.h + grid.gap)
        ys += [y, y + grid.h]
    for x in sorted(set(round(v, 3) for v in xs)):
        marks.append(((x, top + MARK_GAP), (x, top + MARK_GAP + MARK_LEN)))
        marks.append(((x, bottom - MARK_GAP), (x, bottom - MARK_GAP - MARK_LEN)))
    for y in sorted(set(round(v, 3) for v in ys)):
        marks.append(((left - MARK_GAP, y), (left - MARK_GAP - MARK_LEN, y)))
        marks.append(((right + MARK_GAP, y), (right + MARK_GAP + MARK_LEN, y)))
    return marks


def _boxes(page: Page, grid: Grid, n: int):
    """TrimBox: the trimmed area of the cells in use; BleedBox: that plus the bleed."""
    cells = [grid.cell(i) for i in range(n)]
    xs = [x for x, _y, _c, _r in cells]
    ys = [y for _x, y, _c, _r in cells]
    x0, y0 = min(xs), min(ys)
    x1, y1 = max(xs) + grid.w, max(ys) + grid.h
    page.trim = (x0, y0, x1, y1)
    b = grid.bleed
    page.bleed = (max(0, x0 - b), max(0, y0 - b), min(page.w, x1 + b), min(page.h, y1 + b))


def _slot_boxes(page: Page, grid: Grid):
    """TrimBox round the slots in use, BleedBox that plus the bleed (kept on the paper)."""
    xs = [s.x for s in page.slots]
    ys = [s.y for s in page.slots]
    page.trim = (min(xs), min(ys), max(xs) + grid.w, max(ys) + grid.h)
    b = grid.bleed
    page.bleed = (max(0, page.trim[0] - b), max(0, page.trim[1] - b),
                  min(page.w, page.trim[2] + b), min(page.h, page.trim[3] + b))


def mirror(grid: Grid, page_w, page_h, duplex: str, x, y, w, h):
    """Where the back of a face at (x, y) goes so that it registers when printed double-sided."""
    if duplex == "long":
        return page_w - x - w, y
    if duplex == "short":
        return x, page_h - y - h
    return x, y


def plan_grid(pairs, paper, duplex, *, gap=0.0, outline=False, title="", back_offset=(0.0, 0.0), marks=True):
    """Pages for (front, back) face pairs of one size: fronts, then their mirrored backs.

    marks: crop marks round the grid (off for pieces whose own die-lines say where to cut)."""
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
            yield from _plan_fold(first, pairs, best, marks, outline, title)
            return
        # too large to sit beside its back on one sheet: back on the next sheet, to glue back to back
        duplex, note = "long", "Glue this sheet back to back with the sheet before it (not printed double-sided)."
    grid = grid_for(pw, ph, f0.w, f0.h, bleed, gap, reserve)
    if grid is None:
        raise ValueError("face larger than the paper")
    batch = [first]
    for pair in pairs:
        if len(batch) == grid.per_page:
            yield from _emit(batch, grid, paper, duplex, outline, title, back_offset, marks, note)
            batch = []
        batch.append(pair)
    if batch:
        yield from _emit(batch, grid, paper, duplex, outline, title, back_offset, marks, note)


def _emit(batch, grid, paper, duplex, outline, title, back_offset, marks=True, note=""):
    pw, ph = paper
    front = Page(pw, ph, side="front", title=title)
    back = Page(pw, ph, side="back", title=title)
    for i, (f, b) in enumerate(batch):
        x, y, c, r = grid.cell(i)
        front.slots.append(Slot(f, x, y, _clip(grid, x, y, c, r), outline))
        if b is not None and duplex in ("long", "short"):
            bx, by = mirror(grid, pw, ph, duplex, x, y, grid.w, grid.h)
            cx0, cy0, cx1, cy1 = _clip(grid, x, y, c, r)
            mx0, my0 = mirror(grid, pw, ph, duplex, cx0, cy0, cx1 - cx0, cy1 - cy0)
            dx, dy = back_offset
            back.slots.append(Slot(b, bx + dx, by + dy, (mx0 + dx, my0 + dy, mx0 + dx + cx1 - cx0, my0 + dy + cy1 - cy0), outline))
    if not outline and marks:
        front.marks = crop_marks(grid)
    _boxes(front, grid, len(batch))
    yield front
    if back.slots:
        if note:
            back.labels.append((MARGIN, MARGIN / 2, note))
        if front.marks:
            back.marks = [((pw - a[0], a[1]), (pw - b[0], b[1])) if duplex == "long" else ((a[0], ph - a[1]), (b[0], ph - b[1]))
                          for a, b in front.marks]
        _slot_boxes(back, grid)
        yield back


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


def _plan_fold(first, pairs, best, marks, outline, title):
    """Fronts on one half, backs mirrored on the other; fold on the middle line, glue, then cut."""
    grid, pw, ph, vertical = best
    batch = [first]
    for pair in pairs:
        if len(batch) == grid.per_page:
            yield _fold_page(batch, grid, pw, ph, vertical, outline, title, marks)
            batch = []
        batch.append(pair)
    if batch:
        yield _fold_page(batch, grid, pw, ph, vertical, outline, title, marks)


def _fold_page(batch, grid, pw, ph, vertical, outline, title, marks=True):
    page = Page(pw, ph, side="fold", title=title)
    # the grid was computed for the first half (left or bottom); the mirror half is across the fold
    for i, (f, b) in enumerate(batch):
        x, y, c, r = grid.cell(i)
        if not vertical:
            y += ph / 2
        page.slots.append(Slot(f, x, y, _clip(grid, x, y, c, r) if vertical else _shift(_clip(grid, x, y - ph / 2, c, r), 0, ph / 2), outline))
        if b is not None:
            if vertical:
                bx, by = pw - x - grid.w, y
            else:
                bx, by = x, ph - y - grid.h
            cx0, cy0, cx1, cy1 = page.slots[-1].clip
            if vertical:
                clip = (pw - cx1, cy0, pw - cx0, cy1)
            else:
                clip = (cx0, ph - cy1, cx1, ph - cy0)
            page.slots.append(Slot(b, bx, by, clip, outline))
    if vertical:
        page.folds.append(((pw / 2, 0), (pw / 2, ph)))
    else:
        page.folds.append(((0, ph / 2), (pw, ph / 2)))
    if not outline and marks:
        half = crop_marks(grid) if vertical else [((a[0], a[1] + ph / 2), (b[0], b[1] + ph / 2)) for a, b in crop_marks(grid)]
        mirrored = [((pw - a[0], a[1]), (pw - b[0], b[1])) if vertical else ((a[0], ph - a[1]), (b[0], ph - b[1])) for a, b in half]
        page.marks = half + mirrored
    _slot_boxes(page, grid)
    return page


def _shift(box, dx, dy):
    return (box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy)


def plan_tiles(face, paper, title="", overlap=TILE_OVERLAP):
    """A face larger than the paper, printed in tiles that overlap by `overlap` with alignment marks."""
    pw, ph = paper
    best = None
    for w, h in ((pw, ph), (ph, pw)):
        aw, ah = w - 2 * MARGIN, h - 2 * MARGIN
        cols = max(1, math.ceil((face.w - overlap) / (aw - overlap) - 1e-6))  # exact fits stay exact
        rows = max(1, math.ceil((face.h - overlap) / (ah - overlap) - 1e-6))
        if best is None or cols * rows < best[0] * best[1]:
            best = (cols, rows, w, h, aw, ah)
    cols, rows, w, h, aw, ah = best
    step_x = (face.w - aw) / (cols - 1) if cols > 1 else 0
    step_y = (face.h - ah) / (rows - 1) if rows > 1 else 0
    tw, th = min(aw, face.w), min(ah, face.h)
    for r in range(rows):
        for c in range(cols):
            fx, fy = c * step_x, r * step_y          # the tile's top-left in face coordinates
            page = Page(w, h, side="tile", title=title)
            x0, y0 = (w - tw) / 2, (h - th) / 2
            # place the face so that its point (fx, fy) lands at the tile's top-left (x0, y0 + th)
            page.slots.append(Slot(face, x0, y0, (x0, y0, x0 + tw, y0 + th), offset=(fx, fy)))
            name = f"{chr(65 + r)}{c + 1}"
            page.labels.append((x0, y0 - 3.5 * MM, f"{title} — {name} ({rows} x {cols})"))
            for (ox, oy) in ((0, 0), (tw, 0), (0, th), (tw, th)):
                page.marks.append(((x0 + ox - 3 * MM, y0 + oy), (x0 + ox + 3 * MM, y0 + oy)))
                page.marks.append(((x0 + ox, y0 + oy - 3 * MM), (x0 + ox, y0 + oy + 3 * MM)))
            # dashed lines where the neighbouring tile's edge lies: overlap the pages up to them
            if c > 0:
                page.folds.append(((x0 + tw - step_x, y0), (x0 + tw - step_x, y0 + th)))
            if r > 0:
                page.folds.append(((x0, y0 + step_y), (x0 + tw, y0 + step_y)))
            page.trim = (x0, y0, x0 + tw, y0 + th)
            page.bleed = page.trim
            yield page
