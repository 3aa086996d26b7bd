"""System fonts by family name (game.yaml `fonts: {serif: "DejaVu Serif"}`), found through fontconfig.

`fc-match` always answers, with its best substitute when the family is missing, so the family it
answers with is compared with the one named: a missing family is an error (NoSuchFont), never a
silent substitution. The file found is then a font like any other (pnp.text.fonts: converted,
registered, embedded as a subset); the build records it in the manifest (`system_fonts`).
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pnp.text.fonts import FontError


class NoSuchFont(FontError):
    """A family name fontconfig does not have (`found`: the family it answered with instead, or None
    when fontconfig is not installed)."""

    def __init__(self, family: str, found: str | None, why: str = ""):
        self.family, self.found = family, found
        seen = f'fontconfig found "{found}"' if found else why or "fontconfig is not installed: no fc-match"
        super().__init__(f'no font "{family}" on this machine ({seen})')


FONT_FILES = (".ttf", ".otf")   # what a font file names; anything else in `fonts:` is a family name
STYLES = {"bold": ":weight=bold", "italic": ":slant=italic", "bold_italic": ":weight=bold:slant=italic"}


def is_family(spec: str) -> bool:
    """Whether a `fonts:` value names a system font family (`DejaVu Serif`) rather than a file."""
    return not (Path(spec).suffix.lower() in FONT_FILES + (".ttc", ".otc", ".woff", ".woff2", ".pfb")
                or "/" in spec or "\\" in spec)


def _norm(name: str) -> str:
    return "".join(ch for ch in name.casefold() if ch.isalnum())


@lru_cache(maxsize=64)
def _fc_match(pattern: str) -> tuple:
    """(file, families, weight, slant) fontconfig matches for a pattern, or raise NoSuchFont when it
    is not installed. fc-match always answers (its best substitute): callers compare the family."""
    import shutil
    import subprocess
    exe = shutil.which("fc-match")
    family = pattern.split(":")[0]
    if not exe:
        raise NoSuchFont(family, None)
    try:
        got = subprocess.run([exe, "-f", "%{file}\\n%{family}\\n%{weight}\\n%{slant}\\n", pattern],
                             capture_output=True, timeout=30, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.SubprocessError) as e:
        raise NoSuchFont(family, None, f"fc-match did not answer: {e.__class__.__name__}") from None
    lines = got.stdout.decode("utf-8", "replace").split("\n")
    if got.returncode != 0 or not lines[0]:
        raise NoSuchFont(family, None, "fc-match found nothing")
    lines += [""] * 4
    return lines[0], tuple(f.strip() for f in lines[1].split(",") if f.strip()), lines[2], lines[3]


def system_font(family: str) -> Path:
    """The file of a system font family through fontconfig (`fc-match`), the family compared so that
    its substitute is never taken silently; raise NoSuchFont (or FontError for a file pnp cannot embed).
    A fontconfig pattern's style (`DejaVu Serif:bold`) is passed on; its family is what is compared."""
    file, families, _w, _s = _fc_match(family)
    want = _norm(family.split(":")[0])
    if not any(_norm(f) == want for f in families):
        raise NoSuchFont(family.split(":")[0], families[0] if families else file)
    path = Path(file)
    if path.suffix.lower() not in FONT_FILES:
        raise FontError(f'the font "{family}" is `{file}` on this machine, which pnp cannot embed (a TrueType '
                        "or OpenType .ttf/.otf file only)")
    return path


def system_faces(family: str, regular: Path) -> dict:
    """The bold, italic and bold italic files of a family that has them (fontconfig's answer of the same
    family, another file, of that weight or slant); faces it lacks are drawn synthetically."""
    out = {}
    for face, style in STYLES.items():
        try:
            file, families, weight, slant = _fc_match(family + style)
        except NoSuchFont:
            return out
        want = _norm(family)
        bold_ok = "bold" not in face or _int(weight) >= 200     # FC_WEIGHT_BOLD
        slant_ok = "italic" not in face or _int(slant) > 0      # italic or oblique
        if any(_norm(f) == want for f in families) and Path(file) != regular and bold_ok and slant_ok \
                and Path(file).suffix.lower() in FONT_FILES:
            out[face] = Path(file)
    return out


def _int(v: str) -> float:
    try:
        return float(v)
    except ValueError:
        return 0.0
