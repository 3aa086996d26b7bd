"""Fonts: the built-in Noto CJK fonts (from the pylopdf-fonts-zh-tw wheel) or a game's own files.

ReportLab embeds only TrueType outlines; Noto CJK ships CFF outlines. We convert a CFF font to
TrueType once with fontTools (cu2qu) and cache the result by the source file's hash, so later builds
only load it (~0.1 s); the hash itself is remembered by the file's path, size and time (digests.json in
the same folder). ReportLab then embeds a subset of the glyphs each PDF uses. A conversion says so
on stderr (one line per font, terminal or not: it happens once per machine and takes half a minute).
A game that prints no CJK text draws with the Latin part of the built-in fonts (pnp/text/fontparts.py):
a second to make instead of a minute.
"""
from __future__ import annotations

import hashlib
import os
import io
from functools import lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont, TTFError

from pnp.core.cache import cache_root, write
from pnp.text.outlines import NARROW, NARROW_SIDE, _cff_to_glyf, narrow_marks  # noqa: F401  (the conversion)

FONT_BYTES = 256 << 20   # a converted font may be larger than other cache files (CJK fonts: 7-10 MB)

BUILTIN = {
    "noto-sans-tc": "NotoSansTC-Regular.otf",
    "noto-serif-tc": "NotoSerifTC-Regular.otf",
}
DEFAULT_ROLES = {"sans": "noto-sans-tc", "serif": "noto-serif-tc"}
# faces a role may name in game.yaml; the built-in fonts have only `regular`: bold is drawn by stroking
# the outline, italic as a synthetic oblique, for any role without that face
FACES = ("regular", "bold", "italic", "bold_italic")
WIDTHS_KEPT = 100_000   # measured strings a FontSet remembers (at most ~20 MB); past that it starts again
CONVERTER_VERSION = "3"   # 2: conversions keep the source's timestamps (byte-identical caches); 3: narrow marks


class FontError(ValueError):
    pass


def cache_dir() -> Path:
    return cache_root() / "fonts"


def builtin_path(name: str) -> Path:
    import pylopdf_fonts_zh_tw
    return Path(pylopdf_fonts_zh_tw.__file__).parent / BUILTIN[name]


def _digest(path: Path) -> str:
    st = Path(path).stat()
    return _digest_of(str(path), st.st_size, st.st_mtime_ns)


@lru_cache(maxsize=64)
def _digest_of(path: str, size: int, mtime: int) -> str:
    """The font file's content hash, remembered on disk under its path, size and time (as make trusts a
    file's time): every build process would otherwise read and hash 14 MB of built-in fonts again."""
    key = f"{CONVERTER_VERSION}\0{path}\0{size}\0{mtime}"
    folder = cache_dir()
    kept = _kept_digests(str(folder))
    got = kept.get(key)
    if isinstance(got, str) and len(got) == 16:
        return got
    h = hashlib.sha256(CONVERTER_VERSION.encode())
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    digest = kept[key] = h.hexdigest()[:16]
    _keep_digests(kept, folder)
    return digest


@lru_cache(maxsize=4)
def _kept_digests(folder: str) -> dict:
    """The hashes remembered in one cache folder (by folder: a process whose PNP_CACHE changes never
    writes one folder's record into another)."""
    import json
    try:
        got = json.loads((Path(folder) / "digests.json").read_text("utf-8"))
        return got if isinstance(got, dict) else {}
    except (OSError, ValueError):
        return {}


def _keep_digests(kept: dict, folder: Path) -> None:
    """Write the remembered hashes (the newest 64) atomically; a cache that cannot be written only costs time."""
    import json
    while len(kept) > 64:
        kept.pop(next(iter(kept)))
    write(folder / "digests.json", json.dumps(kept).encode())


def to_truetype(src: Path) -> Path:
    """A TrueType-outlined copy of src (src itself when it already is one)."""
    converted = cache_dir() / f"{src.stem}-{_digest(src)}.ttf"
    if converted.is_file():   # converted before (a TrueType source never has a copy): no need to open it
        return converted
    from fontTools.ttLib import TTFont as FT, TTLibError
    try:
        font = FT(str(src), lazy=True)
    except (TTLibError, OSError, Exception) as e:  # fontTools raises assorted errors on non-fonts
        raise FontError(f"`{src.name}` is not a font file ({e.__class__.__name__})") from None
    if "glyf" in font:
        return src
    if "CFF " not in font:
        raise FontError(f"`{src.name}` has neither TrueType nor CFF outlines")
    out = cache_dir() / f"{src.stem}-{_digest(src)}.ttf"
    if out.is_file():
        return out
    from pnp.text.fontparts import announce
    announce(src)
    try:
        # recalcTimestamp=False: `head.modified` keeps the source's date instead of the conversion
        # time, so the converted bytes (and every PDF embedding them) are the same on every machine
        font = FT(str(src), recalcTimestamp=False)
        _cff_to_glyf(font, f"glyphs of {src.name}")
        narrow_marks(font)
    except Exception as e:  # damaged CFF outlines
        raise FontError(f"`{src.name}` is not a usable font (damaged: {e.__class__.__name__})") from None
    buf = io.BytesIO()
    font.save(buf)      # only now, whole, to the cache: a stopped conversion leaves nothing
    if not write(out, buf.getvalue(), FONT_BYTES):
        raise FontError(f"`{src.name}` converted cannot be kept in the cache folder {cache_dir()} (full or read-only)")
    return out


