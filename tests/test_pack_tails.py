"""A deck's last, partly filled sheet gives its pieces to the shared sheets when that saves paper
(Tiny Epic Crimes' 25th city card printed alone on a sheet, eighth read); a hand-held deck never does."""
from __future__ import annotations

from pathlib import Path

from pnp import impose
from pnp.pipeline import units as U

ROOT = Path(__file__).resolve().parents[1]


def _prep():
    from pnp.pipeline.build import Project, prepare
    return prepare(Project(ROOT), "tiny-epic-crimes")


def _sheets(prep, parts_of, opts, paper):
    """Sheets of pieces the plan prints, from blank faces (as the cover counts them)."""
    def blanks(part):
        f, b, blank, blank_back = U.blank_faces(prep, part.comp, opts.duplex)
        return [(blank, blank_back)] * part.count
    comps = [c for c in prep.game.components.values() if c.kind != "booklet"]
    titles = {c.id: c.id for c in comps}
    n = 0
    for unit in parts_of(prep, comps, paper, opts):
        n += sum(1 for p in U.plan_unit(unit, blanks, paper, opts, titles, False, "en") if p.side in ("front", "fold", "tile"))
    return n, comps


def test_a_deck_tail_joins_the_shared_sheets_and_saves_a_sheet(monkeypatch):
    from pnp.pipeline.build import Options
    prep, opts, paper = _prep(), Options(paper="a4", duplex="long"), impose.PAPERS["a4"]
    with_tails, comps = _sheets(prep, U.units, opts, paper)
    plan = U.units(prep, comps, paper, opts)
    heads = [u[0] for u in plan if len(u) == 1 and not u[0].whole]
    group = next(u for u in plan if len(u) > 1)
    assert [p.comp.id for p in heads] == ["city"]
    tail = next(p for p in group if p.comp.id == "city")
    assert tail.start == heads[0].stop and tail.count == 1                     # the last card, only it
    assert heads[0].count + tail.count == heads[0].comp.total
    monkeypatch.setattr(U, "_tail", lambda *a: 0)
    without, _ = _sheets(prep, U.units, opts, paper)
    assert with_tails == without - 1


def test_a_hand_held_deck_keeps_all_its_sheets():
    from dataclasses import replace
    from pnp.content.printing import Secret
    from pnp.pipeline.build import Options
    prep, opts, paper = _prep(), Options(paper="a4", duplex="long"), impose.PAPERS["a4"]
    city = prep.game.components["city"]
    got = U.blank_faces(prep, city, "long")
    assert U._tail(city, got, paper, opts) == 1                                 # on the table: its tail may go
    held = replace(city, secret=Secret(city.pos))
    assert U._tail(held, got, paper, opts) == 0                                 # in a hand: every back alike


def test_the_cover_gives_each_piece_on_shared_sheets_its_own_pages():
    """Eight component types read "pages 23–32" on Tiny Epic Crimes' cover (eighth read): each now gets
    the pages that hold its pieces, a sheet's back counting with its front."""
    from pnp.pipeline.assemble import _ranges, _where
    a, b, a_back = object(), object(), object()

    class Slot:
        def __init__(self, face):
            self.face = face

    class Page:
        def __init__(self, side, *faces):
            self.side, self.slots = side, [Slot(f) for f in faces]

    pages = [Page("front", a), Page("back", a_back), Page("front", a, b), Page("back"), Page("front", b), Page("blank")]
    where = _where(pages, {id(a): "a", id(b): "b"})
    assert where == {"a": [0, 1, 2, 3], "b": [2, 3, 4, 5]}
    assert _ranges(where["a"], 20) == [(21, 24)] and _ranges(where["b"], 20) == [(23, 26)]
    assert _ranges([0, 1, 4, 5], 10) == [(11, 12), (15, 16)]


def test_touching_page_runs_are_one_range():
    """The fold file's contents read 「第 18–19、20 頁」 (ninth read): touching runs are joined."""
    from pnp.pipeline.assemble import _merged
    assert _merged([(18, 19), (20, 20)]) == [(18, 20)]
    assert _merged([(3, 4), (9, 10), (11, 12)]) == [(3, 4), (9, 12)]
