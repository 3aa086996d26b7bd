"""Lady Alice: the rules plug-in."""
from pnp.games.lady_alice import checks, report, simulate
from pnp.rules.api import Plugin

plugin = Plugin("lady-alice", check=checks.check, summary=report.summary, report=report.report,
                configs=simulate.configs, simulate=simulate.simulate)
