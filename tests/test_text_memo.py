"""Kept results of text layout (pnp/render/text.py) and of measuring (FontSet.width): a kept result is
reused only for the same arguments, so changing any of them changes what comes back."""
import pytest

from pnp.text import fonts as fontmod
from pnp.text import fit as textlay
from pnp.text.fit import Words, layout

MM = 72 / 25.4
TEXT = "展示此牌時，持有者失去一點神智；若神智歸零，末日指數上升。Whoever holds it loses 2 sanity."


def _fonts():
    return fontmod.FontSet({"sans": fontmod.builtin_path("noto-sans-tc"), "serif": fontmod.builtin_path("noto-serif-tc")},
                           check=False)


@pytest.fixture(scope="module")
def fonts():
    return _fonts()


def _lines(laid):
    rows = {}
    for r in laid.runs:
        rows.setdefault(round(r.y, 2), []).append(r.text)
    return ["".join(v) for _k, v in sorted(rows.items())]


def test_same_text_at_other_sizes_and_widths_is_laid_out_again(fonts):
    box = (0, 0, 30 * MM, 100 * MM)
    small, _ = layout(TEXT, fonts, "sans", 8, box)
    big, _ = layout(TEXT, fonts, "sans", 12, box)
    wide, _ = layout(TEXT, fonts, "sans", 8, (0, 0, 60 * MM, 100 * MM))
    assert small.size == 8 and big.size == 12
    assert len(_lines(big)) > len(_lines(small)) > len(_lines(wide))
    again, _ = layout(TEXT, fonts, "sans", 8, box)
    assert again == small
    for name, laid, args in (("small", small, (8, box)), ("big", big, (12, box))):
        fresh, _ = layout(TEXT, _fonts(), "sans", *args)
        assert laid == fresh, name


def test_every_option_reaches_the_result(fonts):
    box = (0, 0, 30 * MM, 12 * MM)
    base = dict(min_size=None, leading=1.25, align="left", valign="top", color="#000000", balance=True)
    first, _ = layout(TEXT, fonts, "sans", 9, box, **base)
    for key, value in (("min_size", 5), ("leading", 1.6), ("align", "right"), ("valign", "bottom"),
                       ("color", "#ff0000")):
        other, _ = layout(TEXT, fonts, "sans", 9, box, **{**base, key: value})
        assert other != first, key
        assert other == layout(TEXT, _fonts(), "sans", 9, box, **{**base, key: value})[0], key
    assert layout(TEXT, fonts, "serif", 9, box)[0] != first
    assert layout(TEXT, fonts, "sans", 9, (5, 0, 30 * MM, 12 * MM))[0] != first
    assert layout(TEXT + "!", fonts, "sans", 9, box)[0] != first
    short = "Show this card: its holder loses one sanity; at zero sanity, doom goes up."   # balancing evens
    differ = 0                                                       # out its short last line (Latin text)
    for width in range(20, 60):
        tall = (0, 0, width * MM, 100 * MM)
        even, _ = layout(short, fonts, "sans", 9, tall)
        greedy, _ = layout(short, fonts, "sans", 9, tall, balance=False)
        assert even == layout(short, _fonts(), "sans", 9, tall)[0]
        assert greedy == layout(short, _fonts(), "sans", 9, tall, balance=False)[0]
        differ += even != greedy
    assert differ
    cjk, kept = "展示此牌時，持有者失去一點神智；若神智歸零，末日指數上升。", Words(["神智", "末日指數"])
    differ = 0
    for width in range(20, 60):   # the glossary: a word of it is never broken, the memo tells them apart
        tall = (0, 0, width * MM, 100 * MM)
        plain, _ = layout(cjk, fonts, "sans", 9, tall)
        whole, _ = layout(cjk, fonts, "sans", 9, tall, words=kept)
        assert whole == layout(cjk, _fonts(), "sans", 9, tall, words=Words(["末日指數", "神智"]))[0]
        assert plain == layout(cjk, fonts, "sans", 9, tall, words=Words())[0]
        differ += plain != whole
    assert differ


def test_span_colours_and_icons_are_asked_again(fonts):
    text = 'a <span color="accent">red</span> word :star: :moon:'
    box = (0, 0, 60 * MM, 20 * MM)
    red, unknown = layout(text, fonts, "sans", 9, box, markup=True, color_of=lambda v: "#ff0000",
                          icon_names={"star"})
    assert unknown == {"moon"}
    blue, unknown = layout(text, fonts, "sans", 9, box, markup=True, color_of=lambda v: "#0000ff",
                           icon_names={"star", "moon"})
    assert unknown == set()
    assert {r.color for r in red.runs if "red" in r.text} == {"#ff0000"}
    assert {r.color for r in blue.runs if "red" in r.text} == {"#0000ff"}

    def bad(v):
        raise ValueError(f"`{v}` is not a colour")
    with pytest.raises(textlay.spans.MarkupError):
        layout(text, fonts, "sans", 9, box, markup=True, color_of=bad)


def test_kept_layouts_and_widths_are_bounded(monkeypatch):
    monkeypatch.setattr(textlay, "KEPT", 8)
    monkeypatch.setattr(fontmod, "WIDTHS_KEPT", 50)
    fonts = _fonts()
    first, _ = layout("第 0 張", fonts, "sans", 9, (0, 0, 100, 100))
    for n in range(1, 40):
        layout(f"第 {n} 張", fonts, "sans", 9, (0, 0, 100, 100))
        layout("第 0 張", fonts, "sans", 9, (0, 0, 100, 100))   # used again and again: kept
        assert len(fonts.laid_memo) <= 8 and len(fonts._widths) <= 50
    assert any(key[0] == "第 0 張" for key in fonts.laid_memo)
    assert layout("第 0 張", fonts, "sans", 9, (0, 0, 100, 100))[0] == first


def test_widths_are_measured_per_text_role_and_size(fonts):
    a = fonts.width("Whoever", "sans", 9)
    assert fonts.width("Whoever", "sans", 12) == pytest.approx(a * 12 / 9)
    assert fonts.width("Whoever", "serif", 9) != a
    assert fonts.width("Whoever!", "sans", 9) > a
    assert fonts.width("Whoever", "sans", 9) == a == _fonts().width("Whoever", "sans", 9)
