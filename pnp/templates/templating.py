"""Jinja2 templates for text and any other layout value, in a sandbox with StrictUndefined.

A template cannot reach Python internals nor modify the game's data (ImmutableSandboxedEnvironment),
cannot use an undefined name (StrictUndefined), cannot produce more than MAX_OUTPUT characters,
cannot run longer than MAX_SECONDS of CPU time (on the main thread), and `range` is capped. That
timer fires only between Python steps, so pnp.templates.sandbox bounds the operands of every step that
could be long or huge inside C code (repeats, joins, formats, comparisons, sorts, big numbers). A template that timed out is not run again in
the same run, so an endless loop costs MAX_SECONDS once, not once per card. Every failure is a
TemplateError with a human sentence; the caller adds the file:line of the template and the card id.
"""
from __future__ import annotations

import signal
import threading
import time
from contextlib import contextmanager, nullcontext

import jinja2
import jinja2.meta
from jinja2 import nodes
from jinja2.environment import TemplateExpression
from jinja2.parser import Parser

from pnp.templates import memo, sandbox, tplcode, tplfast
from pnp.templates.memo import pure_function, pure_call as _pure_call  # noqa: F401  (re-exported: layers above, tests)
from pnp.templates.sandbox import (MAX_VALUE, Env, TemplateError, check_depth, check_weight, finalize, guarded_filter,
                                guarded_test, too_big)

MAX_OUTPUT = 20_000
MAX_RANGE = 10_000
# CPU seconds all templates of one face may use together. The slowest face shipped (Lady Alice's desk,
# 120 repeated elements) uses about 0.3 s; 2 s once stopped it on a loaded machine, where the CPU clock
# also counts a full garbage collection of the process and, in a virtual machine, ticks the host took.
# An endless loop is still stopped, only later.
MAX_SECONDS = 10.0


class TemplateTimeout(TemplateError):
    spent_before = False   # the face's budget was spent before this template started: not its own fault


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
memo.add_pure_global(_range)

_cache: dict = {}
_expr_cache: dict = {}
_timed_out: dict = {}   # template source → its TemplateTimeout: not run again in this run


def new_run() -> None:
    """Forget which templates timed out and what templates gave (a new build, or a rebuild after an edit)."""
    _timed_out.clear()
    memo._memo.clear()
    _face[:] = [None, 0.0]


# ---- memo: the same template over the same values gives the same text (pnp/templates/memo.py) ----------
_MAIN = threading.main_thread().ident


def _key(kind: str, source: str, names, ctx: dict):
    return memo.key(kind, source, names, ctx, _armed and threading.get_ident() == _MAIN)


def is_template(value) -> bool:
    return isinstance(value, str) and ("{{" in value or "{%" in value)


_armed = False
_fired = False   # the main thread's timer fired: the rest of the face's templates are not started


class _Spent:
    seconds = 0.0   # CPU seconds the templates under one deadline used (set when it ends)


@contextmanager
def deadline(seconds: float | None = None, face=None):
    """Stop template code that runs longer than MAX_SECONDS (or `seconds`) of CPU. Nested uses share the
    outer timer, so a caller can arm it once around many renders (a whole face) instead of once per
    template. Yields a _Spent that holds, once the block ends, the CPU seconds it used. On the main
    thread a signal timer stops the template anywhere; on another thread (the studio) the thread's CPU
    clock is checked at every loop step and call (sandbox.tick). With `face` (a card), the seconds used
    are added to that face's budget when the block ends."""
    global _armed, _fired
    spent = _Spent()
    main = threading.current_thread() is threading.main_thread()
    timer = main and hasattr(signal, "setitimer")
    if (_armed if timer else getattr(sandbox.local, "until", None) is not None):
        yield spent
        return
    sandbox.reset_built()   # the values built under one deadline add up (sandbox.MAX_BUILT)
    budget = MAX_SECONDS if seconds is None else seconds
    if budget <= 0:
        e = TemplateTimeout(f"the templates of this face ran longer than {MAX_SECONDS:g} s (an endless loop?)")
        e.spent_before = True
        raise e

    def stop(*_):
        global _fired
        _fired = True
        raise TemplateTimeout(f"the template ran longer than {MAX_SECONDS:g} s (an endless loop?)")

    if not timer:
        start = time.thread_time()
        sandbox.local.until, sandbox.local.stop = start + budget, stop
        try:
            yield spent
        finally:
            sandbox.local.until = None
            spent.seconds = max(0.0, min(budget, time.thread_time() - start))
            if face is not None and _face[0] is face:
                _face[1] += spent.seconds
        return
    # CPU time, not wall-clock time: a busy machine must not make a good template time out
    old = signal.signal(signal.SIGVTALRM, stop)
    signal.setitimer(signal.ITIMER_VIRTUAL, budget)
    _armed, _fired = True, False
    try:
        yield spent
    finally:
        left = signal.setitimer(signal.ITIMER_VIRTUAL, 0)[0]
        signal.signal(signal.SIGVTALRM, old)
        _armed = False
        spent.seconds = max(0.0, budget - left) if left > 0 else budget   # a tick-based timer can report more left than set
        if face is not None and _face[0] is face:
            _face[1] += spent.seconds


