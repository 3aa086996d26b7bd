"""Doomsday Files: the printed tracks and symbols agree with the rules.

Read from the same layouts the build draws (`layouts/doomsday-files/*.yaml`), with their templates
evaluated for each repeated instance:
- the doom track (`doom`, elements `cell`, `num`, `claim`, `skull`): spaces DOOM_START..DOOM_MAX, one
  cell each, numbered in order; under each space the rise of a failed guardian claim from there
  (`failed_claim_doom`); the skull drawn on the last space; every cell fits the marker named in
  `data.marker` (a coin of 26 mm);
- the sanity card (`sanity`, elements `cell`, `num`, `start`): the track from SANITY_TRACK down to 0,
  the start value marked, and room for the highest limit a profession can give;
- the action card (`action`, element `sym`): as many symbols as the card's power.
"""
from __future__ import annotations


from pnp.rules import api
from pnp.rules.api import error
from pnp.games.doomsday_files import logic as L

CHECK = "doomsday-files:print"
DOOM, SANITY, ACTION = "doomsday-files/doom", "doomsday-files/sanity", "doomsday-files/action"


class Printed:
    """Evaluates a layout's elements for one language, as the build does."""

    def __init__(self, game, lang=None):
        self.t, self.u = api, api
        self.game = game
        self.lang = lang or game.languages[0]
        self.layouts = api.layouts(game)
        self.gc = api.context(game, self.lang)

    def ctx(self, comp=None, index=0):
        if comp is not None and comp.items:
            return self.gc.face(comp, index)
        g = self.gc.game
        return {"data": g["data"], "game": g, "palette": g["palette"], "lang": self.lang, "copy": 0,
                "card": {}, "deck": {}}

    def instances(self, layout, el, ctx):
        raw = el.attrs.get("repeat")
        if raw is None:
            return [ctx]
        return [dict(ctx, item=item, index=i) for i, item in enumerate(self.t.evaluate(str(raw), ctx))]

    def value(self, el, key, ctx):
        raw = el.attrs.get(key)
        if isinstance(raw, dict):
            raw = raw.get(self.lang)
        if self.t.is_template(raw):
            raw = self.t.render(raw, ctx)
        return raw

    def mm(self, el, key, ctx):
        return self.u.mm(self.u.length(self.value(el, key, ctx)))

    def box(self, el, ctx):
        return tuple(self.mm(el, k, ctx) for k in ("x", "y", "w", "h"))

    def shown(self, el, ctx):
        when = el.attrs.get("when", True)
        return bool(self.t.evaluate(when, ctx)) if isinstance(when, str) else bool(when)


def _inside(inner, outer, eps=0.01):
    return (outer[0] - eps <= inner[0] and outer[1] - eps <= inner[1] and
            inner[0] + inner[2] <= outer[0] + outer[2] + eps and inner[1] + inner[3] <= outer[1] + outer[3] + eps)


def _need(layout, names):
    missing = [n for n in names if layout.element(n) is None]
    return missing


def check(game):
    comps = game.components
    try:
        p = Printed(game)
    except Exception:
        return []                     # content the build cannot load is reported by the build
    out = []
    for comp_id, fn in (("doom", _doom), ("sanity", _sanity), ("actions", _actions)):
        comp = comps.get(comp_id)
        if comp is None:
            continue
        try:
            layout = p.layouts.get(comp.front, comp.pos)
        except Exception:
            continue
        try:
            out += fn(p, layout, comp)
        except Exception as e:        # a template the build will report with its position
            out.append(error(layout.pos, f"the {comp_id} layout could not be checked against the rules ({e})",
                             check=CHECK))
    return out


def _doom(p, layout, comp):
    missing = _need(layout, ("cell", "num", "claim", "skull"))
    if missing:
        return [error(layout.pos, f"the doom track layout has no `{missing[0]}` element — the rules read the "
                                  f"track from `cell`, `num`, `claim` and `skull`", check=CHECK)]
    out = []
    ctx = p.ctx(comp)
    cell, num, claim, skull = (layout.element(n) for n in ("cell", "num", "claim", "skull"))
    cells = [p.box(cell, c) for c in p.instances(layout, cell, ctx)]
    want = list(range(L.DOOM_START, L.DOOM_MAX + 1))
    if len(cells) != len(want):
        out.append(error(cell.at.get("repeat", cell.pos), f"the doom track has {len(cells)} spaces but doom runs "
                         f"{L.DOOM_START}–{L.DOOM_MAX} ({len(want)} spaces) — repeat over data.doom_max", check=CHECK))
    nums = [str(p.value(num, "text", c)).strip() for c in p.instances(layout, num, ctx) if p.shown(num, c)]
    if nums != [str(n) for n in want]:
        out.append(error(num.at.get("text", num.pos), f"the doom track is numbered {', '.join(nums)} but doom runs "
                         f"{L.DOOM_START}–{L.DOOM_MAX} — number the spaces from data", check=CHECK))
    claims = [(c["index"], str(p.value(claim, "text", c)).strip()) for c in p.instances(layout, claim, ctx)
              if p.shown(claim, c)]
    for i, text in claims:
        rise = L.failed_claim_doom(want[i]) if i < len(want) else None
        if text != f"+{rise}":
            out.append(error(claim.at.get("text", claim.pos), f"under doom {i} the track prints “{text}” but a failed "
                             f"guardian claim there adds +{rise} (half of {L.DOOM_MAX} − {i}, rounded up)", check=CHECK))
            break
    if len(claims) != len(want) - 1:
        out.append(error(claim.at.get("repeat", claim.pos), f"the track shows the failed-claim rise under "
                         f"{len(claims)} spaces; every space below {L.DOOM_MAX} needs it", check=CHECK))
    skull_box = p.box(skull, ctx)
    if len(cells) == len(want) and not (p.shown(skull, ctx) and _inside(skull_box, cells[-1])):
        out.append(error(skull.pos, f"the skull is not drawn on space {L.DOOM_MAX}, where the heretic wins",
                         check=CHECK))
    marker = p.gc.game["data"].get("marker")
    marker = marker.get("size_mm") if isinstance(marker, dict) else None
    if not isinstance(marker, (int, float)) or isinstance(marker, bool):
        out.append(error(_marker_pos(p.game),
                         "`data.marker` should say how wide the doom marker is, e.g. `{size_mm: 26}` for a coin",
                         check=CHECK))
    elif marker < L.MARKER_MM:
        out.append(error(_marker_pos(p.game), f"`data.marker` is {marker} mm: the doom spaces must fit a coin "
                         f"({L.MARKER_MM} mm, e.g. NT$10, a euro, a US quarter)", check=CHECK))
    else:
        small = [i for i, b in enumerate(cells) if min(b[2], b[3]) < marker]
        if small:
            out.append(error(cell.at.get("w", cell.pos), f"doom space {small[0]} is "
                             f"{min(cells[small[0]][2:]):.1f} mm across; the marker (`data.marker`) needs {marker} mm",
                             check=CHECK))
    return out


