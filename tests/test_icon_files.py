"""`:name:` in text (and `type: icon`) naming a PNG or SVG of the game's `icons/` folder
(pnp/layout/icons.file_icons): drawn at text size, SVG as vectors; names, clashes and confinement."""
import os

from PIL import Image as PILImage

import facekit
import lintkit
from test_layout_svg import _problems_of

STAR = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10">'
        '<path d="M5 0 L10 10 L0 10 Z" fill="#00aa00"/></svg>')
TEXT = {"t": {"type": "text", "text": "Pay 2 :coin: now", "x": 3, "y": 5, "w": 34, "h": 10, "size": 10}}


def _game(tmp_path, files: dict, elements=None, icons_yaml=None):
    proj = lintkit.project(tmp_path, elements or TEXT)
    folder = proj.root / "content" / "g" / "icons"
    folder.mkdir(exist_ok=True)
    for name, body in files.items():
        if name.endswith(".png"):
            PILImage.new("RGB", (20, 10), body).save(folder / name)
        else:
            (folder / name).write_text(body, "utf-8")
    if icons_yaml:
        (proj.root / "layouts" / "g" / "icons.yaml").write_text(icons_yaml, "utf-8")
    return proj


def _front(proj):
    from pnp.export import collect
    col = collect(proj, "g")
    return col, col.decks[0].cards[0].front


def test_a_png_in_icons_is_an_inline_image_at_text_size(tmp_path):
    from pnp.core.pieces import Image, Run
    col, face = _front(_game(tmp_path, {"coin.png": (255, 0, 0)}))
    (img,) = [p for p in face.pieces if isinstance(p, Image)]
    assert img.path.endswith("icons/coin.png") and abs(img.w - 10) < 1e-6 and abs(img.h - 5) < 1e-6   # 2:1, 10 pt
    runs = [p for p in face.pieces if isinstance(p, Run)]
    assert runs[0].x < img.x < runs[-1].x                      # between "Pay 2" and "now"
    px = facekit.pixels(col)
    assert ((px[:, :, 0] > 200) & (px[:, :, 1] < 60)).any()    # printed red


def test_an_svg_in_icons_is_drawn_as_vectors_in_its_colours_and_by_an_icon_element(tmp_path):
    from pnp.core.pieces import Image, Shape
    el = dict(TEXT, i={"type": "icon", "name": "coin", "x": 5, "y": 20, "w": 10, "h": 10})
    col, face = _front(_game(tmp_path, {"coin.svg": STAR}, el))
    shapes = [p for p in face.pieces if isinstance(p, Shape) and p.fill == "#00aa00"]
    assert len(shapes) == 2 and not any(isinstance(p, Image) for p in face.pieces)


def test_a_file_overrides_a_builtin_icon_but_clashes_with_the_games_own(tmp_path):
    from pnp.core.pieces import Shape
    el = {"t": dict(TEXT["t"], text="a :star:")}
    _col, face = _front(_game(tmp_path / "a", {"star.svg": STAR}, el))
    assert any(isinstance(p, Shape) and p.fill == "#00aa00" for p in face.pieces)   # the game's file, not common/
    own = "coin:\n  shapes:\n    - {circle: [50, 50, 40]}\n"
    got = _problems_of(_game(tmp_path / "b", {"coin.svg": STAR}, icons_yaml=own))
    assert len(got) == 1 and "icons/coin.svg" in got[0] and "both this file and an icon of" in got[0], got
    got = _problems_of(_game(tmp_path / "c", {"coin.svg": STAR, "coin.png": (0, 0, 0)}))
    assert len(got) == 1 and "icon `coin` is two files, `coin.png` and `coin.svg`" in got[0], got


def test_an_unknown_name_suggests_files_and_yaml_icons(tmp_path):
    got = _problems_of(_game(tmp_path / "a", {"coin.png": (0, 0, 0)}, {"t": dict(TEXT["t"], text=":coyn:")}))
    assert len(got) == 1 and "unknown icon `:coyn:`" in got[0] and "did you mean `coin`?" in got[0], got
    got = _problems_of(_game(tmp_path / "b", {"coin.png": (0, 0, 0)}, {"t": dict(TEXT["t"], text=":sttar:")}))
    assert "did you mean `star`?" in got[0], got


def test_icon_files_are_confined_and_named_as_text_can_name_them(tmp_path):
    outside = tmp_path / "elsewhere.png"
    PILImage.new("RGB", (4, 4), (0, 0, 0)).save(outside)
    proj = _game(tmp_path / "a", {})
    os.symlink(outside, proj.root / "content" / "g" / "icons" / "coin.png")
    got = _problems_of(proj)
    assert len(got) == 1 and "icons/coin.png" in got[0] and "link that leads outside the game folder" in got[0], got
    got = _problems_of(_game(tmp_path / "b", {"Gold Coin.svg": STAR, "photo.jpg": "x", "notes.txt": "x"},
                             {"t": dict(TEXT["t"], text="x")}))
    assert len(got) == 2, got
    assert "cannot be named in text" in got[0] and "`gold-coin.svg`" in got[0], got
    assert "photo.jpg" in got[1] and "an icon is a PNG or SVG file, not JPG" in got[1], got
    got = _problems_of(_game(tmp_path / "c", {"coin.svg": "<svg"}, {"t": dict(TEXT["t"], text="x")}))
    assert len(got) == 1 and "icons/coin.svg" in got[0] and "not a readable SVG" in got[0], got


def test_an_icon_folder_that_is_a_link_outside_is_refused(tmp_path):
    elsewhere = tmp_path / "shared-icons"
    elsewhere.mkdir()
    PILImage.new("RGB", (4, 4), (0, 0, 0)).save(elsewhere / "coin.png")
    proj = lintkit.project(tmp_path / "p", TEXT)
    os.symlink(elsewhere, proj.root / "content" / "g" / "icons")
    got = _problems_of(proj)
    assert len(got) == 1 and "link that leads outside the game folder" in got[0], got
