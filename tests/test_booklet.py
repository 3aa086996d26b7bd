"""Rules booklets (`kind: booklet`): a synthetic game with a two-language booklet, built as a user
would, its pages read back with pdfium (text with positions) and rasterised where pictures matter."""
import json
import re

import numpy as np
import pikepdf
import pypdfium2 as pdfium
import pytest

import booklet_game
from conftest import run_pnp

MM = 72 / 25.4


def pdf_words(path):
    """Per page: [(digits, x_mm, y_mm)] of every run of digits, positioned after all transforms."""
    out = []
    doc = pdfium.PdfDocument(str(path))
    for page in doc:
        tp = page.get_textpage()
        words, cur, box = [], "", None
        for k in range(tp.count_chars()):
            ch = tp.get_text_range(k, 1)
            if ch.isdigit():
                if not cur:
                    box = tp.get_charbox(k)
                cur += ch
            elif cur:
                words.append((cur, box[0] / MM, box[1] / MM))
                cur = ""
        if cur:
            words.append((cur, box[0] / MM, box[1] / MM))
        out.append(words)
    return out


def texts(path):
    doc = pdfium.PdfDocument(str(path))
    return [p.get_textpage().get_text_range() for p in doc]


def build(root, *args):
    r = run_pnp("--project", root, "build", "tiny", *args)
    return r


