"""Criminal Poker: the published rules as constants, the murderer rules, deck checks, and a fairness
simulation. The checks of what prints (rule phrases, numbers on cards) are in criminal_poker_text.py.

Murderer rules [R] (over ALL cards a suspect holds, shown or hidden):
1. whoever holds the murder weapon is the murderer;
2. else innocence (無罪等級) = PHYSICAL_VALUE x physical cards (they all add up) + the highest
   self-statement (the others are ignored) + the eyewitness value if fewer than WITNESS_VOID eyewitness
   cards are held, i.e. exactly one (WITNESS_VOID or more: all of them are void);
3. lowest innocence is the murderer; tie → fewer valid cards (cards that counted) is the murderer;
   still tied → all of them are co-murderers (arresting any one wins).
Setup [R]: with n suspects the evidence deck uses 3(n − 2) physical cards and all the others; sheriff
mode deals 1 sheriff + n citizens, detective mode 1 detective + (n − 1) citizens; special roles replace
citizens; in detective mode the detective plus the special roles may not outnumber the citizens
(sheriff mode: no limit but the special cards there are). Detective-mode vote [R]: most votes is
arrested; a tie of VOTE_TIE succeeds if either is a murderer; a tie of REVOTE or more is voted again.
"""
from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from pathlib import Path

from pnp.rules.base import error

EVIDENCE = {"physical": 9, "weapon": 1, "statement": 4, "witness": 4}
IDENTITIES = {"sheriff": 1, "detective": 1, "citizen": 5, "mastermind": 1, "sociopath": 1}
SPECIAL = ("mastermind", "sociopath")
HELP_CARDS = 9
SUSPECTS = (3, 4, 5)
VALUE_RANGE = (1, 4)          # self-statement and eyewitness values [D]

PHYSICAL_VALUE = 2
WITNESS_VOID = 2
VOTE_TIE = 2
REVOTE = 3
# The parameters in game.yaml `data.rules` that the printed rule phrases are built from, and the value
# the published rules give each. Content may restate them, never change them.
RULES = {
    "physical_value": PHYSICAL_VALUE,   # innocence of each physical card
    "physical_count": "all",            # physical cards: they all add up
    "statement_count": "highest",       # self-statements: only the highest counts
    "witness_void": WITNESS_VOID,       # this many eyewitness accounts or more: all void
    "murderer": "lowest",               # the lowest innocence is the murderer
    "tie_break": "fewer",               # on a tie, fewer valid cards is the murderer
    "full_tie": "co-murderers",         # still tied: all of them, arresting any one wins
    "weapon": "murderer",               # whoever holds the weapon is the murderer
    "setup_draw": 2, "setup_keep": 1, "setup_show": 1,   # draw 2, keep 1 face down, push 1 to the centre
    "turn_draw": 1, "turn_reveal": 1,   # on a turn: pass, or draw 1 and reveal at most 1
    "vote_tie": VOTE_TIE,               # a tie of this many for most votes succeeds if either is a murderer
    "revote": REVOTE,                   # a tie of this many or more is voted again
}
DEALS = 10_000
THIRD_DRAW = 0.5   # the chance that a suspect draws on their turn instead of passing


def physical_in_play(suspects: int) -> int:
    """Physical cards used with n suspects: 3(n − 2)."""
    return 3 * (suspects - 2)


def deal(mode: str, suspects: int) -> dict:
    """Identity cards dealt before special roles replace citizens."""
    if mode == "sheriff":
        return {"sheriff": 1, "citizen": suspects}
    return {"detective": 1, "citizen": suspects - 1}


def special_max(mode: str, suspects: int) -> int:
    """Most special roles: none beyond the cards in sheriff mode; in detective mode the detective and
    the special roles (each replacing a citizen) may not outnumber the citizens."""
    if mode == "sheriff":
        return min(len(SPECIAL), suspects)
    s = 0
    while s + 1 <= len(SPECIAL) and 1 + (s + 1) <= (suspects - 1) - (s + 1):
        s += 1
    return s