# A caller that reads faces without arming a deadline around each (a rules plug-in reading every copy of a
# `repeat:`) still gives each face one budget: renders in a row whose context holds the same `card` (the
# copies of an element, all elements, front and back) share MAX_SECONDS between them.
_face: list = [None, 0.0]   # the card of the face last rendered without a caller's deadline, CPU seconds used


def _face_deadline(ctx):
    card = ctx.get("card") if isinstance(ctx, dict) else None
    if not isinstance(card, dict):
        return deadline()
    if _face[0] is not card:
        _face[:] = [card, 0.0]
    return deadline(MAX_SECONDS - _face[1], card)


def _running() -> bool:
    """Whether a caller's deadline already runs on this thread."""
    if threading.current_thread() is threading.main_thread():
        return _armed
    return getattr(sandbox.local, "until", None) is not None


def _expired() -> None:
    """A template asked to run after its deadline's budget is spent (the timer fires only once): refused."""
    until = getattr(sandbox.local, "until", None)
    if not (_armed and _fired and threading.current_thread() is threading.main_thread()) and not (
            until is not None and time.thread_time() > until):
        return
    e = TemplateTimeout(f"the templates of this face ran longer than {MAX_SECONDS:g} s (an endless loop?)")
    e.spent_before = True
    raise e


def _template(code):
    return ENV.template_class.from_code(ENV, code, ENV.make_globals(None), None)


def _fast_code(tree, expression: bool):
    got = tplfast.source(ENV, tree, expression)
    return None if got is None else (compile(got[0], "<template>", "exec"), got[1])


def _fast(kept):
    return None if kept[2] is None else tplfast.function(ENV, *kept[2], pure=memo.pure_call)


def _compile(source: str):
    """(template, names it reads, short way or None) of a source: from this run, from the disk cache,
    or compiled now."""
    got = _cache.get(source)
    if got is None:
        kept = tplcode.load("t", source)
        if kept is None:
            try:
                ast = ENV.parse(source)
                names, fast = memo.names_read(ast), _fast_code(ast, False)  # before jinja's optimizer changes the tree
                context = tuple(sorted(jinja2.meta.find_undeclared_variables(ast)))
                kept = names, ENV.compile(ast), fast, context
            except jinja2.TemplateSyntaxError as e:
                raise TemplateError(f"template syntax error: {e.message}") from None
            except (RecursionError, SyntaxError, MemoryError) as e:   # past the sandbox's nesting limits
                raise TemplateError(f"the template is nested too deeply to compile ({type(e).__name__})") from None
            tplcode.store("t", source, kept)
        got = _cache[source] = (_template(kept[1]), kept[0], _fast(kept), frozenset(kept[3]))
    return got


def context_names(source: str) -> frozenset | None:
    """The names a template reads from its context (jinja2.meta's undeclared variables: not those it sets
    itself), or None when it does not compile."""
    try:
        return _compile(source)[3]
    except TemplateError:
        return None


