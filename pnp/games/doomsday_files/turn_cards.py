"""Doomsday Files, played: the action cards a bot plays in its turn — the drawing cards, healing,
banishing and summoning, cold case, handover, the abyss and the pact — and what each does.

`TurnCards` is a part of simulate._Game and works on the state table.Table sets up.
"""
from __future__ import annotations

TURN_EFFECTS = {"clippings": 2, "folio": 3, "archive": 1}     # cards drawn by the drawing effects
PLAYED = {*TURN_EFFECTS, "sedative", "support", "banishing", "summoning", "coldcase", "handover", "abyss", "pact"}


class TurnCards:
    """The action cards played in a turn (mixed into simulate._Game)."""

    def play_turn_cards(self, s):
        if self.pass_only:
            return
        role, hand = self.roles[s], self.hands[s]
        for c in [c for c in hand if self.eff[c] in PLAYED]:
            if self.pass_only or c not in hand:
                continue
            e, forb = self.eff[c], self.CARD[c].forbidden
            first = self.R.want("forbidden_played", "effect", "after_loss", "before_loss") if forb else None
            if forb and (role == "seeker" or (self.sanity[s] <= self.cost and
                                              not (first == "before_loss" and role == "heretic"))):
                continue                       # a bot plays a forbidden card that would empty it only when
                                               # its effect still comes (a heretic, whom zero helps)
            limit = self.limit(s)
            if e in TURN_EFFECTS:
                act = lambda: self._draw_into(s, TURN_EFFECTS[e])                          # noqa: E731
            elif e == "sedative" and self.sanity[s] <= limit - 2:
                act = lambda: self._heal(s, 2)                                             # noqa: E731
            elif e == "support" and self.sanity[s] < limit:
                act = lambda: [self._heal(p, 1) for p in range(self.n) if self.sanity[p] > 0]   # noqa: E731
            elif e == "banishing" and role != "heretic" and self.doom >= 2:
                act = lambda: setattr(self, "doom", max(0, self.doom - 2))                 # noqa: E731
            elif e == "summoning" and role == "heretic":
                act = lambda: self._summon(s)                                              # noqa: E731
            elif e == "coldcase" and self.cases[s] and (role == "heretic" or self.held(s) >= self._case_limit()):
                act = lambda: self._cold_case(s)                                           # noqa: E731
            elif e == "handover" and self.held(s) >= self._case_limit():
                act = lambda: self._handover(s)                                            # noqa: E731
            elif e == "abyss" and role != "heretic" and any(self.cases[p] for p in range(self.n) if p != s):
                act = lambda: self._abyss(s)                                               # noqa: E731
            elif e == "pact" and role == "guardian":
                act = lambda: self._pact(s)                                                # noqa: E731
            else:
                continue
            hand.remove(c)
            self._discard([c])
            if forb and first == "before_loss":
                act()                          # `forbidden_played`: the effect first, the loss after
                self.show_forbidden(s)
                continue
            if forb:
                self.show_forbidden(s)         # `forbidden_played`: the loss as it is shown, then the effect
                if self.zero[s]:
                    continue                   # ... which a holder at zero no longer has
            act()

    def _heal(self, p, k):
        if self.sanity[p] > 0:
            self.sanity[p] = min(self.limit(p), self.sanity[p] + k)

    def _summon(self, s):
        self.raise_doom(1)
        for p in range(self.n):
            if p != s:
                self.hurt(p, 1)

    def _cold_case(self, s):
        c = self.cases[s].pop(self.rng.randrange(len(self.cases[s])))
        self._discard([c])
        self.raise_doom(1)

    def _case_limit(self):
        return self.case_limit

    def _may_receive(self, p):
        """Whether a card or ability may put a case in front of `p` (rules.yaml `case_limit_moves`)."""
        if self.R.want("case_limit_moves", "applies", "every_move", "taking_only") == "every_move":
            return self.held(p) < self._case_limit()
        return True

    def _handover(self, s):
        self.R.want("case_reaching", "reaches", "only_when_passed")    # a given case reaches nobody: unanswered
        limit = self._case_limit()
        step = self._left()
        for p in ((s + step) % self.n, (s - step) % self.n):
            if not self.zero[p] and self.held(p) < limit:       # the card's own text: fewer than the limit
                self.cases[p].append(self.cases[s].pop(self.rng.randrange(len(self.cases[s]))))
                return

    def _abyss(self, s):
        others = [p for p in range(self.n) if p != s and self.cases[p] and not self.zero[p]]
        if not others:
            return
        p = max(others, key=lambda q: len(self.cases[q]))
        mysteries = [c for c in self.cases[p] if self.CASE[c].kind == "mystery"]
        if mysteries and self._may_receive(s):
            self.R.want("case_reaching", "reaches", "only_when_passed")    # a moved case reaches nobody
            c = min(mysteries, key=lambda k: self.CASE[k].difficulty)
            self.cases[p].remove(c)
            self.cases[s].append(c)

    def _pact(self, s):
        others = [p for p in range(self.n) if p != s and not self.zero[p]]
        if others:
            p = self.rng.choice(others)
            self.known[s][p] = self.roles[p]
