"""SVG in layouts: path arcs (`A`/`a`) and SVG images drawn as vector art, checked on the drawn face."""
import math

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
