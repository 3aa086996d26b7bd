"""Clue's exact deduction helper (split from pnp/rules/clue.py to keep each file readable).

`deduce(players, me, hand, log, categories)` — for every card, where it can still be (the envelope
and/or which players), and the envelope's candidates per category. A location is reported possible
if and only if some complete placement of all cards obeys every constraint (each card in one place,
one card per category in the envelope, fixed hand sizes, the known hand, every pass and every
refutation of the log). A small backtracking search with forward checking decides this.
"""
from __future__ import annotations

from dataclasses import dataclass

ENVELOPE = "envelope"
PLAYERS = range(3, 7)
# The published deal [GAMES.md §2]: cards per player in dealing order (the dealer's left first).
HANDS = {3: (6, 6, 6), 4: (5, 5, 4, 4), 5: (4, 4, 4, 3, 3), 6: (3, 3, 3, 3, 3, 3)}


def hand_sizes(players: int, dealt: int = 18) -> list[int]:
    """Cards per player in dealing order (the player left of the dealer first): 4 → [5, 5, 4, 4]."""
    if players not in PLAYERS:
        raise ValueError(f"Clue is for 3 to 6 players, not {players}")
    base, extra = divmod(dealt, players)
    return [base + (1 if i < extra else 0) for i in range(players)]



# ---- deduction ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Suggestion:
    """One suggestion as seen by the player who uses the helper.

    suggester: who suggested; cards: the three cards named; refuter: who showed a card (None: nobody
    could); passed: who could not refute (None: everyone seated between the suggester and the
    refuter, or all other players when nobody refuted); shown: the card shown, when it was shown to
    the helper's player (None otherwise).
    """
    suggester: object
    cards: tuple
    refuter: object = None
    passed: tuple | None = None
    shown: str | None = None


@dataclass(frozen=True)
class Deduction:
    where: dict            # card → frozenset of places: ENVELOPE and/or players
    envelope: dict         # category → tuple of cards that can still be in the envelope
    conflicts: tuple = ()  # why no placement obeys the notes: ("note 3: …", …), root cause first

    @property
    def consistent(self) -> bool:
        """False: the notes contradict the hand or each other (a mistake in the notes)."""
        return not self.conflicts

    def solved(self) -> bool:
        return self.consistent and all(len(v) == 1 for v in self.envelope.values())

    def known(self) -> dict:
        """Cards whose place is certain → that place."""
        return {c: next(iter(p)) for c, p in self.where.items() if len(p) == 1}


def _passed(players, s: Suggestion):
    if s.passed is not None:
        return tuple(s.passed)
    i = players.index(s.suggester)
    out = []
    for k in range(1, len(players)):
        p = players[(i + k) % len(players)]
        if p == s.refuter:
            break
        out.append(p)
    return tuple(out)


def deduce(players, me, hand, log, cats: dict, sizes=None) -> Deduction:
    """Where every card can still be, for player `me` holding `hand`, after the suggestions in `log`.

    players: the players in seating (and dealing) order; cats: category → card ids; sizes: hand sizes
    in the order of `players` (default: `hand_sizes(len(players), cards - categories)`).
    Notes that contradict the hand or each other are never accepted silently: the result is then
    inconsistent and `conflicts` says which note is wrong and why (the note that breaks first).
    """
    players = list(players)
    if me not in players:
        raise ValueError(f"{me!r} is not one of the players")
    cat_of = {c: k for k, cs in cats.items() for c in cs}
    cards = list(cat_of)
    if sizes is None:
        sizes = hand_sizes(len(players), len(cards) - len(cats))
    size = dict(zip(players, sizes))
    hand = set(hand)
    for c in hand:
        if c not in cat_of:
            raise ValueError(f"unknown card {c!r} in the hand")
    if len(hand) != size[me]:
        raise ValueError(f"{me!r} should hold {size[me]} cards, not {len(hand)}")
    for s in log:
        for c in s.cards:
            if c not in cat_of:
                raise ValueError(f"unknown card {c!r} in a suggestion")
        for p in (s.suggester, s.refuter, *(s.passed or ())):
            if p is not None and p not in players:
                raise ValueError(f"{p!r} in a suggestion is not one of the players")
        if s.shown is not None and s.refuter is not None and s.shown not in s.cards:
            raise ValueError(f"the card shown, {s.shown!r}, was not named in the suggestion")
    conflicts = [f"note {i}: {why}" for i, s in enumerate(log, 1) for why in _against_hand(players, me, hand, s)]
    if conflicts:
        return _inconsistent(cards, cats, conflicts)
    solver = _Solver(cards, *_constraints(players, me, hand, log, cards), size, cat_of, cats)
    first = solver.solve()
    if first is None:
        return _inconsistent(cards, cats, [_first_break(players, me, hand, log, cards, size, cat_of, cats)])
    possible = {c: {p} for c, p in first.items()}
    for c in cards:
        for p in sorted(solver.dom[c], key=str):
            if p in possible[c]:
                continue
            sol = solver.solve(force=(c, p))
            if sol is not None:
                for c2, p2 in sol.items():
                    possible[c2].add(p2)
    where = {c: frozenset(possible[c]) for c in cards}
    env = {k: tuple(c for c in cs if ENVELOPE in where[c]) for k, cs in cats.items()}
    return Deduction(where, env)


