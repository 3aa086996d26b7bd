"""A small synthetic game for the studio's tests, written into a throwaway project."""
from __future__ import annotations

from pathlib import Path

GAME_YAML = """\
id: mini
title: {en: Mini, zh-TW: 迷你}
languages: [en, zh-TW]
palette: {red: "#c0392b", blue: "#2c6fb0"}
components:
  cards:
    kind: deck
    title: {en: Cards, zh-TW: 卡牌}
    cards: cards.yaml
    front: mini/card
    back: mini/back
    fields: {name: text, note: "text?", colour: str}
"""

CARDS = """\
# The cards of the test game: comments, order and quoting must survive an edit.
cards:
  - {id: red-one, name: {en: Red one, zh-TW: 紅一}, colour: red}   # the first card
  - id: blue-two
    name:
      en: "Blue two"      # double-quoted on purpose
      zh-TW: '藍二'
    colour: blue
"""

CARD_LAYOUT = """\
extends: common/poker
elements:
  background: {fill: "{{ palette[card.colour] }}"}
  name: {type: text, x: 5, y: 38, w: 53, h: 12, text: "{{ card.name }}", size: 16, color: white, align: center}
"""
BACK_LAYOUT = """\
extends: common/poker
elements:
  background: {fill: "#333333"}
"""


def make(tmp_path: Path, cards: str = CARDS) -> Path:
    root = tmp_path / "proj"
    game = root / "content" / "mini"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text(GAME_YAML, "utf-8")
    (game / "cards.yaml").write_text(cards, "utf-8")
    (root / "layouts" / "mini").mkdir(parents=True)   # `common/poker` is built into pnp
    (root / "layouts" / "mini" / "card.yaml").write_text(CARD_LAYOUT, "utf-8")
    (root / "layouts" / "mini" / "back.yaml").write_text(BACK_LAYOUT, "utf-8")
    return root
