"""`pnp new GAME`: write a small, working, commented game to start from.

It has a deck (fronts and a shared back), a player aid sheet, a set of round tokens and a short rules
booklet, in one or more languages, and builds and passes `pnp check` as written. Card sizes are the
built-in presets; every position in the layouts is derived here from the card's size so that each
preset stays inside its safe area.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import click

from pnp.core.errors import Pos, Problem, Problems

SIZES = {"poker": (63, 88), "bridge": (57, 89), "tarot": (70, 120), "mini": (44, 63), "square": (70, 70)}
ID_RE = re.compile(r"^[a-z0-9][a-z0-9_-]*\Z")
MAX_ID = 64   # characters of a game id: folder and PDF names are made from it
LANGS = ("en", "zh-TW")

WORDS = {   # the starter text per language: (title, deck, aid, tokens, rules, cards …)
    "en": {"deck": "Cards", "aid": "Player aid", "tokens": "Tokens", "rules": "Rules",
           "heart": "Heart", "crown": "Crown", "star": "Star", "heart_t": "Take 2 tokens.", "crown_t": "Give a token away.",
           "star_t": "Score {{ data.star_points }} points.", "turn": "Your turn", "step1": "1. Draw a card.",
           "step2": "2. Play a card and do what it says.", "step3": "3. Pass to the left.",
           "goal": "First to {{ data.goal }} points wins."},
    "zh-TW": {"deck": "卡牌", "aid": "玩家提示卡", "tokens": "標記", "rules": "遊戲規則",
              "heart": "紅心", "crown": "皇冠", "star": "星星", "heart_t": "拿 2 個標記。", "crown_t": "送出 1 個標記。",
              "star_t": "得 {{ data.star_points }} 分。", "turn": "你的回合", "step1": "1. 抽 1 張牌。",
              "step2": "2. 打出 1 張牌並照著做。", "step3": "3. 輪到左邊的玩家。",
              "goal": "最先得到 {{ data.goal }} 分的玩家獲勝。"},
}


def _t(key: str, langs) -> str:
    """A text value in YAML flow style: one string for one language, else a {lang: …} map."""
    if len(langs) == 1:
        return _q(WORDS[langs[0]][key])
    return "{" + ", ".join(f"{lang}: {_q(WORDS[lang][key])}" for lang in langs) + "}"


def _q(s: str) -> str:
    return '"' + s.replace('"', '\\"') + '"'


def game_yaml(gid: str, title: str, size: str, langs) -> str:
    return f"""\
# {title}: a starter game made by `pnp new`. Every key is explained in docs/reference.md of pnp.
id: {gid}                          # must equal the folder name
title: {_q(title)}
languages: [{", ".join(langs)}]          # the first is the default of every command
players: 2-4
version: "0.1"
author: Your Name
palette: {{heart: "#d55e00", crown: "#0072b2", star: "#009e73"}}   # colour names usable in layouts
data:                              # numbers a player reads: written once, used by cards and rules
  star_points: 2
  goal: 10
components:
  cards:
    kind: deck                     # printed butted with crop marks
    title: {_t("deck", langs)}
    cards: cards.yaml              # or cards.csv / cards.xlsx / cards.ods (a header row of field names)
    front: {gid}/card
    back: {gid}/back
    options: {{gap_mm: 4}}           # cut apart: each card keeps its own bleed (neighbours differ in colour)
    fields:                        # every field of a card, declared
      name: text                   # text: one string, or one per language
      suit: {{enum: [heart, crown, star]}}
      value: int
      effect: text?                # `?`: may be left out
    checks:                        # declared checks, run by every build and `pnp check` (reference: Declared checks)
      - unique: [name]             # no two cards share a name
      - each: "1 <= card.value <= data.goal"
        message: "card `{{{{ card.id }}}}` is worth {{{{ card.value }}}}; values run from 1 to the goal, {{{{ data.goal }}}}"
  aid:
    kind: sheet                    # a player aid, one per player
    title: {_t("aid", langs)}
    front: {gid}/aid
    items: [{{id: aid, copies: 2}}]
  tokens:
    kind: tokens                   # round pieces with a cut outline
    title: {_t("tokens", langs)}
    front: {gid}/token
    items: [{{id: token, copies: 12}}]
  rules:
    kind: booklet                  # written in rules.<lang>.md, one file per language
    title: {_t("rules", langs)}
