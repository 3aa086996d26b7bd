"""The bots of `pnp simulate lady-alice` and the cases they think of.

Each bot keeps the cases still possible given its own card, the Holmes cards and every blue count shown
so far (with 5 students, where one category has two true elements, a count may be one more than a
case's matches); it suspects one of them, bets on the elements most often true among them and accuses
when one case is left.
"""
from __future__ import annotations


class Space:
    """Every case a bot can think of, as bit positions: a case is one element index per category, base
    `size + 1` digits (the extra digit: the category nobody holds, with 3 students). A set of cases is
    an int; `eq[j][e]` is the set where category j is element e, so filtering by a blue count is a
    few bitwise operations on the whole set."""

    def __init__(self, sizes):
        self.base = max(sizes) + 1
        self.none = self.base - 1
        self.total = self.base ** len(sizes)
        self.sizes = sizes
        bits = [[[] for _ in range(self.base)] for _ in sizes]
        for i in range(self.total):
            for j, e in enumerate(self.digits(i)):
                bits[j][e].append(i)
        self.eq = [[_mask(b) for b in col] for col in bits]
        self.held = [_union(col[:size]) for col, size in zip(self.eq, sizes)]

    def digits(self, i):
        out = []
        for _ in self.sizes:
            i, r = divmod(i, self.base)
            out.append(r)
        return out

    def case(self, i):
        return tuple(-1 if d == self.none else d for d in self.digits(i))

    def matching(self, s, blue, relaxed=False):
        """The cases whose matches with suspicion `s` (element indices) are `blue` (or one fewer)."""
        levels = [-1] + [0] * len(s)
        for j, e in enumerate(s):
            m = self.eq[j][e] if e != self.none else 0    # a section nobody judges matches nothing
            levels = [levels[0] & ~m] + [(levels[k] & ~m) | (levels[k - 1] & m) for k in range(1, len(levels))]
        if not 0 <= blue < len(levels):
            return 0
        return levels[blue] | (levels[blue - 1] if relaxed and blue else 0)


def _mask(positions):
    out = bytearray((max(positions, default=0) >> 3) + 1)
    for p in positions:
        out[p >> 3] |= 1 << (p & 7)
    return int.from_bytes(out, "little")


def _union(masks):
    out = 0
    for m in masks:
        out |= m
    return out


SPACES: dict = {}                        # sizes → Space, kept for every game


def space_for(sizes):
    """The Space of these category sizes, built once."""
    if sizes not in SPACES:
        SPACES[sizes] = Space(sizes)
    return SPACES[sizes]


class Bot:
    """One student's deductions: the cases still possible (a set of `Space` cases), what it suspects and
    where it bets."""

    def __init__(self, seat, card, players, space, idx, rng):
        self.seat, self.rng, self.relaxed, self.space = seat, rng, players == 5, space
        k, i = idx[card]
        held = space.held
        cats = range(len(held))
        if players == 3:                             # one category, not mine, is held by nobody
            cands = 0
            for m in cats:
                if m != k:
                    one = space.eq[m][space.none]
                    for o in cats:
                        if o != m:
                            one &= held[o]
                    cands |= one
            cands &= space.eq[k][i]
        else:
            cands = space.eq[k][i]
            for o in cats:
                cands &= held[o]
        self.cands, self._marg = cands, None

    @property
    def count(self):
        return self.cands.bit_count()

    def learn(self, mask):
        self.cands &= mask
        self._marg = None

    def cover(self, covered_idx):
        for j, e in covered_idx:
            self.cands &= ~self.space.eq[j][e]
        self._marg = None

    def pick(self):
        """One of the cases still possible, at random: its element indices (-1: nobody holds it)."""
        r = self.rng.randrange(self.count)
        bits, pos = bin(self.cands)[:1:-1], -1
        for _ in range(r + 1):
            pos = bits.find("1", pos + 1)
        return self.space.case(pos)

    def marginals(self):
        """{(category index, element index): share of the cases still possible where it is true}."""
        if self._marg is None:
            n = self.count or 1
            m = {}
            for j, col in enumerate(self.space.eq):
                for e in range(self.space.sizes[j]):
                    k = (self.cands & col[e]).bit_count()
                    if k:
                        m[(j, e)] = k / n
            self._marg = m
            self._ranked = sorted(((v, e) for e, v in m.items()), reverse=True)
        return self._marg

    def ranked(self):
        """[(share, (category index, element index))], the likeliest first."""
        self.marginals()
        return self._ranked
