"""A build with an empty font cache converts the fonts before resolving any face, so the (slow)
conversion never counts against a template's time budget."""
import time
from pathlib import Path

from click.testing import CliRunner

from pnp.commands.cli import main
from pnp.templates import templating
from pnp.text import fonts


def test_cold_font_cache_does_not_time_out_templates(tmp_path, monkeypatch):
    real_cache = fonts.cache_dir()
    real_convert = fonts.to_truetype
    converted = []

    def slow_convert(src):
        """Stands in for the real conversion: burns more CPU than a template may use, then answers
        with the already converted font."""
        if not (tmp_path / "cache" / "fonts" / src.name).exists():
            end = time.process_time() + 2 * templating.MAX_SECONDS
            while time.process_time() < end:
                pass
            converted.append(src.name)
            (tmp_path / "cache" / "fonts").mkdir(parents=True, exist_ok=True)
            (tmp_path / "cache" / "fonts" / src.name).write_bytes(b"")
        monkeypatch.setattr(fonts, "cache_dir", lambda: real_cache)
        try:
            return real_convert(src)
        finally:
            monkeypatch.setattr(fonts, "cache_dir", lambda: tmp_path / "cache" / "fonts")

    monkeypatch.setattr(templating, "MAX_SECONDS", 0.3)
    monkeypatch.setattr(fonts, "cache_dir", lambda: tmp_path / "cache" / "fonts")
    monkeypatch.setattr(fonts, "to_truetype", slow_convert)
    monkeypatch.setattr(fonts, "prepare_builtin", lambda: [slow_convert(fonts.builtin_path(n)) for n in fonts.BUILTIN])
    fonts.register.cache_clear()
    result = CliRunner().invoke(main, ["build", "criminal-poker", "-j", "1", "--out", str(tmp_path / "out")])
    fonts.register.cache_clear()
    assert result.exit_code == 0, result.output
    assert converted, "the stand-in conversion never ran"


def _tiny_cff_font(path):
    """A two-glyph OpenType font with CFF outlines: converts in milliseconds, as the built-in ones do in
    tens of seconds, through the same code."""
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen
    fb = FontBuilder(1000, isTTF=False)
    fb.setupGlyphOrder([".notdef", "A"])
    fb.setupCharacterMap({ord("A"): "A"})
    charstrings = {}
    for name in (".notdef", "A"):
        pen = T2CharStringPen(600, None)
        pen.moveTo((50, 0)), pen.lineTo((300, 700)), pen.curveTo((400, 600), (500, 300), (550, 0)), pen.closePath()
        charstrings[name] = pen.getCharString()
    fb.setupCFF("Tiny-Regular", {"FullName": "Tiny"}, charstrings, {})
    fb.setupHorizontalMetrics({".notdef": (600, 50), "A": (600, 50)})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "Tiny", "styleName": "Regular"})
    fb.setupOS2()
    fb.setupPost()
    fb.font["head"].created = fb.font["head"].modified = 3600 * 24 * 365 * 80  # a fixed date in the source
    fb.save(str(path))


def test_converted_font_bytes_do_not_depend_on_when_or_where(tmp_path, monkeypatch):
    """Two fresh caches, two moments: the same TrueType bytes (fontTools would stamp the conversion time
    into `head.modified`, and every PDF's embedded subset would differ from one machine to the next)."""
    src = tmp_path / "Tiny.otf"
    _tiny_cff_font(src)
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    out = []
    for n, now in ((1, 1_700_000_000), (2, 1_800_000_000)):
        monkeypatch.setattr(fonts, "cache_dir", lambda n=n: tmp_path / f"cache{n}")
        monkeypatch.setattr(time, "time", lambda now=now: float(now))
        out.append(fonts.to_truetype(src).read_bytes())
    assert out[0] == out[1]
    from fontTools.ttLib import TTFont
    import io
    head = TTFont(io.BytesIO(out[0]))["head"]
    assert head.modified == head.created == 3600 * 24 * 365 * 80


def test_font_hashes_are_remembered_by_path_size_and_time(tmp_path, monkeypatch):
    """A font's hash (its converted copy's name) is kept on disk; an edited file is hashed again, and a
    damaged record is ignored."""
    import os
    from pnp.text import fonts
    monkeypatch.setattr(fonts, "cache_dir", lambda: tmp_path / "cache")
    font = tmp_path / "f.otf"

    def digest():
        fonts._digest_of.cache_clear()
        fonts._kept_digests.cache_clear()
        return fonts._digest(font)
    font.write_bytes(b"a" * 100)
    first = digest()
    assert first in (tmp_path / "cache" / "digests.json").read_text("utf-8")
    st = font.stat()
    font.write_bytes(b"b" * 100)
    os.utime(font, ns=(st.st_atime_ns, st.st_mtime_ns + 10**9))
    second = digest()
    assert second != first
    (tmp_path / "cache" / "digests.json").write_text("{not json", "utf-8")
    assert digest() == second


def test_a_conversion_says_so_on_one_line(tmp_path, monkeypatch, capsys):
    """A first run is not silent while a font converts: one line on stderr per font (whether or not
    stderr is a terminal: it happens once per machine), none when the converted copy is kept."""
    src = tmp_path / "Tiny.otf"
    _tiny_cff_font(src)
    monkeypatch.setattr(fonts, "cache_dir", lambda: tmp_path / "cache")
    fonts.to_truetype(src)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "converting the font Tiny.otf to TrueType, once" in err
    fonts.to_truetype(src)
    assert capsys.readouterr().err == ""


