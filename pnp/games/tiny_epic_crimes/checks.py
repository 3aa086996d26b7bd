"""Tiny Epic Crimes: deck rules and the game logic as plain functions.

The published constraints of the game (GAMES.md section 1 and the seed: [R] rules, [D] our decisions)
are constants in `published.py`; content may restate them, never loosen them. The
checks (run on every build and `pnp check`):
- 32 suspects, every evidence type splitting the deck 16/16 (here); unique names and exactly one suspect
  per combination of the five evidence values are declared in game.yaml `checks:`, and required here;
- the hole masks of the suspect backs and the envelopes (`masks.py`);
- counts, compositions, the rule parameters in game.yaml `data:` and the printed text that carries
  them (`published_checks.py` and `printed.py`).
"""
from __future__ import annotations

from collections import Counter

from pnp.rules import api
from pnp.rules.api import error
from pnp.games.tiny_epic_crimes.masks import Masks, clearances  # noqa: F401 (the tests and tools use them here)
from pnp.games.tiny_epic_crimes import published, published_checks

GAME = "tiny-epic-crimes"


# ---- game logic ----------------------------------------------------------------------------------
def _get(s, key):
    return s[key] if not hasattr(s, "get") else s.get(key)


def candidates(suspects, alibis=(), revealed=None):
    """The suspects who may still be the murderer: all suspects, minus those whose alibi card a player
    holds (`alibis`: ids), minus those contradicting any revealed evidence (`revealed`: type → value)."""
    alibis = set(alibis)
    revealed = dict(revealed or {})
    return [s for s in suspects if _get(s, "id") not in alibis
            and all(_get(s, t) == v for t, v in revealed.items())]


def next_to_act(stacks, acts="furthest_behind", tie="top"):
    """Who takes the next turn. `stacks`: hour → players in that space, bottom first. The tracker
    furthest behind acts; when several share the space, the one on top (`acts`, `tie`: the rules.yaml
    entry `turn_order`, whose published values are the defaults)."""
    occupied = {h: ps for h, ps in stacks.items() if ps}
    if not occupied:
        raise ValueError("no tracker on the time track")
    if acts not in ("furthest_behind", "furthest_ahead") or tie not in ("top", "bottom"):
        raise ValueError(f"turn order `{acts}`/`{tie}` is not one this function plays")
    space = occupied[min(occupied) if acts == "furthest_behind" else max(occupied)]
    return space[-1] if tie == "top" else space[0]


def advance(stacks, player, hours, last=48, lands="top"):
    """The time track after `player` spends `hours`: the tracker moves forward and lands on top of any
    trackers already there (`lands`: the entry `tracker_lands`). Moving beyond `last` is not allowed
    (choose another action)."""
    where = next((h for h, ps in stacks.items() if player in ps), None)
    if where is None:
        raise ValueError(f"{player} has no tracker on the time track")
    if hours < 0 or where + hours > last:
        raise ValueError(f"{player} cannot move from hour {where} by {hours}: the track ends at {last}")
    out = {h: [p for p in ps if p != player] for h, ps in stacks.items()}
    if lands == "top":
        out.setdefault(where + hours, []).append(player)
    elif lands == "bottom":
        out.setdefault(where + hours, []).insert(0, player)
    else:
        raise ValueError(f"a tracker landing `{lands}` is not one this function plays")
    return {h: ps for h, ps in out.items() if ps}


ORDER = {"badge_highest": ("badge", max), "hours_fewest": ("hours", min), "evidence_most": ("evidence", max),
         "badge_lowest": ("badge", min), "hours_most": ("hours", max), "evidence_fewest": ("evidence", min)}


def winners(accusations, murderer, order=("badge_highest", "hours_fewest", "evidence_most")):
    """The winners among the players who accused `murderer`. `accusations`: dicts with `player`,
    `accused`, `badge` (badge level), `hours` (time used) and `evidence` (evidence tokens held). Highest
    badge wins; then fewest hours; then most evidence tokens; a tie after that shares the win. Nobody
    right: an empty list (everyone loses). `order`: the entry `winner`'s tie-break order."""
    right = [a for a in accusations if a["accused"] == murderer]
    for key, best in (ORDER[o] for o in order):
        if len(right) <= 1:
            break
        top = best(a[key] for a in right)
        right = [a for a in right if a[key] == top]
    return sorted(a["player"] for a in right)


