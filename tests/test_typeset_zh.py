"""zh-TW typesetting in the text engine: justified CJK lines not torn apart, lines filled to the width,
number lists and glossary words kept whole, no orphan last line, narrow labels shrunk or reported, and
the lint rule for half-width punctuation in zh-TW text. Measured with the real fonts."""
from __future__ import annotations

import pytest

from conftest import run_pnp
from pnp.text import cjklines
from pnp.text import fonts as fontmod
from pnp.text.fit import NO_END, NO_START, Words, layout
from tests.lintkit import lint, project

MM = 72 / 25.4
GOAL = "你操控了調查：被逮捕的人不是兇手時你獲勝——包括你自己就是兇手卻逃過一劫。"   # Criminal Poker mastermind
RULE = "每回合開始時抽 1 張牌，然後棄 2 張牌。若手牌超過 5 張，你要休息一回合。"


@pytest.fixture(scope="module")
def fonts():
    return fontmod.FontSet({"sans": fontmod.builtin_path("noto-sans-tc")})


def _rows(laid):
    rows = {}
    for r in laid.runs:
        rows.setdefault(round(r.y, 2), []).append(r)
    return [sorted(v, key=lambda r: r.x) for _k, v in sorted(rows.items())]


def _lines(laid):
    return ["".join(r.text for r in row) for row in _rows(laid)]


def _gaps(laid, fonts):
    """The widest gap between neighbouring runs of each line (justification spreads them apart)."""
    return [max([b.x - a.x - fonts.width(a.text, "sans", a.size) for a, b in zip(row, row[1:])] or [0.0])
            for row in _rows(laid)]


def test_a_justified_cjk_line_is_not_torn_apart(fonts):
    # the mastermind's goal: its middle line was balanced to half the width, then spread 8 pt a gap
    for width in (44, 48, 52, 56):
        laid, _ = layout(GOAL, fonts, "sans", 8.5, (0, 0, width * MM, 22 * MM), min_size=6, align="justify")
        assert max(_gaps(laid, fonts)) <= 0.12 * laid.size + 0.01, (width, _lines(laid), _gaps(laid, fonts))


def test_latin_lines_still_justify_by_their_spaces(fonts):
    text = "Whoever holds the murder weapon is the murderer, shown or hidden, and loses at the end."
    w = 40 * MM
    laid, _ = layout(text, fonts, "sans", 9, (0, 0, w, 100 * MM), align="justify")
    rows = _rows(laid)
    for row in rows[:-1]:
        end = row[-1].x + fonts.width(row[-1].text, "sans", 9)
        assert abs(end - w) < 0.05, [r.text for r in row]


def test_cjk_lines_are_filled_not_broken_early_at_spaces_or_punctuation(fonts):
    # `過 5 張，／你要休息一回合。`: balancing broke after a comma, leaving a half-width line. A line may give
    # up a character to keep a phrase whole, or two to spare the last line an orphan (`cjklines.py`); in a
    # box under ten ems, where an orphan's avoidance moves every line, three
    for width in range(14, 60):
        w = width * MM
        laid, _ = layout(RULE, fonts, "sans", 9, (0, 0, w, 200 * MM))
        lines = _lines(laid)
        for line, after in zip(lines[:-2], lines[1:-1]):    # the last two may give the orphan a character
            room = w - fonts.width(line, "sans", 9)
            n = 3 if after[0].isdigit() else 1   # ` 1 張` is one piece, a number and its unit, after a space
            unit = (" " if n == 3 else "") + after[:n] + (after[n] if after[n:n + 1] in NO_START else "")  # `牌，` too
            given = 2 if w >= 10 * 9 else 3
            assert room < fonts.width(unit, "sans", 9) + given * 9 + 0.1 or room < w / 4, (width, lines)
        for line in lines[1:]:
            assert line[0] not in NO_START, (width, lines)
        for line in lines[:-1]:
            assert line[-1] not in NO_END, (width, lines)


@pytest.mark.parametrize("text,whole", [("擲出 6、3、3（HQ）或該街區已有幫派時重擲。", "6、3、3"),
                                        ("每位玩家拿 1–4 張牌，擲出 3/4 點以上就成功。", "1–4 張"),
                                        ("每位玩家拿 1–4 張牌，擲出 3/4 點以上就成功。", "3/4 點")])
