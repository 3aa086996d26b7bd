"""Criminal Poker: the rules plug-in."""
from pnp.games.criminal_poker import checks, logic, simulate
from pnp.rules.api import Plugin

plugin = Plugin("criminal-poker", check=checks.check, summary=logic.summary, report=logic.report,
                configs=simulate.configs, simulate=simulate.simulate)
