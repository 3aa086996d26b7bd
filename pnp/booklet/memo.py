"""The laid-out lines of a booklet's paragraphs, kept on disk from one build to the next.

Laying out a booklet's text is most of its cost, and between two builds almost every paragraph is
the same. `Flow.lines` asks a Memo first: an entry is keyed by everything the call receives (text,
style, position, width, alignment, balancing) and the file holding a booklet's entries (one per
booklet file, language and paper, in `<cache>/booklet-lines/`) by everything else the lines depend
on: the font files (their digests), the icons, and the code stamp (pnp's code and the libraries'
versions, `pnp.core.cache.code_stamp`). A file from other fonts, icons or code is not read; an
unreadable one is laid out again. Each save keeps only the entries the booklet used, and the folder
keeps at most MAX_FILES files.
"""
from __future__ import annotations

import hashlib

from pnp.core.cache import Kept, cache_root, code_stamp

MAX_FILES = 40
FORMAT = "pnp-booklet-lines-1"


class Memo(Kept):
    FORMAT = FORMAT
    MAX_FILES = MAX_FILES

    def __init__(self, name: str, fingerprint: str):
        super().__init__(cache_root() / "booklet-lines" /
                         f"{hashlib.sha256(name.encode('utf-8', 'surrogatepass')).hexdigest()[:32]}.bin", fingerprint)


def for_booklet(name: str, fonts, icons) -> Memo | None:
    """The memo of one booklet (`name`: its file, language and paper); None when what its lines
    depend on cannot be named."""
    fp = fingerprint(fonts, icons)
    return Memo(name, fp) if fp else None


def fingerprint(fonts, icons) -> str | None:
    from pnp.text.fonts import role_digests
    code, faces = code_stamp(), role_digests(fonts)
    if code is None or faces is None or not isinstance(icons, dict):
        return None
    h = hashlib.sha256(code.encode())
    h.update(repr(faces).encode("utf-8", "surrogatepass"))
    h.update(repr(sorted(icons.items())).encode("utf-8", "surrogatepass"))
    return h.hexdigest()
