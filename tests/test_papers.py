"""Paper sizes beyond A4 and Letter (issue 28): A3, A5, Legal, Tabloid and `custom:WxH`; a deck, small
pieces and a board imposed inside each one's printable area; booklets on each; a paper too small for a
component is bad input naming it; file names and the cover name the paper."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from conftest import run_pnp
from pnp import impose
from pnp.booklet import booklet
from pnp.core.errors import Pos, Problems
from pnp.core.pieces import Face
from pnp.impose.plan import plan

MM = 72 / 25.4
PAPERS = ["a3", "a5", "legal", "tabloid", "custom-210x148"]
SIZES_MM = {"a3": (297, 420), "a5": (148, 210), "legal": (215.9, 355.6), "tabloid": (279.4, 431.8),
            "custom-210x148": (210, 148)}


def comp(kind="deck", id="cards", **options):
    return SimpleNamespace(kind=kind, id=id, options=options, pos=Pos("content/g/game.yaml", 7, 5), secret=None)


def pairs(n, w, h, bleed=3, backs=True):
    return iter([(Face(w * MM, h * MM, bleed * MM, (), name=f"f{i}"),
                  Face(w * MM, h * MM, bleed * MM, (), name=f"b{i}") if backs else None) for i in range(n)])


def inside_printable(page):
    m, eps = impose.MARGIN, 1e-6
    for s in page.slots:
        x0, y0, x1, y1 = s.clip
        assert x0 >= m - eps and y0 >= m - eps and x1 <= page.w - m + eps and y1 <= page.h - m + eps, (page.w, s.clip)
    for (ax, ay), (bx, by) in page.marks:
        for x, y in ((ax, ay), (bx, by)):
            assert m - eps <= x <= page.w - m + eps and m - eps <= y <= page.h - m + eps


@pytest.mark.parametrize("value, key", [("a3", "a3"), ("A5", "a5"), ("Legal", "legal"), ("tabloid", "tabloid"),
                                        ("custom:210x148", "custom-210x148"), ("custom-210x148", "custom-210x148"),
                                        ("custom:215.9x279.4mm", "custom-215.9x279.4"),
                                        ({"custom": [210, 148]}, "custom-210x148")])
def test_paper_names_and_custom_sizes_give_one_key(value, key):
    assert impose.paper_key(value) == key
    w, h = impose.paper_size(key)
    assert key not in SIZES_MM or (round(w / MM, 1), round(h / MM, 1)) == SIZES_MM[key]


@pytest.mark.parametrize("value, says", [("a2", "is not a paper"), ("custom:10x148", "too small"),
                                         ("custom:210x3000", "too large"), ({"custom": [210]}, "width and a height"),
                                         ("custom:axb", "is not a paper")])
def test_a_bad_paper_says_what_to_write(value, says):
    with pytest.raises(impose.PaperError) as e:
        impose.paper_key(value)
    what, todo = e.value.args
    assert says in what and todo


def test_every_paper_has_its_own_name_and_file_key():
    keys = list(impose.PAPERS) + ["custom-210x148"]
    assert len({impose.paper_name(k) for k in keys}) == len(keys) == len(set(keys))
    assert impose.paper_name("tabloid") == "Tabloid (11 x 17 in)"
    assert impose.paper_name("custom-210x148") == "custom 210 x 148 mm"


@pytest.mark.parametrize("paper", PAPERS)
def test_a_deck_fits_the_printable_area_of_every_paper(paper):
    size = impose.paper_size(paper)
    pages = list(plan(comp(), pairs(18, 63, 88), size, "long", (0.0, 0.0), "Cards"))
    fronts = [p for p in pages if p.side == "front"]
    assert sum(len(p.slots) for p in fronts) == 18
    per = {"a3": 16, "a5": 4, "legal": 9, "tabloid": 16, "custom-210x148": 3}[paper]
    assert len(fronts[0].slots) == per
    for page in pages:
        assert {round(page.w, 3), round(page.h, 3)} == {round(v, 3) for v in size}
        inside_printable(page)


@pytest.mark.parametrize("paper", PAPERS)
def test_tokens_and_a_board_fit_the_printable_area_of_every_paper(paper):
    size = impose.paper_size(paper)
    tokens = list(plan(comp("tokens", "coins"), pairs(12, 25, 25, backs=False), size, "none", (0.0, 0.0), "Coins"))
    assert sum(len(p.slots) for p in tokens) == 12
    board = list(plan(comp("board", "board"), pairs(1, 380, 380), size, "long", (0.0, 0.0), "Board"))
    tiles = [p for p in board if p.side == "tile"]
    cols_rows = {"a3": 2, "a5": 9, "legal": 4, "tabloid": 2, "custom-210x148": 6}[paper]
    assert len(tiles) <= cols_rows, len(tiles)
    for page in tokens + tiles:
        inside_printable(page)
    shown = sum(s.size[0] * s.size[1] for s in (p.slots[0] for p in tiles))   # the tiles cover the board
    assert shown >= (380 * MM) ** 2 - 1


def test_pieces_that_fit_only_across_the_sheet_print_on_the_turned_page():
    pages = list(plan(comp(), pairs(2, 70, 120), impose.paper_size("custom-148x105"), "none", (0.0, 0.0), "Tarot"))
    assert len(pages) == 2
    for page in pages:
        assert (round(page.w / MM), round(page.h / MM)) == (105, 148)
        inside_printable(page)


def test_a_paper_too_small_for_a_component_names_it_and_the_sizes():
    with pytest.raises(Problems) as e:    # the card fits the printable area, not with its bleed and marks
        list(plan(comp(), pairs(2, 63, 88), impose.paper_size("custom-75x100"), "long", (0.0, 0.0), "Cards"))
    msg = str(e.value.problems[0])
    assert msg.startswith("content/g/game.yaml:7:5: the pieces of `cards` are 63.0 x 88.0 mm with 3.0 mm of bleed")
    assert "75 x 100 mm paper" in msg and "larger `--paper`" in msg
    with pytest.raises(Problems) as e:
        list(plan(comp(), pairs(2, 70, 120), impose.paper_size("custom-100x100"), "long", (0.0, 0.0), "Cards"))
    msg = str(e.value.problems[0])
    assert "the cards of `cards` are 70.0 x 120.0 mm, larger than the 100 x 100 mm paper" in msg and "a3" in msg


@pytest.mark.parametrize("paper, page_mm, mode", [("a4", (148, 210), "saddle"), ("a3", (210, 297), "saddle"),
                                                  ("letter", (139.7, 215.9), "saddle"), ("legal", (177.8, 215.9), "saddle"),
                                                  ("tabloid", (215.9, 279.4), "saddle"), ("a5", (148, 210), "none"),
                                                  ("custom-210x148", (148, 210), "none"),
                                                  ("custom-300x200", (150, 200), "saddle")])
def test_a_booklet_page_is_half_the_sheet_or_the_whole_of_a_small_one(paper, page_mm, mode):
    w, h = booklet.page_size(paper)
    assert (round(w / MM, 1), round(h / MM, 1)) == page_mm
    assert booklet.mode_on(paper, "saddle") == mode and booklet.mode_on(paper, "none") == "none"
    built = booklet.Built([booklet.BookPage(Face(w, h, 0.0, ()), number=i + 1) for i in range(6)], [], (w, h))
    pages = booklet.impose(built, paper, "saddle", "long", "Rules")
    assert len(pages) == (4 if mode == "saddle" else 6)
    sheet = impose.paper_size(paper)
    for p in pages:
        assert {round(p.w, 3), round(p.h, 3)} == ({round(v, 3) for v in sheet} if mode == "saddle" else
                                                   {round(w, 3), round(h, 3)})


def test_build_names_the_paper_in_the_file_and_on_the_cover(tmp_path):
    r = run_pnp("--project", tmp_path, "new", "mygame", "--size", "poker", "--lang", "en")
    assert r.returncode == 0, r.stderr
    for given, key, name in (("a3", "a3", "A3 paper"), ("custom:210x148", "custom-210x148", "custom 210 x 148 mm paper")):
        r = run_pnp("--project", tmp_path, "build", "mygame", "--lang", "en", "--paper", given, "-j", "1", "--strict",
                    "--out", tmp_path / "out")
        assert r.returncode == 0, r.stderr      # --strict: no print-lint warning on these papers either
        pdf = tmp_path / "out" / "mygame" / f"mygame.en.{key}.pdf"
        assert pdf.is_file() and f"wrote {pdf}" in r.stdout
        import pypdfium2 as pdfium
        doc = pdfium.PdfDocument(str(pdf))
        assert name in doc[0].get_textpage().get_text_range().replace("\r\n", " ")
        pw, ph = impose.paper_size(key)
        assert any(abs(doc[i].get_size()[0] - pw) < 0.5 and abs(doc[i].get_size()[1] - ph) < 0.5 for i in range(len(doc)))


def test_a_bad_paper_on_the_command_line_is_bad_input(tmp_path):
    r = run_pnp("--project", tmp_path, "build", "--paper", "custom:20x20")
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert r.stderr.startswith("--paper:1:1: a custom paper of 20 x 20 mm is too small — give each side from 50")


@pytest.mark.parametrize("paper", ["a3", "tabloid"])
def test_on_a_large_sheet_a_decks_marks_stay_nearer_its_cards_than_the_tokens_beside_it(paper):
    from pnp.impose import pack
    from pnp.lint.pages import stray
    deck = pack.block("Cards", list(pairs(6, 63, 88)), 4 * MM, False, True)           # cut marks, 4 mm apart
    tokens = pack.block("Tokens", list(pairs(12, 25, 25, bleed=2, backs=False)), 4 * MM, True, False)
    page = pack.plan_packed([deck, tokens], impose.paper_size(paper), "long")[0]
    assert {s.face.w for s in page.slots} == {63 * MM, 25 * MM}         # one sheet holds both, side by side
    trims = [(s.x, s.y, s.x + s.face.w, s.y + s.face.h) for s in page.slots]
    assert [stray(a, b, trims) for a, b in page.marks] == [""] * len(page.marks)
    inside_printable(page)


def test_a_booklet_breaks_into_the_same_lines_on_a4_and_letter():
    """Half a Letter sheet is 8 mm narrower than A5: its booklet took its own line breaks, and reads of
    the Letter files met spread lines the A4 files did not have. The text is now as wide on both (the
    Letter page's side margins give way), so every line of the rules is the same on either paper."""
    from pathlib import Path
    from pnp.booklet.paper import shared_measure
    from pnp.pipeline.build import Project, prepare, resolver_for
    root = Path(__file__).resolve().parent.parent
    prep = prepare(Project(root), "criminal-poker")
    comp = next(c for c in prep.game.components.values() if c.kind == "booklet")

    def lines(paper):
        built = booklet.build(prep, resolver_for(prep, "zh-TW"), comp, paper)
        return sorted(p.text for bp in built.pages if bp.face and bp.number > 1 for p in bp.face.pieces   # (not the title page)
                      if len(getattr(p, "text", "") or "") >= 12)
    a4, letter = lines("a4"), lines("letter")
    assert len(a4) > 50 and a4 == letter, sorted(set(a4) ^ set(letter))[:6]
    m = {"top": 17 * MM, "bottom": 17 * MM, "inner": 16 * MM, "outer": 13 * MM}
    got = shared_measure(m, "letter")
    assert abs((139.7 * MM - got["inner"] - got["outer"]) - (148 * MM - 29 * MM)) < 1e-6
    assert got["inner"] / got["outer"] == pytest.approx(16 / 13) and shared_measure(m, "a3") == m
    # margins too narrow to give way: the page keeps its own
    assert shared_measure(dict(m, inner=8 * MM, outer=8 * MM), "letter") == dict(m, inner=8 * MM, outer=8 * MM)
