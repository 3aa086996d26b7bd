"""The keys game.yaml and each component may have (`Opt`: type, required, default, help), the field
types a deck's `fields:` may declare, and how to write each: the loader checks content against them and
`pnp docs` prints them, so the reference and the checks cannot drift apart."""
from __future__ import annotations

from pnp.content.model import KINDS
from pnp.content.schema import Opt

GAME_SPEC = {
    "id": Opt("id", True, help="the game folder's name"),
    "title": Opt("text", True, help="the game's name, one string or `{en: …, zh-TW: …}`"),
    "subtitle": Opt("text", help="a line under the title (cover, booklet, PDF subject)"),
    "description": Opt("text", help="used as the subtitle when there is none"),
    "players": Opt("str", help="e.g. `3-6`, or a whole number: `players: 2` is the text `2`"),
    "languages": Opt("list", True, help="e.g. `[zh-TW, en]`, the first is the default"),
    "author": Opt("str", help="who made this edition (PDF metadata, cover)"),
    "version": Opt("str", help="this edition's version, quoted: `\"1.0\"`"),
    "url": Opt("str", help="the game's web page; printed as a QR code on the cover"),
    "licence": Opt("str", help="the terms of this edition (not for a fan edition of someone else's game)"),
    "credits": Opt("map", help="the original game: designers, publisher, year, owner, fan_edition, source"),
    "keywords": Opt("list", help="PDF keywords"),
    "notes": Opt("str", help="designer notes: why the deck is as it is"),
    "palette": Opt("map", default={}, help="colour names → a colour (`#rrggbb`, a CSS name, `rgb()`, `hsl()`)"),
    "fonts": Opt("map", default={}, help="font roles → `noto-sans-tc`, `noto-serif-tc`, a .ttf/.otf file, a "
                                        "system font family found through fontconfig (`{serif: \"DejaVu Serif\"}`: "
                                        "an error where the machine lacks it), or "
                                        "`{regular: …, bold: …, italic: …, bold_italic: …}`"),
    "qr": Opt("str", help="a template for per-card QR codes, e.g. `https://…?card={{ card.id }}`"),
    "data": Opt("map", default={}, help="free game data for templates and rules"),
    "rules": Opt("id", help="the rules plug-in the game opts in to: a name installed packages register under "
                            "the `pnp.rules` entry points (`pnp plugins` lists them), e.g. `my-game`"),
    "components": Opt("map", True, help="component id → its declaration"),
    "lint": Opt("map", default={}, help="print lint rule → `off`, `warn` or `error`"),
    "glossary": Opt("map", help="words never broken across lines: language → `[word, …]`, and `cards: [component, "
                                "…]` for the `name` of their cards"),
    "checks": Opt("list", help="game-level declared checks, e.g. `- rule: \"…\"` (see Declared checks)"),
    "paper": Opt("any", help="the paper the game prints on when `--paper` is not given (`pnp build`, `watch`, "
                             "`report`): `a4` (the default without it), `letter`, `a3`, `a5`, `legal`, `tabloid`, "
                             "or `{custom: [W, H]}` in mm, e.g. `paper: letter`"),
}

COMPONENT_SPEC = {
    "kind": Opt("enum", default="deck", choices=KINDS, help="how it is printed: a deck butted with crop marks, tokens with a gap and a cut outline, sheets one or more a page, a board tiled over pages, a booklet of rules"),
    "title": Opt("text", True, help="the component's name (cover, contents, bookmarks)"),
    "cards": Opt("str", help="the deck file, e.g. `evidence.yaml`, or a spreadsheet: .csv, .tsv, .xlsx, .ods (an `id` "
                             "column optional: see Spreadsheets)"),
    "sheet": Opt("str", help="the sheet of an .xlsx or .ods workbook named by `cards:` (default: the first)"),
    "id_from": Opt("str", help="the column of a spreadsheet deck its cards' ids are made from where a card has no "
                               "`id` cell (default `name`), e.g. `id_from: title` (see Spreadsheets)"),
    "items": Opt("list", help="items written inline"),
    "from": Opt("id", help="reuse the items of another component"),
    "front": Opt("any", help="a layout name such as `my-game/card` (a booklet's default: `common/booklet`), "
                            "or `{by: FIELD, cases: {VALUE: LAYOUT, …}, default: LAYOUT}` (by an `enum` field, each "
                            "case must be one of its values: `spel` for `spell` is an error)"),
    "source": Opt("str", help="a booklet's text: files `<source>.<lang>.md` in the game folder (default: the component id)"),
    "back": Opt("any", help="a layout name for the backs, or `{by: FIELD, cases: {…}, default: LAYOUT}`"),
    "count": Opt("int", help="the number of physical pieces the rules expect"),
    "fields": Opt("map", default={}, help="field name → type (text, str, int, number, bool, list, map, {enum: […]}); "
                                          "a whole number is accepted as `str` or `text` (`7` is \"7\")"),
    "options": Opt("map", default={}, help="imposition options"),
    "checks": Opt("list", help="declared checks: unique, combinations, count, each, sum, refs (see Declared checks)"),
    "secret": Opt("any", help="`true`: held in a hand, no back may tell one card from another (print lint)"),
    "sits_on": Opt("any", help="`{layout: …, element: …}` (or a list): the space the pieces go on (print lint `fit`)"),
    "pieces": Opt("any", help="`{by: FIELD, names: {VALUE: NAME, …}}`: the piece types it holds, for the cover and booklet"),
}

FIELD_TYPES = ("text", "str", "int", "number", "bool", "list", "map", "any", "id", "length")
RESERVED = {"id", "copies"}
_WRITE = {"text": "write text, or `{zh-TW: …, en: …}`", "str": "write text", "int": "write a whole number",
          "number": "write a number", "bool": "write true or false", "list": "write a list `[a, b]`",
          "map": "write a map `{key: value}`", "id": "write an id such as `my-card`",
          "length": "write a length such as `5mm`", "enum": "write one of the declared values"}