"""


def cards_yaml(langs) -> str:
    rows = []
    for i, (suit, value) in enumerate([("heart", 1), ("crown", 2), ("star", 3)]):
        eff = suit + "_t"
        rows.append(f"  - id: {suit}-{value}\n    name: {_t(suit, langs)}\n    suit: {suit}\n    value: {value}\n"
                    f"    effect: {_t(eff, langs)}\n    copies: {3 - i}           # print this card {3 - i} times\n")
    return "# The deck: one entry per card (`copies` prints it more than once).\ncards:\n" + "".join(rows)


def card_layout(size: str) -> str:
    w, h = SIZES[size]
    m = 5                                   # inside the 3 mm safe margin
    return f"""\
# The card front: {size} size ({w} x {h} mm) from the built-in common/{size}. Lengths in mm, sizes in pt.
extends: common/{size}
elements:
  background: {{fill: "{{{{ palette[card.suit] }}}}"}}       # the suit's colour from game.yaml palette
  panel: {{type: rect, x: {m - 1}, y: {h * 0.2:.1f}, w: {w - 2 * m + 2}, h: {h * 0.72:.1f}, radius: 2, fill: "#ffffff"}}
  value: {{type: text, x: {m}, y: {m}, w: 12, h: {h * 0.2 - m:.1f}, text: "{{{{ card.value }}}}", size: 20, bold: true, color: "#ffffff"}}
  icon: {{type: icon, name: "{{{{ card.suit }}}}", x: {w - m - 10}, y: {m}, w: 10, h: 10, color: "#ffffff"}}
  name: {{type: text, x: {m}, y: {h * 0.24:.1f}, w: {w - 2 * m}, h: 10, text: "{{{{ card.name }}}}", size: 14, min_size: 8,
         align: center, bold: true}}
  effect: {{type: text, x: {m + 1}, y: {h * 0.5:.1f}, w: {w - 2 * m - 2}, h: {h * 0.38:.1f}, text: "{{{{ card.effect }}}}",
           size: 10, min_size: 7, align: center, valign: middle, when: "{{{{ card.effect is defined }}}}"}}
"""


def back_layout(size: str) -> str:
    w, h = SIZES[size]
    return f"""\
# The card back, shared by every card.
extends: common/{size}
elements:
  background: {{fill: "#333333"}}
  frame: {{type: rect, x: 4, y: 4, w: {w - 8}, h: {h - 8}, radius: 3, stroke: "#c9a227", stroke_width: 1.5}}
  mark: {{type: icon, name: star, x: {w / 2 - 10}, y: {h / 2 - 10}, w: 20, h: 20, color: "#c9a227"}}
"""


AID = """\
# The player aid: a sheet 120 x 80 mm (no bleed: cut along the outline).
extends: common/sheet
size: 120x80
elements:
  title: {type: text, x: 8, y: 7, w: 104, h: 12, text: %s, size: 16, bold: true}
  steps: {type: text, x: 8, y: 22, w: 104, h: 36, text: %s, size: 11, min_size: 8}
  goal: {type: text, x: 8, y: 60, w: 104, h: 12, text: %s, size: 11, bold: true, color: "#2d5d7b"}
"""

TOKEN = """\
# A round token, 20 mm across, from the built-in common/token-round.
extends: common/token-round
elements:
  background: {fill: "#8a6d1d"}
  mark: {type: icon, name: star, x: 5, y: 5, w: 10, h: 10, color: "#ffffff"}
"""

RULES = {
    "en": """\
# Components

{% for c in game.components.values() if c.kind != 'booklet' %}- {{ c.title }} × {{ c.count }}
{% endfor %}
# Setup

Shuffle the cards and deal 3 to each player. Put the :star: tokens in the middle.

# Playing

1. Draw a card.
2. Play a card and do what it says.
3. Pass to the left.

