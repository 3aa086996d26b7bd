"""CJK spacing (`pnp/text/cjkspace.py`): full-width marks give up half their em for a line to take the
next word, CJK lines — justified or left-aligned — fill their width, spaces stretch before characters.
Measured with the real fonts, over many widths; each test also runs the engine without the feature
and sees the fault it names."""
from __future__ import annotations

import pytest

from pnp.text import cjkspace
from pnp.text.fit import Words, layout
from test_typeset_zh import _rows, fonts  # noqa: F401 — the fixture: the built-in sans, measured

MM = 72 / 25.4
SIZE = 9.0
# card and booklet sentences with marks, kept words and numbers with units (the reads' short lines)
TEXTS = ["其他玩家的行動牌指定你時，你可以棄 1 張手牌取消它的效果；被取消的行動牌照常棄掉。",
         "知道有哪些，卻不知道在誰手上。理由：總要有人決定哪些特殊角色加入發牌，大家一起決定才公平。",
         "把一名幫派份子移到相鄰的空街區，逮捕那裡所有的幫派份子，再吸收一名線人（見「線人」）。",
         "你解開難度 5 以上的謎團時，回復 1 點神智；若因此超過上限，多的神智不算。"]
KEPT = Words(["幫派份子", "線人", "神智", "行動牌"])


def _ends(laid, fonts):
    """Where each line's ink ends: its last run's box as the print lint measures it (a full-width mark's
    white after its ink not counted: a line's end may set it past the box)."""
    from pnp.lint.geometry import run_box
    return [run_box(row[-1])[2] for row in _rows(laid)]


def _short(fonts, align, nudge=0.0):
    """Lines (not a paragraph's last) ending more than half an em before the box's right edge, over
    every text and every width from 30 to 80 mm; and the widest overshoot of the box."""
    short, over = 0, 0.0
    for text in TEXTS:
        for width in range(30, 80):
            w = width * MM + nudge
            laid, _ = layout(text, fonts, "sans", SIZE, (0, 0, w, 300 * MM), align=align, words=KEPT)
            ends = _ends(laid, fonts)
            short += sum(1 for e in ends[:-1] if w - e > SIZE / 2)
            over = max([over] + [e - w for e in ends])
    return short, over


@pytest.mark.parametrize("align", ["justify", "left"])
def test_cjk_lines_end_at_the_box_edge_far_more_often(fonts, align, monkeypatch):
    short, over = _short(fonts, align)
    assert over < 0.01            # the ink stays inside the box
    monkeypatch.setattr(cjkspace, "give", lambda a, size: 0.0)          # no compression …
    monkeypatch.setattr(cjkspace, "stretch", lambda *a: (0.0, 0.0))     # … and no filling
    before, _ = _short(fonts, align, nudge=0.001)                       # (another width: the memo)
    # (spaces widen by at most SPACE_STRETCH, 0.03 em since the 18th reads: in these 9–25 em boxes a
    # few more lines than at 0.1 em need more than the characters may spread: 96 short of 283, 92 at 0.1)
    assert 2.5 * short < before, (short, before)


def test_a_line_takes_a_kept_word_by_compressing_its_marks(fonts, monkeypatch):
    text = "把一名幫派份子移到相鄰的空街區，逮捕那裡所有的幫派份子，再吸收一名線人。"
    took = 0
    for width in range(30, 80):
        box = (0, 0, width * MM, 300 * MM)
        laid, _ = layout(text, fonts, "sans", SIZE, box, words=KEPT)
        assert not laid.torn and laid.overflow == 0
        took += laid.lines
    monkeypatch.setattr(cjkspace, "give", lambda a, size: 0.0)
    plain = sum(layout(text, fonts, "sans", SIZE, (0, 0, width * MM + 0.001, 300 * MM), words=KEPT)[0].lines
                for width in range(30, 80))
    assert took < plain     # some widths need a line fewer


