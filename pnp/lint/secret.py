"""The `secret-backs` rule: a component marked `secret:` (cards held in a hand) must not be readable
from its back.

1. Backs that differ (by what prints) between cards of the component, unless `backs_differ: true`.
2. A line near the back's trim (`edge_line`, per element of the back, from pnp.lint.face): a straight
   stroke, or the edge of a fill that differs from what lies outside it, parallel to a trim edge, at
   least a quarter of that edge long and no further than SECRET_EDGE_MM inside it (a quarter of a
   small piece's shorter side, where that is less: a token's back needs room for its symbol). Printed
   double-sided, a back shifted 1–2 mm shows the line off-centre — and all the cards of one sheet share
   the shift, so a hand can be sorted by the sheet it was printed on (sheets often hold one category).
3. Show-through (`ShowThrough`): thin paper lets dark front ink show on a light back. Sampled on a
   SHOW_PITCH_MM grid: a cell shows where the front is dark (a fill, or text of SHOW_TEXT_PT or more,
   of WCAG luminance ≤ SHOW_DARK) and the back behind it (mirrored, as it lies behind the front) is
   light (luminance ≥ SHOW_LIGHT, or no back at all). Fronts whose patterns of showing cells differ in
   SHOW_CELLS cells or more are told apart from behind. Images are not judged (their ink is unknown).
   With `backs_differ: true` the backs already tell groups apart on purpose: fronts are compared only
   with the fronts behind the same back.
"""
from __future__ import annotations

from pnp.core.pieces import Run, Shape, apply
from pnp.core.units import MM
from pnp.lint import (SECRET_EDGE_MM, SECRET_EDGE_SHARE, SHOW_CELLS, SHOW_DARK, SHOW_LIGHT, SHOW_PITCH_MM, SHOW_TEXT_PT,
                      SLIVER_DELTA_E, TOLERANCE_MM, colour, geometry)

SPAN = 0.25          # a line at least this share of the trim edge it runs along


def _segments(p: Shape):
    """The straight segments of a shape's outline, where they print."""
    for poly in geometry._flatten(p.ops):
        pts = [apply(p.transform, x, y) for x, y in poly] if p.transform else poly
        for i in range(len(pts)):
            yield pts[i], pts[(i + 1) % len(pts)]


def _edge_limit(w: float, h: float) -> float:
    """How far inside a secret back's trim a line shows a duplex shift: 6 mm, or a quarter of a small
    piece's shorter side."""
    return min(SECRET_EDGE_MM * MM, SECRET_EDGE_SHARE * min(w, h))


def edge_line(cfg, layout, el, pieces, paints, where, card):
    """A finding for the element's line closest to the trim of a secret back (None when none is near)."""
    w, h = layout.w, layout.h
    tol, limit = TOLERANCE_MM * MM + 0.1 * MM, _edge_limit(w, h)
    worst = None
    for p in pieces:
        if not isinstance(p, Shape) or p.role != "art" or not p.ops:
            continue
        stroke, fill = geometry.stroke(p), geometry.fill(p) if p.opacity >= 1 else None
        if not stroke and not fill:
            continue
        half = p.width / 2 if stroke else 0.0
        for (x0, y0), (x1, y1) in _segments(p):
            if abs(y1 - y0) < 0.05 * MM and abs(x1 - x0) >= SPAN * w:       # along the top or bottom
                lo, hi, length = max(min(x0, x1), 0), min(max(x0, x1), w), w
                mid = (lo + hi) / 2
                cands = [(y0 - half, "top", (mid, y0 - 0.3 * MM)), (h - y0 - half, "bottom", (mid, y0 + 0.3 * MM))]
            elif abs(x1 - x0) < 0.05 * MM and abs(y1 - y0) >= SPAN * h:     # along the left or right
                lo, hi, length = max(min(y0, y1), 0), min(max(y0, y1), h), h
                mid = (lo + hi) / 2
                cands = [(x0 - half, "left", (x0 - 0.3 * MM, mid)), (w - x0 - half, "right", (x0 + 0.3 * MM, mid))]
            else:
                continue
            if hi - lo < SPAN * length:
                continue          # mostly in the bleed
            d, side, outside = min(cands, key=lambda c: c[0])
            if not tol < d <= limit:
                continue
            if not stroke:        # a fill's edge shows only against another colour
                under = geometry.colour_at(paints, *outside)
                if under is None or colour.delta_e(fill, under) < SLIVER_DELTA_E:
                    continue
            if worst is None or d < worst[0]:
                worst = (d, side, "line" if stroke else f"{fill} edge")
    if worst is None:
        return None
    d, side, what = worst
    return cfg.finding("secret-backs", el.pos, f"the {what} of element `{el.name}` on {where} runs {d / MM:.1f} mm "
                       f"inside the {side} trim of a secret back: printed double-sided, a back shifted by 1–2 mm shows "
                       f"it off-centre, the same way on every card of a sheet, so cards can be told apart from behind "
                       f"— keep lines at least {limit / MM:.1f} mm inside the trim, or drop the frame (a pattern "
                       f"running into the bleed hides a shift)", card, d)


