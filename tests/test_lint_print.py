"""Print lint rules for what happens at the table and at the printer: greyscale, fit, secret-backs and
the ink-saver faces — each fires for the reason it names, and stays quiet when the print is fine."""
from __future__ import annotations

import pytest

from conftest import run_pnp
from pnp.core.errors import Problems
from pnp.core.findings import RULES
from pnp.lint import colour
from pnp.pipeline.build import check_game
from tests.lintkit import lint, project

RED, BLUE, PALE = "#c62828", "#1f5fbf", "#9fc5ff"          # red and blue: the same grey (87) in print
PALETTE = f'palette: {{red: "{RED}", blue: "{BLUE}", pale: "{PALE}"}}\n'
DISC = {"type": "ellipse", "x": 2, "y": 2, "w": 36, "h": 36, "fill": "{{ palette[card.colour] }}"}
LETTER = {"type": "text", "x": 10, "y": 12, "w": 20, "h": 16, "text": "{{ card.name }}", "size": 20,
          "align": "center", "color": "#000000"}
BG = {"type": "rect", "x": -3, "y": -3, "w": 46, "h": 46, "fill": "#ffffff"}


def tokens(*pairs):
    return [{"id": f"t-{c}-{n.lower()}", "colour": c, "name": n} for c, n in pairs]


def test_the_new_rules_warn_by_default():
    assert {r: RULES[r] for r in ("greyscale", "fit", "secret-backs", "ink-saver")} == dict.fromkeys(
        ("greyscale", "fit", "secret-backs", "ink-saver"), "warn")


# ---- greyscale ------------------------------------------------------------------------------------

def test_grey_is_what_a_black_and_white_printer_makes_of_a_colour():
    assert colour.grey(RED) == colour.grey(BLUE) == 87            # Lady Alice's verdict colours
    assert colour.grey("#000000") == 0 and colour.grey("#ffffff") == 255
    assert colour.simulate(RED, "greyscale") == "#575757"


def test_greyscale_colours_telling_tokens_apart_print_as_one_grey(tmp_path):
    # red A, red B, blue A, blue B: only the colour tells the red ones from the blue ones
    found = lint(tmp_path, {"disc": DISC, "letter": LETTER}, "greyscale", game_extra=PALETTE, kind="tokens",
                 shape="circle", items=tokens(("red", "A"), ("red", "B"), ("blue", "A"), ("blue", "B")))
    assert len(found) == 1 and found[0].severity == "warning"
    msg = found[0].message
    assert "`red` #c62828 (grey 87)" in msg and "`blue` #1f5fbf (grey 87)" in msg and "under 32 levels" in msg
    assert found[0].pos.file.endswith("game.yaml") and found[0].pos.line == 4       # the palette entry


def test_greyscale_quiet_when_the_greys_differ_or_a_symbol_tells_them_apart(tmp_path):
    kw = dict(game_extra=PALETTE, kind="tokens", shape="circle")
    assert colour.grey(PALE) - colour.grey(RED) >= 32
    assert lint(tmp_path, {"disc": DISC, "letter": LETTER}, "greyscale",
                items=tokens(("red", "A"), ("red", "B"), ("pale", "A"), ("pale", "B")), **kw) == []
    star = {"type": "icon", "name": "star", "x": 17, "y": 30, "w": 6, "h": 6, "when": "{{ card.colour == 'red' }}"}
    assert lint(tmp_path / "s", {"disc": DISC, "letter": LETTER, "star": star}, "greyscale",
                items=tokens(("red", "A"), ("red", "B"), ("blue", "A"), ("blue", "B")), **kw) == []


