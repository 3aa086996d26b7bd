"""Criminal Poker: deck composition rules, the murderer rules, and a fairness simulation.

Murderer rules (over ALL cards a suspect holds, shown or hidden):
1. whoever holds the murder weapon is the murderer;
2. else innocence = 2 x physical + the highest self-statement + the eyewitness value if exactly one
   eyewitness card is held (two or more: all void);
3. lowest innocence is the murderer; tie → fewer valid cards (cards that counted); still tied → all
   of them are co-murderers.
"""
from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache
from pathlib import Path

from pnp.rules.base import error

EVIDENCE = {"physical": 9, "weapon": 1, "statement": 4, "witness": 4}
IDENTITIES = {"sheriff": 1, "detective": 1, "citizen": 5, "mastermind": 1, "sociopath": 1}
HELP_CARDS = 9
SUSPECTS = (3, 4, 5)
DEALS = 10_000
THIRD_DRAW = 0.5   # the chance that a suspect draws on their turn instead of passing


def physical_in_play(suspects: int) -> int:
    """Physical cards used with n suspects: 3(n − 2)."""
    return 3 * (suspects - 2)


# ---- the murderer rules ------------------------------------------------------------------------
def innocence(cards) -> tuple[int, int]:
    """(innocence, valid cards) of one hand of (type, value) pairs without the weapon."""
    phys = [v for t, v in cards if t == "physical"]
    stmt = [v for t, v in cards if t == "statement"]
    wit = [v for t, v in cards if t == "witness"]
    score = 2 * len(phys) + (max(stmt) if stmt else 0) + (wit[0] if len(wit) == 1 else 0)
    valid = len(phys) + (1 if stmt else 0) + (1 if len(wit) == 1 else 0)
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
    comps = game.components
    for cid, want in (("evidence", 18), ("identities", 9), ("help", HELP_CARDS)):
        if cid not in comps:
            yield error(game.pos, f"Criminal Poker needs a `{cid}` component", check="composition")
    if "evidence" in comps:
        yield from _check_evidence(comps["evidence"])
    if "identities" in comps:
        comp = comps["identities"]
        have = Counter()
        for it in comp.items:
            have[str(it.get("role"))] += it.copies
        for role, n in IDENTITIES.items():
            if have[role] != n:
                yield error(comp.pos, f"identities: {have[role]} `{role}` card(s), the game needs {n}", check="composition")
    if "help" in comps and comps["help"].total != HELP_CARDS:
        yield error(comps["help"].pos, f"help cards: {comps['help'].total}, the game needs {HELP_CARDS}", check="composition")


def _check_evidence(comp):
    counts = Counter()
    for it in comp.items:
        t, v = it.get("type"), it.get("value")
        counts[str(t)] += it.copies
        if t == "physical" and v != 2:
            yield error(it.at("value"), f"physical evidence has innocence 2, `{it.id}` has {v}", it.id, "values")
        if t in ("statement", "witness") and not (isinstance(v, int) and 1 <= v <= 4):
            yield error(it.at("value"), f"{t} values are 1–4, `{it.id}` has {v}", it.id, "values")
    for t, n in EVIDENCE.items():
        if counts[t] != n:
            yield error(comp.pos, f"evidence: {counts[t]} `{t}` card(s), the deck needs {n}", check="composition")
    if counts["physical"] < physical_in_play(max(SUSPECTS)):
        yield error(comp.pos, f"{max(SUSPECTS)} suspects need {physical_in_play(max(SUSPECTS))} physical cards",
                    check="composition")


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
