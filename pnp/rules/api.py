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
- Rules as data: `rule(game, name)` (a rules.yaml entry), `judge(game, published)`, `Uncovered`, and
  `Played` (what a simulator returns for one game).
- Element types: `icon_field` (the plan an icon field draws, for checks of hole masks).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from pnp.booklet.md import Source as BookletSource  # noqa: F401
from pnp.booklet.linemap import line_map  # noqa: F401
from pnp.content.loader import load_game  # noqa: F401
from pnp.core.errors import Pos, Problem, Problems, did_you_mean, display_path  # noqa: F401
from pnp.core.findings import Finding, error, warning  # noqa: F401
from pnp.core.units import MM, length, mm  # noqa: F401
from pnp.layout.components import icon_field  # noqa: F401
from pnp.rules.declared import require  # noqa: F401
from pnp.rules.memo import context, layouts  # noqa: F401
from pnp.rules.model import Uncovered, judge, rule  # noqa: F401
from pnp.rules.simulate import Played  # noqa: F401
from pnp.templates.context import ContentTemplateError, MissingTranslation, localise  # noqa: F401
from pnp.templates.templating import TemplateError, deadline, evaluate, is_template, render  # noqa: F401


def data_pos(game, *path) -> Pos:
    """Where `data.<path>` stands in game.yaml: the deepest key of the path that exists (`data:` itself,
    or game.yaml, when none does)."""
    return game.data_pos(*path)


def deck_names(game, component: str, key=None) -> dict:
    """{lang: {key(card) (its id by default): the card's printed `name`}} for one deck of the game."""
    deck = game.components.get(component)
    out = {lang: {} for lang in game.languages}
    for item in deck.items if deck else ():
        name = item.get("name")
        for lang in game.languages:
            text = name.get(lang) if isinstance(name, dict) else name
            if isinstance(text, str):
                out[lang][key(item) if key else item.id] = text
    return out


def lazy(module: str, name: str) -> Callable:
    """A hook that imports its module on first use: a build runs a game's checks and need not import its
    simulator (`Plugin(…, simulate=lazy("my_game.simulate", "simulate"))`)."""
    import functools
    import importlib

    @functools.wraps(_none)
    def hook(*args, **kwargs):
        return getattr(importlib.import_module(module), name)(*args, **kwargs)
    hook.__name__, hook.__qualname__, hook.__module__ = name, name, module
    return hook


def _none(game) -> Iterable:
    return ()


def _held(game) -> dict:
    return {}


@dataclass(frozen=True)
class Plugin:
    """A game's rules: the hooks pnp calls, each taking the loaded game.

    check(game) -> iterable of Finding   deck and print rules, on every build and `pnp check`
    summary(game) -> list[str | dict]    extra lines for `pnp check` and the report (e.g. a fairness
                                         simulation); a line may be a {lang: text} map
    report(game) -> list[dict]           charts for `pnp report` (the contract: pnp.report.stats)
    configs(game) -> [(mode, players)]   every supported mode and player count (`pnp simulate`)
    simulate(game, players, mode, rng) -> Played   one complete game by the rule entries (rules.yaml)
    phrasing(game) -> dict               how its rules are told apart in print (pnp.rules.phrasing):
        {"about": {rule: {lang: pattern}},             a sentence about the rule
         "means": {param or "rule.param": {value: {lang: pattern}}},   what a value's words must say
         "places": {layout name or "deck:<component>": [rules printed there]}}   beside the booklet
    labels(game) -> {lang: {id: text}}   the names of its simulated ends, roles and modes, per language
    """
    name: str
    check: Callable = _none
    summary: Callable = _none
    report: Callable = _none
    configs: Callable | None = None
    simulate: Callable | None = None
    phrasing: Callable = _held
    labels: Callable = _held


# What `pnp docs` says of each name (docs/reference.md, "Rules plug-ins"); the names a plug-in may use.
HELP = {
    "Plugin": "Plugin(name, check=…, summary=…, report=…): the object an entry point names; each hook takes the game",
    "error": "error(pos, message, card=None, check='') → a Finding at error level (the build stops)",
    "warning": "warning(pos, message, card=None, check='') → a Finding at warning level",
    "Finding": "a finding: severity, pos, message, card, check",
    "Pos": "Pos(file, line, col): where a finding or problem points",
    "Problem": "Problem(pos, what, todo): bad input, said as `file:line: what — todo`",
    "Problems": "raise Problems([Problem(…), …]) for bad input (exit 2)",
    "display_path": "display_path(path): a path as the user should see it",
    "did_you_mean": "did_you_mean(word, choices): 'did you mean `x`?' for the closest choice",
    "data_pos": "data_pos(game, *path): where `data.<path>` stands in game.yaml (the deepest key that exists)",
    "load_game": "load_game(folder): a game folder loaded and checked (raises Problems)",
    "require": "require(game, component, kind, fields, name): a declaration in `checks:` the plug-in relies on",
    "context": "context(game, lang): the template context of the game in one language, shared within a run",
    "layouts": "layouts(game): the project's layouts (`.get(name, pos)`, `.geometry(name)`), shared within a run",
    "render": "render(template, ctx): a `{{ … }}` text rendered in the sandbox, as the build does",
    "evaluate": "evaluate(expression, ctx): an expression's value (for `when:` and `repeat:`)",
    "is_template": "is_template(value): whether a text holds `{{`/`{%`",
    "deadline": "with deadline(): one time limit for the templates run inside",
    "TemplateError": "what render and evaluate raise for a template that fails",
    "ContentTemplateError": "a template inside content text failed; `pos` is the text's file:line",
    "MissingTranslation": "a text has no version in the language asked for; `pos` is where it stands",
    "localise": "localise(value, lang, langs, where, pos): `{zh-TW: …, en: …}` maps resolved to one language",
    "mm": "mm(points) → millimetres",
    "MM": "points per millimetre",
    "length": "length('63mm') → points (a layout length)",
    "BookletSource": "BookletSource(path, shown, game, layouts): a rules booklet rendered and parsed as the build does",
    "line_map": "line_map(source, rendered): for each rendered line, the source line it came from",
    "rule": "rule(game, name): the parameters of a rules.yaml entry; raises Uncovered when the edition has none",
    "judge": "judge(game, published): findings where rules.yaml leaves the published rules ({name: {rule, param: allowed}})",
    "Uncovered": "raise Uncovered(message, rule) in a simulator for a state of play no rule covers",
    "Played": "Played(length, end, winners, roles, rounds, deck_out, tie): one simulated game",
    "deck_names": "deck_names(game, component, key=None): {lang: {card id (or key(card)): its printed name}}",
    "lazy": "lazy(module, name): a hook imported on first use (a build need not import a game's simulator)",
    "icon_field": "the `icon_field` element type: `plan(…)`, `parse_pool(…)`, `parse_rects(…)` as it draws them",
}
__all__ = sorted(HELP)
