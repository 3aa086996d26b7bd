"""Linear and radial gradient fills (pnp.layout.paint): printed as PDF shadings inside the shape, read
by the print lint and the ink saver as colours, kept by the fast drawing path and the face store."""
from __future__ import annotations

import io
import pickle

import numpy as np
import pikepdf
import pytest

import lintkit
from facekit import PX_PER_MM, draw, faces, pixels, problems
from pnp.core import ink
from pnp.core.pieces import Gradient, Shape

BG = {"type": "rect", "x": -3, "y": -3, "w": 46, "h": 46}
DOWN = dict(BG, fill={"linear": ["#ffffff", ["#000000", 1]], "angle": 90})


def _at(img, x_mm, y_mm):
    return img[round(y_mm * PX_PER_MM), round(x_mm * PX_PER_MM)]


def test_a_linear_gradient_runs_top_to_bottom_at_90_degrees(tmp_path):
    img = draw(tmp_path, {"bg": DOWN})
    top, mid, bottom = (_at(img, 20, y).mean() for y in (1, 20, 39))
    assert top > 215 and bottom < 40 and 100 < mid < 160, (top, mid, bottom)
    assert abs(_at(img, 2, 20).mean() - _at(img, 38, 20).mean()) <= 2   # constant across


def test_angle_0_runs_left_to_right_and_positions_place_the_stops(tmp_path):
    img = draw(tmp_path, {"bg": dict(BG, fill={"linear": [["red", 0], ["red", "40%"], ["blue", 0.6], "blue"]})})
    assert tuple(_at(img, 5, 20)) == (255, 0, 0) and tuple(_at(img, 36, 20)) == (0, 0, 255)
    left, right = _at(img, 19, 20), _at(img, 24, 20)
    assert left[0] > left[2] and right[2] > right[0]          # the change lies between 40 % and 60 %


def test_a_radial_gradient_from_its_centre_with_palette_names_and_templates(tmp_path):
    fill = {"radial": ["sun", "{{ card.colour }}"], "centre": [0.5, 0.5], "radius": 0.7}
    img = draw(tmp_path, {"disc": {"type": "ellipse", "x": 0, "y": 0, "w": 40, "h": 40, "fill": fill}},
               game_extra='palette: {sun: "#ffd700"}\n', items=[{"id": "one", "colour": "#0000c0"}])
    assert np.abs(_at(img, 20, 20) - (255, 215, 0)).max() <= 3
    edge = _at(img, 20, 39)    # 19 mm from the centre, the radius is 0.7 x 28.3 mm
    assert edge[2] > 90 and edge[0] < 130, edge
    assert tuple(_at(img, 0.5, 0.5)) == (255, 255, 255)    # outside the ellipse: the paper


def test_the_gradient_is_a_vector_shading_in_the_forms_resources(tmp_path):
    from pnp.export import faces_pdf
    col = faces(tmp_path, {"bg": DOWN, "b": {"type": "rect", "x": 5, "y": 5, "w": 10, "h": 10, "fill": DOWN["fill"],
                                            "stroke": "#00ff00", "stroke_width": 2}}, items=[{"id": "a"}, {"id": "b"}])
    data = faces_pdf([c.front for c in col.decks[0].cards], col.fonts.name("sans"))
    pdf = pikepdf.open(io.BytesIO(data))
    shadings, images = [], 0
    for page in pdf.pages:
        for _name, x in page.Resources.get("/XObject", {}).items():
            assert x.Subtype == "/Form"
            images += sum(1 for _n, y in x.Resources.get("/XObject", {}).items() if y.Subtype == "/Image")
            for _n, sh in x.Resources.get("/Shading", {}).items():
                shadings.append((int(sh.ShadingType), list(sh.Extend)))
            assert b" sh" in x.read_bytes() and b"W n" in x.read_bytes()
    assert images == 0 and shadings and all(s == (2, [True, True]) for s in shadings), shadings
    img = pixels(col)
    assert _at(img, 5, 10)[1] > 200 and _at(img, 5, 10)[0] < 80, "the outline of a gradient shape is drawn"


def test_a_translucent_gradient_shape_is_drawn_on_the_page(tmp_path):
    img = draw(tmp_path, {"bg": dict(BG, fill={"linear": ["#000000", "#000000"]}, opacity=0.5)})
    assert 110 < _at(img, 20, 20).mean() < 145


