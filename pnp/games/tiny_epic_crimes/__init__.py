"""Tiny Epic Crimes: the rules plug-in."""
from pnp.games.tiny_epic_crimes import checks, phrasing
from pnp.rules.api import Plugin, lazy

plugin = Plugin("tiny-epic-crimes", check=checks.check, summary=checks.summary, report=checks.report,
                configs=lazy("pnp.games.tiny_epic_crimes.simulate", "configs"),
                simulate=lazy("pnp.games.tiny_epic_crimes.simulate", "simulate"),
                labels=lazy("pnp.games.tiny_epic_crimes.simulate", "labels"),
                phrasing=phrasing.phrasing)