def _compile_expression(src: str):
    """(function, names it reads, short way or None) of an expression, as jinja's compile_expression
    makes it."""
    got = _expr_cache.get(src)
    if got is None:
        kept = tplcode.load("e", src)
        if kept is None:
            try:
                parser = Parser(ENV, src, state="variable")
                expr = parser.parse_expression()
                if not parser.stream.eos:
                    raise jinja2.TemplateSyntaxError("chunk after expression", parser.stream.current.lineno, None, None)
                check_depth(expr)
                expr.set_environment(ENV)
                names, fast = memo.names_read(expr), _fast_code(expr, True)
                kept = names, ENV.compile(nodes.Template([nodes.Assign(nodes.Name("result", "store"), expr, lineno=1)],
                                                         lineno=1)), fast, ()
            except jinja2.TemplateSyntaxError as e:
                raise TemplateError(f"expression syntax error: {e.message}") from None
            except (RecursionError, SyntaxError, MemoryError) as e:
                raise TemplateError(f"the expression is nested too deeply to compile ({type(e).__name__})") from None
            tplcode.store("e", src, kept)
        got = _expr_cache[src] = (TemplateExpression(_template(kept[1]), False), kept[0], _fast(kept))
    return got


_NONE = object()
_no_deadline = nullcontext()


def _short(fast, ctx):
    """The short way's result, or _NONE when there is none or it gave up (jinja then says what is wrong)."""
    if fast is None:
        return _NONE
    try:
        return fast(ctx)
    except TemplateTimeout:
        raise
    except Exception:  # noqa: BLE001 — jinja runs it again and reports it as it always did
        return _NONE


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
    _expired()
    tpl, names, fast, _context = _compile(source)
    mk = _key("r", source, names, ctx)
    if mk is not None:
        hit = memo._memo.get(mk[0])
        if hit is not None:
            return hit[0]
    out, size = [], 0
    try:
        with _no_deadline if _running() else _face_deadline(ctx):   # a caller's deadline already runs
            text = _short(fast, ctx)
            if text is _NONE or len(text) > MAX_OUTPUT:
                for chunk in tpl.generate(ctx):
                    size += len(chunk)
                    if size > MAX_OUTPUT:
                        raise TemplateError(f"the template produced more than {MAX_OUTPUT} characters")
                    out.append(chunk)
                text = "".join(out)
    except TemplateTimeout as e:
        if not e.spent_before:
            _timed_out[source] = e
        raise
    except TemplateError:
        raise
    except Exception as e:  # any error inside user template code is the user's to fix
        raise TemplateError(_explain(e)) from None
    if mk is not None:
        memo.remember(mk[0], text, mk[1])
    return text


def _copy(value):
    """What a memoised value is handed out as: the caller may change a list or dict it is given."""
    t = type(value)
    return list(value) if t is list else dict(value) if t is dict else value


_KEEPABLE = frozenset({str, int, float, bool, type(None), range, list, dict})


def evaluate(expr: str, ctx: dict):
    """Evaluate `{{ expr }}` (or a bare expression) to a Python value (for `when:` and `repeat:`)."""
    src = expr.strip()
    if src.startswith("{{") and src.endswith("}}"):
        src = src[2:-2].strip()
    if src in _timed_out:
        raise TemplateTimeout(str(_timed_out[src]))
    _expired()
    fn, names, fast = _compile_expression(src)
    mk = _key("e", src, names, ctx)
    if mk is not None:
        hit = memo._memo.get(mk[0])
        if hit is not None:
            return _copy(hit[0])
    try:
        with _no_deadline if _running() else _face_deadline(ctx):
            value = _short(fast, ctx)
            if value is _NONE:
                value = fn(**ctx)
            if isinstance(value, jinja2.Undefined):   # `when: "{{ card.note }}"` on a card without a note
                value._fail_with_undefined_error()
            check_weight("the value of the expression", value)  # a caller loops over it (repeat, grids)
        if mk is not None and type(value) in _KEEPABLE:   # not generators and other one-use things
            memo.remember(mk[0], _copy(value), mk[1])
        return value
    except TemplateTimeout as e:
        if not e.spent_before:
            _timed_out[src] = e
        raise
    except TemplateError:
        raise
    except Exception as e:
        raise TemplateError(_explain(e)) from None
