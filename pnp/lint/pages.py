"""Lint rules over imposed pages: printable-margin and stray-marks.

- printable-margin: crop marks, fold lines, labels or a piece's ink closer than PRINTABLE_MM to the
  paper edge, where most home printers print nothing (the mark or the bleed silently disappears);
- stray-marks: a crop mark whose line meets no piece edge: it runs into empty paper, or through the
  middle of a piece (a cut there would spoil it).
Page coordinates: PDF points, origin bottom-left (pnp.impose.grid).
"""
from __future__ import annotations

from pnp.core.units import MM
from pnp.impose.label import side_box as _label_side_box
from pnp.lint import PRINTABLE_MM, TOLERANCE_MM, geometry

LABEL_PT = 6.0          # pnp.render.pdf draws page labels at 6 pt
EPS = 0.1 * MM


def ink_box(face) -> tuple | None:
    """The face's ink in face coordinates (top-left origin), or None when it paints nothing."""
    return geometry.union(geometry.boxes(face.pieces))


def slot_ink(slot, cache: dict | None = None) -> tuple | None:
    """Where a slot's ink lands on the page (x0, y0, x1, y1), clipped as the PDF writer clips it."""
    face = slot.face
    key = id(face)
    if cache is not None and key in cache:
        b = cache[key]
    else:
        b = ink_box(face)
        if cache is not None:
            cache[key] = b
    if b is None:
        return None
    x0, y0, x1, y1 = slot.clip
    matrix = getattr(slot, "matrix", None) or (1.0, 0.0, 0.0, 1.0)   # scaled or turned (booklet pages)
    if getattr(slot, "turn", False):   # turned 180° within its trim box (a back across a horizontal fold)
        tx, ty, matrix = slot.x + face.w, slot.y + face.h, (-1.0, 0.0, 0.0, -1.0)
    elif slot.offset is None:
        tx, ty = slot.x, slot.y
    else:
        ox, oy = slot.offset
        th = slot.size[1] if slot.size else y1 - y0
        tx, ty = slot.x - ox, slot.y + th - face.h + oy
    a, bb, c, d = matrix
    corners = [(fx, face.h - fy) for fx in (b[0], b[2]) for fy in (b[1], b[3])]   # form coordinates
    xs = [tx + a * fx + c * fy for fx, fy in corners]
    ys = [ty + bb * fx + d * fy for fx, fy in corners]
    box = (min(xs), min(ys), max(xs), max(ys))
    box = (max(box[0], x0), max(box[1], y0), min(box[2], x1), min(box[3], y1))
    return box if box[0] < box[2] and box[1] < box[3] else None


def _edge_gap(box, w, h):
    gaps = {"left": box[0], "bottom": box[1], "right": w - box[2], "top": h - box[3]}
    side = min(gaps, key=gaps.get)
    return gaps[side], side