def test_the_representative_colour_and_the_colour_at_a_point():
    g = Gradient.over("linear", (0, 0, 100, 0), ((0.0, "#000000"), (1.0, "#ffffff")), (0, 0, 100, 10))
    assert g.at(0, 5) == "#000000" and g.at(100, 5) == "#ffffff" and g.at(50, 0) in ("#7f7f7f", "#808080")
    assert g.at(-20, 0) == "#000000" and g.at(500, 0) == "#ffffff"
    assert g.colour in ("#7f7f7f", "#808080")
    s = Shape((("R", 0, 0, 100, 10, 0.0),), fill=g.colour, gradient=g)
    assert pickle.loads(pickle.dumps(s)) == s and hash(s) != hash(Shape(s.ops, fill=g.colour))


@pytest.mark.parametrize("fill, words", [
    ({"linear": ["red", "blue"], "angel": 90}, ["unknown key `angel`", "did you mean `angle`?"]),
    ({"linear": ["red"]}, ["2 to 32 colour stops"]),
    ({"linear": ["red", "#0000ff80"]}, ["translucent", "`opacity:`"]),
    ({"linear": ["red", ["blue", 1.5]]}, ["position of colour stop 2 is `1.5`"]),
    ({"linear": ["red", "blue"], "radial": ["red", "blue"]}, ["not both"]),
    ({"radial": ["red", "blue"], "angle": 30}, ["belongs to a linear gradient"]),
    ({"radial": ["red", "blue"], "centre": 0.5}, ["`centre` of a radial gradient"]),
    ({"linear": ["red", "bleu"]}, ["`bleu` is not a colour", "did you mean `blue`?"]),
    ({"colour": "red"}, ["names one of `linear:` or `radial:`"]),
])
def test_a_bad_gradient_is_a_problem_at_its_line(tmp_path, fill, words):
    got = problems(tmp_path, {"bg": dict(BG, fill=fill)})
    assert len(got) == 1 and "face.yaml:" in got[0] and all(w in got[0] for w in words), got


def test_the_contrast_lint_reads_the_colour_under_the_text(tmp_path):
    text = {"type": "text", "x": 4, "w": 32, "h": 6, "size": 9, "color": "#000000", "text": "Plain words here"}
    found = lintkit.lint(tmp_path / "a", {"bg": DOWN, "top": dict(text, y=2), "low": dict(text, y=32)}, rule="contrast")
    assert len(found) == 1 and "`low`" in found[0].message, [f.message for f in found]
    across = {"bg": dict(BG, fill={"linear": ["#ffffff", "#ffffff", "#000000"]}), "t": dict(text, y=17, x=1, w=38, align="right")}
    found = lintkit.lint(tmp_path / "b", across, rule="contrast")
    assert len(found) == 1, "the dark end under a run is judged, not only its middle"


def test_every_lint_rule_runs_on_a_face_with_gradients(tmp_path):
    els = {"bg": DOWN, "badge": {"type": "ellipse", "x": 5, "y": 5, "w": 12, "h": 12,
                                 "fill": {"radial": ["#ffffff", "#203040"]}, "rotate": 30},
           "t": {"type": "text", "x": 4, "y": 30, "w": 32, "h": 6, "text": "Words", "color": "#ffffff"}}
    found = lintkit.lint(tmp_path, els, items=[{"id": "a"}, {"id": "b"}], back={"bg": DOWN},
                         comp_extra="    secret: true\n")
    assert all(f.check.startswith("lint:") for f in found)


def test_the_ink_saver_lightens_a_gradient_as_it_lightens_a_fill(tmp_path):
    col = faces(tmp_path, {"panel": {"type": "rect", "x": 5, "y": 5, "w": 30, "h": 30,
                                     "fill": {"linear": ["#000080", "#800000"]}}})
    face = col.decks[0].cards[0].front
    saved = ink.face(face)
    s = saved.pieces[0]
    assert s.gradient is not None and s.fill == s.gradient.colour == ink.tint(face.pieces[0].fill)
    assert [c for _t, c in s.gradient.stops] == [ink.tint("#000080"), ink.tint("#800000")]
    img = pixels(col, saved)
    assert _at(img, 6, 20).min() > 200 and _at(img, 6, 20)[2] > _at(img, 6, 20)[0]   # a light blue tint
    card = dict(DOWN, w=69, h=94)
    full = faces(tmp_path / "full", {"bg": card}, size="[63, 88]").decks[0].cards[0].front
    assert ink.face(full).pieces == ()       # a full-bleed gradient goes, as a full-bleed fill does
    token = ink.face(faces(tmp_path / "token", {"bg": DOWN}).decks[0].cards[0].front).pieces[0]
    assert [c for _t, c in token.gradient.stops] == ["#ffffff", ink.tint("#000000")]   # a token's: a tint


