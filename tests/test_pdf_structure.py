"""The built PDF, opened as a print shop's tools would: pages, boxes, fonts, text."""
import json

import pikepdf
import pytest

from pdfutil import MM, box, fonts_of, page_text

GAME = "criminal-poker"
PAPERS = {"a4": (210, 297), "letter": (215.9, 279.4)}


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_pages_and_boxes(built, paper):
    path = built(GAME, paper=paper)
    with pikepdf.open(path) as pdf:
        # the rules booklet first (A5 pages saddle-stitched, 2 a side: landscape sheets), then the cards:
        # 18 evidence (2 sheets) + 9 identities (1) + 8 help and the setup card (1), fronts and backs → 8 pages
        booklet = [p for p in pdf.pages if box(p, "/MediaBox")[2] > box(p, "/MediaBox")[3]]
        assert len(booklet) % 2 == 0 and booklet and len(pdf.pages) == len(booklet) + 8
        cards = list(pdf.pages)[len(booklet):]
        for i, page in enumerate(cards):
            x0, y0, x1, y1 = box(page, "/MediaBox")
            assert (x0, y0) == (0, 0)
            assert abs(x1 / MM - PAPERS[paper][0]) < 0.1 and abs(y1 / MM - PAPERS[paper][1]) < 0.1
            t = box(page, "/TrimBox")
            b = box(page, "/BleedBox")
            # a sheet of poker cards: 3 x 3 cards of 63 x 88 mm, butted (every sheet full: the setup card
            # takes the ninth place beside the 8 help cards)
            full = True
            cols, rows = 3, 3
            assert abs((t[2] - t[0]) / MM - cols * 63) < 0.1
            assert abs((t[3] - t[1]) / MM - rows * 88) < 0.1
            assert abs((t[0] - b[0]) / MM - 3) < 0.1
            # A4 keeps the whole 3 mm above and below; on US Letter a full sheet has 7.7 mm there, so the
            # fronts' outer bleed gives way to 2 mm crop marks that stay 5 mm from the paper edge, and the
            # backs (odd pages: cut from the front) bleed to that edge, 2.7 mm
            want = 3 if paper == "a4" or not full else (0.2 if i % 2 == 0 else 2.7)
            assert abs((b[3] - t[3]) / MM - want) < 0.1
            m = 5 * MM - 0.01
            assert b[0] >= m and b[2] <= x1 - m and b[1] >= m and b[3] <= y1 - m


def test_every_font_embedded_and_subset(built):
    with pikepdf.open(built(GAME)) as pdf:
        fonts = fonts_of(pdf)
    assert fonts, "no fonts found"
    for name, embedded in fonts.items():
        assert embedded, f"{name} is not embedded"
        assert name[1:8].endswith("+") and name[1:7].isupper(), f"{name} is not a subset"
    assert not any("Helvetica" in n for n in fonts)


@pytest.mark.parametrize("lang", ["zh-TW", "en"])
def test_text_has_every_card_name(built, lang):
    from pnp.content.loader import load_game
    from conftest import ROOT
    game = load_game(ROOT / "content" / GAME)
    text = "".join(page_text(built(GAME, lang=lang))).replace("\n", "").replace(" ", "")
    for comp in game.components.values():
        for item in comp.items:
            name = item.data.get("name") or item.data.get("title")
            want = name[lang].replace("\n", "").replace(" ", "")
            assert want in text, f"{item.id}: {want!r} not found in the {lang} PDF"


def test_manifest(built):
    path = built(GAME)
    m = json.loads((path.parent / "manifest.json").read_text("utf-8"))
    pdf = next(p for p in m["pdfs"] if p["language"] == "zh-TW")
    booklet = next(c for c in pdf["components"] if c["kind"] == "booklet")
    assert pdf["pages"] == booklet["pages"] // 2 + 8 and pdf["paper"] == "a4" and pdf["duplex"] == "long"
    comps = {c["name"]: c for c in pdf["components"]}
    assert comps["evidence"]["trim_mm"] == [63.0, 88.0] and comps["evidence"]["bleed_mm"] == 3.0
    assert comps["evidence"]["faces"] == 36 and comps["identities"]["faces"] == 18
    assert pdf["fonts"] and m["checks"]["ran"]


def test_fold_and_none_modes(built):
    with pikepdf.open(built(GAME, duplex="none")) as pdf:
        sides = sum(1 for p in pdf.pages if box(p, "/MediaBox")[2] > box(p, "/MediaBox")[3])
        assert sides and len(pdf.pages) == sides + 4  # the booklet's sheets, then 4 sheets of card fronts only
    with pikepdf.open(built(GAME, duplex="fold")) as pdf:
        n = len(pdf.pages)
        assert n >= 6  # 4 cards per page, fronts and backs side by side
        page = pdf.pages[0]
        w, h = box(page, "/MediaBox")[2:]
        assert w > h  # landscape: two halves of 2 x 2 cards


def test_deterministic(tmp_path):
    from conftest import run_pnp
    outs = []
    for i in range(2):
        out = tmp_path / f"o{i}"
        r = run_pnp("build", GAME, "--out", out, env={"SOURCE_DATE_EPOCH": "1700000000"})
        assert r.returncode == 0, r.stderr
        outs.append(((out / GAME / f"{GAME}.zh-TW.a4.pdf").read_bytes(), (out / GAME / "manifest.json").read_bytes()))
    assert outs[0] == outs[1]