def test_compressed_marks_keep_their_ink_clear_of_their_neighbours(fonts):
    # 「，」 is centred in its em (ink from 0.39 to 0.6 of it): squeezed, it moves left by half of what it
    # gives, so its ink stays clear of the character before and of the one after
    text = "甲乙丙丁，戊己庚辛，壬癸子丑，寅卯辰巳午未申酉戌亥。"
    squeezed = 0
    for width in range(20, 60):
        laid, _ = layout(text, fonts, "sans", SIZE, (0, 0, width * MM, 300 * MM))
        for row in _rows(laid):
            for a, b, c in zip(row, row[1:], row[2:]):
                if b.text != "，":
                    continue
                end = a.x + fonts.width(a.text, "sans", SIZE)
                squeezed += c.x - b.x < SIZE - 0.01
                assert b.x + 0.39 * SIZE >= end - 0.01 and c.x >= b.x + 0.6 * SIZE - 0.01, (width, a.text, c.text)
    assert squeezed


def test_spaces_stretch_before_characters_are_spread(fonts):
    # slack a line's spaces can take goes to them alone; more is spread over every gap, within bounds
    line = [(a, 0.0) for a in _atoms("每回合抽 1 張牌，然後棄 2 張牌")]
    assert cjkspace.spaces(line) == 4      # either side of each number
    cap = cjkspace.SPACE_STRETCH * SIZE
    per_space, per_gap = cjkspace.stretch(line, 3.5 * cap, SIZE, 0.12)
    assert per_space == pytest.approx(3.5 * cap / 4) and per_gap == 0.0
    per_space, per_gap = cjkspace.stretch(line, 5.0, SIZE, 0.12)
    assert per_space == pytest.approx(cap) and per_gap == pytest.approx((5.0 - 4 * cap) / (len(line) - 1 + 2))
    # a space widens by little more than a gap: at 0.1 em a number's spaces grew to 0.4 em (18th reads)
    assert cjkspace.SPACE_STRETCH <= 0.04
    assert cjkspace.stretch(line, 40.0, SIZE, 0.12) == (0.0, 0.0)     # too much: stays at the start
    # drawn: a justified line filled by its spaces keeps its characters joined in runs (not spread)
    text = "每回合開始時抽 1 張牌，然後棄 2 張牌；手牌超過 5 張的玩家休息一回合，下一位玩家接著行動。"
    filled = 0
    for width in range(40, 80):
        w = width * MM
        laid, _ = layout(text, fonts, "sans", SIZE, (0, 0, w, 300 * MM), align="justify")
        for row, end in zip(_rows(laid)[:-1], _ends(laid, fonts)[:-1]):
            if abs(end - w) < 0.05 and any(len(r.text.replace(" ", "")) > 3 for r in row):
                filled += 1
    assert filled


def _atoms(text):
    from pnp.text.atoms import tokens
    atoms, _ = tokens(text, ())
    return atoms


def test_a_line_is_costed_as_it_looks_drawn():
    """A line spread a little costs little; spread past LOOSE (6% a gap, what readers called letter-spaced)
    it costs more than a torn word, and left short more than a loose line of the same room."""
    from pnp.text import cjklines
    wide, card = cjklines.spread_cost(1.0, 0, 33), cjklines.spread_cost(1.0, 0, 14)
    assert wide < cjklines.IN_WORD < card             # 0.03 em a gap: spread; 0.077: a word is torn instead
    assert cjklines.spread_cost(1.0, 4, 14) < card     # its spaces take part of the room (a little: SPACE_STRETCH)
    ragged = cjklines.spread_cost(3.0, 0, 14)          # 0.21 em a gap: not spread, left short
    assert ragged >= cjklines.RAGGED + 3.0 and cjklines.spread_cost(0.0, 0, 14) == 0.0
    assert cjklines.spread_cost(1.5, 0, 14) < ragged   # two lines a little loose beat one left 3 ems short
    assert 2 * cjklines.spread_cost(1.5, 0, 14) < ragged
    # past LOOSE a line costs more the more it is spread: 3 ems over 30 gaps (0.1, read as heavily spaced)
    # costs more than 2 ems there and a torn word (Clue's 「…該回合就／留在原地。」, sixteenth read)
    assert cjklines.spread_cost(3.0, 0, 30) > cjklines.spread_cost(2.0, 0, 30) + cjklines.IN_WORD