@pytest.fixture(scope="module")
def game(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("booklet")
    root = booklet_game.make(tmp)
    out = tmp / "out"
    r = build(root, "--lang", "all", "--out", out)
    assert r.returncode == 0, r.stderr
    r = build(root, "--lang", "en", "--booklet", "none", "--duplex", "none", "--only", "rules", "--no-cover",
              "--out", tmp / "plain")
    assert r.returncode == 0, r.stderr
    return {"root": root, "tmp": tmp, "full": out / "tiny" / "tiny.en.a4.pdf", "zh": out / "tiny" / "tiny.zh-TW.a4.pdf",
            "plain": tmp / "plain" / "tiny" / "tiny.en.a4.none.rules.pdf", "out": out}


@pytest.fixture(scope="module")
def long(tmp_path_factory):
    """A booklet of 11 pages (title, contents, 9 sections), built saddle-stitched for long and short edge."""
    tmp = tmp_path_factory.mktemp("long")
    root = booklet_game.make(tmp, rules_en=booklet_game.long_rules(9))
    paths = {}
    for duplex in ("long", "short"):
        r = build(root, "--lang", "en", "--only", "rules", "--no-cover", "--duplex", duplex, "--out", tmp / duplex)
        assert r.returncode == 0, r.stderr
        paths[duplex] = tmp / duplex / "tiny" / f"tiny.en.a4{'.short' if duplex == 'short' else ''}.rules.pdf"
    r = build(root, "--lang", "en", "--only", "rules", "--no-cover", "--booklet", "none", "--duplex", "none",
              "--out", tmp / "none")
    assert r.returncode == 0, r.stderr
    paths["none"] = tmp / "none" / "tiny" / "tiny.en.a4.none.rules.pdf"
    return paths


def test_saddle_pages_are_padded_to_a_multiple_of_four_in_stitch_order(long):
    for duplex, turned in (("long", True), ("short", False)):
        words = pdf_words(long[duplex])
        assert len(words) % 2 == 0
        n = len(words) * 2          # booklet pages: 2 a side
        assert n % 4 == 0 and n == 12   # 11 pages padded with a blank
        with pikepdf.open(long[duplex]) as pdf:
            for p in pdf.pages:     # landscape A4 sheets
                w, h = float(p.MediaBox[2]) / MM, float(p.MediaBox[3]) / MM
                assert (round(w), round(h)) == (297, 210)
        for i in range(n // 4):
            front, back = words[2 * i], words[2 * i + 1]
            want_front = (n - 2 * i, 2 * i + 1)
            want_back = (n - 2 * i - 1, 2 * i + 2) if turned else (2 * i + 2, n - 2 * i - 1)
            for side, want, upside_down in ((front, want_front, False), (back, want_back, turned)):
                # page numbers sit in the bottom margin; on a turned back, in the top one
                folios = [(int(d), x) for d, x, y in side if (y > 195 if upside_down else y < 15)]
                left = [d for d, x in folios if x < 148.5]
                right = [d for d, x in folios if x >= 148.5]
                # pages 1 (title), 2 (contents) and the padding blank carry no number
                assert left == ([want[0]] if 3 <= want[0] <= 11 else []), (duplex, i, side, want)
                assert right == ([want[1]] if 3 <= want[1] <= 11 else []), (duplex, i, side, want)


def test_booklet_none_gives_one_page_per_booklet_page(long):
    with pikepdf.open(long["none"]) as pdf:
        assert len(pdf.pages) == 11
        for p in pdf.pages:
            assert (round(float(p.MediaBox[2]) / MM), round(float(p.MediaBox[3]) / MM)) == (148, 210)
    for i, words in enumerate(pdf_words(long["none"])[2:], start=3):
        assert [int(d) for d, _x, y in words if y < 15] == [i]


def test_contents_lists_every_section_with_its_page(long, game):
    pages = texts(long["none"])
    toc = pages[1]
    assert "Contents" in toc
    for k in range(9):
        name = f"Section {chr(65 + k)}"
        m = re.search(re.escape(name) + r"\s*(\d+)", toc)
        assert m, (name, toc)
        assert f"Text of section {chr(65 + k)}" in pages[int(m.group(1)) - 1]
    # and in the synthetic game, every `#` heading of the source
    plain = texts(game["plain"])
    for name in ("Components", "Setup", "Playing", "End of the game"):
        m = re.search(re.escape(name) + r"\s*(\d+)", plain[1])
        assert m, (name, plain[1])
        assert name in plain[int(m.group(1)) - 1]


def test_table_from_a_jinja_loop_shows_the_data(game):
    text = " ".join(texts(game["plain"])).replace("\r", " ")
    for n, g, h in ((3, 11, 21), (4, 12, 22), (5, 13, 23)):
        assert re.search(rf"\b{n}\s+{g}\s+{h}\b", text), (n, g, h)
    assert "Clue cards × 4" in text     # game.components counts copies, as the manifest does


def test_a_picture_of_a_piece_is_drawn(game):
    pages = texts(game["plain"])
    i = next(k for k, t in enumerate(pages) if "The red card" in t)
    img = np.asarray(pdfium.PdfDocument(str(game["plain"]))[i].render(scale=1).to_pil().convert("RGB")).astype(int)
    red = (abs(img[..., 0] - 0xc0) < 12) & (abs(img[..., 1] - 0x39) < 12) & (abs(img[..., 2] - 0x2b) < 12)
    ys, xs = np.nonzero(red)
    assert red.sum() > 1000, "the red card is not drawn"
    # `?width=40` draws it 40 mm wide (poker 63 x 88 scaled), centred in the text column
    assert abs((xs.max() - xs.min() + 1) / MM - 40) < 1.5
    assert abs((ys.max() - ys.min() + 1) / MM - 40 * 88 / 63) < 1.5


def test_a_picture_shows_the_layout_the_card_chooses(tmp_path):
    """A component that picks each card's front by a field: the booklet pictures the card as it prints."""
    root = booklet_game.make(tmp_path)
    gy = root / "content" / "tiny" / "game.yaml"
    gy.write_text(gy.read_text("utf-8").replace("front: tiny/card", "front: {by: colour, cases: {red: tiny/green}, default: tiny/card}"), "utf-8")
    (root / "layouts" / "tiny" / "green.yaml").write_text(booklet_game.CARD_LAYOUT.replace('"{{ palette[card.colour] }}"', '"#00aa00"'), "utf-8")
    r = build(root, "--lang", "en", "--booklet", "none", "--duplex", "none", "--only", "rules", "--no-cover", "--out", tmp_path / "o")
    assert r.returncode == 0, r.stderr
    pdf = tmp_path / "o" / "tiny" / "tiny.en.a4.none.rules.pdf"
    i = next(k for k, t in enumerate(texts(pdf)) if "The red card" in t)
    img = np.asarray(pdfium.PdfDocument(str(pdf))[i].render(scale=1).to_pil().convert("RGB")).astype(int)
    green = (abs(img[..., 0] - 0x00) < 12) & (abs(img[..., 1] - 0xaa) < 12) & (abs(img[..., 2] - 0x00) < 12)
    assert green.sum() > 1000, "the card is pictured with the default layout, not the one it chooses"


def test_full_pdf_has_the_booklet_after_the_cover_with_bookmarks_and_manifest(game):
    from pypdf import PdfReader
    r = PdfReader(str(game["full"]))
    top = [o for o in r.outline if not isinstance(o, list)]
    assert [o.title for o in top] == ["Tiny Test", "Rules", "Clue cards"]
    subs = next(o for o in r.outline if isinstance(o, list))
    assert [o.title for o in subs] == ["Components", "Setup", "Playing", "End of the game"]
    assert r.get_destination_page_number(top[1]) == 2      # cover, blank, then the booklet
    cover = texts(game["full"])[0]
    assert re.search(r"Rules\s+booklet, double-sided\s+pages 3–6", cover), cover
    assert "fold the stack in half and staple" in cover
    m = json.loads((game["out"] / "tiny" / "manifest.json").read_text("utf-8"))
    pdf = next(p for p in m["pdfs"] if p["path"].endswith("tiny.en.a4.pdf"))
    book = next(c for c in pdf["components"] if c["name"] == "rules")
    assert book["kind"] == "booklet" and book["pages"] == 8 and book["imposition"] == "saddle"
    assert [s["title"] for s in book["sections"]] == ["Components", "Setup", "Playing", "End of the game"]


def test_chinese_booklet_builds_with_its_own_text(game):
    text = " ".join(texts(game["zh"]))
    assert "遊戲規則" in text and "目錄" in text and "牌堆用完時遊戲結束" in text


def test_only_rules_gives_only_the_booklet_and_keeps_the_full_pdf(game):
    full = game["full"].read_bytes()
    r = build(game["root"], "--lang", "en", "--only", "rules", "--no-cover", "--out", game["out"])
    assert r.returncode == 0, r.stderr
    only = game["out"] / "tiny" / "tiny.en.a4.rules.pdf"
    with pikepdf.open(only) as pdf:
        assert len(pdf.pages) == 4      # 8 booklet pages, 2 a side
        assert all(float(p.MediaBox[2]) > float(p.MediaBox[3]) for p in pdf.pages)
    assert "Blue two" not in " ".join(texts(only))   # a card not pictured in the rules
    assert game["full"].read_bytes() == full
    r = build(game["root"], "--lang", "en", "--only", "rulez", "--out", game["out"])
    assert r.returncode == 2 and "did you mean `rules`" in r.stderr


@pytest.mark.parametrize("case, edit, where, what", [
    ("missing language", lambda g: (g / "rules.zh-TW.md").unlink(), "game.yaml:", "rules.zh-TW.md` is missing"),
    ("unknown piece", lambda g: _replace(g, "piece:cards/red-one", "piece:cards/red-on"), "rules.en.md:15:",
     "did you mean `red-one`"),
    ("unknown icon", lambda g: _replace(g, ":star:", ":starr:"), "rules.en.md:8:", "unknown icon `:starr:`"),
    ("jinja error", lambda g: _replace(g, "s.heretics", "s.heretix"), "rules.en.md:12:", "heretix"),
    ("piece in a loop", lambda g: _replace(g, "{% endfor %}\n\n![", "{% endfor %}\n\n{% for i in [1] %}![x](piece:nope/x){% endfor %}\n\n!["),
     "rules.en.md:15:", "no component `nope`"),
])
def test_bad_booklet_input_exits_2_at_its_line(tmp_path, case, edit, where, what):
    root = booklet_game.make(tmp_path)
    edit(root / "content" / "tiny")
    r = build(root, "--lang", "all", "--out", tmp_path / "out")
    assert r.returncode == 2, (case, r.stderr)
    line = next((ln for ln in r.stderr.splitlines() if what in ln), None)
    assert line and where in line and " — " in line, (case, r.stderr)
    assert not (tmp_path / "out" / "tiny" / "tiny.en.a4.pdf").exists()
    assert "Traceback" not in r.stderr


def _replace(game, old, new):
    p = game / "rules.en.md"
    s = p.read_text("utf-8")
    assert old in s
    p.write_text(s.replace(old, new, 1), "utf-8")


def test_a_long_table_repeats_its_header_and_never_splits_a_row(tmp_path):
    rules = ("# Big table\n\n| N | Square | Text |\n|---|---|---|\n{% for n in range(1, 61) %}"
             "| {{ n }} | {{ n * n }} | row {{ n }} with words that wrap in a narrow column, wrap and wrap again |\n"
             "{% endfor %}\n")
    root = booklet_game.make(tmp_path, rules_en=rules)
    r = build(root, "--lang", "en", "--only", "rules", "--booklet", "none", "--duplex", "none", "--no-cover",
              "--out", tmp_path / "out")
    assert r.returncode == 0, r.stderr
    pages = [t.replace("\r\n", " ") for t in texts(tmp_path / "out" / "tiny" / "tiny.en.a4.none.rules.pdf")[2:]]
    assert len(pages) >= 2
    seen = []
    for t in pages:
        assert "N Square Text" in t          # the header row on every page the table reaches
        for n in range(1, 61):
            if f"row {n} with" in t:
                # the whole row on this page: its square, its first and its last words
                assert re.search(rf"\b{n} {n * n} row {n} with words.*?wrap again", t), (n, t)
                seen.append(n)
    assert seen == list(range(1, 61))


def test_a_character_the_font_lacks_is_an_error_at_its_line(tmp_path):
    root = booklet_game.make(tmp_path, rules_en="# Setup\n\nAll set \U0001F600 go.\n")
    r = build(root, "--lang", "en", "--out", tmp_path / "out")
    assert r.returncode == 2
    assert "rules.en.md:3:1: the font `serif` has no glyph for `\U0001F600` (U+1F600)" in r.stderr, r.stderr


def test_without_duplex_the_cover_says_which_pages_to_print_on_each_pass(game, tmp_path):
    r = build(game["root"], "--lang", "en", "--duplex", "fold", "--out", tmp_path)
    assert r.returncode == 0, r.stderr
    cover = texts(tmp_path / "tiny" / "tiny.en.a4.fold.pdf")[0].replace("\r\n", " ")
    # no blank page after the cover without duplex: the booklet's 2 sheets are pages 2-5
    assert "print pages 2, 4, put the printed sheets back in the tray turned over and print pages 3, 5" in cover


def test_problems_inside_a_paragraph_or_table_name_their_own_line(tmp_path):
    rules = ("# Setup\n\nFirst line of a paragraph,\nsecond line with :nope: in it.\n\n"
             "| a | b |\n|---|---|\n| 1 | 2 |\n| 3 | :nada: |\n\n"
             "![one](piece:cards/red-one)\n![two](piece:cards/bleu)\n")
    root = booklet_game.make(tmp_path, rules_en=rules)
    r = build(root, "--lang", "en", "--out", tmp_path / "out")
    assert r.returncode == 2
    assert "rules.en.md:4:1: unknown icon `:nope:`" in r.stderr, r.stderr
    assert "rules.en.md:9:1: unknown icon `:nada:`" in r.stderr, r.stderr
    assert "rules.en.md:12:1: unknown piece `piece:cards/bleu`" in r.stderr, r.stderr


@pytest.mark.parametrize("mode", ["long", "none"])
def test_section_bookmarks_follow_reading_order_and_land_on_their_sheet(long, mode):
    # saddle sheets hold the pages out of order: the outline must still read 1, 2, 3 … and each
    # entry must open the printed page that shows its heading
    from pypdf import PdfReader
    r = PdfReader(str(long[mode]))
    subs = next(o for o in r.outline if isinstance(o, list))
    titles = [o.title for o in subs]
    assert len(titles) == 9 and len(set(titles)) == 9, titles
    assert titles == [f"Section {c}" for c in "ABCDEFGHI"], titles
    words = texts(long[mode])
    for o in subs:
        assert o.title in words[r.get_destination_page_number(o)], (o.title, r.get_destination_page_number(o))


def test_a_boxed_example_is_never_split_across_pages(tmp_path):
    """A blockquote is a boxed example, read whole: it moves to the next page rather than break (Clue's
    worked example ran over a page break in a fifth playtest read)."""
    from pnp.pipeline.build import Options, Project, build_game
    from pdfutil import page_text
    quote = "> **Example.** EXSTART " + "The player on the left shows one card to the suggester, face down. " * 5 + "EXEND\n"
    seen = set()
    for n in range(8, 30, 3):
        filler = "".join(f"Paragraph {k} of the rules, long enough to take two lines of the booklet page.\n\n"
                         for k in range(n))
        text = f"# Rules\n\n{filler}{quote}\nAfter the example.\n"
        root = booklet_game.make(tmp_path / str(n), rules_en=text, rules_zh=text)
        out = tmp_path / str(n) / "o"
        build_game(Project(root), "tiny", Options(langs=("en",), out=out, only=("rules",), booklet="none"))
        pages = page_text(next((out / "tiny").glob("*.pdf")))
        start = next(i for i, t in enumerate(pages) if "EXSTART" in t)
        end = next(i for i, t in enumerate(pages) if "EXEND" in t)
        assert start == end, (n, start, end)
        seen.add(start)
    assert len(seen) > 1      # the example met a page break at some length of the text before it


def test_a_running_head_names_the_section_the_page_starts_in():
    """A page that ends Setup and starts Components was headed "Components" (tenth reads of Criminal
    Poker and Doomsday Files): the head follows the text at the top of the page."""
    from pnp.booklet.booklet import running_head
    assert running_head(["Components"], False, "Setup") == "Setup"        # Setup runs on, Components starts below
    assert running_head(["Components"], True, "Setup") == "Components"    # the page opens with the heading
    assert running_head(["Setup"], False, "") == "Setup"                  # the first page of the body
    assert running_head([], False, "Setup") == "Setup"


def test_a_page_that_begins_with_a_heading_is_marked_as_opening_with_it():
    """The flow marks a page whose first unit is a level-1 heading (what running_head reads), and not a
    page where a heading starts below text carried over."""
    from pnp.booklet.flow import Flow, Unit, rect
    units = [Unit(300.0, [rect(0, 0, 50, 8)]), Unit(20.0, [rect(0, 0, 50, 8)], heading=(1, "Components"), keep_next=True),
             Unit(100.0, [rect(0, 0, 50, 8)]), Unit(20.0, [rect(0, 0, 50, 8)], heading=(1, "Setup"), keep_next=True),
             Unit(400.0, [rect(0, 0, 50, 8)])]
    pages = Flow(None, {}, {"note": None}, 100.0, None).paginate(units, 500.0)
    assert [(p.opens, [t for _l, t in p.headings]) for p in pages] == [(False, ["Components"]), (True, ["Setup"])]
