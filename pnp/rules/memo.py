"""What the rules modules of one run share: a game's template context per language and the layouts.

`rules.run` opens a `scope()`; inside it `context(game, lang)` builds `GameContext(game, lang)` once
and `layouts(game)` reads each layout file once, however many checks ask. Outside a scope (a test
calling one check) both are built fresh. Callers treat what they get as read-only (templates cannot
change it either: the sandbox is immutable); a game is not edited while its rules run, and the scope
holds each game it saw, so an id is never reused for another game within it.
"""
from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

_SCOPE: ContextVar = ContextVar("pnp_rules_memo", default=None)


@contextmanager
def scope():
    token = _SCOPE.set({}) if _SCOPE.get() is None else None
    try:
        yield
    finally:
        if token is not None:
            _SCOPE.reset(token)


def _memo(key, game, make):
    memo = _SCOPE.get()
    if memo is None:
        return make()
    hit = memo.get(key)
    if hit is None:
        hit = memo[key] = (game, make())   # game kept alive: its id stays its own
    return hit[1]


def context(game, lang: str):
    """GameContext(game, lang), once per scope (a failure is not kept: it is raised again)."""
    from pnp.templates.context import GameContext
    return _memo(("context", id(game), lang), game, lambda: GameContext(game, lang))


def layouts(game):
    """The project's layouts seen from a game folder (content/<game>/ → layouts/), once per scope."""
    from pnp.layout.layouts import Layouts
    root = Path(game.root).parent.parent / "layouts"
    return _memo(("layouts", str(root)), None, lambda: Layouts(root))
