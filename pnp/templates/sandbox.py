"""The template sandbox's size limits: every operation that could build a huge value, or spend long
inside one C call, has its operands bounded before it runs.

A CPU timer (pnp.templates.templating.deadline) fires only between Python steps, so a single C-level
operation must be cheap by construction: `'x' * 10**10`, `'{:>9999999999}'.format(1)`, a join or a `%`
of huge parts, a comparison or sort of two deeply nested lists, `[a, a]|sum(start=[])`, squaring a
number in a loop. Here each such operation checks its operands first:

- any value a template repeats, joins, formats, pads or replaces may not grow past MAX_VALUE
  characters or items;
- every value handed to a comparison, a filter, a test or a function call (which may compare, hash,
  sort or print it) may not weigh more than MAX_VALUE, where a value's weight counts the characters
  and items of everything nested in it (a list holding the same big list twice weighs twice as much);
- whole numbers stay under MAX_INT_BITS bits; `str.format` is refused outright; `sum` adds numbers only.
"""
from __future__ import annotations

import math
import operator
import re
from collections.abc import Mapping

from jinja2.compiler import CodeGenerator
from jinja2.sandbox import ImmutableSandboxedEnvironment

MAX_VALUE = 1_000_000     # characters or items in any one value a template computes
MAX_INT_BITS = 100_000    # a whole number of about 30,000 digits
_FMT_WIDTH = re.compile(r"%[-+ #0]*(\d*)(?:\.(\d+))?")
_SCALARS = (int, float, bool, type(None))


class TemplateError(ValueError):
    pass


def too_big(what) -> TemplateError:
    return TemplateError(f"{what} would be larger than the {MAX_VALUE:,} characters or items allowed")


def weight(v, budget: int = MAX_VALUE) -> int:
    """Characters plus items of v and of everything nested in it, counted up to budget + 1. Shared
    parts count each time they appear: that is what comparing, hashing or printing v costs."""
    total, stack = 0, [v]
    while stack:
        x = stack.pop()
        if isinstance(x, (str, bytes)):
            total += len(x) + 1
        elif isinstance(x, (list, tuple, set, frozenset)):
            total += len(x) + 1
            if total <= budget:
                stack.extend(x)
        elif isinstance(x, int):  # a whole number prints as up to bit_length / 3 digits
            total += 1 + x.bit_length() // 3
        elif isinstance(x, Mapping):
            total += 2 * len(x) + 1
            if total <= budget:
                stack.extend(x.keys())
                stack.extend(x.values())
        else:
            total += 1
        if total > budget:
            return budget + 1
    return total


def check_weight(what: str, *values) -> None:
    budget = MAX_VALUE
    for v in values:
        if isinstance(v, _SCALARS):
            continue
        budget -= weight(v, budget)
        if budget < 0:
            raise too_big(what)


def _size(v) -> int:
    return len(v) if isinstance(v, (str, bytes, list, tuple)) else 0


def check_sizes(args, kwargs):
    for a in (*args, *kwargs.values()):
        if isinstance(a, int) and not isinstance(a, bool) and abs(a) > MAX_VALUE:
            raise too_big(f"a value built with the number {a}")


def check_format(fmt, args=()):
    """`'%10000000000d' % 1`, many big widths in one format, or `*` widths taken from the arguments."""
    if isinstance(fmt, str):
        total = 0
        for width, prec in _FMT_WIDTH.findall(fmt):
            total += int(width or 0) + int(prec or 0)
        args = args if isinstance(args, (tuple, list)) else (args,)
        if "*" in fmt:
            check_sizes(args, {})
            total += sum(abs(a) for a in args if isinstance(a, int))
        if total > MAX_VALUE:
            raise too_big(f"the text formatted by `{fmt[:40]}`")
        check_weight(f"the text formatted by `{fmt[:40]}`", fmt, *args)


def check_replace(s, old, new):
    if isinstance(s, str) and isinstance(old, str) and isinstance(new, str) and len(new) > len(old):
        if len(s) + (len(s) + 1) * (len(new) - len(old)) > MAX_VALUE:
            raise too_big("the text after replace()")


def check_join(sep, seq):
    n = len(seq) if hasattr(seq, "__len__") else 0
    if isinstance(sep, str) and len(sep) * n > MAX_VALUE:
        raise too_big("the joined text")
    check_weight("the joined text", sep, seq)


def _check_product(left, right):
    if isinstance(right, int) and right * _size(left) > MAX_VALUE or \
            isinstance(left, int) and left * _size(right) > MAX_VALUE:
        raise too_big("the repeated value")
    if isinstance(left, int) and isinstance(right, int) and left.bit_length() + right.bit_length() > MAX_INT_BITS:
        raise TemplateError(f"`a * b` would be a number of more than {MAX_INT_BITS:,} bits")


_COMPARE = {"eq": operator.eq, "ne": operator.ne, "lt": operator.lt, "lteq": operator.le, "gt": operator.gt,
            "gteq": operator.ge, "in": lambda a, b: a in b, "notin": lambda a, b: a not in b}


def _cheap(a, b) -> bool:
    return isinstance(a, _SCALARS) or isinstance(b, _SCALARS) or (isinstance(a, str) and isinstance(b, str))


class Codegen(CodeGenerator):
    def visit_Concat(self, node, frame):  # `a ~ b`: joined through a size check
        self.write("environment.concat((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")

    def visit_Compare(self, node, frame):  # `a == b`, `a in b` …: through environment.compare
        self.write("environment.compare(")
        self.visit(node.expr, frame)
        self.write(", (")
        for op in node.ops:
            self.write(f"({op.op!r}, ")
            self.visit(op.expr, frame)
            self.write("), ")
        self.write("))")


