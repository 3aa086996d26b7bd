"""Findings for rules plug-ins: `error(pos, message, card, check)` and `warning(…)` (they live in
`pnp.core.findings`, at the bottom of the house, so every layer can make them)."""
from pnp.core.findings import Finding, error, warning  # noqa: F401
