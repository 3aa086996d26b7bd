"""Criminal Poker: the rules plug-in."""
from pnp.games.criminal_poker import checks, logic
from pnp.rules.api import Plugin

plugin = Plugin("criminal-poker", check=checks.check, summary=logic.summary, report=logic.report)
