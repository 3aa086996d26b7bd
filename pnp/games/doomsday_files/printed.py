"""Doomsday Files: the printed rule text takes its numbers from `data:`, which the rules pin.

A number a player reads that a rule depends on (doom 13, the guardians' 15, the hand limit …) is
written once, in game.yaml `data:` (checked against pnp/rules/doomsday_logic.py `DATA`), and every
text that prints it is a template that refers to it (`{{ data.doom_max }}`). For each text that
carries a rule, SPECS below say which data it must take; the check then closes the ways a print can
drift from the rules while the data stays right:
- the source of the text (every language) refers to each of those data keys;
- no number is typed into it (digits outside `{{ … }}`), unless the text is a card's own effect,
  which may have numbers of its own (`own_numbers`);
- rendered, it shows the numbers the rules compute (`shows`, e.g. the librarian's "6" is the hand
  limit + 1), and a text without numbers of its own shows no other number;
- words that carry a rule (`words`, per language) are still there ("rounded up", "≥ difficulty");
- text elements of the game's layouts type no number either (a track's numbers come from data).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from pnp.rules import api
from pnp.rules.api import Pos, error
from pnp.games.doomsday_files import logic as L

_BLOCK = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
_EXPR = re.compile(r"\{\{(.*?)\}\}|\{%(.*?)%\}", re.S)
_NUM = re.compile(r"\d+")
CHECK = "doomsday-files:printed-rules"


@dataclass(frozen=True)
class Spec:
    refs: tuple = ()                  # data keys the text must take (`data.KEY` in every language)
    shows: tuple = ()                 # numbers the rendered text must show, besides the refs' values
    own_numbers: bool = False         # a card's own effect: may type numbers of its own
    words: dict = field(default_factory=dict)   # lang → phrases that carry the rule
    card: tuple = ()                  # card fields the text must take (`card.FIELD`)
    sequence: object = None           # callable → the exact numbers the rendered text shows, in order


def _setup_numbers():
    return [n for p, s in L.setup_table().items() for n in (p, s["guardians"], s["heretics"], s["others"])]


# game.yaml `data:` texts (player aids, the doom sheet)
DATA_TEXTS = {
    "sanity_aid": Spec(("sanity_start", "case_limit", "case_penalty", "doom_step", "profession_draw")),
    "doom_aid": Spec(("doom_step",)),
    "setup_aid": Spec(("setup",), sequence=_setup_numbers),
    "forbidden_note": Spec(),
    "doom_hint": Spec(("doom_start", "doomsayer_doom")),
    "claim_note": Spec(),
    "heretic_note": Spec(("doom_max",), words={"zh-TW": ["異教徒"], "en": ["heretic"]}),
}
# data.effects.<name>.text that restate a base rule
EFFECT_TEXTS = {
    "handover": Spec(("case_limit",), own_numbers=True),
    "intercept": Spec(("case_limit",), own_numbers=True),
    "returned": Spec(("case_limit",), own_numbers=True),
}
# family secrets by role: every `when` and `goal` (a secret has no numbers of its own)
SECRET_TEXTS = {
    # the guardian's and the heretic's goals print their rules through rule(…): the numbers shown must
    # still be the rules' own
    ("guardian", "goal"): Spec(shows=(L.GUARDIAN_TARGET,)),
    ("heretic", "when"): Spec(("doom_max",)),
    ("heretic", "goal"): Spec(shows=(L.DOOM_MAX,)),
    ("apostate", "goal"): Spec(("apostate_target",)),
    ("seeker", "goal"): Spec(("seeker_forbidden", "seeker_mysteries")),
    ("doomsayer", "goal"): Spec(("doomsayer_doom",)),
    ("cursed", "goal"): Spec(("cursed_covered",)),
}
SECRET_FIELDS = ("name", "when", "goal")
# professions (by id) whose ability restates a base rule
PROFESSION_TEXTS = {
    ("patrol-officer", "lasting"): Spec(("case_limit", "case_penalty"), own_numbers=True),
    ("librarian", "start"): Spec(("draw",), (L.DRAW + 1,), own_numbers=True),
    ("librarian", "lasting"): Spec(("hand_limit",), (L.HAND_LIMIT + 1,), own_numbers=True),
    ("archaeologist", "start"): Spec(("forbidden_power",), (L.FORBIDDEN_POWER + 1,), own_numbers=True),
    ("firefighter", "lasting"): Spec(("case_limit",), own_numbers=True),
    ("hunter", "start"): Spec(("monster_draw",), (L.MONSTER_DRAW + 1,), own_numbers=True),
    ("inspector", "start"): Spec(("case_limit",), own_numbers=True),
    ("inspector", "lasting"): Spec(("forbidden_difficulty",), own_numbers=True),
}
# a profession that raises the sanity limit says so with its own `sanity` field
SANITY_RAISE = Spec(card=("sanity",), own_numbers=True)


def _source(value, lang):
    return value.get(lang) if isinstance(value, dict) else value


def _pos(value, lang, default):
    at = getattr(value, "at", None)
    return at(lang) if at is not None and isinstance(value, dict) and lang in value else getattr(value, "pos", default)


def _refs(src: str, prefix: str) -> set:
    out = set()
    for a, b in _EXPR.findall(src):
        out |= set(re.findall(rf"\b{prefix}\.([a-z_]+)", a + b))
    return out


def _typed_numbers(src: str) -> list:
    return _NUM.findall(_BLOCK.sub(" ", src))


def _value(key):
    return L.DATA.get(key)


def check_text(where: str, value, spec: Spec, langs, pos, render) -> list:
    """Findings for one printed text (`value`: one string or {lang: string}); `render(src, lang)`
    renders a source, or returns None when it cannot (the build reports template errors)."""
    out = []
    for lang in langs:
        src = _source(value, lang)
        if not isinstance(src, str):
            out.append(error(pos, f"{where} should be a text in every language ({{zh-TW: …, en: …}}), not "
                                  f"{type(src).__name__ if src is not None else 'missing in ' + lang} — it prints a rule",
                             check=CHECK))
            break
        at = _pos(value, lang, pos)
        have = _refs(src, "data")
        missing = [k for k in spec.refs if k not in have]
        if missing:
            hints = [f"{{{{ data.{k} }}}}" + (f" where it says {_value(k)}" if isinstance(_value(k), int) else "")
                     for k in missing]
            out.append(error(at, f"the {lang} text of {where} does not take "
                                 + ", ".join(f"`data.{k}`" for k in missing) + " — write " + "; ".join(hints)
                                 + ", so the print follows the rules", check=CHECK))
        cards = _refs(src, "card")
        for f in spec.card:
            if f not in cards:
                out.append(error(at, f"the {lang} text of {where} does not take the card's `{f}` — write "
                                     f"{{{{ card.{f} }}}} instead of the number", check=CHECK))
        typed = _typed_numbers(src)
        if typed and not spec.own_numbers:
            out.append(error(at, f"the {lang} text of {where} types the number {typed[0]} — a number the rules "
                                 f"depend on comes from `data:` (write it as {{{{ data.… }}}})", check=CHECK))
        for w in spec.words.get(lang, ()):
            if w not in src:
                out.append(error(at, f"the {lang} text of {where} no longer says “{w}”, which carries the rule — "
                                     f"put it back (the rules engine plays it that way)", check=CHECK))
        text = render(src, lang)
        if text is None:
            continue
        nums = [int(n) for n in _NUM.findall(text)]
        if spec.sequence is not None:
            want = spec.sequence()
            if nums != want:
                out.append(error(at, f"the {lang} text of {where} prints the numbers {nums} but the rules say "
                                     f"{want} — print them from `data:` as the rules give them", check=CHECK))
            continue
        want = [v for k in spec.refs if isinstance(v := _value(k), int)] + list(spec.shows)
        for n in want:
            if n not in nums:
                out.append(error(at, f"the {lang} text of {where} does not print {n}, which the rules use — "
                                     f"print the data value as it is", check=CHECK))
        if not spec.own_numbers:
            extra = [n for n in nums if n not in want]
            if extra:
                out.append(error(at, f"the {lang} text of {where} prints {extra[0]}, a number the rules do not "
                                     f"use there — print only data values", check=CHECK))
    return out


def check(game, rendered: bool = True):
    langs = game.languages
    data = game.data or {}
    meta_data = game.meta.get("data") if hasattr(game.meta, "get") else None
    ctxs = {}

    def ctx(lang, comp=None, index=None):
        if lang not in ctxs:
            ctxs[lang] = api.context(game, lang)
        gc = ctxs[lang]
        if comp is None:
            return {"data": gc.game["data"], "game": gc.game, "palette": gc.game["palette"], "lang": lang}
        return gc.face(comp, index)

    def renderer(comp=None, index=None):
        def render(src, lang):
            if not rendered:
                return None
            try:
                return api.render(src, ctx(lang, comp, index))
            except Exception:
                return None
        return render

    out = []
    for key, spec in DATA_TEXTS.items():
        if key not in data:
            pos = meta_data.pos if meta_data is not None else game.pos
            out.append(error(pos, f"`data.{key}` is missing — it is the printed text of a rule; write it (see the "
                                  f"shipped game.yaml)", check=CHECK))
            continue
        out += check_text(f"`data.{key}`", data[key], spec, langs, meta_data.at(key) if meta_data is not None
                          else game.pos, renderer())
    effects = data.get("effects") if isinstance(data.get("effects"), dict) else {}
    for name, spec in EFFECT_TEXTS.items():
        eff = effects.get(name)
        if isinstance(eff, dict) and "text" in eff:
            out += check_text(f"effect `{name}`", eff["text"], spec, langs, getattr(eff, "at", lambda _k: game.pos)("text"),
                              renderer())
    secrets = game.components.get("secrets")
    for i, it in enumerate(secrets.items if secrets else ()):
        for f in SECRET_FIELDS:
            if f in it.data:
                spec = SECRET_TEXTS.get((it.get("role"), f), Spec())
                out += check_text(f"secret `{it.id}` `{f}`", it.get(f), spec, langs, it.at(f), renderer(secrets, i))
    profs = game.components.get("professions")
    for i, it in enumerate(profs.items if profs else ()):
        for f in ("start", "lasting"):
            spec = PROFESSION_TEXTS.get((it.id, f))
            if spec is not None and f in it.data:
                out += check_text(f"profession `{it.id}` `{f}`", it.get(f), spec, langs, it.at(f), renderer(profs, i))
        for f in ("start", "lasting"):
            for lang in langs:
                src = _source(it.get(f), lang)
                if isinstance(src, str) and _RAISES.search(src) and it.get("sanity") in (0, None):
                    out.append(error(_pos(it.get(f), lang, it.at(f)), f"profession `{it.id}` says it raises the "
                                     f"sanity limit but its `sanity` is {it.get('sanity', 0)} — set `sanity:` and print "
                                     f"it with {{{{ card.sanity }}}}", it.id, CHECK))
                    break
        if isinstance(it.get("sanity"), int) and it.get("sanity") > 0 and "lasting" in it.data:
            out += check_text(f"profession `{it.id}` `lasting` (it raises the sanity limit by {it.get('sanity')})",
                              it.get("lasting"), Spec(card=("sanity",), shows=(it.get("sanity"),), own_numbers=True),
                              langs, it.at("lasting"), renderer(profs, i))
    out += check_booklet(game)
    return out


# the rules booklet (rules.<lang>.md) prints its rules through their phrases (`{{ rule('…') }}`, with the
# numbers of the rules.yaml entries, which published.py pins to the published rules and to `data:`); the
# numbers it prints besides, of the deck and the setup, it takes from data. Examples (`> …` notes) may
# use numbers of their own.
BOOKLET_REFS = ("setup", "min_players", "max_players", "deal", "deal_cases", "forbidden_count",
                "forbidden_difficulty", "difficulty_min", "difficulty_max")
_RAISES = re.compile(r"神智上限\s*[+＋]|sanity limit\s*\+", re.I)


def check_booklet(game) -> list:
    from pathlib import Path

    out = []
    folder = Path(str(game.pos.file)).parent
    for comp in game.components.values():
        if comp.kind != "booklet":
            continue
        src_name = (comp.options or {}).get("source") if isinstance(comp.options, dict) else None
        stem = src_name or comp.id
        for lang in game.languages:
            path = Path(game.root) / f"{stem}.{lang}.md"
            try:
                text = path.read_text("utf-8")
            except (OSError, UnicodeDecodeError):
                continue                      # the build reports a missing or unreadable booklet source
            shown = str(folder / path.name)
            refs = _refs(text, "data")
            missing = [k for k in BOOKLET_REFS if k not in refs]
            if missing:
                out.append(error(Pos(shown, 1, 1), f"the {lang} rules booklet never prints "
                                 + ", ".join(f"`data.{k}`" for k in missing[:6]) + (" …" if len(missing) > 6 else "")
                                 + " — the booklet takes every rule number from data ({{ data.… }})", check=CHECK))
            in_block = 0
            for no, line in enumerate(text.splitlines(), 1):
                in_block += line.count("{{") + line.count("{%") - line.count("}}") - line.count("%}")
                if line.lstrip().startswith(">") or in_block > 0:
                    continue
                body = re.sub(r"^\s*\d+\.\s", "", line)          # `1. ` numbering of a list
                typed = _typed_numbers(re.sub(r"\(piece:[^)]*\)", "", body))
                if typed:
                    out.append(error(Pos(shown, no, 1), f"the {lang} rules booklet types the number {typed[0]} — "
                                     f"a rule number comes from data ({{{{ data.… }}}}); an example goes in a "
                                     f"`> ` note", check=CHECK))
    return out


def check_layout_literals(game, layouts) -> list:
    """Text elements of the game's own layouts type no number: what they print comes from data; and
    every rule text of `data:` (DATA_TEXTS) is printed by some piece (an aid without its setup table,
    a doom sheet without its heretic line, is a print that says less than the rules)."""
    out, seen, printed, loaded = [], set(), set(), True
    for comp in game.components.values():
        for name in (comp.front, comp.back):
            if not name or name in seen or not name.startswith(f"{game.id}/"):
                continue
            seen.add(name)
            try:
                layout = layouts.get(name, comp.pos)
            except Exception:
                loaded = False
                continue                      # the build reports a layout that does not load
            for el in layout.elements:
                raw = el.attrs.get("text")
                for lang in game.languages:
                    if isinstance(src := _source(raw, lang), str) and str(el.attrs.get("when")).strip() not in \
                            ("False", "false", "{{ false }}", "{{ False }}"):
                        printed |= _refs(src, "data")
                for lang in game.languages:
                    src = _source(raw, lang)
                    if isinstance(src, str) and (typed := _typed_numbers(src)):
                        out.append(error(el.at.get("text", el.pos), f"layout `{name}` element `{el.name}` types the "
                                         f"number {typed[0]} in its {lang} text — take it from `data:` "
                                         f"({{{{ data.… }}}}) so the print follows the rules", check=CHECK))
                        break
    meta_data = game.meta.get("data") if hasattr(game.meta, "get") else None
    for key in DATA_TEXTS if loaded else ():
        if key not in printed and key in (game.data or {}):
            out.append(error(meta_data.at(key) if meta_data is not None else game.pos, f"`data.{key}` is printed on "
                             f"no piece: no text element of the game's layouts shows {{{{ data.{key} }}}} — the "
                             f"rule it carries would be missing from the print", check=CHECK))
    return out
