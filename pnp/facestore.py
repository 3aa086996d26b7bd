"""Resolved faces kept on disk from one build to the next: `pnp build` resolves again only the faces
whose inputs changed (a designer edits one card; the other cards, games and languages are read back).

An entry is keyed as a warm session keys a face (pnp.build.faces): its layouts, the card's translated
data, the copy, and digests of what else the layouts' templates read (pnp.layout.reuse.Beyond: the
game's settings, the other files of its folder, the icons, and the data, palette, cards and layouts as
far as they are read). The file holding one game's faces in one language (`<cache>/faces/`) is read
only when everything else a face depends on is the same: pnp's own source, the versions of Python and
of the libraries that resolve a face, the font files (their digests) and `--draft`. A face that
reported a problem is never kept; one that reported findings keeps them, and they are reported again
on every build that reads it, as if resolved anew.

Each save keeps only the entries that build used (all of them after `--only`), and the folder keeps
the MAX_FILES newest files. A missing, damaged or foreign file costs only the time to resolve again.
The entries are pickles (pnp.cache.Kept), trusted as the booklet caches beside them are (the user's
own cache folder). Components resolved by worker
processes (pnp.parallel: large decks) are not kept; a warm session (`pnp watch`) keeps its faces in
memory instead.
"""
from __future__ import annotations

import functools
import hashlib
import sys
from pathlib import Path

from pnp.cache import Kept, cache_root

FORMAT = "pnp-faces-1"
MAX_FILES = 64          # files: a game in a language (and with --draft) each
MAX_ENTRIES = 5000      # faces: a larger store is not written (its pickle would cost more than it saves)
LIBRARIES = ("reportlab", "jinja2", "pillow", "qrcode", "pyyaml")   # distributions


class Store(Kept):
    """One game's faces in one language: `get` and `[key] = entry` as a dict, `save` at the end."""
    FORMAT = FORMAT
    MAX_FILES = MAX_FILES
    MAX_ENTRIES = MAX_ENTRIES


def for_game(prep, lang: str, draft: bool) -> Store | None:
    """The store of one game's faces in one language; None when what they depend on cannot be named."""
    fp = fingerprint(prep.fonts, draft)
    if fp is None:
        return None
    where = f"{Path(prep.game.root).resolve()}\0{lang}\0{bool(draft)}"
    name = hashlib.sha256(where.encode("utf-8", "surrogatepass")).hexdigest()[:32] + ".bin"
    return Store(cache_root() / "faces" / name, fp)


def fingerprint(fonts, draft: bool) -> str | None:
    from pnp.render.fonts import role_digests
    code, faces = _code(), role_digests(fonts)
    if code is None or faces is None:
        return None
    return hashlib.sha256(f"{code}\0{faces!r}\0{bool(draft)}".encode("utf-8", "surrogatepass")).hexdigest()


@functools.lru_cache(maxsize=1)
def _code() -> str | None:
    """pnp's source (every module: resolving a face reaches most of them), Python's and the libraries' versions."""
    import importlib.metadata as md
    root = Path(__file__).resolve().parent.parent
    h = hashlib.sha256()
    try:
        for p in sorted(root.rglob("*.py")):
            h.update(str(p.relative_to(root)).encode() + b"\0" + p.read_bytes())
        versions = [md.version(lib) for lib in LIBRARIES]
    except (OSError, md.PackageNotFoundError):
        return None
    return f"{FORMAT} {sys.version} {versions} {h.hexdigest()}"
