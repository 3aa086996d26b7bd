"""Doomsday Files: deck rules, the game's logic, and the charts of the deck report.

The logic (GAMES.md section 5 and the seed rules):
- a case shows `!` (monster) or `?` (mystery) and a difficulty. To resolve it, its holder turns it up
  and shows hand cards one at a time until the count reaches the difficulty or the hand is spent.
  A gun counts as force, a magnifier as investigate, a star as either; a forbidden card shows two.
- monster: force ≥ difficulty → discard it and draw 1; else lose (difficulty − force) sanity.
- mystery: investigate ≥ difficulty → keep it as solved (no more resolving this turn); else doom +1.
- every forbidden card shown (from hand or table) costs its holder 1 sanity;
- sanity 0 → doom +1, and +1 for each unresolved case discarded;
- a case passed all the way round → discarded, doom +1; 3 cases at the end of a turn → lose 2 sanity;
- doom ≥ 13 → the heretic wins; a failed guardian claim adds ⌈(13 − doom) / 2⌉ doom.
The numbers (published [R] and project decisions [D]) are constants in pnp/rules/doomsday_logic.py;
game.yaml `data:` must hold exactly them (checked below) and everything printed takes them from there:
pnp/rules/doomsday_text.py checks the printed texts (cards, aids, secrets, professions) and
pnp/rules/doomsday_print.py the printed tracks and card corners, read back from the layouts.
"""
from __future__ import annotations

import random
from collections import Counter

from pnp.rules import api
from pnp.rules.api import did_you_mean, error, warning

from pnp.games.doomsday_files.logic import (  # the game's numbers and logic, re-exported here
    ACTIONS, APOSTATE_TARGET, BALANCE, CASES, CASE_LIMIT, CASE_PENALTY, Card, Case, DATA, DIFFICULTIES,
    DOOM_MAX, FORBIDDEN, FORBIDDEN_DIFFICULTY, GUARDIAN_TARGET, HAND_LIMIT, MYSTERIES, NEEDS, OTHERS,
    PLAYERS, PROFESSIONS, Resolution, SANITY_START, SECRETS, SYMBOLS, SanityZero, TIMINGS, deal_secrets,
    end_of_turn, failed_claim_doom, guardian_claim, heretic_wins, lose_sanity, resolve, sanity_limit,
    sanity_zero, setup, unaccepted_case_doom, FORBIDDEN_POWER, PLAIN_POWER, setup_table, SYMBOL_ICONS, CASE_MARKS,
)

__all__ = [
    "ACTIONS", "APOSTATE_TARGET", "BALANCE", "CASES", "CASE_LIMIT", "CASE_PENALTY", "Card", "Case",
    "DATA", "DIFFICULTIES", "DOOM_MAX", "FORBIDDEN", "FORBIDDEN_DIFFICULTY", "GUARDIAN_TARGET",
    "HAND_LIMIT", "MYSTERIES", "NEEDS", "OTHERS", "PLAYERS", "PROFESSIONS", "Resolution", "SANITY_START",
    "SECRETS", "SYMBOLS", "SanityZero", "TIMINGS", "deal_secrets", "end_of_turn", "failed_claim_doom",
    "guardian_claim", "heretic_wins", "lose_sanity", "resolve", "sanity_limit", "sanity_zero", "setup",
    "unaccepted_case_doom", "FORBIDDEN_POWER", "PLAIN_POWER", "setup_table", "SYMBOL_ICONS", "CASE_MARKS", "check", "summary", "report", "success_rates", "totals", "action_cards",
]


# ---- reading the deck ---------------------------------------------------------------------------
def _comp(game, cid):
    return game.components.get(cid)


def action_cards(game):
    """(item, Card, Case) for every physical action card."""
    comp = _comp(game, "actions")
    out = []
    for it in comp.items if comp else ():
        card = Card(it.get("symbol"), it.get("power", 1), bool(it.get("forbidden")))
        case = Case(it.get("case"), it.get("difficulty"), bool(it.get("forbidden")))
        out += [(it, card, case)] * it.copies
    return out