def registered_name(src: Path) -> str:
    """The name a font file is registered under (its content digest in it: two files, two names)."""
    return f"{src.stem}-{_digest(src)[:6]}"


@lru_cache(maxsize=None)
def register(path: str) -> str:
    """Register a font file with reportlab; returns its reportlab name."""
    src = Path(path)
    ttf = to_truetype(src)
    name = registered_name(src)
    try:
        pdfmetrics.registerFont(TTFont(name, str(ttf)))
    except TTFError as e:
        raise FontError(f"`{src.name}` cannot be embedded: {e}") from None
    except Exception as e:  # a truncated or damaged table: reportlab fails in assorted ways
        raise FontError(f"`{src.name}` is not a usable font (damaged: {e.__class__.__name__})") from None
    return name


def part_path(src: Path) -> Path:
    from pnp.text.fontparts import PART_VERSION
    return cache_dir() / f"{src.stem}-latin{PART_VERSION}-{_digest(src)}.ttf"


def latin_part(src: Path) -> Path:
    """The TrueType Latin part of a built-in font (pnp/text/fontparts.py), made once into the cache."""
    out = part_path(src)
    if out.is_file():
        return out
    from pnp.text.fontparts import cut_latin
    font = cut_latin(src)
    if "CFF " in font:
        _cff_to_glyf(font)
    narrow_marks(font)
    buf = io.BytesIO()
    font.save(buf)
    if not write(out, buf.getvalue(), FONT_BYTES):
        raise FontError(f"`{src.name}` (its Latin part) cannot be kept in the cache folder {cache_dir()} (full or read-only)")
    return out


@lru_cache(maxsize=None)
def register_part(path: str) -> str:
    """Register the Latin part of a built-in font (pnp/text/fontparts.py); returns its reportlab name."""
    src = Path(path)
    name = part_name(src)
    pdfmetrics.registerFont(TTFont(name, str(latin_part(src))))
    return name


def part_name(src: Path) -> str:
    return f"{src.stem}-latin-{_digest(src)[:6]}"


def role_digests(fonts) -> list | None:
    """(role, file, content digest) of every font a FontSet names, for cache fingerprints; None when a
    file cannot be read (or `fonts` names no roles). A role drawn with a font's Latin part is marked."""
    roles = getattr(fonts, "roles", None)
    if not isinstance(roles, dict):
        return None
    latin = getattr(fonts, "latin", ())
    try:
        return sorted((str(role), str(path) + ("#latin" if role in latin else ""), _digest(Path(path)))
                      for role, path in roles.items())
    except OSError:
        return None


def verify(path: Path, name: str) -> None:
    """Subset every glyph of a game's own font once, as the PDF writer will: a damaged glyph table is
    reported now, with the file, instead of failing while the PDF is written."""
    try:
        face = pdfmetrics.getFont(name).face
        face.makeSubset(sorted(face.charToGlyph))
    except Exception as e:
        raise FontError(f"`{Path(path).name}` is not a usable font (damaged: {e.__class__.__name__})") from None


def prepare_builtin() -> list[str]:
    """Convert the built-in fonts once (in parallel: one font per core), then register them."""
    paths = [builtin_path(n) for n in BUILTIN]
    todo = [p for p in paths if not (cache_dir() / f"{p.stem}-{_digest(p)}.ttf").is_file()]
    if len(todo) > 1 and (os.cpu_count() or 1) > 1:
        from concurrent.futures import ProcessPoolExecutor
        pool = ProcessPoolExecutor(max_workers=min(len(todo), os.cpu_count() or 1), initializer=_quiet_on_ctrl_c)
        try:
            list(pool.map(to_truetype, todo))
        except BaseException:   # Ctrl-C or a bad font: the other conversion (a minute of CPU) stops now
            from pnp.core.processes import stop_now
            stop_now(pool)
            raise
        pool.shutdown()
    return [register(str(p)) for p in paths]


def _quiet_on_ctrl_c():
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the caller's: it stops the workers and says so
    from pnp.core.processes import die_with_parent
    die_with_parent()


def fontmod_is_builtin(path) -> bool:
    return Path(path).name in BUILTIN.values()