def test_numbers_and_their_lists_are_never_broken(fonts, text, whole):
    for width in range(12, 60):
        lines = _lines(layout(text, fonts, "sans", 9, (0, 0, width * MM, 200 * MM))[0])
        assert any(whole in line for line in lines), (width, lines)


@pytest.mark.parametrize("balance", [True, False])   # cards balance, booklets' running text does not
def test_no_orphan_of_one_or_two_characters_ends_a_cjk_paragraph(fonts, balance):
    texts = [RULE, GOAL, "展示此牌時，持有者失去一點神智；若神智歸零，末日指數上升。", "抽到這張牌的人立刻出局並翻開身分張。"]
    for text in texts:
        for width in range(15, 70):
            lines = _lines(layout(text, fonts, "sans", 9, (0, 0, width * MM, 200 * MM), balance=balance)[0])
            assert len(lines) == 1 or len(lines[-1]) > 2, (width, lines)


def test_an_orphan_counts_characters_not_punctuation_nor_the_edition_mark(fonts):
    """「張。」, 「元素。」 and a lone 「†」 ended paragraphs in the playtest reads: one or two characters and
    their punctuation, or a mark alone, are orphans, even after a phrase's end; the lines before give up a
    character each to avoid one (`cjklines.py`)."""
    texts = ["這一頁的規則只在五人遊戲時使用這張。", "平手時由調查者裁決。†", "沒有人扮演的嫌疑人仍然放在圖板上的那一張。",
             "每張福爾摩斯卡都寫著一條線索，指向一個元素。"]
    for text in texts:
        for width in range(25, 70):   # narrower than 6 ems, two characters make a fair last line
            lines = _lines(layout(text, fonts, "sans", 9, (0, 0, width * MM, 200 * MM))[0])
            if len(lines) < 2:
                continue
            plain = [ch for ch in lines[-1] if ch not in NO_START and ch not in NO_END and ch != " "]
            assert len(plain) > 2, (width, lines)


def test_words_are_torn_less_than_by_filling_lines_greedily(fonts, monkeypatch):
    """面／前 and 理／由 were torn at line ends in the playtest reads, though the line could have ended one
    character sooner. Breaks inside a dictionary word (`cjkwords.py`), counted over many widths, must be
    fewer than greedy filling leaves — a word is torn only where keeping it would leave a line
    letter-spaced or short — and no paragraph may end on an orphan."""
    from pnp.text import cjkwords
    texts = [RULE, GOAL, "你站在他面前，說出你的理由，然後把卡片正面朝下放進信封，再把信封放在桌面中央。",
             "展示此牌時，持有者失去一點神智；若神智歸零，末日指數上升。"]

    def faults(nudge):
        tears = orphans = 0
        for text in texts:
            ends = cjkwords.word_ends(text.replace(" ", ""))
            for width in range(25, 70):
                lines = _lines(layout(text, fonts, "sans", 9, (0, 0, width * MM + nudge, 200 * MM))[0])
                at = 0
                for line in lines[:-1]:
                    at += len(line.replace(" ", ""))
                    tears += at not in ends
                orphans += len(lines) > 1 and len([c for c in lines[-1] if c not in NO_START and c != " "]) <= 2
        return tears, orphans

    tears, orphans = faults(0.0)
    monkeypatch.setattr(cjklines, "best", lambda *a: None)
    greedy_tears, greedy_orphans = faults(0.001)     # another width: the fonts' memo holds the lines above
    assert orphans == 0 < greedy_orphans
    assert tears < greedy_tears, (tears, greedy_tears)


def test_a_glossary_word_never_breaks_across_lines(fonts):
    text = "把一名幫派份子移到相鄰的空街區，逮捕那裡所有的幫派份子，再吸收一名線人。"
    kept = Words(["幫派份子", "線人"])
    split = 0
    for width in range(16, 60):    # from 16 mm `幫派份子，` fits a line (narrower, the word must break)
        box = (0, 0, width * MM, 200 * MM)
        split += any(line.endswith(("幫", "幫派", "幫派份")) for line in _lines(layout(text, fonts, "sans", 9, box)[0]))
        laid, _ = layout(text, fonts, "sans", 9, box, words=kept)
        assert not laid.torn
        for line in _lines(laid):
            assert not line.endswith(("幫", "幫派", "幫派份", "線")), (width, _lines(laid))
    assert split   # without the glossary, some widths break it
    # a word wider than the line still breaks (and says so) rather than overflowing
    laid, _ = layout("幫派份子", fonts, "sans", 9, (0, 0, 12 * MM, 50 * MM), words=kept)
    assert laid.overflow == 0 and "／" in laid.torn and laid.torn.replace("／", "") == "幫派份子"


