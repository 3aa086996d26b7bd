"""Declared checks: the `checks:` lists of game.yaml, read and validated (a bad declaration is bad input).

A component may carry `checks:` (unique, combinations, count, each, sum, refs) and the game may carry
game-level `checks:` (rule). Each entry holds one kind key and optionally `message:` (a template),
`severity: error|warning`, `name:` (how findings and `pnp check --json` call it; checks may share one) and `where:` (which
items an item-level check looks at). Expressions are jinja expressions compiled here, so a syntax error
is reported at its `file:line` before anything runs; `pnp.rules.declared` runs them.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.core.errors import Pos, Problem, Problems, did_you_mean

ITEM_KINDS = ("unique", "combinations", "count", "each", "sum", "refs")
GAME_KINDS = ("rule",)
COMMON = ("message", "severity", "name", "where")
SEVERITIES = ("error", "warning")
BOUNDS = ("is", "min", "max")
HELP = {
    "unique": "no two items share these field values (a translated text: in no language)",
    "combinations": "every combination of these fields' values exactly once (enum values, true/false, else the values used)",
    "count": "the pieces (copies counted) that `where:` selects: `is:`, `min:`, `max:`",
    "each": "an expression that holds for every item (that `where:` selects)",
    "sum": "an expression (`of:`) added up over the items: `is:`, `min:`, `max:`",
    "refs": "every value (or list element) of `field` is an item id of component `to`",
    "rule": "game level: an expression over `game.decks.<component>`, `data` … that must hold",
    "message": "a template for the finding (also sees `other`, `value`, `missing`, `example`, `check`)",
    "severity": "`error` (default) or `warning`",
    "name": "what findings and `pnp check --json` call the check (default `<component>/<kind>-<n>`)",
    "where": "an expression selecting the items a count, each or sum looks at",
}
EXAMPLES = _EXAMPLES = {
    "unique": "`unique: [name]`", "combinations": "`combinations: [colour, rank]`",
    "count": "`count: {where: \"card.type == 'weapon'\", is: 1}`", "each": "`each: \"1 <= card.value <= 4\"`",
    "sum": "`sum: {of: card.copies, is: 18}`", "refs": "`refs: {field: hint, to: hints}`",
    "rule": "`rule: \"game.decks.tokens | length >= data.tokens\"`",
}


@dataclass(frozen=True)
class Check:
    kind: str
    name: str                 # what findings call it (`check` in --json)
    scope: str                # the component id, or "" for a game-level check
    pos: Pos                  # the check's own line
    arg_pos: Pos              # the line of its argument
    fields: tuple = ()        # unique, combinations, refs: field names
    expr: str | None = None   # each, rule: the expression; sum: `of`
    where: str | None = None  # count, each, sum: which items
    bounds: tuple = ()        # count, sum: (("is", 3), ("min", 1) …)
    to: str | None = None     # refs: the component named
    message: str | None = None
    severity: str = "error"


def parse(game) -> list[Check]:
    """Every declared check of the game, in declaration order; Problems (exit 2) for a bad one."""
    problems: list[Problem] = []
    out: list[Check] = []
    comps = game.meta.get("components") or {}
    for cid, comp in game.components.items():
        decl = comps.get(cid)
        if hasattr(decl, "get") and decl.get("checks") is not None:
            out += _list(decl, game, comp, problems)
    if game.meta.get("checks") is not None:
        out += _list(game.meta, game, None, problems)
    if problems:
        raise Problems(problems)
    return out


def _list(owner, game, comp, problems) -> list[Check]:
    entries = owner["checks"]
    scope = comp.id if comp is not None else ""
    if not isinstance(entries, list):
        problems.append(Problem(owner.at("checks"), "`checks` should be a list", "write `checks:` then `- unique: [name]` lines"))
        return []
    out = []
    for i, entry in enumerate(entries):
        pos = entries.at(i) if hasattr(entries, "at") else owner.at("checks")
        before = len(problems)
        check = _entry(entry, pos, i + 1, game, comp, scope, problems)
        if check is not None and len(problems) == before:
            out.append(check)
    return out


def _entry(entry, pos, n, game, comp, scope, problems):
    kinds = ITEM_KINDS if comp is not None else GAME_KINDS
    where_ = f"component `{scope}`" if scope else "game.yaml"
    if not isinstance(entry, dict):
        problems.append(Problem(pos, f"check {n} of {where_} should be a map",
                                f"write one of {', '.join(_EXAMPLES[k] for k in kinds)}"))
        return None
    at = entry.at if hasattr(entry, "at") else (lambda _k: pos)
    key_at = entry.key_at if hasattr(entry, "key_at") else (lambda _k: pos)
    found = [k for k in entry if k in kinds]
    for key in entry:
        if key not in kinds and key not in COMMON:
            other = ITEM_KINDS if comp is None else GAME_KINDS
            hint = (f"`{key}` is a check of a component, under `components: … checks:`" if comp is None else
                    f"`{key}` is a game-level check, under `checks:` at the top of game.yaml") if key in other \
                else did_you_mean(str(key), kinds + COMMON)
            problems.append(Problem(key_at(key), f"unknown key `{key}` in check {n} of {where_}", hint))
    if len(found) != 1:
        problems.append(Problem(pos, f"check {n} of {where_} has {'no kind' if not found else 'kinds ' + ', '.join(found)}",
                                f"give exactly one of {', '.join(kinds)}, e.g. {_EXAMPLES[kinds[0]]}"))
        return None
    kind = found[0]
    arg, apos = entry[kind], at(kind)
    severity = entry.get("severity", "error")
    if severity not in SEVERITIES:
        problems.append(Problem(at("severity"), f"`severity: {severity}` in check {n} of {where_}", did_you_mean(str(severity), SEVERITIES)))
    name = entry.get("name", f"{scope or 'game'}/{kind}-{n}")
    if not isinstance(name, str) or not name.strip():
        problems.append(Problem(at("name"), f"`name` of check {n} should be text", "write e.g. `name: unique-names`"))
        name = f"{scope or 'game'}/{kind}-{n}"
    message = entry.get("message")
    if message is not None:
        if not isinstance(message, str):
            problems.append(Problem(at("message"), f"`message` of check {n} should be text", "write a sentence (it may use `{{ … }}`)"))
            message = None
        else:
            _template(message, at("message"), problems)
    fields, expr, bounds, to, where = (), None, (), None, entry.get("where")
    if where is not None and kind not in ("count", "each", "sum"):
        problems.append(Problem(key_at("where"), f"`where:` has no meaning for a `{kind}` check", "remove it"))
    if kind in ("unique", "combinations"):
        fields = _fields(arg if isinstance(arg, list) else [arg], apos, comp, kind, problems)
    elif kind == "refs":
        if not isinstance(arg, dict) or set(arg) != {"field", "to"}:
            problems.append(Problem(apos, "`refs` needs `field:` and `to:`", f"write {_EXAMPLES['refs']}"))
            return None
        fields = _fields([arg["field"]], apos, comp, kind, problems)
        to = arg["to"]
        if not isinstance(to, str) or to not in game.components or game.components[to].kind == "booklet":
            problems.append(Problem(apos, f"`to: {to}` names no component with items",
                                    did_you_mean(str(to), [c for c, v in game.components.items() if v.kind != "booklet"])))
    elif kind in ("each", "rule"):
        if isinstance(arg, dict) and kind == "each":
            problems.append(Problem(apos, "`each:` takes one expression", "write `each: \"…\"` and put `where:` beside it"))
            return None
        expr = _expr(arg, apos, kind, problems)
    else:  # count, sum
        if not isinstance(arg, dict):
            problems.append(Problem(apos, f"`{kind}` needs a map", f"write {_EXAMPLES[kind]}"))
            return None
        allowed = BOUNDS + ("where",) + (("of",) if kind == "sum" else ())
        for key in arg:
            if key not in allowed:
                problems.append(Problem(arg.key_at(key) if hasattr(arg, "key_at") else apos,
                                        f"unknown key `{key}` in `{kind}`", did_you_mean(str(key), allowed)))
        bounds = tuple((b, arg[b]) for b in BOUNDS if b in arg)
        if not bounds:
            problems.append(Problem(apos, f"`{kind}` needs `is:`, `min:` or `max:`", f"write {_EXAMPLES[kind]}"))
        for b, v in bounds:
            if not isinstance(v, (int, float)) or isinstance(v, bool):
                problems.append(Problem(arg.at(b) if hasattr(arg, "at") else apos, f"`{b}: {v}` should be a number", "write e.g. `is: 3`"))
        if kind == "sum":
            if "of" not in arg:
                problems.append(Problem(apos, "`sum` needs `of:` (what to add up for each item)", f"write {_EXAMPLES['sum']}"))
            else:
                expr = _expr(arg["of"], arg.at("of") if hasattr(arg, "at") else apos, "of", problems)
        if "where" in arg:
            if where is not None:
                problems.append(Problem(key_at("where"), "`where:` is given twice", "keep one"))
            where = arg["where"]
            wpos = arg.at("where") if hasattr(arg, "at") else apos
            _expr(where, wpos, "where", problems)
    if where is not None and "where" in entry:
        _expr(where, at("where"), "where", problems)
    return Check(kind, name, scope, pos, apos, tuple(fields), expr, where, bounds, to, message, severity)


def _fields(names, pos, comp, kind, problems) -> list[str]:
    out = []
    known = list(comp.fields) + ["id", "copies"]
    for name in names:
        if not isinstance(name, str) or name not in known:
            problems.append(Problem(pos, f"`{kind}` names the unknown field `{name}` of `{comp.id}`",
                                    did_you_mean(str(name), known)))
        else:
            out.append(name)
    if not names:
        problems.append(Problem(pos, f"`{kind}` names no field", "write e.g. `[name]`"))
    return out


def _expr(src, pos, what, problems) -> str | None:
    from pnp.templates import templating
    if isinstance(src, bool) or not isinstance(src, (str, int, float)):
        problems.append(Problem(pos, f"`{what}` should be an expression", "write e.g. `\"card.value <= 4\"`"))
        return None
    src = str(src)
    try:
        templating.ENV.compile_expression(src, undefined_to_none=False)
    except Exception as e:  # jinja's TemplateSyntaxError, or the sandbox refusing it
        problems.append(Problem(pos, f"`{what}: {src}` is not an expression: {getattr(e, 'message', e)}",
                                "write a jinja expression such as `card.value <= 4`"))
        return None
    return src


def _template(src, pos, problems) -> None:
    from pnp.templates import templating
    try:
        templating.ENV.parse(src)
    except Exception as e:
        problems.append(Problem(pos, f"`message` is not a valid template: {getattr(e, 'message', e)}",
                                "fix the `{{ … }}` in it"))
