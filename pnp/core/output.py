"""Writing output files safely: nothing appears under its name until it is complete, and nothing is
written through a symbolic link (an output folder that is a link could lead into content/)."""
from __future__ import annotations

import errno
import json
import os
import tempfile
from contextlib import contextmanager
from pathlib import Path

from pnp.core.errors import Pos, Problem, Problems, display_path

# errors of the output folder itself (read-only, full, no rights): reported, never a traceback
_WRITE_ERRORS = {errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EACCES, errno.EPERM, errno.EFBIG, errno.EIO}


def refuse_links(path: Path, root: Path | None) -> None:
    """No folder below root (the --out folder; default: just the file's own folder) may be a link."""
    folder, stop = path.parent, root if root is not None else path.parent.parent
    while folder != stop and folder != folder.parent:
        if folder.is_symlink():
            raise Problems([Problem(Pos(display_path(folder)), "this output folder is a symbolic link "
                                    f"(to {os.readlink(folder)}); pnp writes only into real folders",
                                    "remove the link, or give --out another folder")])
        folder = folder.parent


def _write_problem(path: Path, e: OSError) -> Problems:
    return Problems([Problem(Pos(display_path(path)), f"cannot write the file: {e.strerror or e}",
                             "free some space, or check that the output folder is writable; the previous file is kept")])


@contextmanager
def atomic_output(path: Path, mode="wb", root: Path | None = None):
    """A file object whose content appears at `path` only if the block completes."""
    refuse_links(path, root)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        refuse_links(path, root)
        with _atomic(path, mode) as f:
            yield f
    except OSError as e:
        if e.errno in _WRITE_ERRORS:
            raise _write_problem(path, e) from None
        raise


@contextmanager
def _atomic(path: Path, mode):
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
            proc = os.open("/proc/self/fd", os.O_RDONLY)
            try:  # linkat(AT_SYMLINK_FOLLOW) gives the unnamed file a name (plain link() cannot)
                while True:  # a fresh name each try: a file left by an earlier crash never stops a build
                    tmp = path.parent / f".{path.name}.{os.getpid()}.{os.urandom(4).hex()}.tmp"
                    try:
                        os.link(str(fd), tmp, src_dir_fd=proc, follow_symlinks=True)
                        break
                    except FileExistsError:
                        continue
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


def merge_manifest(path: Path, manifest: dict, root: Path | None = None):
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
    with atomic_output(path, "w", root) as f:
        json.dump(manifest, f, ensure_ascii=False, indent=2, sort_keys=True)
        f.write("\n")


def out_dir(out, project=None) -> Path:
    """The folder `--out` names (created when written to): the one output guard of every command that
    writes. A file there is bad input, and so is a folder inside the project's content/ or layouts/
    (`project`: the project folder), which pnp never writes to."""
    p = Path(out)
    if p.exists() and not p.is_dir():
        raise Problems([Problem(Pos(str(out)), "--out names a file, not a folder", "give a folder (it is created if missing)")])
    if project is not None:
        real = p.resolve()
        for src in ("content", "layouts"):
            if real.is_relative_to((Path(project) / src).resolve()):
                raise Problems([Problem(Pos(str(out)), f"--out is inside {src}/, which pnp never writes to",
                                        "give another folder, e.g. `output`")])
    return p