def test_a_narrow_label_breaks_by_phrases_or_shrinks_or_says_it_is_torn(fonts):
    box = (0, 0, 9 * MM, 68 * MM)    # Tiny Epic Crimes' envelope flap: 向後／折，上／膠
    laid, _ = layout("向後折，上膠", fonts, "sans", 7, box, align="center", valign="middle", min_size=5)
    assert _lines(laid) == ["向後折，", "上膠"] and 5 <= laid.size < 7 and not laid.torn
    wide, _ = layout("向後折，上膠", fonts, "sans", 7, (0, 0, 12 * MM, 68 * MM), align="center")
    assert _lines(wide) == ["向後折，", "上膠"] and wide.size == 7
    fixed, _ = layout("向後折，上膠", fonts, "sans", 7, box, align="center", valign="middle")   # no min_size
    assert fixed.size == 7 and fixed.torn and fixed.overflow == 0


def test_no_space_is_printed_after_a_full_stop_before_cjk(fonts):
    laid, _ = layout("**準備。** 內文繼續。Then English.", fonts, "sans", 8, (0, 0, 90 * MM, 20 * MM))
    row = _rows(laid)[0]
    stop = next(r for r in row if r.text.endswith("。"))
    after = row[row.index(stop) + 1]
    assert abs(after.x - stop.x - fonts.width(stop.text, "sans", 8)) < 0.01


# ---- in a game: glossary: in game.yaml, the text-breaks and zh-punctuation lint rules ---------------------

ZH = "[zh-TW]"
CARD = {"type": "text", "x": 4, "y": 4, "w": 17, "h": 30, "text": "{{ card.name }}", "size": 9}


def _runs(tmp_path, game_extra, items, el=CARD, langs=ZH):
    from pnp.pipeline.build import check_game
    keep: dict = {}
    proj = project(tmp_path, {"t": el}, items=items, game_extra=game_extra, fields="{name: text}", langs=langs)
    _prep, found = check_game(proj, "g", keep=keep)
    front = keep["c"][0][0]
    rows: dict = {}   # the drawn lines: runs by baseline (a spread line draws a kept word a character a run)
    for p in getattr(front, "pieces", ()):
        if hasattr(p, "text"):
            rows.setdefault(round(p.y, 2), []).append(p)
    return found, ["".join(r.text for r in sorted(row, key=lambda r: r.x)) for _y, row in sorted(rows.items())]


def test_a_text_element_with_inset_false_keeps_its_lines_at_the_box_edge(tmp_path, fonts):
    """A card's CJK text may end up to an em inside its box where it breaks better; text elements stacked
    as paragraphs of one column stepped at the right edge (21st Criminal Poker read): `inset: false`
    keeps an element's lines at the box's edge."""
    from pnp.pipeline.build import check_game
    text = "每位玩家輪流進行一個回合：抽 1 張牌，或是跳過這個回合；輪到你時只能做一件事。"
    edges = {}
    for inset in (True, False):
        el = dict(CARD, x=0, w=27, h=40, text=text, inset=inset)
        keep: dict = {}
        proj = project(tmp_path / str(inset), {"t": el}, items=[{"id": "a", "name": "x"}], fields="{name: text}", langs=ZH)
        _prep, _found = check_game(proj, "g", keep=keep)
        runs = [p for p in keep["c"][0][0].pieces if hasattr(p, "text")]
        edges[inset] = max(r.x + fonts.width(r.text, "sans", r.size) for r in runs) / MM
    assert edges[True] < 26.0 and abs(edges[False] - 27.0) < 0.3, edges


def test_game_glossary_words_and_card_names_are_kept_whole(tmp_path):
    items = [{"id": "a", "name": {"zh-TW": "把一名幫派份子移到相鄰的空街區"}}]
    _f, plain = _runs(tmp_path / "p", "", items)
    assert any(t.endswith(("幫", "幫派", "幫派份")) for t in plain), plain
    _f, kept = _runs(tmp_path / "g", "glossary: {zh-TW: [幫派份子]}\n", items)
    assert "".join(kept) == "".join(plain).replace(" ", "") and not any(t.endswith(("幫", "幫派", "幫派份")) for t in kept)
    named = [{"id": "a", "name": {"zh-TW": "幫派份子"}}, {"id": "b", "name": {"zh-TW": "把一名幫派份子移到相鄰的空街區"}}]
    _f, by_name = _runs(tmp_path / "n", "glossary: {cards: [c]}\n", named)
    assert not any(t.endswith(("幫", "幫派", "幫派份")) for t in by_name)


