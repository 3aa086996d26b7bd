"""Tiny Epic Crimes: the published constraints, as this module's own constants, and the checks that hold
the content to them.

Sources: the seed rule text (000) and GAMES.md section 1. [R] = stated by the published rules; [D] = a
project decision where they are silent (recorded in game.yaml `notes`). Content may restate these
numbers (game.yaml `data:` carries every one a player reads, so that cards, mats and the booklet print
them from one place) but never loosen them: a `data:` value that differs is reported at its line.
"""
from __future__ import annotations

from collections import Counter

from pnp.rules.api import data_pos, error

TYPES = ("gang", "rank", "forensics", "getaway", "weapon")                           # [R] slot order [D]
EVIDENCE = {"gang": ("rhinos", "bees"), "rank": ("boss", "underboss"),                # [R]
            "forensics": ("fingerprints", "shoeprints"), "getaway": ("car", "motorcycle"), "weapon": ("gun", "knife")}
SUSPECTS = 2 ** len(TYPES)                                                             # [D] one per combination

# pieces per component (copies counted)
COUNTS = {"suspects": SUSPECTS, "city": 25, "events": 24, "force": 16, "abilities": 12,   # [R] 25, [D] 24/16/12
          "officers": 4, "timetrack": 2, "envelopes": 6, "eventslots": 1, "dice": 1,
          "tokens": 43, "mobsters": 21, "markers": 12}
TOKEN_COMPONENTS = ("tokens", "mobsters", "markers")      # where the token kinds below may be                  # [R] 4 players, 2 mats, 5+1
CITY = {"kind": {"hq": 1, "district": 24}, "mark": {"magnifier": 7, "binoculars": 5, "none": 13}}   # [R]
PLAYER_COLOURS = ("p1", "p2", "p3", "p4")
# token kind → value → pieces
TOKENS = {
    "dice-white": {str(i): 1 for i in range(1, 6)},           # [R] 5 white dice tokens (columns 1–5)
    "dice-black": {str(i): 1 for i in range(1, 6)},           # [R] 5 black dice tokens (rows 1–5)
    "informant": {"": 5}, "witness": {"": 5},                  # [R]
    "search": {"success": 4, "fail": 3},                       # [R] 7, at least 3 successes; [D] 4/3
    "stakeout": {str(i): 1 for i in range(1, 6)},             # [R] numbered 1–5
    "holding": {"red": 1, "blue": 1, "grey": 1},               # [R]
    "evidence": {t: 1 for t in TYPES},                         # [R] 5
    "mobster": {"red": 6, "blue": 6, "grey": 6},               # [R] three colours; [D] 6 each
    "event": {"": 6},                                          # [D]
    "tracker": {p: 1 for p in PLAYER_COLOURS}, "car": {p: 1 for p in PLAYER_COLOURS},
    "badge": {p: 1 for p in PLAYER_COLOURS},                   # [R] one each per player
}
SEARCH_SUCCESSES_MIN = 3                                      # [R]

# rule parameters that game.yaml `data:` must state exactly (and that the print takes from there)
DATA = {
    "first_hour": 1,            # [R] the time track starts at 1 (trackers start beside it)
    "hours": 48,                # [R] the time track 1–48; no tracker moves past it
    "badge_min": 0,             # [R] badges start on 0 (and start again there on the 10+ side)
    "accuse_from": 43,          # [R] hours 43–48 are red: accuse
    "late_event_from": 38,      # [R] a "38+" event needs a tracker on 38–48
    "event_slots": 3,           # [R] at most 3 events open, slots numbered 1–3
    "city_size": 5,             # [R] 5 x 5 city round HQ
    "drive_hours": 1,           # [R] 1 hour per block driven
    "bullet_dice": 2,           # [R]
    "die_faces": 6,             # [R] d6
    "mobsters_at_setup": 3,     # [R]
    "abilities_dealt": 2,       # [R] deal 2, keep 1
    "abilities_kept": 1,        # [R]
    "force_dealt": 1,           # [R]
    "badge_max": 9,             # [R] track 0–9, then the 10+ side
    "badge_flip": "10+",        # [R]
    "badge_per_clue": 1,        # [R]
    "car_capacity": 1,          # [R] at most 1 mobster on your mat (holding)
    "troubled_hours": 1,        # [R] troubled times, suspect deck empty: every tracker +1
    "day_night": 12,            # [D] day and night blocks of 12 hours, day first
    "mat_hours": 24,            # [R] two mats make 1–48
}
CLUE = {"gang": ("witness", 5), "rank": ("informant", 5), "forensics": ("search", 3),   # [R] (gang: the
        "getaway": ("stakeout", 3), "weapon": ("holding", 3)}                           # 5 witnesses, by elimination)