class PageLint:
    """Judges pages as they are written; `findings()` gives one finding per component, rule and paper
    (the worst case), at the component's declaration in game.yaml."""

    def __init__(self, cfg, paper_name: str = ""):
        self.cfg, self.paper = cfg, paper_name
        self.worst: dict = {}       # (rule, component id) → (measure, pos, message)
        self.page_no = 0

    def page(self, page, comp=None, number: int | None = None):
        self.page_no = number if number is not None else self.page_no + 1
        if comp is None:
            return
        if self.cfg.on("printable-margin"):
            self._margin(page, comp)
        if self.cfg.on("stray-marks") and page.marks and getattr(comp, "kind", None) != "booklet":   # booklet: fold ticks
            self._stray(page, comp)

    def _keep(self, rule, comp, measure, message):
        key = (rule, comp.id)
        if key not in self.worst or measure < self.worst[key][0]:
            self.worst[key] = (measure, comp.pos, message)

    def _margin(self, page, comp):
        limit = PRINTABLE_MM * MM - TOLERANCE_MM * MM
        things = []
        cache: dict = {}
        for s in page.slots:
            b = slot_ink(s, cache)
            if b:
                things.append((b, f"the ink of `{s.face.name or comp.id}`"))
        for a, b in page.marks:
            things.append(((min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1])), "a crop mark"))
        for a, b in page.folds:
            things.append(((min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1])), "a fold line"))
        for a, b in getattr(page, "guides", ()):
            things.append(((min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1])), "a tile's overlap line"))
        for x, y, t in getattr(page, "targets", ()):
            things.append(((x, y, x + t, y + t), "a registration target"))
        for x, y, text in getattr(page, "side_labels", ()):
            things.append((_label_side_box(x, y, text), f"the label “{text[:30]}”"))
        for x, y, text in page.labels:
            w = sum(LABEL_PT if ord(ch) >= 0x2E80 else 0.6 * LABEL_PT for ch in text)   # a generous estimate
            things.append(((x, y - 0.12 * LABEL_PT, x + w, y + 0.88 * LABEL_PT), f"the label “{text[:30]}”"))
        for box, what in things:
            d, side = _edge_gap(box, page.w, page.h)
            if d < limit:
                self._keep("printable-margin", comp, d,
                           f"page {self.page_no}{self._paper()}: {what} comes {d / MM:.1f} mm from the {side} edge of "
                           f"the paper (component `{comp.id}`); home printers leave about {PRINTABLE_MM:g} mm unprinted "
                           f"— keep ink {PRINTABLE_MM:g} mm inside the paper (a margin in the layout, a smaller piece, "
                           f"or `kind: board` to tile it)")

    def _paper(self):
        return f" ({self.paper})" if self.paper else ""

    def _stray(self, page, comp):
        trims = [s.clip if getattr(s, "matrix", None) else
                 (s.x, s.y, s.x + (s.size[0] if s.size else s.face.w), s.y + (s.size[1] if s.size else s.face.h))
                 for s in page.slots]
        for a, b in page.marks:
            problem = stray(a, b, trims)
            if problem:
                self._keep("stray-marks", comp, 0.0,
                           f"page {self.page_no}{self._paper()}: the crop mark at ({a[0] / MM:.1f}, {a[1] / MM:.1f}) mm "
                           f"{problem} (component `{comp.id}`) — a cut along it would not follow a piece")

    def findings(self) -> list:
        out = []
        for (rule, _cid), (measure, pos, message) in sorted(self.worst.items()):
            f = self.cfg.finding(rule, pos, message, None)
            if f:
                out.append(f)
        return out


def stray(a, b, trims) -> str:
    """Why the crop mark a–b is stray ('' when it is in line with the edge of the nearest piece)."""
    vertical = abs(a[0] - b[0]) < EPS
    if not vertical and abs(a[1] - b[1]) >= EPS:
        return "is not straight"
    at = a[0] if vertical else a[1]
    lo, hi = (min(a[1], b[1]), max(a[1], b[1])) if vertical else (min(a[0], b[0]), max(a[0], b[0]))
    best = None
    for x0, y0, x1, y1 in trims:
        across = (x0, x1) if vertical else (y0, y1)
        along = (y0, y1) if vertical else (x0, x1)
        if not across[0] - EPS <= at <= across[1] + EPS:
            continue
        dist = along[0] - hi if along[0] >= hi else lo - along[1] if along[1] <= lo else -1.0
        if dist < 0:
            return "lies on a piece"
        if best is None or dist < best[0]:
            best = (dist, across)
    if best is None:
        return "is in line with no piece"
    d, (p0, p1) = best
    if abs(at - p0) < EPS or abs(at - p1) < EPS:
        return ""
    return "points through the middle of a piece"


def proxy(face):
    """A light stand-in for a face on imposed pages (`pnp check` keeps every face of a game): its
    size, shape, name and one box where it lays ink."""
    if face is None:
        return None
    from pnp.core.pieces import Face, Shape
    b = ink_box(face)
    pieces = (Shape((("R", b[0], b[1], b[2] - b[0], b[3] - b[1], 0.0),), fill="#000000"),) if b else ()
    return Face(face.w, face.h, face.bleed, pieces, face.shape, face.radius, face.name)


def check_pages(game, cfg, proxies: dict, plan) -> list:
    """The page rules on A4 and US Letter. plan(comp, pairs, paper) → pages (the build's imposition)."""
    from pnp.impose.page import HOME_PAPERS, PAPER_NAMES, PAPERS
    out = []
    for paper, name in ((k, PAPER_NAMES[k]) for k in HOME_PAPERS):
        pl = PageLint(cfg, name)
        for comp in game.components.values():
            for page in plan(comp, iter(proxies.get(comp.id, [])), PAPERS[paper]):
                pl.page(page, comp)
        out += pl.findings()
    return out
