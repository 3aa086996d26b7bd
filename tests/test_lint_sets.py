"""The colour-only rule over the pieces of one component (both sides: it fires, it stays quiet)."""
from __future__ import annotations

from pnp.lint import colour
from tests.lintkit import lint

DISC = {"type": "ellipse", "x": 2, "y": 2, "w": 36, "h": 36, "fill": "{{ palette[card.colour] }}"}
LETTER = {"type": "text", "x": 10, "y": 12, "w": 20, "h": 16, "text": "{{ card.name }}", "size": 20,
          "align": "center", "color": "#000000"}
PALETTE = 'palette: {red: "#d62728", green: "#2ca02c", blue: "#1f77b4", orange: "#e69f00", yellow: "#f0e442"}\n'


def items(*pairs):
    return [{"id": f"t-{c}", "colour": c, "name": n} for c, n in pairs]


def test_pieces_that_differ_only_by_colour(tmp_path):
    found = lint(tmp_path, {"disc": DISC, "letter": LETTER}, "colour-only", game_extra=PALETTE, kind="tokens",
                 items=items(("red", "A"), ("blue", "A")), shape="circle")
    only = [f for f in found if "only by colour" in f.message]
    assert len(only) == 1 and "`t-red`, `t-blue`" in only[0].message and only[0].pos.line > 0


def test_a_letter_that_differs_is_enough(tmp_path):
    found = lint(tmp_path, {"disc": DISC, "letter": LETTER}, "colour-only", game_extra=PALETTE, kind="tokens",
                 items=items(("red", "A"), ("blue", "B")), shape="circle")
    assert [f for f in found if "only by colour" in f.message] == []


def test_type_colours_too_close_for_a_dichromat(tmp_path):
    # red and green: far apart for most people, close under protanopia and deuteranopia
    assert colour.delta_e("#d62728", "#2ca02c") > 10
    found = lint(tmp_path, {"disc": DISC, "letter": LETTER}, "colour-only", game_extra=PALETTE, kind="tokens",
                 items=items(("red", "A"), ("green", "B")), shape="circle")
    close = [f for f in found if "look alike" in f.message]
    assert len(close) == 1 and "deuteranopia" in close[0].message and "`red`" in close[0].message
    assert close[0].pos.file.endswith("game.yaml")       # at the palette entry


def test_type_colours_far_apart_stay_quiet(tmp_path):
    # blue and orange of the Okabe-Ito palette stay apart under every simulation
    found = lint(tmp_path, {"disc": DISC, "letter": LETTER}, "colour-only", game_extra=PALETTE, kind="tokens",
                 items=items(("blue", "A"), ("orange", "B")), shape="circle")
    assert found == []


def test_colour_only_can_be_turned_off(tmp_path):
    found = lint(tmp_path, {"disc": DISC, "letter": LETTER}, "colour-only", kind="tokens", shape="circle",
                 game_extra=PALETTE + "lint: {colour-only: off}\n", items=items(("red", "A"), ("green", "A")))
    assert found == []


FULL = {"type": "rect", "x": -3, "y": -3, "w": 50, "h": 50, "fill": "{{ palette[card.colour] }}"}


def test_butted_pieces_with_different_edges_get_a_gap_when_it_costs_nothing(tmp_path):
    # 30 x 30 mm cards: a 2 mm gap still fits as many on A4 and Letter
    found = lint(tmp_path, {"bg": FULL, "letter": LETTER}, "bleed", game_extra=PALETTE, size="[30, 30]",
                 items=items(("red", "A"), ("blue", "B")))
    assert len(found) == 1 and "printed butted" in found[0].message and "gap_mm:" in found[0].message


def test_butted_pieces_quiet_with_a_gap_or_alike_edges(tmp_path):
    kw = dict(game_extra=PALETTE, size="[30, 30]")
    assert lint(tmp_path, {"bg": FULL, "letter": LETTER}, "bleed", options="{gap_mm: 4}",
                items=items(("red", "A"), ("blue", "B")), **kw) == []
    same = [{"id": "t-1", "colour": "red", "name": "A"}, {"id": "t-2", "colour": "red", "name": "B"}]
    assert lint(tmp_path / "s", {"bg": FULL, "letter": LETTER}, "bleed", items=same, **kw) == []