def test_greyscale_the_two_sides_of_a_piece_shown_through_a_window(tmp_path):
    zone = {"type": "rect", "x": 10, "y": 10, "w": 20, "h": 20, "fill": BLUE}
    right = {"type": "text", "x": 5, "y": 32, "w": 30, "h": 6, "text": "RIGHT", "size": 8, "color": "#000000"}
    found = lint(tmp_path, {"bg": BG, "zone": zone, "t": right}, "greyscale", game_extra=PALETTE,
                 back={"bg": BG, "zone": dict(zone, fill=RED), "t": dict(right, text="WRONG")})
    assert len(found) == 1 and "the front and the back of `one`" in found[0].message
    assert lint(tmp_path / "d", {"bg": BG, "zone": zone, "t": right}, "greyscale", game_extra=PALETTE,
                back={"bg": BG, "zone": dict(zone, fill="#202020"), "t": right}) == []
    # colours of no palette entry are decoration (a portrait's hair): not judged
    assert lint(tmp_path / "u", {"bg": BG, "zone": zone, "t": right}, "greyscale",
                back={"bg": BG, "zone": dict(zone, fill=RED), "t": dict(right, text="WRONG")}) == []


# ---- fit ------------------------------------------------------------------------------------------

MAT = "size: [200, 60]\nbleed: 0mm\nelements:\n" \
      "  cell: {type: rect, x: \"{{ 5 + index * 15 }}\", y: 5, w: 15, h: 24, stroke: black, repeat: \"{{ range(12) }}\"}\n" \
      "  badge: {type: ellipse, x: 5, y: 40, w: 9.5, h: 9.5, stroke: black}\n" \
      "  panel: {type: rect, x: 100, y: 0, w: 74, h: 89, stroke: black}\n"
MARKERS = [{"id": "tracker", "kind": "tracker"}, {"id": "car", "kind": "car"}]


def _fit(tmp_path, sits_on, size="[20, 20]", shape="circle", items=MARKERS):
    return lint(tmp_path, {"disc": {"type": "ellipse", "x": 0, "y": 0, "w": 20, "h": 20, "fill": "#336699"}},
                "fit", kind="tokens", size=size, shape=shape, bleed="0mm", items=items,
                fields="{kind: str?}", comp_extra=f"    sits_on: {sits_on}\n", layouts={"g/mat": MAT})


def test_fit_a_tracker_too_big_for_its_cell_names_the_margin(tmp_path):
    found = _fit(tmp_path, "{layout: g/mat, element: cell, where: {kind: tracker}}")
    assert len(found) == 1 and found[0].card == "tracker" and found[0].pos.line == 12
    msg = found[0].message
    assert "20 mm round `tracker`" in msg and "15 x 24 mm `cell` of `g/mat`" in msg, msg
    assert "5 mm too big — make the tracker ≤ 14 mm or the cell ≥ 21 mm" in msg, msg


def test_fit_on_a_round_space_and_a_rectangle_both_ways_round(tmp_path):
    found = _fit(tmp_path, "{layout: g/mat, element: badge}")
    assert len(found) == 1 and "20 mm round piece" in found[0].message and "9.5 mm round `badge`" in found[0].message
    assert "10.5 mm too big" in found[0].message and "≥ 21 mm" in found[0].message
    # a 90 x 95 envelope on a 74 x 89 panel: too big either way round
    found = _fit(tmp_path / "e", "{layout: g/mat, element: panel}", size="[90, 95]", shape="rect",
                 items=[{"id": "envelope"}])
    assert len(found) == 1 and "16 x 6 mm too big" in found[0].message, found[0].message
    assert "≤ 73 x 88 mm" in found[0].message and "≥ 91 x 96 mm" in found[0].message


def test_fit_a_folded_piece_on_a_space_no_element_is(tmp_path):
    # an envelope printed as a 180 x 232 sheet, folded to 90 x 95, on a grid map's 74 x 89 centre
    found = _fit(tmp_path, "{layout: g/mat, size: 74x89, piece: 90x95}", size="[180, 232]", shape="rect",
                 items=[{"id": "envelope"}])
    assert len(found) == 1 and "90 x 95 mm piece" in found[0].message and "74 x 89 mm space on `g/mat`" in found[0].message
    assert "16 x 6 mm too big — make the piece ≤ 73 x 88 mm or the space ≥ 91 x 96 mm" in found[0].message


