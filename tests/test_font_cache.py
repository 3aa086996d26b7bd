"""A build with an empty font cache converts the fonts before resolving any face, so the (slow)
conversion never counts against a template's time budget."""
import time

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
