"""The issue's "done" check: on every page of every shipped game, on A4 and on US Letter (and of two games on
A3, A5, Legal, Tabloid and a custom paper), marks and ink
stay at least 5 mm from the paper edge (most home printers print nothing closer). Rasterised at a low
resolution; the band just inside 5 mm must be paper white."""
from __future__ import annotations

import numpy as np
import pypdfium2 as pdfium
import pytest

GAMES = ["clue", "criminal-poker", "doomsday-files", "lady-alice", "tiny-epic-crimes"]
DPI = 50
BAND_MM = 4.6          # 5 mm less a little for anti-aliasing at this resolution


def inked_border(path):
    pdf = pdfium.PdfDocument(str(path))
    bad = []
    for i in range(len(pdf)):
        img = pdf[i].render(scale=DPI / 72).to_numpy()[..., :3].min(axis=2)
        band = int(BAND_MM / 25.4 * DPI)
        h, w = img.shape
        border = np.ones((h, w), bool)
        border[band:h - band, band:w - band] = False
        ink = (img < 235) & border
        if ink.any():
            ys, xs = np.nonzero(ink)
            d = min(ys.min(), h - 1 - ys.max(), xs.min(), w - 1 - xs.max()) * 25.4 / DPI
            bad.append(f"page {i + 1}: ink {d:.1f} mm from the edge")
    return bad


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game", GAMES)
def test_marks_and_ink_stay_5mm_from_the_paper_edge(built, game, paper):
    assert inked_border(built(game, paper=paper)) == []


@pytest.mark.parametrize("paper", ["a3", "a5", "legal", "tabloid", "custom-210x148"])
@pytest.mark.parametrize("game", ["criminal-poker", "tiny-epic-crimes"])
def test_on_the_other_papers_too(built, game, paper):
    """Cards, packed small pieces, sheets, a booklet (A6 halves would be too small on A5: whole pages)."""
    assert inked_border(built(game, "en", paper)) == []


def test_the_border_check_sees_ink_at_the_edge(tmp_path):
    from reportlab.pdfgen import canvas
    p = tmp_path / "edge.pdf"
    c = canvas.Canvas(str(p), pagesize=(595, 842))
    c.line(100, 842 - 2 * 72 / 25.4, 100, 842 - 0.5 * 72 / 25.4)   # a crop mark 0.5–2 mm from the top
    c.showPage()
    c.save()
    assert len(inked_border(p)) == 1
