"""Jinja2 templates for text and any other layout value, in a sandbox with StrictUndefined.

A template cannot reach Python internals nor modify the game's data (ImmutableSandboxedEnvironment),
cannot use an undefined name (StrictUndefined), cannot produce more than MAX_OUTPUT characters,
cannot run longer than MAX_SECONDS of CPU time (on the main thread), and `range` is capped. That
timer fires only between Python steps, so pnp.layout.sandbox bounds the operands of every step that
could be long or huge inside C code (repeats, joins, formats, comparisons, sorts, big numbers). A template that timed out is not run again in
the same run, so an endless loop costs MAX_SECONDS once, not once per card. Every failure is a
TemplateError with a human sentence; the caller adds the file:line of the template and the card id.
"""
from __future__ import annotations

import signal
import threading
from contextlib import contextmanager

import jinja2

from pnp.layout.sandbox import (MAX_VALUE, Env, TemplateError, check_weight, finalize, guarded_filter, guarded_test,
                                too_big)

MAX_OUTPUT = 20_000
MAX_RANGE = 10_000
MAX_SECONDS = 2.0


class TemplateTimeout(TemplateError):
    pass


def _range(*args):
    r = range(*args)
    if len(r) > MAX_RANGE:
        raise TemplateError(f"range() of {len(r)} items is more than the {MAX_RANGE} allowed")
    return r


ENV = Env(undefined=jinja2.StrictUndefined, autoescape=False, keep_trailing_newline=False,
          trim_blocks=True, lstrip_blocks=True, finalize=finalize)
ENV.globals.update(range=_range, max=max, min=min, len=len, enumerate=enumerate, zip=zip, sorted=sorted)
ENV.filters["pad"] = lambda v, n=2, c="0": str(v).rjust(min(int(n), MAX_VALUE), str(c)[:1] or "0")
for _name in list(ENV.filters):
    ENV.filters[_name] = guarded_filter(_name, ENV.filters[_name])
for _name in list(ENV.tests):
    ENV.tests[_name] = guarded_test(_name, ENV.tests[_name])
_lipsum = ENV.globals["lipsum"]


def _capped_lipsum(n=5, html=False, min=20, max=100):  # noqa: A002 (jinja's parameter names)
    if n * max > MAX_VALUE // 10:
        raise too_big("the lorem ipsum")
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
            value = fn(**ctx)
            if isinstance(value, jinja2.Undefined):   # `when: "{{ card.note }}"` on a card without a note
                value._fail_with_undefined_error()
            check_weight("the value of the expression", value)  # a caller loops over it (repeat, grids)
            return value
    except TemplateTimeout as e:
        _timed_out[src] = e
        raise
    except TemplateError:
        raise
    except Exception as e:
        raise TemplateError(_explain(e)) from None
