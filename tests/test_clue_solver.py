"""Clue's deduction helper against an independent reimplementation, on 2,000 seeded random histories.

The reference below enumerates every deal (an envelope card per category, then the hands as
combinations, in seating order) and keeps those that every note allows; a card's possible places are
its places in the deals kept, and the notes are consistent exactly when some deal is kept. Histories
are half truthful (played out from a hidden deal, so they must stay consistent) and half noisy (random
refuters, passes and shown cards, often impossible), so both answers of `consistent` are exercised.
"""
from __future__ import annotations

import itertools
import random

from pnp.games.clue.checks import ENVELOPE, Suggestion, deduce, hand_sizes

GAMES = [  # (categories, players)
    ({"s": ["s1", "s2", "s3"], "w": ["w1", "w2", "w3"], "r": ["r1", "r2", "r3"]}, ["A", "B", "C"]),
    ({"s": ["s1", "s2"], "w": ["w1", "w2", "w3"], "r": ["r1", "r2", "r3"]}, ["A", "B", "C", "D"]),
    ({"s": ["s1", "s2", "s3"], "w": ["w1", "w2"], "r": ["r1", "r2", "r3", "r4"]}, ["A", "B", "C"]),
]


def _deals(cats, players, me, hand):
    """Every deal (card → place) in which `me` holds exactly `hand`."""
    cards = [c for cs in cats.values() for c in cs]
    sizes = hand_sizes(len(players), len(cards) - len(cats))
    for env in itertools.product(*cats.values()):
        if set(env) & set(hand):
            continue
        rest = [c for c in cards if c not in env and c not in hand]
        others = [(p, n) for p, n in zip(players, sizes) if p != me]

        def split(pool, todo):
            if not todo:
                yield {}
                return
            (p, n), tail = todo[0], todo[1:]
            for pick in itertools.combinations(pool, n):
                left = [c for c in pool if c not in pick]
                for more in split(left, tail):
                    yield {**{c: p for c in pick}, **more}

        for hands in split(rest, others):
            yield {**{c: ENVELOPE for c in env}, **{c: me for c in hand}, **hands}


def _allows(deal, players, note):
    """A note as a statement about the deal."""
    holders = {deal[c] for c in note.cards}
    seat = players.index(note.suggester)
    between = []
    for k in range(1, len(players)):
        q = players[(seat + k) % len(players)]
        if q == note.refuter:
            break
        between.append(q)
    passed = between if note.passed is None else list(note.passed)
    if holders & set(passed):
        return False
    if note.refuter is None:
        return True
    if note.refuter == note.suggester or note.refuter not in holders:
        return False
    return note.shown is None or deal[note.shown] == note.refuter


def _reference(cats, players, me, hand, log):
    places = {c: set() for cs in cats.values() for c in cs}
    for deal in _deals(cats, players, me, hand):
        if all(_allows(deal, players, n) for n in log):
            for c, p in deal.items():
                places[c].add(p)
    return places


def _history(rng, cats, players, me, deal, turns, noisy):
    log = []
    for _ in range(turns):
        who = rng.choice(players)
        named = tuple(rng.choice(cs) for cs in cats.values())
        if noisy:
            ref = rng.choice([None] + [p for p in players if p != who])
            shown = rng.choice(named) if ref is not None and (who == me or ref == me) and rng.random() < 0.7 else None
            passed = tuple(rng.sample([p for p in players if p not in (who, ref)], rng.randint(0, 1))) \
                if rng.random() < 0.3 else None
            log.append(Suggestion(who, named, ref, passed=passed, shown=shown))
            continue
        seat, ref, shown = players.index(who), None, None
        for k in range(1, len(players)):
            q = players[(seat + k) % len(players)]
            have = [c for c in named if deal[c] == q]
            if have:
                ref, shown = q, (rng.choice(have) if me in (who, q) else None)
                break
        log.append(Suggestion(who, named, ref, shown=shown))
    return log


