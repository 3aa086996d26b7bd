"""QR code matrices, with a small on-disk cache.

Encoding a QR code in pure Python (the `qrcode` package) costs about 0.7 ms, which is a third of a
card's build time when every card carries one; the data (a feedback link per card id) rarely changes
between builds, so matrices are kept in `<cache>/qr-v1.json` (plain JSON: data → rows as hex).
"""
from __future__ import annotations

import json
from functools import lru_cache

from pnp.core.cache import cache_root, write

MAX_ENTRIES = 50_000
_versions: dict = {}
_disk: dict | None = None
_new: dict = {}


def _path():
    return cache_root() / "qr-v1.json"


def _load() -> dict:
    global _disk
    if _disk is None:
        try:
            with open(_path(), encoding="utf-8") as f:
                data = json.load(f)
            _disk = data if isinstance(data, dict) else {}
        except (OSError, ValueError):
            _disk = {}
    return _disk


def _encode(data: str) -> tuple:
    import qrcode
    from qrcode.constants import ERROR_CORRECT_M
    from qrcode.exceptions import DataOverflowError
    # the mask is fixed (any mask is valid; choosing the best one costs 5x) and the version found for
    # one data length is reused for the next data of that length
    version = _versions.get(len(data))
    q = qrcode.QRCode(version=version, error_correction=ERROR_CORRECT_M, border=0, mask_pattern=0)
    q.add_data(data)
    try:
        q.make(fit=version is None)
    except DataOverflowError:
        q = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=0, mask_pattern=0)
        q.add_data(data)
        q.make(fit=True)
    _versions[len(data)] = q.version
    return tuple(tuple(bool(c) for c in row) for row in q.get_matrix())


def _pack(rows) -> list:
    return ["".join("1" if v else "0" for v in row) for row in rows]


@lru_cache(maxsize=4096)
def matrix(data: str) -> tuple:
    """The QR modules (rows of booleans, True = dark) for data."""
    hit = _load().get(data)
    if isinstance(hit, list) and hit and all(isinstance(r, str) and len(r) == len(hit) for r in hit):
        return tuple(tuple(c == "1" for c in r) for r in hit)
    rows = _encode(data)
    _new[data] = _pack(rows)
    return rows


def take_new() -> dict:
    """The matrices encoded since the last call (a worker hands them to the writer, which flushes)."""
    out = dict(_new)
    _new.clear()
    return out


def merge(new: dict) -> None:
    """Matrices a worker encoded: remembered here, written by the next flush()."""
    _new.update(new)


def flush() -> None:
    """Write new matrices to the cache file (atomically; losing a race only loses cache entries)."""
    if not _new:
        return
    merged = dict(_load())
    merged.update(_new)
    if len(merged) > MAX_ENTRIES:
        merged = dict(list(merged.items())[-MAX_ENTRIES:])
    if not write(_path(), json.dumps(merged, separators=(",", ":")).encode()):
        return  # a cache that cannot be written only costs time
    _disk.update(_new)
    _new.clear()
