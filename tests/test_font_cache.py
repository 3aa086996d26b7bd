"""A build with an empty font cache converts the fonts before resolving any face, so the (slow)
conversion never counts against a template's time budget."""
import time

from click.testing import CliRunner

from pnp.cli import main
from pnp.layout import templating
from pnp.render import fonts


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