# ---- the murderer rules ------------------------------------------------------------------------
def innocence(cards) -> tuple[int, int]:
    """(innocence, valid cards) of one hand of (type, value) pairs without the weapon."""
    phys = [v for t, v in cards if t == "physical"]
    stmt = [v for t, v in cards if t == "statement"]
    wit = [v for t, v in cards if t == "witness"]
    wit_ok = 0 < len(wit) < WITNESS_VOID
    score = PHYSICAL_VALUE * len(phys) + (max(stmt) if stmt else 0) + (sum(wit) if wit_ok else 0)
    valid = len(phys) + (1 if stmt else 0) + (len(wit) if wit_ok else 0)
    return score, valid


def decide(hands: dict) -> tuple[set, str]:
    """(murderers, how it was decided) for hands of (type, value) pairs. `how` is one of
    weapon | innocence | valid-cards | co-murderers."""
    armed = {p for p, cards in hands.items() if any(t == "weapon" for t, _ in cards)}
    if armed:
        return armed, "weapon"
    scores = {p: innocence(cards) for p, cards in hands.items()}
    low = min(s for s, _ in scores.values())
    tied = [p for p, (s, _) in scores.items() if s == low]
    if len(tied) == 1:
        return set(tied), "innocence"
    fewest = min(scores[p][1] for p in tied)
    left = {p for p in tied if scores[p][1] == fewest}
    return left, "valid-cards" if len(left) == 1 else "co-murderers"


def arrest_succeeds(votes: dict, murderers_: set) -> bool | None:
    """Detective mode: votes (voter → suspect). True/False, or None when the vote is taken again."""
    tally = Counter(votes.values())
    top = max(tally.values())
    most = {p for p, n in tally.items() if n == top}
    if len(most) >= REVOTE:
        return None
    return bool(most & murderers_)


@lru_cache(maxsize=4)
def _shipped_deck(path: str) -> dict:
    from pnp.content.loader import load_game
    game = load_game(Path(path))
    return {it.id: (it["type"], it["value"]) for it in game.components["evidence"].items}


def _default_root() -> str:
    return str(Path(__file__).resolve().parents[2] / "content" / "criminal-poker")


def murderers(hands: dict, deck: dict | None = None) -> set:
    """The set of players who are murderers (co-murderers included).

    hands: player name → list of evidence card ids they hold (shown or hidden).
    deck: card id → (type, value); by default the shipped evidence deck.
    """
    deck = deck if deck is not None else _shipped_deck(_default_root())
    unknown = [c for cards in hands.values() for c in cards if c not in deck]
    if unknown:
        raise KeyError(f"unknown evidence card(s): {', '.join(unknown)}")
    return decide({p: [deck[c] for c in cards] for p, cards in hands.items()})[0]


# ---- deck checks -------------------------------------------------------------------------------
def check(game):
    from pnp.rules import criminal_poker_data, criminal_poker_text
    comps = game.components
    for cid in ("evidence", "identities", "help"):
        if cid not in comps:
            yield error(game.pos, f"Criminal Poker needs a `{cid}` component", check="composition")
    if "evidence" in comps:
        yield from _check_evidence(comps["evidence"])
    if "identities" in comps:
        yield from _composition(comps["identities"], "role", IDENTITIES, "identities")
    if "help" in comps and comps["help"].total != HELP_CARDS:
        comp = comps["help"]
        yield error(comp.items[0].pos if comp.items else comp.pos,
                    f"help cards: {comp.total} ({_where(comp.items)}), the game needs {HELP_CARDS} — "
                    f"set `copies:` so that there are {HELP_CARDS}", check="composition")
    yield from criminal_poker_data.check(game)
    yield from criminal_poker_text.check(game)


def _where(items) -> str:
    return ", ".join(f"`{it.id}`{f' x{it.copies}' if it.copies != 1 else ''} line {it.pos.line}" for it in items) or "none"


