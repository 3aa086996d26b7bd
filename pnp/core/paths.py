"""The one rule for paths a project names: they stay inside their folder.

A path from content or a layout (`cards:`, an image `src:`, a font file, a deck the studio edits) is
relative, has no `..`, and resolves — through any links — to a file inside the folder it is named
from; a named pipe, socket or device is never opened as a file. `inside` says which part of the rule
a path breaks, in words every reader reuses.
"""
from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path

OUTSIDE = "leads outside the folder"
MISSING = "does not exist"
LINK_OUT = "is a link that leads outside the folder"


@dataclass(frozen=True)
class Inside:
    """Where a named path leads: `real` (resolved), `path` (as named, under the folder), or `wrong`
    (why it may not be read: OUTSIDE, MISSING, LINK_OUT or what special file it is)."""
    path: Path | None = None
    real: Path | None = None
    wrong: str | None = None

    def __bool__(self) -> bool:
        return self.wrong is None


def special_file(path: Path) -> str | None:
    """What path is when it exists but is no regular file (a pipe would block a reader for ever)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return None
    if stat.S_ISREG(mode):
        return None
    return {stat.S_IFIFO: "a named pipe", stat.S_IFSOCK: "a socket", stat.S_IFCHR: "a device",
            stat.S_IFBLK: "a device", stat.S_IFDIR: "a folder"}.get(stat.S_IFMT(mode), "a special file")


def inside(root: Path | str, rel: Path | str, special: bool = True) -> Inside:
    """Whether `rel`, named from folder `root`, may be read: relative, no `..`, existing, and inside
    `root` once every link is followed (and, with `special`, not a pipe, socket or device)."""
    root, p = Path(root), Path(rel)
    if p.is_absolute() or ".." in p.parts:
        return Inside(wrong=OUTSIDE)
    full = root / p
    try:
        real = full.resolve(strict=True)
    except (OSError, RuntimeError):
        return Inside(wrong=MISSING)
    if not real.is_relative_to(root.resolve()):
        return Inside(wrong=LINK_OUT)
    what = special_file(real) if special else None
    if what:
        return Inside(wrong=f"is {what}, not a regular file")
    return Inside(full, real)
