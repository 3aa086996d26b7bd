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

from pathlib import Path

from pnp.errors import Problem, Problems
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
        try:
            findings += list(mod.check(game))
        except Problems:
            raise
        except Exception as e:  # a game's rules meeting data of a shape they do not expect: not a traceback
            raise Problems([_crash(game, mod, e)]) from e
        ran.append(f"{game.id}:deck-rules")
    return sorted(set(findings)), ran


def _crash(game, mod, e: Exception) -> Problem:
    import traceback
    frame = next((f for f in reversed(traceback.extract_tb(e.__traceback__)) if f.filename == mod.__file__), None)
    where = f", {Path(mod.__file__).name} line {frame.lineno}" if frame else ""
    return Problem(game.pos, f"the rules of `{game.id}` cannot read this content ({type(e).__name__}: {e}{where})",
                   "a value the rules use (game.yaml `data:` or a card field) has an unexpected shape: compare it "
                   "with the README and the shipped game, and fix the other problems first")


def summary(game) -> list[str]:
    mod = game_module(game.id)
    if mod is not None and hasattr(mod, "summary"):
        try:
            return list(mod.summary(game))
        except Problems:
            raise
        except Exception as e:
            raise Problems([_crash(game, mod, e)]) from e
    return []
