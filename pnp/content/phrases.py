"""How an edition words its rules, one file per language: `content/<game>/phrases.<lang>.yaml`.

    phrases:                    # rule name (of rules.yaml) → its sentence, a template: reword freely
      refute: "Starting with the player {{ direction }}, each player in turn tries to refute it."
    words:                      # parameter → value → the words that print it ({{ direction }} above)
      direction: {left: to the left, right: to the right}
      refute.direction: {…}     # a word of one rule's parameter only
    about:                      # rule name → a regular expression for a sentence about that rule
      refute: 'refut|disprov'   # (a rules plug-in may hold these instead)
    mark: "†"                   # what follows the phrase of an edition decision (default †)

Booklets, aids and cards print a rule with `{{ rule('refute') }}` (its phrase) or
`{{ rule('refute', 'direction') }}` (the words of one parameter); pnp.rules.phrasing checks that they do.
The files are optional: a game without them prints no phrases.
"""
from __future__ import annotations

import re
from pathlib import Path

from pnp.content.entries import NAME
from pnp.content.yamlfile import load_file
from pnp.core.errors import Collector

SECTIONS = ("phrases", "words", "about", "mark")
MARK = "†"
WORD_KEY = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)?$")


def file_for(root: Path, lang: str) -> Path:
    return root / f"phrases.{lang}.yaml"


def load_phrases(root: Path, col: Collector, langs) -> dict:
    """{lang: the YMap of phrases.<lang>.yaml} for the languages that have the file; problems join `col`."""
    out = {}
    for lang in langs:
        path = file_for(root, lang)
        if not path.exists():
            continue
        doc = load_file(path)
        for key in doc:
            if key not in SECTIONS:
                col.add(doc.key_at(key), f"`{key}` is not a section of a phrases file",
                        f"use {', '.join(f'`{s}:`' for s in SECTIONS)}; a rule's sentence goes under `phrases:`")
        ok = True
        for sec in ("phrases", "about"):
            part = doc.get(sec)
            if part is None:
                continue
            if not isinstance(part, dict):
                col.add(doc.at(sec), f"`{sec}:` should be a map of rule names", f"write `{sec}:` then `turn_order: …`")
                ok = False
                continue
            for name, text in part.items():
                if not isinstance(name, str) or not NAME.match(name):
                    col.add(part.key_at(name), f"`{name}` is not a rule name", "write the name of a rules.yaml entry")
                elif not isinstance(text, str) or not text.strip():
                    col.add(part.at(name), f"{sec} `{name}` should be a text", "write it in quotes")
        words = doc.get("words")
        if words is not None and not isinstance(words, dict):
            col.add(doc.at("words"), "`words:` should be a map of parameters", "write `words:` then `direction: {left: …}`")
        for key, values in (words or {}).items() if isinstance(words, dict) else ():
            if not isinstance(key, str) or not WORD_KEY.match(key):
                col.add(words.key_at(key), f"`{key}` is not a parameter name", "write `param` or `rule.param`")
            elif not isinstance(values, dict) or not all(isinstance(w, str) and w.strip() for w in values.values()):
                col.add(words.at(key), f"the words of `{key}` should map each value to a text",
                        "write e.g. `{left: to the left, right: to the right}`")
        mark = doc.get("mark")
        if mark is not None and not isinstance(mark, str):
            col.add(doc.at("mark"), "`mark:` should be a text", "write e.g. `mark: \"†\"`")
        if ok:
            out[lang] = doc
    return out


def section(doc, name: str) -> dict:
    """One section of a loaded phrases file ({} when it has none)."""
    got = doc.get(name) if isinstance(doc, dict) else None
    return got if isinstance(got, dict) else {}
