"""Gradients in SVG art (`<linearGradient>`, `<radialGradient>`) drawn as pnp Gradients: vector PDF
shadings, read by the ink saver and the print lint like a layout's gradient fills."""
from __future__ import annotations

import io

import numpy as np
import pikepdf
import pytest

from facekit import PX_PER_MM, pixels
from pnp.core import ink
from pnp.core.pieces import Gradient, Shape
from test_layout_svg import _problems_of, _svg_game

HEAD = ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
        'width="100" height="50" viewBox="0 0 100 50">\n')
RED_BLUE = '<stop offset="0" stop-color="#ff0000"/><stop offset="1" stop-color="#0000ff"/>'


def _svg(body: str) -> str:
    return HEAD + body + "\n</svg>"


def _face(tmp_path, body, **el):
    """The face of the art drawn over 40 x 20 mm at (0, 10)."""
    from pnp.export import collect
    col = collect(_svg_game(tmp_path, _svg(body), **el), "g")
    return col, col.decks[0].cards[0].front


def _at(img, x_mm, y_mm):
    return img[round(y_mm * PX_PER_MM), round(x_mm * PX_PER_MM)]


def _near(got, want, tol=12):
    return np.abs(np.asarray(got) - np.asarray(want)).max() <= tol


def test_a_linear_gradient_is_a_vector_shading_with_no_image(tmp_path):
    from pnp.export import faces_pdf
    col, face = _face(tmp_path, f'<linearGradient id="g">{RED_BLUE}</linearGradient>'
                                '<rect width="100" height="50" fill="url(#g)"/>')
    shapes = [p for p in face.pieces if isinstance(p, Shape)]
    assert len(shapes) == 1 and shapes[0].gradient is not None and shapes[0].fill == shapes[0].gradient.colour
    img = pixels(col)
    assert _near(_at(img, 0.3, 20), (255, 0, 0)) and _near(_at(img, 39.7, 20), (0, 0, 255))
    mid = _at(img, 20, 20)
    assert _near(mid, (128, 0, 128), 20), mid
    assert _near(_at(img, 20, 11), mid, 3)             # constant down the shape (objectBoundingBox: 0 → 1 across)
    pdf = pikepdf.open(io.BytesIO(faces_pdf([face], col.fonts.name("sans"))))
    shadings, images = 0, 0
    for page in pdf.pages:
        for _n, x in page.Resources.get("/XObject", {}).items():
            images += x.Subtype == "/Image"
            images += sum(1 for _m, y in x.get("/Resources", {}).get("/XObject", {}).items() if y.Subtype == "/Image")
            shadings += len(x.get("/Resources", {}).get("/Shading", {}))
        shadings += len(page.Resources.get("/Shading", {}))
    assert shadings >= 1 and images == 0


def test_user_space_stops_in_styles_inherited_through_href_and_a_fill_from_the_group(tmp_path):
    body = ('<defs><linearGradient id="base"><stop offset="0" style="stop-color:#ff0000"/>'
            '<stop offset="100%" style="stop-color: #0000ff; stop-opacity: 1"/></linearGradient>'
            '<linearGradient id="down" xlink:href="#base" gradientUnits="userSpaceOnUse" x1="0" y1="10" x2="0" y2="40"/>'
            '</defs><g fill="url(#down)"><rect width="100" height="50"/></g>')
    col, _face_ = _face(tmp_path, body)
    img = pixels(col)
    assert _near(_at(img, 20, 10.5), (255, 0, 0)) and _near(_at(img, 20, 29.5), (0, 0, 255))   # pads beyond the ends
    assert _near(_at(img, 2, 20), _at(img, 38, 20), 3)          # constant across: it runs down
    assert _near(_at(img, 20, 20), (128, 0, 128), 20)          # y = 25 of 10 → 40: half way


def test_a_radial_gradient_on_a_wide_box_is_an_ellipse(tmp_path):
    body = ('<radialGradient id="r"><stop offset="0" stop-color="#ffffff"/><stop offset="1" stop-color="#000000"/>'
            '</radialGradient><rect width="100" height="50" fill="url(#r)"/>')
    col, face = _face(tmp_path, body)
    img = pixels(col).mean(axis=2)
    centre, side, top = img[200, 200], img[200, 300], img[150, 200]   # 10 mm right, 5 mm up: both half way
    assert centre > 240 and abs(side - top) <= 6 and 100 < side < 160, (centre, side, top)
    g, mm = face.pieces[0].gradient, 72 / 25.4          # face coordinates are points
    assert g.at(20 * mm, 20 * mm) == "#ffffff" and g.at(40 * mm, 20 * mm) == g.at(20 * mm, 10 * mm) == "#000000"


@pytest.mark.parametrize("transform", ["translate(20 0) scale(60 1)", "matrix(60 0 0 1 20 0)",
                                       "translate(20,0),scale(60,1)"])
def test_a_gradient_transform_moves_and_scales_the_gradient(tmp_path, transform):
    body = (f'<linearGradient id="g" gradientUnits="userSpaceOnUse" x2="1" gradientTransform="{transform}">{RED_BLUE}'
            '</linearGradient><rect width="100" height="50" fill="url(#g)"/>')
    img = pixels(_face(tmp_path, body)[0])
    assert _near(_at(img, 7, 20), (255, 0, 0)) and _near(_at(img, 33, 20), (0, 0, 255))   # red to 20, blue from 80
    assert _near(_at(img, 20, 20), (128, 0, 128), 20)


