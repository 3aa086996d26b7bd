"""Lint rules over one resolved face: min-text-size, safe-area, out-of-bounds, contrast, the contrast of
its ink-saver version (`ink-saver`) and, on the back of a `secret:` component, lines near the trim
(`secret-backs`, pnp.lint.secret).

`check_face` gets the face's elements in drawing order with the pieces each produced, so every
finding points at the layout element (file:line) and names the card, the face and what was measured.
"""
from __future__ import annotations

from dataclasses import replace

import math

from pnp.core import ink as inksaver
from pnp.core.pieces import Image, Run, Shape, Stencil
from pnp.core.units import MM
from pnp.lint import CONTRAST_LARGE, CONTRAST_MIN, LARGE_PT, MIN_TEXT_PT, SLIVER_DELTA_E, TOLERANCE_MM
from pnp.lint import colour, geometry, secret

TEXTUAL = ("text",)
ICONIC = ("icon",)


def _mm(v: float) -> str:
    return f"{v / MM:.1f} mm"


def check_face(cfg, layout, elements, card: str, card_pos, face_name: str):
    """(Findings, ink box of every piece) for one face. elements: [(Element, [pieces])] in drawing order."""
    out = []
    drawn: list = []          # every piece painted so far (what lies under the next one)
    drawn_boxes: list = []
    paints: list = []         # what colour_under would look at among them (geometry.paints)
    where = f"`{face_name}` (card `{card}`, {card_pos})"
    small_on, bounds_on, bleed_on, safe_on, contrast_on = (cfg.on(r) for r in (
        "min-text-size", "out-of-bounds", "bleed", "safe-area", "contrast"))
    hidden = cfg.secret_back(face_name) if cfg.on("secret-backs") else None
    measured = []             # (element, pieces, geometry boxes, ink boxes): for the ink-saver pass
    for el, pieces in elements:
        typ = el.attrs.get("type")
        pos = el.pos
        runs = [(len(drawn) + i, p) for i, p in enumerate(pieces) if isinstance(p, Run)]
        if runs and small_on:
            small = min(r.size for _i, r in runs)
            if small < MIN_TEXT_PT - 1e-6:
                out.append(cfg.finding("min-text-size", pos, f"text of element `{el.name}` on {where} is {small:g} pt "
                                       f"after fitting, under {MIN_TEXT_PT:g} pt — give the box more room, shorten the "
                                       f"text or raise `min_size`", card, small))
        pairs = [geometry.box_pair(p) for p in pieces]
        geo = [g for g, _i in pairs]      # the shapes themselves
        ink = [i for _g, i in pairs]      # what they paint, strokes included
        measured.append((el, pieces, geo, ink))
        if bounds_on:
            f = _bounds(cfg, layout, el, geo, where, card)
            if f:
                out.append(f)
        if bleed_on and typ not in ("text",):
            f = _no_bleed(cfg, layout, el, pieces, geo, where, card)
            if f:
                out.append(f)
        if (typ in TEXTUAL or typ in ICONIC) and pieces and safe_on:
            f = _safe(cfg, layout, el, pieces, ink, where, card)
            if f:
                out.append(f)
        if hidden is not None:
            out.append(secret.edge_line(cfg, layout, el, pieces, paints, where, card))
        paints += ((i + len(drawn), p, b, f) for i, p, b, f in geometry.paints(pieces, ink))
        drawn.extend(pieces)
        drawn_boxes.extend(ink)
        if runs and contrast_on:   # each run against what was painted before it
            f = _contrast(cfg, paints, drawn_boxes, runs, el, where, card)
            if f:
                out.append(f)
    if cfg.on("ink-saver") and not cfg.kept_as_printed(face_name):   # a secret back prints as it is
        out += _ink_saver(cfg, layout, measured, where, card)
    return [f for f in out if f is not None], drawn_boxes