def envelope_options(players, me, hand, log, cats: dict, sizes, cards) -> set:
    """Which of `cards` can still be in the envelope by the exact deduction of `deduce` (the same
    constraints and search), asking only about those cards: the part of a deduction a player needs to
    know whether to accuse. Notes that contradict each other leave no card possible."""
    players = list(players)
    cat_of = {c: k for k, cs in cats.items() for c in cs}
    all_cards = list(cat_of)
    hand = set(hand)
    if any(next(_against_hand(players, me, hand, s), None) is not None for s in log):
        return set()
    solver = _Solver(all_cards, *_constraints(players, me, hand, log, all_cards), dict(zip(players, sizes)),
                     cat_of, cats)
    return {c for c in cards if solver.solve(force=(c, ENVELOPE)) is not None}


def _against_hand(players, me, hand, s: Suggestion):
    """What one note says about my own hand that my hand contradicts."""
    named = ", ".join(s.cards)
    if s.refuter == me:
        if s.shown is not None and s.shown not in hand:
            yield f"you showed {s.shown}, which is not in your hand"
        elif not hand & set(s.cards):
            yield f"you refuted {named} but hold none of them"
    elif s.shown is not None and s.refuter is not None and s.shown in hand:
        yield f"{s.refuter} showed {s.shown}, which is in your hand"
    if me in _passed(players, s) and hand & set(s.cards):
        yield f"you could not refute {named} but hold {', '.join(sorted(hand & set(s.cards)))}"
    if s.refuter is not None and s.refuter == s.suggester:
        yield f"{s.refuter} cannot refute their own suggestion"


def _constraints(players, me, hand, log, cards):
    dom = {c: ({me} if c in hand else {ENVELOPE, *(p for p in players if p != me)}) for c in cards}
    clauses = []
    for s in log:
        named = tuple(s.cards)
        for p in _passed(players, s):
            for c in named:
                dom[c].discard(p)
        if s.refuter is not None and s.refuter != me:
            if s.shown is not None:
                dom[s.shown] &= {s.refuter}
            else:
                clauses.append((s.refuter, named))
    return dom, clauses


def _first_break(players, me, hand, log, cards, size, cat_of, cats) -> str:
    """The first note after which no deal fits (the root cause), or the hand itself."""
    for k in range(len(log) + 1):
        if _Solver(cards, *_constraints(players, me, hand, log[:k], cards), size, cat_of, cats).solve() is None:
            if k == 0:
                return "your hand leaves no possible deal (the envelope needs one card of each category)"
            return f"note {k}: it contradicts your hand and the notes before it"
    return "the notes leave no possible deal"


def _inconsistent(cards, cats, conflicts) -> Deduction:
    return Deduction({c: frozenset() for c in cards}, {k: () for k in cats}, tuple(conflicts))


