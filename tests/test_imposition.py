"""Imposition geometry: grids, crop marks, fold layouts and their fallbacks."""
import pytest

from pnp.core.pieces import Face
from pnp import impose

MM = 72 / 25.4


def faces(n, w, h, bleed=3):
    return [(Face(w * MM, h * MM, bleed * MM, (), name=f"f{i}"), Face(w * MM, h * MM, bleed * MM, (), name=f"b{i}"))
            for i in range(n)]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_nine_poker_cards_per_sheet_with_marks_inside_the_printable_area(paper):
    pages = list(impose.plan_grid(faces(9, 63, 88), impose.PAPERS[paper], "long"))
    assert [len(p.slots) for p in pages] == [9, 9]
    for page in pages:
        m = impose.MARGIN
        if page.side == "front" or paper == "a4":   # (a Letter back bleeds over its top and bottom marks)
            assert len(page.marks) == 16        # 4 vertical and 4 horizontal cuts, a mark at each end
        for (ax, ay), (bx, by) in page.marks:
            assert abs(ax - bx) + abs(ay - by) >= impose.MIN_MARK - 1e-6          # at least 2 mm long
            for x, y in ((ax, ay), (bx, by)):
                assert m - 1e-6 <= x <= page.w - m + 1e-6 and m - 1e-6 <= y <= page.h - m + 1e-6
                for s in page.slots:                                           # never on a card or its bleed
                    x0, y0, x1, y1 = s.clip
                    assert not (x0 + 1e-6 < x < x1 - 1e-6 and y0 + 1e-6 < y < y1 - 1e-6)
        for s in page.slots:                                                   # bleed stays printable too
            x0, y0, x1, y1 = s.clip
            assert x0 >= m - 1e-6 and y0 >= m - 1e-6 and x1 <= page.w - m + 1e-6 and y1 <= page.h - m + 1e-6
        tx0, ty0, tx1, ty1 = page.trim                                         # and some is left all round
        bx0, by0, bx1, by1 = page.bleed
        assert bx0 < tx0 and by0 < ty0 and bx1 > tx1 and by1 > ty1


def test_letter_keeps_marks_above_and_below_by_trimming_the_outer_bleed():
    page = next(impose.plan_grid(faces(9, 63, 88), impose.PAPERS["letter"], "long"))
    top = max(s.y + s.face.h for s in page.slots)
    above = [(a, b) for a, b in page.marks if a[0] == b[0] and min(a[1], b[1]) > top]
    assert len(above) == 4
    for a, b in above:
        assert max(a[1], b[1]) <= page.h - impose.MARGIN + 1e-6 and abs(a[1] - b[1]) >= impose.MIN_MARK - 1e-6


def test_a_partly_filled_sheet_is_centred():
    pages = list(impose.plan_grid(faces(11, 63, 88), impose.PAPERS["a4"], "none"))
    last = pages[-1]
    assert len(last.slots) == 2
    x0, y0, x1, y1 = last.trim
    assert abs((x0 + x1) / 2 - last.w / 2) < 1e-6 and abs((y0 + y1) / 2 - last.h / 2) < 1e-6
    xs = sorted({round(a[0], 3) for a, b in last.marks if a[0] == b[0]})
    assert len(xs) == 3                  # one cut each side and one between: no mark where no card is


def test_pages_without_backs_get_a_blank_back_in_a_duplex_document():
    plain = [(f, None) for f, _b in faces(12, 63, 88)]
    sides = [p.side for p in impose.plan_grid(plain, impose.PAPERS["a4"], "long", blank_backs=True)]
    assert sides == ["front", "blank", "front", "blank"]
    assert [p.side for p in impose.plan_grid(plain, impose.PAPERS["a4"], "long")] == ["front", "front"]


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


