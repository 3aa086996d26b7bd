"""Declared checks run: every `checks:` entry of game.yaml (read by `declared_spec`) becomes findings.

Expressions run in the layout template sandbox, in every language of the game (a translated text may
break a check in one language only): `card` (an item's fields, with `copies`), `data`, `palette`,
`lang` and `game` (with `game.decks.<component>`, the items of every component). A finding points at
the item that breaks the check (at the field the check names, when it names one) or, when no item is
to blame, at the check itself; it names the check, and the language when the others keep it.
"""
from __future__ import annotations

import dataclasses
import itertools
import re

import jinja2

from pnp.core.errors import Problem, Problems
from pnp.rules import memo
from pnp.core.findings import Finding
from pnp.rules.declared_spec import Check, parse

_CARD_FIELD = re.compile(r"\bcard\.([A-Za-z_][A-Za-z0-9_]*)")
_SHOW = 3   # missing combinations named in a message


def check(game):
    """(findings, names of the checks that ran)."""
    checks = parse(game)
    if not checks:
        return [], []
    langs = list(game.languages) or [""]
    envs = {lang: _Env(game, any(c.kind not in ("unique", "combinations", "refs") or c.message for c in checks),
                       lang) for lang in langs[:1]}
    findings = []
    for c in checks:
        if c.kind not in EXPRESSIONS:    # these compare raw values (`unique` each language itself)
            findings += list(_RUN[c.kind](game, c, envs[langs[0]]))
            continue
        first = list(_RUN[c.kind](game, c, envs[langs[0]]))
        findings += first
        seen = {(f.pos, f.card) for f in first}
        for lang in langs[1:]:
            env = envs.get(lang) or envs.setdefault(lang, _Env(game, True, lang))
            for f in _RUN[c.kind](game, c, env):
                if (f.pos, f.card) not in seen:    # broken in this language only: say which
                    seen.add((f.pos, f.card))
                    findings.append(dataclasses.replace(f, message=f"{f.message} ({lang})"))
    return findings, list(dict.fromkeys(f"declared:{c.name}" for c in checks))


def require(game, scope: str, kind: str, fields=(), check: str = "declared"):
    """A rules plug-in that left a rule to a declaration keeps content from dropping it: an error at the
    component when game.yaml lacks `- <kind>: [fields]` under its `checks:`."""
    try:
        have = parse(game)
    except Problems:
        return []  # reported by run()
    if any(c.scope == scope and c.kind == kind and tuple(c.fields) == tuple(fields) for c in have):
        return []
    comp = game.components.get(scope)
    what = f"- {kind}: [{', '.join(fields)}]" if fields else f"- {kind}: …"
    return [Finding("error", comp.pos if comp else game.pos, f"`{scope}` lacks the declared check `{what}` under "
                    f"`checks:` — the rules of `{game.id}` rely on it; put it back", None, check)]


EXPRESSIONS = ("count", "sum", "each", "rule")   # kinds whose verdict may differ between languages


class _Env:
    """The template context for one language of the game, built once."""

    def __init__(self, game, needed: bool, lang: str):
        self.game = game
        self.base = None
        if needed:
            from pnp.templates.context import ContentTemplateError, MissingTranslation
            try:
                gc = memo.context(game, lang)
            except MissingTranslation as e:
                raise Problems([Problem(e.pos, f"{e.where} has no `{lang}` text",
                                        f"add `{lang}: …` (declared checks read every language)")]) from None
            except ContentTemplateError as e:
                raise Problems([Problem(e.pos, f"{e.where} ({lang}): {e.message}", "fix the `{{ … }}` in this text")]) from None
            self.base = gc.base()
            self.cards = {cid: [{**view, "copies": it.copies} for view, it in zip(gc.game["decks"][cid], comp.items)]
                          for cid, comp in game.components.items()}

    def value(self, c: Check, expr: str, card=None):
        from pnp.templates import templating
        ctx = dict(self.base)
        if card is not None:
            ctx["card"] = card
        try:
            out = templating.evaluate(expr, ctx)
            if isinstance(out, jinja2.Undefined):
                out._fail_with_undefined_error()
            return out
        except (templating.TemplateError, jinja2.UndefinedError) as e:
            who = f" on `{card['id']}`" if card is not None else ""
            raise Problems([Problem(c.arg_pos, f"check `{c.name}`: `{expr}` fails{who}: {e}",
                                    "fix the expression (it sees card, data, game, palette and lang)")]) from None

    def items(self, c: Check):
        """(item, card view) of the check's component that its `where:` selects."""
        comp = self.game.components[c.scope]
        cards = self.cards[c.scope] if self.base is not None else [None] * len(comp.items)
        for item, card in zip(comp.items, cards):
            if c.where is None or self.value(c, c.where, card):
                yield item, card

    def say(self, c: Check, default: str, card=None, **extra) -> str:
        text = default
        if c.message is not None:
            from pnp.templates import templating
            ctx = {**self.base, **extra, "check": c.name}
            if card is not None:
                ctx["card"] = card
            try:
                text = templating.render(c.message, ctx)
            except templating.TemplateError as e:
                raise Problems([Problem(c.pos, f"the message of check `{c.name}` fails: {e}",
                                        "fix the `{{ … }}` in `message:`")]) from None
        return f"{text} (check `{c.name}`)"


def _finding(c: Check, pos, message: str, card: str | None = None) -> Finding:
    return Finding(c.severity, pos, message, card, c.name)


