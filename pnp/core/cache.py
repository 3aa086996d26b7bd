"""pnp's cache folder (converted fonts, QR matrices, faces …): `$PNP_CACHE`, else `$XDG_CACHE_HOME/pnp`,
else `~/.cache/pnp`; and the digest its keys are made of. At the bottom of the house: every layer may
ask for them, it imports nothing of pnp."""
from __future__ import annotations

import gc
import hashlib
import os
import pickle
import tempfile
from pathlib import Path


def cache_root() -> Path:
    base = os.environ.get("PNP_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "pnp")
    return Path(base)


def digest(value) -> bytes:
    """A digest of a value's repr that is the same in every process (unlike `hash` of a str): for keys
    kept on disk."""
    return hashlib.blake2b(repr(value).encode("utf-8", "surrogatepass"), digest_size=16).digest()


def store(folder: Path, name: str, data: bytes, max_files: int) -> None:
    """Write folder/name atomically, then leave the newest max_files files; a full or read-only cache
    folder only loses the cache."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, folder / name)
        except BaseException:
            os.unlink(tmp)
            raise
        files = sorted(folder.glob("*.bin"), key=lambda p: (p.stat().st_mtime_ns, p.name))
        for old in files[:-max_files]:
            old.unlink()
    except OSError:
        pass


class Kept:
    """A dict kept in one pickle file from one run to the next, read only when its format and the
    fingerprint of what its values depend on match. `get` and `put` as a dict; `save` writes the
    entries this run used (with prune=False, the others too) when any was new or any went unused."""
    FORMAT = "pnp-kept-1"
    MAX_FILES = 64       # files of the same kind, in one folder
    MAX_ENTRIES = 0      # a larger dict is not written (0: no limit) …
    MAX_BYTES = 0        # … nor a larger file

    def __init__(self, path: Path, fingerprint: str):
        self.path, self.fingerprint = path, fingerprint
        self._old: dict | None = None   # read on first use: a run that asks nothing reads nothing
        self.used: dict = {}
        self.new = 0

    @property
    def old(self) -> dict:
        if self._old is None:
            self._old = self._read()
        return self._old

    def _read(self) -> dict:
        try:
            data = self.path.read_bytes()
        except OSError:        # not written yet
            return {}
        enabled = gc.isenabled()
        gc.disable()           # many small objects and no cycles: the collector would only cost here
        try:
            fmt, fp, entries = pickle.loads(data)
            if fmt == self.FORMAT and fp == self.fingerprint and isinstance(entries, dict):
                return entries
        except Exception:      # a damaged or foreign file: made again
            pass
        finally:
            if enabled:
                gc.enable()
        return {}

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

    __setitem__ = put

    def save(self, prune: bool = True) -> None:
        if self._old is None:  # never asked: the file stays as it is
            return
        if not prune:
            self.used = {**self.old, **self.used}
        if not (self.new or len(self.used) != len(self.old)) or 0 < self.MAX_ENTRIES < len(self.used):
            return
        try:
            data = pickle.dumps((self.FORMAT, self.fingerprint, self.used), pickle.HIGHEST_PROTOCOL)
        except Exception:      # a value pickle cannot write: it is made again each run
            return
        if 0 < self.MAX_BYTES < len(data):
            return
        store(self.path.parent, self.path.name, data, self.MAX_FILES)
        self._old, self.new = self.used, 0