def _suspect_checks(game, comp):
    types = game.data.get("types", [])
    evidence = game.data.get("evidence", {})
    if not isinstance(types, list) or not isinstance(evidence, dict) or not all(isinstance(t, str) for t in types) or \
            not all(isinstance(evidence.get(t, []), list) and all(isinstance(v, (str, int)) for v in evidence.get(t, []))
                    for t in types):
        yield error(game.pos, "data.types should be a list of evidence types and data.evidence a map of each "
                    "type to its list of values — compare with the shipped game.yaml", check="suspects")
        return
    if comp.total != published.SUSPECTS:
        yield error(comp.pos, f"there are {comp.total} suspect cards; the game needs {published.SUSPECTS} (one per "
                    f"combination of the five evidence values)", check="suspects")
    # unique names and one suspect per combination are declared in game.yaml (`checks:`); they must stay there
    yield from api.require(game, comp.id, "unique", ("name",), "suspects")
    yield from api.require(game, comp.id, "combinations", published.TYPES, "suspects")
    for t in types:
        split = Counter(item.get(t) for item in comp.items)
        if len(set(split.values())) > 1 or len(split) != len(evidence.get(t, [])):
            yield error(comp.source or comp.pos, f"evidence `{t}` splits the suspects {dict(split)}; it must be "
                        f"an even split", check="suspects")


RING_COVER = 1.0  # mm of car beyond the accusation ring on every side (sixth read: a number near the rim showed)


def _ring_checks(game):
    """The car hides the accusation ring: the ring is smaller than the car by RING_COVER on every side
    (the engine's `sits_on` proves the opposite, a piece inside its space, so the ring is not listed there).
    Only while the rules cover the ring with the car (`accuse_ring.cover: car`); since the ninth read the
    aid is laid back aid side up instead, and the ring faces the table."""
    try:
        if api.rule(game, "accuse_ring").get("cover") != "car":
            return
    except Exception:  # noqa: BLE001 (a rules file that does not load is the rules check's to report)
        pass
    try:
        g = api.layouts(game)
        ring = g.geometry(f"{GAME}/suspect-sheet")["accuse_ring"]
        car = g.geometry(f"{GAME}/marker")
        rw, cw = float(ring["w"]), float(car["w"])
    except Exception:  # noqa: BLE001 (a layout that does not load is the build's to report)
        return
    if rw + 2 * RING_COVER > cw + 1e-6:
        yield error(g.get(f"{GAME}/suspect-sheet", game.pos).element("accuse_ring").pos,
                    f"the accusation ring is {rw:g} mm across and the car {cw:g} mm: a number written near the rim "
                    f"shows round the car — make the ring at most {cw - 2 * RING_COVER:g} mm", check="ring")


BADGE_MARGIN = 0.5  # mm between the badge and the inside of its ring's line, on every side
BADGE_GAP = 0.4     # mm between neighbouring rings of the badge track


def _badge_track_checks(game):
    """The badge sits inside its ring's drawn line with BADGE_MARGIN to spare, and neighbouring rings do not
    touch (fourteenth read: the `fit` lint measured the ring's outline, not the inside of its 0.6 mm line,
    and the rings overlapped at an 11 mm pitch). The ring is the officer mat's `space` (its plain `w` and
    `stroke_width`), the pitch `data.badge_track.pitch`, the badge the marker's trim."""
    try:
        g = api.layouts(game)
        space = g.geometry(f"{GAME}/officer")["space"]
        marker = g.geometry(f"{GAME}/marker")
        track = game.data["badge_track"]
        ring, line, pitch, badge = float(space["w"]), float(space.get("stroke_width", 0)), \
            float(track["pitch"]), float(marker["w"])
    except Exception:  # noqa: BLE001 (a layout that does not load is the build's to report)
        return
    pos = g.get(f"{GAME}/officer", game.pos).element("space").pos
    inside = ring - line
    if inside - badge < 2 * BADGE_MARGIN - 1e-6:
        yield error(pos, f"the badge track's rings are {inside:g} mm inside their line and the badge {badge:g} mm: "
                    f"it needs {BADGE_MARGIN:g} mm on every side — make the ring at least "
                    f"{badge + 2 * BADGE_MARGIN + line:g} mm", check="badge_track")
    if pitch - (ring + line) < BADGE_GAP - 1e-6:
        yield error(pos, f"the badge track's rings are {ring + line:g} mm across their line at a {pitch:g} mm pitch: "
                    f"neighbours must be {BADGE_GAP:g} mm apart — make the pitch at least {ring + line + BADGE_GAP:g} mm",
                    check="badge_track")
    if abs(float(track.get("ring", ring)) - ring) > 1e-6:
        yield error(pos, f"data.badge_track.ring is {track.get('ring')} mm but the mat draws {ring:g} mm", check="badge_track")


