"""The sheet of paper: its sizes, the printable area, a page and the slots of faces on it, crop marks.
Shared by card grids (grid.py) and board tiles (tiles.py)."""
from __future__ import annotations

from dataclasses import dataclass, field

from pnp.core.units import MM
# the papers live at the bottom of the house: game.yaml `paper:` is read by pnp.content
from pnp.core.papers import (CUSTOM_MM, HOME_PAPERS, PAPER_NAMES, PAPERS, PaperError, paper_key,  # noqa: F401
                             paper_name, paper_size)

MARK_GAP, MARK_LEN = 1.0 * MM, 3.5 * MM      # crop marks: start 1 mm outside the bleed, 3.5 mm long
MIN_GAP, MIN_MARK = 0.5 * MM, 2.0 * MM      # where space is tight: marks shorten to this, then the bleed gives way
MARGIN = 5 * MM                             # the printable area: nothing is printed closer to the paper edge
TILE_OVERLAP = 10 * MM


class PaperTooSmall(ValueError):
    """A face that no grid or tiling of this paper can hold (plan.py says which component)."""


@dataclass
class Slot:
    face: object
    x: float                 # trim box bottom-left on the page
    y: float
    clip: tuple              # (x0, y0, x1, y1) the face may paint into
    outline: bool = False    # draw the face's cut outline (tokens, sheets)
    offset: tuple | None = None  # tiles only: the face point (top-left origin) at the tile's top-left
    matrix: tuple | None = None  # (a, b, c, d) scale/turn about (x, y) (booklet pages and their pictures)
    size: tuple | None = None    # tiles only: the trimmed tile's width and height
    turn: bool = False           # drawn turned 180° in its trim box (a back across a horizontal fold)
    round: bool = False          # clipped to the ellipse in its clip box (a round piece's booklet picture)


@dataclass
class Page:
    w: float
    h: float
    slots: list = field(default_factory=list)
    marks: list = field(default_factory=list)    # crop marks ((x0, y0), (x1, y1))
    folds: list = field(default_factory=list)    # fold lines across the page (dashed)
    guides: list = field(default_factory=list)   # where a neighbouring tile's edge comes (dotted: not a fold)
    side_labels: list = field(default_factory=list)   # (x, y, text) read upwards in a side margin (pnp.impose.label)
    labels: list = field(default_factory=list)   # (x, y, text) small print (tile names, "fold here")
    targets: list = field(default_factory=list)  # (x, y, size) registration targets: box bottom-left and side (label.py)
    trim: tuple | None = None
    bleed: tuple | None = None
    side: str = "front"
    title: str = ""


def printable(pw: float, ph: float) -> tuple:
    """The area a home printer can print: MARGIN inside every paper edge."""
    return (MARGIN, MARGIN, pw - MARGIN, ph - MARGIN)


def _mark(at, edge, sign, side, limit, vertical):
    """One crop mark in line with `at`, starting past `edge` (the bleed) and never past `limit`."""
    gap, length = (side[1], side[2]) if side else (MARK_GAP, MARK_LEN)
    if length <= 0:
        return []
    a = edge + sign * gap
    e = a + sign * length
    e = min(e, limit) if sign > 0 else max(e, limit)
    if (e - a) * sign < MIN_MARK / 2:
        return []
    return [((at, a), (at, e))] if vertical else [((a, at), (e, at))]


def _limit(box, limits):
    return (max(box[0], limits[0]), max(box[1], limits[1]), min(box[2], limits[2]), min(box[3], limits[3]))
