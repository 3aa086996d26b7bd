"""The typed model of a game, built by `pnp.content.loader` and read by everything downstream.

Values keep their YAML form: a translatable text is a `{lang: text}` map until a face is resolved
for one language. Every item remembers where it was written, so rules can point at `file:line`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pnp.core.errors import Pos

KINDS = ("deck", "tokens", "sheet", "board", "booklet")


@dataclass(frozen=True)
class Item:
    """One card (or token, or sheet item) of a component, with its field values."""

    id: str
    data: dict            # field name → value (translatable maps left as maps); includes `id`
    pos: Pos              # where the item starts
    field_pos: dict       # field name → Pos of its value
    copies: int = 1

    def at(self, name: str) -> Pos:
        return self.field_pos.get(name, self.pos)

    def __getitem__(self, name):
        return self.data[name]

    def get(self, name, default=None):
        return self.data.get(name, default)


@dataclass(frozen=True)
class Component:
    id: str
    kind: str                    # deck | tokens | sheet | board | booklet
    title: object                # text or {lang: text}
    front: str                   # layout name
    back: str | None             # layout name, or None
    items: tuple[Item, ...]
    count: int | None            # declared number of physical pieces (sum of copies), if declared
    pos: Pos                     # where the component is declared in game.yaml
    source: Pos | None = None    # the deck file, if any
    options: dict = field(default_factory=dict)   # imposition options (cut, gap, shape …)
    fields: dict = field(default_factory=dict)    # declared field types
    files: dict = field(default_factory=dict)     # booklets: language → the markdown file (Path)
    # per-card layouts: side → (field, {value: layout}, default, {value: Pos}); `front`/`back` hold the default
    choose: dict = field(default_factory=dict)
    secret: object = None        # pnp.content.printing.Secret: held in a hand, no back may tell cards apart
    sits_on: tuple = ()          # pnp.content.printing.SitsOn: spaces printed elsewhere the pieces go on
    pieces: object = None        # pnp.content.pieces.Pieces: the piece types it holds (cover, booklet)

    def layout_of(self, item, side: str) -> str | None:
        """The layout name of one item's front or back."""
        rule = self.choose.get(side)
        default = self.front if side == "front" else self.back
        if rule is None:
            return default
        by, cases, default, _where = rule
        v = item.get(by) if by != "id" else item.id
        if v is None or isinstance(v, (dict, list)):
            return default
        if not cases:
            return str(v)          # the card names its own layout
        return cases.get(str(v), default)

    @property
    def total(self) -> int:
        return sum(i.copies for i in self.items)


@dataclass(frozen=True)
class Game:
    id: str
    root: Path                   # content/<game>/
    meta: dict                   # game.yaml as loaded (YMap), for rules that need more
    title: object
    languages: tuple[str, ...]
    components: dict             # id → Component, in declaration order
    data: dict                   # free game data (`data:` in game.yaml), available to templates
    palette: dict                # colour name → "#rrggbb"
    fonts: dict                  # role → font spec ("noto-sans-tc" or a path inside the game folder)
    pos: Pos                     # game.yaml
    credits: dict = field(default_factory=dict)   # `credits:` checked (pnp.content.credits), {} when absent
    rules: str | None = None     # game.yaml `rules:`, the rules plug-in it opts in to (None: declared checks only)
    entries: dict = field(default_factory=dict)   # rules.yaml: rule name → its parameters (pnp.content.entries)
    phrases: dict = field(default_factory=dict)   # phrases.<lang>.yaml: lang → how it words the rules (pnp.content.phrases)
    glossary: dict = field(default_factory=dict)  # language → words never broken across lines (pnp.content.glossary)
    paper: str | None = None     # game.yaml `paper:` as a paper key (pnp.core.papers), the default of `--paper`

    def data_pos(self, *path) -> Pos:
        """Where `data.<path>` stands in game.yaml: the deepest key of the path that exists (`data:`
        itself, or game.yaml, when none does)."""
        node = self.meta.get("data") if hasattr(self.meta, "get") else None
        pos = self.meta.at("data") if node is not None and hasattr(self.meta, "at") else self.pos
        for key in path:
            at = getattr(node, "at", None)
            if at is None:
                break
            try:
                pos, node = at(key), node[key]
            except (KeyError, IndexError, TypeError):
                break
        return pos

    def items(self):
        for comp in self.components.values():
            for item in comp.items:
                yield comp, item

    def text(self, value, lang: str):
        """A translatable value in one language (None when missing)."""
        if isinstance(value, dict):
            return value.get(lang)
        return value
