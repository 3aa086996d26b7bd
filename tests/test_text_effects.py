"""A text element's outline (`stroke`, `stroke_width`: drawn with the glyphs, text render mode 2) and
drop shadow (`shadow`: an offset copy drawn first): seen on the printed face, unchanged fitting, the
contrast lint and the ink saver."""
from __future__ import annotations

import io

import numpy as np
import pikepdf
import pytest

import lintkit
from facekit import PX_PER_MM, box_of, faces, pixels, problems
from pnp.core import ink
from pnp.core.pieces import Run

TEXT = {"type": "text", "x": 4, "y": 12, "w": 32, "h": 14, "text": "Ohm", "size": 28, "align": "center"}


def _mask(img, rgb, tol=60):
    return np.abs(img - np.array(rgb)).max(axis=2) <= tol


def test_an_outline_is_drawn_round_the_glyphs(tmp_path):
    plain = pixels(faces(tmp_path / "a", {"t": dict(TEXT, color="#ffffff")}))
    assert not _mask(plain, (0, 0, 0), 100).any()         # white on white: nothing to see
    col = faces(tmp_path / "b", {"t": dict(TEXT, color="#ffffff", stroke="#000000", stroke_width=1)})
    assert _mask(pixels(col), (0, 0, 0), 100).sum() > 200
    run = col.decks[0].cards[0].front.pieces[0]
    assert (run.stroke, run.stroke_width) == ("#000000", 1.0)


def test_the_outline_is_text_render_mode_fill_and_stroke(tmp_path):
    from pnp.export import faces_pdf
    col = faces(tmp_path, {"t": dict(TEXT, color="#ff0000", stroke="#0000ff", stroke_width=0.8)})
    pdf = pikepdf.open(io.BytesIO(faces_pdf([col.decks[0].cards[0].front], col.fonts.name("sans"))))
    forms = [x for _n, x in pdf.pages[0].Resources.XObject.items()]
    code = b"".join(f.read_bytes() for f in forms)
    assert b"2 Tr" in code and b"0 0 1 RG" in code and b".8 w" in code and b"1 0 0 rg" in code


def test_a_shadow_is_an_offset_copy_drawn_first(tmp_path):
    col = faces(tmp_path, {"t": dict(TEXT, color="#ff0000", shadow={"dx": "1mm", "dy": "1mm", "color": "#0000ff"})})
    img = pixels(col)
    red, blue = box_of(_mask(img, (255, 0, 0))), box_of(_mask(img, (0, 0, 255)))
    assert red and blue
    assert abs((blue[2] - red[2]) - 1) < 0.3 and abs((blue[3] - red[3]) - 1) < 0.3, (red, blue)


def test_a_translucent_shadow_and_the_defaults(tmp_path):
    col = faces(tmp_path, {"t": dict(TEXT, color="#ffffff", shadow=True)})
    run = col.decks[0].cards[0].front.pieces[0]
    assert run.shadow == pytest.approx((0.4 * 72 / 25.4, 0.4 * 72 / 25.4, "#000000", 0.5))
    img = pixels(col)
    grey = _mask(img, (128, 128, 128), 30)
    assert grey.sum() > 50 and not _mask(img, (0, 0, 0), 40).any()     # half black: grey, never black
    col = faces(tmp_path / "c", {"t": dict(TEXT, shadow="#c0000080")})
    assert col.decks[0].cards[0].front.pieces[0].shadow[2:] == ("#c00000", pytest.approx(128 / 255))


def test_a_turned_text_casts_its_shadow_the_same_way_on_the_card(tmp_path):
    col = faces(tmp_path, {"t": dict(TEXT, color="#ff0000", rotate=180, shadow={"dx": "1mm", "dy": "1mm", "color": "#0000ff"})})
    img = pixels(col)
    red, blue = box_of(_mask(img, (255, 0, 0))), box_of(_mask(img, (0, 0, 255)))
    assert blue[2] > red[2] + 0.6 and blue[3] > red[3] + 0.6, (red, blue)   # still down and to the right


def test_fitting_is_unchanged(tmp_path):
    long = dict(TEXT, text="A longer line of words that must shrink to fit", size=14, min_size=6)
    a = faces(tmp_path / "a", {"t": long}).decks[0].cards[0].front.pieces
    b = faces(tmp_path / "b", {"t": dict(long, stroke="#000000", stroke_width=2, shadow=True)}).decks[0].cards[0].front.pieces
    assert [(r.x, r.y, r.size, r.text) for r in a] == [(r.x, r.y, r.size, r.text) for r in b]
    over = dict(long, min_size=14)
    plain = lintkit.lint(tmp_path / "c", {"t": over})
    effects = lintkit.lint(tmp_path / "d", {"t": dict(over, stroke="#000000", shadow=True)})
    assert [f.check for f in plain] == [f.check for f in effects]


