"""Clue: the rules plug-in."""
from pnp.games.clue import checks, simulate
from pnp.rules.api import Plugin

plugin = Plugin("clue", check=checks.check, summary=checks.summary, report=checks.report,
                configs=simulate.configs, simulate=simulate.simulate)
