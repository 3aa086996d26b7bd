"""Doomsday Files, played: the guardians' claims, the end phase (hand limit, open cases, the seeker's
goal) and a win by anyone but the heretic, which the doomsayer, cursed blood and ignorant may share.

`Wins` is a part of simulate._Game; a win ends the game by raising table._End.
"""
from __future__ import annotations

from pnp.games.doomsday_files import logic as L
from pnp.games.doomsday_files.table import _End


class Wins:
    """Claims, the end of a turn and the wins (mixed into simulate._Game)."""

    # ---- claims and the end --------------------------------------------------------------------
    def claim(self, s):
        if self.roles[s] != "guardian":
            return
        R = self.R
        R.want("claim_victory", "who", "guardian_or_apostate")
        if R.num("claim_victory", "per_turn") < 1:
            return
        target = R.num("guardian_target", "difficulty")
        own = self._solved(s)
        known = [p for p, r in self.known[s].items() if r == "guardian"]
        allies = None
        if own >= target:
            allies = []
        elif own + sum(self._solved(p) for p in known) >= target:
            allies = known
        elif self.doom >= 8 and self.rng.random() < 0.25:
            cand = [p for p in range(self.n) if p != s and self.known[s].get(p, "guardian") == "guardian"
                    and self.solved[p]]
            self.rng.shuffle(cand)
            cand.sort(key=self._solved, reverse=True)
            total, allies = own, []
            for p in cand:
                if total >= target:
                    break
                allies.append(p)
                total += self._solved(p)
            if total < target:
                allies = None
        if allies is None:
            return
        R.want("guardian_claim", "allies", "every_named_is_guardian")
        R.want("guardian_claim", "failure_doom", "half_left_rounded_up")
        won, doom = L.guardian_claim(self.doom, own, [(self.roles[p], self._solved(p)) for p in allies],
                                     target, self.doom_max)
        if won:
            R.want("guardian_claim", "winners", "every_guardian")
            self.win("guardians", [p for p, r in enumerate(self.roles) if r == "guardian"])
        R.want("guardian_claim", "wrong_ally_reveals", False)
        for p in allies:
            if self.roles[p] != "guardian":
                self.known[s][p] = "not guardian"
        # the claimant's secret, and each named guardian's, was shown to the table (rules.yaml
        # `claim_check`): a face-up card is known to all, and one turned back down is remembered
        R.want("claim_check", "named_guardians", "reveal")
        R.want("claim_check", "revealed", "face_up", "face_down")
        shown = [s] + [p for p in allies if self.roles[p] == "guardian"]
        for q in range(self.n):
            for p in shown:
                if p != q:
                    self.known[q][p] = "guardian"
        self.raise_doom(doom - self.doom)

    def end_phase(self, s):
        R, hand = self.R, self.hands[s]
        lost, extra = L.end_of_turn(self.held(s), len(hand), *self.ends)
        if extra:
            keep_forbidden = self.roles[s] == "seeker"
            order = sorted(hand, key=lambda h: (keep_forbidden and self.CARD[h].forbidden, self.rng.random()))
            out = order[:extra]
            for h in out:
                hand.remove(h)
            self._discard(out)
        # the seeker is checked after discarding, and by `seeker_check` before (or after) the loss for cases
        before = self.roles[s] == "seeker" and \
            R.want("seeker_check", "order", "before_case_penalty", "after_case_penalty") == "before_case_penalty"
        if before:
            self.seeker_check(s)
        self.hurt(s, lost)
        if self.roles[s] == "seeker" and not before:
            self.seeker_check(s)

    def seeker_check(self, s):
        R, hand = self.R, self.hands[s]
        R.want("seeker_win", "when", "end_of_turn_after_discard")
        if self.zero[s] and R.want("seeker_check", "at_zero", "may_win", "cannot_win") == "cannot_win":
            return
        if L.seeker_wins(sum(self.CARD[h].forbidden for h in hand), len(self.solved[s]),
                         R.num("seeker_goal", "forbidden"), R.num("seeker_goal", "mysteries")):
            R.want("seeker_check", "win", "ends_game")
            self.win("seeker", [s])

    def win(self, end, winners):
        """Someone other than the heretic ends the game: the doomsayer, cursed blood and ignorant are
        checked now and share it when their goal holds."""
        R = self.R
        if end in ("apostate", "seeker"):
            R.want("solo_wins", "team", "none")     # winners stay the one player; spectators are checked below
        R.want("spectator_win", "when", "another_wins_but_heretic")
        R.want("spectator_win", "ends_game", False)
        goals = R("spectator_goals")
        winners = list(winners)
        for p, role in enumerate(self.roles):
            if role in ("doomsayer", "cursed", "ignorant") and L.spectator_wins(
                    role, self.doom, len(self.covered[p]), len(self.solved[p]),
                    R.num("spectator_goals", "doomsayer_doom"), R.num("spectator_goals", "cursed_covered"),
                    R.num("spectator_goals", "ignorant_solved")):
                winners.append(p)
        del goals
        raise _End(end, winners)
