"""The shipped games' logic bound to their shipped decks, for tests: the plug-ins take the deck from the
loaded game (a designer's edition has its own), so the tests load content/ once and pass it on."""
from __future__ import annotations

import functools
import inspect
from types import SimpleNamespace

from conftest import ROOT
from pnp.content.loader import load_game
from pnp.games.criminal_poker import logic as _cp
from pnp.games.lady_alice import checks as _la


@functools.lru_cache(maxsize=None)
def shipped(game_id: str):
    return load_game(ROOT / "content" / game_id)


EVIDENCE = _cp.evidence_deck(shipped("criminal-poker"))


def murderers(hands: dict, deck: dict | None = None) -> set:
    return _cp.murderers(hands, EVIDENCE if deck is None else deck)


def _with_elements(fn, elements):
    sig = inspect.signature(fn)

    @functools.wraps(fn)
    def call(*args, **kwargs):
        bound = sig.bind_partial(*args, **kwargs)
        if bound.arguments.get("elements") is None:
            bound.arguments["elements"] = elements
        return fn(*bound.args, **bound.kwargs)
    return call


def _lady_alice():
    elements = _la.elements_of(shipped("lady-alice"))
    names = {}
    for name in dir(_la):
        value = getattr(_la, name)
        if inspect.isfunction(value) and "elements" in inspect.signature(value).parameters:
            value = _with_elements(value, elements)
        names[name] = value
    return SimpleNamespace(**names, ELEMENTS=elements)


lady_alice = _lady_alice()
