"""Doomsday Files: the rules plug-in."""
from pnp.games.doomsday_files import checks, simulate
from pnp.rules.api import Plugin

plugin = Plugin("doomsday-files", check=checks.check, summary=checks.summary, report=checks.report,
                configs=simulate.configs, simulate=simulate.simulate)
