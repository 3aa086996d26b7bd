"""A short way through the simplest templates: `{{ index }}`, `{{ card.start + index }}`,
`{{ palette[card.symbol] }}`, `x {{ 62 + (index % 5) * 12 }} mm`, `{% set h = card.hour %}{{ h }}:00`.

Running a template through jinja costs a context, a generator and a deadline per call, which is most
of the cost of a template that only looks a value up. For a template made only of text, `{% set name
= … %}` and expressions over names, constants, attributes, items, slices, arithmetic, comparisons,
`and`/`or`/`not`, `~`, `… if … else …` and list literals, this module writes one plain Python function
that makes the very calls jinja's code makes (the sandbox's getattr, getitem, binary operators,
comparisons and joins, then finalize and str on each printed value). Anything else — a filter, a test,
a call, a loop — has no short way. The function gives up (raises) at anything unusual: a name not in the
context, an undefined attribute or item, any error; the caller then runs the template through jinja,
which gives today's result or today's error. It never has side effects, so running it first is free.
"""
from __future__ import annotations

import keyword
import types

from jinja2 import nodes
from jinja2.runtime import Undefined
from jinja2.utils import _PassArg

_BINOPS = {nodes.Add: "+", nodes.Sub: "-", nodes.Mul: "*", nodes.Div: "/", nodes.FloorDiv: "//",
           nodes.Mod: "%", nodes.Pow: "**"}
_UNOPS = {nodes.Neg: "-", nodes.Pos: "+", nodes.Not: "not "}
_CHANGING = frozenset({"append", "extend", "insert", "pop", "popitem", "remove", "clear", "update", "setdefault",
                       "sort", "reverse", "add", "discard"})


class GiveUp(Exception):
    pass


class _No(Exception):
    """The template has no short way."""


class _Writer:
    def __init__(self, env):
        self.env, self.consts, self.ctx_names = env, [], {}
        self.local, self.later = {}, set()   # `{% set %}` names: assigned so far, assigned further on

    def const(self, value) -> str:
        self.consts.append(value)
        return f"K[{len(self.consts) - 1}]"

    def expr(self, n) -> str:
        if isinstance(n, nodes.Const):
            return self.const(n.value)
        if isinstance(n, nodes.Name) and n.ctx == "load":
            if n.name in self.local:
                return self.local[n.name]
            if n.name in self.later:      # read before its `{% set %}`: jinja's own rules apply
                raise _No
            return self.ctx_names.setdefault(n.name, f"n{len(self.ctx_names)}")
        if isinstance(n, nodes.Getattr) and n.ctx == "load":
            return f"ga({self.expr(n.node)}, {self.const(n.attr)})"
        if isinstance(n, nodes.Getitem) and n.ctx == "load":
            if isinstance(n.arg, nodes.Slice):
                s = n.arg
                part = [self.expr(x) if x is not None else "" for x in (s.start, s.stop)]
                step = self.expr(s.step) if s.step is not None else "None"
                return f"gi({self.expr(n.node)}, slice({part[0] or 'None'}, {part[1] or 'None'}, {step}))"
            return f"gi({self.expr(n.node)}, {self.expr(n.arg)})"
        if type(n) in _BINOPS:
            op = _BINOPS[type(n)]
            if op in self.env.intercepted_binops:
                return f"bo(None, {self.const(op)}, {self.expr(n.left)}, {self.expr(n.right)})"
            return f"({self.expr(n.left)} {op} {self.expr(n.right)})"
        if type(n) in _UNOPS and _UNOPS[type(n)].strip() not in self.env.intercepted_unops:
            return f"({_UNOPS[type(n)]}{self.expr(n.node)})"
        if isinstance(n, (nodes.And, nodes.Or)):
            return f"({self.expr(n.left)} {'and' if isinstance(n, nodes.And) else 'or'} {self.expr(n.right)})"
        if isinstance(n, nodes.CondExpr) and n.expr2 is not None:
            return f"({self.expr(n.expr1)} if {self.expr(n.test)} else {self.expr(n.expr2)})"
        if isinstance(n, nodes.Compare):
            ops = "".join(f"({self.const(o.op)}, {self.expr(o.expr)}), " for o in n.ops)
            return f"cmp({self.expr(n.expr)}, ({ops}))"
        if isinstance(n, nodes.Concat):
            return f"cat(({''.join(self.expr(x) + ', ' for x in n.nodes)}))"
        if isinstance(n, nodes.Filter) and n.node is not None:
            fn = self.env.filters.get(n.name)   # only filters that need no context: not `random`, `map`…
            pass_arg = None if fn is None else _PassArg.from_obj(fn)
            if fn is None or pass_arg is _PassArg.context:
                raise _No
            # the evaluation context of a template without `{% autoescape %}` blocks is the environment's
            head = {_PassArg.environment: "env, ", _PassArg.eval_context: "context.eval_ctx, "}.get(pass_arg, "")
            return f"strict(F[{self.const(n.name)}]({head}{self.expr(n.node)}{self.signature(n)}))"
        if isinstance(n, nodes.Call):
            return f"call({self.expr(n.node)}{self.signature(n)})"
        if isinstance(n, nodes.List):
            return f"[{', '.join(self.expr(x) for x in n.items)}]"
        if isinstance(n, nodes.Tuple) and n.ctx == "load":
            return f"({''.join(self.expr(x) + ', ' for x in n.items)})"
        raise _No

    def signature(self, n) -> str:
        if n.dyn_args is not None or n.dyn_kwargs is not None or any(
                keyword.iskeyword(k.key) or not k.key.isidentifier() for k in n.kwargs):
            raise _No
        return "".join(f", {self.expr(a)}" for a in n.args) + "".join(f", {k.key}={self.expr(k.value)}" for k in n.kwargs)

    def function(self, lines: list) -> str:
        head = [f"    {v} = nm(ctx, {self.const(k)})" for k, v in self.ctx_names.items()]
        return "def fast(ctx):\n" + "\n".join(head + lines) + "\n"