def test_one_stop_opacity_is_the_shapes_and_fill_opacity_counts(tmp_path):
    stops = '<stop offset="0" stop-color="red" stop-opacity="0.5"/><stop offset="1" stop-color="blue" stop-opacity=".5"/>'
    _col, face = _face(tmp_path, f'<linearGradient id="g">{stops}</linearGradient>'
                                 '<rect width="100" height="50" fill="url(#g)" fill-opacity="0.5"/>')
    assert face.pieces[0].gradient is not None and face.pieces[0].opacity == pytest.approx(0.25)


def test_the_ink_saver_and_the_lint_read_an_svg_gradient(tmp_path):
    from pnp.pipeline.build import check_game
    _col, face = _face(tmp_path, f'<linearGradient id="g">{RED_BLUE}</linearGradient>'
                                 '<rect width="100" height="50" fill="url(#g)"/>')
    s = ink.face(face).pieces[0]
    assert s.gradient is not None and [c for _t, c in s.gradient.stops] == [ink.tint("#ff0000"), ink.tint("#0000ff")]
    proj = _svg_game(tmp_path / "lint", _svg('<radialGradient id="r" gradientTransform="scale(1 0.5)">'
                                             f'{RED_BLUE}</radialGradient><rect width="100" height="50" fill="url(#r)"/>'))
    _prep, findings = check_game(proj, "g")
    assert not [f for f in findings if not f.check.startswith("lint:")], findings


def test_a_stretched_radial_gradient_keeps_its_frame():
    g = Gradient.over("radial", (0, 0, 1), ((0.0, "#000000"), (1.0, "#ffffff")), (0, 0, 20, 10),
                      matrix=(10, 0, 0, 5, 10, 5))
    assert g.at(10, 5) == "#000000" and g.at(20, 5) == g.at(10, 10) == "#ffffff" and g.at(15, 5) == g.at(10, 7.5)
    moved = g.shifted(100, 50)
    assert moved.at(115, 55) == g.at(15, 5) and moved.matrix == (10, 0, 0, 5, 110, 55)
    assert g.recoloured(lambda c: "#123456").matrix == g.matrix


@pytest.mark.parametrize("body, says", [
    (f'<linearGradient id="g" spreadMethod="reflect">{RED_BLUE}</linearGradient>'
     '<rect width="5" height="5" fill="url(#g)"/>', ["line 2: <linearGradient>", "spreadMethod", "pad"]),
    (f'<linearGradient id="g">{RED_BLUE}</linearGradient>\n<rect width="5" height="5" stroke="url(#g)"/>',
     ["line 3: <rect>", "gradient on a stroke", "Stroke to Path"]),
    ('<style>.a { stroke: url(#g) }</style>', ["line 2: <style>", "gradient on a stroke"]),
    ('<pattern id="p"/><rect width="5" height="5" fill="url(#p)"/>', ["line 2: <pattern>", "patterns are not drawn"]),
    ('<linearGradient id="g" xlink:href="other.svg#h"/>', ["line 2: <linearGradient>", "its own gradients"]),
    ('<linearGradient id="g" xlink:href="#g"/>', ["line 2: <linearGradient>", "loop"]),
    ('<linearGradient id="g"><stop offset="0" stop-color="red"/>\n<stop offset="1" stop-color="blue" stop-opacity="0"/>'
     '</linearGradient>', ["line 3: <stop>", "fades", "one stop-opacity"]),
    ('<linearGradient id="g"><stop offset="0" stop-color="currentColor"/></linearGradient>',
     ["line 2: <stop>", "currentColor"]),
    (f'<linearGradient id="g" gradientTransform="rotate(">{RED_BLUE}</linearGradient>',
     ["line 2: <linearGradient>", "gradientTransform", "rotate("]),
    (f'<linearGradient id="g" gradientUnits="userSpaceOnUse" x2="50%">{RED_BLUE}</linearGradient>',
     ["line 2: <linearGradient>", "`x2`", "userSpaceOnUse"]),
    ('<rect width="5" height="5" fill="url(#nothing)"/>', ["line 2: <rect>", "`#nothing`", "no gradient"]),
])
def test_what_it_cannot_draw_is_refused_at_its_line(tmp_path, body, says):
    got = _problems_of(_svg_game(tmp_path, _svg(body)))
    assert len(got) == 1 and all(s in got[0] for s in says), got


def test_a_gradient_in_a_used_file_is_refused_at_its_line(tmp_path):
    proj = _svg_game(tmp_path, _svg('<use href="parts.svg#r"/>'))
    (proj.root / "content" / "g" / "art" / "parts.svg").write_text(
        _svg(f'<linearGradient id="g">{RED_BLUE}</linearGradient><rect id="r" width="5" height="5" fill="url(#g)"/>'))
    got = _problems_of(proj)
    assert len(got) == 1 and "parts.svg:2: <linearGradient>" in got[0] and "copy" in got[0], got


def test_the_reference_example_draws_three_gradients(tmp_path):
    from pnp.commands import docs
    from pnp.layout.svggrad import EXAMPLE
    from pnp.export import collect
    assert f"```xml\n{EXAMPLE}\n```" in docs.generate()
    col = collect(_svg_game(tmp_path, EXAMPLE, w=40, h=24), "g")
    shapes = col.decks[0].cards[0].front.pieces
    assert len(shapes) == 3 and all(s.gradient is not None for s in shapes)
    assert shapes[2].gradient.matrix is not None and shapes[1].gradient.matrix is None   # the squashed glow, the round sun
    img = pixels(col)
    assert _at(img, 20, 10.5)[2] > _at(img, 20, 33.5)[2] and _at(img, 20, 33.5)[0] > 200   # blue sky down to yellow