class FontSet:
    """Font roles of one game (`sans`, `serif`, or any role game.yaml names) → registered fonts."""

    def __init__(self, roles: dict[str, Path], check: bool = True, cjk: bool = True):
        self.roles = dict(roles)
        # cjk=False (a game that prints no CJK text): the built-in fonts' roles draw with their Latin part
        self.latin = set() if cjk else {r for r, p in self.roles.items() if fontmod_is_builtin(p)}
        self.names: dict[str, str] = {}   # roles registered so far (fonts load on first use)
        self._cmap: dict = {}
        self._widths: dict = {}           # (text, role, size) -> width: stringWidth is exact and deterministic
        self.laid_memo: dict = {}         # text layouts of this font set (pnp/render/text.py keeps them)
        self.system: dict = {}            # role key → (family, file) found through fontconfig (the manifest)
        if check:  # game fonts are verified up front so a bad file is reported before rendering
            for role, path in self.roles.items():
                if not fontmod_is_builtin(path):
                    verify(path, self.name(role))
        # Convert (once, into the cache) before any face is resolved: a conversion takes ~20 s of CPU
        # and must not run inside a template's time budget. Registration itself stays lazy (~0.1 s).
        builtin = [p for r, p in self.roles.items() if fontmod_is_builtin(p) and r not in self.latin]
        missing = [p for p in dict.fromkeys(builtin) if not (cache_dir() / f"{Path(p).stem}-{_digest(Path(p))}.ttf").is_file()]
        if len(missing) > 1:
            prepare_builtin()
        for p in missing[:1]:
            to_truetype(Path(p))
        if self.latin:
            for p in dict.fromkeys(self.roles[r] for r in self.latin):
                latin_part(Path(p))

    def face(self, role: str, bold: bool, italic: bool) -> tuple[str, bool, bool]:
        """(font key, synthetic bold, synthetic italic) for a style of `role`: its own bold/italic face
        when game.yaml names one, else the regular face drawn bold or oblique."""
        if not (bold or italic):
            return role, False, False
        want = "bold_italic" if bold and italic else "bold" if bold else "italic"
        if f"{role}:{want}" in self.roles:
            return f"{role}:{want}", False, False
        if bold and italic:
            for have, b, i in (("bold", False, True), ("italic", True, False)):
                if f"{role}:{have}" in self.roles:
                    return f"{role}:{have}", b, i
        return role, bold, italic

    def name(self, role: str) -> str:
        n = self.names.get(role)
        if n is None:
            reg = register_part if role in self.latin else register
            n = self.names[role] = reg(str(self.roles[role]))
            self._cmap[role] = pdfmetrics.getFont(n).face.charToGlyph
        return n

    def _widen(self, role: str, chars) -> bool:
        """A role drawn with a Latin part meets a character only the whole font has (a template made
        it): the role draws with the whole font from now on. False when the whole font lacks them too."""
        from pnp.text.fontparts import source_cmap
        if role not in self.latin or not any(ord(ch) in source_cmap(str(self.roles[role])) for ch in chars):
            return False
        self.latin.discard(role)
        self.names.pop(role, None)
        self._cmap.pop(role, None)
        self.name(role)
        return True

    def need(self, names) -> None:
        """Register the roles whose fonts have these reportlab names: the faces using them were read
        back (a warm session, the face store), not resolved here, and will be measured and drawn."""
        if not set(names) <= set(self.names.values()):
            for role, path in self.roles.items():
                if registered_name(Path(path)) in names and (role not in self.names or role in self.latin):
                    self.latin.discard(role)
                    self.names.pop(role, None)
                    self.name(role)
                elif fontmod_is_builtin(path) and part_name(Path(path)) in names:
                    register_part(str(path))   # drawn by faces read back, whatever this set draws with
                    if role in self.latin:
                        self.name(role)

    def has(self, role: str, ch: str) -> bool:
        if role not in self._cmap:
            self.name(role)
        if ord(ch) in self._cmap[role] or ch in "\n\r\t":
            return True
        return self._widen(role, ch) and self.has(role, ch)

    def lacking(self, role: str, chars) -> set:
        """The characters of `chars` (a set) that `role` has no glyph for (as `has`, for many at once)."""
        if role not in self._cmap:
            self.name(role)
        cmap = self._cmap[role]
        out = {ch for ch in chars if ord(ch) not in cmap and ch not in "\n\r\t"}
        if out and self._widen(role, out):
            return self.lacking(role, chars)
        return out

    def width(self, text: str, role: str, size: float) -> float:
        key = (text, role, size)
        w = self._widths.get(key)
        if w is None:
            if len(self._widths) >= WIDTHS_KEPT:
                self._widths.clear()
            w = self._widths[key] = pdfmetrics.stringWidth(text, self.names.get(role) or self.name(role), size)
        return w