def test_outer_tiles_carry_the_board_bleed_and_marks_stay_printable():
    face = Face(420 * MM, 420 * MM, 3 * MM, ())
    pages = list(impose.plan_tiles(face, impose.PAPERS["letter"], blank_backs=True))
    tiles = [p for p in pages if p.side == "tile"]
    assert [p.side for p in pages] == ["tile", "blank"] * len(tiles)
    first, last = tiles[0], tiles[-1]
    s = first.slots[0]
    assert abs((s.x - s.clip[0]) - 3 * MM) < 1e-6 and abs((s.clip[3] - (s.y + s.size[1])) - 3 * MM) < 1e-6
    assert abs(s.clip[2] - (s.x + s.size[0])) < 1e-6           # an inner edge: no bleed, the next tile overlaps
    s = last.slots[0]
    assert abs((s.clip[2] - (s.x + s.size[0])) - 3 * MM) < 1e-6 and abs((s.y - s.clip[1]) - 3 * MM) < 1e-6
    m = impose.MARGIN
    for p in tiles:
        assert len(p.marks) == 8
        for a, b in p.marks + [((x, y), (x, y)) for x, y, _t in p.labels]:
            for x, y in (a, b):
                assert m - 1e-6 <= x <= p.w - m + 1e-6 and m - 1e-6 <= y <= p.h - m + 1e-6


def test_a_board_that_fits_exactly_takes_no_extra_tile_column():
    aw, _ah = impose.tile_area(impose.PAPERS["a4"][1], impose.PAPERS["a4"][0], 0)   # landscape, 2 x 2
    exact = 2 * aw - impose.TILE_OVERLAP                      # two tiles overlapping by exactly the overlap
    pages = list(impose.plan_tiles(Face(exact, 100 * MM, 0, ()), impose.PAPERS["a4"]))
    assert len(pages) == 2


def _behind(page, slot, u, v):
    """Where the face point (u, v) (top-left origin) of a slot lands on the page."""
    if getattr(slot, "turn", False):
        return slot.x + slot.face.w - u, slot.y + v
    return slot.x + u, slot.y + slot.face.h - v


@pytest.mark.parametrize("size", [(63, 88), (150, 120)])
def test_fold_registers_each_back_as_long_edge_duplex_does(size):
    """A back is drawn as seen after turning the piece over left–right (as long-edge duplex prints
    it): its point (u, v) lies behind the front's (w − u, v). Folding the sheet reflects it across the
    fold line, so a back on a horizontal fold must be turned (mirrored top–bottom and left–right),
    on a vertical fold only placed across the fold."""
    pages = list(impose.plan_grid(faces(2, *size, 0), impose.PAPERS["a4"], "fold"))
    page = pages[0]
    (ax, ay), (bx, by) = page.folds[0]
    fold = (lambda x, y: (2 * ax - x, y)) if ax == bx else (lambda x, y: (x, 2 * ay - y))
    fronts = [s for s in page.slots if s.face.name.startswith("f")]
    backs = [s for s in page.slots if s.face.name.startswith("b")]
    w, h = size[0] * MM, size[1] * MM
    for f, b in zip(fronts, backs):
        for u, v in ((0, 0), (w, 0), (0.3 * w, 0.8 * h)):
            got = fold(*_behind(page, b, u, v))
            want = _behind(page, f, w - u, v)
            assert abs(got[0] - want[0]) < 1e-6 and abs(got[1] - want[1]) < 1e-6, (ax == bx, u, v)


def test_fold_orientation_of_the_envelope_is_horizontal():
    """The 150 x 120 mm envelope folds on a horizontal line on A4 (two to a sheet): the case the
    players met (its lining came behind the wrong panel)."""
    page = next(impose.plan_grid(faces(2, 150, 120, 0), impose.PAPERS["a4"], "fold"))
    (ax, ay), (bx, by) = page.folds[0]
    assert ay == by


def test_a_board_takes_the_fewest_tiles_with_the_least_overlap_that_allows_it():
    """A 380 mm board with 3 mm bleed (Clue's) took 3 x 2 A4 tiles at the full overlap, each overlapping its
    neighbour by half a tile; 2 x 2 fit with a smaller overlap, and each tile shows only what it must."""
    face = Face(380 * MM, 380 * MM, 3 * MM, ())
    tiles = [p for p in impose.plan_tiles(face, impose.PAPERS["a4"]) if p.side == "tile"]
    assert len(tiles) == 4
    s0, s1 = tiles[0].slots[0], tiles[1].slots[0]
    overlap = s0.size[0] - (s1.offset[0] - s0.offset[0])
    assert impose.MIN_OVERLAP - 1e-6 <= overlap <= impose.TILE_OVERLAP + 1e-6
    # the overlap guides are dotted guides, not folds: "dashed" means a fold on every page
    assert all(not p.folds for p in tiles) and all(p.guides for p in tiles[1:])


