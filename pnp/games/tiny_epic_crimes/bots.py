"""Tiny Epic Crimes, played: the bots' choice of action. Each turn an officer looks over every block
it could drive to and every action the hour allows, and takes the best by a fixed preference (clues,
then events, then arrests, then coffee), the nearer the better, with some noise from the game's
random source.

`Bots` is a part of simulate.Crimes; the choice is played by actions.Actions.
"""
from __future__ import annotations

from pnp.rules import api


class Bots:
    """The officers' choice of drive and action (mixed into simulate.Crimes)."""

    def options(self, off):
        """The bot's choice among the legal ones: (score, cell, action, drive hours, action hours,
        event) — drive to `cell`, then take `action` there; None when no action fits."""
        R, h = self.R, self.hour[off.seat]
        day = self.is_day(h)
        left = self.last - h
        per = R["drive"]["hours_per_block"]
        far = self.dist[off.at]
        rnd = self.rng.random
        best = [None]

        def add(prio, cell, action, hours, arg=None):
            dist = far[cell] * per
            if dist + hours <= left:
                score = prio * 4 - dist - hours + rnd() * 3
                if best[0] is None or score > best[0][0]:
                    best[0] = (score, cell, action, dist, hours, arg)

        ok = {name: R[name]["when"] == "any" or (R[name]["when"] == "day") == day
              for name in ("coffee", "arrest", "backup", "informant", "witness", "search", "stakeout", "holding")}
        if ok["coffee"]:
            add(0, off.at, "coffee", R["coffee"]["hours"])
        mob = self.mob
        around = {}
        if ok["backup"]:
            k = self.rng.randint(R["backup"]["hours_min"], R["backup"]["hours_max"])
            for m in mob:
                for c in self.near[m]:
                    around[c] = around.get(c, 0) + 1
            for cell, n in around.items():
                if n > 1 and cell not in mob:
                    add(1 + n * 0.5, cell, "backup", k)
        hold = ok["holding"] and off.car is None
        for cell in mob:                              # on a mobster's block: the bot's best action there
            if ok["informant"] and cell[1] in self.informants:
                add(3, cell, "informant", R["informant"]["hours"])
            elif ok["witness"] and cell[0] in self.witnesses:
                add(3, cell, "witness", R["witness"]["hours"])
            elif hold and cell != self.hq:
                add(2, cell, "hold", R["holding"]["hours"])
            elif ok["backup"] and cell in around:
                add(1 + around[cell] * 0.5, cell, "backup", k)
            elif ok["arrest"]:
                add(1 + (cell in self.marked), cell, "arrest", R["arrest"]["hours"])
        if ok["search"]:
            for cell in self.search:
                add(3, cell, "search", R["search"]["hours"])
        if ok["stakeout"] and self.stake:
            k = self.rng.randint(max(R["stakeout"]["hours_min"], 3), R["stakeout"]["hours_max"])
            for cell in self.stake:
                add(2.5, cell, "stakeout", k)
        if ok["holding"] and off.car is not None and self.night_no(h) != off.car_night:
            jail = self.rule("holding_jail")              # the second night: the car on HQ, the drive paid
            if jail["car_at"] != "hq" or jail["drive"] != "paid":
                raise api.Uncovered("a holding completed away from HQ, or a free drive there", "holding_jail")
            add(3, self.hq, "jail", R["holding"]["hours"])
        for cell, st in self.markers.items():
            e = st["event"]
            if e.when == "any" or (e.when == "day") == day:
                add(2.5, cell, "stop", e.hours, st)
        return best[0]
