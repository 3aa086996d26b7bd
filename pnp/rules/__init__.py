"""The rules engine: generic checks for every game, the checks game.yaml declares, and the rules
plug-in the game opts in to.

A rules plug-in is a `pnp.rules.api.Plugin` object registered under the entry point group `pnp.rules`
(`[project.entry-points."pnp.rules"] my-game = "my_package:plugin"`); the five shipped games register
theirs in pnp's own pyproject.toml the same way, so the core names no game. A game opts in by name:
game.yaml `rules: my-game` (a registered name, never a file or module). A game that names none gets
the generic and declared checks only, whatever its id; an unknown name is bad input listing the
plug-ins installed. The hooks (`check`, `summary`, `report`) are the Plugin's declared fields.
"""
from __future__ import annotations

from pathlib import Path

from pnp.core.errors import Problem, Problems
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


def plugin_for(game):
    """The rules plug-in game.yaml `rules:` names (None when it names none). Raises Problems when no
    installed package registers that name, or its entry point is not a Plugin."""
    from pnp.rules.api import Plugin
    name = getattr(game, "rules", None)
    if name is None:
        return None
    pos = game.meta.at("rules") if hasattr(game.meta, "at") and "rules" in game.meta else game.pos
    found = plugins()
    ep = found.get(name)
    if ep is None:
        have = ", ".join(f"`{n}`" for n in sorted(found)) or "none"
        raise Problems([Problem(pos, f"no rules plug-in `{name}` is installed (installed: {have})",
                                "name one of them, install the package that provides it, or remove `rules:` "
                                "to run the declared checks only")])
    try:
        plugin = ep.load()
    except Exception as e:  # a broken plug-in is the plug-in's problem, said once, not a traceback
        raise Problems([Problem(pos, f"the rules plug-in `{ep.value}` of `{name}` cannot be loaded "
                                f"({type(e).__name__}: {e})", "fix or reinstall the package that provides it")]) from e
    if not isinstance(plugin, Plugin):
        raise Problems([Problem(pos, f"the rules plug-in `{ep.value}` of `{name}` is a {type(plugin).__name__}, "
                                "not a pnp.rules.api.Plugin",
                                "register `Plugin(name, check=…, summary=…, report=…)` as the entry point")])
    return plugin


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
                                "compare `checks:` with the examples under Declared checks in the reference (`pnp docs` writes it)")]) from e
    findings += more
    ran += names
    plugin = plugin_for(game)
    from pnp.rules import phrasing
    try:
        held = plugin.phrasing(game) if plugin is not None else None
    except Exception as e:
        raise Problems([_crash(game, plugin.phrasing, e)]) from e
    findings += list(phrasing.check(game, held))
    ran.append("rules:phrase")
    if plugin is not None:
        try:
            findings += list(plugin.check(game))
        except Problems:
            raise
        except Exception as e:  # a game's rules meeting data of a shape they do not expect: not a traceback
            raise Problems([_crash(game, plugin.check, e)]) from e
        ran.append(f"{plugin.name}:deck-rules")
    return sorted(set(findings)), ran


def _crash(game, hook, e: Exception) -> Problem:
    """The innermost frame of the plug-in's own package names the file and line that met the content."""
    import sys
    import traceback
    mod = sys.modules.get(getattr(hook, "__module__", "") or "")
    top = (getattr(mod, "__package__", "") or getattr(mod, "__name__", "")).split(".")
    home = Path(mod.__file__).resolve().parents[len(top) - 1] / Path(*top) if mod and getattr(mod, "__file__", None) else None
    frames = traceback.extract_tb(e.__traceback__)
    frame = next((f for f in reversed(frames) if home and Path(f.filename).resolve().is_relative_to(home)), None)
    where = f", {Path(frame.filename).name} line {frame.lineno}" if frame else ""
    return Problem(game.pos, f"the rules of `{game.id}` cannot read this content ({type(e).__name__}: {e}{where})",
                   "a value the rules use (game.yaml `data:` or a card field) has an unexpected shape: compare it "
                   "with the reference (`pnp docs` writes it) and the shipped games, and fix the other problems first")


def summary(game, lang: str = "en") -> list[str]:
    """The plug-in's summary lines in `lang`: a line is a string or a `{lang: text}` map (the report
    prints its own language; `pnp check` prints English, like its other messages)."""
    plugin = plugin_for(game)
    if plugin is None:
        return []
    try:
        return [_in(line, lang) for line in plugin.summary(game)]
    except Problems:
        raise
    except Exception as e:
        raise Problems([_crash(game, plugin.summary, e)]) from e


def _in(line, lang: str) -> str:
    if isinstance(line, dict):
        return str(line.get(lang) or line.get("en") or next(iter(line.values()), ""))
    return str(line)