def totals(game) -> dict:
    """Symbol totals: force and investigate count a star for both."""
    by = Counter()
    for _it, card, _case in action_cards(game):
        by[card.symbol] += card.power
    return {"force": by["force"] + by["either"], "investigate": by["investigate"] + by["either"],
            "either": by["either"], "force_only": by["force"], "investigate_only": by["investigate"]}


def _deck_pos(comp):
    return comp.source or comp.pos


# ---- the checks ---------------------------------------------------------------------------------
def check(game):
    from pnp.games.doomsday_files import tracks as doomsday_print, printed as doomsday_text, published
    yield from published.check(game)
    data_errors = list(_check_data(game))
    yield from data_errors
    yield from _check_actions(game)
    yield from _check_professions(game)
    yield from _check_secrets(game)
    # a wrong number in data is the root cause of every print that shows it: report it alone, not
    # again on each text and track that prints it (the sources are still checked for typed numbers)
    yield from doomsday_text.check(game, rendered=not data_errors)
    if not data_errors:
        yield from doomsday_print.check(game)
    try:
        p = doomsday_print.Printed(game)
    except Exception:
        return
    yield from doomsday_text.check_layout_literals(game, p.layouts)


def _check_data(game):
    data = game.data or {}
    where = game.meta.get("data") if hasattr(game.meta, "get") else None
    at = lambda key: where.at(key) if where is not None and key in where else (where.pos if where is not None else game.pos)  # noqa: E731
    for key, want in DATA.items():
        if data.get(key) != want:
            yield error(at(key), f"`data.{key}` is {data.get(key)!r} but the rules engine plays with {want} — the printed "
                        f"cards would disagree with the rules: write {want} (or change pnp/rules/doomsday_logic.py)",
                        check="doomsday-files:data")
    for key, want in (("symbol_icon", SYMBOL_ICONS), ("case_mark", CASE_MARKS)):
        have = data.get(key)
        if have != want:
            yield error(at(key), f"`data.{key}` is {dict(have) if isinstance(have, dict) else have!r} but the cards "
                        f"show " + ", ".join(f"{k}: {v}" for k, v in want.items()) + " (the seed's symbols) — write that",
                        check="doomsday-files:data")
    table = data.get("setup")
    want = setup_table()
    if not isinstance(table, dict):
        yield error(at("setup"), "`data.setup` is missing: the family secrets dealt per player count, e.g. "
                    "`4: {guardians: 2, heretics: 1, others: 1}` for every count from "
                    f"{PLAYERS.start} to {PLAYERS.stop - 1}", check="doomsday-files:setup")
    else:
        for n in table:
            if n not in want:
                yield error(table.at(n) if hasattr(table, "at") else at("setup"), f"`data.setup` has a row for {n!r} "
                            f"players; Doomsday Files is for {PLAYERS.start}–{PLAYERS.stop - 1} players",
                            check="doomsday-files:setup")
        for n, row in want.items():
            have = table.get(n)
            pos = table.at(n) if hasattr(table, "at") and n in table else at("setup")
            if have != row:
                yield error(pos, f"`data.setup` for {n} players is {have!r} but the rules deal "
                            + ", ".join(f"{v} {k}" for k, v in row.items()) + " — write "
                            + "{" + ", ".join(f"{k}: {v}" for k, v in row.items()) + "}", check="doomsday-files:setup")
    players = game.meta.get("players") if hasattr(game.meta, "get") else None
    # a range prints with an en dash (4–8), as the booklets write it; a hyphen is read alike
    if players is not None and str(players).replace("-", "–") != f"{PLAYERS.start}–{PLAYERS.stop - 1}":
        yield error(game.meta.at("players"), f"`players` says {players!r}; Doomsday Files is for "
                    f"{PLAYERS.start}–{PLAYERS.stop - 1} players", check="doomsday-files:setup")


