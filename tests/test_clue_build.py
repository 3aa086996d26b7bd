"""Clue PDFs: they open, have the expected pages and boxes, carry the card names in both languages,
and build on both papers in every duplex mode."""
from __future__ import annotations

import pikepdf
import pytest

from conftest import copy_project, run_pnp
from pdfutil import MM, box, page_text

A4 = (210 * MM, 297 * MM)
LETTER = (215.9 * MM, 279.4 * MM)
# The rules booklet (8 A5 pages: 2 sheets, 4 sides); 21 cards: 3 sheets of fronts + 3 of backs; 2 pages of
# 6 notes sheets; 2 pages of the 6 suggestion logs (one-sided); the small components share two sheets
# (the envelope with the pawns; the die net, the weapon tokens and the 6 die cards, fronts + backs: they
# took five sheets before packing); the board in 4 tiles (2 x 2 with a 4 mm overlap; 6 at the full
# overlap before). Printed double-sided, each single-sided page is followed by a blank back.
PAGES = {"long": 30, "short": 30, "none": 17}   # zh-TW
BOOKLET = {"zh-TW": 4, "en": 4}   # the booklet's PDF pages (saddle sheets, 2 sides each): the first card page


def _size_ok(page, paper):
    w, h = box(page, "/MediaBox")[2:]
    return any(abs(w - a) < 0.5 and abs(h - b) < 0.5 for a, b in (paper, paper[::-1]))


@pytest.mark.parametrize("lang, names", [
    ("zh-TW", ["紅小姐", "黃上校", "螺絲鉗", "桌球室", "書房", "調查紀錄紙", "機密文件", "宴會廳", "武器", "骰子"]),
    ("en", ["Miss Scarlet", "Colonel Mustard", "Wrench", "Billiard Room", "Study", "Detective notes",
            "CONFIDENTIAL", "Ballroom", "Holds 3 cards", "Die"]),
])
def test_pdf_opens_with_pages_boxes_and_names(built, lang, names):
    path = built("clue", lang)
    with pikepdf.open(path) as pdf:
        assert len(pdf.pages) == PAGES["long"] - BOOKLET["zh-TW"] + BOOKLET[lang]
        for page in pdf.pages:
            assert _size_ok(page, A4)
        # card pages: the trimmed grid is 3 x 3 poker cards
        x0, y0, x1, y1 = box(pdf.pages[BOOKLET[lang]], "/TrimBox")
        assert abs((x1 - x0) - 3 * 63 * MM) < 0.3 and abs((y1 - y0) - 3 * 88 * MM) < 0.3
    text = "\n".join(page_text(path))
    for name in names:
        assert name in text, name


def test_the_board_is_tiled_with_labels(built):
    pages = page_text(built("clue", "en"))
    tiles = [t for t in pages if "Board — " in t]
    import re
    rows, cols = map(int, re.search(r"\((\d) × (\d)\)", tiles[0]).groups())
    assert len(tiles) == rows * cols <= 4          # a 380 mm board with its bleed: 2 x 2 A4 pages
    assert all(f"({rows} × {cols})" in t for t in tiles)


@pytest.mark.parametrize("paper, duplex", [("a4", "short"), ("a4", "none"), ("a4", "fold"), ("letter", "long"),
                                           ("letter", "fold")])
def test_every_paper_and_duplex_mode_builds(built, paper, duplex):
    path = built("clue", "zh-TW", paper, duplex)
    with pikepdf.open(path) as pdf:
        if duplex in PAGES and paper == "a4":   # Letter tiles the board differently
            assert len(pdf.pages) == PAGES[duplex]
        for page in pdf.pages:
            assert _size_ok(page, A4 if paper == "a4" else LETTER)


def test_tall_notes_print_two_to_a_page(tmp_path):
    proj = copy_project(tmp_path, ("clue",))
    gy = proj / "content/clue/game.yaml"
    text = gy.read_text("utf-8").replace("front: clue/notes\n", "front: clue/notes-tall\n")
    gy.write_text(text.replace("back: clue/notes-back ", "back: clue/notes-tall-back "), "utf-8")
    r = run_pnp("build", "clue", "--duplex", "none", "--no-cover", "--out", tmp_path / "out", cwd=proj)
    assert r.returncode == 0, r.stderr
    with pikepdf.open(tmp_path / "out/clue/clue.zh-TW.a4.none.pdf") as pdf:
        assert len(pdf.pages) == PAGES["none"] + 1      # 4 notes sheets now take 2 pages
