"""Print lint rules over imposed pages: printable-margin and stray-marks (both sides)."""
from __future__ import annotations

from pnp.core.errors import Pos
from pnp.core.pieces import Face, Shape
from pnp.lint import Config
from pnp.lint.pages import PageLint, stray
from pnp import impose
from pnp.impose.grid import Page, Slot

MM = 72 / 25.4
A4 = impose.PAPERS["a4"]


class Comp:
    id = "cards"
    pos = Pos("content/g/game.yaml", 7, 5)


def card(name="cards/c1.front", ink=True):
    pieces = (Shape((("R", -3 * MM, -3 * MM, 69 * MM, 94 * MM, 0.0),), fill="#336699"),) if ink else ()
    return Face(63 * MM, 88 * MM, 3 * MM, pieces, name=name)


def judge(page, cfg=None):
    pl = PageLint(cfg or Config(), "A4")
    pl.page(page, Comp())
    return pl.findings()


def one_card_page(x, y, clip_bleed=3 * MM, marks=()):
    f = card()
    b = clip_bleed
    page = Page(*A4, slots=[Slot(f, x, y, (x - b, y - b, x + f.w + b, y + f.h + b))])
    page.marks = list(marks)
    return page


def test_a_crop_mark_near_the_paper_edge_is_found():
    x, y = 60 * MM, 100 * MM
    near = [((x, A4[1] - 2 * MM), (x, A4[1] - 0.2 * MM))]          # where Letter's marks used to be
    found = judge(one_card_page(x, y, marks=near))
    assert [f.check for f in found] == ["lint:printable-margin"]
    assert "0.2 mm from the top edge" in found[0].message and found[0].pos == Comp.pos


def test_ink_near_the_paper_edge_is_found():
    found = judge(one_card_page(3 * MM, 100 * MM))                   # the bleed reaches the paper edge
    assert len(found) == 1 and "ink of `cards/c1.front`" in found[0].message and "left edge" in found[0].message


def test_pages_of_the_imposition_are_clean_on_both_papers():
    for paper in ("a4", "letter"):
        pairs = [(card(f"cards/c{i}.front"), card(f"cards/c{i}.back")) for i in range(11)]
        pl = PageLint(Config(), paper)
        for page in impose.plan_grid(pairs, impose.PAPERS[paper], "long"):
            pl.page(page, Comp())
        assert pl.findings() == [], paper


def test_stray_marks():
    trims = [(10, 10, 73, 98), (73, 10, 136, 98)]
    assert stray((73, 100), (73, 105), trims) == ""                   # in line with a cut between two cards
    assert stray((40, 100), (40, 105), trims) == "points through the middle of a piece"
    assert stray((200, 100), (200, 105), trims) == "is in line with no piece"
    assert stray((40, 50), (40, 60), trims) == "lies on a piece"


def test_a_stray_mark_on_a_page_is_found_and_can_be_turned_off():
    x, y = 60 * MM, 100 * MM
    marks = [((x + 30 * MM, y + 92 * MM), (x + 30 * MM, y + 95 * MM))]
    found = judge(one_card_page(x, y, marks=marks))
    assert [f.check for f in found] == ["lint:stray-marks"] and "middle of a piece" in found[0].message
    assert judge(one_card_page(x, y, marks=marks), Config({"stray-marks": "off"})) == []
    good = [((x, y + 92 * MM), (x, y + 95 * MM))]
    assert judge(one_card_page(x, y, marks=good)) == []


def test_turned_slots_are_measured_where_they_print():
    # a booklet page turned half a turn: the slot's (x, y) is its top-right corner on the sheet
    f = Face(100 * MM, 50 * MM, 0, (Shape((("R", 0, 0, 100 * MM, 10 * MM, 0.0),), fill="#222222"),), name="book/p1")
    X, Y = 120 * MM, 60 * MM
    turned = Page(*A4, slots=[Slot(f, X, Y, (X - f.w, Y - f.h, X, Y), matrix=(-1, 0, 0, -1))])
    from pnp.lint.pages import slot_ink
    x0, y0, x1, y1 = slot_ink(turned.slots[0])
    assert abs(x0 - 20 * MM) < 1e-6 and abs(x1 - 120 * MM) < 1e-6   # the band lands at the bottom, turned
    assert abs(y0 - 10 * MM) < 1e-6 and abs(y1 - 20 * MM) < 1e-6