def source(env, tree, expression: bool):
    """(python source of `fast(ctx)`, its constants), or None when the template has no short way."""
    w = _Writer(env)
    try:
        if expression:
            return w.function([f"    return {w.expr(tree)}"]), tuple(w.consts)
        if not isinstance(tree, nodes.Template):
            return None
        for n in tree.body:
            if isinstance(n, nodes.Assign):
                if not (isinstance(n.target, nodes.Name) and n.target.ctx == "store"):
                    return None
                w.later.add(n.target.name)
            elif not isinstance(n, nodes.Output):
                return None
        lines, parts = [], []
        for n in tree.body:
            if isinstance(n, nodes.Assign):
                value = w.expr(n.node)
                var = f"s{len(lines)}"
                lines.append(f"    {var} = {value}")
                w.local[n.target.name] = var
                w.later.discard(n.target.name)
                continue
            for x in n.nodes:
                if isinstance(x, nodes.TemplateData):
                    parts.append(w.const(x.data))
                else:
                    var = f"o{len(lines)}"
                    lines.append(f"    {var} = str(fin({w.expr(x)}))")
                    parts.append(var)
        lines.append(f"    return ''.join(({''.join(p + ', ' for p in parts)}))")
        return w.function(lines), tuple(w.consts)
    except (_No, RecursionError):
        return None


def function(env, code, consts, pure):
    """The function `fast(ctx)` of compiled source, bound to env's own operations. It calls only
    functions without side effects: methods of plain values (the sandbox hands out no method that
    changes them), the global functions `pure(fn)` accepts."""
    def strict(value):
        if isinstance(value, Undefined):
            raise GiveUp
        return value

    def ga(obj, attr):
        return strict(env.getattr(obj, attr))

    def gi(obj, arg):
        return strict(env.getitem(obj, arg))

    def nm(ctx, name):
        return strict(ctx[name] if name in ctx else env.globals[name])

    def call(fn, *args, **kwargs):
        if not (pure(fn) or type(fn) is types.BuiltinMethodType and fn.__name__ not in _CHANGING
                and isinstance(fn.__self__, (str, dict, list, tuple, int, float))):
            raise GiveUp
        return strict(env.call(context, fn, *args, **kwargs))

    context = env.context_class(env, {}, None, {})   # only for calling functions that take none

    space = {"K": consts, "ga": ga, "gi": gi, "nm": nm, "bo": env.call_binop, "F": env.filters, "env": env, "context": context, "strict": strict, "call": call, "cmp": env.compare,
             "cat": env.concat, "fin": env.finalize, "str": str, "slice": slice}
    exec(code, space)  # noqa: S102 — code written above from a parsed template, never from the text itself
    return space["fast"]
