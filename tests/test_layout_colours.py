"""Colours as a Squib user writes them, checked on the drawn face."""
import numpy as np
import pytest

from facekit import draw, problems
from pnp.core import colors


def _centre(img):
    h, w, _ = img.shape
    return img[h // 2, w // 2]


def test_all_148_css_names():
    assert len(colors.CSS) == 148
    assert colors.parse("rebeccapurple") == "#663399"
    assert colors.parse("LightGoldenRodYellow") == "#fafad2"


@pytest.mark.parametrize("value, rgb", [
    ("crimson", (220, 20, 60)),
    ("#0a0", (0, 170, 0)),
    ("rgb(0, 0, 255)", (0, 0, 255)),
    ("rgb(100%, 50%, 0%)", (255, 128, 0)),
    ("hsl(120, 100%, 25%)", (0, 128, 0)),
    ("ink", (47, 111, 159)),               # a palette name
])
def test_fill_prints_the_colour(tmp_path, value, rgb):
    img = draw(tmp_path, {"bg": {"type": "rect", "x": 0, "y": 0, "w": "40mm", "h": "40mm", "fill": value}},
               game_extra='palette: {ink: "#2f6f9f"}\n')
    assert np.abs(_centre(img) - rgb).max() <= 2, _centre(img)


@pytest.mark.parametrize("value", ["#00000080", "rgba(0, 0, 0, 0.5)", "hsla(0, 0%, 0%, 50%)"])
def test_alpha_is_opacity(tmp_path, value):
    img = draw(tmp_path, {"bg": {"type": "rect", "x": 0, "y": 0, "w": "40mm", "h": "40mm", "fill": value}})
    assert 110 < _centre(img).mean() < 145, _centre(img)


def test_palette_may_use_css_names(tmp_path):
    img = draw(tmp_path, {"bg": {"type": "rect", "x": 0, "y": 0, "w": "40mm", "h": "40mm", "fill": "team"}},
               game_extra="palette: {team: teal}\n")
    assert tuple(_centre(img)) == (0, 128, 128)


def test_typo_gets_did_you_mean(tmp_path):
    got = problems(tmp_path, {"bg": {"type": "rect", "fill": "crimsn"}})
    assert len(got) == 1 and "`crimsn` is not a colour" in got[0] and "did you mean `crimson`?" in got[0], got


def test_bad_hex_and_function_are_problems(tmp_path):
    got = problems(tmp_path, {"a": {"type": "rect", "fill": "#12345"}, "b": {"type": "rect", "fill": "hsl(10, 2, 3)"}})
    assert any("not a hex colour" in g for g in got) and any("percentages" in g for g in got), got


def test_translucent_text_is_refused(tmp_path):
    got = problems(tmp_path, {"t": {"type": "text", "text": "Hi", "color": "#ff000080"}})
    assert len(got) == 1 and "works on shapes only" in got[0], got
