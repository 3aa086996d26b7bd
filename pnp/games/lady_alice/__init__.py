"""Lady Alice: the rules plug-in."""
from pnp.games.lady_alice import checks, phrasing, report
from pnp.rules.api import Plugin, lazy

plugin = Plugin("lady-alice", check=checks.check, summary=report.summary, report=report.report,
                configs=lazy("pnp.games.lady_alice.simulate", "configs"),
                simulate=lazy("pnp.games.lady_alice.simulate", "simulate"),
                labels=lazy("pnp.games.lady_alice.simulate", "labels"),
                phrasing=phrasing.phrasing)