def test_fit_quiet_when_the_piece_fits_with_its_clearance(tmp_path):
    assert _fit(tmp_path, "{layout: g/mat, element: cell}", size="[14, 14]") == []
    assert _fit(tmp_path / "r", "{layout: g/mat, element: panel}", size="[88, 73]", shape="rect") == []   # turned
    found = _fit(tmp_path / "c", "{layout: g/mat, element: cell, clearance: 2mm}", size="[14, 14]")
    assert len(found) == 1 and "only 1 mm to spare" in found[0].message and "(clearance 2 mm)" in found[0].message


def test_fit_a_space_that_does_not_exist_is_bad_input(tmp_path):
    with pytest.raises(Problems) as e:
        _fit(tmp_path, "{layout: g/mat, element: cel}")
    assert "layout `g/mat` has no element `cel`" in str(e.value) and "did you mean `cell`" in str(e.value)
    with pytest.raises(Problems) as e:
        _fit(tmp_path / "w", "[{layout: g/mat, element: cell, where: {colour: red}, margin: 3}, {layout: g/mat}]")
    text = str(e.value)
    assert "`colour`, not a field" in text and "unknown key `margin`" in text and "names no space" in text
    root = project(tmp_path / "cli", {"bg": BG}, comp_extra="    sits_on: {layout: g/mat, element: cel}\n",
                   layouts={"g/mat": MAT}).root
    r = run_pnp("--project", root, "check", "g")
    assert r.returncode == 2 and "game.yaml:12:" in r.stderr and "has no element `cel`" in r.stderr
    assert "Traceback" not in r.stderr


# ---- secret backs ---------------------------------------------------------------------------------

FELT = {"type": "rect", "x": -3, "y": -3, "w": 46, "h": 46, "fill": "#24483e"}
NAMED = [{"id": "a", "name": "Ann"}, {"id": "b", "name": "Bob"}]


def test_secret_backs_that_differ(tmp_path):
    back = {"bg": FELT, "t": {"type": "text", "x": 5, "y": 15, "w": 30, "h": 10, "text": "{{ card.name }}",
                              "size": 10, "color": "#ffffff"}}
    found = lint(tmp_path, {"bg": BG}, "secret-backs", back=back, items=NAMED, comp_extra="    secret: true\n")
    assert len(found) == 1 and "the backs of `a` and `b`" in found[0].message and "in what they show" in found[0].message
    assert lint(tmp_path / "d", {"bg": BG}, "secret-backs", back=back, items=NAMED,
                comp_extra="    secret: {backs_differ: true}\n") == []
    assert lint(tmp_path / "n", {"bg": BG}, "secret-backs", back=back, items=NAMED) == []       # not secret
    assert lint(tmp_path / "s", {"bg": BG}, "secret-backs", back={"bg": FELT}, items=NAMED,
                comp_extra="    secret: true\n") == []


def test_secret_back_with_a_frame_near_the_trim(tmp_path):
    frame = {"type": "rect", "x": 4, "y": 4, "w": 32, "h": 32, "radius": 3, "stroke": "#c8a24a", "stroke_width": 1.2}
    found = lint(tmp_path, {"bg": BG}, "secret-backs", back={"bg": FELT, "frame": frame}, items=NAMED,
                 comp_extra="    secret: true\n")
    assert len(found) == 1 and "the line of element `frame`" in found[0].message
    assert "3.8 mm inside the" in found[0].message
    assert found[0].pos.file.endswith("back.yaml")
    # a panel of another colour whose edge runs 3 mm inside the trim shows a shift just as well
    panel = {"type": "rect", "x": 3, "y": 3, "w": 34, "h": 34, "fill": "#3a6a5e"}
    found = lint(tmp_path / "p", {"bg": BG}, "secret-backs", back={"bg": FELT, "panel": panel}, items=NAMED,
                 comp_extra="    secret: true\n")
    assert len(found) == 1 and "#3a6a5e edge" in found[0].message and "3.0 mm inside" in found[0].message


