"""Line breaking and fitting, measured with the real fonts."""
import pytest

from pnp.text import fonts as fontmod
from pnp.text.fit import NO_END, NO_START, layout, tokens

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


def test_a_number_stays_with_its_measure_word_or_unit(fonts):
    cases = ["每回合開始時抽 1 張牌，然後棄 2 張牌；若手牌超過 5 張，休息 1 小時。" * 2,
             "When the case fails, doom +1 and every player loses 2 sanity; wait 3 hours."]
    for text in cases:
        for width in range(18, 70, 1):
            laid, _ = layout(text, fonts, "sans", 9, (0, 0, width * MM, 300 * MM))
            lines = _lines(laid)
            for a, b in zip(lines, lines[1:]):
                assert not a.rstrip().split(" ")[-1].lstrip("+").isdigit(), (width, a, b)


def test_short_last_lines_are_balanced_in_latin_text_and_never_orphans_in_cjk(fonts):
    # greedy breaking leaves one or two words (characters) on the last line at some widths. Latin text is
    # balanced, keeping the number of lines and evening them out; CJK text keeps its lines filled and
    # pulls a character or two down instead (tests/test_typeset_zh.py), never ending on one or two
    for text, cjk in (("展示此牌時，持有者失去一點神智；若神智歸零，末日指數上升。", True),
                      ("Show this card: its holder loses one sanity; at zero sanity, doom goes up.", False)):
        short = 0
        for width in range(20, 60):
            laid, _ = layout(text, fonts, "sans", 9, (0, 0, width * MM, 100 * MM))
            lines = _lines(laid)
            if len(lines) > 1:
                longest = max(fonts.width(line, "sans", 9) for line in lines)
                enough = min(0.33 * longest, 6 * 9)     # a third of the line, or six ems in a wide box
                if (len(lines[-1].strip()) <= 2) if cjk else fonts.width(lines[-1], "sans", 9) < enough - 0.01:
                    short += 1
                # the same number of lines as greedy breaking: balancing never makes text taller
                g_lines = _lines(layout(text, fonts, "sans", 9, (0, 0, width * MM, 100 * MM), balance=False)[0])
                assert len(lines) == len(g_lines), (width, lines, g_lines)
        assert short == 0, text


def test_balancing_a_wide_box_pulls_down_a_few_words_not_a_third_of_the_line(fonts):
    # the covers' bullets (160 mm): "…Cards that are held hidden need opaque stock or sleeves: thin paper /
    # lets a front show through its back." — a third of the line came down, the line before looked cut off
    text = ("Paper: the pieces on card stock of 160–250 g/m², or plain paper glued to card; the booklet on "
            "plain paper. Cards that are held hidden need opaque stock or sleeves: thin paper lets a front "
            "show through its back.")
    for width in range(120, 181, 5):
        w = width * MM
        lines = _lines(layout(text, fonts, "sans", 8, (0, 0, w, 100 * MM))[0])
        assert all(fonts.width(line, "sans", 8) > 0.8 * w for line in lines[:-1]), (width, lines)
        assert len(lines) == 1 or fonts.width(lines[-1], "sans", 8) >= min(w / 3, 6 * 8) - 0.01, (width, lines)


def test_closing_punctuation_never_alone_on_the_last_line(fonts):
    text = "嫌疑犯在案發時間並不在現場（有證人）。"
    for width in range(15, 60):
        lines = _lines(layout(text, fonts, "sans", 9, (0, 0, width * MM, 100 * MM))[0])
        assert len(lines[-1].strip()) > 1 or len(lines) == 1, (width, lines)


def test_text_that_only_looks_like_a_tag_prints_as_written():
    from pnp.text.spans import split
    for text in ("<script>x</script>", "a < b > c", "<3 players"):
        segs = split(text, full=True)
        assert "".join(v for k, v, _s in segs if k == "t") == text, segs


def test_unbalanced_text_that_shrinks_is_broken_at_the_size_it_is_drawn(fonts):
    """balance=False (booklets) with text that must shrink: the lines are those of the size drawn, so
    they fill the box's width rather than keeping the narrower lines of the smallest size tried."""
    text = "每一位玩家輪流翻開一張線索卡，然後在筆記上記下看到的證據與時間。" * 3
    box = (0, 0, 40 * MM, 24 * MM)
    laid, _ = layout(text, fonts, "sans", 12, box, min_size=5, balance=False)
    assert 5 < laid.size < 12 and laid.overflow == 0
    again, _ = layout(text, fonts, "sans", laid.size, box, balance=False)   # the same size, no shrinking
    assert [(r.x, r.y, r.text) for r in laid.runs] == [(r.x, r.y, r.text) for r in again.runs]


def test_running_latin_text_never_ends_on_one_short_word(fonts, monkeypatch):
    # 「turn*.」, 「it.」 alone on a booklet's last line: the word before comes down with it
    from pnp.text import breaks
    texts = ["Whoever holds the murder weapon is the murderer, shown or hidden, and loses at the end of it.",
             "Play passes to the left; a player who accused wrongly still answers suggestions in turn."]

    def runts(nudge):
        n = 0
        for text in texts:
            for width in range(30, 90):
                lines = _lines(layout(text, fonts, "sans", 9, (0, 0, width * MM + nudge, 200 * MM), balance=False)[0])
                n += len(lines) > 1 and " " not in lines[-1].strip() and fonts.width(lines[-1], "sans", 9) < 4 * 9
        return n

    assert runts(0.0) == 0
    monkeypatch.setattr(breaks, "runt", lambda lines, *a: lines)
    assert runts(0.001) > 0          # without it, some widths leave one
