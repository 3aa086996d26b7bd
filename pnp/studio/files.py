"""Files for the studio: atomic writes, the load check before a save, faces drawn as PNG."""
from __future__ import annotations

import io
import os
import secrets
from pathlib import Path

from pnp.core.errors import Problems


class Refused(Exception):
    """A request the studio will not carry out; `status` is the HTTP status that says why."""

    def __init__(self, status: int, message: str, problems=()):
        super().__init__(message)
        self.status, self.message, self.problems = status, message, list(problems)


def loads(prep):
    """Raise Problems when the game's text templates do not render in some language (a missing
    translation is a warning of the rules, not a reason to refuse: translators add one at a time)."""
    from pnp.templates.context import ContentTemplateError, GameContext, MissingTranslation
    for lang in prep.game.languages:
        try:
            GameContext(prep.game, lang)
        except MissingTranslation:
            continue
        except ContentTemplateError as e:
            from pnp.core.errors import Problem
            raise Problems([Problem(e.pos, f"{e.where} ({lang}): {e.message}", "fix the `{{ … }}` in this text")]) from None


def _random() -> str:
    return secrets.token_hex(8)


def _create_temporary(path: Path) -> tuple[Path, int]:
    """A new file next to `path` with a random name, opened for writing. Created exclusively and never
    through a link: whatever is planted at a name in the folder is skipped, never written through."""
    for _ in range(100):
        tmp = path.parent / f".{path.name}.{_random()}.tmp"
        try:
            return tmp, os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW | getattr(os, "O_CLOEXEC", 0), 0o600)
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary name next to {path.name}")


def write_atomic(path: Path, data: bytes, expect: bytes | None = None):
    """Write next to the file, then rename over it (same folder, same mode): a reader sees the old
    file or the new one, never half of one. `expect`: the bytes the file must still hold."""
    tmp, fd = _create_temporary(path)
    done = False
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fchmod(f.fileno(), path.stat().st_mode & 0o777)
            os.fsync(f.fileno())
        if expect is not None and path.read_bytes() != expect:
            raise Refused(409, f"{path.name} changed on disk meanwhile: nothing was written")
        os.replace(tmp, path)
        done = True
    finally:
        if not done:
            try:
                os.unlink(tmp)
            except FileNotFoundError:
                pass


def render_png(face, font: str, dpi: int) -> bytes:
    """One face with its bleed, drawn by the print renderer and rasterised (as `pnp preview`)."""
    import pypdfium2 as pdfium
    from pnp.export import faces_pdf
    from pnp.export.preview import _trim_line
    doc = pdfium.PdfDocument(faces_pdf([face], font))
    img = _trim_line(doc[0].render(scale=dpi / 72).to_pil().convert("RGB"), face, dpi)
    buf = io.BytesIO()
    img.save(buf, "PNG", compress_level=1)
    return buf.getvalue()
