"""What prints on which sheets: the components in print order, as *units* (`pnp.pipeline.build` and the
cover's dry plan both walk them, so the cover's page numbers are the build's).

A unit is a list of `Part`s. A unit of one part is a component on sheets of its own; a unit of several
is the small components that share sheets (pnp.impose.pack), at the place of the first of them. A deck
whose last sheet holds only a few pieces (Tiny Epic Crimes' 25th city card alone on a sheet, a fourth
read's "a setup card takes a whole sheet") may leave those pieces — its *tail* — to the shared sheets,
when that saves a sheet of paper; a deck held in a hand (`secret:`) never does, so its backs all come
from sheets printed alike. A small component with no other to share a sheet with takes free places in
the grid of a deck of pieces of its size instead, where that costs the deck no sheet (`_host`).
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass

from pnp.core.errors import Problems
from pnp.pipeline import labels
from pnp.impose.plan import cut_of, packs, plan as _plan, plan_packed


@dataclass(frozen=True, eq=False)
class Part:
    comp: object
    start: int = 0          # the pieces [start, stop) of the component, in the order it makes them
    stop: int | None = None
    guest: bool = False     # a lone small component in the free places of the unit's first part's grid

    @property
    def whole(self) -> bool:
        return self.start == 0 and self.stop is None

    @property
    def count(self) -> int:
        return (self.comp.total if self.stop is None else self.stop) - self.start


def paper_of(paper):
    from pnp import impose
    return impose.paper_size(paper) if isinstance(paper, str) else paper


def blank_faces(prep, c, duplex):
    """(front layout, back layout or None, a blank front face, a blank back face or None) of a component:
    what a plan of its sheets needs before any card is resolved."""
    from pnp.core.pieces import Face
    decl = prep.game.meta["components"][c.id]
    front = prep.layouts.get(c.front, decl.at("front"))
    back = prep.layouts.get(c.back, decl.at("back")) if c.back and duplex != "none" else None
    blank = Face(front.w, front.h, front.bleed, (), front.shape, front.radius)
    blank_back = Face(back.w, back.h, back.bleed, (), back.shape, back.radius) if back else None
    return front, back, blank, blank_back


def units(prep, comps, paper, opts) -> list:
    """The components in the order they print, as lists of Parts (see the module's doc)."""
    paper = paper_of(paper)
    pack = getattr(opts, "pack", True)
    small, tails, info = [], {}, {}
    for c in comps:
        if c.kind == "booklet":
            continue
        info[c.id] = got = blank_faces(prep, c, opts.duplex)
        if packs(c, got[0], got[1], c.total, paper, opts.duplex, pack):
            small.append(c)
        elif pack:
            k = _tail(c, got, paper, opts)
            if k:
                tails[c.id] = k
    group = [Part(c) for c in small]
    if tails:
        group = _worth(group, [Part(c, c.total - tails[c.id]) for c in comps if c.id in tails], info, paper, opts)
    if len(group) < 2:
        lone = group[0].comp if group and group[0].whole else None
        host = _host(lone, comps, info, paper, opts) if lone is not None else None
        if host is None:
            return [[Part(c)] for c in comps]
        return [[Part(c), Part(lone, guest=True)] if c is host else [Part(c)] for c in comps if c is not lone]
    split = {p.comp.id: p.start for p in group if not p.whole}
    members = {p.comp.id for p in group}
    out, placed = [], False
    for c in comps:
        if c.id in split:
            out.append([Part(c, 0, split[c.id])])
        elif c.id in members:
            if not placed:
                out.append(group)
                placed = True
            continue
        else:
            out.append([Part(c)])
            continue
        if not placed:
            out.append(group)
            placed = True
    return out


def _host(guest, comps, info, paper, opts):
    """The deck whose sheets have free places for a lone small component's pieces in their own grid
    (pieces of the same size, bleed, shape and cuts; no sheet more), or None: Criminal Poker's setup
    card beside its 8 help cards, where alone it took a sheet (a read's "a whole sheet for one card").
    Neither may be held in a hand (`secret:`): a secret deck's backs come from sheets printed alike."""
    if getattr(guest, "secret", None) is not None:
        return None
    _gfront, _gback, gf, gb = info[guest.id]
    for c in comps:
        if (c is guest or c.kind != "deck" or c.id not in info or getattr(c, "secret", None) is not None
                or c.options.get("pack", True) is not True):
            continue
        _front, _back, f, b = info[c.id]
        if ((f.w, f.h, f.bleed, f.shape, f.radius) != (gf.w, gf.h, gf.bleed, gf.shape, gf.radius)
                or cut_of(c) != cut_of(guest) or (gb is not None and b is None)):
            continue
        try:
            alone = _sheets(c, [(f, b)] * c.total, paper, opts)
            both = _sheets(c, [(f, b)] * c.total + [(gf, gb)] * guest.total, paper, opts)
        except Problems:
            continue
        if both == alone:
            return c
    return None


def _sheets(c, pairs, paper, opts) -> int:
    return labels.count(_plan(c, iter(pairs), paper, opts.duplex, (0.0, 0.0), "", False))


def _tail(c, got, paper, opts) -> int:
    """How many pieces a deck's last sheet holds, when that sheet is only partly filled and those
    pieces could join the shared sheets (0: none)."""
    if c.kind in ("board", "booklet") or getattr(c, "secret", None) is not None or c.options.get("pack", True) is not True:
        return 0
    front, back, blank, blank_back = got
    try:
        pages = list(_plan(c, iter([(blank, blank_back)] * c.total), paper, opts.duplex, (0.0, 0.0), "", False))
    except Problems:
        return 0
    per = [sum(1 for s in p.slots if s.face is blank) for p in pages if p.side in ("front", "fold")]
    if len(per) < 2 or per[-1] >= per[0]:
        return 0
    return per[-1] if packs(c, front, back, per[-1], paper, opts.duplex, True) else 0


def _worth(group, tails, info, paper, opts) -> list:
    """The shared group with every tail that saves a sheet of paper joining it (one at a time, in print
    order: a tail that does not fit the shared sheets' spare room would take a sheet there too)."""
    def sheets(parts):
        if len(parts) < 2:
            return len(parts)   # alone, a small component or a tail takes one sheet
        members = [(p.comp, p.comp.id, [(info[p.comp.id][2], info[p.comp.id][3])] * p.count) for p in parts]
        pages = plan_packed(members, paper, opts.duplex, (0.0, 0.0), "", False)
        return labels.count(pages)
    now = sheets(group)
    for t in tails:
        more = sheets(group + [t])
        if more < now + 1:
            group, now = group + [t], more
    return group


def plan_unit(unit, pairs_of, paper, opts, titles, two_sided, lang):
    """The pages of one unit; `pairs_of(part)` gives the part's (front, back) faces."""
    if len(unit) > 1 and unit[1].guest:   # a lone small component in the free places of a deck's grid
        title = labels.joined([titles[p.comp.id] for p in unit], lang)
        return _plan(unit[0].comp, itertools.chain.from_iterable(pairs_of(p) for p in unit), paper, opts.duplex,
                     opts.back_offset, title, two_sided)
    if len(unit) > 1:   # small components (and tails) on shared sheets
        members = [(p.comp, titles[p.comp.id], list(pairs_of(p))) for p in unit]
        title = labels.joined([titles[p.comp.id] for p in unit], lang)
        return plan_packed(members, paper, opts.duplex, opts.back_offset, title, two_sided,
                           labels.joined(["", ""], lang))
    p = unit[0]
    return _plan(p.comp, iter(pairs_of(p)), paper, opts.duplex, opts.back_offset, titles[p.comp.id], two_sided)
