"""Inline spans in card text (pnp/render/spans.py): styles reach the runs, the drawn face shows them,
fitting and the overflow error count them, and bad markup is a problem at the card."""
import numpy as np
import pytest

from facekit import box_of, draw, faces, problems
from pnp.core.pieces import Run, Shape
from pnp.text import fonts as fontmod
from pnp.text.fit import layout

MM = 72 / 25.4


@pytest.fixture(scope="module")
def fonts():
    return fontmod.FontSet({"sans": fontmod.builtin_path("noto-sans-tc"), "serif": fontmod.builtin_path("noto-serif-tc")})


def _lay(fonts, text, w=60, h=40, size=10, **kw):
    laid, _ = layout(text, fonts, "sans", size, (0, 0, w * MM, h * MM), markup=True, color_of=lambda v: v, **kw)
    return laid


def _text(pieces):
    return [(p.text, p.bold, p.italic, p.color) for p in pieces if isinstance(p, Run)]


def test_styles_reach_the_runs(fonts):
    laid = _lay(fonts, 'a **b** *c* ***d*** <span color="#ff0000" font="serif" size="14">e <i>f</i></span> <b>g</b>')
    runs = {r.text.strip(): r for r in laid.runs}
    assert runs["b"].bold and not runs["b"].italic
    assert runs["c"].italic and not runs["c"].bold
    assert runs["d"].bold and runs["d"].italic
    assert runs["e"].color == "#ff0000" and runs["e"].size == 14 and runs["e"].font == fonts.name("serif")
    assert runs["f"].italic and runs["f"].color == "#ff0000"       # spans nest
    assert runs["g"].bold and runs["a"].color == "#000000" and runs["a"].font == fonts.name("sans")


def test_basic_markup_is_unchanged(fonts):
    """`**bold**` and `:icon:` lay out exactly as before spans existed."""
    text = "抽 **2 張** 牌 :star: then **draw** a card"
    a, _ = layout(text, fonts, "sans", 9, (0, 0, 30 * MM, 40 * MM), icon_names={"star"})
    b, _ = layout(text, fonts, "sans", 9, (0, 0, 30 * MM, 40 * MM), icon_names={"star"}, markup=True)
    assert a == b


def test_span_crosses_a_line_break_and_mixes_cjk(fonts):
    laid = _lay(fonts, '<span color="#00ff00">第一行 one<br>第二行 two</span> plain')
    green = [r for r in laid.runs if r.color == "#00ff00"]
    assert len({r.y for r in green}) == 2                         # both lines
    assert "".join(r.text for r in green).replace(" ", "") == "第一行one第二行two"
    assert {r.color for r in laid.runs if "plain" in r.text} == {"#000000"}


def test_nbsp_never_breaks(fonts):
    w = 13   # "10 mm" does not fit on one line with the text before it
    broken = _lay(fonts, "width of 10 mm", w=w)
    kept = _lay(fonts, "width of 10&nbsp;mm", w=w)
    def lines(laid): return sorted({round(r.y, 1) for r in laid.runs})
    by_line = lambda laid: ["".join(r.text for r in laid.runs if round(r.y, 1) == y) for y in lines(laid)]  # noqa: E731
    assert any("10\u00a0mm" in line for line in by_line(kept)), by_line(kept)
    assert len(lines(broken)) >= 2


def test_underline_and_strike_are_lines_across_words(fonts):
    laid = _lay(fonts, "<u>two words</u> and <s>gone</s>")
    assert len(laid.deco) == 2 and all(isinstance(s, Shape) for s in laid.deco)
    under, strike = laid.deco
    words = [r for r in laid.runs if r.text.startswith("two")][0]
    assert under.ops[0][1] == pytest.approx(words.x) and under.ops[1][1] > words.x + 15   # one line across the space
    assert strike.ops[0][2] < under.ops[0][2]                                              # above the baseline


