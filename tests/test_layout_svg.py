"""SVG in layouts: path arcs (`A`/`a`) and SVG images drawn as vector art, checked on the drawn face."""
import math

import pytest

from facekit import box_of, draw, problems
from pnp.layout import svgpath


def _dark(img):
    return img.sum(axis=2) < 300


def test_arc_circle(tmp_path):
    d = "M 10 20 A 10 10 0 1 0 30 20 A 10 10 0 1 0 10 20 Z"
    img = draw(tmp_path, {"c": {"type": "path", "d": d, "fill": "black"}})
    m = _dark(img)
    x0, y0, x1, y1 = box_of(m)
    assert max(abs(x0 - 10), abs(y0 - 10), abs(x1 - 30), abs(y1 - 30)) < 0.25, (x0, y0, x1, y1)
    area = m.sum() / 100      # mm²
    assert abs(area - math.pi * 100) < 3, area


def test_arc_sweep_picks_the_side(tmp_path):
    up = _dark(draw(tmp_path / "a", {"c": {"type": "path", "d": "M 10 20 A 10 10 0 0 1 30 20 Z", "fill": "black"}}))
    down = _dark(draw(tmp_path / "b", {"c": {"type": "path", "d": "M 10 20 a 10 10 0 0 0 20 0 Z", "fill": "black"}}))
    assert abs(box_of(up)[1] - 10) < 0.25 and abs(box_of(up)[3] - 20) < 0.25       # sweep 1: over the top
    assert abs(box_of(down)[1] - 20) < 0.25 and abs(box_of(down)[3] - 30) < 0.25   # sweep 0: underneath


def test_arc_radius_too_small_is_scaled_up():
    segs = svgpath.arc(0, 0, 1, 1, 0, False, True, 10, 0)
    assert segs and segs[-1][4:] == (10, 0)


def test_bad_arc_flag_is_a_problem(tmp_path):
    got = problems(tmp_path, {"c": {"type": "path", "d": "M 0 0 A 5 5 0 2 0 10 0", "fill": "black"}})
    assert len(got) == 1 and "arc flags must be 0 or 1" in got[0], got


DAGGER = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50" width="100" height="50">
  <rect x="0" y="0" width="50" height="50" fill="#ff0000"/>
  <g transform="translate(50,0)"><circle cx="25" cy="25" r="20" fill="blue" stroke="black" stroke-width="2"/></g>
  <path d="M 0 50 L 100 50" stroke="green" stroke-width="4"/>
</svg>"""


def _svg_game(tmp_path, svg, **el):
    from lintkit import project
    proj = project(tmp_path, {"art": dict({"type": "image", "src": "art/dagger.svg", "x": 0, "y": 10, "w": 40,
                                           "h": 20}, **el)})
    (proj.root / "content" / "g" / "art").mkdir()
    (proj.root / "content" / "g" / "art" / "dagger.svg").write_text(svg, encoding="utf-8")
    return proj


def test_svg_image_is_drawn_as_vector_shapes(tmp_path):
    from facekit import pixels
    from pnp.export import collect
    from pnp.core.pieces import Image, Shape
    col = collect(_svg_game(tmp_path, DAGGER), "g")
    face = col.decks[0].cards[0].front
    assert face.pieces and all(isinstance(p, Shape) for p in face.pieces)   # vectors, no bitmap
    assert not any(isinstance(p, Image) for p in face.pieces)
    assert all(p.join[2] == 4 for p in face.pieces if p.stroke)   # SVG's miter limit, not PDF's 10
    img = pixels(col)
    assert tuple(img[200, 100]) == (255, 0, 0)                 # the red square fills the left half (0–20 mm)
    assert tuple(img[200, 300]) == (0, 0, 255)                 # the blue disc's centre at 30 mm
    assert img[200, 205].sum() > 700                           # white between them (outside the disc)
    assert img[120, 300].sum() < 150                           # its black outline (2 units = 0.8 mm) 8 mm above


@pytest.mark.parametrize("body, says", [
    ('<text x="1" y="10"><textPath href="#p">Hi</textPath></text>', "line 2: <textPath>: text along a path is not "
     "drawn: convert it to outlines"),   # simple text is drawn (tests/test_svg_text.py)
    ('<defs><pattern id="p"/></defs><rect width="5" height="5" fill="url(#p)"/>', "patterns are not drawn"),
    ('<image href="x.png" width="5" height="5"/>', "embedded bitmaps are not drawn"),
])
def test_svg_features_it_cannot_draw_are_named(tmp_path, body, says):
    svg = f'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">\n{body}\n</svg>'
    got = _problems_of(_svg_game(tmp_path, svg))
    assert len(got) == 1 and "image `art/dagger.svg`" in got[0] and says in got[0], got


def test_svg_cover_is_refused_and_broken_svg_named(tmp_path):
    assert "`fit: cover` crops" in _problems_of(_svg_game(tmp_path / "a", DAGGER, fit="cover"))[0]
    got = _problems_of(_svg_game(tmp_path / "b", "<svg xmlns='http://www.w3.org/2000/svg'><rect"))
    assert len(got) == 1 and "not a readable SVG" in got[0], got


def _problems_of(proj):
    from pnp.core.errors import Problems
    from pnp.export import collect
    try:
        collect(proj, "g")
    except Problems as e:
        return [str(p) for p in e.problems]
    return []