def test_a_bad_glossary_is_bad_input_at_its_line(tmp_path):
    proj = project(tmp_path, {"t": CARD}, items=[{"id": "a", "name": {"zh-TW": "字"}}],
                   game_extra="glossary: {fr: [mot], cards: [nope], zh-TW: 幫派份子}\n", fields="{name: text}", langs=ZH)
    r = run_pnp("--project", proj.root, "check", "g")
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    for what in ("game.yaml:4:", "`fr`", "`nope`", "a list"):
        assert what in r.stderr, (what, r.stderr)


def test_a_torn_label_is_a_text_breaks_warning(tmp_path):
    label = {"type": "text", "x": 4, "y": 4, "w": 9, "h": 30, "text": "向後折，上膠", "size": 7, "align": "center"}
    found = lint(tmp_path / "a", {"flap": label}, "text-breaks", langs=ZH)
    assert len(found) == 1 and found[0].severity == "warning", found
    assert "向後" in found[0].message and "min_size" in found[0].message and "face.yaml:6" in str(found[0].pos)
    assert not lint(tmp_path / "b", {"flap": dict(label, min_size=5)}, "text-breaks", langs=ZH)


def test_half_width_punctuation_in_zh_text_is_reported_at_its_line(tmp_path):
    items = [{"id": "a", "name": {"zh-TW": "抽一張牌,然後棄一張(任選)", "en": "Draw a card, then discard (any)."}},
             {"id": "b", "name": {"zh-TW": "準備。 翻開第一張牌：開始", "en": "Set up. Then start: go"}},
             {"id": "c", "name": {"zh-TW": "全形標點，沒有問題（好）。", "en": "ok"}}]
    found = lint(tmp_path, {"t": CARD}, "zh-punctuation", items=items, langs="[zh-TW, en]",
                 fields="{name: text}")
    text = "\n".join(f"{f.pos}: {f.message}" for f in found)
    assert len(found) == 4 and {f.card for f in found} == {"a", "b"}, text
    assert "game.yaml:" in text and "`,` → `，`" in text and "`(` → `（`" in text and "`)` → `）`" in text
    assert "a space after `。`" in text
    assert all(f.severity == "warning" for f in found)


def test_half_width_punctuation_in_a_zh_booklet_is_reported_at_its_line(tmp_path):
    proj = project(tmp_path, {"t": CARD}, items=[{"id": "a", "name": {"zh-TW": "字"}}], langs=ZH,
                   fields="{name: text}")
    game = proj.root / "content" / "g"
    text = (game / "game.yaml").read_text(encoding="utf-8")
    (game / "game.yaml").write_text(text + "  rules:\n    kind: booklet\n    title: 規則\n", encoding="utf-8")
    (game / "rules.zh-TW.md").write_text("# 規則\n\n第一段沒有問題。\n\n- **準備。** 洗牌,發給每人五張。\n", encoding="utf-8")
    r = run_pnp("--project", proj.root, "check", "g")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "rules.zh-TW.md:5:" in r.stdout and "zh-punctuation" not in r.stderr, r.stdout
    assert "`,` → `，`" in r.stdout and "a space after `。`" in r.stdout


def test_a_zh_cover_writes_full_width_separators(fonts):
    from pnp.render.cover import Entry, pages
    info = {"lang": "zh-TW", "title": "遊戲", "licence": "CC BY-SA 4.0", "duplex": "none", "paper_name": "A4"}
    book = Entry("規則小冊", "booklet", 3, 10, sides={"front", "back"}, count=8)
    page = pages(info, [book], (595.0, 842.0), fonts)[0]
    text = "".join(p.text for s in page.slots for p in s.face.pieces if hasattr(p, "text"))
    assert "3、5、7、9" in text and "4、6、8、10" in text and "授權：CC" in text, text
    assert "3, 5" not in text and "授權: " not in text


def test_an_ordinal_stays_with_its_number(fonts):
    """「第／48 小時」 broke in a Tiny Epic Crimes aid: 第 never ends a line."""
    text = "指控只能在第 48 小時之前進行，而且每個人只有一次機會。"
    for width in range(20, 70):
        lines = _lines(layout(text, fonts, "sans", 9, (0, 0, width * MM, 200 * MM))[0])
        assert not any(line.rstrip().endswith("第") for line in lines[:-1]), (width, lines)