def test_a_fill_recoloured_without_its_gradient_prints_flat(tmp_path):
    from dataclasses import replace
    col = faces(tmp_path, {"bg": DOWN})
    face = col.decks[0].cards[0].front
    flat = replace(face, pieces=(replace(face.pieces[0], fill="#ff0000"),))
    img = pixels(col, flat)
    assert tuple(_at(img, 20, 2)) == tuple(_at(img, 20, 38)) == (255, 0, 0)


def test_fast_drawing_writes_the_ordinary_code():
    import test_draw_fast as tdf
    g = Gradient.over("radial", (20, 20, 15), ((0.0, "#ffffff"), (0.5, "#ff0000"), (0.5, "#00ff00"), (1.0, "#0000ff")),
                      (5, 5, 35, 35))
    pieces = (Shape((("E", 5, 5, 30, 30),), fill=g.colour, gradient=g, stroke="#000000"),
              Shape((("R", 2, 3, 40, 50, 0.0),), fill="#fafafa"),
              Shape((("E", 5, 5, 30, 30),), fill=g.colour, gradient=g, transform=tdf.TURN))
    fast, ordinary = tdf._code(pieces, fast=True), tdf._code(pieces, fast=False)
    assert fast == ordinary and any("sh Q" in line for line in fast[0][0])


@pytest.fixture
def cache(tmp_path, monkeypatch):
    from test_face_store import _share_fonts
    folder = tmp_path / "cache"
    _share_fonts(folder)
    monkeypatch.setenv("PNP_CACHE", str(folder))
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    return folder


def test_faces_with_gradients_are_kept_between_builds(tmp_path, monkeypatch, cache):
    from pnp.pipeline.build import Options, build_game
    from pnp.resolve.face import Resolver
    project = lintkit.project(tmp_path, {"bg": DOWN, "t": {"type": "text", "x": 4, "y": 30, "w": 32, "h": 6,
                                                            "text": "{{ card.id }}", "stroke": "#ffffff",
                                                            "shadow": True}}, items=[{"id": "a"}, {"id": "b"}])
    build_game(project, "g", Options(out=tmp_path / "first", jobs=1))
    seen, real = [], Resolver.face
    monkeypatch.setattr(Resolver, "face", lambda self, *a: seen.append(a) or real(self, *a))
    build_game(project, "g", Options(out=tmp_path / "second", jobs=1))
    assert seen == []
    first = sorted((tmp_path / "first" / "g").glob("*.pdf"))
    assert first and [p.read_bytes() for p in first] == [(tmp_path / "second" / "g" / p.name).read_bytes() for p in first]


def test_a_colour_per_language_is_still_a_colour(tmp_path):
    img = draw(tmp_path, {"bg": dict(BG, fill={"en": "#00ff00"})})
    assert tuple(_at(img, 20, 20)) == (0, 255, 0)


def test_a_shape_moved_in_a_booklet_takes_its_gradient_along():
    from pnp.booklet.flow import shift
    g = Gradient.over("linear", (0, 0, 0, 10), ((0.0, "#000000"), (1.0, "#ffffff")), (0, 0, 10, 10))
    r = Gradient.over("radial", (5, 5, 5), g.stops, (0, 0, 10, 10))
    moved = shift([Shape((("R", 0, 0, 10, 10, 0.0),), fill=g.colour, gradient=g),
                   Shape((("R", 0, 0, 10, 10, 0.0),), fill=r.colour, gradient=r)], 100, 50)
    assert moved[0].gradient.coords == (100, 50, 100, 60) and moved[1].gradient.coords == (105, 55, 5)
    assert moved[0].gradient.at(100, 60) == "#ffffff" and moved[0].fill == moved[0].gradient.colour
