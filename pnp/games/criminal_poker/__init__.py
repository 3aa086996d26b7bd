"""Criminal Poker: the rules plug-in."""
from pnp.games.criminal_poker import checks, logic, phrasing
from pnp.rules.api import Plugin, lazy

plugin = Plugin("criminal-poker", check=checks.check, summary=logic.summary, report=logic.report,
                configs=lazy("pnp.games.criminal_poker.simulate", "configs"),
                simulate=lazy("pnp.games.criminal_poker.simulate", "simulate"),
                labels=lazy("pnp.games.criminal_poker.simulate", "labels"),
                phrasing=phrasing.phrasing)
