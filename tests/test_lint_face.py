"""Print lint rules over one face: min-text-size, safe-area, out-of-bounds, contrast (both sides)."""
from __future__ import annotations

import pytest

from pnp.pipeline.build import check_game
from pnp.core.errors import Problems
from pnp.lint import colour
from tests.lintkit import lint, project

BG = {"type": "rect", "x": -3, "y": -3, "w": 46, "h": 46, "fill": "#ffffff"}


def text(**kw):
    return dict({"type": "text", "x": 5, "y": 5, "w": 30, "h": 10, "text": "Hello", "size": 9}, **kw)


def test_min_text_size_uses_the_size_the_fitter_chose(tmp_path):
    # 9 pt requested, but the long text only fits at the minimum of 5 pt: the lint sees 5 pt
    long = "a rather long sentence that cannot fit at nine points in this small box"
    found = lint(tmp_path, {"bg": BG, "t": text(text=long, h=6, size=9, min_size=5)}, "min-text-size")
    assert len(found) == 1 and "5 pt after fitting" in found[0].message and "`t`" in found[0].message
    assert found[0].pos.file.endswith("face.yaml") and found[0].pos.line == 7 and found[0].card == "one"


def test_min_text_size_quiet_when_it_fits_large(tmp_path):
    assert lint(tmp_path, {"bg": BG, "t": text(size=9, min_size=5)}, "min-text-size") == []


def test_safe_area_fires_for_text_near_the_trim(tmp_path):
    found = lint(tmp_path, {"bg": BG, "t": text(x=1, y=10)}, "safe-area")
    assert len(found) == 1 and "1.0 mm from the left edge" in found[0].message and "3.0 mm safe" in found[0].message


def test_safe_area_fires_for_icons_and_on_round_pieces(tmp_path):
    icon = {"type": "icon", "name": "star", "x": 34, "y": 15, "w": 5, "h": 5}
    assert len(lint(tmp_path, {"bg": BG, "i": icon}, "safe-area")) == 1
    # a 5 mm icon in the corner of a round token is outside the circle's safe area even at x = 5
    corner = dict(icon, x=5, y=5)
    assert len(lint(tmp_path / "r", {"i": corner}, "safe-area", shape="circle", bleed="0mm")) == 1
    assert lint(tmp_path / "q", {"i": dict(icon, x=17.5, y=17.5)}, "safe-area", shape="circle", bleed="0mm") == []


def test_safe_area_quiet_inside(tmp_path):
    assert lint(tmp_path, {"bg": BG, "t": text(x=5, y=5, w=30)}, "safe-area") == []


def test_out_of_bounds_is_an_error_by_default(tmp_path):
    found = lint(tmp_path, {"bg": dict(BG, w=50)}, "out-of-bounds")
    assert len(found) == 1 and found[0].severity == "error" and "4.0 mm past the right edge" in found[0].message


def test_out_of_bounds_quiet_within_the_bleed(tmp_path):
    assert lint(tmp_path, {"bg": BG}, "out-of-bounds") == []


def test_contrast_against_the_shape_behind_the_text(tmp_path):
    band = {"type": "rect", "x": 0, "y": 0, "w": 40, "h": 20, "fill": "#2e8b6a"}
    found = lint(tmp_path, {"bg": BG, "band": band, "t": text(color="#ffffff")}, "contrast")
    assert len(found) == 1 and "4.19:1" in found[0].message and "#2e8b6a" in found[0].message
    # the same white text below the band sits on the white paper: 1:1
    found = lint(tmp_path / "b", {"bg": BG, "band": band, "t": text(y=25, color="#eeeeee")}, "contrast")
    assert len(found) == 1 and "#ffffff" in found[0].message


def test_contrast_large_text_needs_three_to_one(tmp_path):
    band = {"type": "rect", "x": 0, "y": 0, "w": 40, "h": 20, "fill": "#2e8b6a"}
    assert lint(tmp_path, {"bg": BG, "band": band, "t": text(color="#ffffff", size=14, h=12)}, "contrast") == []
    assert lint(tmp_path / "b", {"bg": BG, "t": text(color="#222222")}, "contrast") == []


def test_lint_levels_from_game_yaml(tmp_path):
    els = {"bg": dict(BG, w=50), "t": text(x=1)}
    found = lint(tmp_path, els, game_extra="lint: {out-of-bounds: warn, safe-area: off}\n")
    assert {f.check: f.severity for f in found} == {"lint:out-of-bounds": "warning"}
    found = lint(tmp_path / "e", els, game_extra="lint: {safe-area: error}\n")
    assert {f.check: f.severity for f in found} == {"lint:out-of-bounds": "error", "lint:safe-area": "error"}


def test_unknown_lint_rule_or_level_is_bad_input(tmp_path):
    with pytest.raises(Problems) as e:
        check_game(project(tmp_path, {"bg": BG}, game_extra="lint: {contrasts: error, safe-area: loud}\n"), "g")
    text_ = str(e.value)
    assert "`contrasts` is not a print lint rule" in text_ and "did you mean `contrast`" in text_
    assert "`safe-area` is set to `loud`" in text_


def test_many_cards_one_finding_naming_the_worst(tmp_path):
    items = [{"id": f"c{i}", "name": "x" * (30 + 8 * i)} for i in range(4)]
    found = lint(tmp_path, {"bg": BG, "t": text(text="{{ card.name }}", h=5, size=9, min_size=3)}, "min-text-size",
                 items=items)
    assert len(found) == 1 and found[0].card == "c3" and "more card" in found[0].message


def test_colour_arithmetic_matches_published_values():
    assert round(colour.contrast("#000000", "#ffffff"), 2) == 21.0
    assert round(colour.contrast("#777777", "#ffffff"), 2) == 4.48          # the classic WCAG grey
    # CIEDE2000 test data of Sharma, Wu and Dalal (2005), pair 1
    assert round(colour.delta_e_lab((50, 2.6772, -79.7751), (50, 0, -82.7485)), 4) == 2.0425
    assert round(colour.delta_e_lab((50, 2.5, 0), (73, 25, -18)), 4) == 27.1492
    # a deuteranope sees pure red and pure green far closer than anyone else
    assert colour.delta_e(colour.simulate("#ff0000", "deuteranopia"), colour.simulate("#00ff00", "deuteranopia")) < \
        colour.delta_e("#ff0000", "#00ff00") / 2


def test_bleed_a_coloured_fill_that_stops_at_the_trim(tmp_path):
    band = {"type": "rect", "x": 0, "y": 0, "w": 40, "h": 12, "fill": "#224488"}
    found = lint(tmp_path, {"band": band}, "bleed")
    assert len(found) == 1 and "stops at the" in found[0].message and "#224488" in found[0].message
    found = lint(tmp_path / "n", {"band": band}, "bleed", bleed="0mm")
    assert len(found) == 1 and "give layout `g/face` a `bleed:`" in found[0].message


def test_bleed_quiet_when_the_fill_runs_into_the_bleed_or_is_paper_white(tmp_path):
    assert lint(tmp_path, {"band": {"type": "rect", "x": -3, "y": -3, "w": 46, "h": 15, "fill": "#224488"}},
                "bleed") == []
    assert lint(tmp_path / "w", {"bg": {"type": "rect", "x": 0, "y": 0, "w": 40, "h": 40, "fill": "#ffffff"}},
                "bleed") == []