def _key(value):
    if isinstance(value, dict):
        return tuple(sorted((str(k), _key(v)) for k, v in value.items()))
    if isinstance(value, list):
        return tuple(_key(v) for v in value)
    return value


def _show(value) -> str:
    return str(value) if not isinstance(value, tuple) else ", ".join(map(_show, value))


def _views(env: _Env, comp):
    return env.cards[comp.id] if env.base is not None else [None] * len(comp.items)


def _unique(game, c: Check, env: _Env):
    comp = game.components[c.scope]
    langs = game.languages or ("",)
    for lang in langs:  # a translated field must differ in every language
        seen = {}
        for item, card in zip(comp.items, _views(env, comp)):
            key = tuple(_key(game.text(item.get(f), lang) if lang else item.get(f)) for f in c.fields)
            if all(k is None for k in key):
                continue
            if key in seen:
                shown = ", ".join(f"{f} {_show(k)}" for f, k in zip(c.fields, key))
                extra = {"other": seen[key], "value": _show(key)}
                if lang:
                    extra["lang"] = lang
                yield _finding(c, item.at(c.fields[0]), env.say(
                    c, f"`{item.id}` has the same {shown} as `{seen[key]}`{f' ({lang})' if len(langs) > 1 else ''}"
                    f" — each must be unique", card, **extra), item.id)
            else:
                seen[key] = item.id


def _domain(comp, name, present):
    typ, _req, choices = comp.fields.get(name, ("any", True, ()))
    if typ == "enum":
        return list(choices)
    if typ == "bool":
        return [False, True]
    return sorted({p for p in present}, key=repr)


def _combinations(game, c: Check, env: _Env):
    comp = game.components[c.scope]
    combos = {}
    for item, card in zip(comp.items, _views(env, comp)):
        combo = tuple(_key(item.get(f)) for f in c.fields)
        if combo in combos:
            yield _finding(c, item.pos, env.say(
                c, f"`{item.id}` has the same {', '.join(c.fields)} as `{combos[combo]}` ({_show(combo)}) — every "
                f"combination must appear once", card, other=combos[combo]), item.id)
        combos.setdefault(combo, item.id)
    domains = [_domain(comp, f, {k[i] for k in combos}) for i, f in enumerate(c.fields)]
    total = 1
    for d in domains:
        total *= len(d)
    present = sum(1 for k in combos if all(v in d for v, d in zip(k, domains)))
    if present < total:
        missing = list(itertools.islice((m for m in itertools.product(*domains) if m not in combos), _SHOW))
        yield _finding(c, c.pos, env.say(
            c, f"{total - present} combination(s) of {', '.join(c.fields)} have no item in `{comp.id}`, e.g. "
            f"{'; '.join(_show(m) for m in missing)} — one item per combination", missing=total - present,
            example=_show(missing[0])))


def _bounds(c: Check, value) -> str | None:
    for b, v in c.bounds:
        if (b == "is" and value != v) or (b == "min" and value < v) or (b == "max" and value > v):
            return {"is": f"should be {v}", "min": f"should be at least {v}", "max": f"should be at most {v}"}[b]
    return None


def _count(game, c: Check, env: _Env):
    n = sum(item.copies for item, _ in env.items(c))
    wrong = _bounds(c, n)
    if wrong:
        what = f"pieces of `{c.scope}`" + (f" where `{c.where}`" if c.where else "")
        yield _finding(c, c.pos, env.say(c, f"{n} {what} (copies counted); it {wrong}", value=n))


def _sum(game, c: Check, env: _Env):
    total = 0
    for item, card in env.items(c):
        v = env.value(c, c.expr, card)
        if not isinstance(v, (int, float)) or isinstance(v, bool):
            raise Problems([Problem(c.arg_pos, f"check `{c.name}`: `{c.expr}` is `{v}` on `{item.id}`, not a number",
                                    "sum a number field, e.g. `card.copies`")])
        total += v
    wrong = _bounds(c, total)
    if wrong:
        yield _finding(c, c.pos, env.say(c, f"the sum of `{c.expr}` over `{c.scope}` is {total}; it {wrong}", value=total))


def _each(game, c: Check, env: _Env):
    named = set(_CARD_FIELD.findall(c.expr))
    for item, card in env.items(c):
        if not env.value(c, c.expr, card):
            field = next(iter(named)) if len(named) == 1 else None
            yield _finding(c, item.at(field) if field else item.pos,
                           env.say(c, f"`{item.id}` breaks `{c.expr}`", card), item.id)


def _refs(game, c: Check, env: _Env):
    comp, target = game.components[c.scope], game.components[c.to]
    ids = {it.id for it in target.items}
    field = c.fields[0]
    for item, card in zip(comp.items, _views(env, comp)):
        value = item.get(field)
        for v in (value if isinstance(value, list) else [] if value is None else [value]):
            if v not in ids:
                yield _finding(c, item.at(field), env.say(
                    c, f"`{item.id}`: `{field}: {v}` names no item of `{c.to}`", card, value=v), item.id)


def _rule(game, c: Check, env: _Env):
    if not env.value(c, c.expr):
        yield _finding(c, c.pos, env.say(c, f"`{c.expr}` does not hold"))


_RUN = {"unique": _unique, "combinations": _combinations, "count": _count, "sum": _sum, "each": _each,
        "refs": _refs, "rule": _rule}
