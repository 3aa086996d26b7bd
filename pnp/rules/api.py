"""The rules plug-in API: everything a game's rules plug-in may use of pnp, in one module.

A plug-in is a `Plugin` object registered under the entry point group `pnp.rules` (in the
`pyproject.toml` of the package that ships it), and a game opts in to it by name in its game.yaml
(`rules: my-game`). The five games shipped with pnp (`pnp/games/<game>/`) are plug-ins of exactly
this kind and import nothing else of pnp; a test holds them to it. The names, by concern:

- Findings: `error(pos, message, card=None, check="")`, `warning(…)`, `Finding`.
- Positions and bad input: `Pos`, `Problem`, `Problems`, `display_path(path)`, `did_you_mean(word, choices)`;
  `data_pos(game, *path)`: where `data.<path>` stands in game.yaml (the deepest key that exists).
- The game's content: `load_game(folder)`; the game model's `components`, `data`, `meta`, `languages`.
- Declarations a plug-in requires of game.yaml `checks:`: `require(game, component, kind, fields, name)`.
- Templates, as the build renders them: `context(game, lang)` (the template context, shared within a
  run), `layouts(game)` (the project's layouts), `render`, `evaluate`, `is_template`, `deadline`,
  `TemplateError`, `ContentTemplateError`, `MissingTranslation`, `localise(value, lang, langs, …)`.
- Units: `mm(points)`, `MM` (points per millimetre), `length(value)` (a layout length in points).
- Booklets: `BookletSource` (a rules booklet's text rendered as the build does), `line_map(src, text)`
  (rendered line → source line).
- Element types: `icon_field` (the plan an icon field draws, for checks of hole masks).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from pnp.booklet.md import Source as BookletSource, line_map  # noqa: F401
from pnp.content.loader import load_game  # noqa: F401
from pnp.core.errors import Pos, Problem, Problems, did_you_mean, display_path  # noqa: F401
from pnp.core.findings import Finding, error, warning  # noqa: F401
from pnp.core.units import MM, length, mm  # noqa: F401
from pnp.layout.components import icon_field  # noqa: F401
from pnp.rules.declared import require  # noqa: F401
from pnp.rules.memo import context, layouts  # noqa: F401
from pnp.templates.context import ContentTemplateError, MissingTranslation, localise  # noqa: F401
from pnp.templates.templating import TemplateError, deadline, evaluate, is_template, render  # noqa: F401


def data_pos(game, *path) -> Pos:
    """Where `data.<path>` stands in game.yaml: the deepest key of the path that exists (`data:` itself,
    or game.yaml, when none does)."""
    return game.data_pos(*path)


def _none(game) -> Iterable:
    return ()


@dataclass(frozen=True)
class Plugin:
    """A game's rules: the hooks pnp calls, each taking the loaded game.

    check(game) -> iterable of Finding   deck and print rules, on every build and `pnp check`
    summary(game) -> list[str]           extra lines for `pnp check` (e.g. a fairness simulation)
    report(game) -> list[dict]           charts for `pnp report` (the contract: pnp.report.stats)
    """
    name: str
    check: Callable = _none
    summary: Callable = _none
    report: Callable = _none
