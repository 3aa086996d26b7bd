"""Jinja2 templates for text and any other layout value, in a sandbox with StrictUndefined.

A template cannot reach Python internals nor modify the game's data (ImmutableSandboxedEnvironment),
cannot use an undefined name (StrictUndefined), cannot produce more than MAX_OUTPUT characters,
cannot run longer than MAX_SECONDS of CPU time (on the main thread), and `range` is capped. No single
operation may build a value of more than MAX_VALUE characters or items (`'x' * 10**10`, `9 ** 10**9`,
`s.center(10**10)`, `'%10000000000d' % 1`, doubling a string in a loop): those would exhaust memory
or hang inside C code before the deadline could fire. A template that timed out is not run again in
the same run, so an endless loop costs MAX_SECONDS once, not once per card. Every failure is a
TemplateError with a human sentence; the caller adds the file:line of the template and the card id.
"""
from __future__ import annotations

import math
import re
import signal
import threading
from contextlib import contextmanager

import jinja2
from jinja2.compiler import CodeGenerator
from jinja2.sandbox import ImmutableSandboxedEnvironment

MAX_OUTPUT = 20_000
MAX_RANGE = 10_000
MAX_SECONDS = 2.0
MAX_VALUE = 1_000_000     # characters or items in any one value a template computes
_FMT_WIDTH = re.compile(r"%[-+ #0]*(\d*)(?:\.(\d+))?")


class TemplateError(ValueError):
    pass


class TemplateTimeout(TemplateError):
    pass


def _too_big(what) -> TemplateError:
    return TemplateError(f"{what} would be larger than the {MAX_VALUE:,} characters or items allowed")


def _size(v) -> int:
    return len(v) if isinstance(v, (str, list, tuple)) else 0


def _check_args(args, kwargs):
    for a in (*args, *kwargs.values()):
        if isinstance(a, int) and not isinstance(a, bool) and abs(a) > MAX_VALUE:
            raise _too_big(f"a value built with the number {a}")


def _check_format(fmt, args=()):
    """`'%10000000000d' % 1`, or a `*` width taken from the arguments."""
    if isinstance(fmt, str):
        for width, prec in _FMT_WIDTH.findall(fmt):
            if int(width or 0) > MAX_VALUE or int(prec or 0) > MAX_VALUE:
                raise _too_big(f"the text formatted by `{fmt[:40]}`")
        if "*" in fmt:
            _check_args(args if isinstance(args, (tuple, list)) else (args,), {})


def _check_replace(s, old, new):
    if isinstance(s, str) and isinstance(old, str) and isinstance(new, str) and len(new) > len(old):
        if len(s) + (len(s) + 1) * (len(new) - len(old)) > MAX_VALUE:
            raise _too_big("the text after replace()")


def _check_join(sep, seq):
    if isinstance(sep, str) and hasattr(seq, "__len__") and len(sep) * len(seq) > MAX_VALUE:
        raise _too_big("the joined text")


def _range(*args):
    r = range(*args)
    if len(r) > MAX_RANGE:
        raise TemplateError(f"range() of {len(r)} items is more than the {MAX_RANGE} allowed")
    return r


class _Codegen(CodeGenerator):
    def visit_Concat(self, node, frame):  # `a ~ b`: joined through a size check
        self.write("environment.concat((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")