def test_a_number_the_edition_chose_stays_with_its_unit(fonts):
    """「若為 9†／以上」 broke on a Doomsday Files secret: the edition's mark after a number kept it from
    being taken for one."""
    text = "末日指數若為 9† 以上，你立即獲勝；面前有 2† 張以上禁忌牌時也一樣。"
    for width in range(20, 70):
        lines = _lines(layout(text, fonts, "sans", 9, (0, 0, width * MM, 200 * MM))[0])
        assert not any(line.rstrip().endswith(("9†", "2†")) for line in lines[:-1]), (width, lines)


def test_a_count_in_words_stays_with_its_measure_word(fonts):
    """「三／張是 6」 and 「每人選一／種顏色」 (thirteenth reads): a count in Chinese numerals keeps its measure
    word, as 「3 張」 does; a numeral in a word (統一) is left alone."""
    text = "所以持有一張是 2，一對是 4，三張是 6；每人選一種顏色，統一樣式，二十張牌全部洗勻。"
    for width in range(12, 70):
        lines = _lines(layout(text, fonts, "sans", 9, (0, 0, width * MM, 200 * MM))[0])
        for a, b in zip(lines, lines[1:]):
            assert not (a[-1:] in "一三二十" and b[:1] in "張種"), (width, lines)
    from pnp.text.atoms import tokens
    atoms, _ = tokens("統一樣式", ())
    assert len(atoms) == 4


def test_a_times_sign_stays_with_its_count(fonts):
    text = "白色骰子指示物（每欄一個） × 5、黑色骰子指示物（每列一個） × 5、線人指示物 × 5"
    for width in range(20, 70):
        lines = _lines(layout(text, fonts, "sans", 9, (0, 0, width * MM, 200 * MM))[0])
        assert not any(line.rstrip().endswith("×") for line in lines[:-1]), (width, lines)
        assert not any(line.startswith("×") for line in lines), (width, lines)   # 「× 6、」 began a line


def test_full_width_marks_side_by_side_are_squeezed(fonts):
    """「），」 printed an em of white between the bracket and the comma (fifth playtest reads of Clue,
    Doomsday Files and Lady Alice): the closing bracket is set half an em narrow beside a mark, and an
    opening bracket after a mark loses its left half; a bracket beside a character keeps its width."""
    size = 10
    plain, _ = layout("甲（乙）丙", fonts, "sans", size, (0, 0, 300, 50))
    pair, _ = layout("甲（乙），丙", fonts, "sans", size, (0, 0, 300, 50))
    opening, _ = layout("甲（「乙」）丙", fonts, "sans", size, (0, 0, 300, 50))
    assert [(r.x, r.text) for r in plain.runs] == [(0, "甲（乙）丙")]
    assert [(r.x, r.text) for r in pair.runs] == [(0, "甲（乙）"), (size * 3.5, "，丙")]
    xs = {r.text: r.x for r in opening.runs}
    assert xs == {"甲（": 0, "「乙」": size * 1.5, "）丙": size * 4.0}, xs   # 「 after （, 」 before ）
    from pnp.text.atoms import tokens
    from pnp.text.fit import _atom_width
    atom = [a for a in tokens("（乙），", set())[0] if len(a.parts) > 1][0]
    assert _atom_width(atom, fonts, "sans", size) == size * 3.5
    # two brackets side by side (the contents' 「（封面）（1）」, eighth read): the closing one is squeezed
    pairs, _ = layout("甲（封面）（1）", fonts, "sans", size, (0, 0, 300, 50))
    end = max(r.x + fonts.width(r.text, "sans", size) for r in pairs.runs)
    mark = [a for a in tokens("目標（見下）†。", set())[0] if "†" in "".join(v for k, v, _s in a.parts if k == "t")][0]
    # 「）†」: a full em of white read as a gap (tenth read), half an em as a half-width bracket (17th):
    assert list(mark.squeeze.values()) == ["m"]   # a quarter of the bracket's em goes before the mark
    dagger, _ = layout("甲（乙）†丙", fonts, "sans", size, (0, 0, 300, 50))
    assert abs(max(r.x + fonts.width(r.text, "sans", size) for r in dagger.runs)
               - (fonts.width("甲（乙）†丙", "sans", size) - size * 0.25)) < 0.01
    full = fonts.width("甲（封面）（1）", "sans", size)
    assert abs(end - (full - size * 0.5)) < 0.01, [(r.x, r.text) for r in pairs.runs]   # half an em less


