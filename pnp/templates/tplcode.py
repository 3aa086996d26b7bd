"""Compiled template code kept on disk, so that a warm build does not parse and compile its templates again.

Compiling one template (jinja's parser and code generator, then Python's compiler) costs about a
millisecond; a build of several games meets some hundreds of them. Each compiled template is kept in
`<cache>/templates-v2/<sha256>.bin`: the marshalled (names it reads, code object, code of its short
way in pnp.templates.tplfast), behind a checksum of its own bytes. The file name hashes the source with
the code stamp (pnp's code and the libraries' versions, `pnp.core.cache.code_stamp`).
Writes are atomic; an entry that does not read back whole is ignored and written again. Only templates
that compiled are kept: a syntax error is found (and reported) afresh every time.
"""
from __future__ import annotations

import hashlib
import marshal
import os
import types
from pathlib import Path

from pnp.core.cache import cache_root, code_stamp, write

MAX_FILES = 5_000     # beyond this many entries, the older half is removed when a new one is written
_salt: bytes | None = None
_pruned = False


def _folder() -> Path:
    return cache_root() / "templates-v2"


def _path(kind: str, source: str) -> Path | None:
    global _salt
    if _salt is None:
        stamp = code_stamp()
        if stamp is None:
            return None
        _salt = hashlib.sha256(stamp.encode("utf-8", "surrogatepass")).digest()
    h = hashlib.sha256(_salt)
    h.update(f"{kind}\0{source}".encode("utf-8", "surrogatepass"))
    return _folder() / f"{h.hexdigest()}.bin"


def load(kind: str, source: str):
    """(names, code, short way) compiled earlier for this source, or None."""
    path = _path(kind, source)
    try:
        data = path.read_bytes() if path is not None else b""
    except (OSError, ValueError):
        return None
    payload = data[32:]
    if len(data) < 33 or hashlib.sha256(payload).digest() != data[:32]:
        return None
    try:
        names, code, fast, context = marshal.loads(payload)
    except (ValueError, EOFError, TypeError):
        return None
    if not isinstance(code, types.CodeType) or not (names is None or isinstance(names, tuple)) or not (
            fast is None or isinstance(fast, tuple) and len(fast) == 2 and isinstance(fast[0], types.CodeType)) or not (
            isinstance(context, tuple) and all(isinstance(n, str) for n in context)):
        return None
    return names, code, fast, context


def store(kind: str, source: str, entry: tuple) -> None:
    """Keep (names, code, short way) for this source; a cache that cannot be written only costs time."""
    try:
        payload = marshal.dumps(entry)
    except ValueError:   # a constant marshal cannot write
        return
    path = _path(kind, source)
    if path is None:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _prune(path.parent)
    except OSError:
        return
    write(path, hashlib.sha256(payload).digest() + payload)


def _prune(folder: Path) -> None:
    """Once per process, before the first write: keep the folder under MAX_FILES entries."""
    global _pruned
    if _pruned:
        return
    _pruned = True
    entries = [e for e in os.scandir(folder) if e.name.endswith(".bin")]
    if len(entries) < MAX_FILES:
        return
    entries.sort(key=lambda e: e.stat().st_mtime)
    for e in entries[:len(entries) - MAX_FILES // 2]:
        try:
            os.unlink(e.path)
        except OSError:
            pass
