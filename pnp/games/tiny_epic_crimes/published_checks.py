"""Tiny Epic Crimes: the checks that hold the content to the published constraints (published.py) —
game.yaml `data:` restating the published numbers, numbers that must fit each other, the pieces of
each component, the tokens and what they print, and rules.yaml against `RULES` and against `data:`.

Each finding is reported at the line it concerns; `check` runs them all (called by checks.check).
"""
from __future__ import annotations

from collections import Counter

from pnp.rules.api import data_pos, error
from pnp.games.tiny_epic_crimes.published import (ACTIONS, BADGE_ACTIONS, CITY, CLUE, COUNTS, DATA, ENTRY_DATA,
                                                   EVIDENCE, MODES, REWARD_NAMES, RULES, SEARCH_SUCCESSES_MIN,
                                                   SOLO_OFFICERS, TIEBREAK, TOKEN_COMPONENTS, TOKENS, TYPES)


def _hours(v):
    if isinstance(v, dict):
        return (v.get("min"), v.get("max"))
    return v


def _data_checks(game):
    d = game.data
    if list(d.get("types", [])) != list(TYPES) or \
            {t: tuple(d.get("evidence", {}).get(t, ())) for t in TYPES} != EVIDENCE:
        yield error(data_pos(game, "evidence"), f"data.types / data.evidence differ from the published evidence "
                    f"({', '.join(f'{t}: {a}/{b}' for t, (a, b) in EVIDENCE.items())}) — restore them", check="data")
    for key, want in DATA.items():
        if d.get(key) != want:
            yield error(data_pos(game, key), f"data.{key} is {d.get(key)!r}; the rules say {want!r} — "
                        f"write {want!r}", check="data")
    clue = d.get("clue", {}) if isinstance(d.get("clue"), dict) else {}
    for t, (token, count) in CLUE.items():
        c = clue.get(t, {}) if isinstance(clue.get(t), dict) else {}
        if c.get("token") != token or c.get("count") != count:
            yield error(data_pos(game, "clue", t), f"data.clue.{t} says {c.get('count')} × {c.get('token')}; the rules "
                        f"find the {t} evidence with {count} × {token}", check="data")
    actions = d.get("actions", [])
    ids = [a.get("id") if isinstance(a, dict) else None for a in actions] if isinstance(actions, list) else []
    if sorted(map(str, ids)) != sorted(ACTIONS):
        yield error(data_pos(game, "actions"), f"data.actions lists {ids}; the rules have exactly these actions: "
                    f"{', '.join(ACTIONS)}", check="data")
    for i, a in enumerate(actions if isinstance(actions, list) else []):
        if not isinstance(a, dict) or a.get("id") not in ACTIONS:
            continue
        when, hours, nights = ACTIONS[a["id"]]
        have = (a.get("when"), _hours(a.get("hours")), a.get("nights", 1))
        if have != (when, hours, nights):
            yield error(data_pos(game, "actions", i), f"action `{a['id']}` is {have[0]}, {have[1]} h"
                        f"{f', over {have[2]} nights' if have[2] != 1 else ''}; the rules say {when}, {hours} h"
                        f"{f', over {nights} nights' if nights != 1 else ''}", check="data")
        if bool(a.get("badge")) != (a["id"] in BADGE_ACTIONS):
            yield error(data_pos(game, "actions", i), f"action `{a['id']}` {'gives' if a.get('badge') else 'does not give'} "
                        f"a badge step on the aid; the rules: {'it does' if a['id'] in BADGE_ACTIONS else 'it does not'}",
                        check="data")
    tb = d.get("tiebreak", [])
    have = [(t.get("key"), t.get("best")) for t in tb if isinstance(t, dict)] if isinstance(tb, list) else []
    if have != list(TIEBREAK):
        yield error(data_pos(game, "tiebreak"), f"data.tiebreak is {have}; among correct accusers the rules rank "
                    f"highest badge, then fewest hours, then most evidence tokens", check="data")
    modes = d.get("modes", {}) if isinstance(d.get("modes"), dict) else {}
    for m, (lo, hi) in MODES.items():
        v = modes.get(m, {}) if isinstance(modes.get(m), dict) else {}
        if (v.get("min"), v.get("max")) != (lo, hi):
            yield error(data_pos(game, "modes", m), f"data.modes.{m} is for {v.get('min')}–{v.get('max')} players; "
                        f"the rules: {lo}–{hi}", check="data")
    if (modes.get("solo") or {}).get("officers") != SOLO_OFFICERS:
        yield error(data_pos(game, "modes", "solo"), f"data.modes.solo.officers should be {SOLO_OFFICERS} (the solo "
                    f"detective runs two officers)", check="data")
    yield from _linked(game)


