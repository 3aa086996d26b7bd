"""Doomsday Files: the rules plug-in."""
from pnp.games.doomsday_files import checks
from pnp.rules.api import Plugin, lazy

plugin = Plugin("doomsday-files", check=checks.check, summary=checks.summary, report=checks.report,
                configs=lazy("pnp.games.doomsday_files.simulate", "configs"),
                simulate=lazy("pnp.games.doomsday_files.simulate", "simulate"),
                labels=lazy("pnp.games.doomsday_files.simulate", "labels"))