def _check_actions(game):
    comp = _comp(game, "actions")
    if comp is None:
        yield error(game.pos, "there is no `actions` component — declare the 90 action cards", check="doomsday-files:actions")
        return
    effects = (game.data or {}).get("effects") or {}
    eff_pos = game.meta["data"]["effects"] if "data" in game.meta and "effects" in (game.meta["data"] or {}) else None
    for name, eff in effects.items():
        pos = eff_pos.at(name) if eff_pos is not None else game.pos
        if not isinstance(eff, dict) or eff.get("timing") not in TIMINGS or "name" not in eff or "text" not in eff:
            yield error(pos, f"effect `{name}` needs `timing` ({', '.join(TIMINGS)}), `name` and `text`",
                        check="doomsday-files:effects")
    cards = action_cards(game)
    if len(cards) != ACTIONS:
        yield error(comp.pos, f"the action deck has {len(cards)} cards; Doomsday Files needs exactly {ACTIONS}",
                    check="doomsday-files:actions")
    used = set()
    forbidden_seen = 0
    for it in comp.items:
        forb = bool(it.get("forbidden"))
        d = it.get("difficulty")
        eff = it.get("effect")
        used.add(eff)
        if eff not in effects:
            yield error(it.at("effect"), f"card `{it.id}` names the unknown effect `{eff}` — "
                        f"{did_you_mean(eff, list(effects))} (effects are listed in game.yaml `data.effects`)",
                        it.id, "doomsday-files:effects")
        want_power = FORBIDDEN_POWER if forb else PLAIN_POWER
        if it.get("power") != want_power:
            kind = "a forbidden" if forb else "an ordinary"
            yield error(it.at("power"), f"card `{it.id}` is {kind} card showing {it.get('power')} symbol(s) — "
                        f"{kind} card shows {want_power} (the player aid says so)", it.id, "doomsday-files:symbols")
        if forb:
            for _ in range(it.copies):
                forbidden_seen += 1
                if forbidden_seen > FORBIDDEN:
                    yield error(it.at("forbidden"), f"card `{it.id}` is forbidden card number {forbidden_seen}; the deck "
                                f"has exactly {FORBIDDEN} forbidden cards — make it an ordinary card",
                                it.id, "doomsday-files:forbidden")
            if d != FORBIDDEN_DIFFICULTY:
                yield error(it.at("difficulty"), f"forbidden card `{it.id}` has difficulty {d}; every forbidden card "
                            f"is difficulty {FORBIDDEN_DIFFICULTY}", it.id, "doomsday-files:difficulty")
        elif d not in DIFFICULTIES:
            extra = " (only forbidden cards are 6)" if d == FORBIDDEN_DIFFICULTY else ""
            yield error(it.at("difficulty"), f"card `{it.id}` has difficulty {d}; ordinary cards are "
                        f"{DIFFICULTIES[0]}–{DIFFICULTIES[-1]}{extra}", it.id, "doomsday-files:difficulty")
    if forbidden_seen < FORBIDDEN:
        yield error(_deck_pos(comp), f"the action deck has {forbidden_seen} forbidden cards; it needs exactly {FORBIDDEN}",
                    check="doomsday-files:forbidden")
    mysteries = sum(1 for _it, _c, case in cards if case.kind == "mystery")
    if not MYSTERIES[0] <= mysteries <= MYSTERIES[1]:
        yield error(_deck_pos(comp), f"the action deck has {mysteries} mysteries; it needs {MYSTERIES[0]}–{MYSTERIES[1]} "
                    f"(about a third of {ACTIONS})", check="doomsday-files:mysteries")
    solvable = sum(case.difficulty for _it, _c, case in cards if case.kind == "mystery" and isinstance(case.difficulty, int))
    for name, target in (("guardian_target", GUARDIAN_TARGET), ("apostate_target", APOSTATE_TARGET)):
        if cards and solvable < target:
            yield error(_deck_pos(comp), f"the mysteries of the deck add up to difficulty {solvable}, below "
                        f"`data.{name}` {target}: nobody could ever win that way", check="doomsday-files:linked")
    t = totals(game)
    f, i = t["force"], t["investigate"]
    if abs(f - i) > BALANCE * max(f, i, 1):
        yield error(_deck_pos(comp), f"symbol totals are force {f} and investigate {i} (a star counts for both); they "
                    f"must be within {BALANCE:.0%} of each other", check="doomsday-files:symbols")
    for name in effects:
        if name not in used:
            pos = eff_pos.at(name) if eff_pos is not None else game.pos
            yield warning(pos, f"effect `{name}` is on no action card", check="doomsday-files:effects")


