"""Memoised template results: the same template over the same values gives the same text (`templating`
renders through it). What is memoised, and under which key, is explained below."""
from __future__ import annotations

from jinja2 import nodes

# A template reads only the names it mentions, so its result is memoised under (source, the values of
# those names). Plain values (str, int, float, bool, None) are part of the key by type and value. Other
# values (the card, data, game dicts…) are keyed by identity — only inside a caller's deadline (a face
# being resolved), when the game's data is complete and nothing changes it any more (while the content's
# own templates render, the game dict is still being filled in), and with a reference kept in the entry
# so that the identity cannot be reused while the entry lives. The only callable value memoised over is
# Layouts.geometry (a pure lookup, cached per Layouts); any other, or an object other than a dict, list or
# tuple, makes the call not memoised, and so does a template that may use chance or fresh objects
# (`random`, `lipsum`, `cycler`, `joiner`). Failures are never memoised: they are raised again as today.
MEMO_MAX = 20_000
_memo: dict = {}
_MISSING = object()
_PLAIN = frozenset({str, int, bool, type(None)})
_IMPURE_NAMES = frozenset({"lipsum", "cycler", "joiner"})
_pure_functions: tuple = ()
_pure_globals: tuple = (max, min, len, sorted)   # and the environment's capped range() (`add_pure_global`)


def add_pure_global(fn):
    """A global function of the template environment that a short way may call."""
    global _pure_globals
    _pure_globals = (*_pure_globals, fn)
    return fn


def names_read(ast) -> tuple | None:
    """Every name the template loads (a superset of what it reads from its context), or None if its
    result may differ between two runs over the same values."""
    names = set()
    for n in (ast, *ast.find_all((nodes.Name, nodes.Filter, nodes.Const))):
        if isinstance(n, nodes.Name):
            names.add(n.name)
        elif not isinstance(n, (nodes.Filter, nodes.Const)):   # the tree itself
            continue
        elif (n.name if isinstance(n, nodes.Filter) else n.value) == "random":  # `|random`, `map('random')`
            return None
    return None if names & _IMPURE_NAMES else tuple(sorted(names))


def pure_function(fn):
    """Declare a method pure for memoising (a lookup whose result depends only on its object and
    arguments); used as a decorator by the layers above (Layouts.geometry)."""
    global _pure_functions
    _pure_functions = (*_pure_functions, fn)
    return fn


def _pure(fn) -> bool:
    return getattr(fn, "__func__", None) in _pure_functions


def pure_call(fn) -> bool:
    """Functions a short way may call (it may call them again through jinja when it gives up)."""
    return any(fn is g for g in _pure_globals) or _pure(fn)


def key(kind: str, source: str, names, ctx: dict, by_id: bool):
    """The memo key of one call and the objects it refers to, or None (not memoised). by_id: values other
    than plain ones may be keyed by identity (a caller's deadline runs on the main thread)."""
    if names is None:
        return None
    key, refs = [kind, source], []
    for name in names:
        v = ctx.get(name, _MISSING)
        t = type(v)
        if t in _PLAIN or v is _MISSING:
            key += (t, v)
        elif t is float:
            key += (t, v.hex())           # 0.0 and -0.0 are equal but print differently
        elif not by_id:
            return None
        elif callable(v):
            if not _pure(v):
                return None
            key += (t, id(v.__self__))
            refs.append(v.__self__)
        elif isinstance(v, (dict, list, tuple)):   # plain data: no method of theirs has side effects
            key += (t, id(v))
            refs.append(v)
        else:
            return None
    return tuple(key), refs


def remember(key, value, refs) -> None:
    if len(_memo) >= MEMO_MAX:
        _memo.clear()
    _memo[key] = (value, refs)
