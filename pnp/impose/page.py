"""The sheet of paper: its sizes, the printable area, a page and the slots of faces on it, crop marks.
Shared by card grids (grid.py) and board tiles (tiles.py)."""
from __future__ import annotations

from dataclasses import dataclass, field

import re

from pnp.core.units import MM, SIZES

# The papers `--paper` names (portrait, points), what the cover calls them, and the two home papers
# `pnp check` lints every page on. Any other sheet: `custom-WxH` (mm, as given: 210x148 is landscape).
PAPERS = {k: (SIZES[k][0] * MM, SIZES[k][1] * MM) for k in ("a4", "letter", "a3", "a5", "legal", "tabloid")}
PAPER_NAMES = {"a4": "A4", "letter": "US Letter", "a3": "A3", "a5": "A5", "legal": "US Legal",
               "tabloid": "Tabloid (11 x 17 in)"}
HOME_PAPERS = ("a4", "letter")
CUSTOM_MM = (50.0, 2000.0)   # a custom sheet's sides: no smaller than a small card, no larger than a board
_CUSTOM = re.compile(r"^custom[:\-]\s*(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)\s*(?:mm)?$")
MARK_GAP, MARK_LEN = 1.0 * MM, 3.5 * MM      # crop marks: start 1 mm outside the bleed, 3.5 mm long
MIN_GAP, MIN_MARK = 0.5 * MM, 2.0 * MM      # where space is tight: marks shorten to this, then the bleed gives way
MARGIN = 5 * MM                             # the printable area: nothing is printed closer to the paper edge
TILE_OVERLAP = 10 * MM


class PaperTooSmall(ValueError):
    """A face that no grid or tiling of this paper can hold (plan.py says which component)."""


class PaperError(ValueError):
    """A paper that cannot be: the message says what is wrong and what to write."""


def paper_key(value) -> str:
    """A paper as written → its key, which names the output files: `A3` → `a3`; `custom:210x148`,
    `custom-210x148` or `{custom: [210, 148]}` (mm) → `custom-210x148`."""
    if isinstance(value, dict) and set(value) == {"custom"}:
        dims = value["custom"]
        if not (isinstance(dims, (list, tuple)) and len(dims) == 2
                and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in dims)):
            raise PaperError(f"`custom: {dims}` is not a width and a height in mm", "write `custom: [210, 148]`")
        w, h = (float(v) for v in dims)
    elif isinstance(value, str) and value.strip().lower() in PAPERS:
        return value.strip().lower()
    elif isinstance(value, str) and _CUSTOM.match(value.strip().lower()):
        w, h = (float(v) for v in _CUSTOM.match(value.strip().lower()).groups())
    else:
        raise PaperError(f"`{value}` is not a paper", f"write one of {', '.join(PAPERS)}, or `custom:WxH` in mm "
                         "(e.g. `custom:210x148`)")
    lo, hi = CUSTOM_MM
    if not (lo <= w <= hi and lo <= h <= hi):
        raise PaperError(f"a custom paper of {w:g} x {h:g} mm is {'too small' if min(w, h) < lo else 'too large'}",
                         f"give each side from {lo:g} to {hi:g} mm")
    return f"custom-{w:g}x{h:g}"


def paper_size(key: str) -> tuple[float, float]:
    """The width and height (points) of a paper key (`a4`, `custom-210x148`)."""
    if key in PAPERS:
        return PAPERS[key]
    m = _CUSTOM.match(key)
    if not m:
        raise PaperError(f"`{key}` is not a paper", f"write one of {', '.join(PAPERS)} or `custom:WxH`")
    return float(m.group(1)) * MM, float(m.group(2)) * MM


def paper_name(key: str) -> str:
    """What the cover calls a paper: `A3`, `custom 210 x 148 mm`."""
    if key in PAPER_NAMES:
        return PAPER_NAMES[key]
    w, h = paper_size(key)
    return f"custom {w / MM:g} x {h / MM:g} mm"


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
