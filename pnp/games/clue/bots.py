"""The players of `pnp simulate clue`: simple deduction bots and the notes they share.

Each bot keeps its notes (its hand, the cards shown to it, who could not refute what), suggests the
suspect and weapon it knows least about, and accuses when its notes leave one card per category
(confirmed by the exact deduction, `envelope_options`, once they leave two answers). A hasty bot
accuses as soon as its notes leave at most six answers, guessing among them.
"""
from __future__ import annotations

from pnp.games.clue.logic import Suggestion, asked, envelope_options, refutation


class Bot:
    def __init__(self, seat, hand, cats, hasty):
        self.seat, self.hand, self.hasty = seat, set(hand), hasty
        self.cats = cats
        self.held = {c: seat for c in hand}                # card → seat known to hold it
        self.log: list[Suggestion] = []
        self.checked = -1                                  # log length at the last exact deduction
        self.solution = None
        self._cand = (None, None)

    def candidates(self, lacks, version):
        """Category → cards that can still be in the envelope by the bot's simple notes (the cards
        nobody is known to hold; a card every other player lacks is the envelope's)."""
        if self._cand[0] == version:
            return self._cand[1]
        others = [lk for p, lk in enumerate(lacks) if p != self.seat]
        common = set.intersection(*others) if others else set()
        out = {}
        for k, cs in self.cats.items():
            left = [c for c in cs if c not in self.held]
            sure = [c for c in left if c in common]
            out[k] = sure[:1] if sure else left
        self._cand = (version, out)
        return out


class Players:
    """The bots round the table, their hands, and what everyone knows: who lacks which cards."""

    def __init__(self, hands, cats, rng, hasty):
        self.n, self.cats, self.rng = len(hands), cats, rng
        self.sizes = [len(h) for h in hands]
        self.bots = [Bot(i, hands[i], cats, rng.random() < hasty) for i in range(self.n)]
        self.hand_sets = [set(h) for h in hands]
        self.lacks = [set() for _ in range(self.n)]      # seat → cards everyone knows it does not hold
        self.version = 0                                  # bumped whenever anyone's notes change

    def candidates(self, seat):
        return self.bots[seat].candidates(self.lacks, self.version)

    def suggest(self, seat, room, pieces, refute_dir):
        """The bot of `seat` suggests in `room`; the named pieces move there and the other players
        refute. The seat that refuted, or None."""
        rng, cats = self.rng, self.cats
        bot = self.bots[seat]
        cand = self.candidates(seat)
        named = {}
        for k in ("suspect", "weapon"):
            pool = cand[k] if len(cand[k]) > 1 else (cand[k] + [c for c in cats[k] if c in bot.hand])
            named[k] = rng.choice(pool or cats[k])
        named["room"] = pieces.m.room_card[room]
        cards = (named["suspect"], named["weapon"], named["room"])
        pieces.gather(seat, named["suspect"], named["weapon"], room)
        who, could = refutation(self.hand_sets, seat, cards, refute_dir)
        order = asked(self.n, seat, refute_dir)
        passed = order[:order.index(who)] if who is not None else order
        for p in passed:
            self.lacks[p].update(cards)
        shown = None
        if who is not None:
            shown = rng.choice(could)
            bot.held[shown] = who
        self.version += 1
        public = Suggestion(seat, cards, who, tuple(passed), None)
        mine = Suggestion(seat, cards, who, tuple(passed), shown) if shown is not None else public
        for b in self.bots:
            b.log.append(mine if b.seat == seat else public)
        return who

    def ready(self, seat):
        """The accusation of the bot of `seat`, or None while it would rather not accuse."""
        bot, rng = self.bots[seat], self.rng
        cand = self.candidates(seat)
        if all(len(v) == 1 for v in cand.values()):
            return {k: v[0] for k, v in cand.items()}
        combos = 1
        for v in cand.values():
            combos *= len(v)
        if bot.hasty and combos <= 6:
            return {k: rng.choice(v) for k, v in cand.items()}
        if combos <= 2 and bot.checked != len(bot.log):
            bot.checked = len(bot.log)
            open_ = [c for v in cand.values() if len(v) > 1 for c in v]
            can = envelope_options(range(self.n), bot.seat, bot.hand, bot.log, self.cats, self.sizes, open_)
            left = {k: (v if len(v) == 1 else [c for c in v if c in can]) for k, v in cand.items()}
            if all(len(v) == 1 for v in left.values()):
                return {k: v[0] for k, v in left.items()}
        return None