def test_secret_back_quiet_with_the_frame_well_inside_or_a_full_bleed_pattern(tmp_path):
    frame = {"type": "rect", "x": 8, "y": 8, "w": 24, "h": 24, "stroke": "#c8a24a", "stroke_width": 1.2}
    assert lint(tmp_path, {"bg": BG}, "secret-backs", back={"bg": FELT, "frame": frame}, items=NAMED,
                comp_extra="    secret: true\n") == []
    near = dict(frame, x=4, y=4, w=32, h=32)
    assert lint(tmp_path / "n", {"bg": BG}, "secret-backs", back={"bg": FELT, "frame": near}, items=NAMED) == []


BLOCK = {"type": "rect", "x": "{{ 4 if card.id == 'a' else 22 }}", "y": 6, "w": 14, "h": 28, "fill": "#111111"}


def test_secret_fronts_showing_through_a_light_back(tmp_path):
    found = lint(tmp_path, {"bg": BG, "block": BLOCK}, "secret-backs", back={"bg": BG}, items=NAMED,
                 comp_extra="    secret: true\n")
    assert len(found) == 1 and "show through their light backs" in found[0].message
    assert "`a` and `b`" in found[0].message and found[0].pos.line == 13     # the `secret:` line


def test_secret_fronts_quiet_behind_a_dark_back_or_when_alike(tmp_path):
    assert lint(tmp_path, {"bg": BG, "block": BLOCK}, "secret-backs", back={"bg": FELT}, items=NAMED,
                comp_extra="    secret: true\n") == []
    same = dict(BLOCK, x=4)
    assert lint(tmp_path / "s", {"bg": BG, "block": same}, "secret-backs", back={"bg": BG}, items=NAMED,
                comp_extra="    secret: true\n") == []


def test_secret_must_be_true_or_a_map(tmp_path):
    with pytest.raises(Problems) as e:
        check_game(project(tmp_path, {"bg": BG}, comp_extra="    secret: maybe\n"), "g")
    assert "`secret` of component `c`: expected true, false or" in str(e.value)


# ---- the ink-saver faces --------------------------------------------------------------------------

BADGE = {"type": "rect", "x": 25, "y": 3, "w": 11, "h": 11, "fill": "#1d1b22"}       # small: the ink saver keeps it
NUMBER = {"type": "text", "x": 25, "y": 3, "w": 11, "h": 11, "text": "5", "size": 22, "align": "center",
          "valign": "middle", "color": "#ffffff"}


def test_ink_saver_gives_text_the_ink_that_reads_on_what_lies_behind_it():
    """White text on a badge the ink saver keeps stays white; a gold title whose dark background the
    ink saver drops becomes dark (both read under 2.5:1 before)."""
    from pnp.core import ink
    from pnp.core.pieces import Run, Shape
    bg = Shape(ops=(("R", -3, -3, 206, 206),), fill="#2a2a2a")     # a card-sized face: its full-bleed fill goes
    badge = Shape(ops=(("R", 25, 3, 11, 11),), fill="#1d1b22")
    five = Run(x=27, y=12, text="5", font="sans", size=22, color="#ffffff")
    title = Run(x=5, y=30, text="Title", font="sans", size=16, color="#c9a227")
    got = ink.transform([(bg, None), (badge, None), (five, None), (title, None)], 200, 200)
    assert got[0] is None and got[1] is badge              # the full-bleed fill goes, the badge stays
    disc = Shape(ops=(("R", -3, -3, 36, 36),), fill="#2a2a2a")
    token = ink.transform([(disc, None)], 30, 30)[0]         # on a token the colour is kept, as a tint
    assert token.fill == ink.tint("#2a2a2a")
    assert got[2].color == "#ffffff" and got[3].color == ink.DARK


