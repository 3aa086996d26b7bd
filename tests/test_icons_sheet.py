"""`pnp icons [GAME]`: a sheet naming every icon a layout may use."""
from __future__ import annotations

from conftest import run_pnp


def test_icon_sheet_names_builtin_and_game_icons(tmp_path):
    import pypdf
    game = tmp_path / "content" / "g"
    game.mkdir(parents=True)
    (game / "game.yaml").write_text("id: g\ntitle: G\nlanguages: [en]\ncomponents: {}\n", "utf-8")
    (tmp_path / "layouts" / "g").mkdir(parents=True)
    (tmp_path / "layouts" / "g" / "icons.yaml").write_text(
        "blob:\n  shapes:\n    - {path: \"M 0 0 L 100 0 L 50 100 Z\"}\n", "utf-8")
    r = run_pnp("--project", tmp_path, "icons", "g", "--out", tmp_path / "out")
    assert r.returncode == 0, r.stderr
    text = "".join(p.extract_text() for p in pypdf.PdfReader(tmp_path / "out" / "g" / "icons.pdf").pages)
    assert "blob" in text and "star" in text and "magnifier" in text
    r = run_pnp("--project", tmp_path, "icons", "--out", tmp_path / "out")
    text = "".join(p.extract_text() for p in pypdf.PdfReader(tmp_path / "out" / "icons.pdf").pages)
    assert r.returncode == 0 and "star" in text and "blob" not in text
    r = run_pnp("--project", tmp_path, "icons", "h", "--out", tmp_path / "out")
    assert r.returncode == 2 and "there is no game `h`" in r.stderr
