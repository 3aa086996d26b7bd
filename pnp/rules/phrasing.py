"""Rules printed through their phrases: what `pnp check` says of how the rules are worded.

Every rules.yaml entry prints through its phrase (`{{ rule('name') }}`, pnp.templates.phrases), worded
in phrases.<lang>.yaml. Reported at their lines:

- a rule a place requires that is not printed there: the booklet prints every rule; a rules plug-in
  names more places (`places`: a layout name, or `deck:<component>`, → the rules printed there);
- a phrase that is missing, names no rule, does not print one of its parameters, or says a parameter
  in its own words instead of through `{{ param }}` (so a reversed word cannot hide in it);
- parameter words that mean another value (a plug-in's `means`: parameter → value → {lang: pattern});
- `rule('x', param=value)` where rules.yaml has another value, or no rule `x`;
- a sentence anywhere a player reads it (booklets, layouts, cards, game.yaml data, other phrases) that
  restates a rule in its own words (pnp.rules.phrasescan): its parameter words or a number next to its
  subject (`about`: rule → {lang: pattern}, from the plug-in or the phrases files).

Rewording a phrase, or the prose around it, never alarms: only parameter words and numbers do.
"""
from __future__ import annotations

from pathlib import Path

from pnp.content.phrases import file_for, section
from pnp.core.errors import Pos, display_path
from pnp.core.findings import error
from pnp.rules import phrasescan as scan
from pnp.templates.phrases import params

CHECK = "rules:phrase"
NOT_READ = ("id", "int", "number", "enum", "bool", "image", "icon", "colour", "color", "ref")   # field types


def _at(m, key, default: Pos) -> Pos:
    at = getattr(m, "at", None)
    return at(key) if at is not None else default


def _shift(pos: Pos, lines: int) -> Pos:
    return Pos(pos.file, (pos.line or 1) + lines, 1) if lines else pos