# action → (when, hours: int or (min, max) or None, nights)
ACTIONS = {"arrest": ("any", 1, 1), "coffee": ("any", 1, 1), "backup": ("day", (1, 6), 1),        # [R]
           "informant": ("day", 2, 1), "witness": ("night", 2, 1), "search": ("day", 2, 1),
           "stakeout": ("night", (1, 5), 1), "holding": ("night", 2, 2), "accuse": ("late", None, 1)}
BADGE_ACTIONS = {"informant", "witness", "search", "stakeout", "holding"}                 # [R] a clue token: badge +1
TIEBREAK = (("badge", "max"), ("hours", "min"), ("evidence", "max"))                     # [R]
MODES = {"standard": (2, 4), "coop": (2, 4), "solo": (1, 1)}                             # [R] 1–4; [D] split
SOLO_OFFICERS = 2                                                                        # [D]


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


# ---- the rules as entries (content/tiny-epic-crimes/rules.yaml) -----------------------------------
# rule name → what the published game says, and the values each parameter may take. An entry that
# leaves them is a finding at its line (api.judge); the edition's own decisions are not listed here.
RULES = {
    "time_track": {"rule": "the time track runs from hour 1 to hour 48", "first": (1,), "last": (48,)},
    "turn_order": {"rule": "the officer whose tracker is furthest behind acts next; on a shared space, the one on top",
                   "acts": ("furthest_behind",), "tie": ("top",)},
    "start_stack": {"rule": "the trackers start stacked by age beside the first hour", "by": ("age",),
                    "beside": ("first_hour",)},
    "turn_steps": {"rule": "a turn is an optional drive, one required action, an event draw when due and a required "
                           "mobster roll", "drive": ("optional",), "action": ("one",), "event": ("conditional",),
                   "mobster_roll": ("required",)},
    "drive": {"rule": "driving moves the car up, down, left or right any number of blocks at 1 hour a block",
              "hours_per_block": (1,), "moves": ("orthogonal",), "blocks": ("any",)},
    "tracker_move": {"rule": "after the action the tracker moves forward by the hours driven plus the action's hours",
                     "by": ("drive_plus_action",), "when": ("after_action",)},
    "track_end": {"rule": "no tracker may pass hour 48: an action that would take it past must be another action",
                  "past_last": ("choose_another_action",)},
    "action_time": {"rule": "where the tracker stands at the start of the turn decides day or night actions",
                    "decided_by": ("start_of_turn",)},
    "arrest": {"rule": "an arrest takes 1 hour, at any time, of a mobster on your block", "when": ("any",),
               "hours": (1,), "needs": ("mobster_on_block",)},
    "coffee": {"rule": "coffee takes 1 hour at any time and does nothing", "when": ("any",), "hours": (1,)},
    "backup": {"rule": "calling backup, by day, with a mobster on or next to your block, spends 1–6 hours; a roll at "
                       "most the hours arrests the mobsters on and next to your block and draws a force card, a higher "
                       "roll arrests only the one on your block",
               "when": ("day",), "hours_min": (1,), "hours_max": (6,), "needs": ("mobster_on_or_next",),
               "success": ("roll_at_most_hours",), "success_arrests": ("block_and_next",),
               "success_reward": ("force_card",), "fail_arrests": ("own_block",)},
    "informant": {"rule": "turning an informant, by day, takes 2 hours: a mobster on your block and an informant "
                          "still beside its row", "when": ("day",), "hours": (2,), "needs": ("mobster_on_block",),
                  "token": ("row",)},
    "witness": {"rule": "finding a witness, at night, takes 2 hours: a mobster on your block and a witness still "
                        "below its column", "when": ("night",), "hours": (2,), "needs": ("mobster_on_block",),
                "token": ("column",)},
    "search": {"rule": "a search, by day, takes 2 hours and keeps the flipped token, success or failure; once the "
                       "forensics evidence is found the other search tokens leave the city",
               "when": ("day",), "hours": (2,), "needs": ("search_token",), "keeps": ("success_or_fail",),
               "after_found": ("remove_rest",)},
    "stakeout": {"rule": "a stakeout, at night, spends 1–5 hours and takes the token if its number is at most the "
                         "hours, else puts it back unseen; once the getaway evidence is found the rest leave",
                 "when": ("night",), "hours_min": (1,), "hours_max": (5,), "take": ("number_at_most_hours",),
                 "miss": ("back_unseen",), "after_found": ("remove_rest",)},
    "holding": {"rule": "a holding takes 2 hours on each of two nights, one mobster in the car; a colour already taken "
                        "gives a force card instead", "when": ("night",), "hours": (2,), "nights": (2,),
                "car_capacity": (1,), "colour_gone": ("force_card",), "after_found": ("force_card",)},
    "accuse": {"rule": "an officer whose turn ends on hours 43–48 may lay the car down and is out until everyone "
                       "accuses", "from": (43,), "when": ("turn_ends_on_red",), "choice": ("may",), "then": ("out",)},
    "clue_tokens": {"rule": "witnesses find the gang, informants the rank, successful searches the forensics, "
                            "stakeouts the getaway and holdings the weapon", "gang": ("witness",),
                    "rank": ("informant",), "forensics": ("search_success",), "getaway": ("stakeout",),
                    "weapon": ("holding",)},
    "evidence_found": {"rule": "an evidence is found with 5 witnesses, 5 informants, 3 successful searches, 3 "
                               "stakeouts or 3 holdings", "gang": (5,), "rank": (5,), "forensics": (3,),
                       "getaway": (3,), "weapon": (3,)},
    "evidence_holder": {"rule": "the officer who takes the last clue holds the evidence and may look at it any time",
                        "who": ("last_clue",), "looks": ("any_time",)},
    "evidence_reward": {"rule": "every officer with a clue of the type found draws one suspect card",
                        "who": ("every_contributor",), "suspect_cards": (1,)},
    "evidence_look": {"rule": "solving an event lets you look at an evidence another officer holds, paying one suspect "
                              "card the holder picks blind; you need a card, and the holder cannot refuse",
                      "after": ("any_solved_event",), "pays": ("one_suspect_card",), "needs": ("one_suspect_card",),
                      "holder_refuses": ("never",)},
    "alibi_source": {"rule": "an alibi is the suspect deck's top card or a blind pick from an opponent's hand; with the "
                             "deck empty, only the pick", "choose": ("deck_or_opponent",), "deck": ("top",),
                     "opponent": ("blind_pick",), "deck_empty": ("opponent_only",)},
    "interrogate": {"rule": "an interrogation picks one of an opponent's suspect cards blind, looks and gives it back",
                    "pick": ("blind",), "card": ("returned",)},
    "badge": {"rule": "the badge starts on 0 and moves 1 space per clue token and per alibi an event gives; past 9 it "
                      "flips to 10+ and starts again at 0", "start": (0,), "per_clue": (1,), "per_event_alibi": (1,),
              "last": (9,), "past_last": ("flip_and_restart",)},
    "events": {"rule": "at most 3 events are open, each in the lowest free slot; the first tracker across an event "
                       "line draws one, and so does a mobster roll on a taken block", "slots": (3,),
               "place": ("lowest_free",), "draw_when": ("first_across_line",), "occupied_roll": ("draw",)},
    "late_events": {"rule": "a 38+ event drawn while no tracker is on hours 38–48 is discarded and another drawn",
                    "from": (38,), "early": ("discard_and_redraw",)},
    "event_setup": {"rule": "an event's setup rerolls sixes and taken blocks, ignores crime sprees and puts nothing "
                            "on HQ unless it says so", "reroll_six": (True,), "reroll_occupied": (True,),
                    "spree": ("ignored",), "hq": ("only_if_card_says",)},
    "event_solve": {"rule": "everyone who took part in solving an event takes its reward; the card, its markers and "
                            "mobsters leave", "reward": ("each_participant",), "discard": ("card_markers_mobsters",)},
    "troubled_times": {"rule": "an event due with every slot full discards the top suspect card unseen; with the deck "
                               "empty every tracker moves 1 hour", "when": ("slots_full",), "discard": ("top_suspect",),
                       "deck_empty": ("every_tracker_forward",), "hours": (1,)},
    "mobster_roll": {"rule": "each turn ends with both dice: white the column, black the row; an empty block gets a "
                             "mobster, a taken one draws an event, a six or 3-3 is quiet, another double rolls again, an "
                             "empty cup is troubled times", "dice": (2,), "white": ("column",), "black": ("row",),
                     "empty": ("add_mobster",), "occupied": ("draw_event",), "quiet": ("six_or_hq",),
                     "spree": ("other_doubles",), "bag_empty": ("troubled_times",)},
    "one_mobster": {"rule": "a block never holds more than one mobster", "per_block": (1,)},
    "setup_mobsters": {"rule": "setup places 3 mobsters, rerolling sixes, 3-3 and taken blocks", "count": (3,),
                       "reroll": ("six_hq_occupied",)},
    "setup": {"rule": "each officer is dealt 2 abilities and keeps 1, and gets 1 secret force card; cars start on HQ, "
                      "badges on 0, the first event in slot 1", "abilities_dealt": (2,), "abilities_kept": (1,),
              "force_dealt": (1,), "cars": ("hq",), "badges": (0,), "first_event": ("slot_1",)},
    "game_end": {"rule": "when every car lies on its side, everyone accuses at once", "when": ("all_cars_down",),
                 "accusations": ("simultaneous",)},
    "winner": {"rule": "among those who named the murderer the highest badge wins, then the fewest hours, then the "
                       "most evidence, then they share; if nobody is right, everyone loses",
               "among": ("correct_accusers",), "order": (["badge_highest", "hours_fewest", "evidence_most"],),
               "still_tied": ("share",), "nobody_right": ("everyone_loses",)},
    "coop": {"rule": "the co-op team shares everything, so nobody looks at evidence after an event, and makes one "
                     "accusation: all win or all lose", "information": ("open",), "evidence": ("shared",),
             "looks": ("none",), "accusation": ("one_team",), "win": ("all_or_nobody",)},
}