def test_a_big_span_shrinks_the_text_to_fit(fonts):
    plain = _lay(fonts, "BIG words here", w=30, h=6, size=10, min_size=4)
    big = _lay(fonts, '<span size="20">BIG</span> words here', w=30, h=6, size=10, min_size=4)
    assert plain.size == 10 and big.size < plain.size and big.overflow == 0
    tall = _lay(fonts, '<span size="60">BIG</span>', w=60, h=5, size=10, min_size=8)
    assert tall.overflow > 0                                         # counted: the overflow error fires


def test_drawn_colour_and_italic(tmp_path):
    el = {"type": "text", "x": 2, "y": 2, "w": 36, "h": 36, "size": 30, "text": 'I<span color="red">I</span>'}
    img = draw(tmp_path / "a", {"t": el}, safe="0mm")
    red = (img[:, :, 0] > 200) & (img[:, :, 1] < 80) & (img[:, :, 2] < 80)
    assert red.sum() > 200
    upright = draw(tmp_path / "b", {"t": dict(el, text="I")}, safe="0mm")
    slanted = draw(tmp_path / "c", {"t": dict(el, text="*I*")}, safe="0mm")
    bu, bs = box_of(upright.sum(axis=2) < 300), box_of(slanted.sum(axis=2) < 300)
    assert (bs[2] - bs[0]) > (bu[2] - bu[0]) + 1.5                   # sheared: wider by about h x tan 12°


def test_overflow_error_counts_spans(tmp_path):
    from pnp.pipeline.build import RuleErrors
    el = {"type": "text", "x": 2, "y": 2, "w": 36, "h": 6, "size": 10, "text": 'x <span size="40">BIG</span>'}
    with pytest.raises(RuleErrors) as e:
        faces(tmp_path, {"t": el}, safe="0mm")
    assert "overflows its box" in str(e.value.findings[0])


@pytest.mark.parametrize("text, says", [
    ("<b>never closed", "`<b>` is never closed"),
    ("<b>x</i>", "`</i>` closes nothing here (`<b>` is still open)"),
    ('<span font="serf">x</span>', "unknown font role `serf` — did you mean `serif`?"),
    ('<span colour="crimsn">x</span>', "`crimsn` is not a colour"),
    ('<span color="#ff000080">x</span>', "not an opaque colour"),
    ('<span wobble="1">x</span>', "unknown attribute `wobble`"),
])
def test_bad_markup_is_a_problem(tmp_path, text, says):
    got = problems(tmp_path, {"t": {"type": "text", "x": 2, "y": 2, "w": 36, "h": 20, "text": text}})
    assert len(got) == 1 and says in got[0] and "card `one`" in got[0], got


def test_a_role_may_name_its_bold_face(tmp_path):
    """game.yaml `fonts: {hand: {regular: …, bold: …}}`: bold text uses that face, not the stroked
    regular one; italic without an italic face stays a synthetic oblique."""
    el = {"type": "text", "x": 2, "y": 2, "w": 36, "h": 20, "font": "hand", "text": "a **b** *c*"}
    col = faces(tmp_path, {"t": el}, game_extra="fonts: {hand: {regular: noto-sans-tc, bold: noto-serif-tc}}\n")
    runs = {r.text: r for r in col.decks[0].cards[0].front.pieces if isinstance(r, Run)}
    assert runs["b"].font == col.fonts.name("hand:bold") != runs["a"].font and not runs["b"].bold
    assert runs["c"].italic and runs["c"].font == runs["a"].font


def test_a_role_without_regular_face_is_named(tmp_path):
    from pnp.core.errors import Problems
    with pytest.raises(Problems) as e:
        faces(tmp_path, {"t": {"type": "text", "text": "x", "font": "hand"}},
              game_extra="fonts: {hand: {bold: noto-serif-tc}}\n")
    assert "font role `hand` has no `regular` face" in str(e.value)