def test_a_mark_and_an_opening_bracket_in_two_atoms_are_squeezed_unless_the_bracket_starts_a_line(fonts):
    """「採用；《妙探尋兇》」 showed an em of white between 「；」 and 「《」 (19th Clue read): a line may break
    between them, so they are two atoms; on one line the bracket loses its left half, starting a line it
    is set full width, inside the box (not hanging into the margin)."""
    size = 10
    text = "甲乙；《丙丁》戊"
    laid, _ = layout(text, fonts, "sans", size, (0, 0, 300, 50))
    xs = {r.text: r.x for r in laid.runs}
    assert xs == {"甲乙；": 0, "《丙丁》戊": size * 2.5}, xs
    plain, _ = layout("甲乙丙《丙丁》戊", fonts, "sans", size, (0, 0, 300, 50))
    assert [(r.x, r.text) for r in plain.runs] == [(0, "甲乙丙《丙丁》戊")]   # after a character: full width
    for chars in range(3, 9):   # every width: the bracket starts a line at some, and stays in the box
        width = chars * size + 1
        laid, _ = layout("甲乙；《丙丁》戊己庚辛；《壬癸》子", fonts, "sans", size, (0, 0, width, 200))
        for r in laid.runs:
            assert r.x >= -0.01, (chars, [(q.x, q.text) for q in laid.runs])
            assert r.x + fonts.width(r.text, "sans", size) <= width + 0.01, (chars, [(q.x, q.text) for q in laid.runs])
        starts = [r for r in laid.runs if r.text.startswith("《")]
        for r in starts:
            before = [q for q in laid.runs if q.y == r.y and q.x < r.x]
            if not before:
                assert r.x == 0, (chars, [(q.x, q.text) for q in laid.runs])


def test_a_line_does_not_end_just_inside_an_opening_bracket(fonts, monkeypatch):
    """「（有／好幾張時…」, 「（自己／也不看）」 and 「（至少／1 小時）」 ended lines (19th reads): a break two
    characters or fewer after an opening bracket costs BRACKET_COST more, so a line breaks before the
    bracket where that is as good; without the cost it breaks inside."""
    text = "把信封放回桌子中央，不讓任何人看到（自己也不看），然後開始遊戲。"

    def lines():   # (fresh fonts: a FontSet keeps what it laid out)
        fresh = fontmod.FontSet({"sans": fontmod.builtin_path("noto-sans-tc")})
        return _lines(layout(text, fresh, "sans", 9, (0, 0, 31 * MM, 200 * MM))[0])

    assert not any(line.endswith("（自己") for line in lines()), lines()
    assert "（自己也不看），然後" in "".join(lines()[2:3]), lines()
    monkeypatch.setattr(cjklines, "BRACKET_COST", 0.0)
    assert any(line.endswith("（自己") for line in lines()), lines()
    assert [k for k, hit in enumerate(cjklines._bracket_edges("甲（有好幾張）乙")) if hit] == [3, 4]


def test_a_lone_capital_letter_stays_with_the_cjk_word_it_names(fonts):
    """「再把 A／嫌疑人、B 時間…」 (19th and 21st Lady Alice reads): a letter naming a section stays on the
    line of the word after it, as a number stays with its unit; in English 「A player」 may still break."""
    from pnp.text.atoms import tokens
    atoms, _ = tokens("再把 A 嫌疑人、B 時間", set())
    assert ["A 嫌", "B 時"] == ["".join(v for _k, v, _s in a.parts) for a in atoms if a.parts[0][1][:1] in "AB"]
    atoms, _ = tokens("A player takes B cards", set())
    assert len(atoms) == 5
    text = "翻開筆記本封面，再把 A 嫌疑人、B 時間、C 地點與 D 武器四區的內頁依序夾好。"
    for width in range(20, 60):
        lines = _lines(layout(text, fonts, "sans", 9, (0, 0, width * MM, 200 * MM))[0])
        assert not any(line.rstrip()[-1:] in "ABCD" for line in lines[:-1]), (width, lines)


@pytest.mark.parametrize("text", ["• 結算案件：每回合可以結算任意張案件，但成功解開謎團之後，本回合不能再結算案件。",
                                  "• Resolve cases: you may resolve any number of cases, but after you solve a mystery you stop."])