def _marker_pos(game):
    data = game.meta.get("data") if hasattr(game.meta, "get") else None
    return data.at("marker") if hasattr(data, "at") and "marker" in data else game.pos


def _sanity(p, layout, comp):
    missing = _need(layout, ("cell", "num"))
    if missing:
        return [error(layout.pos, f"the sanity card layout has no `{missing[0]}` element — the rules read the "
                                  f"track from `cell` and `num`", check=CHECK)]
    out = []
    ctx = p.ctx(comp)
    cell, num = layout.element("cell"), layout.element("num")
    nums = [str(p.value(num, "text", c)).strip() for c in p.instances(layout, num, ctx)]
    want = [str(n) for n in range(L.SANITY_TRACK, -1, -1)]
    if nums != want:
        out.append(error(num.at.get("text", num.pos), f"the sanity track is numbered {', '.join(nums)}; the rules "
                         f"give {L.SANITY_TRACK} down to 0 — number it from data.sanity_track", check=CHECK))
    fills = [str(p.value(cell, "fill", c)) for c in p.instances(layout, cell, ctx)]
    if len(fills) == len(want):
        start = want.index(str(L.SANITY_START))
        if fills.count(fills[start]) != 1:
            out.append(error(cell.at.get("fill", cell.pos), f"the sanity track does not mark the start value "
                             f"{L.SANITY_START} with a colour of its own", check=CHECK))
    profs = p.game.components.get("professions")
    # Lasting abilities add up (every covered profession's ♥ keeps counting), so the largest limit a player
    # can reach is the start plus every raise in the deck: the track must reach it, or a ruling is needed.
    raises = [it.get("sanity", 0) for it in profs.items] if profs else []
    if all(isinstance(r, int) for r in raises) and L.SANITY_START + sum(raises) > L.SANITY_TRACK:
        out.append(error(num.pos, f"the professions' raises can take the limit to {L.SANITY_START + sum(raises)}, "
                                  f"above the track's {L.SANITY_TRACK}", check=CHECK))
    return out


def _actions(p, layout, comp):
    """Each card's corners as printed: its symbols (icon and count), its case mark, its difficulty, and
    the FORBIDDEN band exactly on forbidden cards."""
    names = ("sym", "case_mark", "difficulty", "forbidden_word")
    missing = _need(layout, names)
    if missing:
        return [error(layout.pos, f"the action card layout has no `{missing[0]}` element — the rules read the "
                                  f"printed corners from {', '.join(f'`{n}`' for n in names)}", check=CHECK)]
    sym, mark, diff, forb = (layout.element(n) for n in names)
    out, done = [], set()

    def bad(el, key, it, msg):
        if el.name not in done:
            done.add(el.name)
            out.append(error(el.at.get(key, el.pos), f"the action card layout {msg}", it.id, CHECK))

    for i, it in enumerate(comp.items):
        ctx = p.ctx(comp, i)
        shown = [c for c in p.instances(layout, sym, ctx) if p.shown(sym, c)]
        if len(shown) != it.get("power"):
            bad(sym, "repeat", it, f"draws {len(shown)} symbol(s) on `{it.id}`, whose power is {it.get('power')} — "
                                   f"repeat over range(card.power)")
        icon = L.SYMBOL_ICONS.get(it.get("symbol"))
        if any(p.value(sym, "name", c) != icon for c in shown):
            bad(sym, "name", it, f"draws another symbol than {icon} on `{it.id}` ({it.get('symbol')})")
        want = L.CASE_MARKS.get(it.get("case"))
        if not p.shown(mark, ctx) or p.value(mark, "name", ctx) != want:
            bad(mark, "name", it, f"does not mark `{it.id}` as a {it.get('case')} ({want})")
        if not p.shown(diff, ctx) or str(p.value(diff, "text", ctx)).strip() != str(it.get("difficulty")):
            bad(diff, "text", it, f"does not print `{it.id}`'s difficulty {it.get('difficulty')} in its corner")
        if p.shown(forb, ctx) != bool(it.get("forbidden")):
            bad(forb, "when", it, f"{'leaves out' if it.get('forbidden') else 'prints'} the forbidden band on "
                                  f"`{it.id}`, which is {'' if it.get('forbidden') else 'not '}forbidden")
    return out