# (entry, parameter) → where game.yaml `data:` states the same number for the print
ENTRY_DATA = {("time_track", "first"): ("first_hour",), ("time_track", "last"): ("hours",),
              ("accuse", "from"): ("accuse_from",), ("late_events", "from"): ("late_event_from",),
              ("events", "slots"): ("event_slots",), ("drive", "hours_per_block"): ("drive_hours",),
              ("mobster_roll", "dice"): ("bullet_dice",), ("setup_mobsters", "count"): ("mobsters_at_setup",),
              ("setup", "abilities_dealt"): ("abilities_dealt",), ("setup", "abilities_kept"): ("abilities_kept",),
              ("setup", "force_dealt"): ("force_dealt",), ("badge", "start"): ("badge_min",),
              ("badge", "last"): ("badge_max",), ("badge", "per_clue"): ("badge_per_clue",),
              ("holding", "car_capacity"): ("car_capacity",), ("troubled_times", "hours"): ("troubled_hours",),
              ("day_night", "block"): ("day_night",), ("modes", "standard_min"): ("modes", "standard", "min"),
              ("modes", "standard_max"): ("modes", "standard", "max"), ("modes", "coop_min"): ("modes", "coop", "min"),
              ("modes", "coop_max"): ("modes", "coop", "max"), ("modes", "solo_officers"): ("modes", "solo", "officers"),
              **{("evidence_found", t): ("clue", t, "count") for t in TYPES}}
REWARD_NAMES = {"force_card": "force", "suspect_card": "alibi", "interrogate": "interrogate"}


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
