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
- whole numbers stay under MAX_INT_BITS bits; `str.format` is refused outright; `sum` adds numbers only;
- a call whose result can grow with an argument (`to_bytes`, `translate`, `expandtabs`, `indent`, a long
  `wrapstring` …) has that growth bounded before it runs, and no call or filter hands out a value of more
  than MAX_VALUE characters or items (those without such an argument grow their value a few times at most);
- the values built under one deadline (a face, a booklet) add up to at most MAX_BUILT characters and
  items: many values each under MAX_VALUE, kept alive together, would fill memory before the timer fires;
- a value that holds an undefined attribute (`['a']|map(attribute='__class__')|list`) is an error wherever
  it is printed, joined, compared or passed on, as an undefined name is.
"""
from __future__ import annotations

import operator
import re
import threading
import time
from collections.abc import Mapping

from jinja2.runtime import Undefined

MAX_VALUE = 1_000_000     # characters or items in any one value a template computes
MAX_INT_BITS = 100_000    # a whole number of about 30,000 digits
MAX_BUILT = 50 * MAX_VALUE  # characters and items all values built under one deadline add up to
_FMT_WIDTH = re.compile(r"%(?:\([^)]*\))?[-+ #0]*\*?(\d*)(?:\.\*?(\d*))?")
_SCALARS = (int, float, bool, type(None))


class TemplateError(ValueError):
    pass


def too_big(what) -> TemplateError:
    return TemplateError(f"{what} would be larger than the {MAX_VALUE:,} characters or items allowed")


def weight(v, budget: int = MAX_VALUE) -> int:
    """Characters plus items of v and of everything nested in it, counted up to budget + 1. Shared
    parts count each time they appear: that is what comparing, hashing or printing v costs. An
    undefined value nested in v raises its error (v itself may be undefined: `x is defined`)."""
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
        elif isinstance(x, Undefined) and x is not v:
            x._fail_with_undefined_error()
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


_built = [0]   # characters and items built since the deadline that runs was armed (pnp.templates.templating)
# A thread other than the main one cannot have a signal timer (the studio renders in worker threads): its
# deadline is the thread's CPU clock, checked by tick() at every loop step and every call of a template.
local = threading.local()


def tick() -> None:
    until = getattr(local, "until", None)
    if until is not None and time.thread_time() > until:
        local.stop()


def check_result(what, value):
    """What a call, filter, operator or join hands out: a few times its operands at most, but never past
    MAX_VALUE; and all of them together under one deadline never past MAX_BUILT (a loop that keeps
    many big values alive, `{% set ns.l = [ns.l, 'x' * 999999 ~ i] %}`, would fill memory before the CPU
    timer fires)."""
    if isinstance(value, (str, bytes, list, tuple, Mapping, set, frozenset)):
        if len(value) > MAX_VALUE:
            raise too_big(what)
        _built[0] += len(value)
        if _built[0] > MAX_BUILT:
            raise TemplateError(f"the templates built values of more than {MAX_BUILT:,} characters or items in all")
    return value


def _depth(v, limit: int = MAX_VALUE) -> int:
    """How deeply lists, tuples and mappings nest in v (stops counting at limit)."""
    deepest, stack = 0, [(v, 1)]
    while stack and deepest < limit:
        x, d = stack.pop()
        if isinstance(x, (list, tuple, Mapping)):
            deepest = max(deepest, d)
            stack.extend((y, d + 1) for y in (x.values() if isinstance(x, Mapping) else x))
    return deepest


def check_sizes(args, kwargs):
    for a in (*args, *kwargs.values()):
        if isinstance(a, int) and not isinstance(a, bool) and abs(a) > MAX_VALUE:
            raise too_big(f"a value built with the number {a}")


def check_format(fmt, args=()):
    """`'%10000000000d' % 1`, `'%(a)999999999s' % d`, many big widths in one format, or `*` widths taken
    from the arguments (of text or of bytes)."""
    if isinstance(fmt, bytes):
        fmt = fmt.decode("latin-1")
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


def check_replace(s, old, new, count=-1):
    """The exact length after replace(): the occurrences are counted first (one fast pass)."""
    same = (str, str, str) if isinstance(s, str) else (bytes, bytes, bytes)
    if all(isinstance(v, t) for v, t in zip((s, old, new), same)) and len(new) > len(old):
        hits = s.count(old)
        if isinstance(count, int) and not isinstance(count, bool) and count >= 0:
            hits = min(hits, count)
        if len(s) + hits * (len(new) - len(old)) > MAX_VALUE:
            raise too_big("the text after replace()")


def check_join(sep, seq):
    n = len(seq) if hasattr(seq, "__len__") else 0
    if isinstance(sep, (str, bytes)) and len(sep) * n > MAX_VALUE:
        raise too_big("the joined text")
    check_weight("the joined text", sep, seq)


def check_translate(s, table):
    """str.translate: each character mapped to a text of n characters grows the text n times."""
    if not isinstance(s, str):
        return
    pairs = table.items() if isinstance(table, Mapping) else enumerate(table) if isinstance(table, (list, tuple)) else ()
    long = [(k, v) for k, v in pairs if isinstance(v, str) and len(v) > 1]
    if not long or len(s) * max(len(v) for _k, v in long) <= MAX_VALUE:
        return
    if len(long) > 100:
        raise too_big("the text after translate()")
    grow = sum(s.count(chr(k)) * (len(v) - 1) for k, v in long if isinstance(k, int) and 0 <= k < 0x110000)
    if len(s) + grow > MAX_VALUE:
        raise too_big("the text after translate()")


def _arg(args, kwargs, i, name, default=None):
    return args[i] if len(args) > i else kwargs.get(name, default)


def _whole(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def check_method(name, owner, args, kwargs):
    """The C-level methods of plain values whose result grows with an argument."""
    if isinstance(owner, (str, bytes, list, tuple)):  # sizes given to str.center, ljust, zfill …
        check_sizes(args, kwargs)
    if isinstance(owner, (str, bytes)):
        if name == "replace" and len(args) >= 2:
            check_replace(owner, args[0], args[1], _arg(args, kwargs, 2, "count", -1))
        elif name == "expandtabs":
            tab = _arg(args, kwargs, 0, "tabsize", 8)
            if _whole(tab) and len(owner) + owner.count("\t" if isinstance(owner, str) else b"\t") * tab > MAX_VALUE:
                raise too_big("the text after expandtabs()")
        elif name == "translate" and args:
            check_translate(owner, args[0])
        elif name == "hex" and isinstance(owner, bytes) and len(owner) * (3 if args or kwargs else 2) > MAX_VALUE:
            raise too_big("the text of hex()")
    elif _whole(owner) and name == "to_bytes":
        length = _arg(args, kwargs, 0, "length", 1)
        if _whole(length) and length > MAX_VALUE:
            raise too_big(f"the {length:,} bytes of to_bytes()")
    elif isinstance(owner, type) and issubclass(owner, int) and name == "from_bytes":
        data = _arg(args, kwargs, 0, "bytes", b"")
        if hasattr(data, "__len__") and len(data) * 8 > MAX_INT_BITS:
            raise TemplateError(f"from_bytes() would be a number of more than {MAX_INT_BITS:,} bits")


def check_filter(name, value, params, kwargs):
    """The built-in filters whose result grows with a parameter (besides `center`, `pad` …: their size is
    the parameter, bounded by check_sizes)."""
    if name == "indent":
        width = _arg(params, kwargs, 0, "width", 4)
        width = len(width) if isinstance(width, str) else width if _whole(width) else 0
        text = value if isinstance(value, str) else ""
        if len(text) + (text.count("\n") + 1) * width > MAX_VALUE:
            raise too_big("the indented text")
    elif name == "wordwrap":
        wrap, text = _arg(params, kwargs, 2, "wrapstring"), value if isinstance(value, str) else ""
        if isinstance(wrap, str) and len(wrap) > 1 and len(text) + (len(text) + 1) * len(wrap) > MAX_VALUE:
            raise too_big("the wrapped text")   # at most one break per character
    elif name == "tojson":
        indent = _arg(params, kwargs, 0, "indent")
        indent = len(indent) if isinstance(indent, str) else indent if _whole(indent) else 0
        if indent > 0 and weight(value) * (1 + indent * _depth(value)) > MAX_VALUE:
            raise too_big("the indented JSON")
    elif name == "urlize":
        extra = sum(len(v) for v in (_arg(params, kwargs, 2, "target"), _arg(params, kwargs, 3, "rel"))
                    if isinstance(v, str))
        text = value if isinstance(value, str) else ""
        if extra and 3 * len(text) + (len(text) // 2 + 1) * (extra + 50) > MAX_VALUE:
            raise too_big("the text with its links")   # a link per two characters at most


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


def reset_built() -> None:
    _built[0] = 0
