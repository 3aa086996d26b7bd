"""The rules engine: generic checks for every game, plus `pnp/rules/<game_id>.py` when it exists.

A game module may define:
- `check(game) -> iterable of Finding` — deck rules, run on every build and check;
- `summary(game) -> list[str]` — extra lines for `pnp check` (e.g. a fairness simulation);
- `report(game) -> list[dict]` — charts for `pnp report` (the contract: `pnp.report.stats`).
The module is found by the game id (`criminal-poker` → `pnp.rules.criminal_poker`): the core never
names a game.
"""
from __future__ import annotations

import importlib
import importlib.util

from pnp.rules import generic


def game_module(game_id: str):
    name = f"pnp.rules.{game_id.replace('-', '_')}"
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)


def run(game) -> tuple[list, list[str]]:
    """All findings for a game, and the names of the checks that ran."""
    findings = list(generic.check(game))
    ran = ["generic:unique-ids", "generic:counts", "generic:translations"]
    mod = game_module(game.id)
    if mod is not None and hasattr(mod, "check"):
        findings += list(mod.check(game))
        ran.append(f"{game.id}:deck-rules")
    return sorted(set(findings)), ran


def summary(game) -> list[str]:
    mod = game_module(game.id)
    if mod is not None and hasattr(mod, "summary"):
        return list(mod.summary(game))
    return []
