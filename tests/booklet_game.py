"""A small synthetic game with a two-language rules booklet, written into a throwaway project."""
from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

GAME_YAML = """\
id: tiny
title: {en: Tiny Test, zh-TW: 小測試}
subtitle: {en: A game made for tests, zh-TW: 測試用的遊戲}
languages: [en, zh-TW]
players: 3-5
version: "1.0"
author: pnp project
%(extra)s
palette: {red: "#c0392b", blue: "#2c6fb0"}
data:
  setup:
    3: {guardians: 11, heretics: 21}
    4: {guardians: 12, heretics: 22}
    5: {guardians: 13, heretics: 23}
components:
  cards:
    kind: deck
    title: {en: Clue cards, zh-TW: 線索牌}
    cards: cards.yaml
    front: tiny/card
    back: tiny/back
    fields: {name: text, colour: str}
  rules:
    kind: booklet
    title: {en: Rules, zh-TW: 遊戲規則}
"""

CARDS = """\
cards:
  - {id: red-one, name: {en: Red one, zh-TW: 紅一}, colour: red, copies: 3}
  - {id: blue-two, name: {en: Blue two, zh-TW: 藍二}, colour: blue}
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

RULES_EN = """\
# Components

{% for c in game.components.values() if c.kind != 'booklet' %}- {{ c.title }} × {{ c.count }}
{% endfor %}

# Setup

Deal the cards. Each player takes a :star: token and **reads** their card.

| Players | Guardians | Heretics |
|---|---|---|
{% for n, s in data.setup.items() %}| {{ n }} | {{ s.guardians }} | {{ s.heretics }} |
{% endfor %}

![The red card](piece:cards/red-one?width=40)

# Playing

1. Draw a card.
2. Play a card:
   - face up, or
   - face down.
3. Pass.

> **Example:** Ann plays the red card.

---

# End of the game

The game ends when the deck is empty.
"""

RULES_ZH = """\
# 配件

{% for c in game.components.values() if c.kind != 'booklet' %}- {{ c.title }} × {{ c.count }}
{% endfor %}

# 準備

發牌。每位玩家拿一個 :star: 標記，並**閱讀**自己的牌。

| 人數 | 守護者 | 異端 |
|---|---|---|
{% for n, s in data.setup.items() %}| {{ n }} | {{ s.guardians }} | {{ s.heretics }} |
{% endfor %}

![紅牌](piece:cards/red-one?width=40)

# 進行遊戲

1. 抽一張牌。
2. 出一張牌。
3. 跳過。

> **範例：**安打出紅牌。

---

# 遊戲結束

牌堆用完時遊戲結束。
"""


def long_rules(sections: int = 9) -> str:
    """Rules with one `#` section per page (each ends with `---`), for imposition tests."""
    names = [chr(65 + k) for k in range(sections)]   # letters: the only digits printed are page numbers
    return "".join(f"# Section {n}\n\nText of section {n}.\n\n---\n\n" for n in names)


def make(tmp: Path, extra: str = "", rules_en: str = RULES_EN, rules_zh: str | None = RULES_ZH) -> Path:
    """A project with layouts/ copied and the game `tiny` (booklet `rules`); returns the project root."""
    root = tmp / "proj"
    game = root / "content" / "tiny"
    game.mkdir(parents=True)
    (root / "layouts" / "tiny").mkdir(parents=True)   # common/* are built in
    (root / "layouts" / "tiny" / "card.yaml").write_text(CARD_LAYOUT, "utf-8")
    (root / "layouts" / "tiny" / "back.yaml").write_text(BACK_LAYOUT, "utf-8")
    (game / "game.yaml").write_text(GAME_YAML % {"extra": extra}, "utf-8")
    (game / "cards.yaml").write_text(CARDS, "utf-8")
    (game / "rules.en.md").write_text(rules_en, "utf-8")
    if rules_zh is not None:
        (game / "rules.zh-TW.md").write_text(rules_zh, "utf-8")
    return root