def test_a_marks_white_is_not_ink_for_the_print_lint(fonts):
    # a compressed line sets a closing mark's empty half past the box: the safe-margin lint measures ink
    from pnp.core.pieces import Run
    from pnp.lint.geometry import run_box
    font = fonts.name("sans")
    em = 10.0
    plain, stop, bracket = (run_box(Run(0.0, 20.0, t, font, em, "#000000", False)) for t in ("取消", "取消。", "（取消）"))
    assert plain[2] == pytest.approx(2 * em)
    assert stop[2] == pytest.approx(2.66 * em)            # 。 centred: its ink ends at 0.66 of its em
    assert bracket[0] == pytest.approx(0.5 * em) and bracket[2] == pytest.approx(3.5 * em)


def test_a_widened_space_inside_a_number_moves_what_follows_it(fonts):
    # `1 張` is one atom: its space, widened, must start a new run, or the PDF draws 張 at its natural
    # place and the widening shows after the next mark instead (「1張， 你」): the spaces either side
    # of a number are drawn equally wide
    text = "每輪 1 次：檢視牌庫頂 1 張，你可以把它棄掉。"
    widened = 0
    for width in range(40, 60):
        laid, _ = layout(text, fonts, "sans", SIZE, (0, 0, width * MM, 300 * MM), align="justify")
        for row in _rows(laid):
            chars = [(r.x + fonts.width(r.text[:k], "sans", SIZE), ch) for r in row for k, ch in enumerate(r.text)
                     if ch != " "]
            for (x0, c0), (x1, c1), (x2, c2) in zip(chars, chars[1:], chars[2:]):
                if c1 == "1":
                    before = x1 - x0 - fonts.width(c0, "sans", SIZE)
                    after = x2 - x1 - fonts.width(c1, "sans", SIZE)
                    assert abs(before - after) < 0.05, (width, c0, c2, before, after)
                    widened += before > fonts.width(" ", "sans", SIZE) + 0.1
    assert widened    # some width widens them


def _faults(laid, fonts, size):
    """Lines but the last spread more than 0.06 em a gap, or ending more than half an em before the
    text's common edge (its longest line's end)."""
    from pnp.lint.geometry import run_box
    rows = _rows(laid)
    ends = [run_box(row[-1])[2] for row in rows]
    edge = max(ends)
    n = 0
    for row, end in zip(rows[:-1], ends[:-1]):
        gaps = [b.x - a.x - fonts.width(a.text, "sans", a.size) - (fonts.width(" ", "sans", a.size)
                if a.text.endswith(" ") else 0.0) for a, b in zip(row, row[1:])]
        n += max(gaps or [0.0]) > 0.06 * size + 0.01 or edge - end > size / 2
    return n


def test_a_cards_text_may_end_inside_its_box_where_its_lines_break_better(fonts):
    # card texts (inset=True) may set their lines up to an em inside the box: over many widths fewer
    # lines are spread or left short, and never more lines are taken than at the box's edge
    kept = Words(["禁忌牌", "神智", "家族秘史", "幫派份子"])
    at_edge = inside = 0
    for text in TEXTS + ["每輪 1 次：有玩家因展示禁忌牌而要損失神智時，你可以取消這次損失。"]:
        for width in range(36, 70):
            box = (0, 0, width * MM, 300 * MM)
            edge, _ = layout(text, fonts, "sans", 10, box, words=kept)
            inset, _ = layout(text, fonts, "sans", 10, box, words=kept, inset=True)
            assert inset.lines <= edge.lines and inset.size == edge.size
            at_edge += _faults(edge, fonts, 10)
            inside += _faults(inset, fonts, 10)
    assert inside < at_edge * 0.8, (inside, at_edge)   # measured: see the assertion message


def test_lines_in_a_box_a_fraction_of_an_em_wider_end_at_one_edge():
    assert cjkspace.edge(20.3 * 9, 9) == 20.3 * 9            # spreading takes 0.3 em over 19 gaps
    assert cjkspace.edge(5.9 * 9, 9) == pytest.approx(5 * 9 + cjkspace.SPREAD * 4 * 9)   # 0.9 em over 4: no


