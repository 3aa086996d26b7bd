"""The compiled jinja template of a rules booklet's markdown, made once per source text.

Compiling a rules file (tens of kB of text with a few dozen `{{ … }}`) costs jinja far more than
rendering it, and the same file is compiled by the rules that read the booklet and by the booklet
itself, in every build. So the compiled code is kept in the process (by source text) and on disk in
`<cache>/booklet-tpl/` (like Python's .pyc: marshalled code), under a key made of the source text
and everything that shapes the code: the jinja and Python versions, the sandbox environment's
options, filters and tests, and the code stamp (pnp's code and the libraries' versions,
`pnp.core.cache.code_stamp`). A missing, unreadable or
damaged cache file is compiled again; the folder keeps at most MAX_FILES files.
"""
from __future__ import annotations

import functools
import hashlib
import marshal
from collections import OrderedDict

from pnp.core.cache import cache_root, code_stamp, store
from pnp.templates import templating

MAX_MEMORY = 16          # compiled templates kept in the process
MAX_FILES = 64           # files kept on disk
FORMAT = b"pnp-booklet-tpl-1"
_memory: OrderedDict = OrderedDict()


def template(src: str):
    """The jinja Template of `src` in the templating sandbox (raises TemplateSyntaxError as
    `templating.ENV.from_string` does)."""
    tpl = _memory.get(src)
    if tpl is not None:
        _memory.move_to_end(src)
        return tpl
    env = templating.ENV
    key = _key(src)
    code = _load(key) if key else None
    if code is None:
        code = env.compile(src)
        if key:
            _store(key, code)
    tpl = env.template_class.from_code(env, code, env.make_globals(None), None)
    _memory[src] = tpl
    while len(_memory) > MAX_MEMORY:
        _memory.popitem(last=False)
    return tpl


@functools.lru_cache(maxsize=1)
def _stamp() -> bytes | None:
    """A digest of everything besides the source that the compiled code depends on (None: unknown, no
    disk cache)."""
    import importlib.util

    import jinja2

    from pnp import __version__
    env = templating.ENV
    h = hashlib.sha256(FORMAT)
    opts = ("block_start_string", "block_end_string", "variable_start_string", "variable_end_string",
            "comment_start_string", "comment_end_string", "line_statement_prefix", "line_comment_prefix",
            "trim_blocks", "lstrip_blocks", "newline_sequence", "keep_trailing_newline", "optimized",
            "autoescape", "is_async", "sandboxed")
    simple = (str, int, float, bool, type(None))
    parts = [jinja2.__version__, importlib.util.MAGIC_NUMBER.hex(), __version__,
             repr([(k, getattr(env, k, None)) for k in opts]),
             repr(sorted(env.filters)), repr(sorted(env.tests)), repr(sorted(env.extensions)),
             repr(sorted((k, v) for k, v in env.policies.items() if isinstance(v, simple))),
             repr([(c.__module__, c.__qualname__) for c in type(env).__mro__]),
             repr([(c.__module__, c.__qualname__) for c in env.code_generator_class.__mro__]),
             repr(getattr(env.finalize, "__qualname__", env.finalize)), repr(getattr(env.undefined, "__qualname__", None))]
    code = code_stamp()
    if code is None:
        return None
    parts.append(code)
    for p in parts:
        h.update(p.encode("utf-8") + b"\0")
    return h.digest()


def _key(src: str) -> str | None:
    stamp = _stamp()
    if stamp is None:
        return None
    return hashlib.sha256(stamp + src.encode("utf-8", "surrogatepass")).hexdigest()


def _folder():
    return cache_root() / "booklet-tpl"


def _load(key: str):
    try:
        with open(_folder() / f"{key}.bin", "rb") as f:
            fmt, got, code = marshal.loads(f.read())
    except Exception:  # no file, or a damaged one: compile again
        return None
    if fmt != FORMAT or got != key or type(code) is not type(_load.__code__):
        return None
    return code


def _store(key: str, code) -> None:
    store(_folder(), f"{key}.bin", marshal.dumps((FORMAT, key, code)), MAX_FILES)
