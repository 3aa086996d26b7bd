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


def test_icon_sheet_draws_the_png_and_svg_files_of_the_games_icons_folder(tmp_path):
    import io

    import pikepdf
    import pypdf
    from PIL import Image as PILImage
    from test_icon_files import STAR
    game = tmp_path / "content" / "g"
    (game / "icons").mkdir(parents=True)
    (game / "game.yaml").write_text("id: g\ntitle: G\nlanguages: [en]\ncomponents: {}\n", "utf-8")
    (game / "icons" / "gem.svg").write_text(STAR, "utf-8")
    PILImage.new("RGB", (20, 10), (255, 0, 0)).save(game / "icons" / "coin.png")
    (game / "icons" / "notes.txt").write_text("not an icon", "utf-8")
    r = run_pnp("--project", tmp_path, "icons", "g", "--out", tmp_path / "out")
    assert r.returncode == 0, r.stderr
    sheet = tmp_path / "out" / "g" / "icons.pdf"
    text = "".join(p.extract_text() for p in pypdf.PdfReader(sheet).pages)
    assert "gem" in text and "icons/gem.svg" in text and "coin" in text and "icons/coin.png" in text and "star" in text
    assert "notes" not in text
    pdf = pikepdf.open(io.BytesIO(sheet.read_bytes()))
    images = [x for page in pdf.pages for _n, x in page.Resources.get("/XObject", {}).items() if x.Subtype == "/Image"]
    assert len(images) == 1                                                    # the PNG, as a picture
    assert any(b"0 0.666667 0 rg" in page.Contents.read_bytes() or b"0 .666667 0 rg" in page.Contents.read_bytes()
               for page in pdf.pages)                                          # the SVG's green, as vectors
    (game / "icons" / "Bad Name.svg").write_text(STAR, "utf-8")
    r = run_pnp("--project", tmp_path, "icons", "g", "--out", tmp_path / "out")
    assert r.returncode == 2 and "Bad Name.svg" in r.stderr and "bad-name.svg" in r.stderr and "Traceback" not in r.stderr
