"""Line breaking and fitting, measured with the real fonts."""
import pytest

from pnp.render import fonts as fontmod
from pnp.render.text import NO_END, NO_START, layout, tokens

MM = 72 / 25.4


@pytest.fixture(scope="module")
def fonts():
    return fontmod.FontSet({"sans": fontmod.builtin_path("noto-sans-tc")})


def _lines(laid):
    rows = {}
    for r in laid.runs:
        rows.setdefault(round(r.y, 2), []).append(r)
    return ["".join(r.text for r in sorted(v, key=lambda r: r.x)) for _k, v in sorted(rows.items())]


def test_no_closing_punctuation_starts_a_line(fonts):
    text = "證據顯示，嫌疑犯在案發時間並不在現場。然而，目擊者的說法「前後矛盾」，值得再查！" * 2
    for width in range(20, 60, 3):
        laid, _ = layout(text, fonts, "sans", 9, (0, 0, width * MM, 200 * MM))
        lines = _lines(laid)
        assert len(lines) > 1
        for line in lines[1:]:
            assert line[0] not in NO_START, (width, line)
        for line in lines[:-1]:
            assert line[-1] not in NO_END, (width, line)


def test_latin_words_are_never_split(fonts):
    text = "Whoever holds the murder weapon is the murderer, shown or hidden."
    words = set(text.replace(",", "").replace(".", "").split())
    laid, _ = layout(text, fonts, "sans", 9, (0, 0, 30 * MM, 100 * MM))
    for line in _lines(laid):
        for w in line.replace(",", "").replace(".", "").split():
            assert w in words, w


def test_shrinks_to_fit_and_reports_overflow(fonts):
    text = "很長的文字" * 14
    laid, _ = layout(text, fonts, "sans", 12, (0, 0, 40 * MM, 20 * MM), min_size=6)
    assert 6 <= laid.size < 12 and laid.overflow == 0
    laid, _ = layout(text * 5, fonts, "sans", 12, (0, 0, 40 * MM, 20 * MM), min_size=8)
    assert laid.size == 8 and laid.overflow > 0


def test_inline_icons_and_unknown_icons():
    atoms, unknown = tokens("持有 :knife: 兇器 :nope: 12:30", {"knife"})
    assert unknown == {"nope"}
    assert any(p[0] == "i" and p[1] == "knife" for a in atoms for p in a.parts)