def test_a_board_that_needs_the_full_overlap_keeps_it():
    face = Face(300 * MM, 250 * MM, 0, ())
    tiles = list(impose.plan_tiles(face, impose.PAPERS["a4"]))
    s0, s1 = tiles[0].slots[0], tiles[1].slots[0]
    assert len(tiles) == 2
    assert abs(s0.size[0] - (s1.offset[0] - s0.offset[0]) - impose.TILE_OVERLAP) < 1e-6


def test_a_secret_deck_is_dealt_over_its_sheets_so_no_card_is_alone_and_categories_mix():
    """21 cards written suspects, weapons, rooms: 9 + 9 + 3 put the 3 last rooms (or one card, in a fold
    file) alone on a sheet, and a sheet of suspects only; dealt in turn, each sheet holds 7 of all kinds."""
    faces = [(Face(63 * MM, 88 * MM, 3 * MM, (), name=f"{cat}{i}"), Face(63 * MM, 88 * MM, 3 * MM, ()))
             for cat, n in (("s", 6), ("w", 6), ("r", 9)) for i in range(n)]
    fronts = [p for p in impose.plan_grid(iter(faces), impose.PAPERS["a4"], "long", spread=True) if p.side == "front"]
    assert [len(p.slots) for p in fronts] == [7, 7, 7]
    for p in fronts:
        assert {s.face.name[0] for s in p.slots} == {"s", "w", "r"}
    plain = [p for p in impose.plan_grid(iter(faces), impose.PAPERS["a4"], "long") if p.side == "front"]
    assert [len(p.slots) for p in plain] == [9, 9, 3]


@pytest.mark.parametrize("left", [30, 40])   # the wider margin on the right, then on the left
def test_a_sheet_full_from_top_to_bottom_gets_its_label_in_a_side_margin(left):
    """… with its ink 5 mm inside the paper on either side (a fold sheet's left-margin label stood
    0.1 mm too far out, and the print lint stopped the strict build)."""
    from pnp.impose import label
    w, h = impose.PAPERS["a4"]
    page = impose.Page(w, h, side="front")
    page.slots.append(impose.Slot(Face(150 * MM, 280 * MM, 0, ()), left * MM, 8 * MM,
                                  (left * MM, 8 * MM, (left + 150) * MM, 289 * MM)))
    assert label.put(page, "Game — Cards — sheet 1 of 3")
    assert not page.labels and len(page.side_labels) == 1
    x0, y0, x1, y1 = label.side_box(*page.side_labels[0])
    in_left = impose.MARGIN - 1e-6 <= x0 and x1 <= left * MM
    in_right = (left + 150) * MM <= x0 and x1 <= w - impose.MARGIN + 1e-6
    assert (in_left or in_right) and y1 <= h - impose.MARGIN    # in a margin, clear of the piece
    assert in_left == (left == 40)


def test_a_sheet_whose_side_margins_carry_crop_marks_gets_its_label_between_them():
    """US Letter's 3 x 3 cards fill the page top to bottom and their crop marks cross both side margins,
    so Clue's Letter card sheets carried no label (eighth read): it goes between two marks."""
    from pnp.impose import label
    w, h = impose.PAPERS["letter"]
    page = impose.Page(w, h, side="front")
    page.slots.append(impose.Slot(Face(195 * MM, 270 * MM, 0, ()), 10.4 * MM, 4 * MM, (10.4 * MM, 4 * MM, 205.5 * MM, 275 * MM)))
    for y in (4, 92, 182, 275):          # marks at each cut, out to the paper's printable edge on both sides
        page.marks += [((impose.MARGIN, y * MM), (9.9 * MM, y * MM)), ((206 * MM, y * MM), (w - impose.MARGIN, y * MM))]
    assert label.put(page, "Clue — Clue cards — sheet 1 of 11")
    assert len(page.side_labels) == 1
    x0, y0, x1, y1 = label.side_box(*page.side_labels[0])
    assert x1 <= 10.4 * MM or x0 >= 205.5 * MM                     # clear of the pieces
    for (ax, ay), (bx, by) in page.marks:
        assert not (min(ax, bx) < x1 and max(ax, bx) > x0 and y0 < ay < y1), (ay, y0, y1)   # crosses no mark


