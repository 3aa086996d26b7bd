"""Booklet lists: an item opening with an icon takes the icon as its bullet, so its lines hang under the
text (Criminal Poker's evidence list wrapped under its icons: the fifteenth read)."""
from __future__ import annotations

from pnp.booklet import flow as booklet_flow
from pnp.booklet.md import Block
from pnp.core.pieces import Run
from test_booklet_cache import fonts, icons  # noqa: F401 — the fixtures: built-in sans and icons

LONG = "物證 +2 無罪等級，全部相加。所以持有一張是 2，一對是 4，三張是 6。人不可能分身，證言一定有問題。"


def _runs_by_line(units):
    return [sorted((p for p in u.pieces if isinstance(p, Run)), key=lambda r: r.x) for u in units if u.pieces]


def test_an_item_opening_with_an_icon_hangs_its_lines_under_its_text(fonts, icons):  # noqa: F811
    name = sorted(icons)[0]
    st = booklet_flow.Style()
    flow = booklet_flow.Flow(fonts, icons, {"body": st}, 60.0 * 72 / 25.4, None)
    units = flow._list(Block("list", 1, items=[[Block("para", 1, f":{name}: {LONG}")]]), 0.0, 60.0 * 72 / 25.4)
    lines = _runs_by_line(units)
    assert len(lines) >= 2
    assert not any(r.text == "•" for r in lines[0])                        # the icon is the bullet
    starts = [line[0].x for line in lines]
    assert max(starts) - min(starts) < 0.01, starts                        # every line starts at the text
    drawn = [p for p in units[0].pieces if not isinstance(p, Run)]
    assert drawn                                                           # the icon, drawn beside it
    # an item opening with text keeps its bullet
    plain = _runs_by_line(flow._list(Block("list", 1, items=[[Block("para", 1, LONG)]]), 0.0, 60.0 * 72 / 25.4))
    assert any(r.text == "•" for r in plain[0])


def test_a_round_pieces_picture_is_cut_and_framed_round():
    """Lady Alice's tokens showed in the booklet as octagons in squares (fifteenth read): the disc and its
    bleed cut by the square picture box. A round piece's picture is clipped to its circle and framed by
    one; a square piece keeps its square."""
    from pnp.booklet import booklet
    from pnp.booklet.md import Picture
    from pnp.core.pieces import Face
    disc = Face(40.0, 40.0, 4.0, (), shape="circle", name="tokens/t")
    card = Face(60.0, 90.0, 9.0, (), name="cards/c")
    flow = booklet_flow.Flow(None, {}, {"caption": booklet_flow.Style()}, 300.0, lambda p: disc if p.card == "t" else card)
    (unit,) = flow._pictures(Block("pictures", 1, items=[Picture("tokens", "t", False, None, ""),
                                                          Picture("cards", "c", False, None, "")]), 0.0, 300.0)
    frames = [p.ops[0][0] for p in unit.pieces if not isinstance(p, Run)]
    assert frames == ["E", "R"]
    page = booklet.BookPage(Face(400.0, 600.0, 0.0, ()), [(disc, 10.0, 10.0, 1.0), (card, 100.0, 10.0, 1.0)])
    slots = booklet._slots(page, 0.0, 0.0, (400.0, 600.0), False)
    assert [s.round for s in slots] == [False, True, False]
