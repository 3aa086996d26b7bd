"""A booklet's page on each paper: half the sheet folded across its long side, two to a side of a sheet
for saddle stitching, or the whole sheet where half would be too small (A5 paper)."""
from __future__ import annotations

from pnp.core.units import MM
from pnp.core.papers import HOME_PAPERS
from pnp.impose.page import paper_size

# A booklet page is half the paper, folded across its long side: A5 on A4 (ISO's 148 mm, not 148.5), A4 on
# A3, half a US Letter or Legal sheet, US Letter on Tabloid, a custom sheet's own half. Where that half
# would be smaller than MIN_HALF (A5 paper: A6 pages, too small for rules written for A5, their tables and
# pictures) the page is the whole sheet, upright: A5 on A5, printed a page a side in reading order.
PAGE = {"a4": (148 * MM, 210 * MM), "letter": (139.7 * MM, 215.9 * MM), "a3": (210 * MM, 297 * MM),
        "legal": (177.8 * MM, 215.9 * MM), "tabloid": (215.9 * MM, 279.4 * MM)}
MIN_HALF = (120 * MM, 170 * MM)   # the smallest half sheet a booklet page is made of (short side, long side)


def page_size(paper: str) -> tuple[float, float]:
    """A booklet page on this paper (points): half the sheet, folded across its long side, or the
    whole sheet upright where half would be too small (see MIN_HALF)."""
    if paper in PAGE:
        return PAGE[paper]
    w, h = paper_size(paper)
    long, short = max(w, h), min(w, h)
    half = (long / 2, short)          # landscape when the sheet is over twice as long as wide
    if min(half) >= MIN_HALF[0] - 1e-6 and max(half) >= MIN_HALF[1] - 1e-6:
        return half
    return short, long


def two_up(paper: str) -> bool:
    """Whether a sheet of this paper holds two booklet pages side by side (saddle stitching)."""
    pw, ph = page_size(paper)
    w, h = paper_size(paper)
    return 2 * pw <= max(w, h) + 1e-6 and ph <= min(w, h) + 1e-6


def mode_on(paper: str, mode: str) -> str:
    """The imposition a booklet gets on this paper: `saddle` needs two pages a sheet, else `none`
    (a page a side, in reading order, padded for double-sided printing)."""
    return mode if two_up(paper) else "none"


MIN_SIDE = 8 * MM   # the narrowest inner or outer margin `shared_measure` leaves


def shared_measure(margin: dict, paper: str) -> dict:
    """The margins of a booklet page on a home paper (A4, US Letter), so that its text is as wide as on
    the widest home page (A5 on A4): a paragraph breaks into the same lines on either paper, so a text
    tuned for one reads as well on the other (reads of the Letter files met spread lines the A4 files
    did not have). A narrower page gives up inner and outer margin in proportion, never below MIN_SIDE
    (else its own margins stand). `margin`: top, bottom, inner, outer in points."""
    if paper not in HOME_PAPERS:
        return margin
    pw = page_size(paper)[0]
    widest = max(page_size(p)[0] for p in HOME_PAPERS)
    sides = margin["inner"] + margin["outer"]
    room = pw - (widest - sides)          # what the page leaves round the widest page's text
    if room >= sides - 1e-6 or sides <= 0:
        return margin
    k = room / sides
    inner, outer = margin["inner"] * k, margin["outer"] * k
    if min(inner, outer) < MIN_SIDE - 1e-6:
        return margin
    return dict(margin, inner=inner, outer=outer)