def _linked(game):
    """Numbers that must fit each other: a requirement the pieces can never meet is an error."""
    d = game.data
    ints = lambda *ks: all(isinstance(d.get(k), int) and not isinstance(d.get(k), bool) for k in ks)  # noqa: E731
    if ints("accuse_from", "late_event_from", "hours") and not d["late_event_from"] < d["accuse_from"] <= d["hours"]:
        yield error(data_pos(game, "accuse_from"), f"the red hours {d['accuse_from']}–{d['hours']} must lie on the track "
                    f"and after the late events ({d['late_event_from']}+)", check="linked")
    for key in ("event_lines", "coop_event_lines"):
        lines = d.get(key, [])
        if ints("hours") and (not isinstance(lines, list) or not all(isinstance(x, int) for x in lines)
                              or lines != sorted(set(lines)) or not all(1 <= x < d["hours"] for x in lines)):
            yield error(data_pos(game, key), f"data.{key} must be increasing hours between 1 and {d['hours'] - 1}",
                        check="linked")
    rewards = d.get("badge_rewards", {})
    if ints("badge_max") and isinstance(rewards, dict) and any(not isinstance(k, int) or not 1 <= k <= d["badge_max"]
                                                               for k in rewards):
        yield error(data_pos(game, "badge_rewards"), f"badge reward spaces must lie on the track 1–{d['badge_max']}",
                    check="linked")
    actions = {a.get("id"): a for a in d.get("actions", []) if isinstance(a, dict)}
    backup = _hours(actions.get("backup", {}).get("hours"))
    if ints("die_faces") and isinstance(backup, tuple) and backup[1] != d["die_faces"]:
        yield error(data_pos(game, "actions"), f"calling backup may spend up to {backup[1]} h but the bullet die has "
                    f"{d['die_faces']} faces: the most hours must make every roll succeed", check="linked")
    tokens = [it for _c, it in _token_items(game)]
    have = Counter()
    for it in tokens:
        have[(it.get("kind"), str(it.get("value")))] += it.copies
    stake = _hours(actions.get("stakeout", {}).get("hours"))
    top = max((int(v) for (k, v) in have if k == "stakeout" and v.isdigit()), default=0)
    if isinstance(stake, tuple) and isinstance(stake[1], int) and top > stake[1]:
        yield error(data_pos(game, "actions"), f"a stakeout spends at most {stake[1]} h, so the stakeout token {top} "
                    f"can never be taken", check="linked")
    for t, (token, count) in CLUE.items():
        c = (d.get("clue") or {}).get(t) or {}
        need = c.get("count") if isinstance(c, dict) else None
        avail = have[("search", "success")] if token == "search" else sum(n for (k, _v), n in have.items() if k == token)
        if tokens and isinstance(need, int) and need > avail:
            yield error(data_pos(game, "clue", t), f"finding the {t} evidence needs {need} {token} tokens but only "
                        f"{avail} exist", check="linked")
    if tokens and have[("search", "success")] < SEARCH_SUCCESSES_MIN:
        first = next(it for it in tokens if it.get("kind") == "search") if have[("search", "success")] + \
            have[("search", "fail")] else tokens[0]
        yield error(first.pos, f"only {have[('search', 'success')]} search tokens are successes; at "
                    f"least {SEARCH_SUCCESSES_MIN} are needed to find the forensics evidence", check="linked")
    mats = game.components.get("timetrack")
    if mats and ints("mat_hours", "hours"):
        starts = sorted(it.get("start") for it in mats.items)
        want = list(range(1, d["hours"] + 1, d["mat_hours"]))
        if starts != want:
            yield error(mats.pos, f"the time track mats start at {starts}; to cover hours 1–{d['hours']} with "
                        f"{d['mat_hours']} hours a mat they must start at {want}", check="linked")


def _count_checks(game):
    comps = game.components
    for cid, want in COUNTS.items():
        comp = comps.get(cid)
        if comp is None:
            yield error(game.pos, f"the component `{cid}` is missing; the game needs {want} piece(s)", check="counts")
        elif comp.total != want:
            yield error(comp.source or comp.pos, f"`{cid}` has {comp.total} pieces; the game needs {want}", check="counts")
    city = comps.get("city")
    for field, counts in CITY.items():
        have = Counter()
        for it in (city.items if city else ()):
            have[it.get(field)] += it.copies
        for value, want in counts.items():
            if city and have[value] != want:
                yield error(city.source or city.pos, f"`city` has {have[value]} with {field} = {value}; the game needs "
                            f"{want}", check="counts")
    yield from _token_checks(game)
    yield from _expect_restates(game)


def _token_items(game):
    for cid in TOKEN_COMPONENTS:
        comp = game.components.get(cid)
        for it in (comp.items if comp else ()):
            yield comp, it


