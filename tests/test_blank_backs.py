"""Printing a whole file double-sided puts no piece behind another: a page without backs gets a blank
back, every component starts on the front of a sheet, and the cover says which pages those are."""
from __future__ import annotations

import json

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
    r = run_pnp("--project", root, "build", "g", "--lang", "en", "--out", out)
    assert r.returncode == 0, r.stderr
    doc = pdfium.PdfDocument(str(out / "g" / "g.en.a4.pdf"))
    # cover, its blank back, the aid sheet, its blank back, the deck's fronts, their backs
    assert len(doc) == 6
    assert [_inked(doc[i]) for i in range(6)] == [True, False, True, False, True, True]
    cover = doc[0].get_textpage().get_text_range()
    aid = next(line for line in cover.splitlines() if line.startswith("Aid"))
    assert "single-sided, blank backs" in aid and "pages 3–4" in aid.replace(" ", " ")   # its blank back included
    deck = next(line for line in cover.splitlines() if line.startswith("C ("))
    assert "double-sided" in deck and "pages 5–6" in deck.replace(" ", " ")
    manifest = json.loads((out / "g" / "manifest.json").read_text("utf-8"))
    assert manifest["pdfs"][0]["pages"] == 6


def test_no_blank_backs_without_duplex(tmp_path):
    root = _game(tmp_path)
    out = tmp_path / "out"
    r = run_pnp("--project", root, "build", "g", "--lang", "en", "--duplex", "none", "--no-cover", "--out", out)
    assert r.returncode == 0, r.stderr
    assert len(pdfium.PdfDocument(str(out / "g" / "g.en.a4.pdf"))) == 2
