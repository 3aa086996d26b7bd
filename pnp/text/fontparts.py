"""The Latin part of a built-in font, for games that print no CJK text.

The built-in fonts are Noto Sans/Serif TC: about 65,000 CFF glyphs, which ReportLab can embed only
once converted to TrueType outlines — about a minute of CPU for both on a first run. A game whose
languages and texts hold no CJK character draws only the few thousand other glyphs (Latin, Greek,
Cyrillic, punctuation, symbols); their part of the font, cut out with fontTools' subsetter and
converted, takes a second, and prints the same outlines with the same widths.

`prints_cjk` decides it before any face is resolved (from the languages and the text of the game's
content and layout files); should a text still ask for a glyph only the whole font has (a template
that computes one), `FontSet` switches that role to the whole font then (pnp/text/fonts.py).
"""
from __future__ import annotations

import re
import sys
from functools import lru_cache
from pathlib import Path

CJK_LANGS = {"zh", "ja", "ko", "yue", "cmn", "lzh", "wuu", "hak", "nan"}
# what only a CJK text needs: Hangul jamo, CJK radicals to symbols and punctuation, kana, bopomofo,
# Hangul, the unified and compatibility ideographs, vertical and compatibility forms, full-width forms,
# and every supplementary ideograph plane
CJK_RANGES = ((0x1100, 0x11FF), (0x2E80, 0x33FF), (0x3400, 0x4DBF), (0x4E00, 0x9FFF), (0xA960, 0xA97F),
              (0xAC00, 0xD7FF), (0xF900, 0xFAFF), (0xFE10, 0xFE1F), (0xFE30, 0xFE4F), (0xFF00, 0xFFEF),
              (0x1F200, 0x1F2FF), (0x20000, 0x3FFFF))
CJK_RE = re.compile("[" + "".join(f"{chr(a)}-{chr(b)}" for a, b in CJK_RANGES) + "]")
TEXT_FILES = (".yaml", ".yml", ".md", ".csv", ".tsv", ".txt", ".json")
PART_VERSION = "3"   # 2: a PostScript name of its own; 3: narrow marks (fonts.narrow_marks)


def is_cjk(cp: int) -> bool:
    return any(a <= cp <= b for a, b in CJK_RANGES)


def prints_cjk(languages, texts) -> bool:
    """Whether a game may print CJK text: a CJK language, or a CJK character in any of `texts`."""
    if any(str(lang).split("-")[0].lower() in CJK_LANGS for lang in languages):
        return True
    return any(CJK_RE.search(t) for t in texts)


def file_texts(folders) -> list[str]:
    """The text of every content or layout file under the folders (unreadable files are skipped:
    loading the game reports them)."""
    out = []
    for folder in folders:
        folder = Path(folder)
        for p in sorted(folder.rglob("*")) if folder.is_dir() else ():
            if p.suffix.lower() in TEXT_FILES and p.is_file() and not p.is_symlink():
                try:
                    out.append(p.read_text("utf-8", errors="replace"))
                except OSError:
                    pass
    return out


def values(value):
    """Every string inside loaded content (spreadsheet cells included)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from values(k)
            yield from values(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from values(v)


def game_prints_cjk(game, layouts: Path, more=()) -> bool:
    """Whether a game may print CJK text: its languages, the text of its content folder (and its cards'
    values, spreadsheet cells included), and of the layout folders it draws with (its own, `common`,
    every folder a component's layout names, and the folders `more`: the built-in layouts)."""
    if prints_cjk(game.languages, ()):
        return True
    folders = {Path(layouts) / game.id, Path(layouts) / "common", *map(Path, more)}
    texts = []
    for comp in game.components.values():
        for spec in (comp.front, comp.back):
            folders.update(Path(layouts) / s.split("/")[0] for s in values(spec) if "/" in s and ".." not in s)
        texts += [t for item in comp.items for t in values(item.data)]
    texts += list(values(getattr(game, "phrases", None) or {}))
    return prints_cjk((), texts) or prints_cjk((), file_texts([game.root, *sorted(folders)]))


@lru_cache(maxsize=8)
def source_cmap(path: str) -> frozenset:
    """The code points the whole font has (its cmap only: read in a fraction of a second)."""
    from fontTools.ttLib import TTFont
    return frozenset(TTFont(path, lazy=True).getBestCmap())


def cut_latin(src: Path):
    """The font src without its CJK glyphs (a fontTools TTFont, outlines as in src), named apart."""
    from fontTools import subset
    from fontTools.ttLib import TTFont
    font = TTFont(str(src), recalcTimestamp=False)
    keep = [cp for cp in font.getBestCmap() if not is_cjk(cp)]
    opts = subset.Options()
    opts.layout_features = ["*"]
    opts.name_IDs, opts.name_languages, opts.name_legacy = ["*"], ["*"], True
    opts.notdef_outline, opts.glyph_names, opts.hinting = True, True, False
    opts.recalc_timestamp = False
    sub = subset.Subsetter(opts)
    sub.populate(unicodes=keep)
    sub.subset(font)
    # a PostScript name of its own: ReportLab keeps one font per PostScript name, so the part and the
    # whole font registered in one process would otherwise be one (the first registered)
    for rec in font["name"].names:
        if rec.nameID == 6:
            rec.string = f"{rec.toUnicode()}-Latin"
    return font


def announce(src: Path, stream=None) -> None:
    """One line on stderr as a font's (long) conversion starts: a first run is not silent for a minute."""
    stream = stream or sys.stderr
    try:
        stream.write(f"pnp: converting the font {Path(src).name} to TrueType, once (about half a minute; "
                     "later runs reuse it)…\n")
        stream.flush()
    except (OSError, ValueError):
        pass
