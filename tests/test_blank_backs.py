"""Printing a whole file double-sided puts no piece behind another: a page without backs gets a blank
back, every component starts on the front of a sheet, and the cover says which pages those are."""
from __future__ import annotations

import json
import re

import pypdfium2 as pdfium

from conftest import run_pnp
from tests.lintkit import project


def _game(tmp_path):
    proj = project(tmp_path, {"bg": {"type": "rect", "x": -3, "y": -3, "w": 46, "h": 46, "fill": "#ffffff"},
                              "t": {"type": "text", "x": 5, "y": 5, "w": 30, "h": 10, "text": "{{ card.id }}"}},
                   back={"t": {"type": "text", "x": 5, "y": 5, "w": 30, "h": 10, "text": "back"}},
                   items=[{"id": f"c{i}"} for i in range(3)])
    gy = proj.root / "content" / "g" / "game.yaml"
    # a sheet without backs before the deck with backs
    gy.write_text(gy.read_text("utf-8").replace("components:\n", "components:\n  aid:\n    kind: sheet\n"
                                                "    title: Aid\n    front: g/face\n", 1), "utf-8")
    return proj.root


def _inked(page) -> bool:
    img = page.render(scale=0.3).to_numpy()[..., :3]
    return bool((img < 200).any())


def test_single_sided_pages_get_blank_backs_and_the_cover_says_so(tmp_path):
    root = _game(tmp_path)
    out = tmp_path / "out"
    r = run_pnp("--project", root, "build", "g", "--lang", "en", "--no-pack", "--out", out)   # each on its own sheets
    assert r.returncode == 0, r.stderr
    doc = pdfium.PdfDocument(str(out / "g" / "g.en.a4.pdf"))
    # cover, its blank back, the aid sheet, its blank back, the deck's fronts, their backs
    assert len(doc) == 6
    assert [_inked(doc[i]) for i in range(6)] == [True, False, True, False, True, True]
    cover = doc[0].get_textpage().get_text_range()
    aid = next(line for line in cover.splitlines() if line.startswith("Aid"))
    assert "front only, blank behind" in aid and "pages 3–4" in aid.replace(" ", " ")   # its blank back included
    deck = next(line for line in cover.splitlines() if line.startswith("C ("))
    assert "double-sided" in deck and "pages 5–6" in deck.replace(" ", " ")
    manifest = json.loads((out / "g" / "manifest.json").read_text("utf-8"))
    assert manifest["pdfs"][0]["pages"] == 6


def test_no_blank_backs_without_duplex(tmp_path):
    root = _game(tmp_path)
    out = tmp_path / "out"
    r = run_pnp("--project", root, "build", "g", "--lang", "en", "--duplex", "none", "--no-cover", "--no-pack", "--out", out)
    assert r.returncode == 0, r.stderr
    assert len(pdfium.PdfDocument(str(out / "g" / "g.en.a4.none.pdf"))) == 2
    r = run_pnp("--project", root, "build", "g", "--lang", "en", "--duplex", "none", "--no-cover", "--out", out)
    assert r.returncode == 0, r.stderr   # packed: the aid and the cards on one sheet
    assert len(pdfium.PdfDocument(str(out / "g" / "g.en.a4.none.pdf"))) == 1


def test_small_components_share_a_sheet_and_need_no_blank_back(tmp_path):
    """Packed (the default), the aid and the three cards fit on one sheet: its back holds the cards'
    backs, so the aid's blank page is gone; the cover gives both the same pages."""
    root = _game(tmp_path)
    out = tmp_path / "out"
    r = run_pnp("--project", root, "build", "g", "--lang", "en", "--out", out)
    assert r.returncode == 0, r.stderr
    doc = pdfium.PdfDocument(str(out / "g" / "g.en.a4.pdf"))
    assert len(doc) == 4       # cover, its blank back, the shared sheet's fronts, its backs
    assert [_inked(doc[i]) for i in range(4)] == [True, False, True, True]
    cover = doc[0].get_textpage().get_text_range().replace("\u2009", " ")
    flat = " ".join(cover.replace(" ", " ").split())     # a wrapped "how" cell spans lines
    for name in ("Aid (1)", "C (3)"):
        assert re.search(re.escape(name) + r"[^()]*?pages 3–4", flat), flat


def test_a_component_may_keep_its_own_sheets(tmp_path):
    root = _game(tmp_path)
    gy = root / "content" / "g" / "game.yaml"
    text = gy.read_text("utf-8")
    out = tmp_path / "out"
    gy.write_text(text.replace("    front: g/face\n", "    front: g/face\n    options: {pack: false}\n", 1), "utf-8")
    r = run_pnp("--project", root, "build", "g", "--lang", "en", "--duplex", "none", "--no-cover", "--out", out)
    assert r.returncode == 0, r.stderr
    assert len(pdfium.PdfDocument(str(out / "g" / "g.en.a4.none.pdf"))) == 2
    gy.write_text(text.replace("    front: g/face\n", "    front: g/face\n    options: {pack: no-thanks}\n", 1), "utf-8")
    r = run_pnp("--project", root, "build", "g", "--lang", "en", "--out", out)
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "game.yaml:" in r.stderr and "`options: {pack: no-thanks}` of `aid` is not true or false" in r.stderr


def test_a_lone_small_component_takes_free_places_in_a_deck_of_its_size(tmp_path):
    """A setup card alone took a sheet of its own (Criminal Poker's 37th card, every read): with no other
    small component to share a sheet, it takes a free place on the last sheet of a deck of pieces of its
    size, its back behind it; the cover gives both the same pages."""
    el = {"t": {"type": "text", "x": 5, "y": 5, "w": 30, "h": 10, "text": "{{ card.id }}"}}
    proj = project(tmp_path, el, back={"t": {"type": "text", "x": 5, "y": 5, "w": 30, "h": 10, "text": "back"}},
                   size="[63, 88]", items=[{"id": f"c{i}"} for i in range(13)],
                   comp_extra="  setup:\n    kind: deck\n    title: Setup\n    front: g/face\n    back: g/back\n"
                              "    fields: {name: str?, colour: str?}\n    items: [{\"id\": \"s\"}]\n")
    out = tmp_path / "out"
    r = run_pnp("--project", proj.root, "build", "g", "--lang", "en", "--out", out)
    assert r.returncode == 0, r.stderr
    doc = pdfium.PdfDocument(str(out / "g" / "g.en.a4.pdf"))
    assert len(doc) == 6           # cover, its blank back, two sheets of 9 (13 cards and the setup card), backs
    last = doc[4].get_textpage().get_text_range()
    assert "s" in last.split() and "c12" in last.split() and doc[5].get_textpage().get_text_range().count("back") == 5
    flat = " ".join(doc[0].get_textpage().get_text_range().replace(" ", " ").split())
    assert re.search(r"Setup \(1\) double-sided pages 5–6", flat), flat
    r = run_pnp("--project", proj.root, "build", "g", "--lang", "en", "--no-pack", "--out", out)
    assert r.returncode == 0, r.stderr
    assert len(pdfium.PdfDocument(str(out / "g" / "g.en.a4.pdf"))) == 8   # --no-pack: its own sheet again