def test_which_games_print_cjk(tmp_path):
    import lintkit
    from pnp.content.loader import load_game
    from pnp.text.fontparts import game_prints_cjk, prints_cjk
    assert prints_cjk(["zh-TW"], ()) and prints_cjk(["ja"], ()) and not prints_cjk(["en", "fr"], ("Café — “ok”",))
    assert prints_cjk(["en"], ("a dragon 龍",)) and prints_cjk(["en"], ("full-width ：",))
    face = {"t": {"type": "text", "x": 2, "y": 2, "w": 30, "h": 8, "text": "{{ card.name }}"}}
    english = lintkit.project(tmp_path / "a", face, items=[{"id": "one", "name": "Dragon"}])
    assert not game_prints_cjk(load_game(english.content / "g"), english.layouts)
    kanji = lintkit.project(tmp_path / "b", face, items=[{"id": "one", "name": "龍"}])
    assert game_prints_cjk(load_game(kanji.content / "g"), kanji.layouts)
    in_layout = lintkit.project(tmp_path / "c", {"t": {**face["t"], "text": "第 {{ card.name }}"}},
                                items=[{"id": "one", "name": "1"}])
    assert game_prints_cjk(load_game(in_layout.content / "g"), in_layout.layouts)


def test_the_latin_part_draws_alike_and_gives_way_to_the_whole_font(monkeypatch):
    """The Latin part measures Latin text as the whole font does; a CJK character a template made
    (no source text had it) switches the role to the whole font, an emoji neither has does not."""
    src = fonts.builtin_path("noto-sans-tc")
    whole = fonts.FontSet({"sans": src})
    part = fonts.FontSet({"sans": src}, cjk=False)
    text = "Hello, world — “quotes”, café, 12 × 3 ½ …"
    assert part.name("sans") == fonts.part_name(src) != whole.name("sans")
    assert part.width(text, "sans", 10) == whole.width(text, "sans", 10)
    assert part.lacking("sans", set(text)) == set()
    assert part.lacking("sans", {"\U0001F600"}) == {"\U0001F600"} and part.latin == {"sans"}
    assert part.lacking("sans", {"A", "龍"}) == set()
    assert part.latin == set() and part.name("sans") == whole.name("sans")
    assert ("sans", f"{src}", fonts._digest(src)) in fonts.role_digests(part)
    assert fonts.part_path(src).stat().st_size < fonts.to_truetype(src).stat().st_size / 10


def test_an_english_game_builds_without_converting_a_cjk_font(tmp_path, monkeypatch):
    """An empty font cache and a game that prints no CJK text: no whole-font conversion (the minute a
    first run used to wait), the PDF embeds the Latin part."""
    import lintkit
    from pnp.text import fontparts
    face = {"t": {"type": "text", "x": 2, "y": 2, "w": 30, "h": 8, "text": "{{ card.name }} — café"}}
    proj = lintkit.project(tmp_path, face, items=[{"id": "one", "name": "Dragon"}])
    converting = []
    monkeypatch.setattr(fonts, "cache_dir", lambda: tmp_path / "cache" / "fonts")
    monkeypatch.setattr(fontparts, "announce", lambda src, stream=None: converting.append(Path(src).name))
    fonts.register_part.cache_clear()
    fonts._digest_of.cache_clear()
    result = CliRunner().invoke(main, ["--project", str(proj.root), "build", "g", "-j", "1", "--no-cover",
                                       "--out", str(tmp_path / "out")])
    fonts.register_part.cache_clear()
    fonts._digest_of.cache_clear()
    assert result.exit_code == 0, result.output
    assert converting == []
    assert sorted(p.name.split("-latin")[0] for p in (tmp_path / "cache" / "fonts").glob("*-latin*.ttf")) == \
        ["NotoSansTC-Regular", "NotoSerifTC-Regular"]
    import pikepdf
    with pikepdf.open(tmp_path / "out" / "g" / "g.en.a4.pdf") as pdf:
        fonts_used = {str(f.get("/BaseFont")) for p in pdf.pages for f in (p.Resources.get("/Font") or {}).values()}
    assert fonts_used == {"/AAAAAA+NotoSansTC-Regular-Latin"}, fonts_used


def test_a_font_conversion_draws_a_progress_bar_on_a_terminal(monkeypatch):
    """A whole CJK font takes half a minute or more to convert: a terminal sees it move (issue: the
    first run was silent for about 50 s)."""
    import io
    from pnp.core import progress
    from pnp.text import fonts as fontmod
    from pnp.text.fontparts import cut_latin

    class Tty(io.StringIO):
        def isatty(self):
            return True

    tty = Tty()
    monkeypatch.setattr(progress, "DELAY", 0.0)
    monkeypatch.setattr("sys.stderr", tty)
    font = cut_latin(fontmod.builtin_path("noto-sans-tc"))     # a small CFF font: its Latin part
    fontmod._cff_to_glyf(font, "glyphs of test.otf")
    assert "[" in tty.getvalue() and "glyphs of test.otf" in tty.getvalue()
    assert "glyf" in font and "CFF " not in font
