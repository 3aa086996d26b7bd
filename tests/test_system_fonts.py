"""game.yaml `fonts:` naming a system font family (`DejaVu Serif`), found through fontconfig
(`fc-match`, pnp/text/sysfonts.system_font): embedded like any font and recorded in the manifest; a
family fontconfig does not have, or no fontconfig at all, is an error at the line, never a substitute."""
import json
import os
import shutil
import stat

import pytest

import lintkit
from pnp.core.errors import Problems
from pnp.text import fonts as fontmod, sysfonts

TEXT = {"t": {"type": "text", "text": "Hello", "font": "serif", "x": 3, "y": 5, "w": 34, "h": 10, "size": 10}}


def tiny_font(path, family="Fake Serif"):
    """A TrueType font of boxes for the ASCII letters, named `family`."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    chars = [chr(c) for c in range(32, 127)]
    names = [".notdef"] + [f"g{ord(c)}" for c in chars]
    fb = FontBuilder(1000, isTTF=True)
    fb.setupGlyphOrder(names)
    fb.setupCharacterMap({ord(c): f"g{ord(c)}" for c in chars})
    glyphs = {}
    for n in names:
        pen = TTGlyphPen(None)
        if n != "g32":
            pen.moveTo((50, 0)), pen.lineTo((50, 700)), pen.lineTo((450, 700)), pen.lineTo((450, 0)), pen.closePath()
        glyphs[n] = pen.glyph()
    fb.setupGlyf(glyphs)
    fb.setupHorizontalMetrics({n: (500, 50) for n in names})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": family, "styleName": "Regular"})
    fb.setupOS2(sTypoAscender=800, usWinAscent=800, usWinDescent=200)
    fb.setupPost()
    fb.save(str(path))
    return path


@pytest.fixture
def fake_fc(tmp_path, monkeypatch):
    """A fake `fc-match` first on PATH answering (file, family) as the test sets them."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    answer = tmp_path / "answer"

    def set_answer(file, family):
        answer.write_text(f"{file}\n{family}\n80\n0\n", "utf-8")
    exe = bin_dir / "fc-match"
    exe.write_text(f"#!/bin/sh\ncat '{answer}'\n", "utf-8")
    exe.chmod(exe.stat().st_mode | stat.S_IEXEC)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    sysfonts._fc_match.cache_clear()
    yield set_answer
    sysfonts._fc_match.cache_clear()


def _project(tmp_path, fonts_line):
    return lintkit.project(tmp_path, TEXT, game_extra=fonts_line)


def _problems(proj):
    from pnp.pipeline.build import prepare
    try:
        prepare(proj, "g")
    except Problems as e:
        return [str(p) for p in e.problems]
    return []


def test_a_family_found_by_fontconfig_is_embedded_and_recorded(tmp_path, fake_fc):
    from pnp.pipeline.build import Options, build_game
    (tmp_path / "sys").mkdir()
    font = tiny_font(tmp_path / "sys" / "FakeSerif.ttf")
    fake_fc(font, "Fake Serif")
    proj = _project(tmp_path, 'fonts: {serif: "Fake Serif"}\n')
    out = tmp_path / "out"
    manifest = build_game(proj, "g", Options(out=out))
    got = manifest["system_fonts"]["serif"]
    assert got["family"] == "Fake Serif" and got["file"] == str(font)
    assert got["digest"] == fontmod._digest(font) and got["name"] == fontmod.registered_name(font)
    assert got["name"] in manifest["pdfs"][0]["fonts"]            # the PDF uses it…
    on_disk = json.loads((out / "g" / "manifest.json").read_text("utf-8"))
    assert on_disk["system_fonts"]["serif"]["file"] == str(font)
    import pikepdf
    from pdfutil import fonts_of
    with pikepdf.open(out / "g" / manifest["pdfs"][0]["path"].split("/")[-1]) as pdf:
        used = fonts_of(pdf)
    assert used.get("/AAAAAA+Fake-Serif") is True, used   # embedded, a subset (its PostScript name)


def test_a_substitute_is_never_taken_silently(tmp_path, fake_fc):
    fake_fc("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "DejaVu Sans")
    got = _problems(_project(tmp_path, 'fonts:\n  serif: "Garamond Premier"\n'))
    assert len(got) == 1, got
    assert got[0].endswith('game.yaml:5:10: no font "Garamond Premier" on this machine (fontconfig found '
                           '"DejaVu Sans") — install it or name a font file in the game folder'), got


def test_no_fontconfig_is_a_clear_error(tmp_path, monkeypatch):
    empty = tmp_path / "nobin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    sysfonts._fc_match.cache_clear()
    try:
        got = _problems(_project(tmp_path, 'fonts: {serif: "DejaVu Serif"}\n'))
    finally:
        sysfonts._fc_match.cache_clear()
    assert len(got) == 1 and 'no font "DejaVu Serif" on this machine (fontconfig is not installed: no fc-match) — ' \
        "install it or name a font file in the game folder" in got[0], got


def test_files_and_families_are_told_apart():
    assert sysfonts.is_family("DejaVu Serif") and sysfonts.is_family("Noto Sans CJK TC:bold")
    assert not sysfonts.is_family("fonts/Hand.ttf") and not sysfonts.is_family("Hand.OTF")
    assert not sysfonts.is_family("fonts\\Hand") and not sysfonts.is_family("Hand.woff2")


def test_a_missing_font_file_keeps_its_own_error(tmp_path):
    got = _problems(_project(tmp_path, 'fonts: {serif: fonts/Missing.ttf}\n'))
    assert len(got) == 1 and "font `fonts/Missing.ttf` is not a file inside the game folder" in got[0], got


def test_a_file_fontconfig_answers_that_pnp_cannot_embed(tmp_path, fake_fc):
    fake_fc("/usr/share/fonts/X11/misc/fixed.pcf.gz", "Fixed")
    got = _problems(_project(tmp_path, 'fonts: {serif: "Fixed"}\n'))
    assert len(got) == 1 and "which pnp cannot embed" in got[0], got


def test_real_fontconfig_finds_the_family_and_its_faces(tmp_path):
    from pnp.pipeline.build import prepare
    if not shutil.which("fc-match") or sysfonts._fc_match("DejaVu Serif")[1] != ("DejaVu Serif",):
        pytest.skip("needs fontconfig with DejaVu Serif")
    prep = prepare(_project(tmp_path, 'fonts: {serif: "DejaVu Serif"}\n'), "g")
    assert prep.fonts.roles["serif"].name == "DejaVuSerif.ttf"
    assert prep.fonts.roles["serif:bold"].name == "DejaVuSerif-Bold.ttf"   # its own bold, not a synthetic one
    assert prep.fonts.face("serif", True, False) == ("serif:bold", False, False)
    assert set(prep.fonts.system) == {"serif", "serif:bold", "serif:italic", "serif:bold_italic"}
