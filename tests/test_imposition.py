"""Imposition geometry: grids, crop marks, fold layouts and their fallbacks."""
import pytest

from pnp.layout.pieces import Face
from pnp.render import impose

MM = 72 / 25.4


def faces(n, w, h, bleed=3):
    return [(Face(w * MM, h * MM, bleed * MM, (), name=f"f{i}"), Face(w * MM, h * MM, bleed * MM, (), name=f"b{i}"))
            for i in range(n)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nine_poker_cards_per_sheet_with_marks_outside_the_bleed(paper):
    pages = list(impose.plan_grid(faces(9, 63, 88), impose.PAPERS[paper], "long"))
    assert [len(p.slots) for p in pages] == [9, 9]
    front = pages[0]
    x0, y0, x1, y1 = front.trim
    b = 3 * MM
    for (ax, ay), (bx, by) in front.marks:
        assert abs(ax - bx) + abs(ay - by) >= 3 * MM - 1e-6            # at least 3 mm long
        for x, y in ((ax, ay), (bx, by)):                              # never inside the bled grid
            assert not (x0 - b < x < x1 + b and y0 - b < y < y1 + b)
            assert 0 <= x <= front.w and 0 <= y <= front.h             # and on the paper


def test_no_marks_when_the_piece_has_its_own_die_lines():
    pages = list(impose.plan_grid(faces(2, 150, 100, 0), impose.PAPERS["a4"], "none", gap=4 * MM, marks=False))
    assert all(not p.marks for p in pages)


def test_fold_puts_fronts_and_mirrored_backs_on_one_page():
    pages = list(impose.plan_grid(faces(8, 63, 88), impose.PAPERS["a4"], "fold"))
    assert len(pages) == 2 and all(p.folds for p in pages)
    page = pages[0]
    fronts = [s for s in page.slots if s.face.name.startswith("f")]
    backs = [s for s in page.slots if s.face.name.startswith("b")]
    assert len(fronts) == len(backs) == 4
    (a, _), (b, _) = page.folds[0]
    for f, bk in zip(fronts, backs):  # each back is the mirror image of its front across the fold
        if a == b:
            assert abs((f.x + f.face.w / 2) + (bk.x + bk.face.w / 2) - 2 * a) < 1e-6
        else:
            fy = page.folds[0][0][1]
            assert abs((f.y + f.face.h / 2) + (bk.y + bk.face.h / 2) - 2 * fy) < 1e-6


def test_fold_falls_back_to_gluing_two_sheets_for_large_pieces():
    pages = list(impose.plan_grid(faces(1, 180, 250, 0), impose.PAPERS["a4"], "fold", gap=4 * MM, outline=True))
    assert [p.side for p in pages] == ["front", "back"]
    assert pages[1].labels and "back to back" in pages[1].labels[0][2]
    f, b = pages[0].slots[0], pages[1].slots[0]
    assert abs(b.x - (pages[0].w - f.x - f.face.w)) < 1e-6  # mirrored as for a long-edge flip


def test_tiles_cover_a_large_board_with_overlap():
    face = Face(420 * MM, 420 * MM, 0, ())
    pages = list(impose.plan_tiles(face, impose.PAPERS["a4"]))
    assert len(pages) >= 4
    covered_x = set()
    for p in pages:
        s = p.slots[0]
        covered_x.add(round(s.offset[0]))
        assert s.clip[2] - s.clip[0] <= p.w - 2 * impose.MARGIN + 1e-6
    assert 0 in covered_x


def test_a_board_that_fits_exactly_takes_no_extra_tile_column():
    aw = impose.PAPERS["a4"][1] - 2 * impose.MARGIN          # landscape tile width
    exact = 2 * aw - impose.TILE_OVERLAP                      # two tiles overlapping by exactly the overlap
    pages = list(impose.plan_tiles(Face(exact, 100 * MM, 0, ()), impose.PAPERS["a4"]))
    assert len(pages) == 2