def _dark_cells(face) -> dict:
    """(column, row) → whether the front is dark there, on the SHOW_PITCH_MM grid."""
    items = geometry.paints(face.pieces, geometry.boxes(face.pieces))
    runs = [geometry.box(r) for r in face.pieces if isinstance(r, Run) and r.size >= SHOW_TEXT_PT - 1e-6
            and colour.luminance(r.color) <= SHOW_DARK]
    pitch = SHOW_PITCH_MM * MM
    out = {}
    for i in range(max(1, int(face.w // pitch))):
        for j in range(max(1, int(face.h // pitch))):
            x, y = (i + 0.5) * pitch, (j + 0.5) * pitch
            c = geometry.colour_at(items, x, y)
            dark = c is not None and colour.luminance(c) <= SHOW_DARK
            out[i, j] = dark or any(b and b[0] <= x <= b[2] and b[1] <= y <= b[3] for b in runs)
    return out


def _light_behind(front, back, cells) -> set:
    """The cells of the front behind which the back is light (a long-edge flip: mirrored left-right)."""
    if back is None:
        return set(cells)
    items = geometry.paints(back.pieces, geometry.boxes(back.pieces))
    pitch = SHOW_PITCH_MM * MM
    out = set()
    for i, j in cells:
        c = geometry.colour_at(items, back.w - (i + 0.5) * pitch, (j + 0.5) * pitch)
        if c is not None and colour.luminance(c) >= SHOW_LIGHT:
            out.add((i, j))
    return out


class ShowThrough:
    """The see-through pattern of each card of the secret components (fed by pnp.lint.sets.SetLint)."""

    def __init__(self):
        self.seen: dict = {}      # component id → {pattern: first card}
        self.light: dict = {}     # id(back) → the cells behind which it is light (shared backs: once)

    def observe(self, comp, card, front, back):
        cells = _dark_cells(front)
        key = (id(back), front.w, front.h)
        if key not in self.light:
            self.light[key] = (back, _light_behind(front, back, cells))
        shows = frozenset(c for c in self.light[key][1] if cells[c])
        # backs that differ on purpose (one per team or colour) already tell their groups apart: compare a
        # front only with the fronts behind the same back
        group = (back.w, back.h, back.pieces) if back is not None and comp.secret.backs_differ else None
        self.seen.setdefault((comp.id, group), {}).setdefault(shows, card)

    def findings(self, cfg, comps) -> list:
        out = []
        for (cid, _group), patterns in self.seen.items():
            if len(patterns) < 2:
                continue
            (first, a), *rest = patterns.items()
            other, b = max(((p, c) for p, c in rest), key=lambda pc: len(pc[0] ^ first))
            differ = len(other ^ first)
            if differ < SHOW_CELLS:
                continue
            comp = comps[cid]
            area = differ * SHOW_PITCH_MM ** 2
            out.append(cfg.finding("secret-backs", comp.secret.pos, f"the fronts of `{a}` and `{b}` (secret component "
                                   f"`{cid}`) show through their light backs as different dark patterns (about "
                                   f"{area:g} mm² apart, {len(patterns)} patterns in all): held against a lamp, or on "
                                   f"80 g/m² paper, a hand can be read from behind — give the back a darker or "
                                   f"busier full-bleed pattern, lighten the front's large dark areas, or print "
                                   f"on card stock", a))
        return out


def backs_differ(cfg, comp, faces) -> list:
    """Backs of a secret component that print differently. faces: [(card, pos, colourless, full, …)]."""
    first: dict = {}
    for card, _pos, plain, full, *_r in faces:
        first.setdefault(full, (card, plain))
    if len(first) < 2 or comp.secret.backs_differ:
        return []
    (a, pa), (b, pb) = list(first.values())[:2]
    how = "only by colour" if pa == pb else "in what they show"
    return [cfg.finding("secret-backs", comp.secret.pos, f"the backs of `{a}` and `{b}` (secret component "
                        f"`{comp.id}`) differ {how} ({len(first)} different backs): a player sees which card another "
                        f"holds — give every card the same back, or write `secret: {{backs_differ: true}}` when "
                        f"they differ on purpose", a)]