def _check_professions(game):
    comp = _comp(game, "professions")
    if comp is None:
        yield error(game.pos, "there is no `professions` component — declare the 27 professions",
                    check="doomsday-files:professions")
        return
    if comp.total != PROFESSIONS:
        yield error(comp.pos, f"there are {comp.total} profession cards; Doomsday Files needs {PROFESSIONS}",
                    check="doomsday-files:professions")
    for it in comp.items:
        if it.copies != 1:
            yield error(it.at("copies"), f"profession `{it.id}` is printed {it.copies} times; every profession is unique",
                        it.id, "doomsday-files:professions")
        if it.get("sanity", 0) not in (0, 1, 2):
            yield error(it.at("sanity"), f"profession `{it.id}` raises the sanity limit by {it.get('sanity')}; "
                        f"write 0, 1 or 2", it.id, "doomsday-files:professions")
    # every profession its own name: declared in game.yaml `checks:`, required here
    yield from api.require(game, comp.id, "unique", ("name",), "doomsday-files:professions")
    if comp.items and not any(it.get("sanity", 0) > 0 for it in comp.items):
        yield error(_deck_pos(comp), "no profession raises the sanity limit; some must (`sanity: 1`)",
                    check="doomsday-files:professions")


def _check_secrets(game):
    comp = _comp(game, "secrets")
    if comp is None:
        yield error(game.pos, "there is no `secrets` component — declare the 9 family secrets",
                    check="doomsday-files:secrets")
        return
    have = Counter()
    for it in comp.items:
        role = it.get("role")
        for _ in range(it.copies):
            have[role] += 1
            if role in SECRETS and have[role] == SECRETS[role] + 1:
                yield error(it.at("role"), f"one `{role}` too many: the family secrets are "
                            + ", ".join(f"{n} {r}" for r, n in SECRETS.items()), it.id, "doomsday-files:secrets")
    for role, n in SECRETS.items():
        if have[role] < n:
            yield error(_deck_pos(comp), f"the family secrets have {have[role]} `{role}` but need {n}",
                        check="doomsday-files:secrets")
    for players in PLAYERS:
        s = setup(players)
        others = sum(have[r] for r in OTHERS)
        if have["guardian"] < s["guardian"] or have["heretic"] < 1 or others < s["others"]:
            yield error(_deck_pos(comp), f"the secrets cannot be dealt for {players} players "
                        f"({s['guardian']} guardians, 1 heretic, {s['others']} others)", check="doomsday-files:setup")


# ---- what `pnp check` prints, and the deck report -----------------------------------------------
def success_rates(game, hand_size: int = 5, trials: int = 2000, seed: int = 13) -> dict:
    """Share of random hands (drawn from the action deck) that beat a case, by kind and difficulty."""
    deck = [card for _it, card, _case in action_cards(game)]
    if len(deck) < hand_size:
        return {}
    rng = random.Random(seed)
    out = {}
    for kind in CASES:
        for d in (*DIFFICULTIES, FORBIDDEN_DIFFICULTY):
            wins = 0
            for _ in range(trials):
                hand = rng.sample(deck, hand_size)
                wins += sum(c.counts(kind) for c in hand) >= d
            out[(kind, d)] = wins / trials
    return out