def test_deduce_agrees_with_the_reference_on_2000_random_histories():
    rng = random.Random(2026)
    seen = {True: 0, False: 0}
    for case in range(2000):
        cats, players = GAMES[case % len(GAMES)]
        cards = [c for cs in cats.values() for c in cs]
        sizes = hand_sizes(len(players), len(cards) - len(cats))
        env = {rng.choice(cs) for cs in cats.values()}
        rest = [c for c in cards if c not in env]
        rng.shuffle(rest)
        deal, i = {c: ENVELOPE for c in env}, 0
        for p, n in zip(players, sizes):
            for c in rest[i:i + n]:
                deal[c] = p
            i += n
        me = rng.choice(players)
        hand = [c for c in cards if deal[c] == me]
        noisy = case % 2 == 1
        log = _history(rng, cats, players, me, deal, rng.randint(0, 6), noisy)
        got = deduce(players, me, hand, log, cats)
        want = _reference(cats, players, me, hand, log)
        ok = any(want.values())
        assert got.consistent == ok, (case, log, got.conflicts)
        seen[ok] += 1
        if ok:
            assert {c: set(v) for c, v in got.where.items()} == want, (case, log)
            assert got.conflicts == ()
        else:
            assert got.conflicts and got.conflicts[0].startswith(("note ", "your hand")), got.conflicts
        if not noisy:
            assert ok   # a truthful history never contradicts itself
    assert seen[True] > 600 and seen[False] > 150, seen   # both answers are exercised


# ---- board distances against a reference on random boards ------------------------------------------
def _ref_distances(rows, rooms, start, passages):
    """Moves to each room: corridor steps, entering a room from the square outside one of its doors, leaving
    a room through a door, and secret passages each cost one move. Level by level over an explicit graph."""
    h, w = len(rows), len(rows[0])
    walk = {(r, c) for r in range(h) for c in range(w) if rows[r][c] in ".123456"}
    edges = {}

    def link(a, b):
        edges.setdefault(a, set()).add(b)

    for (r, c) in walk:
        for n in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if n in walk:
                link((r, c), n)
            elif 0 <= n[0] < h and 0 <= n[1] < w and rows[n[0]][n[1]].islower() and rows[n[0]][n[1]].upper() in rooms:
                link((r, c), rows[n[0]][n[1]].upper())
                link(rows[n[0]][n[1]].upper(), (r, c))
    for a, b in passages:
        link(a, b)
        link(b, a)
    src = next((r, c) for (r, c) in walk if rows[r][c] == start)
    level, seen, frontier, out = 0, {src}, {src}, {}
    while frontier:
        level += 1
        frontier = {n for node in frontier for n in edges.get(node, ()) if n not in seen}
        seen |= frontier
        for n in frontier:
            if isinstance(n, str):
                out[rooms[n]] = level
    return out


def _random_board(rng):
    h, w = rng.randint(5, 9), rng.randint(5, 9)
    grid = [[rng.choice("....#") for _ in range(w)] for _ in range(h)]
    rooms = {}
    for letter in "ABC":
        r0, c0 = rng.randrange(h - 1), rng.randrange(w - 1)
        rh, rw = rng.randint(1, 3), rng.randint(1, 3)
        cells = [(r, c) for r in range(r0, min(h, r0 + rh)) for c in range(c0, min(w, c0 + rw))]
        for r, c in cells:
            grid[r][c] = letter
        for r, c in rng.sample(cells, rng.randint(0, min(2, len(cells)))):
            grid[r][c] = letter.lower()
        rooms[letter] = f"room-{letter.lower()}"
    free = [(r, c) for r in range(h) for c in range(w) if grid[r][c] in ".#"]
    r, c = rng.choice(free)
    grid[r][c] = "1"
    rows = ["".join(row) for row in grid]
    present = [k for k in rooms if any(k in row or k.lower() in row for row in rows)]
    passages = [tuple(rng.sample(present, 2))] if len(present) >= 2 and rng.random() < 0.5 else []
    return rows, {k: v for k, v in rooms.items() if k in present}, passages


def test_board_distances_agree_with_the_reference_on_2000_random_boards():
    from pnp.games.clue.checks import Board
    rng = random.Random(11)
    reached = 0
    for _ in range(2000):
        rows, rooms, passages = _random_board(rng)
        b = Board(rows, rooms, {"1": "x"}, ".", "#", [[rooms[a], rooms[z]] for a, z in passages])
        want = _ref_distances(rows, rooms, "1", passages)
        assert b.distances("1") == want, (rows, rooms, passages)
        reached += bool(want)
    assert 300 < reached < 2000      # both reachable and walled-in rooms occur
