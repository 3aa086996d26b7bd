"""The one cache layer: pnp's cache folder (converted fonts, QR matrices, compiled templates, booklet
text, faces …) is `$PNP_CACHE`, else `$XDG_CACHE_HOME/pnp`, else `~/.cache/pnp`. Every disk cache
keeps its files through this module: one atomic write (`write`, `store`), one size limit per file
(MAX_BYTES), one code stamp (`code_stamp`: the installed pnp code and the library versions, computed
once per process), and the digest keys are made of. At the bottom of the house: it imports nothing of
pnp, so every layer may use it; no cache keeps a hand-written list of the modules it depends on."""
from __future__ import annotations

import functools
import gc
import hashlib
import marshal
import os
import pickle
import sys
import tempfile
from pathlib import Path

MAX_BYTES = 16 << 20     # no cache file is larger (a larger value is not kept: it is made again)
FORMAT = "pnp-cache-1"   # part of the code stamp: change it to drop every cache at once
LIBRARIES = (("reportlab", "reportlab"), ("jinja2", "jinja2"), ("PIL", "pillow"), ("qrcode", "qrcode"),
             ("yaml", "PyYAML"), ("markdown_it", "markdown-it-py"), ("fontTools", "fonttools"),
             ("svglib", "svglib"), ("budoux", "budoux"), ("opencc", "opencc"),
             ("rjieba", "rjieba"))   # (module, distribution) whose versions shape what the caches keep


def cache_root() -> Path:
    base = os.environ.get("PNP_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache"), "pnp")
    return Path(base)


def digest(value) -> bytes:
    """A digest of a value's repr that is the same in every process (unlike `hash` of a str): for keys
    kept on disk."""
    return hashlib.blake2b(repr(value).encode("utf-8", "surrogatepass"), digest_size=16).digest()


def write(path: Path, data: bytes, max_bytes: int = MAX_BYTES) -> bool:
    """Write `path` atomically (a temporary file with a random name beside it, replaced when whole);
    False when it is larger than max_bytes or cannot be written: a cache that cannot be kept only
    costs time."""
    if len(data) > max_bytes:
        return False
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".tmp-")
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(data)
            os.replace(tmp, path)
        except BaseException:
            os.unlink(tmp)
            raise
    except OSError:
        return False
    return True


def store(folder: Path, name: str, data: bytes, max_files: int) -> None:
    """Write folder/name atomically, then leave the newest max_files `.bin` files of the folder."""
    if not write(folder / name, data):
        return
    try:
        files = sorted(folder.glob("*.bin"), key=lambda p: (p.stat().st_mtime_ns, p.name))
        for old in files[:-max_files]:
            old.unlink()
    except OSError:
        pass


@functools.lru_cache(maxsize=1)
def code_stamp() -> str | None:
    """What every cached value's code depends on, once per process: the text of every file of the
    installed pnp package (its modules and built-in layouts), Python's and marshal's versions and the
    libraries' versions. None when the package cannot be read (then nothing is cached on disk)."""
    root = Path(__file__).resolve().parent.parent        # the pnp package
    h = hashlib.sha256()
    try:
        files = [*root.rglob("*.py"), *(f for f in (root / "builtin").rglob("*") if f.is_file())]
        for p in sorted(files):
            h.update(str(p.relative_to(root)).encode() + b"\0" + p.read_bytes())
    except OSError:
        return None
    return f"{FORMAT} {sys.version} {marshal.version} {[_version(m, d) for m, d in LIBRARIES]} {h.hexdigest()}"


def _version(module: str, dist: str) -> str:
    """An installed library's version, from its dist-info folder's name (importlib.metadata takes
    40 ms to import; the library itself need not be imported)."""
    import importlib.util
    spec = importlib.util.find_spec(module)
    origin = Path(spec.origin) if spec is not None and spec.origin else None
    if origin is not None:
        site = origin.parent.parent if origin.name == "__init__.py" else origin.parent
        head = dist.lower().replace("-", "_") + "-"   # folder names are normalised by newer installers
        for name in sorted(e.name for e in os.scandir(site)):
            if name.lower().replace("-", "_").startswith(head) and name.endswith(".dist-info"):
                return name[len(head):-len(".dist-info")]
    import importlib.metadata as md
    try:
        return md.version(dist)
    except md.PackageNotFoundError:
        return "?"


class Kept:
    """A dict kept in one pickle file from one run to the next, read only when its format and the
    fingerprint of what its values depend on match. `get` and `put` as a dict; `save` writes the
    entries this run used (with prune=False, the others too) when any was new or any went unused."""
    FORMAT = "pnp-kept-1"
    MAX_FILES = 64       # files of the same kind, in one folder
    MAX_ENTRIES = 0      # a larger dict is not written (0: no limit) …
    MAX_BYTES = MAX_BYTES  # … nor a larger file

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
