"""Tiny Epic Crimes: the rules plug-in."""
from pnp.games.tiny_epic_crimes import checks, simulate
from pnp.rules.api import Plugin

plugin = Plugin("tiny-epic-crimes", check=checks.check, summary=checks.summary, report=checks.report,
                configs=simulate.configs, simulate=simulate.simulate)