def _number(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _phrase_file(game, lang) -> Pos:
    path = file_for(game.root, lang)
    return Pos(display_path(path), 1, 1)


class Spec:
    """A game's phrasing: the plug-in's `phrasing(game)` dict over what its phrases files say."""

    def __init__(self, game, held: dict | None):
        held = held or {}
        self.game, self.entries = game, {n: e for n, e in (game.entries or {}).items() if isinstance(e, dict)}
        self.means = held.get("means") or {}
        self.places = dict(held.get("places") or {})
        self.about = {lang: {**{r: a for r, a in section(game.phrases.get(lang), "about").items() if isinstance(a, str)},
                             **{r: m[lang] for r, m in (held.get("about") or {}).items() if lang in m}}
                      for lang in game.languages}

    def table(self, lang, name, param) -> tuple[str | None, dict]:
        """(the words key, {value: words}) for one parameter in one language."""
        words = section(self.game.phrases.get(lang), "words")
        for key in (f"{name}.{param}", param):
            if isinstance(words.get(key), dict):
                return key, words[key]
        return None, {}

    def means_of(self, name, param) -> dict:
        return self.means.get(f"{name}.{param}") or self.means.get(param) or {}

    def printed(self, lang, name) -> list[str]:
        """The parameters a rule's phrase must print: numbers, and those that have words or meanings."""
        out = []
        for p, v in params(self.entries[name]).items():
            if (isinstance(v, (int, float)) and not isinstance(v, bool)) or self.table(lang, name, p)[1] \
                    or self.means_of(name, p):
                out.append(p)
        return out

    def patterns(self, lang, name, means=True) -> list[str]:
        """The parameter words of a rule as patterns: its words, and with `means` what they must say."""
        pats = []
        for p in params(self.entries[name]):
            held = self.means_of(name, p) if means else {}
            pats += [m[lang] for m in held.values() if isinstance(m, dict) and lang in m]
            pats += [scan.word_pattern(w) for w in self.table(lang, name, p)[1].values() if isinstance(w, str) and w.strip()]
        return pats

    def signs(self, lang) -> list:
        out = []
        for name, about in self.about.get(lang, {}).items():
            if name in self.entries:
                entry = params(self.entries[name])
                nums = any(_number(v) or (isinstance(v, list) and v and all(_number(x) for x in v)) for v in entry.values())
                out.append(scan.compile_sign(name, about, self.patterns(lang, name), nums))
        return out


def check(game, held: dict | None = None):
    """Every finding on how the game's rules are printed (none for a game without rules.yaml)."""
    if not getattr(game, "entries", None):
        return
    spec = Spec(game, held)
    texts = list(_texts(game))
    yield from _phrases(spec)
    yield from _words(spec)
    yield from _places(spec, texts)
    yield from _calls(spec, texts)
    yield from _restated(spec, texts)


# ---- the printed texts -------------------------------------------------------------------------------
def _texts(game):
    """(place, lang or None, text, pos of its first line, own rule or None) for every text a player reads."""
    for comp in game.components.values():
        if comp.kind == "booklet":
            for lang, path in comp.files.items():
                if Path(path).is_file():
                    yield "booklet", lang, Path(path).read_text("utf-8"), Pos(display_path(path), 1, 1), None
            continue
        for item in comp.items:
            for k, v in item.data.items():
                if k == "id" or (comp.fields.get(k) or ("text",))[0] in NOT_READ:
                    continue   # ids, references and codes are not read by players
                yield from _strings(f"deck:{comp.id}", v, item.at(k), None, game.languages)
    yield from _strings("data", game.meta.get("data"), _at(game.meta, "data", game.pos), None, game.languages)
    from pnp.rules import memo
    try:
        lays = memo.layouts(game)
    except Exception:   # layouts the build cannot read: it says so itself
        lays = None
    for name in sorted(_layout_names(game)) if lays is not None else ():
        try:
            lay = lays.get(name, game.pos)
        except Exception:
            continue
        for el in lay.elements:
            for k, v in el.attrs.items():
                if k not in ("when", "repeat"):
                    yield from _strings(name, v, el.at.get(k, el.pos), None, game.languages)
    for lang, doc in game.phrases.items():
        phr = section(doc, "phrases")
        for name, text in phr.items():
            if isinstance(text, str):
                yield "phrases", lang, text, _at(phr, name, _phrase_file(game, lang)), name


def _layout_names(game) -> set:
    names = set()
    for comp in game.components.values():
        names |= {n for n in (comp.front, comp.back) if n}
        for rule in comp.choose.values():
            names |= {n for n in (rule[1] or {}).values() if isinstance(n, str)}
            if isinstance(rule[2], str):
                names.add(rule[2])
    return names


def _strings(place, value, pos, lang, langs):
    """Every text inside a value; the language is known inside a `{zh-TW: …, en: …}` map."""
    if isinstance(value, str):
        yield place, lang, value, pos, None
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(place, v, _at(value, k, pos), k if k in langs else lang, langs)
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _strings(place, v, _at(value, i, pos), lang, langs)


def _langs(game, lang):
    return [lang] if lang in game.languages else list(game.languages)


# ---- phrases and words -----------------------------------------------------------------------------
def _phrases(spec):
    game = spec.game
    for lang in game.languages:
        doc = game.phrases.get(lang)
        phr = section(doc, "phrases")
        for name, text in phr.items():
            if name not in spec.entries:
                yield error(phr.key_at(name) if hasattr(phr, "key_at") else _phrase_file(game, lang),
                            f"phrase `{name}` names no rule of rules.yaml — remove it, or add the rule", check=CHECK)
                continue
            if not isinstance(text, str):
                continue
            pos = _at(phr, name, _phrase_file(game, lang))
            reads = _names(text)
            if reads is None:
                yield error(pos, f"the phrase of `{name}` ({lang}) is not a template that parses — fix its `{{{{ … }}}}`",
                            check=CHECK)
                continue
            raw = " ".join(scan.literal(text).split())
            for p in spec.printed(lang, name):
                if p not in reads and not (f"raw.{p}" in text or f"'{p}'" in text or f'"{p}"' in text):
                    yield error(pos, f"the phrase of `{name}` ({lang}) does not print its `{p}` (rules.yaml: "
                                f"{params(spec.entries[name])[p]!r}) — write `{{{{ {p} }}}}` where it belongs",
                                check=CHECK)
            yield from _numbers_shown(spec, lang, name, pos)
            for pat in spec.patterns(lang, name, means=False):   # its own words: `means` would hit neutral prose
                import re
                m = re.search(pat, raw, re.I)
                if m:
                    yield error(pos, f"the phrase of `{name}` ({lang}) says “{m.group()}” in its own words: the words of "
                                f"a parameter come from rules.yaml — write `{{{{ … }}}}` with the parameter instead",
                                check=CHECK)
                    break
        for name in spec.entries:
            if name not in phr and game.phrases:
                yield error(_at(game.entries, name, game.pos), f"rule `{name}` has no phrase in phrases.{lang}.yaml, "
                            f"so it cannot be printed in {lang} — add `{name}: …` under `phrases:`", check=CHECK)


def _numbers_shown(spec, lang, name, pos):
    """Each number of the entry that the phrase prints shows as itself (or its words) in the rendered phrase:
    a phrase that computes from it (`{{ raw.size + 1 }}`) prints another rule."""
    import re
    from pnp.rules import memo
    from pnp.templates.phrases import word_of
    try:
        text = memo.context(spec.game, lang).rule(name)
    except Exception:   # the build reports what does not render
        return
    entry = params(spec.entries[name])
    doc = spec.game.phrases.get(lang)
    for p in spec.printed(lang, name):
        v = entry[p]
        if not _number(v):
            continue
        shown = word_of(doc, name, p, v)
        if not re.search(scan.word_pattern(str(shown)) if shown[:1].isalpha() else rf"(?<![\d.]){re.escape(str(shown))}(?!\d|\.\d)", text):
            yield error(pos, f"the phrase of `{name}` ({lang}) prints “{text}”, where its `{p}` ({v}) does not show — "
                        f"print `{{{{ {p} }}}}` as it is", check=CHECK)


def _words(spec):
    """Words that print a value must say that value: missing ones, and ones that mean another value."""
    import re
    game = spec.game
    for lang in game.languages:
        doc = game.phrases.get(lang)
        if doc is None:
            continue
        for name, entry in spec.entries.items():
            for p, v in params(entry).items():
                means = spec.means_of(name, p)
                key, table = spec.table(lang, name, p)
                text = section(doc, "phrases").get(name)
                shown = means or (isinstance(text, str) and p in (_names(text) or ()))   # words the phrase prints
                for item in (v if isinstance(v, list) else [v]):
                    if shown and isinstance(item, (str, bool)) and not any(k == item and type(k) is type(item) for k in table):
                        yield error(_at(section(doc, "words"), key, _phrase_file(game, lang)) if key else _phrase_file(game, lang),
                                    f"phrases.{lang}.yaml has no words for `{p}: {item}` (rule `{name}`) — add them under "
                                    f"`words:`", check=CHECK)
                for value, w in table.items():
                    if not isinstance(w, str) or not means:
                        continue
                    own = (means.get(value) or {}).get(lang)
                    other = next((val for val, m in means.items() if val != value and isinstance(m, dict) and lang in m
                                  and re.search(m[lang], w, re.I)), None)
                    if (own and not re.search(own, w, re.I)) or other is not None:
                        yield error(_at(table, value, _phrase_file(game, lang)),
                                    f"the words “{w}” print `{p}: {value}`, but they "
                                    f"{'say `' + str(other) + '`' if other is not None else 'do not say it'} — "
                                    f"reword them so they mean {value}", check=CHECK)


# ---- where rules are printed -----------------------------------------------------------------------
def _calls(spec, texts):
    """`rule(…)` calls: (place, lang, name, kwargs, pos) found by parsing each text."""
    for place, lang, text, pos, own in texts:
        for name, kwargs, line in _rule_calls(text) or ():
            where = _shift(pos, line - 1)
            if name not in spec.entries:
                yield error(where, f"rule({name!r}) names no rule of rules.yaml — name one of "
                            f"{', '.join(list(spec.entries)[:6])} …", check=CHECK)
                continue
            have = params(spec.entries[name])
            kwargs = dict(kwargs)   # the parse is cached: not changed here
            param = kwargs.pop(None, None)
            if param is not None and param not in have:
                yield error(where, f"rule({name!r}, {param!r}): `{name}` has no parameter `{param}` (it has "
                            f"{', '.join(have) or 'none'})", check=CHECK)
            elif param is not None and isinstance(have[param], (str, bool)):
                for lg in _langs(spec.game, lang):
                    if spec.table(lg, name, param)[1].get(have[param]) is None:
                        yield error(where, f"rule({name!r}, {param!r}) prints `{param}: {have[param]}`, but "
                                    f"phrases.{lg}.yaml has no words for it — add them under `words:`", check=CHECK)
            for k, v in kwargs.items():
                if k in have and have[k] != v:
                    yield error(where, f"rule({name!r}, {k}={v!r}) expects {k} {v!r}, but rules.yaml says "
                                f"{have[k]!r} — the text around it is written for another rule", check=CHECK)


_parsed: dict = {}


def _names(text: str) -> set | None:
    """Every name a template loads (parameters named like a global, `min`, included); None: no parse."""
    from jinja2 import nodes
    from pnp.templates.templating import ENV
    try:
        tree = ENV.parse(text)
    except Exception:
        return None
    return {n.name for n in tree.find_all(nodes.Name)}


def _rule_calls(text: str) -> list:
    """(rule name, constant keyword arguments, line) for each `rule('name', …)` call in a template."""
    if "rule" not in text:
        return []
    if text in _parsed:
        return _parsed[text]
    from jinja2 import nodes
    from pnp.templates.templating import ENV
    out = []
    try:
        tree = ENV.parse(text)
    except Exception:   # the build reports a template that does not parse (and nothing is judged by it)
        _parsed[text] = None
        return None
    for call in tree.find_all(nodes.Call):
        if isinstance(call.node, nodes.Name) and call.node.name == "rule" and call.args \
                and isinstance(call.args[0], nodes.Const) and isinstance(call.args[0].value, str):
            kw = {k.key: k.value.value for k in call.kwargs if isinstance(k.value, nodes.Const)}
            if len(call.args) > 1 and isinstance(call.args[1], nodes.Const):
                kw[None] = call.args[1].value    # rule('x', 'param'): the words of one parameter
            out.append((call.args[0].value, kw, call.lineno))
    if len(_parsed) > 4096:
        _parsed.clear()
    _parsed[text] = out
    return out


def _places(spec, texts):
    game = spec.game
    printed: dict = {}
    broken = set()   # (place, lang) of a text that does not parse: its own error says so, not 40 missing rules
    for place, lang, text, pos, own in texts:
        calls = _rule_calls(text)
        if calls is None:
            broken |= {(place, lg) for lg in _langs(game, lang)}
            continue
        for name, _kw, _line in calls:
            for lg in _langs(game, lang):
                printed.setdefault((place, lg), set()).add(name)
    booklets = {lang: Pos(display_path(p), 1, 1) for c in game.components.values() if c.kind == "booklet"
                for lang, p in c.files.items()}
    places = {"booklet": list(spec.entries), **spec.places} if booklets else dict(spec.places)
    for place, names in places.items():
        for lang in game.languages:
            where = booklets.get(lang) if place == "booklet" else _place_pos(game, place)
            if where is None or (place, lang) in broken:
                continue
            have = printed.get((place, lang), set())
            for name in names:
                if name not in have:
                    what = "the rules booklet" if place == "booklet" else f"`{place}`"
                    yield error(where, f"{what} ({lang}) does not print the rule `{name}` — add "
                                f"`{{{{ rule('{name}') }}}}` where it belongs", check=CHECK)


def _place_pos(game, place) -> Pos | None:
    if place.startswith("deck:"):
        comp = game.components.get(place[5:])
        return comp.pos if comp else None
    from pnp.rules import memo
    try:
        return memo.layouts(game).get(place, game.pos).pos
    except Exception:
        return None


# ---- rules in their own words ------------------------------------------------------------------------
def _restated(spec, texts):
    game = spec.game
    signs = {lang: spec.signs(lang) for lang in game.languages}
    seen = set()
    for place, lang, text, pos, own in texts:
        for lg in _langs(game, lang):
            for off, name, word, sent in scan.restated(signs[lg], text, lg, skip=(own,) if own else ()):
                where = _shift(pos, off)
                if (where, name) in seen:
                    continue
                seen.add((where, name))
                short = sent if len(sent) <= 90 else sent[:87] + "…"
                yield error(where, f"“{short}” restates the rule `{name}` in its own words (“{word}”) — print it "
                            f"with `{{{{ rule('{name}') }}}}` (or a parameter with `{{{{ rule('{name}', '…') }}}}`), "
                            f"so it follows rules.yaml", check=CHECK)