class _Solver:
    """Backtracking over card placements. A card is placed when its set of possible places is a single
    one; after every choice the constraints are propagated to a fixpoint (full hands and a full envelope
    exclude the rest, a hand that needs every remaining candidate takes them all, a refutation with one
    candidate card left takes it) and a matching checks that the remaining cards still fit the free
    places at all. Any failure backtracks, so the search is exact."""

    def __init__(self, cards, dom, clauses, size, cat_of, cats):
        self.cards, self.dom, self.cat_of, self.cats = cards, dom, cat_of, cats
        # capacity groups: each player's hand, and one envelope place per category
        self.groups = [(p, n, None) for p, n in size.items()] + [(ENVELOPE, 1, k) for k in cats]
        self.clauses = clauses

    def solve(self, force=None):
        dom = {c: set(d) for c, d in self.dom.items()}
        if force:
            c, p = force
            if p not in dom[c]:
                return None
            dom[c] = {p}
        return self._search(dom)

    def _members(self, place, cat):
        return self.cards if cat is None else self.cats[cat]

    def _propagate(self, dom) -> bool:
        changed = True
        while changed:
            changed = False
            for place, n, cat in self.groups:
                fixed, cand = 0, []
                for c in self._members(place, cat):
                    d = dom[c]
                    if place in d:
                        if len(d) == 1:
                            fixed += 1
                        else:
                            cand.append(c)
                if fixed > n or fixed + len(cand) < n:
                    return False
                if cand and fixed == n:
                    for c in cand:
                        dom[c].discard(place)
                    changed = True
                elif cand and fixed + len(cand) == n:
                    for c in cand:
                        dom[c] = {place}
                    changed = True
            for r, cs in self.clauses:
                if any(dom[c] == {r} for c in cs):
                    continue
                cand = [c for c in cs if r in dom[c]]
                if not cand:
                    return False
                if len(cand) == 1:
                    dom[cand[0]] = {r}
                    changed = True
            if any(not d for d in dom.values()):
                return False
        return self._fits(dom)

    def _fits(self, dom) -> bool:
        """A matching of the unplaced cards to the free places (hands and envelope slots) exists."""
        free = {}
        for place, n, cat in self.groups:
            used = sum(1 for c in self._members(place, cat) if dom[c] == {place})
            free[(place, cat)] = n - used
        slot_of = {}
        for c in self.cards:
            if len(dom[c]) > 1:
                slot_of[c] = [(p, self.cat_of[c] if p == ENVELOPE else None) for p in dom[c]]
        match: dict = {}   # (place, cat) → list of cards
        owner: dict = {}

        def augment(c, seen):
            for slot in slot_of[c]:
                if slot in seen or free.get(slot, 0) <= 0 and not match.get(slot):
                    continue
                seen.add(slot)
                if len(match.setdefault(slot, [])) < free.get(slot, 0):
                    match[slot].append(c)
                    owner[c] = slot
                    return True
                for other in list(match[slot]):
                    if augment(other, seen):
                        match[slot].remove(other)
                        match[slot].append(c)
                        owner[c] = slot
                        return True
            return False

        return all(augment(c, set()) for c in slot_of)

    def _search(self, dom):
        if not self._propagate(dom):
            return None
        open_ = [c for c in self.cards if len(dom[c]) > 1]
        if not open_:
            return {c: next(iter(d)) for c, d in dom.items()}
        c = min(open_, key=lambda x: (len(dom[x]), x))
        wanted = {r for r, cs in self.clauses if c in cs}
        for p in sorted(dom[c], key=lambda q: (q not in wanted, q != ENVELOPE, str(q))):
            new = {k: set(v) for k, v in dom.items()}
            new[c] = {p}
            got = self._search(new)
            if got is not None:
                return got
        return None


# ---- the rules of play (what the simulator and the tests both ask) -----------------------------------
def asked(players: int, suggester: int, direction: str) -> list[int]:
    """The seats asked to refute a suggestion of `suggester`, in the order they are asked: every other
    seat, starting beside the suggester on the side `direction` names (seats count clockwise, and the
    player on one's left sits next clockwise)."""
    step = {"left": 1, "right": -1}.get(direction)
    if step is None:
        raise ValueError(f"a refutation passes left or right, not {direction!r}")
    return [(suggester + step * k) % players for k in range(1, players)]


def refutation(hands, suggester: int, named, direction: str):
    """Who refutes a suggestion and with which of the named cards: (seat, cards the seat could show)
    for the first seat asked that holds any of them, else (None, ()). `hands`: seat → set of cards."""
    for seat in asked(len(hands), suggester, direction):
        held = tuple(c for c in named if c in hands[seat])
        if held:
            return seat, held
    return None, ()


def verdict(envelope: dict, accusation: dict) -> bool:
    """An accusation is right when it names the envelope's card in every category."""
    return set(envelope) == set(accusation) and all(envelope[k] == accusation[k] for k in envelope)


def deal(cards, players: int, dealer: int) -> list[list]:
    """The cards dealt one at a time, clockwise from the dealer's left, until none are left: the hand of
    each seat (seats count clockwise)."""
    hands = [[] for _ in range(players)]
    for i, card in enumerate(cards):
        hands[(dealer + 1 + i) % players].append(card)
    return hands