def test_a_bulleted_paragraph_hangs_its_lines_under_its_text(fonts, text):
    """An aid's bullet lines ran back under the bullet (19th and 21st Doomsday Files reads): a paragraph
    that starts with a bullet and a space is broken at the width less the bullet, and its lines after the
    first start where its text does; in a justified box they end at the box's edge as the others do."""
    size, width = 9, 40 * MM
    laid, _ = layout(text + "\n下一段。", fonts, "sans", size, (0, 0, width, 200 * MM), align="justify")
    rows = _rows(laid)
    assert len(rows) >= 4, _lines(laid)
    bullet = rows[0][0]
    start = fonts.width("•", "sans", size) + fonts.width(" ", "sans", size)   # the bullet and its space
    assert bullet.x == 0 and bullet.text.startswith("•"), _lines(laid)
    if bullet.text == "•":      # the first line's text starts there too (its space is not widened)
        assert abs(rows[0][1].x - start) < 0.01, [(r.x, r.text) for r in rows[0]]
    for row in rows[1:-1]:
        assert abs(row[0].x - start) < 0.01, (start, [(r.x, r.text) for r in row])
    assert rows[-1][0].x == 0   # the next paragraph starts at the box's edge
    for row in rows[:-2]:       # justified: every line of the bullet but its last ends at one edge
        end = max(r.x + fonts.width(r.text, "sans", r.size) for r in row)
        assert width - 1.2 * size < end <= width + 0.01, (end, width, [(r.x, r.text) for r in row])


def test_a_lone_operator_never_starts_a_line(fonts):
    """「駕駛時數／+ 行動時數」 (22nd Tiny Epic Crimes read): a lone + or = between spaced terms stays on the
    line of the term before it."""
    text = "本回合花費的時間是駕駛時數 + 行動時數 = 記錄物前進的格數，最多到第 48 小時為止。"
    for width in range(15, 60):
        lines = _lines(layout(text, fonts, "sans", 9, (0, 0, width * MM, 200 * MM))[0])
        assert not any(line.lstrip()[:1] in "+=" for line in lines), (width, lines)


def test_a_full_width_mark_after_a_space_never_starts_a_line(fonts):
    """「windskald ，」 in a zh-TW credit line broke before the comma (a seventh read): a full-width
    mark carries its own space, so the space before it goes and the mark stays with the word."""
    text = "原作：windskald ，規則改寫自作者的貼文"
    for width in range(14, 60):
        lines = _lines(layout(text, fonts, "sans", 9, (0, 0, width * MM, 200 * MM))[0])
        assert not any(line.lstrip().startswith("，") for line in lines), (width, lines)
    one = _lines(layout(text, fonts, "sans", 9, (0, 0, 200 * MM, 20 * MM))[0])
    assert one == ["原作：windskald，規則改寫自作者的貼文"], one


def test_no_space_is_printed_after_a_full_width_closing_bracket(fonts):
    """「（每欄一個） × 5」 showed an em and a half of white (the bracket's own half em and a space), read
    as a torn line in the eighth read of Tiny Epic Crimes: the bracket's white is the space."""
    from pnp.text.atoms import tokens
    atoms = tokens("白色骰子指示物（每欄一個） × 5、線人指示物 × 5", set())[0]
    text = "".join("".join(v for k, v, _s in a.parts if k == "t") + a.space for a in atoms)
    assert "）× 5、" in text and "（每欄一個） " not in text
    assert "指示物 × 5" in text                                     # a space after a CJK character stays
    atoms = tokens("各不相同）、 1 張兇器卡。 Then", set())[0]             # after a full-width mark, before a digit
    text = "".join("".join(v for k, v, _s in a.parts if k == "t") + a.space for a in atoms)
    assert "）、1 張" in text and "。Then" in text, text


def test_a_title_in_its_brackets_and_a_short_bold_label_are_never_broken(fonts):
    """《妙探尋／兇》 (Clue) and a bold run-in 「理／由：」 (Criminal Poker) broke across lines in the eighth
    reads: a title in 《》 and a bold CJK run of up to six characters stay whole, as glossary words do."""
    for text, whole in (("想玩其他版本的人，可以找找《妙探尋兇》的其他版本與擴充。", "《妙探尋兇》"),
                        ("偵探必須說明**理由：**為什麼他認為這個人就是兇手。", "理由：")):
        for width in range(20, 60):
            lines = _lines(layout(text, fonts, "sans", 9, (0, 0, width * MM, 200 * MM), markup=False)[0])
            assert any(whole in line for line in lines), (width, lines)


