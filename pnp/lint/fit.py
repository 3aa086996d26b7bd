"""The `fit` rule: a piece declared to sit on a space (`sits_on:` of a component in game.yaml) must fit it.

The piece is the trim of its front layout (each layout its cards use), or `piece:`; the space is the
element's `w` x `h` in the named layout, or `size:`. A piece fits with its `clearance` (default 1 mm) to spare in both
directions, either way round; a round piece is its diameter; a rectangular piece on a round space
(an `ellipse` element) needs its diagonal inside the circle. The finding names the margin: how
much too big, and the largest piece or the smallest space that would fit.
"""
from __future__ import annotations

import math

from pnp.core.errors import Problem, Problems, did_you_mean
from pnp.core.units import MM

ROUND = ("ellipse", "circle")


def _n(v: float) -> str:
    return f"{v / MM:.1f}".rstrip("0").rstrip(".")


def _size(w, h) -> str:
    return _n(w) if abs(w - h) < 0.01 * MM else f"{_n(w)} x {_n(h)}"


def check_fit(game, layouts, cfg) -> list:
    """The findings of every `sits_on:` of the game. Raises Problems for a space that does not exist."""
    if not cfg.on("fit"):
        return []
    out, problems = [], []
    for comp in game.components.values():
        for spot in comp.sits_on:
            lay = layouts.get(spot.layout, spot.at.get("layout", spot.pos))
            el = next((e for e in lay.elements if e.name == spot.element), None)
            if spot.element and el is None:
                problems.append(Problem(spot.at.get("element", spot.pos), f"layout `{spot.layout}` has no element "
                                        f"`{spot.element}`", did_you_mean(spot.element, [e.name for e in lay.elements])))
                continue
            space = layouts.geometry(spot.layout).get(el.name, {}) if el is not None else {}
            if spot.size:
                sw, sh = spot.size
            elif "w" in space and "h" in space:
                sw, sh = space["w"] * MM, space["h"] * MM
            else:
                out.append(cfg.finding("fit", spot.pos, f"the size of element `{el.name}` of `{spot.layout}` is a "
                                       f"template, so the fit of `{comp.id}` on it cannot be measured — give the "
                                       f"element a plain `w:` and `h:`, or give `sits_on` a `size:`"))
                continue
            picked = [i for i in comp.items if spot.picks(i)]
            seen = set()
            for item in picked:
                name = comp.layout_of(item, "front")
                if not name or name in seen:
                    continue
                seen.add(name)
                piece = layouts.get(name, comp.pos)
                f = _judge(cfg, comp, spot, item, piece, el, sw, sh)
                if f:
                    out.append(f)
    if problems:
        raise Problems(problems)
    return out


def _judge(cfg, comp, spot, item, piece, el, sw, sh):
    c = spot.clearance
    pw, ph = spot.piece or (piece.w, piece.h)
    vals = [v for _k, vs in spot.where for v in vs]
    noun = f"`{vals[0]}`" if len(vals) == 1 else "piece"
    space = f"`{el.name}` of `{spot.layout}`" if el is not None else f"space on `{spot.layout}`"
    round_space = el is not None and not spot.size and el.attrs.get("type") in ROUND
    el_name = el.name if el is not None else "space"
    if round_space:
        d = min(sw, sh)
        need = max(pw, ph) if piece.shape == "circle" else math.hypot(pw, ph)
        if need + c <= d + 1e-6:
            return None
        over = need - d
        fix = (f"make the {noun.strip('`')} ≤ {_n(d - c)} mm" + (" across" if piece.shape == "circle" else " corner to corner")
               + f" or the {el_name} ≥ {_n(need + c)} mm")
        return cfg.finding("fit", spot.pos, f"{_n(need)} mm {'round ' if piece.shape == 'circle' else ''}{noun} (component `{comp.id}`, `{piece.name}`) on the "
                           f"{_n(d)} mm round {space}: {_n(over)} mm too big — {fix} (clearance {_n(c)} mm)",
                           item.id, -over)
    ways = [(pw, ph), (ph, pw)] if abs(pw - ph) > 1e-6 else [(pw, ph)]
    best = min(ways, key=lambda wh: max(wh[0] + c - sw, wh[1] + c - sh))
    bw, bh = best
    if bw + c <= sw + 1e-6 and bh + c <= sh + 1e-6:
        return None
    ow, oh = max(0.0, bw - sw), max(0.0, bh - sh)
    if bw + c > sw + 1e-6 and bh + c > sh + 1e-6:
        over = f"{_n(ow)} x {_n(oh)} mm too big"
        fix = f"make the {noun.strip('`')} ≤ {_n(sw - c)} x {_n(sh - c)} mm or the {el_name} ≥ {_n(bw + c)} x {_n(bh + c)} mm"
    elif bw + c > sw + 1e-6:
        over = f"{_n(ow)} mm too big" if ow > 0 else f"only {_n(sw - bw)} mm to spare"
        fix = f"make the {noun.strip('`')} ≤ {_n(sw - c)} mm or the {el_name} ≥ {_n(bw + c)} mm" + \
            (" wide" if abs(sw - sh) > 0.01 * MM or abs(pw - ph) > 0.01 * MM else "")
    else:
        over = f"{_n(oh)} mm too big" if oh > 0 else f"only {_n(sh - bh)} mm to spare"
        fix = f"make the {noun.strip('`')} ≤ {_n(sh - c)} mm or the {el_name} ≥ {_n(bh + c)} mm" + \
            (" high" if abs(sw - sh) > 0.01 * MM or abs(pw - ph) > 0.01 * MM else "")
    shape = "round " if piece.shape == "circle" else ""
    return cfg.finding("fit", spot.pos, f"{_size(pw, ph)} mm {shape}{noun} (component `{comp.id}`, `{piece.name}`) "
                       f"on the {_size(sw, sh)} mm {space}: {over} — {fix} (clearance {_n(c)} mm)",
                       item.id, -max(ow, oh))
