"""Tiny Epic Crimes game logic against independent reimplementations, on many seeded random cases.

The reimplementations here are written differently on purpose (bit masks for suspects, a sorted
ranking for the turn order, a sort key for the winner) so that a shared mistake is unlikely.
"""
from __future__ import annotations

import random

import pytest

from pnp.games.tiny_epic_crimes import checks as tec
from pnp.games.tiny_epic_crimes.published import EVIDENCE, TYPES, TIEBREAK

CASES = 2000


def _deck():
    """All 32 suspects as dicts, built from bits: bit k set = the second value of type k."""
    return [{"id": f"s{n:02d}", **{t: EVIDENCE[t][(n >> k) & 1] for k, t in enumerate(TYPES)}} for n in range(32)]


def _candidates_bits(alibis, revealed):
    must, want = 0, 0
    for k, t in enumerate(TYPES):
        if t in revealed:
            must |= 1 << k
            want |= EVIDENCE[t].index(revealed[t]) << k
    return sorted(f"s{n:02d}" for n in range(32) if (n & must) == want and f"s{n:02d}" not in alibis)


def test_candidates_agree_with_a_bitmask_reimplementation():
    rng = random.Random(11)
    deck = _deck()
    for _ in range(CASES):
        alibis = set(rng.sample([s["id"] for s in deck], rng.randint(0, 31)))
        revealed = {t: rng.choice(EVIDENCE[t]) for t in TYPES if rng.random() < 0.5}
        got = sorted(s["id"] for s in tec.candidates(deck, alibis, revealed))
        assert got == _candidates_bits(alibis, revealed), (alibis, revealed)


def _next_by_ranking(stacks):
    """Rank every tracker by (hour, -height in its stack); the smallest acts."""
    ranked = sorted((h, -i, p) for h, ps in stacks.items() for i, p in enumerate(ps))
    return ranked[0][2]


def test_turn_order_agrees_with_a_ranking_reimplementation():
    rng = random.Random(12)
    players = ["red", "blue", "green", "yellow"]
    for _ in range(CASES):
        stacks = {}
        for p in rng.sample(players, rng.randint(1, 4)):
            stacks.setdefault(rng.randint(1, 8), []).append(p)
        for _step in range(6):
            who = tec.next_to_act(stacks)
            assert who == _next_by_ranking(stacks), stacks
            where = next(h for h, ps in stacks.items() if who in ps)
            hours = rng.randint(0, 7)
            if where + hours > 48:
                with pytest.raises(ValueError):
                    tec.advance(stacks, who, hours)
                break
            after = tec.advance(stacks, who, hours)
            # independent: the mover leaves its space and lands on top of the new one; nobody else moves
            dest = where + hours
            want = {h: [p for p in ps if p != who] for h, ps in stacks.items()}
            want[dest] = want.get(dest, []) + [who]
            assert after == {h: ps for h, ps in want.items() if ps}, (stacks, who, hours)
            stacks = after


def _winners_by_key(accusations, murderer):
    right = [a for a in accusations if a["accused"] == murderer]
    if not right:
        return []
    sign = {"max": -1, "min": 1}

    def key(a):
        return tuple(sign[best] * a[k] for k, best in TIEBREAK)
    best = min(key(a) for a in right)
    return sorted(a["player"] for a in right if key(a) == best)


def test_winners_agree_with_a_sort_key_reimplementation():
    rng = random.Random(13)
    for _ in range(CASES):
        murderer = f"s{rng.randint(0, 3):02d}"
        accs = [{"player": f"p{i}", "accused": f"s{rng.randint(0, 3):02d}", "badge": rng.randint(0, 3),
                 "hours": rng.randint(43, 45), "evidence": rng.randint(0, 2)} for i in range(rng.randint(1, 4))]
        assert tec.winners(accs, murderer) == _winners_by_key(accs, murderer), accs
