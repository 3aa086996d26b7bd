"""Tiny Epic Crimes, played: complete games by the rules.yaml entries, with simple greedy bots.

Every rule the game applies is read through `api.rule(game, name)`; a rule needed only in a rare
state (an empty deck, a tracker stuck on the last hour …) is read when that state arises, so an
edition without it is a state no rule covers (`pnp simulate` exits 1 naming it). The turn order, the
time track, the candidates left and the winners are the plug-in's own rules functions (checks.py),
the same ones `pnp check` and the tests hold to the published rules.

The bots: each turn an officer looks over every block it could drive to and every action the hour
allows, and takes the best by a fixed preference (clues, then events, then arrests, then coffee),
the nearer the better, with some noise from the game's random source. At the end each officer (or
the team) accuses one suspect among those `checks.candidates` leaves from what it has seen. Not
played: the text of ability, force and event penalty cards, and the officers' co-op powers (the
cards are held and drawn, not used).

The parts: table.py holds the pieces, the officers and the setup, actions.py what each action and
roll does by the rules, bots.py the bots' choice; here they make `Crimes`, with its turns and its end.
"""
from __future__ import annotations

from pnp.rules import api
from pnp.games.tiny_epic_crimes import checks
from pnp.games.tiny_epic_crimes.actions import Actions
from pnp.games.tiny_epic_crimes.bots import Bots
from pnp.games.tiny_epic_crimes.table import (CLUE_OF, TYPES, Event, Officer, Pieces, Table,  # noqa: F401
                                               _event, _grid, _pieces)


class Crimes(Bots, Actions, Table):
    """One game of Tiny Epic Crimes: the table set up, the turns played until every car is down."""

    def turn(self):
        R = self.R
        active = {h: [p for p in ps if not self.o[p].down] for h, ps in self.stacks.items()}
        seat = checks.next_to_act(active, R["turn_order"]["acts"], R["turn_order"]["tie"])
        if self.log is not None:
            self.log.append(({h: list(ps) for h, ps in active.items() if ps}, seat))
        off = self.o[seat]
        self.turns += 1
        choice = self.options(off)
        if choice is None:                            # no action fits before the end of the track
            if self.rule("stuck_at_end")["then"] != "game_over":
                raise api.Uncovered("an officer who can take no action", "stuck_at_end")
            off.down = True
            return
        _score, cell, action, drive, hours, arg = choice
        if action == "stop" and self.rule("event_stop")["counts_as"] != "action":
            raise api.Uncovered("an event stop that is not an action", "event_stop")
        off.at = cell
        self.act(off, action, cell, hours, arg)
        if R["tracker_move"]["by"] != "drive_plus_action":
            raise api.Uncovered("a tracker that moves by other than the hours spent", "tracker_move")
        before, after = self._move(off, drive + hours)
        self._city_events(off)
        if R["events"]["draw_when"] == "first_across_line":
            self._lines_crossed(before, after)
        self.mobster_roll()
        h = self.hour[off.seat]
        if h >= R["accuse"]["from"] and (h >= self.last or self.rng.random() < (h - R["accuse"]["from"] + 1) / 6):
            off.down = True                           # car laid on its side

    # ---- the end -------------------------------------------------------------------------------
    def play(self):
        while not all(o.down for o in self.o):
            self.turn()
        R = self.R
        if R["game_end"]["when"] != "all_cars_down":
            raise api.Uncovered("a game that ends otherwise than with every car down", "game_end")
        if self.coop:
            left = checks.candidates(self.p.suspects, self.o[0].known, self.o[0].seen)
            picks = {o.seat: self.rng.choice(left)["id"] for o in self.o}   # each officer's own choice
            if len(set(picks.values())) > 1:             # the team disagrees (rules.yaml coop_accuse)
                if self.rule("coop_accuse")["disagree"] != "highest_badge":
                    raise api.Uncovered("a co-op team that disagrees, settled otherwise than by badge", "coop_accuse")
                chief = max(self.o, key=lambda o: (o.level, -self.hour[o.seat]))
                accused = picks[chief.seat]
            else:
                accused = next(iter(picks.values()))
            self.accusations = [{"player": 0, "accused": accused}]
            right = accused == self.murderer
            seats = tuple(range(len(self.o) if self.mode != "solo" else 1)) if right else ()
            return api.Played(length=self.turns, end="team_right" if right else "team_wrong", winners=seats,
                              rounds=max(self.hour.values()), deck_out=self.deck_out)
        if R["hours_used"]["is"] != "tracker_hour":
            raise api.Uncovered("hours used counted otherwise than by the tracker", "hours_used")
        self.accusations = []
        for o in self.o:
            left = checks.candidates(self.p.suspects, o.known, o.seen)
            self.accusations.append({"player": o.seat, "accused": self.rng.choice(left)["id"], "badge": o.level,
                                     "hours": self.hour[o.seat], "evidence": len(o.evidence)})
        won = checks.winners(self.accusations, self.murderer, tuple(R["winner"]["order"]))
        right = sum(a["accused"] == self.murderer for a in self.accusations)
        return api.Played(length=self.turns, end="named" if won else "nobody_right", winners=tuple(won),
                          rounds=max(self.hour.values()), deck_out=self.deck_out, tie=right > 1)


def configs(game):
    m = api.rule(game, "modes")
    return ([("standard", n) for n in range(m["standard_min"], m["standard_max"] + 1)]
            + [("coop", n) for n in range(m["coop_min"], m["coop_max"] + 1)] + [("solo", 1)])


def play(game, players, mode, rng, log=False) -> Crimes:
    """One complete game; the finished state (the tests read it), its result in `.result`; with `log`,
    `.log` holds each turn's time track (active trackers) and the seat that acted."""
    g = Crimes(game, players, mode, rng)
    g.log = [] if log else None
    g.result = g.play()
    return g


def simulate(game, players, mode, rng) -> api.Played:
    return play(game, players, mode, rng).result


LABELS = {'en': {'named': 'the murderer named',
        'nobody_right': 'nobody named the murderer',
        'team_right': 'the team named the murderer',
        'team_wrong': 'the team named the wrong suspect',
        'standard': 'standard',
        'coop': 'cooperative',
        'solo': 'solo'},
 'zh-TW': {'named': '有人指出兇手',
           'nobody_right': '沒人指出兇手',
           'team_right': '全隊指出兇手',
           'team_wrong': '全隊指錯嫌犯',
           'standard': '標準模式',
           'coop': '合作模式',
           'solo': '單人模式'}}


def labels(game) -> dict:
    """The names `pnp report` shows for this simulator's ends, roles and modes, per language."""
    out = api.deck_names(game, "suspects")
    for lang, words in LABELS.items():
        out.setdefault(lang, {}).update(words)
    return out
