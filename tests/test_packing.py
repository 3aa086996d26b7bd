"""Small components packed onto shared sheets (pnp.impose.pack), the sheet label (pnp.impose.label),
and the pipeline's choice of what packs (options: {pack: false}, --no-pack)."""
import pytest

from pnp.core.pieces import Face
from pnp import impose
from pnp.impose import label, pack

MM = 72 / 25.4


def pairs(n, w, h, bleed=3, backs=True, tag="p"):
    return [(Face(w * MM, h * MM, bleed * MM, (), name=f"{tag}f{i}"),
             Face(w * MM, h * MM, bleed * MM, (), name=f"{tag}b{i}") if backs else None) for i in range(n)]


def blocks():
    return [pack.block("Pawns", pairs(6, 28, 32, 1.5, backs=False, tag="pawn"), 4 * MM, True, True),
            pack.block("Weapons", pairs(6, 24, 24, 1, tag="weapon"), 4 * MM, True, True),
            pack.block("Die cards", pairs(6, 40, 60, 3, tag="die"), 0.0, False, True),
            pack.block("Setup", pairs(1, 63, 88, 3, tag="setup"), 0.0, False, True)]


def overlap(a, b):
    return a[0] < b[2] - 1e-6 and b[0] < a[2] - 1e-6 and a[1] < b[3] - 1e-6 and b[1] < a[3] - 1e-6


def depth(a, b):
    """How far two boxes reach into each other (0 when apart)."""
    return max(0.0, min(min(a[2], b[2]) - max(a[0], b[0]), min(a[3], b[3]) - max(a[1], b[1])))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_four_small_components_share_one_sheet_with_registered_backs(paper):
    pw, ph = impose.PAPERS[paper]
    pages = pack.plan_packed(blocks(), (pw, ph), "long")
    assert [p.side for p in pages] == ["front", "back"]      # were four sheets, one per component
    front, back = pages
    assert len(front.slots) == 19 and len(back.slots) == 13  # the pawns have no backs
    lim = impose.printable(pw, ph)
    for s in front.slots:
        assert lim[0] - 1e-6 <= s.clip[0] and s.clip[2] <= lim[2] + 1e-6
        assert lim[1] - 1e-6 <= s.clip[1] and s.clip[3] <= lim[3] + 1e-6
    from pnp.impose.grid import SEAM
    for i, a in enumerate(front.slots):       # no piece (with its bleed) on another, but for the seam under a
        for b in front.slots[i + 1:]:         # butted neighbour drawn after it
            assert depth(a.clip, b.clip) <= SEAM + 1e-6, (a.face.name, b.face.name)
    backs = {s.face.name: s for s in back.slots}
    for s in front.slots:                     # each back behind its front, flipped on the long edge
        b = backs.get(s.face.name.replace("f", "b", 1))
        if s.face.name.startswith("pawn"):
            assert b is None
            continue
        assert abs(b.x - (pw - s.x - s.face.w)) < 1e-6 and abs(b.y - s.y) < 1e-6
    for (ax, ay), (bx, by) in front.marks:    # marks never on a piece or its bleed
        for s in front.slots:
            x0, y0, x1, y1 = s.clip
            for x, y in ((ax, ay), (bx, by), ((ax + bx) / 2, (ay + by) / 2)):
                assert not (x0 + 1e-6 < x < x1 - 1e-6 and y0 + 1e-6 < y < y1 - 1e-6)
    assert front.title == "Die cards, Setup, Pawns, Weapons" or set(front.title.split(", ")) == \
        {"Pawns", "Weapons", "Die cards", "Setup"}


def test_a_packed_sheet_without_backs_gets_a_blank_back_only_in_a_double_sided_document():
    only = [b for b in blocks() if not b.backs]
    assert [p.side for p in pack.plan_packed(only, impose.PAPERS["a4"], "long", blank_backs=True)] == ["front", "blank"]
    assert [p.side for p in pack.plan_packed(only, impose.PAPERS["a4"], "long")] == ["front"]