def test_a_kept_words_characters_spread_like_the_rest_of_the_line(fonts):
    """A spread line widens the gaps inside a glossary word too: its characters stand at one pitch with
    their neighbours (kept tight, the word read as a lump among spread characters), and the line's room
    is shared by more gaps."""
    text = "每回合開始時每位幫派份子都要移動一格，再抽一張行動牌放在面前。"
    seen = 0
    for width in range(30, 70):
        laid, _ = layout(text, fonts, "sans", SIZE, (0, 0, width * MM, 100 * MM), align="justify", words=KEPT)
        rows = _rows(laid)
        for row in rows[:-1]:
            chars = [(r.x + k * 0.0, ch) for r in row for k, ch in enumerate(r.text)]
            xs = []
            for r in row:      # every character's x: a run is drawn at its natural pitch
                x = r.x
                for ch in r.text:
                    xs.append((x, ch))
                    x += fonts.width(ch, "sans", r.size)
            pitch = [b[0] - a[0] for a, b in zip(xs, xs[1:]) if a[1].isalnum() and b[1].isalnum()]
            if max(pitch) - SIZE > 0.05 * SIZE:     # a spread line
                seen += 1
                assert max(pitch) - min(pitch) < 0.01, (width, "".join(c for _x, c in chars), pitch)
    assert seen


def test_a_line_ends_between_words_not_inside_one():
    """The line chooser reads a dictionary's words (`cjkwords.py`): a break inside a word costs more than
    one between two words of a BudouX phrase, even where BudouX splits the word (然／後, 獲／勝)."""
    from pnp.text import cjklines, cjkwords
    from pnp.text.atoms import tokens
    assert cjkwords.word_ends("然後一起結束") == frozenset({2, 4, 6})
    assert cjkwords.word_ends("你獲勝，包括你自己") >= {1, 3, 4, 6, 7, 9}
    atoms, _unknown = tokens("你獲勝，包括你自己然後一起結束", set())
    ends, at = [], 0
    for a in atoms:
        at += sum(len(v) for _k, v, _s in a.parts)
        ends.append(at)
    costs = dict(zip(ends, cjklines.break_costs(atoms)))   # the cost of a break after each offset
    assert costs[2] == cjklines.IN_WORD            # 獲／勝
    assert costs[10] == cjklines.IN_WORD           # 然／後
    assert costs[7] < cjklines.IN_WORD and costs[6] < cjklines.IN_WORD   # 包括／你／自己
    assert costs[4] == 0.0                         # after the comma


def test_a_cards_text_may_take_a_slightly_smaller_size_where_its_lines_break_better(fonts, monkeypatch):
    """Another size is another grid of ems: a card's text (with room to shrink, `min_size`) may be set a
    quarter or half a point smaller where its lines are then less spread, short or torn; never more
    than that, never below min_size, never in more lines."""
    from pnp.text import breaks
    kept = Words(["禁忌牌", "神智", "家族秘史", "幫派份子"])
    texts = TEXTS + ["每輪 1 次：有玩家因展示禁忌牌而要損失神智時，你可以取消這次損失。"]

    def faults(nudge=0.0):
        n, sizes = 0, []
        for text in texts:
            for width in range(36, 70):
                box = (0, 0, width * MM + nudge, 300 * MM)
                laid, _ = layout(text, fonts, "sans", 10, box, words=kept, inset=True, min_size=9.6)
                n += _faults(laid, fonts, laid.size)
                sizes.append(laid.size)
        return n, sizes

    smaller, sizes = faults()
    monkeypatch.setattr(breaks, "SMALLER", 1e9)
    same, fixed = faults(0.001)       # (another width: the layout memo holds the ones above)
    assert all(f - 0.25 <= s <= f and s >= 9.6 for s, f in zip(sizes, fixed))   # 9.5 is below min_size
    assert any(s < f for s, f in zip(sizes, fixed))
    assert smaller < same, (smaller, same)
