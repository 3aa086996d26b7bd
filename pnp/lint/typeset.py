"""Lint rules of typesetting: `text-breaks` (a glossary word or a narrow box's phrase broken across
lines) and `zh-punctuation` (half-width punctuation in zh-TW text, where full-width belongs).

`zh-punctuation` reads the content as written — card fields, game.yaml `data:` and the zh booklets'
markdown — so each finding is at the text's file:line, with the characters to write instead.
"""
from __future__ import annotations

import re
from dataclasses import replace

from pnp.core.units import MM

_CJK = "\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\U00020000-\U0003ffff"
FULL = {",": "，", ":": "：", ";": "；", "?": "？", "!": "！", "(": "（", ")": "）"}
# a half-width mark between CJK characters (markup `*` `_` may stand between), or a bracket touching one
_HALF = re.compile(rf"(?<=[{_CJK}])[*_]*\s?([,:;?!])(?=[*_]*\s?[{_CJK}])|(?<=[{_CJK}])\s?(\()|(\()(?=[{_CJK}])"
                   rf"|(?<=[{_CJK}])(\))|(\))(?=\s?[{_CJK}])")
_HAS_CJK = re.compile(f"[{_CJK}]")
_SPACED = re.compile(rf"([。，、；：！？])[*_]*( +)(?=[*_]*\S)")


def torn(cfg, pos, name, card, card_pos, laid, width):
    """The `text-breaks` finding of a text laid out with a word or phrase broken (`laid.torn`)."""
    return cfg.finding("text-breaks", pos, f"text of element `{name}` (card `{card}`, {card_pos}) breaks inside a "
                       f"word at {laid.size:g} pt: `{laid.torn}` in a box {width / MM:.1f} mm wide — widen the box, "
                       f"set `min_size` so that it may shrink, or shorten the text", card, laid.size)


def problems_in(text: str) -> list:
    """(column from 0, what is wrong — what to write) of each half-width mark in a zh text."""
    out = []
    for m in _HALF.finditer(text):
        g = next(i for i in range(1, 6) if m.group(i))
        ch = m.group(g)
        out.append((m.start(g), f"half-width `{ch}` in zh-TW text — write `{ch}` → `{FULL[ch]}` (full-width)"))
    for m in _SPACED.finditer(text):
        out.append((m.start(2), f"a space after `{m.group(1)}` in zh-TW text — remove it (full-width punctuation "
                                "has its own room)"))
    return sorted(out)


def _zh(lang) -> bool:
    return isinstance(lang, str) and lang.split("-")[0] == "zh"


def _strings(value, pos, others):
    """(text, Pos) of every string holding CJK in a value, but for the game's other languages'."""
    if isinstance(value, str):
        if _HAS_CJK.search(value):
            yield value, pos
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in others:
                yield from _strings(v, value.at(k) if hasattr(value, "at") else pos, others)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _strings(v, value.at(i) if hasattr(value, "at") else pos, others)


def check_game(cfg, game) -> list:
    """`zh-punctuation` findings of a game's content (none when the game has no zh language)."""
    if not cfg.on("zh-punctuation") or not any(_zh(lang) for lang in game.languages):
        return []
    found = []
    others = {lang for lang in game.languages if not _zh(lang)}
    sources = [(v, p, None) for v, p in _strings(game.meta.get("data") or {}, game.data_pos(), others)]
    for comp in game.components.values():
        sources += [(v, p, None) for v, p in _strings(comp.title, comp.pos, others)]
        for item in comp.items:
            for name, value in item.data.items():
                sources += [(v, p, item.id) for v, p in _strings(value, item.at(name), others)]
        for lang, path in (comp.files or {}).items():
            if _zh(lang):
                found += _booklet(cfg, path, comp.pos)
    for text, pos, card in sources:
        for col, what in problems_in(text):
            line = text[:col].count("\n")
            at = replace(pos, line=pos.line + line, col=(pos.col if not line else 0) + col - (text.rfind("\n", 0, col) + 1))
            found.append(cfg.finding("zh-punctuation", at, f"{_excerpt(text, col)}: {what}", card))
    return [f for f in found if f is not None]


def _booklet(cfg, path, pos) -> list:
    try:
        raw = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return []       # the booklet's own loading reports it
    # a `{# comment #}` prints nothing: blanked out, its lines and columns kept
    lines = re.sub(r"\{#.*?#\}", lambda m: re.sub(r"[^\n]", " ", m.group()), raw, flags=re.S).splitlines()
    out, fenced = [], False
    for n, text in enumerate(lines, 1):
        if text.lstrip().startswith("```"):
            fenced = not fenced
        if fenced:
            continue
        for col, what in problems_in(text):
            out.append(cfg.finding("zh-punctuation", replace(pos, file=_shown(path), line=n, col=col + 1),
                                   f"{_excerpt(text, col)}: {what}"))
    return out


def _shown(path) -> str:
    from pnp.core.errors import display_path
    return display_path(path)


def _excerpt(text: str, col: int) -> str:
    return "`" + text[max(0, col - 6):col + 6].replace("\n", " ").replace("`", "'") + "`"
