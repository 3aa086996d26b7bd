"""Lady Alice: the printed texts that carry a rule take it from `data:` (issue: what prints is what the
rules engine checks).

For every piece of print that states a published number (the desk's field capacities, the notebook's
page codes and making-of steps, the token values, the rules booklet's setup and scoring), the source
text must refer to the data key that holds it, must not type a number of its own outside a template,
and, rendered with stand-in values put in place of the data, must show those stand-ins (so a phrase
that picks the wrong key, or drops one, is caught too). The data itself is judged against the
published rules in `lady_alice`.

Each rules booklet also lists every edition decision of rules.yaml, with its why (`check_edition_list`).
"""
from __future__ import annotations

import re
from pathlib import Path

from pnp.rules import api
from pnp.rules.api import Pos, Problems, error, line_map

JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
DIGIT = re.compile(r"\d")
STEP = re.compile(r"(?m)^\s*\d+\.\s")          # "1. Cut …": a step number, not a rule number

# (layout, element, attribute, data keys it must use, literal digits allowed?, stand-ins to render)
PRINTED = (
    ("lady-alice/desk", "subtitle", "text", ("data.capacity",), False, "capacity"),
    ("lady-alice/desk", "limit", "text", ("data.capacity",), False, None),
    ("lady-alice/desk", "limit", "x", ("data.capacity",), True, None),
    ("lady-alice/desk", "limit", "repeat", ("data.capacity",), True, None),
    ("lady-alice/desk", "spot", "repeat", ("data.capacity",), True, None),
    ("lady-alice/desk", "spot", "when", ("data.capacity",), True, None),
    ("lady-alice/clue", "page", "text", ("data.categories", "data.notebook"), False, None),
    ("lady-alice/notebook-page", "page", "text", ("data.categories", "data.notebook"), False, None),
    ("lady-alice/notebook-page", "of", "text", ("data.notebook",), False, None),
    ("lady-alice/notebook-inside", "body", "text", ("data.notebook", "data.categories"), "steps", None),
    ("lady-alice/token", "value", "text", ("card.value",), False, None),
    ("lady-alice/aid", "body", "text", (), "steps", None),      # its rules print through their phrases
    ("lady-alice/aid-back", "body", "text", (), "steps", None),
)
# stand-in values: rendered, the text must show each of them, in this order
STAND_INS = {"capacity": ({3: 307, 4: 408, 5: 509}, ("307", "408", "509")),
             "accuse_blue": ({3: 303, 4: 404, 5: 405}, ("303", "404", "405")),
             "all_blue": ({3: 313, 4: 414, 5: 415}, ("313", "414", "415")),
             "scoring": ({"accuser": 333, "every_element": 222, "all_blue": 111}, ("333", "222", "111"))}

# the rules booklet (content/<game>/rules.<lang>.md) is rendered with stand-ins for the rule data: a number
# printed before a rule's unit must be a stand-in (so it came from the data, not typed or taken from the
# wrong key), and the keys the booklet prints from data (the setup table) must show; its rules print
# through their phrases, which pnp.rules.phrasing checks
BOOKLET_FROM_DATA = ("capacity",)
BOOKLET_STAND_INS = {
    "capacity": {3: 307, 4: 408, 5: 509},
    "accuse_blue": {3: 303, 4: 404, 5: 405},
    "all_blue": {3: 313, 4: 414, 5: 415},
    "scoring": {"accuser": 333, "every_element": 222, "all_blue": 111},
    "token_values": {0: 330, 1: 331, 2: 332},
}
# the deal keeps its zeros (they steer the booklet's "if"), its other counts become stand-ins
DEAL_STAND_INS = {3: {"hidden": 601, "extra": 0}, 4: {"hidden": 0, "extra": 0}, 5: {"hidden": 0, "extra": 602}}
RULE_UNITS = {                                  # a number here states a rule: it must come from data
    "en": re.compile(r"(?<![\d.:])(\d+) (?:tokens?\b|blue\b)|(?:^|[^\d\s])\s*[+＋]\s*(\d+)"),
    "zh-TW": re.compile(r"(?<![\d.:])(\d+)\s*(?:枚|個藍色)|(?:^|[^\d\s])\s*[+＋]\s*(\d+)"),
}
SETUP_ROW = re.compile(r"^\|\s*(\d+)\s*(?:人|players?|students?)?\s*\|")   # a table row per player count
BONUS = re.compile(r"(?:^|[^\d\s])\s*([+＋]\s*\d)")        # "+3", not a sum "2 + 0"

# the verdict card's faces: blue is right, red is wrong [R]; each face's key says so, in every language
# (the verdict rule itself, on the folder and in the booklet, prints through its phrase)
VERDICT_PHRASES = {
    "en": (re.compile(r"blue\W{1,5}right", re.I), re.compile(r"red\W{1,5}wrong", re.I)),
    "zh-TW": (re.compile(r"藍色?\W{0,5}正確"), re.compile(r"紅色?\W{0,5}錯誤")),
}
VERDICT_TEXTS = (("lady-alice/verdict-blue", ("label", "label2"), (0,)), ("lady-alice/verdict-red", ("label", "label2"), (1,)))