def _ink_saver(cfg, layout, measured, where, card):
    """The contrast rule on the face `--ink-saver` prints (pnp.core.ink): text it turned dark on a fill
    it kept dark, or light text on a background it lightened. The ink saver changes colours only, so
    the pieces keep the boxes measured for the face itself."""
    last = max((k for k, m in enumerate(measured) if any(isinstance(p, Run) for p in m[1])), default=-1)
    changed, saved, w, h = False, [], layout.w, layout.h
    flat = [(p, g if isinstance(p, Shape) and not p.transform else None, i)
            for _el, pieces, geo, ink in measured[:last + 1] for p, g, i in zip(pieces, geo, ink)]
    done = iter(inksaver.transform([(p, g) for p, g, _i in flat], w, h))   # as the renderer prints them
    for el, pieces, geo, ink in measured[:last + 1]:     # what lies above the last text cannot be behind it
        got = []
        for p, i in zip(pieces, ink):
            q = next(done)
            if q is not p:
                changed = True
            if q is not None:
                got.append((q, i))
        saved.append((el, got))
    if not changed:
        return []      # what prints is the normal face: the contrast rule judged it
    out, paints, boxes, n = [], [], [], 0
    for el, got in saved:
        pieces, ink = [q for q, _i in got], [i for _q, i in got]
        runs = [(n + k, p) for k, p in enumerate(pieces) if isinstance(p, Run)]
        paints += ((k + n, p, b, f) for k, p, b, f in geometry.paints(pieces, ink))
        boxes.extend(ink)
        n += len(pieces)
        if runs:
            out.append(_contrast(cfg, paints, boxes, runs, el, f"the ink-saver version of {where}", card, "ink-saver"))
    return out


def _bounds(cfg, layout, el, geo, where, card):
    """geo: the pieces' boxes without strokes (a line drawn on the trim edge is meant to be half cut off)."""
    b = layout.bleed
    lo_x, lo_y, hi_x, hi_y = -b, -b, layout.w + b, layout.h + b
    worst, side = 0.0, ""
    for bx in geo:
        if bx is None:
            continue
        for over, name in ((lo_x - bx[0], "left"), (lo_y - bx[1], "top"), (bx[2] - hi_x, "right"), (bx[3] - hi_y, "bottom")):
            if over > worst:
                worst, side = over, name
    if worst <= TOLERANCE_MM * MM:
        return None
    return cfg.finding("out-of-bounds", el.pos, f"element `{el.name}` on {where} reaches {_mm(worst)} past the "
                       f"{side} edge of the trim + {_mm(b)} bleed, where it is cut off — move or shrink it",
                       card, -worst)


def _no_bleed(cfg, layout, el, pieces, geo, where, card):
    """A coloured fill that reaches a trim edge but stops there: a cut a hair outside shows paper."""
    tol = 0.1 * MM
    b = layout.bleed
    for p, bx in zip(pieces, geo):
        if bx is None or not isinstance(p, Shape) or p.opacity < 1 or p.role != "art" or not p.fill:
            continue
        if bx[0] > tol and bx[1] > tol and bx[2] < layout.w - tol and bx[3] < layout.h - tol:
            continue          # well inside the trim
        f = geometry.fill(p)
        if not f or colour.delta_e(f, geometry.PAPER) < SLIVER_DELTA_E:
            continue
        edges = {"left": (bx[0], 0.0, bx[3] - bx[1], layout.h), "right": (bx[2], layout.w, bx[3] - bx[1], layout.h),
                 "top": (bx[1], 0.0, bx[2] - bx[0], layout.w), "bottom": (bx[3], layout.h, bx[2] - bx[0], layout.w)}
        for side, (at, edge, span, length) in edges.items():
            if abs(at - edge) <= tol and span >= 0.25 * length:
                todo = (f"give layout `{layout.name}` a `bleed:` (3 mm) and let the fill run into it" if b <= 0 else
                        f"let it run {b / MM:.1f} mm past the trim, into the bleed")
                return cfg.finding("bleed", el.pos, f"the {f} fill of element `{el.name}` on {where} stops at the "
                                   f"{side} trim edge: a cut a little outside leaves a white sliver — {todo}", card, 0.0)
    return None