class _Env(ImmutableSandboxedEnvironment):
    code_generator_class = _Codegen
    intercepted_binops = frozenset({"*", "**", "%", "+"})

    def is_safe_attribute(self, obj, attr, value):
        if attr.startswith("_") or attr in ("mro", "gi_frame", "f_globals", "format", "format_map"):
            return False
        return super().is_safe_attribute(obj, attr, value)

    def call_binop(self, context, operator, left, right):
        if operator == "*" and isinstance(right, int) and _size(left) * right > MAX_VALUE or \
                operator == "*" and isinstance(left, int) and _size(right) * left > MAX_VALUE:
            raise _too_big("the repeated value")
        if operator == "+" and _size(left) + _size(right) > MAX_VALUE:
            raise _too_big("the joined value")
        if operator == "%":
            _check_format(left, right)
        if operator == "**" and isinstance(left, (int, float)) and isinstance(right, (int, float)):
            if right > 1 and abs(left) > 1 and right * math.log10(abs(left)) > 100:
                raise TemplateError(f"`{left} ** {right}` is too large a number")
        return super().call_binop(context, operator, left, right)

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 (jinja's own signature)
        name, owner = getattr(__obj, "__name__", ""), getattr(__obj, "__self__", None)
        if isinstance(owner, (str, list, tuple)):  # sizes given to str.center, ljust, zfill …
            _check_args(args, kwargs)
        if name == "replace" and len(args) >= 2:
            _check_replace(owner, args[0], args[1])
        elif name == "join" and args:
            _check_join(owner, args[0])
        elif name == "expandtabs" and args and isinstance(owner, str) and isinstance(args[0], int):
            if owner.count("\t") * args[0] > MAX_VALUE:
                raise _too_big("the text after expandtabs()")
        return super().call(__context, __obj, *args, **kwargs)

    @staticmethod
    def concat(parts):
        parts = [str(p) for p in parts]
        if sum(map(len, parts)) > MAX_VALUE:
            raise _too_big("the joined text")
        return "".join(parts)


def _guarded(name, fn):
    """A built-in filter that checks its size arguments first (`center(10**10)`, `'%999999999d'|format`)."""
    skip = 1 if hasattr(fn, "jinja_pass_arg") else 0   # the context jinja passes before the value

    def wrapper(*args, **kwargs):
        head, value, params = args[:skip], args[skip] if len(args) > skip else None, args[skip + 1:]
        if name == "format":
            _check_format(value, params)
        elif name in ("center", "indent", "pad"):
            _check_args(params, kwargs)
        if name == "replace" and len(params) >= 2:
            _check_replace(value, params[0], params[1])
        elif name == "indent" and params and isinstance(params[0], str):
            _check_replace(value, "\n", "\n" + params[0])
        elif name == "join":
            value = value if hasattr(value, "__len__") else list(value)
            _check_join(params[0] if params else kwargs.get("d", ""), value)
        return fn(*head, value, *params, **kwargs)
    if skip:
        wrapper.jinja_pass_arg = fn.jinja_pass_arg
    return wrapper


ENV = _Env(undefined=jinja2.StrictUndefined, autoescape=False, keep_trailing_newline=False,
           trim_blocks=True, lstrip_blocks=True)
ENV.globals.update(range=_range, max=max, min=min, len=len, enumerate=enumerate, zip=zip, sorted=sorted)
ENV.filters["pad"] = lambda v, n=2, c="0": str(v).rjust(min(int(n), MAX_VALUE), str(c)[:1] or "0")
for _name in ("center", "indent", "format", "replace", "join", "pad"):
    ENV.filters[_name] = _guarded(_name, ENV.filters[_name])
_lipsum = ENV.globals["lipsum"]


def _capped_lipsum(n=5, html=False, min=20, max=100):  # noqa: A002 (jinja's parameter names)
    if n * max > MAX_VALUE // 10:
        raise _too_big("the lorem ipsum")
    return _lipsum(n, html, min, max)


ENV.globals["lipsum"] = _capped_lipsum

_cache: dict = {}
_expr_cache: dict = {}
_timed_out: dict = {}   # template source → its TemplateTimeout: not run again in this run


def new_run() -> None:
    """Forget which templates timed out (a new build, or a rebuild after an edit)."""
    _timed_out.clear()


def is_template(value) -> bool:
    return isinstance(value, str) and ("{{" in value or "{%" in value)


_armed = False


@contextmanager
def deadline():
    """Stop template code that runs longer than MAX_SECONDS. Nested uses share the outer timer, so a
    caller can arm it once around many renders (a whole face) instead of once per template."""
    global _armed
    if _armed or threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield
        return

    def stop(*_):
        raise TemplateTimeout(f"the template ran longer than {MAX_SECONDS:g} s (an endless loop?)")

    # CPU time, not wall-clock time: a busy machine must not make a good template time out
    old = signal.signal(signal.SIGVTALRM, stop)
    signal.setitimer(signal.ITIMER_VIRTUAL, MAX_SECONDS)
    _armed = True
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_VIRTUAL, 0)
        signal.signal(signal.SIGVTALRM, old)
        _armed = False


def _compile(source: str):
    tpl = _cache.get(source)
    if tpl is None:
        try:
            tpl = ENV.from_string(source)
        except jinja2.TemplateSyntaxError as e:
            raise TemplateError(f"template syntax error: {e.message}") from None
        _cache[source] = tpl
    return tpl


def _explain(e: Exception) -> str:
    if isinstance(e, jinja2.UndefinedError):
        return f"undefined name in template: {e.message}"
    if isinstance(e, jinja2.exceptions.SecurityError):
        return f"the template tried something the sandbox forbids: {e}"
    if isinstance(e, RecursionError):
        return "the template recursed too deeply"
    return f"{type(e).__name__}: {e}"


def render(source: str, ctx: dict) -> str:
    if source in _timed_out:
        raise TemplateTimeout(str(_timed_out[source]))
    tpl = _compile(source)
    out, size = [], 0
    try:
        with deadline():
            for chunk in tpl.generate(ctx):
                size += len(chunk)
                if size > MAX_OUTPUT:
                    raise TemplateError(f"the template produced more than {MAX_OUTPUT} characters")
                out.append(chunk)
    except TemplateTimeout as e:
        _timed_out[source] = e
        raise
    except TemplateError:
        raise
    except Exception as e:  # any error inside user template code is the user's to fix
        raise TemplateError(_explain(e)) from None
    return "".join(out)


def evaluate(expr: str, ctx: dict):
    """Evaluate `{{ expr }}` (or a bare expression) to a Python value (for `when:` and `repeat:`)."""
    src = expr.strip()
    if src.startswith("{{") and src.endswith("}}"):
        src = src[2:-2].strip()
    if src in _timed_out:
        raise TemplateTimeout(str(_timed_out[src]))
    fn = _expr_cache.get(src)
    if fn is None:
        try:
            fn = ENV.compile_expression(src, undefined_to_none=False)
        except jinja2.TemplateSyntaxError as e:
            raise TemplateError(f"expression syntax error: {e.message}") from None
        _expr_cache[src] = fn
    try:
        with deadline():
            return fn(**ctx)
    except TemplateTimeout as e:
        _timed_out[src] = e
        raise
    except TemplateError:
        raise
    except Exception as e:
        raise TemplateError(_explain(e)) from None
