"""The laid-out lines of a booklet's paragraphs, kept on disk from one build to the next.

Laying out a booklet's text is most of its cost, and between two builds almost every paragraph is
the same. `Flow.lines` asks a Memo first: an entry is keyed by everything the call receives (text,
style, position, width, alignment, balancing) and the file holding a booklet's entries (one per
booklet file, language and paper, in `<cache>/booklet-lines/`) by everything else the lines depend
on: the font files (their digests), the icons, and the source of the pnp modules that lay out text,
with the versions of Python and reportlab. A file from other fonts, icons or code is not read; an
unreadable one is laid out again. Each save keeps only the entries the booklet used, and the folder
keeps at most MAX_FILES files.
"""
from __future__ import annotations

import functools
import hashlib
import pickle
import sys

from pnp.cache import cache_root
from pnp.render.booklet_tpl import digest_of_modules, store

MAX_FILES = 40
FORMAT = "pnp-booklet-lines-1"
MODULES = ("pnp.render.text", "pnp.render.spans", "pnp.render.fonts", "pnp.render.booklet_flow",
           "pnp.layout.pieces", "pnp.layout.icons", "pnp.layout.units", "pnp.render.booklet_memo")


class Memo:
    def __init__(self, name: str, fingerprint: str):
        self.path = cache_root() / "booklet-lines" / f"{hashlib.sha256(name.encode('utf-8', 'surrogatepass')).hexdigest()[:32]}.bin"
        self.fingerprint = fingerprint
        self.old: dict = {}
        self.used: dict = {}
        self.new = 0
        try:
            with open(self.path, "rb") as f:
                fmt, fp, entries = pickle.load(f)
            if fmt == FORMAT and fp == fingerprint and isinstance(entries, dict):
                self.old = entries
        except Exception:  # no file yet, or a damaged one: lay out again
            pass

    def get(self, key):
        got = self.used.get(key)
        if got is None:
            got = self.old.get(key)
            if got is not None:
                self.used[key] = got
        return got

    def put(self, key, value) -> None:
        self.used[key] = value
        self.new += 1

    def save(self) -> None:
        if self.new:
            store(self.path.parent, self.path.name,
                  pickle.dumps((FORMAT, self.fingerprint, self.used), pickle.HIGHEST_PROTOCOL), MAX_FILES)
            self.new = 0


def for_booklet(name: str, fonts, icons) -> Memo | None:
    """The memo of one booklet (`name`: its file, language and paper); None when what its lines
    depend on cannot be named."""
    fp = fingerprint(fonts, icons)
    return Memo(name, fp) if fp else None


def fingerprint(fonts, icons) -> str | None:
    code = _code()
    roles = getattr(fonts, "roles", None)
    if code is None or not isinstance(roles, dict) or not isinstance(icons, dict):
        return None
    from pathlib import Path

    from pnp.render.fonts import _digest
    try:
        faces = sorted((str(role), str(path), _digest(Path(path))) for role, path in roles.items())
    except OSError:
        return None
    h = hashlib.sha256(code.encode())
    h.update(repr(faces).encode("utf-8", "surrogatepass"))
    h.update(repr(sorted(icons.items())).encode("utf-8", "surrogatepass"))
    return h.hexdigest()


@functools.lru_cache(maxsize=1)
def _code() -> str | None:
    import importlib

    import reportlab
    for m in MODULES:
        importlib.import_module(m)
    mods = digest_of_modules(MODULES)
    return None if mods is None else f"{FORMAT} {sys.version} {reportlab.Version} {mods}"
