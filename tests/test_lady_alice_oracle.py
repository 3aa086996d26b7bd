"""Lady Alice: the game logic agrees with an independent reimplementation written here from the seed's
rules (GAMES.md section 3), on thousands of seeded random cases per player count: the deal, verdicts,
covering, accusations and scoring (with the [D] that 4 blue of 5 is a fully right 5-player suspicion)."""
from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from gamekit import lady_alice as la

ELS = la.ELEMENTS
CAT = {e: c for c, ids in ELS.items() for e in ids}          # element → category
ALL = sorted(CAT)
CASES = 2000


# ---- the oracle: the seed's rules, written without the module -------------------------------------------
def o_blue(named: set, hands) -> int:
    """Blue verdicts: the students whose card is among the named elements (ids are unique)."""
    return len([h for h in hands if h in named])


def o_fully_right(blue: int, players: int) -> bool:
    """All verdicts that can be blue are blue: every student with 3 or 4, and 4 of 5 ([D]) with 5 —
    one suspicion names one element of the category two students hold."""
    return blue == (players if players < 5 else 4)


def o_accusation(named: set, hands, missing) -> bool:
    held_cats = {CAT[h] for h in hands}
    if len(hands) == 3:
        gone = ({"suspect", "time", "place", "item"} - held_cats).pop()
        return o_blue(named, hands) == 3 and missing == gone
    return o_blue(named, hands) >= 4


def o_score(tokens, hands, askers_right, accuser_right):
    truth = set(hands)
    pts = {p: 0 for p, _, _ in tokens}
    for p, e, v in tokens:
        pts[p] = pts[p] + (v if e in truth else 0)
    for p in pts:
        if all(any(q == p and e == t for q, e, _ in tokens) for t in truth):
            pts[p] = pts[p] + 2
    for p in askers_right:
        pts[p] = pts.get(p, 0) + 1
    if accuser_right is not None:
        pts[accuser_right] = pts.get(accuser_right, 0) + 3
    return pts


def o_deal_ok(players, d) -> bool:
    cats = Counter(CAT[h] for h in d.hands)
    if len(d.hands) != players or len(set(d.hands)) != players:
        return False
    if players == 4:
        return sorted(cats.values()) == [1, 1, 1, 1] and set(d.hands) == set(d.drawn)
    if players == 3:
        return (len(cats) == 3 and d.hidden in d.drawn and d.hidden not in d.hands
                and set(d.hands) | {d.hidden} == set(d.drawn))
    return sorted(cats.values()) == [1, 1, 1, 2] and d.extra not in d.drawn and set(d.hands) == set(d.drawn) | {d.extra}


def random_suspicion(rng):
    return {c: rng.choice(ELS[c]) for c in la.CATEGORIES}


# ---- agreement -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", la.PLAYERS)
def test_deal_agrees_with_the_seed(players):
    rng = random.Random(1000 + players)
    seen = Counter()
    for _ in range(CASES):
        d = la.deal(players, rng)
        assert o_deal_ok(players, d), d
        seen.update(d.hands)
    # every element can be dealt, none favoured much (expected share per element over the deals)
    assert set(seen) == set(ALL)
    mean = sum(seen.values()) / len(ALL)
    assert max(seen.values()) < 1.5 * mean and min(seen.values()) > 0.5 * mean


@pytest.mark.parametrize("players", la.PLAYERS)
def test_verdicts_cover_and_all_blue_agree(players):
    rng = random.Random(2000 + players)
    for i in range(CASES):
        d = la.deal(players, rng)
        # half the cases name mostly true elements, so high blue counts are exercised too
        s = random_suspicion(rng)
        if i % 2:
            for h in d.hands:
                if rng.random() < 0.8:
                    s[CAT[h]] = h
        blue = la.verdict_count(s, d.hands)
        assert blue == o_blue(set(s.values()), d.hands)
        assert la.is_all_blue(blue, players) == o_fully_right(blue, players)
        covered = la.all_red_covers(s, blue, players)
        # all red covers the four named elements with any number of students (3: rule `all_red_three`)
        assert covered == (frozenset(s.values()) if blue == 0 else frozenset())
        assert not covered & set(d.hands)                   # covering never hides a true element