def _safe(cfg, layout, el, pieces, ink, where, card):
    s = layout.safe
    if layout.shape == "circle":
        return _safe_circle(cfg, layout, el, pieces, where, card)
    bx = geometry.union(ink)
    if bx is None:
        return None
    gaps = {"left": bx[0], "top": bx[1], "right": layout.w - bx[2], "bottom": layout.h - bx[3]}
    side, d = min(gaps.items(), key=lambda kv: kv[1])
    if d >= s - TOLERANCE_MM * MM:
        return None
    what = "text" if el.attrs.get("type") in TEXTUAL else "icon"
    return cfg.finding("safe-area", el.pos, f"{what} of element `{el.name}` on {where} comes {_mm(d)} from the "
                       f"{side} edge of the trim, inside the {_mm(s)} safe margin (`safe:` of layout "
                       f"`{layout.name}`) where a cut a little off would touch it — move it inwards", card, d)


def _points(pieces):
    from pnp.core.pieces import apply
    for p in pieces:
        if p.transform:   # rotated or mirrored: the points where they print
            yield from (apply(p.transform, x, y) for x, y in _points([replace(p, transform=None)]))
        elif isinstance(p, Run):
            x0, y0, x1, y1 = geometry.run_box(p)
            yield from ((x0, y0), (x1, y0), (x0, y1), (x1, y1))
        elif isinstance(p, Shape):
            for poly in geometry._flatten(p.ops):
                yield from poly
        elif isinstance(p, (Image, Stencil)):
            yield from ((p.x, p.y), (p.x + p.w, p.y), (p.x, p.y + p.h), (p.x + p.w, p.y + p.h))


def _safe_circle(cfg, layout, el, pieces, where, card):
    """On a round piece the safe area is the circle (ellipse) inset by `safe`."""
    s = layout.safe
    cx, cy, rx, ry = layout.w / 2, layout.h / 2, layout.w / 2, layout.h / 2
    worst = None
    for x, y in _points(pieces):
        # distance inside the outline along the ray from the centre (exact for circles)
        k = math.hypot((x - cx) / rx, (y - cy) / ry)
        if k == 0:
            continue
        d = (1 - k) * math.hypot(x - cx, y - cy) / k
        worst = d if worst is None else min(worst, d)
    if worst is None or worst >= s - TOLERANCE_MM * MM:
        return None
    what = "text" if el.attrs.get("type") in TEXTUAL else "icon"
    return cfg.finding("safe-area", el.pos, f"{what} of element `{el.name}` on {where} comes {_mm(worst)} from the "
                       f"round edge, inside the {_mm(s)} safe margin (`safe:` of layout `{layout.name}`) — move it "
                       f"inwards or make it smaller", card, worst)


def _contrast(cfg, paints, bxs, runs, el, where, card, rule="contrast"):
    """Each run against what lies under the middle of its box (and, on a face with a gradient, under
    both its ends too: the worst of them). An outline of OUTLINE_READS or more carries a run on a ground
    its outline contrasts with."""
    worst = None
    graded = any(isinstance(p, Shape) and p.gradient is not None for _i, p, _b, _f in paints)
    for i, r in runs:
        x0, y0, x1, y1 = bxs[i]
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        need = CONTRAST_LARGE if r.size >= LARGE_PT - 1e-6 else CONTRAST_MIN
        for x in ((min(x0 + 1, cx), cx, max(x1 - 1, cx)) if graded else (cx,)):
            under = geometry.colour_at(paints, x, cy, upto=i)
            if under is None:        # over an image: not measurable here
                continue
            ratio = colour.contrast(r.color, under)
            if inksaver.outlined(r):
                ratio = max(ratio, colour.contrast(r.stroke, under))
            if ratio < need - 1e-9 and (worst is None or ratio / need < worst[0] / worst[1]):
                worst = (ratio, need, r, under)
    if worst is None:
        return None
    ratio, need, r, under = worst
    sample = r.text if len(r.text) <= 16 else r.text[:15] + "…"
    todo = ("darken the text or lighten what is behind it (or the other way round)" if rule == "contrast" else
            "the ink saver darkens light text, lightens fills of 15 % of the face or more and keeps smaller "
            "ones: put such text on a light fill, or make the fill behind it large enough to be lightened")
    return cfg.finding(rule, el.pos, f"text `{sample}` of element `{el.name}` on {where}: {r.color} on "
                       f"{under} has contrast {ratio:.2f}:1, under {need:g}:1 for {r.size:g} pt text — {todo}",
                       card, ratio / need)