# event card: (text box, what stands below it) — the fitter keeps a text inside its box, so a box that stops
# EVENT_GAP above the next label keeps its last line clear of it (fifteenth read: Press Leak's four-line
# penalty, fitted to a box 0.5 mm above the SOLVE label, ran onto it; no lint measures the space between
# two elements, so the boxes are held apart here)
EVENT_STACK = (("setup", "l_penalty"), ("penalty", "l_resolve"), ("resolve", "reward_bg"))
EVENT_GAP = 1.0   # mm


def _event_gap_checks(game):
    try:
        g = api.layouts(game)
        geo = g.geometry(f"{GAME}/event")
        lay = g.get(f"{GAME}/event", game.pos)
    except Exception:  # noqa: BLE001 (a layout that does not load is the build's to report)
        return
    for body, below in EVENT_STACK:
        try:
            b, n = geo[body], geo[below]
            bottom, top = float(b["y"]) + float(b["h"]), float(n["y"])
        except (KeyError, TypeError, ValueError):
            yield error(game.pos, f"the event layout needs elements `{body}` and `{below}` with plain y and h "
                        f"(the gap between them is checked)", check="event_gaps")
            continue
        if top - bottom < EVENT_GAP - 1e-6:
            yield error(lay.element(body).pos, f"the event card's `{body}` box ends {bottom:g} mm down and `{below}` "
                        f"starts at {top:g} mm: a full box's last line touches it — leave at least {EVENT_GAP:g} mm",
                        check="event_gaps")


def check(game):
    yield from _ring_checks(game)
    yield from _event_gap_checks(game)
    yield from _badge_track_checks(game)
    comp = game.components.get("suspects")
    if comp is not None:
        yield from _suspect_checks(game, comp)
    from pnp.games.tiny_epic_crimes.masks import _mask_checks
    yield from _mask_checks(game)
    yield from published_checks.check(game)
    from pnp.games.tiny_epic_crimes import printed as tiny_epic_crimes_printed
    yield from tiny_epic_crimes_printed.check(game)


def summary(game):
    comp = game.components.get("suspects")
    if comp is None:
        return []
    combos = len({tuple(it.get(t) for t in game.data['types']) for it in comp.items})
    lines = [{"en": f"{comp.total} suspects, {combos} distinct evidence combinations",
              "zh-TW": f"嫌疑犯 {comp.total} 張，證據組合 {combos} 種"}]
    try:
        tol, gap = game.data['envelope']['tolerance'], clearances(game)
        lines.append({"en": f"hole masks: with the card shifted {tol} mm, every window stays "
                            f"{gap:.2f} mm or more away from any other icon",
                      "zh-TW": f"證據袋窗孔：卡片偏移 {tol} mm 時，每個窗孔離其他圖示至少 {gap:.2f} mm"})
    except Exception:  # reported by check()
        pass
    return lines


def report(game):
    """Charts: how each evidence type splits the suspect deck."""
    comp = game.components.get("suspects")
    if comp is None:
        return []
    types = list(game.data["types"])
    names, tnames = game.data.get("value_name", {}), game.data.get("type_name", {})   # {lang: text} maps
    first = [sum(1 for it in comp.items if it.get(t) == game.data["evidence"][t][0]) for t in types]
    second = [sum(1 for it in comp.items if it.get(t) == game.data["evidence"][t][1]) for t in types]
    suspects = {"en": "suspects", "zh-TW": "嫌疑犯人數"}
    charts = [{"title": {"en": "Evidence split per type", "zh-TW": "各類證據的兩種值"}, "labels": [tnames.get(t, t) for t in types],
               "series": [[{"en": "first value", "zh-TW": "第一種值"}, first], [{"en": "second value", "zh-TW": "第二種值"}, second]],
               "y_label": suspects}]
    for t in types:
        vals = game.data["evidence"][t]
        tn = tnames.get(t, t)
        title = {lang: f"{tn.get(lang, t) if isinstance(tn, dict) else tn}{sep}" for lang, sep in
                 (("en", ": suspects per value"), ("zh-TW", "：各值的嫌疑犯人數"))}
        charts.append({"title": title, "labels": [names.get(v, v) for v in vals], "y_label": suspects,
                       "series": [[suspects, [sum(1 for it in comp.items if it.get(t) == v) for v in vals]]]})
    return charts
