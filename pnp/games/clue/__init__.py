"""Clue: the rules plug-in."""
from pnp.games.clue import checks, phrasing
from pnp.rules.api import Plugin, lazy

plugin = Plugin("clue", check=checks.check, summary=checks.summary, report=checks.report,
                configs=lazy("pnp.games.clue.simulate", "configs"),
                simulate=lazy("pnp.games.clue.simulate", "simulate"),
                labels=lazy("pnp.games.clue.simulate", "labels"),
                phrasing=phrasing.phrasing)