@pytest.mark.parametrize("players", la.PLAYERS)
def test_accusations_agree(players):
    rng = random.Random(3000 + players)
    cats = list(la.CATEGORIES)
    for i in range(CASES):
        d = la.deal(players, rng)
        s = random_suspicion(rng)
        if i % 3:
            for h in d.hands:
                s[CAT[h]] = h if rng.random() < 0.9 else s[CAT[h]]
        missing = rng.choice(cats) if players == 3 else None
        if players == 3 and i % 2:
            missing = la.category_of(d.hidden)
        assert la.accusation_succeeds(s, d.hands, missing) == o_accusation(set(s.values()), d.hands, missing)


@pytest.mark.parametrize("players", la.PLAYERS)
def test_scoring_agrees(players):
    rng = random.Random(4000 + players)
    names = ["ann", "bob", "cy", "dee", "eve"][:players]
    for _ in range(CASES // 2):
        d = la.deal(players, rng)
        truth = list(d.hands)
        tokens = []
        for p in names:
            for _ in range(rng.randint(0, 9)):
                e = rng.choice(truth) if rng.random() < 0.5 else rng.choice(ALL)
                tokens.append((p, e, rng.choice((0, 1, 2))))
        suspicions = []
        for _ in range(rng.randint(0, 4)):
            s = random_suspicion(rng)
            for h in truth:
                if rng.random() < 0.7:
                    s[CAT[h]] = h
            suspicions.append((rng.choice(names), s))
        accuser = rng.choice(names + [None])
        accusation = {CAT[h]: h for h in truth} if rng.random() < 0.5 else random_suspicion(rng)
        for h in truth:
            accusation.setdefault(CAT[h], h)
        missing = la.missing_category(truth) if players == 3 else None
        got = la.play_score(tokens, truth, suspicions, accuser, accusation, missing)
        right = [a for a, s in suspicions if o_fully_right(o_blue(set(s.values()), truth), players)]
        acc = accuser if accuser and o_accusation(set(accusation.values()), truth, missing) else None
        assert got == o_score(tokens, truth, right, acc), (tokens, truth, suspicions, accuser)


def test_five_players_a_fully_right_suspicion_earns_the_all_blue_bonus():
    """[D] (docstring of lady_alice_logic): with 5 players 4 blue of 5 is fully right, +1 to the asker."""
    hands = ("s-mary", "t-1300", "p-tower", "i-pipe", "t-1500")      # two true times
    right = {"suspect": "s-mary", "time": "t-1500", "place": "p-tower", "item": "i-pipe"}
    assert la.verdict_count(right, hands) == 4
    assert la.play_score([], hands, [("eve", right)]) == {"eve": la.SCORING["all_blue"]}
    # no suspicion can get 5 blue of 5: every suspicion of every deal has at most 4
    for s in itertools.product(*(ELS[c][:3] + (hands[i],) for i, c in enumerate(la.CATEGORIES))):
        assert la.verdict_count(dict(zip(la.CATEGORIES, s)), hands) <= 4
    one_short = dict(right, item="i-map")
    assert la.play_score([], hands, [("eve", one_short)]) == {}
    assert "[D]" in la.__doc__ or "[D]" in __import__("pnp.games.lady_alice.logic", fromlist=["x"]).__doc__


def test_the_bonuses_are_the_published_ones():
    assert la.SCORING == {"accuser": 3, "every_element": 2, "all_blue": 1}
    assert la.FIELD_CAPACITY == {3: 3, 4: 4, 5: 5} and la.TOKEN_VALUES == {0: 3, 1: 3, 2: 3}
    assert la.HOLMES_CARDS == 32 - 4 and (la.NOTEBOOK_SECTIONS, la.NOTEBOOK_PAGES) == (4, 8)
    assert [la.dealt(p) for p in la.PLAYERS] == [3, 4, 5]