def test_a_back_page_repeats_a_side_label_where_the_flip_puts_it():
    """Clue's Letter card backs had no label once the fronts had theirs between the side marks (eighth
    read, second look): the back page carries it mirrored, in the opposite side margin, clear of the
    pieces and of the back's own marks."""
    from pnp.impose import label
    from pnp.pipeline.labels import Sheets
    pages = list(impose.plan_grid(iter([(Face(63 * MM, 88 * MM, 3 * MM, ()), Face(63 * MM, 88 * MM, 3 * MM, ()))] * 9),
                                  impose.PAPERS["letter"], "long"))
    front, back = [p for p in pages if p.side == "front"][0], [p for p in pages if p.side == "back"][0]
    list(Sheets("Clue", 1, "long").label([front, back], "Clue cards"))
    assert len(front.side_labels) == 1 and len(back.side_labels) == 1 and not back.labels
    fx0, fy0, fx1, fy1 = label.side_box(*front.side_labels[0])
    bx0, by0, bx1, by1 = label.side_box(*back.side_labels[0])
    assert abs((back.w - fx1) - bx0) < 0.01 and abs((back.w - fx0) - bx1) < 0.01 and (fy0, fy1) == (by0, by1)
    for s in back.slots:
        assert bx1 <= s.clip[0] or bx0 >= s.clip[2]
    for (ax, ay), (cx, cy) in back.marks:
        assert not (min(ax, cx) < bx1 and max(ax, cx) > bx0 and by0 < ay < by1)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_registration_targets_stand_where_the_flip_puts_them(paper):
    """`options: {registration: true}` (Tiny Epic Crimes' suspect cards, eleventh read): a cross beside
    each sheet's label and the same cross on the back where the flip puts it, so that a sheet held to the
    light shows the back's offset; clear of the pieces, the marks and the labels; none without the option
    or without a duplex flip."""
    from pnp.impose import label
    from pnp.pipeline.labels import Sheets
    face = Face(63 * MM, 88 * MM, 3 * MM, ())
    for duplex in ("long", "short"):
        pages = list(impose.plan_grid(iter([(face, face)] * 9), impose.PAPERS[paper], duplex))
        front, back = [p for p in pages if p.side == "front"][0], [p for p in pages if p.side == "back"][0]
        list(Sheets("Game", 1, duplex).label([front, back], "Cards", registration=True))
        if not front.targets:       # US Letter's 3 x 3: the label sits between the side marks, no room
            assert paper == "letter" and not back.targets
            continue
        (fx, fy, t), = front.targets
        (bx, by, bt), = back.targets
        assert bt == t == label.TARGET
        want = (back.w - fx - t, fy) if duplex == "long" else (fx, back.h - fy - t)
        assert (bx, by) == pytest.approx(want)
        lx0, ly0, lx1, ly1 = impose.printable(front.w, front.h)
        for page, (x, y, _t) in ((front, front.targets[0]), (back, back.targets[0])):
            assert lx0 - 1e-6 <= x and x + t <= lx1 + 1e-6 and ly0 - 1e-6 <= y and y + t <= ly1 + 1e-6
            others = [s.clip for s in page.slots] + [(min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
                                                     for a, b in page.marks]
            others += [(lx, ly - 0.25 * label.SIZE, lx + label.width(tx), ly + label.SIZE) for lx, ly, tx in page.labels]
            for o in others:
                assert not (o[0] < x + t and x < o[2] and o[1] < y + t and y < o[3]), (duplex, o, (x, y))
    pages = list(impose.plan_grid(iter([(face, face)] * 9), impose.PAPERS[paper], "long"))
    list(Sheets("Game", 1, "long").label(pages, "Cards"))
    assert not any(p.targets for p in pages)
    pages = list(impose.plan_grid(iter([(face, face)] * 9), impose.PAPERS[paper], "fold"))
    list(Sheets("Game", 1, "fold").label(pages, "Cards", registration=True))
    assert not any(p.targets for p in pages)


def test_zh_tile_labels_use_full_width_brackets_and_labels_print_curly_apostrophes():
    """「遊戲圖板 — A1 (2 × 2)」 set half-width brackets in zh-TW, and "Holmes's desk" a straight
    apostrophe, in the sheet labels (ninth reads of Clue and Lady Alice)."""
    from pnp.pipeline.labels import Sheets
    board = Face(380 * MM, 500 * MM, 3 * MM, ())
    zh = list(Sheets("妙探尋兇", 4, "long", "zh-TW").label(impose.plan_tiles(board, impose.PAPERS["a4"], "遊戲圖板"), "遊戲圖板"))
    assert "（2 × 2）" in zh[0].labels[0][2] and "(" not in zh[0].labels[0][2], zh[0].labels
    en = list(Sheets("Lady Alice", 4, "long", "en").label(impose.plan_tiles(board, impose.PAPERS["a4"], "Holmes's desk"), "x"))
    assert "Holmes’s desk" in en[0].labels[0][2] and "(2 × 2)" in en[0].labels[0][2], en[0].labels


def test_butted_pieces_paint_a_seam_under_the_neighbour_drawn_after_them():
    """Two fills clipped exactly at a shared cut leave a hairline of paper in a viewer or a RIP; on a
    sheet of backs it showed along inner cuts only, so a duplex shift told inner cards from outer ones.
    Each piece now paints SEAM under the neighbour to its right and below, which is drawn after it
    and covers it; the neighbours drawn before it are not touched."""
    from pnp.impose.grid import SEAM, Grid, place
    g = Grid(x0=20, y0=20, w=100, h=140, cols=2, rows=2, gap=0.0, bleed=8.0)
    cells, _marks = place(g, 4, (0, 0, 600, 800), True)
    (x0, y0, c0), (x1, _y1, c1), (_x2, y2, c2) = cells[0], cells[1], cells[2]
    assert c0[2] == x0 + 100 + SEAM and c1[0] == x1        # right: under the next one; left: its own cut
    assert c0[1] == y0 - SEAM and c2[3] == y2 + 140        # below (the next row, drawn later) the same
    assert c0[0] == x0 - 8.0 and c0[3] == y0 + 140 + 8.0   # the block's outer edges keep their bleed


def test_backs_bleed_to_the_printable_edge_where_the_fronts_give_way_to_marks():
    """Criminal Poker's Letter card backs (13th read): the dark back stopped 0.2 mm past the top and
    bottom cuts, where the fronts' bleed gives way to their crop marks, so a cut a hair outside left a
    white edge on the hidden cards of the outer rows. Backs are cut from the front: they bleed to the
    printable edge, and keep only the marks their bleed leaves clear."""
    front, back = list(impose.plan_grid(faces(9, 63, 88), impose.PAPERS["letter"], "long"))[:2]
    ftop = max(s.clip[3] - (s.y + s.face.h) for s in front.slots)
    btop = max(s.clip[3] - (s.y + s.face.h) for s in back.slots)
    bbottom = max(s.y - s.clip[1] for s in back.slots)
    assert ftop < 0.5 * MM and btop > 2.5 * MM and bbottom > 2.5 * MM
    m = impose.MARGIN
    for s in back.slots:
        x0, y0, x1, y1 = s.clip
        assert y0 >= m - 1e-6 and y1 <= back.h - m + 1e-6
        for (ax, ay), (bx, by) in back.marks:
            assert not (min(ax, bx) < x1 and max(ax, bx) > x0 and min(ay, by) < y1 and max(ay, by) > y0)
    assert back.marks and len(back.marks) < len(front.marks)      # the side marks stay
    a4 = list(impose.plan_grid(faces(9, 63, 88), impose.PAPERS["a4"], "long"))[:2]
    assert len(a4[1].marks) == len(a4[0].marks)                    # where there is room, backs keep them all
