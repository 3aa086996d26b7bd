"""Boards larger than the paper, printed in overlapping tiles (imposition: pages in page.py, card grids in grid.py)."""
from __future__ import annotations

from pnp.core.units import MM
from pnp.impose.page import MARGIN, MIN_GAP, MIN_MARK, TILE_OVERLAP, Page, PaperTooSmall, Slot, _limit, _mark, printable

TILE_MARK = MIN_GAP + MIN_MARK   # room for the short crop marks round a tile
MIN_OVERLAP = 3 * MM             # the least overlap a tile may have to save a row or column of tiles


def _tiles_along(length: float, avail: float, bleed: float, overlap: float) -> tuple:
    """(tiles, shown) along one axis: how many tiles cover `length`, and how much of it each shows.
    A tile shows the printable length less its marks and the board's bleed on its outer side(s)."""
    n = 1
    while True:
        shown = avail - 2 * TILE_MARK - (2 * bleed if n == 1 else bleed)
        if shown <= overlap:
            return None
        if n * (shown - overlap) + overlap >= length - 1e-6:   # exact fits stay exact
            # each tile shows only what it must, so neighbours overlap by `overlap` and no more (a
            # board of card built up in layers leaves a step under the pawns at every seam)
            return n, min(shown, (length + (n - 1) * overlap) / n)
        n += 1


def tile_area(w: float, h: float, bleed: float, cols: int = 2, rows: int = 2) -> tuple:
    """The part of a board one tile shows on a w x h page (with `cols` x `rows` tiles): the printable
    area less room for crop marks and, on the board's outer edges, its bleed."""
    return (w - 2 * MARGIN - 2 * TILE_MARK - (2 * bleed if cols == 1 else bleed),
            h - 2 * MARGIN - 2 * TILE_MARK - (2 * bleed if rows == 1 else bleed))


def plan_tiles(face, paper, title="", overlap=TILE_OVERLAP, blank_backs=False):
    """A face larger than the paper, printed in tiles that overlap by `overlap`. Tiles on the board's
    edge carry its bleed there; short crop marks at each tile's corners say where to trim; a dotted
    line where the neighbouring tile's edge comes (dashed lines are folds, everywhere). blank_backs: a blank page after each tile (duplex)."""
    pw, ph = paper
    b = face.bleed
    best = None
    # the fewest tiles first (each is a sheet of card and a seam), then the widest overlap that still
    # gives that few: a 380 mm board takes 2 x 2 A4 tiles overlapping 4 mm rather than 3 x 2 at 10 mm
    tries = [overlap] + [o * MM for o in range(int(overlap / MM) - 1, int(MIN_OVERLAP / MM) - 1, -1)]
    for o in tries:
        for w, h in ((pw, ph), (ph, pw)):
            along_x = _tiles_along(face.w, w - 2 * MARGIN, b, o)
            along_y = _tiles_along(face.h, h - 2 * MARGIN, b, o)
            if along_x and along_y and (best is None or along_x[0] * along_y[0] < best[0] * best[1]):
                best = (along_x[0], along_y[0], w, h, along_x[1], along_y[1])
    if best is None:
        raise PaperTooSmall("the paper is too small to tile this face")
    cols, rows, w, h, tw, th = best
    step_x = (face.w - tw) / (cols - 1) if cols > 1 else 0
    step_y = (face.h - th) / (rows - 1) if rows > 1 else 0
    limits = printable(w, h)
    for r in range(rows):
        for c in range(cols):
            fx, fy = c * step_x, r * step_y          # the tile's top-left in face coordinates
            page = Page(w, h, side="tile", title=title)
            left, right = (b if c == 0 else 0.0), (b if c == cols - 1 else 0.0)
            top, bottom = (b if r == 0 else 0.0), (b if r == rows - 1 else 0.0)
            x0 = (w - tw - left - right) / 2 + left
            y0 = (h - th - top - bottom) / 2 + bottom
            clip = _limit((x0 - left, y0 - bottom, x0 + tw + right, y0 + th + top), limits)
            # place the face so that its point (fx, fy) lands at the tile's top-left (x0, y0 + th)
            page.slots.append(Slot(face, x0, y0, clip, offset=(fx, fy), size=(tw, th)))
            name = f"{chr(65 + r)}{c + 1}"
            label_y = max(limits[1] + 0.6 * MM, clip[1] - MIN_GAP - 2.6 * MM)
            page.labels.append((x0 + 3 * MM, label_y, f"{title} — {name} ({rows} × {cols})"))
            side = (0.0, MIN_GAP, MIN_MARK)
            for v in (x0, x0 + tw):
                page.marks += _mark(v, clip[3], +1, side, limits[3], True) + _mark(v, clip[1], -1, side, limits[1], True)
            for v in (y0, y0 + th):
                page.marks += _mark(v, clip[2], +1, side, limits[2], False) + _mark(v, clip[0], -1, side, limits[0], False)
            # dotted lines where the neighbouring tile's edge lies: the tile before overlaps up to them
            if c > 0:
                page.guides.append(((x0 + tw - step_x, y0), (x0 + tw - step_x, y0 + th)))
            if r > 0:
                page.guides.append(((x0, y0 + step_y), (x0 + tw, y0 + step_y)))
            page.trim = (x0, y0, x0 + tw, y0 + th)
            page.bleed = clip
            yield page
            if blank_backs:
                yield Page(w, h, side="blank", title=title)