def _composition(comp, field: str, want: dict, what: str):
    """Counts per kind, each error naming the cards of that kind with their lines."""
    by = {}
    for it in comp.items:
        by.setdefault(str(it.get(field)), []).append(it)
    for kind, n in want.items():
        items = by.get(kind, [])
        have = sum(it.copies for it in items)
        if have == n:
            continue
        if have > n:
            yield error(items[-1].at(field), f"{what}: {have} `{kind}` card(s), the game needs {n}: "
                        f"{_where(items)} — change the {field} of {have - n} of them", items[-1].id, "composition")
        else:
            pos = items[0].at(field) if items else (comp.source or comp.pos)
            yield error(pos, f"{what}: {have} `{kind}` card(s) ({_where(items)}), the game needs {n} — "
                        f"add {n - have} or change the {field} of another card", check="composition")


def _check_evidence(comp):
    lo, hi = VALUE_RANGE
    for it in comp.items:
        t, v = it.get("type"), it.get("value")
        if t == "physical" and v != PHYSICAL_VALUE:
            yield error(it.at("value"), f"physical evidence has innocence {PHYSICAL_VALUE}, `{it.id}` has {v}", it.id, "values")
        if t in ("statement", "witness") and not (isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi):
            yield error(it.at("value"), f"{t} values are {lo}–{hi}, `{it.id}` has {v}", it.id, "values")
    yield from _composition(comp, "type", EVIDENCE, "evidence")


# ---- fairness --------------------------------------------------------------------------------
def simulate(cards: list, suspects: int, deals: int = DEALS, seed: int = 1) -> Counter:
    """How the murderer is decided over random deals: Counter of weapon/innocence/valid-cards/co-murderers."""
    rng = random.Random(seed * 1000 + suspects)
    phys = [c for c in cards if c[0] == "physical"][: physical_in_play(suspects)]
    deck0 = phys + [c for c in cards if c[0] != "physical"]
    out = Counter()
    for _ in range(deals):
        deck = deck0[:]
        rng.shuffle(deck)
        hands = {p: [deck.pop(), deck.pop()] for p in range(suspects)}
        for p in range(suspects):
            if deck and rng.random() < THIRD_DRAW:
                hands[p].append(deck.pop())
        out[decide(hands)[1]] += 1
    return out


def _cards(game) -> list:
    return [(it["type"], it["value"]) for it in game.components["evidence"].items for _ in range(it.copies)]


def summary(game):
    if "evidence" not in game.components:
        return []
    lines = [f"fairness: {DEALS} random deals per player count (2 cards each, then a third with p={THIRD_DRAW})"]
    lines.append(f"  {'suspects':>8}  {'weapon':>7}  {'lowest':>7}  {'tie→valid':>9}  {'co-murder':>9}")
    for n in SUSPECTS:
        c = simulate(_cards(game), n)
        pct = {k: 100 * c[k] / DEALS for k in ("weapon", "innocence", "valid-cards", "co-murderers")}
        lines.append(f"  {n:>8}  {pct['weapon']:6.1f}%  {pct['innocence']:6.1f}%  {pct['valid-cards']:8.1f}%  "
                     f"{pct['co-murderers']:8.1f}%")
    return lines


def report(game):
    cards = _cards(game)
    charts = [{"title": "Innocence values by evidence type",
               "labels": ["0", "1", "2", "3", "4"],
               "series": {t: [sum(1 for tt, v in cards if tt == t and v == k) for k in range(5)]
                          for t in ("physical", "statement", "witness", "weapon")},
               "component": "evidence", "x_label": "innocence value", "y_label": "cards"}]
    sims = {n: simulate(cards, n) for n in SUSPECTS}
    charts.append({"title": f"How the murderer is decided ({DEALS} deals per player count, %)",
                   "labels": [f"{n} suspects" for n in SUSPECTS],
                   "series": {k: [round(100 * sims[n][k] / DEALS, 1) for n in SUSPECTS]
                              for k in ("weapon", "innocence", "valid-cards", "co-murderers")},
                   "component": "evidence", "x_label": "player count", "y_label": "% of deals"})
    return charts