def summary(game):
    cards = action_cards(game)
    t = totals(game)
    mysteries = sum(1 for _it, _c, case in cards if case.kind == "mystery")
    forbidden = sum(1 for _it, c, _case in cards if c.forbidden)
    lines = [{"en": f"action cards {len(cards)}: {len(cards) - mysteries} monsters, {mysteries} mysteries, "
                    f"{forbidden} forbidden",
              "zh-TW": f"行動牌 {len(cards)} 張：怪物 {len(cards) - mysteries}、謎團 {mysteries}、禁忌 {forbidden}"},
             {"en": f"symbols (a star counts for both): force {t['force']}, investigate {t['investigate']} "
                    f"({t['force_only']} gun, {t['investigate_only']} magnifier, {t['either']} star)",
              "zh-TW": f"符號（星號兩者皆算）：武力 {t['force']}、調查 {t['investigate']}"
                       f"（槍 {t['force_only']}、放大鏡 {t['investigate_only']}、星號 {t['either']}）"}]
    rates = success_rates(game)
    zh_kind = {"monster": "怪物", "mystery": "謎團"}
    if rates:
        for kind in CASES:
            row = ", ".join(f"{d}: {rates[(kind, d)]:.0%}" for d in (*DIFFICULTIES, FORBIDDEN_DIFFICULTY))
            lines.append({"en": f"a 5-card hand beats a {kind} of difficulty {row} (no bonuses)",
                          "zh-TW": f"5 張手牌勝過{zh_kind.get(kind, kind)}（依難度）{row}（不計加成）"})
    plan = [(n, setup(n)) for n in PLAYERS]
    lines.append({"en": "setup: " + "; ".join(f"{n} players {s['guardian']}G+1H+{s['others']}" for n, s in plan),
                  "zh-TW": "設置：" + "；".join(f"{n} 人 守護者 {s['guardian']}＋異教徒 {s['heretic']}＋其他 {s['others']}" for n, s in plan)})
    return lines


def report(game) -> list[dict]:
    """Charts for the deck report: {"title", "labels", "series": {name: [numbers]}}."""
    cards = action_cards(game)
    diffs = [*DIFFICULTIES, FORBIDDEN_DIFFICULTY]
    hist = {kind: [sum(1 for _i, _c, case in cards if case.kind == kind and case.difficulty == d) for d in diffs]
            for kind in CASES}
    by_cards = Counter(c.symbol for _i, c, _case in cards)
    by_power = Counter()
    for _i, c, _case in cards:
        by_power[c.symbol] += c.power
    t = totals(game)
    forb = {kind: sum(1 for _i, c, case in cards if c.forbidden and case.kind == kind) for kind in CASES}
    plain = {kind: sum(1 for _i, c, case in cards if not c.forbidden and case.kind == kind) for kind in CASES}
    T = lambda en, zh: {"en": en, "zh-TW": zh}   # noqa: E731  (every chart text in both languages)
    sym = {"force": T("force", "武力"), "investigate": T("investigate", "調查"), "either": T("star (either)", "星號（皆可）")}
    case = {"monster": T("monster (!)", "怪物（!）"), "mystery": T("mystery (?)", "謎團（?）")}
    cards_w = T("cards", "張數")
    return [
        {"title": T("Action cards: difficulty by case type", "行動牌：各案件類型的難度"), "labels": [str(d) for d in diffs],
         "series": [[case["monster"], hist["monster"]], [case["mystery"], hist["mystery"]]],
         "x_label": T("difficulty", "難度"), "y_label": cards_w},
        {"title": T("Symbol balance", "符號平衡"), "labels": [sym.get(s, s) for s in SYMBOLS],
         "series": [[cards_w, [by_cards[s] for s in SYMBOLS]], [T("symbols", "符號數"), [by_power[s] for s in SYMBOLS]]],
         "y_label": cards_w},
        {"title": T("Force vs investigate (a star counts for both)", "武力與調查（星號兩者都算）"),
         "labels": [sym["force"], sym["investigate"]],
         "series": [[T("own symbol", "本身符號"), [t["force_only"], t["investigate_only"]]],
                    [T("star", "星號"), [t["either"], t["either"]]]], "y_label": T("symbols", "符號數")},
        {"title": T("Forbidden cards", "禁忌牌"), "labels": [case.get(k, k) for k in CASES],
         "series": [[T("forbidden", "禁忌"), [forb[k] for k in CASES]], [T("ordinary", "一般"), [plain[k] for k in CASES]]],
         "y_label": cards_w},
    ]
