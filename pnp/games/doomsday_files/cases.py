"""Doomsday Files, played: the cases — resolving them (the bots show matching cards first and
forbidden ones last, and play a resolving card when the hand falls short) and passing one each turn
(from hand or the deck's top, taken the more readily the fewer cases a player holds).

`Cases` is a part of simulate._Game and works on the state table.Table sets up.
"""
from __future__ import annotations

from pnp.rules import api
from pnp.games.doomsday_files import logic as L

BONUS = {"shotgun": ("monster", 2), "lens": ("mystery", 2), "flashlight": (None, 1)}


class Cases:
    """Resolving and passing cases (mixed into simulate._Game)."""

    # ---- resolving -----------------------------------------------------------------------------
    def resolve_phase(self, s):
        R = self.R
        R.want("resolve_cases", "per_turn", "unlimited")
        limit = self._case_limit()
        while self.cases[s] and not self.pass_only:
            if len(self.hands[s]) < 3 and self.held(s) < limit:
                break
            # nobody looks at a face-down case, its holder included: the bot picks one unseen
            R.want("face_down_cases", "look", "nobody")
            c = self.cases[s].pop(self.rng.randrange(len(self.cases[s])))
            if self.resolve_one(s, c) and R.want("resolve_cases", "after_solving", "stop", "go_on") == "stop":
                break

    def resolve_one(self, s, c):
        """Turn case `c` up and resolve it; True when a mystery was solved."""
        R, case, hand, CARD = self.R, self.CASE[c], self.hands[s], self.CARD
        if "resolving" not in R.done:
            R.want("resolve_showing", "order", "holder_chooses")
            R.want("resolve_showing", "until", "success_or_hand_shown")
            R.want("resolve_showing", "hold_back", False)
            R.want("symbols", "gun", "force")
            R.want("symbols", "magnifier", "investigate")
            R.want("symbols", "star", "either")
            R.want("case_corner", "exclaim", "monster")
            R.want("case_corner", "question", "mystery")
            R.want("shown_cards", "return_to", "hand")
            R.want("monster", "failure_sanity", "difficulty_minus_force")
            R.want("mystery", "success", "keep_solved")
            R.done.add("resolving")
        kind, need = case.kind, case.difficulty
        cnt = self.cnt[kind]
        have = sum(cnt[h] for h in hand)
        bonus, guard = 0, None
        # resolving cards, played once the case is turned up, while the hand falls short
        for h in [h for h in hand if self.eff[h] in BONUS and BONUS[self.eff[h]][0] in (None, kind)]:
            if have + bonus >= need:
                break
            rc = R("resolve_cards")
            R.want("resolve_cards", "played", "after_turn_up")
            R.want("card_rulings", "shown_then_played", "allowed")    # a card in hand, shown or not
            own = R.want("resolve_cards", "own_symbol", False, True)
            R.want("resolve_cards", "to_fail", False)        # the bots play one only to reach the difficulty
            hand.remove(h)
            self._discard([h])
            have -= cnt[h]
            bonus += BONUS[self.eff[h]][1] + (cnt[h] if own else 0)
            if self.eff[h] == "flashlight":
                R.want("card_rulings", "drawn_while_resolving", "must_show")   # the new card joins the hand shown
                self._draw_into(s, 1)
                have = sum(cnt[x] for x in hand)
            del rc
        if have + bonus < need:
            for h in hand:
                if self.eff[h] == ("escape" if kind == "monster" else "notebook"):
                    R.want("resolve_cards", "played", "after_turn_up")
                    # played as the failure is applied, the whole hand shown (it is decided here, before
                    # the showing, because the bot knows its hand falls short)
                    R.want("resolve_cards", "until", "outcome")
                    guard = h
                    hand.remove(h)
                    self._discard([h])
                    break
        order = sorted(hand, key=lambda h: (cnt[h] == 0, CARD[h].forbidden))
        # a forbidden card's cost is paid the moment it is shown; one that takes the last sanity stops
        # the resolving (table.sanity_zero puts the case with the others, by `sanity_zero_resolving`)
        paid = [0]

        def pay(k):
            paid[0] += k
            self.hurt(s, k)
            return self.broke_off

        self.resolving, self.broke_off = c, False
        res = L.resolve(case, [CARD[h] for h in order], bonus, self.cost, *self.outcomes, pay=pay)
        self.resolving = None
        if res.broke:
            return False
        lost = res.sanity_lost - paid[0]          # what the outcome costs (a monster that wins)
        if kind == "monster":
            self._discard([c])
            # the monster's own loss is its outcome (`monster_zero`): resolved, unless the edition says not
            then = R.want("monster_zero", "monster", "resolved", "unresolved")
            self.hurt(s, lost, cap=1 if (not res.success and guard is not None) else None)
            if then == "unresolved" and self.zero[s] and not res.success:
                self.raise_doom(R.num("sanity_zero", "per_discarded_case"))
            if res.success and not self.zero[s]:
                self._draw_into(s, res.draw)
            return False
        if not res.success:
            self._discard([c])
            self.hurt(s, lost)
            if guard is None:
                self.raise_doom(res.doom)
            return False
        self.solved[s].append(c)
        self.hurt(s, lost)
        if self.roles[s] == "apostate":
            R.want("apostate_win", "counts", "own_solved")
            if L.apostate_wins(self._solved(s), R.num("apostate_target", "difficulty")):
                R.want("apostate_win", "when", "at_once")
                self.win("apostate", [s])
        return True

    def _solved(self, p):
        return sum(self.CASE[c].difficulty for c in self.solved[p])

    # ---- passing -------------------------------------------------------------------------------
    def pass_case(self, s):
        R, rng, hand, n = self.R, self.rng, self.hands[s], self.n
        if "passing" not in R.done:
            R.want("pass_case", "from", "hand_or_deck_top")
            R.want("pass_case", "direction", "either")
            if R.num("pass_case", "per_turn") != 1 or R("pass_case").get("required") is not True:
                raise api.Uncovered("rule `pass_case`: this model plays one required pass a turn", "pass_case")
            R.want("take_case", "may_refuse", True)
            R.want("take_case", "at_zero_sanity", False)
            R.done.add("passing")
        card = None
        if hand and (rng.random() < 0.5 or (self.roles[s] == "seeker" and len(hand) > 2)):
            pick = [h for h in hand if not (self.roles[s] == "seeker" and self.CARD[h].forbidden)] or hand
            if self.roles[s] == "heretic":
                card = max(pick, key=lambda h: self.CASE[h].difficulty)
            else:
                card = pick[rng.randrange(len(pick))]
            hand.remove(card)
        else:
            card = self._draw()
            if card is None and hand:
                card = hand.pop(rng.randrange(len(hand)))
        self.passed = True
        if card is None:
            R.want("no_case_to_pass", "then", "skip")
            return
        step = rng.choice((1, -1))
        limit = self.case_limit
        for k in range(1, n):
            p = (s + step * k) % n
            if self.zero[p] or self.held(p) >= limit:
                continue
            if rng.random() < (0.7, 0.45, 0.2, 0.1, 0.05)[min(4, self.held(p))]:
                self.cases[p].append(card)
                return
        R.want("untaken_case", "then", "discard")
        R.want("case_reaching", "returning", "reaches_nobody")    # coming back, it reaches no one: unanswered
        self._discard([card])
        self.raise_doom(R.num("untaken_case", "doom"))
