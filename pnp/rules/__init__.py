"""The rules engine: generic checks for every game, the checks game.yaml declares, and a rules plug-in.

A rules plug-in is a module registered under the entry point group `pnp.rules` with the game id as
its name (`[project.entry-points."pnp.rules"] my-game = "my_package.rules"`); the five shipped games
register theirs in pnp's own pyproject.toml the same way, so the core names no game. A plug-in may define:
- `check(game) -> iterable of Finding` — deck rules, run on every build and check;
- `summary(game) -> list[str]` — extra lines for `pnp check` (e.g. a fairness simulation);
- `report(game) -> list[dict]` — charts for `pnp report` (the contract: `pnp.report.stats`).
Content never names code: a game folder only has an id, and only installed plug-ins answer to it.
"""
from __future__ import annotations

from pathlib import Path

from pnp.core.errors import Pos, Problem, Problems
from pnp.rules import declared, generic, memo

GROUP = "pnp.rules"


def _source_tree() -> dict:
    """The plug-ins pnp's own pyproject.toml registers, when pnp runs from a checkout whose installed
    metadata predates them (an editable install made earlier, or the source folder on PYTHONPATH)."""
    import tomllib
    pyproject = Path(__file__).resolve().parents[2] / "pyproject.toml"
    try:
        meta = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if meta.get("project", {}).get("name") != "pnp":
        return {}
    return dict(meta["project"].get("entry-points", {}).get(GROUP, {}))


def plugins() -> dict:
    """Game id → entry point of its rules plug-in: installed distributions first, then pnp's source tree."""
    from importlib.metadata import EntryPoint, entry_points
    found = {ep.name: ep for ep in entry_points(group=GROUP)}
    for name, value in _source_tree().items():
        found.setdefault(name, EntryPoint(name, value, GROUP))
    return found


def game_module(game_id: str, pos=None):
    """The rules plug-in of a game (None when no installed package registers one); `pos`: where to
    report a plug-in that cannot be loaded (the game's game.yaml)."""
    ep = plugins().get(game_id)
    if ep is None:
        return None
    try:
        return ep.load()
    except Exception as e:  # a broken plug-in is the plug-in's problem, said once, not a traceback
        raise Problems([Problem(pos or Pos(f"content/{game_id}/game.yaml"), f"the rules plug-in `{ep.value}` of `{game_id}` cannot be loaded "
                                f"({type(e).__name__}: {e})", "fix or reinstall the package that provides it")]) from e


def run(game) -> tuple[list, list[str]]:
    """All findings for a game, and the names of the checks that ran."""
    with memo.scope():   # the checks share one template context per language and one read of the layouts
        return _run(game)


def _run(game) -> tuple[list, list[str]]:
    findings = list(generic.check(game))
    ran = ["generic:unique-ids", "generic:counts", "generic:translations"]
    try:
        more, names = declared.check(game)
    except Problems:
        raise
    except Exception as e:  # a declaration of a shape nothing foresaw: a problem at game.yaml, not a traceback
        raise Problems([Problem(game.pos, f"the declared checks cannot be run ({type(e).__name__}: {e})",
                                "compare `checks:` with the README's examples")]) from e
    findings += more
    ran += names
    mod = game_module(game.id, game.pos)
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
    mod = game_module(game.id, game.pos)
    if mod is not None and hasattr(mod, "summary"):
        try:
            return list(mod.summary(game))
        except Problems:
            raise
        except Exception as e:
            raise Problems([_crash(game, mod, e)]) from e
    return []
