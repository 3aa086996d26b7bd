"""`rotate` on every element type (text fitted in its own frame) and `mirror` on images and icons,
checked on the rasterised face."""
import numpy as np
from PIL import Image

from facekit import box_of, draw, problems


def _dark(img):
    return img.sum(axis=2) < 300


def test_rect_turned_about_its_centre(tmp_path):
    img = draw(tmp_path, {"bar": {"type": "rect", "x": 5, "y": 15, "w": 30, "h": 10, "fill": "black", "rotate": 90}})
    x0, y0, x1, y1 = box_of(_dark(img))
    assert abs(x0 - 15) < 0.3 and abs(x1 - 25) < 0.3 and abs(y0 - 5) < 0.3 and abs(y1 - 35) < 0.3, (x0, y0, x1, y1)


def test_rect_turned_about_an_origin(tmp_path):
    # turned 90° clockwise about its top-left corner (5, 15): it now hangs down-left of that corner
    img = draw(tmp_path, {"bar": {"type": "rect", "x": 5, "y": 15, "w": 20, "h": 4, "fill": "black",
                                  "rotate": 90, "origin": [5, 15]}})
    x0, y0, x1, y1 = box_of(_dark(img))
    assert abs(x0 - 1) < 0.3 and abs(x1 - 5) < 0.3 and abs(y0 - 15) < 0.3 and abs(y1 - 35) < 0.3, (x0, y0, x1, y1)


def test_45_degrees_is_a_diamond(tmp_path):
    img = draw(tmp_path, {"sq": {"type": "rect", "x": 10, "y": 10, "w": 20, "h": 20, "fill": "black", "rotate": 45}})
    x0, y0, x1, y1 = box_of(_dark(img))
    half = 10 * 2 ** 0.5
    assert abs((x1 - x0) - 2 * half) < 0.4 and abs((y1 - y0) - 2 * half) < 0.4
    assert not _dark(img)[int(10.5 * 10), int(10.5 * 10)]       # the old corner is now empty


def test_text_is_fitted_in_its_own_frame_then_turned(tmp_path):
    """A line that fills a 36 mm wide box, turned 90°: the ink is tall and narrow, and it fits (the
    fitter measured the 36 mm, not the 8 mm the box is wide on the card after turning)."""
    el = {"type": "text", "x": 2, "y": 16, "w": 36, "h": 8, "text": "ROTATED WORDS", "size": 14,
          "min_size": 6, "rotate": 90, "valign": "middle", "align": "center"}
    img = draw(tmp_path, {"t": el}, safe="0mm")
    x0, y0, x1, y1 = box_of(_dark(img))
    assert (y1 - y0) > 2.5 * (x1 - x0), (x0, y0, x1, y1)
    assert 2 <= y0 and y1 <= 38 and 15 <= x0 and x1 <= 25


def test_image_mirror_and_rotate(tmp_path):
    from lintkit import project
    proj = project(tmp_path, {"pic": {"type": "image", "src": "art.png", "x": 0, "y": 0, "w": 40, "h": 40,
                                      "fit": "stretch", "mirror": "horizontal"}})
    art = np.zeros((20, 20, 3), np.uint8)
    art[:, :10] = (255, 0, 0)
    art[:, 10:] = (0, 0, 255)
    Image.fromarray(art).save(proj.root / "content" / "g" / "art.png")
    from facekit import pixels
    from pnp.export import collect
    img = pixels(collect(proj, "g"))
    assert img[200, 50][2] > 200 and img[200, 350][0] > 200       # blue now left, red right


def test_icon_mirror(tmp_path):
    """The gun icon points one way; mirrored, its ink is the reflection about the element's centre."""
    base = {"type": "icon", "name": "gun", "x": 5, "y": 5, "w": 30, "h": 30}
    plain = _dark(draw(tmp_path / "a", {"i": base}))
    flipped = _dark(draw(tmp_path / "b", {"i": dict(base, mirror="horizontal")}))
    cx = lambda m: np.nonzero(m)[1].mean() / 10          # noqa: E731  centroid x in mm
    assert abs(cx(plain) - 20) > 1                         # asymmetric: the test can tell
    assert abs(cx(plain) + cx(flipped) - 40) < 0.2
    assert abs(int(plain.sum()) - int(flipped.sum())) < 0.01 * plain.sum()


def test_bad_origin_is_a_problem(tmp_path):
    got = problems(tmp_path, {"r": {"type": "rect", "w": 5, "h": 5, "fill": "red", "rotate": 10, "origin": [1]}})
    assert len(got) == 1 and "`origin` is `[1]`" in got[0], got


def test_mirror_only_where_declared(tmp_path):
    got = problems(tmp_path, {"r": {"type": "rect", "w": 5, "h": 5, "fill": "red", "mirror": "horizontal"}})
    assert len(got) == 1 and "unknown parameter `mirror`" in got[0], got


def test_print_lint_sees_the_turned_text(tmp_path):
    from lintkit import lint
    el = {"type": "text", "x": 4, "y": 18, "w": 24, "h": 4, "text": "Turned", "size": 8}
    assert lint(tmp_path / "a", {"t": el}, "safe-area") == []
    got = lint(tmp_path / "b", {"t": dict(el, rotate=90, origin=[4, 18])}, "safe-area")
    assert len(got) == 1 and "left edge" in got[0].message, got