{# A picture of a card, drawn from its layout: ![A card](piece:cards/star-3?width=30) #}

# End of the game

{{ data.goal }} points win the game.
""",
    "zh-TW": """\
# 配件

{% for c in game.components.values() if c.kind != 'booklet' %}- {{ c.title }} × {{ c.count }}
{% endfor %}
# 準備

洗牌後每位玩家發 3 張牌。把 :star: 標記放在中央。

# 進行遊戲

1. 抽 1 張牌。
2. 打出 1 張牌並照著做。
3. 輪到左邊的玩家。

{# 畫出一張牌： ![一張牌](piece:cards/star-3?width=30) #}

# 遊戲結束

最先得到 {{ data.goal }} 分的玩家獲勝。
""",
}


def write_game(root: Path, gid: str, size: str = "poker", langs=("en",)) -> list[Path]:
    """Write the starter game `gid` into project `root`; returns the files written. Never overwrites."""
    bad = []
    if len(gid) > MAX_ID:
        bad.append(Problem(Pos(gid[:40] + "…"), f"the game id is {len(gid):,} characters long",
                           f"use at most {MAX_ID} (file names are made from it)"))
    elif not ID_RE.match(gid):
        bad.append(Problem(Pos(gid), f"`{gid}` is not a game id", "use lower-case letters, digits, - and _, e.g. `my-game`"))
    unknown = [lang for lang in langs if lang not in LANGS]
    if unknown or not langs:
        bad.append(Problem(Pos("--lang"), f"no starter text in `{','.join(unknown) or '(none)'}`",
                           f"choose from {', '.join(LANGS)} (add more languages to game.yaml afterwards)"))
    for top in (root / "content", root / "layouts"):
        if top.is_symlink():
            bad.append(Problem(Pos(str(top)), "is a link; pnp new writes only into real folders",
                               "replace the link by a folder (or use the folder it leads to as --project)"))
    for d in (root / "content" / gid, root / "layouts" / gid):
        if os.path.lexists(d):   # a link leading nowhere exists too: nothing is written through it
            bad.append(Problem(Pos(str(d)), "already exists; pnp new never overwrites", "choose another name"))
    if bad:
        raise Problems(bad)
    title = gid.replace("-", " ").replace("_", " ").title()
    aid = _aid(langs)
    files = {
        root / "content" / gid / "game.yaml": game_yaml(gid, title, size, langs),
        root / "content" / gid / "cards.yaml": cards_yaml(langs),
        root / "layouts" / gid / "card.yaml": card_layout(size),
        root / "layouts" / gid / "back.yaml": back_layout(size),
        root / "layouts" / gid / "aid.yaml": aid,
        root / "layouts" / gid / "token.yaml": TOKEN,
    }
    for lang in langs:
        files[root / "content" / gid / f"rules.{lang}.md"] = RULES[lang]
    made: list[Path] = []
    try:
        for path, text in files.items():
            for d in reversed([path.parent, *path.parent.parents]):
                if not os.path.lexists(d):
                    d.mkdir()
                    made.append(d)
            with open(path, "x", encoding="utf-8") as f:   # exclusive: never over a file, nor through a link
                made.append(path)
                f.write(text)
    except OSError as e:   # half a game is no game: take back what was written
        for p in reversed(made):
            try:
                p.rmdir() if p.is_dir() and not p.is_symlink() else p.unlink()
            except OSError:
                pass
        raise Problems([Problem(Pos(str(getattr(e, "filename", None) or root)), f"cannot be written ({e.strerror or e})",
                                "choose a folder you can write to, and a shorter name")]) from None
    return list(files)


def _aid(langs) -> str:
    """The aid's texts: a string for one language, else a `{lang: …}` map (layouts translate such maps)."""
    def text(parts):
        if len(langs) == 1:
            return _q("\\n".join(WORDS[langs[0]][k] for k in parts))
        return "{" + ", ".join(f"{lg}: " + _q("\\n".join(WORDS[lg][k] for k in parts)) for lg in langs) + "}"
    return AID % (text(["turn"]), text(["step1", "step2", "step3"]), text(["goal"]))


def command():
    @click.command("new")
    @click.argument("game")
    @click.option("--size", type=click.Choice(list(SIZES)), default="poker", show_default=True, help="Card size.")
    @click.option("--lang", default="en", show_default=True, help="Languages, the first the default, e.g. `en,zh-TW`.")
    @click.pass_context
    def new(ctx, game, size, lang):
        """Start a game: a deck (fronts and a back), a player aid, tokens and a rules booklet."""
        from pnp.core.exits import fail_input as _fail_input
        root = Path(ctx.obj["project"])
        langs = tuple(dict.fromkeys(s.strip() for s in lang.split(",") if s.strip()))
        try:
            files = write_game(root, game, size, langs)
        except Problems as e:
            _fail_input(e)
        for f in files:
            click.echo(f"wrote {f}")
        proj = "" if root == Path(".") else f"--project {root} "
        click.echo(f"\nNext:\n  pnp {proj}check {game}            # validate it\n"
                   f"  pnp {proj}build {game}            # print-ready PDF in output/{game}/\n"
                   f"  pnp {proj}watch {game}            # rebuild on every save while you edit")
    return new
