"""`rule(…)` in templates: a rule of rules.yaml printed through its phrase (pnp.content.phrases).

    {{ rule('refute') }}                      the phrase of `refute` in the language being built
    {{ rule('refute', 'direction') }}         the words of one parameter ("to the left")
    {{ rule('refute', direction='left') }}    the phrase, stating the value this text expects: a
                                              different value in rules.yaml is an error here

A phrase is a template over the usual context plus the entry's parameters, each as its words
(`{{ direction }}`; a number prints as itself; a list is the list of its items' words, to loop over or
join) and as its raw value (`{{ raw.direction }}`). The phrase
of an edition decision (`edition: true`) ends with the file's `mark:` (†), so every printed edition
decision is marked. A rule or phrase that is not there is a TemplateError naming what to add; a value
without words prints as ‹param: value›, which `pnp check` reports (and the build stops on).
"""
from __future__ import annotations

from pnp.content.entries import FILE
from pnp.content.phrases import MARK, section

STOPS = "。．.！？!?"   # a phrase that ends a sentence takes the mark before these
from pnp.templates import templating
from pnp.templates.templating import TemplateError, pure_function

NO_WORD = object()


def params(entry: dict) -> dict:
    """An entry's parameters, without `edition` and `why`."""
    return {k: v for k, v in entry.items() if k not in ("edition", "why")}


def word_of(doc, name: str, param: str, value):
    """The words that print `value` of `name.param` in one language's phrases file (numbers print as
    themselves), or NO_WORD."""
    if isinstance(value, list):   # a list (an order, a sequence) prints as the words of its items
        got = [word_of(doc, name, param, v) for v in value]
        return NO_WORD if any(g is NO_WORD for g in got) else got
    words = section(doc, "words")
    for key in (f"{name}.{param}", param):
        table = words.get(key)
        if isinstance(table, dict):
            for k, w in table.items():
                if k == value and type(k) is type(value) and isinstance(w, str):
                    return w
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f"{value:g}" if isinstance(value, float) else str(value)
    return NO_WORD


def missing(param: str, value) -> str:
    """What prints where a value has no words (pnp.rules.phrasing reports it as an error)."""
    return f"‹{param}: {value}›"


def _names(text: str) -> set:
    from jinja2 import nodes
    try:
        return {n.name for n in templating.ENV.parse(text).find_all(nodes.Name)}
    except Exception:   # rendering says what is wrong
        return set()


class Phrases:
    """The phrases of one game in one language, rendered once each per run (`say` is pure)."""

    def __init__(self, game, gc, lang: str):
        self.game, self.gc, self.lang = game, gc, lang
        self.doc = (getattr(game, "phrases", None) or {}).get(lang)
        self.done: dict = {}

    def _entry(self, name: str) -> dict:
        entries = getattr(self.game, "entries", None) or {}
        entry = entries.get(name) if isinstance(name, str) else None
        if not isinstance(entry, dict):
            have = ", ".join(f"`{n}`" for n in list(entries)[:8]) or "none"
            raise TemplateError(f"rule({name!r}): there is no rule `{name}` in {FILE} (its rules: {have}"
                                f"{' …' if len(entries) > 8 else ''}) — name one of them, or add the entry")
        return entry

    @pure_function   # one game, one language: the same call gives the same text (memoised by templates)
    def say(self, name, param=None, **expect) -> str:
        key = (name, param, tuple(sorted(expect.items(), key=lambda kv: kv[0])))
        hit = self.done.get(key)
        if hit is None:
            hit = self.done[key] = self._say(name, param, expect)
        return hit

    def _say(self, name, param, expect) -> str:
        entry = self._entry(name)
        have = params(entry)
        for k, v in expect.items():
            if k not in have:
                raise TemplateError(f"rule({name!r}, {k}=…): `{name}` has no parameter `{k}` in {FILE} "
                                    f"(it has {', '.join(have) or 'none'})")
            if have[k] != v:
                raise TemplateError(f"rule({name!r}, {k}={v!r}): this text expects {k} {v!r}, but {FILE} says "
                                    f"`{name}: {{{k}: {have[k]}}}` — reword the text or change the rule")
        file = f"phrases.{self.lang}.yaml"
        if param is not None:
            if param not in have:
                raise TemplateError(f"rule({name!r}, {param!r}): `{name}` has no parameter `{param}` in {FILE}")
            got = word_of(self.doc, name, param, have[param])
            # no words: shown as such, and reported by `pnp check` (rules:phrase), which stops the build
            if got is NO_WORD:
                return missing(param, have[param])
            return ("、" if self.lang.startswith("zh") else ", ").join(got) if isinstance(got, list) else got
        text = section(self.doc, "phrases").get(name)
        if not isinstance(text, str):
            raise TemplateError(f"rule({name!r}): {file} has no phrase for `{name}` — add `{name}: …` under "
                                f"`phrases:`")
        ctx = dict(self.gc.base())
        ctx["raw"] = have
        reads = _names(text)
        for p, v in have.items():
            w = word_of(self.doc, name, p, v)
            if w is not NO_WORD:
                ctx[p] = w
            elif p in reads:
                ctx[p] = missing(p, v)
        try:
            out = templating.render(text, ctx).strip()
        except TemplateError as e:
            raise TemplateError(f"the phrase of `{name}` ({file}): {e}") from None
        if entry.get("edition") is True:
            mark = self.doc.get("mark") if isinstance(self.doc, dict) else None
            mark = mark if isinstance(mark, str) else MARK
            # before the sentence's own full stop (…3 張†。), so it is not read with the next sentence
            end = len(out.rstrip(STOPS)) if out.endswith(tuple(STOPS)) else len(out)
            out = out[:end] + mark + out[end:]
        return out