class Env(ImmutableSandboxedEnvironment):
    code_generator_class = Codegen
    intercepted_binops = frozenset({"*", "**", "%", "+"})

    def is_safe_attribute(self, obj, attr, value):
        if attr.startswith("_") or attr in ("mro", "gi_frame", "f_globals", "format", "format_map"):
            return False
        return super().is_safe_attribute(obj, attr, value)

    def wrap_str_format(self, value):  # jinja would hand out a wrapped str.format: refuse it instead
        return None

    def call_binop(self, context, operator, left, right):
        if operator == "*":
            _check_product(left, right)
        if operator == "+" and _size(left) + _size(right) > MAX_VALUE:
            raise too_big("the joined value")
        if operator == "%":
            check_format(left, right)
        if operator == "**" and isinstance(left, (int, float)) and isinstance(right, (int, float)):
            if right > 1 and abs(left) > 1 and right * math.log10(abs(left)) > 100:
                raise TemplateError(f"`{left} ** {right}` is too large a number")
        return super().call_binop(context, operator, left, right)

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 (jinja's own signature)
        name, owner = getattr(__obj, "__name__", ""), getattr(__obj, "__self__", None)
        if isinstance(owner, (str, bytes, list, tuple)):  # sizes given to str.center, ljust, zfill …
            check_sizes(args, kwargs)
        if name == "replace" and len(args) >= 2:
            check_replace(owner, args[0], args[1])
        elif name == "join" and args:
            if not hasattr(args[0], "__len__"):
                args = (list(args[0]), *args[1:])
            check_join(owner, args[0])
        elif name == "expandtabs" and args and isinstance(owner, str) and isinstance(args[0], int):
            if owner.count("\t") * args[0] > MAX_VALUE:
                raise too_big("the text after expandtabs()")
        check_weight(f"a value given to {name or 'a function'}()",
                     *((owner,) if isinstance(owner, (list, tuple)) else ()), *args, *kwargs.values())
        return super().call(__context, __obj, *args, **kwargs)

    @staticmethod
    def concat(parts):
        check_weight("the joined text", *(p for p in parts if not isinstance(p, str)))
        parts = [str(p) for p in parts]
        if sum(map(len, parts)) > MAX_VALUE:
            raise too_big("the joined text")
        return "".join(parts)

    @staticmethod
    def compare(left, ops):
        result = True
        for op, right in ops:
            if op in ("in", "notin") and isinstance(left, (str, *_SCALARS)) and not isinstance(right, (str, bytes)):
                pass  # a plain value looked up: one hash, or one cheap comparison per item
            elif not _cheap(left, right):
                check_weight("a value compared", left, right)
            result = _COMPARE[op](left, right)
            if not result:
                return result
            left = right
        return result


def finalize(value):
    """Every `{{ value }}` printed: a deeply nested value is refused before it is turned into text."""
    if not isinstance(value, (str, *_SCALARS)):
        check_weight("the printed value", value)
    return value


# filters whose cost does not grow with what is nested in their value (they look at its top level)
_SHALLOW_FILTERS = frozenset({"length", "count", "first", "last", "default", "d", "attr", "list", "selectattr",
                              "rejectattr", "select", "reject", "map", "reverse", "batch", "slice", "random", "items"})
_SIZE_FILTERS = ("center", "indent", "pad", "batch", "slice", "round", "truncate", "wordwrap")


def guarded_filter(name, fn):
    """A built-in filter that checks its operands first (`center(10**10)`, `'%999999999d'|format`,
    a join of huge parts, `sort` of a deeply nested list)."""
    skip = 1 if hasattr(fn, "jinja_pass_arg") else 0   # the context jinja passes before the value

    def wrapper(*args, **kwargs):
        head, value, params = args[:skip], args[skip] if len(args) > skip else None, args[skip + 1:]
        if name == "format":
            check_format(value, params)
        elif name in _SIZE_FILTERS:
            check_sizes(params, kwargs)
        if name == "round" and any(isinstance(p, int) and abs(p) > 100 for p in (*params[:1], kwargs.get("precision", 0))):
            raise TemplateError("round() to more than 100 digits")
        if name == "replace" and len(params) >= 2:
            check_replace(value, params[0], params[1])
        elif name == "indent" and params and isinstance(params[0], str):
            check_replace(value, "\n", "\n" + params[0])
        elif name == "join":
            value = value if hasattr(value, "__len__") else list(value)
            check_join(params[0] if params else kwargs.get("d", ""), value)
        elif name == "sum":
            start = params[1] if len(params) > 1 else kwargs.get("start", 0)
            if not isinstance(start, (int, float)):
                raise TemplateError("sum() adds numbers only")
        if not isinstance(value, str) and name not in _SHALLOW_FILTERS or params or kwargs:
            check_weight(f"the value given to the `{name}` filter",
                         *(() if isinstance(value, str) or name in _SHALLOW_FILTERS else (value,)),
                         *params, *kwargs.values())
        return fn(*head, value, *params, **kwargs)
    if skip:
        wrapper.jinja_pass_arg = fn.jinja_pass_arg
    return wrapper


def guarded_test(name, fn):
    skip = 1 if hasattr(fn, "jinja_pass_arg") else 0

    def wrapper(*args, **kwargs):
        check_weight(f"the value given to the `{name}` test", *args[skip:], *kwargs.values())
        return fn(*args, **kwargs)
    if skip:
        wrapper.jinja_pass_arg = fn.jinja_pass_arg
    return wrapper