def _token_checks(game):
    tokens = game.components.get("tokens")
    if tokens is None:
        return                                   # reported with the counts
    have = {}
    first = {}
    for _c, it in _token_items(game):
        k, v = it.get("kind"), str(it.get("value"))
        have.setdefault(k, Counter())[v] += it.copies
        first.setdefault(k, it)
    for kind, values in TOKENS.items():
        got = dict(have.get(kind, {}))
        if got != values:
            at = first.get(kind)
            want = ", ".join(f"{n} × {v or kind}" for v, n in values.items())
            yield error(at.pos if at else tokens.source or tokens.pos, f"the `{kind}` tokens are "
                        f"{', '.join(f'{n} × {v or kind}' for v, n in got.items()) or 'missing'}; the game needs {want} "
                        f"(kind = {kind}; the game needs {sum(values.values())})", at.id if at else None, "counts")
    for _c, it in _token_items(game):   # numbers printed on tokens are their values
        k, v = it.get("kind"), str(it.get("value"))
        if k in ("dice-white", "dice-black") and (it.get("label") != v or it.get("back_label") != v):
            yield error(it.at("label"), f"dice token `{it.id}` prints {it.get('label')!r}/{it.get('back_label')!r} but is "
                        f"worth {v}", it.id, "printed")
        if k == "stakeout" and it.get("back_label") != v:
            yield error(it.at("back_label"), f"stakeout token `{it.id}` prints {it.get('back_label')!r} but is worth {v}",
                        it.id, "printed")
        if k == "badge" and it.get("back_label") != game.data.get("badge_flip"):
            yield error(it.at("back_label"), f"badge `{it.id}` should print data.badge_flip "
                        f"({game.data.get('badge_flip')!r}) on its back", it.id, "printed")


def _expect_restates(game):
    """A legacy `data.expect` may only restate the rules' own counts."""
    expect = game.data.get("expect")
    if expect is None:
        return
    if not isinstance(expect, dict):
        yield error(data_pos(game, "expect"), "data.expect should be a map of component → count", check="counts")
        return
    for cid, want in expect.items():
        if isinstance(want, int) and not isinstance(want, bool):
            if cid in COUNTS and want != COUNTS[cid]:
                yield error(data_pos(game, "expect", cid), f"data.expect.{cid} says {want}; the rules say "
                            f"{COUNTS[cid]} — the rules' counts cannot be changed here", check="counts")
        elif isinstance(want, dict):
            for key, n in want.items():
                field, _, value = str(key).partition("=")
                rule = (TOKENS.get(value, {}) and sum(TOKENS[value].values())) if cid == "tokens" else \
                    CITY.get(field, {}).get(value)
                if rule is not None and n != rule:
                    yield error(data_pos(game, "expect", cid), f"data.expect.{cid} says {key}: {n}; the rules say "
                                f"{rule}", check="counts")
        else:
            yield error(data_pos(game, "expect", cid), f"data.expect.{cid} should be a count or a map of "
                        f"`field=value: count`", check="counts")


def check(game):
    yield from _data_checks(game)
    yield from _count_checks(game)
    yield from entries_check(game)


def _data(game, path):
    v = game.data
    for k in path:
        if not isinstance(v, dict) or k not in v:
            return None
        v = v[k]
    return v


def entries_check(game):
    """rules.yaml against the published rules, and against the numbers `data:` prints."""
    from pnp.rules.api import judge
    yield from judge(game, RULES)
    entries = getattr(game, "entries", None) or {}
    at = getattr(entries, "at", None)

    def pos(name, key):
        e = entries.get(name)
        return e.at(key) if hasattr(e, "at") and key in e else at(name) if at else game.pos

    for (name, key), path in ENTRY_DATA.items():
        e = entries.get(name)
        if not isinstance(e, dict) or key not in e:
            continue
        printed = _data(game, path)
        if printed != e[key]:
            yield error(pos(name, key), f"rule `{name}`: `{key}` is {e[key]!r} but the print says data."
                        f"{'.'.join(path)} = {printed!r} — make the two agree", check=f"rules:{name}")
    rewards = entries.get("badge_rewards")
    if isinstance(rewards, dict) and isinstance(game.data.get("badge_rewards"), dict):
        have = {int(k.removeprefix("space_")): REWARD_NAMES.get(v, v) for k, v in rewards.items()
                if isinstance(k, str) and k.startswith("space_") and k[6:].isdigit()}
        if have != dict(game.data["badge_rewards"]):
            yield error(pos("badge_rewards", "space_3"), f"rule `badge_rewards` gives {have} but the print says "
                        f"data.badge_rewards = {dict(game.data['badge_rewards'])} — make the two agree",
                        check="rules:badge_rewards")
    lines = entries.get("event_lines")
    last = (entries.get("time_track") or {}).get("last")
    if isinstance(lines, dict) and isinstance(last, int):
        for key, data_key in (("standard_every", "event_lines"), ("coop_every", "coop_event_lines")):
            every = lines.get(key)
            if isinstance(every, int) and every > 0 and list(range(every, last, every)) != game.data.get(data_key):
                yield error(pos("event_lines", key), f"rule `event_lines`: a line every {every} hours is not where "
                            f"data.{data_key} prints them ({game.data.get(data_key)}) — make the two agree",
                            check="rules:event_lines")