def check_printed(game):
    layouts = api.layouts(game)
    for name, el_name, attr, keys, literal, stand_in in PRINTED:
        try:
            layout = layouts.get(name, game.pos)
        except Problems:
            continue                                    # a missing layout is the build's error, not ours
        el = layout.element(el_name)
        where = f"layout `{name}`, element `{el_name}`"
        if el is None:
            yield error(layout.pos, f"{where} is missing — it prints a number the rules depend on", check="printed")
            continue
        raw = el.attrs.get(attr)
        pos = el.at.get(attr, el.pos)
        for lang, src in _per_lang(raw, game.languages):
            if not isinstance(src, str):
                yield error(pos, f"{where}: `{attr}` has no {lang} text", check="printed")
                continue
            for key in keys:
                if key not in src:
                    yield error(pos, f"{where}: the {lang} `{attr}` does not take its numbers from `{key}` — "
                                f"write them as {{{{ {key}… }}}}", check="printed")
            if literal is not True:
                bare = JINJA.sub("", src)
                if literal == "steps":
                    bare = STEP.sub("", bare)
                if DIGIT.search(bare):
                    yield error(pos, f"{where}: the {lang} `{attr}` types the number "
                                f"“{DIGIT.search(bare).group()}” outside a template — numbers here come from "
                                f"{', '.join(keys)}", check="printed")
            for key in (stand_in,) if isinstance(stand_in, str) else stand_in or ():
                yield from _stand_in(game, layouts, key, src, lang, pos, where, attr)
    yield from _check_verdicts(game, layouts)
    yield from _check_booklet(game)


def _check_verdicts(game, layouts):
    for name, elements, want in VERDICT_TEXTS:
        try:
            layout = layouts.get(name, game.pos)
        except Problems:
            continue
        for el_name in elements:
            el = layout.element(el_name)
            if el is None:
                yield error(layout.pos, f"layout `{name}` has no `{el_name}`: the verdict key is missing", check="printed")
                continue
            pos = el.at.get("text", el.pos)
            for lang, src in _per_lang(el.attrs.get("text"), game.languages):
                phrases = VERDICT_PHRASES.get(lang)
                if phrases is None or not isinstance(src, str):
                    continue
                try:
                    text = api.render(src, _context(game, layouts, lang))
                except Exception:  # noqa: BLE001 (the build reports a broken template at its line)
                    continue
                for i in want:
                    if not phrases[i].search(text):
                        what = ("blue means right", "red means wrong")[i]
                        yield error(pos, f"layout `{name}`, element `{el_name}`: the {lang} text “{text}” does not say "
                                    f"{what} — the verdict rule is blue = right, red = wrong", check="printed")
                other = phrases[1 - want[0]] if len(want) == 1 else None
                if other is not None and other.search(text):
                    yield error(pos, f"layout `{name}`, element `{el_name}`: the {lang} text “{text}” names the other "
                                f"colour's verdict", check="printed")


def _per_lang(raw, langs):
    if isinstance(raw, dict):
        return [(lang, raw.get(lang)) for lang in langs]
    return [(lang, raw) for lang in langs]


def _context(game, layouts, lang, phrases=True, **data):
    """What a layout or booklet text sees; with stand-in data, `rule(…)` prints nothing (a phrase prints
    rules.yaml's numbers, which pnp.rules.phrasing and the published rules check, not data's)."""
    ctx = api.context(game, lang)
    view = {"game": ctx.game, "lang": lang, "palette": ctx.game["palette"], "copy": 0, "card": {}, "index": 0,
            "deck": {"title": "", "count": 0}, "data": dict(ctx.game["data"], **data),
            "geometry": layouts.geometry, "rule": ctx.rule if phrases else _silent}
    return view


def _silent(*_args, **_kw):
    return ""


def _stand_in(game, layouts, key, src, lang, pos, where, attr):
    values, shown = STAND_INS[key]
    try:
        text = api.render(src, _context(game, layouts, lang, phrases=False, **{key: values}))
    except Exception as e:  # noqa: BLE001 (a template error is reported at its line by the build)
        yield error(pos, f"{where}: the {lang} `{attr}` cannot be rendered with other `data.{key}` values ({e})",
                    check="printed")
        return
    at, missing = 0, []
    for s in shown:
        i = text.find(s, at)
        if i < 0:
            missing.append(s)
        else:
            at = i + len(s)
    if missing:
        yield error(pos, f"{where}: the {lang} `{attr}` does not show every value of `data.{key}` in order "
                    f"(rendered with stand-ins {values}: “{text}”) — name each player count's value once",
                    check="printed")


