"""Resolved faces kept on disk from one build to the next: `pnp build` resolves again only the faces
whose inputs changed (a designer edits one card; the other cards, games and languages are read back).

An entry is keyed as a warm session keys a face (pnp.resolve.faces): its layouts, the card's translated
data, the copy, and digests of what else the layouts' templates read (pnp.resolve.reuse.Beyond: the
game's settings, the other files of its folder and the icon files, by size and modification time as
make does, and the data, palette, cards and layouts as far as they are read). The file holding one
game's faces in one language (`<cache>/faces/`) is read only when everything else a face depends on
is the same: pnp's own source, the versions of Python and of the libraries that resolve a face, the
font files (their digests) and `--draft`. A face that reported a problem is never kept; one that
reported findings keeps them, and they are reported again on every build that reads it, as if
resolved anew.

Each save keeps only the entries that build used (all of them after `--only`), and the folder keeps
the MAX_FILES newest files. A missing, damaged or foreign file costs only the time to resolve again.
The entries are pickles (pnp.core.cache.Kept), trusted as the booklet caches beside them are (the user's
own cache folder). Components resolved by worker processes (pnp.core.processes: large decks) are not kept.
A warm session (`pnp watch`, the studio) reads the store on its first build of a game and language
(`for_build`), then keeps its faces in memory: an edit is not worth a write to disk.
"""
from __future__ import annotations

import hashlib
from pathlib import Path

from pnp.core.cache import Kept, cache_root, code_stamp

FORMAT = "pnp-faces-3"   # 3: entries are resolve.faces.Kept records, not tuples
MAX_FILES = 32          # files: a game in a language (and with --draft) each
MAX_ENTRIES = 5000      # faces: a larger store is not written (its pickle would cost more than it saves) …
MAX_BYTES = 16 << 20    # … nor a larger file (about 10 KB a face: the cache folder stays under 512 MB)


class Store(Kept):
    """One game's faces in one language: `get` and `[key] = entry` as a dict, `save` at the end."""
    FORMAT = FORMAT
    MAX_FILES = MAX_FILES
    MAX_ENTRIES = MAX_ENTRIES
    MAX_BYTES = MAX_BYTES


class Faces(dict):
    """A warm session's faces (`pnp watch`, the studio), remembering which games and languages it has
    read from the store."""

    def __init__(self):
        super().__init__()
        self.seeded: set = set()

    def clear(self) -> None:
        super().clear()
        self.seeded.clear()


class Layered:
    """A warm session's faces (a dict) in front of the store: what the session lacks is read from disk
    and kept in memory; what it resolves goes to both."""

    def __init__(self, memory: dict, store: Store):
        self.memory, self.store = memory, store

    def get(self, key):
        got = self.memory.get(key)
        if got is None:
            got = self.store.get(key)
            if got is not None:
                self.memory[key] = got
        return got

    def __setitem__(self, key, entry) -> None:
        self.memory[key] = entry
        self.store[key] = entry


def for_build(prep, lang: str, draft: bool, cache: dict | None):
    """(the faces cache a build of one language uses, the store to save after it, or None): the store
    itself for a one-off build; for a warm session (`cache`), the store behind the session's own faces
    on its first build of this game and language, the session's faces alone after that."""
    if cache is not None:
        seeded = getattr(cache, "seeded", None)
        first = (str(prep.game.root), lang, bool(draft))
        if seeded is None or first in seeded:   # a plain dict: the caller keeps faces in memory only
            return cache, None
        seeded.add(first)
    store = for_game(prep, lang, draft)
    if store is None:
        return cache, None
    return (store if cache is None else Layered(cache, store)), store


def for_game(prep, lang: str, draft: bool) -> Store | None:
    """The store of one game's faces in one language; None when what they depend on cannot be named."""
    fp = fingerprint(prep.fonts, draft, lint_key(prep.game))
    if fp is None:
        return None
    where = f"{Path(prep.game.root).resolve()}\0{lang}\0{bool(draft)}"
    name = hashlib.sha256(where.encode("utf-8", "surrogatepass")).hexdigest()[:32] + ".bin"
    return Store(cache_root() / "faces" / name, fp)


def lint_key(game) -> str:
    """What a face's findings depend on beyond its own inputs: the print-lint levels and `secret:`
    declarations of the game (a component marked secret after a build must be judged as secret)."""
    from pnp import lint
    cfg = lint.Config.of(game)
    return repr((sorted(cfg.levels.items()), sorted((c, s.backs_differ) for c, s in cfg.secret.items())))


def fingerprint(fonts, draft: bool, lint_settings: str = "") -> str | None:
    from pnp.text.fonts import role_digests
    code, faces = code_stamp(), role_digests(fonts)
    if code is None or faces is None:
        return None
    key = f"{code}\0{faces!r}\0{bool(draft)}\0{lint_settings}"
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()
