"""Writing output files safely: nothing appears under its name until it is complete."""
from __future__ import annotations

import json
import os
import tempfile
from contextlib import contextmanager
from pathlib import Path


@contextmanager
def atomic_output(path: Path, mode="wb"):
    """A file object whose content appears at `path` only if the block completes."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = None
    if hasattr(os, "O_TMPFILE"):
        try:
            fd = os.open(path.parent, os.O_TMPFILE | os.O_RDWR, 0o644)
        except OSError:
            fd = None
    if fd is not None:  # unnamed until linked: a killed build leaves nothing behind
        f = os.fdopen(fd, mode, **({} if "b" in mode else {"encoding": "utf-8"}))
        try:
            yield f
            f.flush()
            tmp = path.parent / f".{path.name}.{os.getpid()}.tmp"
            proc = os.open("/proc/self/fd", os.O_RDONLY)
            try:  # linkat(AT_SYMLINK_FOLLOW) gives the unnamed file a name (plain link() cannot)
                os.link(str(fd), tmp, src_dir_fd=proc, follow_symlinks=True)
            finally:
                os.close(proc)
            os.replace(tmp, path)
        finally:
            f.close()
        return
    handle, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    f = os.fdopen(handle, mode, **({} if "b" in mode else {"encoding": "utf-8"}))
    try:
        yield f
        f.close()
        os.replace(tmp, path)
    finally:
        f.close()
        if os.path.exists(tmp):
            os.unlink(tmp)


def merge_manifest(path: Path, manifest: dict):
    """Keep entries of PDFs built earlier (other languages or papers) that still exist."""
    old = {}
    if path.is_file():
        try:
            old = json.loads(path.read_text("utf-8"))
        except (OSError, ValueError):
            old = {}
    keep = {p["path"]: p for p in old.get("pdfs", []) if (path.parent.parent / p["path"]).is_file()}
    for p in manifest["pdfs"]:
        keep[p["path"]] = p
    manifest = dict(manifest, pdfs=[keep[k] for k in sorted(keep)])
    with atomic_output(path, "w") as f:
        json.dump(manifest, f, ensure_ascii=False, indent=2, sort_keys=True)
        f.write("\n")
