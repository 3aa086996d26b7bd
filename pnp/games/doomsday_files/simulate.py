"""Doomsday Files played by its rules.yaml entries (`pnp simulate doomsday-files`).

One complete game with simple bots, by exactly the entries: every rule is read through `api.rule`,
so a rule the edition lacks is a state no rule covers (`api.Uncovered`), and an entry whose value this
model cannot play says so, naming the entry. Cases are resolved, claims judged and wins decided by the
game's own logic (logic.py: `resolve`, `lose_sanity`, `sanity_zero`, `guardian_claim`, `end_of_turn`,
`apostate_wins`, `seeker_wins`, `spectator_wins`, `deal_secrets`), the functions the checks use.

The bots: they resolve a case when they hold three cards or more (or the case limit), show matching
cards first and forbidden ones last, play a resolving card when the hand falls short, pass a random card
from hand or the deck's top either way round, take a passed case more readily the fewer they hold, and
claim as guardians when their own solved mysteries (and the allies they know) reach the target, or
late in the game on a guess. The heretic plays the cards that raise doom. Professions are modelled
for what the rules say of them (drawing, covering, the sanity limit of lasting abilities); their own
abilities and the action cards that only look, trade or redirect cases are not played.

The parts: table.py holds the entries, the deck and the state with its setup, sanity and doom;
turn_cards.py the action cards played in a turn; cases.py resolving and passing cases; wins.py the
claims and wins. Here they make `_Game`, with its turn, and `play` runs it to the end.
"""
from __future__ import annotations

import math

from pnp.rules import api
from pnp.games.doomsday_files import logic as L
from pnp.games.doomsday_files.cases import BONUS, Cases  # noqa: F401
from pnp.games.doomsday_files.table import _DECKS, Table, _deck, _End, _Rules  # noqa: F401
from pnp.games.doomsday_files.turn_cards import PLAYED, TURN_EFFECTS, TurnCards  # noqa: F401
from pnp.games.doomsday_files.wins import Wins

MAX_TURNS = 2000                       # a game still going after this many turns is reported, not cut


def configs(game):
    """Every player count the game supports (one mode)."""
    try:
        p = api.rule(game, "players")
        counts = range(int(p["min"]), int(p["max"]) + 1)
    except (api.Uncovered, KeyError, TypeError, ValueError):
        counts = L.PLAYERS                # simulate() then reports the missing `players` rule
    return [("standard", n) for n in counts]


def simulate(game, players, mode, rng):
    return play(game, players, mode, rng)[0]


def play(game, players, mode, rng):
    """(Played, the final state): one complete game, and the table as it ended (for tests that hold
    the simulated end to the rules functions)."""
    effects, CARD, CASE, profs, R = _deck(game)       # the entries are read once per loaded game
    if not R.num("players", "min") <= players <= R.num("players", "max"):
        raise api.Uncovered(f"rule `players` does not allow {players} players", "players")
    power = R.num("forbidden_symbols", "power")
    CARD = [L.Card(c.symbol, power, True) if c.forbidden else c for c in CARD]
    g = _Game(R, players, rng, effects, CARD, CASE, profs)
    try:
        g.setup()
        while True:
            g.turn()
    except _End as e:
        return api.Played(length=g.turns, end=e.end, winners=tuple(sorted(e.winners)),
                          roles=dict(enumerate(g.roles)), rounds=math.ceil(g.turns / players),
                          deck_out=g.deck_out, tie=False), g


class _Game(Wins, Cases, TurnCards, Table):
    """One game of Doomsday Files: the table set up, then turn after turn until someone wins."""

    # ---- a turn --------------------------------------------------------------------------------
    def turn(self):
        R, s = self.R, self.seat
        self.turns += 1
        if self.turns > MAX_TURNS:
            raise api.Uncovered(f"a game went on for {MAX_TURNS} turns: no rule brought it to an end")
        self.passed = self.pass_only = self.zeroed = False
        if self.zero[s]:
            self.recover(s)
        self._draw_into(s, self.draw_n)
        self.play_turn_cards(s)
        self.resolve_phase(s)
        if not self.passed:
            self.pass_case(s)
        if not self.pass_only:
            self.claim(s)
        if self.zeroed:
            R.want("sanity_zero_end_phase", "end_phase", "played")
        self.end_phase(s)
        self.seat = (s + self.step) % self.n


LABELS = {'en': {'doom': 'doom: everyone loses',
        'guardians': 'guardians win',
        'seeker': 'seeker wins',
        'apostate': 'apostate wins',
        'standard': 'standard'},
 'zh-TW': {'doom': '末日：全員落敗', 'guardians': '守護者獲勝', 'seeker': '求知者獲勝', 'apostate': '叛教者獲勝', 'standard': '標準'}}


def labels(game) -> dict:
    """The names `pnp report` shows for this simulator's ends, roles and modes, per language."""
    out = api.deck_names(game, "secrets")
    for lang, words in LABELS.items():
        out.setdefault(lang, {}).update(words)
    return out