def test_a_glossary_name_with_a_middle_dot_is_found_and_kept_whole(fonts):
    """「在瑪／麗·霍布斯」 broke a suspect's name (Lady Alice, tenth read): the middle dot split the CJK run
    before the glossary was looked up, so a name with a dot was never a glossary word."""
    from pnp.text.atoms import tokens
    atoms = tokens("他在瑪麗·霍布斯的房間", set(), words=Words(["瑪麗·霍布斯"]))[0]
    assert [a for a in atoms if a.keep and "".join(v for k, v, _s in a.parts if k == "t") == "瑪麗·霍布斯"]
    text = "這一局的兇手其實是站在瑪麗·霍布斯身後的那個人，大家都沒有注意到。"
    for width in range(25, 60):
        lines = _lines(layout(text, fonts, "sans", 9, (0, 0, width * MM, 200 * MM), words=Words(["瑪麗·霍布斯"]))[0])
        assert any("瑪麗·霍布斯" in line for line in lines), (width, lines)


def test_an_edition_mark_named_after_a_space_never_starts_a_line(fonts):
    """「…都標有 †，規則全文…」: the space before the mark was a break, and a line began 「†，」 (fifteenth
    read of Tiny Epic Crimes). In CJK text the mark keeps its space and its word."""
    text = "原版規則沒有說清楚以下幾點，本版規定如下。上文寫到這些規則的地方都標有 †，規則全文就在那裡。"
    for width in range(20, 70):
        lines = _lines(layout(text, fonts, "sans", 9, (0, 0, width * MM, 200 * MM))[0])
        assert not any(line.startswith("†") for line in lines), (width, lines)
    from pnp.text.atoms import tokens
    atoms, _ = tokens("marked † here", set())
    assert len(atoms) == 3          # English text keeps its break before the mark


def test_an_icon_stays_on_the_line_of_the_word_it_labels(fonts):
    """「左上角的符號：[槍]／槍枝算武力」 and 「[冠]／老大」 (fifteenth reads): a break between an icon and the
    CJK text right after it costs more than a letter-spaced line, so over many widths it is rare, and far
    rarer than when it costs nothing."""
    from pnp.text import cjklines
    text = "左上角的符號：:star: 槍枝算武力，:star: 放大鏡算調查，:star: 兩者皆可；右上角的數字是難度。"
    icons = {"star"}

    def split(nudge):
        n = 0
        for width in range(20, 70):
            laid, _ = layout(text, fonts, "sans", 9, (0, 0, width * MM + nudge, 200 * MM), icon_names=icons)
            rows = _rows(laid)
            icon_rows = [round(iy, 1) for _n, _x, iy, _s, _c in laid.icons]
            ends = [max(r.x + fonts.width(r.text, "sans", 9) for r in row) for row in rows]
            for _name, ix, iy, s, _c in laid.icons:      # an icon last on its line
                row = min(range(len(rows)), key=lambda k: abs(rows[k][0].y - (iy + 0.8 * s)))
                n += ix + s >= ends[row] - 0.01
            assert len(icon_rows) == 3
        return n

    glued = split(0.0)
    cost = cjklines.ICON_LABEL
    try:
        cjklines.ICON_LABEL = 0.0
        loose = split(0.001)
    finally:
        cjklines.ICON_LABEL = cost
    assert glued < loose, (glued, loose)


def test_the_covers_own_words_stay_whole(fonts):
    """The cover's zh-TW print notes broke 短／邊翻頁 and 蓋／著放 (nineteenth reads): its own words are kept
    whole at every width."""
    from pnp.render.cover import LABELS, WORDS
    words = WORDS["zh-TW"]
    texts = [v for v in LABELS["zh-TW"].values() if isinstance(v, str) and any(w in v for w in words.words)]
    assert len(texts) >= 3
    torn = 0
    for width in range(40, 180, 3):
        for text in texts:
            for kept in (words, None):
                lines = _lines(layout(text, fonts, "sans", 9, (0, 0, width * MM, 400 * MM), words=kept)[0])
                split = [w for w in words.words for a, b in zip(lines, lines[1:])
                         if any(a.endswith(w[:k]) and b.startswith(w[k:]) for k in range(1, len(w)))]
                if kept is None:
                    torn += bool(split)
                else:
                    assert not split, (width, split, lines)
    assert torn      # without them some width tears one: the check can fail