def _booklets(game):
    """(language, path) of each rules booklet the game has."""
    for lang in game.languages:
        path = Path(game.root) / f"rules.{lang}.md"
        if path.is_file():
            yield lang, path


def _check_booklet(game):
    stand = {v for m in BOOKLET_STAND_INS.values() for v in m.values()}
    for lang, path in _booklets(game):
        src = path.read_text("utf-8")
        rel = f"content/{game.id}/{path.name}"
        for n, line in enumerate(src.splitlines(), 1):
            bare = JINJA.sub(lambda m: " " * len(m.group()), line)
            m = BONUS.search(bare)
            if m:
                yield error(Pos(rel, n, m.start(1) + 1), f"the {lang} rules booklet types the bonus “{m.group(1)}” — "
                            f"write it from `data.scoring`", check="printed")
        layouts = None
        layouts = api.layouts(game)
        try:
            text = api.render(src, _context(game, layouts, lang, phrases=False, deal=DEAL_STAND_INS, **BOOKLET_STAND_INS))
        except Exception:  # noqa: BLE001 (a broken booklet template is the build's error, at its line)
            continue
        lines = line_map(src, text)
        src_lines = src.splitlines()
        for i, out_line in enumerate(text.split("\n")):
            if "game.rules." in (src_lines[lines[i] - 1] if 0 < lines[i] <= len(src_lines) else ""):
                continue                               # an entry's own why, as rules.yaml words it
            for m in (RULE_UNITS.get(lang) or RULE_UNITS["en"]).finditer(out_line):
                num = int(m.group(1) or m.group(2))
                if num not in stand:
                    yield error(Pos(rel, lines[i], 1), f"the {lang} rules booklet prints “{m.group().strip()}”, a rule "
                                f"number that does not come from the data (rendered with stand-in data it stays "
                                f"{num}) — write it from `data.capacity`, `data.accuse_blue`, `data.all_blue`, "
                                f"`data.scoring` or `data.token_values`", check="printed")
            row = SETUP_ROW.match(out_line)
            if row and int(row.group(1)) in BOOKLET_STAND_INS["capacity"]:
                n = int(row.group(1))
                cells = [c.strip() for c in out_line.strip().strip("|").split("|")]
                wants = [("field capacity", "data.capacity[n]", BOOKLET_STAND_INS["capacity"][n])]
                wants += [(f"{k} card count", f"data.deal[n].{k}", v) for k, v in DEAL_STAND_INS[n].items() if v]
                for what, key, v in wants:
                    if not any(re.fullmatch(rf"{v}\D*", c) for c in cells):
                        yield error(Pos(rel, lines[i], 1), f"the {lang} rules booklet's setup row for {n} players does "
                                    f"not take its {what} from `{key}`", check="printed")
        for key in BOOKLET_FROM_DATA:
            for k, v in BOOKLET_STAND_INS[key].items():
                if str(v) not in text:
                    yield error(Pos(rel, 1, 1), f"the {lang} rules booklet never states `data.{key}` for {k} — "
                                f"the setup table must be written from it", check="printed")


EDITION_TITLE = {"en": "Edition decisions", "zh-TW": "本版自訂規則"}
SPACE = re.compile(r"\s+")


def check_edition_list(game):
    """Each booklet lists every edition decision of rules.yaml under its "Edition decisions" heading,
    with the entry's own sentence of why (rendered as the build renders the booklet)."""
    entries = getattr(game, "entries", None) or {}
    decided = [(name, e) for name, e in entries.items() if isinstance(e, dict) and e.get("edition") is True]
    if not decided:
        return
    layouts = api.layouts(game)
    for lang, path in _booklets(game):
        rel = api.display_path(path)
        try:
            text = api.render(path.read_text("utf-8"), _context(game, layouts, lang))
        except Exception:  # noqa: BLE001 (a broken booklet template is the build's error, at its line)
            continue
        title = EDITION_TITLE.get(lang, EDITION_TITLE["en"])
        at = re.search(rf"(?m)^#+\s*{re.escape(title)}\s*$", text)
        if at is None:
            yield error(api.Pos(rel, 1, 1), f"the {lang} rules booklet has no section “{title}” — add it and list each "
                        f"edition decision of rules.yaml with its why", check="rules:edition")
            continue
        section = SPACE.sub(" ", text[at.end():].split("\n# ", 1)[0])
        for name, entry in decided:
            why = entry.get("why")
            said = why.get(lang) if isinstance(why, dict) else why
            if not isinstance(said, str):
                continue
            if SPACE.sub(" ", said.strip()) not in section:
                pos = entry.at("why") if hasattr(entry, "at") and "why" in entry else entries.at(name)
                yield error(pos, f"rule `{name}` is an edition decision the {lang} rules booklet does not list — "
                            f"write its why, “{said.strip()}”, under “{title}” in {path.name}", check="rules:edition")