def test_ink_saver_text_it_cannot_place_is_a_finding(tmp_path):
    """Rotated text is not placed by the ink saver: a gold title turned on its side stays gold on the
    paper once its background is dropped, and the lint says so."""
    gold = {"type": "text", "x": 5, "y": 5, "w": 30, "h": 10, "text": "Title", "size": 16, "color": "#c9a227",
            "rotate": 90}
    found = lint(tmp_path, {"bg": dict(BG, fill="#24483e"), "t": gold}, "ink-saver")
    assert len(found) == 1 and "#c9a227 on #" in found[0].message


def test_ink_saver_quiet_when_its_faces_read_well(tmp_path):
    assert lint(tmp_path, {"bg": dict(BG, fill="#24483e"), "n": dict(NUMBER, x=5, w=30)}, "ink-saver") == []
    assert lint(tmp_path / "o", {"bg": dict(BG, fill="#2a2a2a"), "badge": BADGE, "n": NUMBER},
                game_extra="lint: {ink-saver: off}\n") == []


def test_ink_saver_lint_skips_the_backs_the_ink_saver_keeps(tmp_path):
    """The ink saver prints a `secret:` component's backs unchanged (a lightened back lets the front
    show through), so the ink-saver lint must not judge them as if lightened: a turned gold word on a
    dark back was a false finding (Criminal Poker's half-turn back)."""
    gold = {"type": "text", "x": 5, "y": 5, "w": 30, "h": 10, "text": "Title", "size": 16, "color": "#c9a227",
            "rotate": 90}
    back = {"bg": dict(BG, fill="#24483e"), "t": gold}
    plain = lint(tmp_path, {"bg": BG}, "ink-saver", back=back)
    assert len(plain) == 1 and "back" in plain[0].message          # lightened: the lint judges it
    assert lint(tmp_path / "s", {"bg": BG}, "ink-saver", back=back, comp_extra="    secret: true\n") == []
    front = lint(tmp_path / "f", {"bg": dict(BG, fill="#24483e"), "t": gold}, "ink-saver", back={"bg": BG},
                 comp_extra="    secret: true\n")
    assert len(front) == 1                                          # a secret deck's fronts are still lightened


def test_a_small_secret_piece_keeps_a_quarter_of_its_side_clear_not_6_mm(tmp_path):
    """On a 14 mm token 6 mm from every edge leaves a 2 mm centre: no room for the colour symbol its back
    needs (Lady Alice's bet tokens). A quarter of the shorter side applies there; a card keeps 6 mm."""
    tok = {"type": "rect", "x": -1, "y": -1, "w": 16, "h": 16, "fill": "#24483e"}
    bar = {"type": "rect", "x": 3.8, "y": 3.8, "w": 6.4, "h": 6.4, "fill": "#ffffff"}
    small = dict(size="[14, 14]", bleed="1mm", safe="1mm", items=NAMED, comp_extra="    secret: true\n")
    assert lint(tmp_path, {"bg": dict(BG, w=20, h=20)}, "secret-backs", back={"bg": tok, "bar": bar}, **small) == []
    bar_near = dict(bar, x=2.5, y=2.5, w=9, h=9)     # 2.5 mm in: under a quarter of 14 mm (3.5 mm)
    found = lint(tmp_path / "n", {"bg": dict(BG, w=20, h=20)}, "secret-backs", back={"bg": tok, "bar": bar_near}, **small)
    assert len(found) == 1 and "at least 3.5 mm inside" in found[0].message


