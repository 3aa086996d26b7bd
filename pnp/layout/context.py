"""Template contexts: the game's data and cards with every translation resolved to one language."""
from __future__ import annotations

from pnp.errors import Pos


class MissingTranslation(Exception):
    def __init__(self, where: str, pos: Pos):
        self.where, self.pos = where, pos


def localise(value, lang: str, langs: tuple, where: str, pos: Pos):
    """Resolve `{zh-TW: …, en: …}` maps (at any depth) to the text of `lang`."""
    if isinstance(value, dict):
        keys = set(value)
        if keys and keys <= set(langs) and all(isinstance(v, str) for v in value.values()):
            if lang not in value:
                raise MissingTranslation(where, pos)
            return value[lang]
        return {k: localise(v, lang, langs, f"{where}.{k}", getattr(value, "at", lambda _k: pos)(k))
                for k, v in value.items()}
    if isinstance(value, list):
        return [localise(v, lang, langs, f"{where}[{i}]", getattr(value, "at", lambda _i: pos)(i))
                for i, v in enumerate(value)]
    return value


def card_view(item, comp_id: str, index: int, lang: str, langs: tuple) -> dict:
    out = {"index": index, "deck": comp_id}
    for k, v in item.data.items():
        out[k] = localise(v, lang, langs, f"card `{item.id}`, field `{k}`", item.at(k))
    return out


class GameContext:
    """Everything a template can see for one language; built once per build and language."""

    def __init__(self, game, lang: str):
        self.lang = lang
        langs = game.languages
        self.game = {
            "id": game.id,
            "title": localise(game.title, lang, langs, "game.yaml `title`", game.pos),
            "data": localise(game.data, lang, langs, "game.yaml `data`", game.meta.at("data")),
            "palette": game.palette,
            "languages": list(langs),
            "lang": lang,
            "decks": {},
            "components": {},
        }
        for comp in game.components.values():
            cards = [card_view(it, comp.id, i, lang, langs) for i, it in enumerate(comp.items)]
            self.game["decks"][comp.id] = cards
            self.game["components"][comp.id] = {
                "id": comp.id, "kind": comp.kind, "count": comp.total,
                "title": localise(comp.title, lang, langs, f"component `{comp.id}` title", comp.pos),
            }

    def face(self, comp, index: int, copy: int = 0) -> dict:
        return {"card": self.game["decks"][comp.id][index], "deck": self.game["components"][comp.id],
                "game": self.game, "lang": self.lang, "palette": self.game["palette"], "copy": copy,
                "data": self.game["data"]}