def test_what_does_not_fit_goes_on_the_next_sheet():
    many = [pack.block(f"S{i}", pairs(1, 150, 100, 0, backs=False, tag=f"s{i}"), 4 * MM, True, False) for i in range(5)]
    pages = pack.plan_packed(many, impose.PAPERS["a4"], "none")
    assert [len(p.slots) for p in pages] == [2, 2, 1]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_fold_packs_backs_across_the_fold_line(paper):
    pages = pack.plan_packed(blocks(), impose.PAPERS[paper], "fold")
    folds = [p for p in pages if p.side == "fold"]
    assert len(folds) < 3 and [p.side for p in pages].count("front") == 1   # 3 with backs; pawns (none): a flat sheet
    page = folds[0]
    (ax, ay), (bx, by) = page.folds[0]
    names = {s.face.name: s for s in page.slots}
    for s in page.slots:
        if "f" not in s.face.name.split("b")[0] or s.face.name.startswith("pawn"):
            continue
        b = names.get(s.face.name.replace("f", "b", 1))
        if b is None:
            continue
        if ax == bx:      # vertical fold: placed mirrored, drawn upright
            assert abs(b.x + b.face.w / 2 + s.x + s.face.w / 2 - 2 * ax) < 1e-6 and not b.turn
        else:             # horizontal fold: mirrored top–bottom and turned
            assert abs(b.y + b.face.h / 2 + s.y + s.face.h / 2 - 2 * ay) < 1e-6 and b.turn


def test_the_label_stays_in_the_margin_clear_of_every_piece_and_mark():
    front = pack.plan_packed(blocks(), impose.PAPERS["a4"], "long")[0]
    assert label.put(front, "Game — Pawns, Weapons — sheet 2 of 9")
    x, y, text = front.labels[-1]
    box = (x, y - 0.25 * label.SIZE, x + label.width(text), y + label.SIZE)
    lim = impose.printable(front.w, front.h)
    assert lim[0] <= box[0] and box[2] <= lim[2] and lim[1] <= box[1] and box[3] <= lim[3]
    for s in front.slots:
        assert not overlap(box, s.clip)
    for (ax, ay), (bx, by) in front.marks:
        assert not overlap(box, (min(ax, bx) - 0.1, min(ay, by) - 0.1, max(ax, bx) + 0.1, max(ay, by) + 0.1))


def test_no_strip_above_or_below_poker_cards_9_up_on_letter_so_the_label_goes_between_side_marks():
    """Poker cards 9-up on US Letter leave 0.2 mm of bleed and short marks above and below: no strip
    there; the label reads upwards in a side margin, between the marks that cross it."""
    page = next(impose.plan_grid(pairs(9, 63, 88), impose.PAPERS["letter"], "long"))
    assert label.put(page, "Game — Cards — sheet 1 of 2") and not page.labels and len(page.side_labels) == 1
    x0, y0, x1, y1 = label.side_box(*page.side_labels[0])
    for s in page.slots:
        assert not overlap((x0, y0, x1, y1), s.clip)
    for (ax, ay), (bx, by) in page.marks:
        assert not overlap((x0, y0, x1, y1), (min(ax, bx) - 0.1, min(ay, by) - 0.1, max(ax, bx) + 0.1, max(ay, by) + 0.1))


def test_fold_blocks_that_fit_different_halves_get_sheets_of_their_own_way():
    """One block fits only a left/right half, the other only a top/bottom half (Lady Alice crashed)."""
    tall = pack.block("Tall", pairs(1, 90, 200, 0, tag="t"), 4 * MM, True, False)
    wide = pack.block("Wide", pairs(1, 190, 100, 0, tag="w"), 4 * MM, True, False)
    pages = pack.plan_packed([tall, wide], impose.PAPERS["a4"], "fold")
    assert [p.side for p in pages] == ["fold", "fold"]
    assert sorted(len(p.slots) for p in pages) == [2, 2]