def test_an_outlined_text_reads_on_either_colour(tmp_path):
    white = dict(TEXT, color="#ffffff", size=9, text="On white paper")
    assert lintkit.lint(tmp_path / "a", {"t": white}, rule="contrast")
    assert not lintkit.lint(tmp_path / "b", {"t": dict(white, stroke="#000000", stroke_width=0.6)}, rule="contrast")
    assert lintkit.lint(tmp_path / "c", {"t": dict(white, stroke="#000000", stroke_width=0.1)}, rule="contrast")
    assert lintkit.lint(tmp_path / "d", {"t": dict(white, stroke="#eeeeee", stroke_width=0.6)}, rule="contrast")


def test_the_ink_saver_drops_the_shadow_and_keeps_the_outline():
    r = Run(10, 20, "Gold", "Helvetica", 12, "#ffd700", stroke="#000000", stroke_width=0.6, shadow=(1, 1, "#000000", 0.5))
    got = ink.piece(r, 200, 200)
    assert got.shadow is None and got.stroke == "#000000" and got.color == "#ffd700"   # the outline reads on paper
    bare = ink.piece(Run(10, 20, "Gold", "Helvetica", 12, "#ffd700", shadow=(1, 1, "#000000", 0.5)), 200, 200)
    assert bare.shadow is None and bare.color == ink.DARK


def test_fast_drawing_writes_the_ordinary_code():
    import test_draw_fast as tdf
    from pnp.text import fonts
    font = fonts.register(str(fonts.builtin_path("noto-sans-tc")))
    pieces = (Run(3, 20, "Outline 外框", font, 12, "#ffffff", stroke="#000000", stroke_width=0.5),
              Run(3, 30, "Bold outline", font, 12, "#ffffff", bold=True, stroke="#ff0000", stroke_width=0.3),
              Run(3, 40, "Shadow", font, 12, "#202020", shadow=(1.2, 1.2, "#999999", 1.0)),
              Run(3, 50, "Both, turned", font, 9, "#202020", italic=True, stroke="#ffffff", stroke_width=0.4,
                  shadow=(1, 1, "#000000", 1.0), transform=tdf.TURN))
    assert tdf._code(pieces, fast=True) == tdf._code(pieces, fast=False)


@pytest.mark.parametrize("extra, words", [
    ({"shadow": {"dx": 1, "blur": 2}}, ["unknown key `blur` of a text shadow"]),
    ({"shadow": {"colour": "red"}}, ["unknown key `colour`", "did you mean `color`?"]),
    ({"shadow": {"dx": "30mm"}}, ["`dx` of a text shadow", "at most 10 mm"]),
    ({"stroke": "#00000080"}, ["works on shapes only"]),
    ({"stroke": "#000", "stroke_width": -1}, ["`stroke_width` is -1"]),
])
def test_bad_effects_are_problems_at_their_line(tmp_path, extra, words):
    got = problems(tmp_path, {"t": dict(TEXT, **extra)})
    assert len(got) == 1 and "face.yaml:" in got[0] and all(w in got[0] for w in words), got


def test_the_reference_examples_build(tmp_path):
    """The examples docs/reference.md gives for gradients and text effects resolve without a problem."""
    import re
    import textwrap
    import yaml
    from pnp.commands import docs
    ref = docs.generate()
    blocks = [b for b in re.findall(r"```yaml\n(.*?)```", ref, re.S) if b.startswith(("  background:", "  title:"))]
    assert len(blocks) == 2, blocks
    els = yaml.safe_load(textwrap.dedent("".join(blocks)))
    col = faces(tmp_path, els, size="[63, 88]", game_extra='palette: {paper: "#f4ecd8"}\n',
                items=[{"id": "one", "name": "Name"}])
    pieces = col.decks[0].cards[0].front.pieces
    assert sum(1 for p in pieces if getattr(p, "gradient", None)) == 2
    assert all(p.stroke and p.shadow for p in pieces if isinstance(p, Run))
    img = pixels(col)
    assert img[5 * PX_PER_MM, 300][1] > 200 and img[80 * PX_PER_MM, 300][1] < 60   # paper above, crimson below
    from PIL import Image
    Image.fromarray(img.astype("uint8")).save(tmp_path / "example.png")
