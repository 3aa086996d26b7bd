"""Template contexts: the game's data and cards with every translation resolved to one language.

Text in content is a template too: a string in game.yaml `data:` or in a card field may contain
`{{ … }}` over `data`, `palette`, `game` (id, title, components with title, kind and count) and `lang`
(card fields also see `card`, their own raw fields). A number a player reads is then written once in
`data:` and every card, aid or booklet that prints it refers to it, so the rules module judges the
printed value. Data strings see the data before rendering (templates inside data are one level deep).
"""
from __future__ import annotations

from pnp.content.pieces import counts as piece_counts
from pnp.core.errors import Pos


class MissingTranslation(Exception):
    def __init__(self, where: str, pos: Pos):
        self.where, self.pos = where, pos


class ContentTemplateError(Exception):
    """A template inside content text failed; `pos` is the text's file:line."""

    def __init__(self, where: str, pos: Pos, message: str):
        self.where, self.pos, self.message = where, pos, message
        super().__init__(f"{where}: {message}")


def localise(value, lang: str, langs: tuple, where: str, pos: Pos, render=None):
    """Resolve `{zh-TW: …, en: …}` maps (at any depth) to the text of `lang`; with `render`, every
    resulting string that is a template is passed through `render(text, pos, where)`."""
    if isinstance(value, dict):
        keys = set(value)
        if keys and keys <= set(langs) and all(isinstance(v, str) for v in value.values()):
            if lang not in value:
                raise MissingTranslation(where, pos)
            text = value[lang]
            return render(text, getattr(value, "at", lambda _k: pos)(lang), where) if render else text
        return {k: localise(v, lang, langs, f"{where}.{k}", getattr(value, "at", lambda _k: pos)(k), render)
                for k, v in value.items()}
    if isinstance(value, list):
        return [localise(v, lang, langs, f"{where}[{i}]", getattr(value, "at", lambda _i: pos)(i), render)
                for i, v in enumerate(value)]
    if render is not None and isinstance(value, str):
        return render(value, pos, where)
    return value


def _renderer(ctx: dict):
    from pnp.templates import templating

    def render(text: str, pos: Pos, where: str) -> str:
        if not templating.is_template(text):
            return text
        try:
            return templating.render(text, ctx)
        except templating.TemplateError as e:
            raise ContentTemplateError(where, pos, str(e)) from None
    return render


def card_view(item, comp_id: str, index: int, lang: str, langs: tuple, base: dict | None = None) -> dict:
    """One card's fields in one language; with `base` (data, palette, game, lang), text templates
    in the fields are rendered over it and the card's own raw fields (`card`)."""
    out = {"index": index, "deck": comp_id}
    raw = {}
    for k, v in item.data.items():
        raw[k] = localise(v, lang, langs, f"card `{item.id}`, field `{k}`", item.at(k))
    if base is None:
        out.update(raw)
        return out
    render = _renderer({**base, "card": {**out, **raw}})
    for k, v in item.data.items():
        out[k] = localise(v, lang, langs, f"card `{item.id}`, field `{k}`", item.at(k), render)
    return out


def _at(m, key, default):
    at = getattr(m, "at", None)
    return at(key) if at is not None else default


class GameContext:
    """Everything a template can see for one language; built once per build and language."""

    def __init__(self, game, lang: str):
        self.lang = lang
        langs = game.languages
        self.game = {
            "id": game.id,
            "title": localise(game.title, lang, langs, "game.yaml `title`", game.pos),
            "palette": game.palette,
            "languages": list(langs),
            "lang": lang,
            "decks": {},
            "components": {},
        }
        for comp in game.components.values():
            self.game["components"][comp.id] = {
                "id": comp.id, "kind": comp.kind, "count": comp.total,
                "title": localise(comp.title, lang, langs, f"component `{comp.id}` title", comp.pos),
                # the piece types it holds, counted from its items (game.yaml `pieces:`)
                "pieces": [{"name": n, "count": k} for n, k in piece_counts(comp, lang, game.text)],
            }
        data_pos = game.meta.at("data")
        raw_data = localise(game.data, lang, langs, "game.yaml `data`", data_pos)
        from pnp.content.phrases import section
        from pnp.templates.phrases import Phrases
        # `rule(…)`: a rules.yaml entry through its phrase; the phrases' texts are part of `game`, so
        # whatever fingerprints the game (a warm session's cache) sees a reworded phrase
        self.rule = Phrases(game, self, lang).say
        self.game["phrases"] = dict(section((getattr(game, "phrases", None) or {}).get(lang), "phrases"))
        self.game["data"] = raw_data   # what a phrase called from a data text sees while data renders
        base = {"game": self.game, "palette": game.palette, "lang": lang, "rule": self.rule}
        self.game["data"] = localise(game.data, lang, langs, "game.yaml `data`", data_pos,
                                     _renderer({**base, "data": raw_data}))
        base["data"] = self.game["data"]
        entries = getattr(game, "entries", None) or {}   # rules.yaml: the rules as data, for booklets and aids
        self.game["rules"] = {name: {**localise(dict(e), lang, langs, f"rules.yaml `{name}`", _at(entries, name, game.pos)),
                                     "edition": bool(e.get("edition"))}
                              for name, e in entries.items() if isinstance(e, dict)}
        for comp in game.components.values():
            self.game["decks"][comp.id] = [card_view(it, comp.id, i, lang, langs, base)
                                           for i, it in enumerate(comp.items)]

    def base(self) -> dict:
        """What a booklet or any text outside a card sees: data, game, palette, lang and rule."""
        return {"data": self.game["data"], "game": self.game, "palette": self.game["palette"], "lang": self.lang,
                "rule": self.rule}

    def face(self, comp, index: int, copy: int = 0) -> dict:
        return {"card": self.game["decks"][comp.id][index], "deck": self.game["components"][comp.id],
                "game": self.game, "lang": self.lang, "palette": self.game["palette"], "copy": copy,
                "data": self.game["data"], "rule": self.rule}