def test_backs_that_differ_on_purpose_compare_fronts_only_behind_the_same_back(tmp_path):
    """Tokens with a back per colour: the colours are told apart by their backs anyway, so only fronts
    behind one back must not differ through it."""
    items = [{"id": "a", "name": "Ann", "colour": "red"}, {"id": "b", "name": "Bob", "colour": "blue"}]
    tint = {"type": "rect", "x": -3, "y": -3, "w": 46, "h": 46,
            "fill": "{{ '#f4d4d4' if card.colour == 'red' else '#d4e4f4' }}"}
    kw = dict(items=items, back={"bg": tint}, comp_extra="    secret: {backs_differ: true}\n")
    assert lint(tmp_path, {"bg": BG, "block": BLOCK}, "secret-backs", **kw) == []
    same = [dict(i, colour="red") for i in items]        # one back for both: their fronts tell them apart
    found = lint(tmp_path / "s", {"bg": BG, "block": BLOCK}, "secret-backs", **dict(kw, items=same))
    assert len(found) == 1 and "show through their light backs" in found[0].message


def test_ink_saver_keeps_a_small_white_icon_on_a_card_visible():
    """A white icon in a card's coloured header vanished in the ink-saver print (Criminal Poker's type
    icons): the header colour goes, the icon was white on white. On a card-sized face a small light fill
    that stood out and no longer would turns dark, its parts of one colour included; a faint watermark
    that never stood out stays faint, and a light disc carrying a number (a plate) stays light."""
    from pnp.core import ink
    from pnp.core.pieces import Run, Shape
    w, h = 63 * 72 / 25.4, 88 * 72 / 25.4
    bg = Shape(ops=(("R", -8, -8, w + 16, h + 16),), fill="#6a2c8a")              # full bleed: dropped
    bubble = Shape(ops=(("R", 12, 10, 20, 16),), fill="#ffffff")                  # an icon of two white parts
    tail = Shape(ops=(("R", 14, 22, 4, 6),), fill="#ffffff")
    disc = Shape(ops=(("R", 140, 6, 30, 30),), fill="#ffffff")                    # a plate under a number
    num = Run(x=150, y=28, text="3", font="sans", size=20, color="#6a2c8a")
    faint = Shape(ops=(("R", 60, 120, 20, 20),), fill="#e6dccb")                  # a watermark on the paper panel
    panel = Shape(ops=(("R", 8, 100, w - 16, h - 110),), fill="#faf6ee")
    got = ink.transform([(bg, None), (bubble, None), (tail, None), (disc, None), (num, None), (panel, None),
                         (faint, None)], w, h)
    assert got[0] is None
    assert got[1].fill == ink.DARK and got[2].fill == ink.DARK
    assert got[3].fill == "#ffffff"
    assert got[6].fill == "#e6dccb"


def test_keep_fronts_prints_both_faces_as_they_are_and_the_lint_agrees(tmp_path):
    """Tokens that lie face down show their front: a front the ink saver lightens lets the result on
    the back show through (Tiny Epic Crimes' search tokens). `secret: {keep_fronts: true}` keeps both."""
    from pnp.core import ink
    from pnp.core.pieces import Face, Shape
    dark = Face(100, 100, 8, (Shape(ops=(("R", -8, -8, 116, 116),), fill="#24483e"),), name="c/a")
    back = Face(100, 100, 8, (Shape(ops=(("R", -8, -8, 116, 116),), fill="#111111"),), name="c/a.back")
    (f, b), = ink.pairs([(dark, back)], keep_backs=True, keep_fronts=True)
    assert f is dark and b is back
    (f, b), = ink.pairs([(dark, back)], keep_backs=True)
    assert f is not dark and b is back
    gold = {"type": "text", "x": 5, "y": 5, "w": 30, "h": 10, "text": "Title", "size": 16, "color": "#c9a227",
            "rotate": 90}
    front = {"bg": dict(BG, fill="#24483e"), "t": gold}
    assert len(lint(tmp_path, front, "ink-saver", back={"bg": BG}, comp_extra="    secret: true\n")) == 1
    assert lint(tmp_path / "k", front, "ink-saver", back={"bg": BG},
                comp_extra="    secret: {keep_fronts: true}\n") == []
