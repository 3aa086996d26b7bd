"""The pages of one component: which imposition (grid, fold, tiles) its kind and options call for."""
from __future__ import annotations

import itertools

from pnp.core.errors import Problem, Problems
from pnp.core.units import mm
from pnp import impose
from pnp.impose import pack as _pack


def duplex_document(game, duplex: str) -> bool:
    """Whether the PDF is meant to be printed double-sided: a duplex mode and a piece with a back."""
    return duplex in ("long", "short") and any(c.back or c.kind == "booklet" for c in game.components.values())


def plan(comp, pairs, paper, duplex, back_offset, title, blank_backs=False):
    """The pages of one component. blank_backs: the document prints double-sided, so a page without
    backs gets a blank page behind it (no piece prints behind another). A paper too small for the
    component's pieces is bad input naming the component, the piece and the paper."""
    first = next(pairs, None)
    if first is None:
        return
    try:
        yield from _plan(comp, itertools.chain([first], pairs), paper, duplex, back_offset, title, blank_backs)
    except impose.PaperTooSmall:
        f0, (pw, ph) = first[0], paper
        what = "board" if comp.kind == "board" else "pieces"
        raise Problems([Problem(comp.pos, f"the {what} of `{comp.id}` are {mm(f0.w):.1f} x {mm(f0.h):.1f} mm with "
                                f"{mm(f0.bleed):.1f} mm of bleed, and do not fit on the {mm(pw):g} x {mm(ph):g} mm paper "
                                f"({mm(pw) - 2 * mm(impose.MARGIN):g} x {mm(ph) - 2 * mm(impose.MARGIN):g} mm printable, "
                                "less room for crop marks)",
                                "choose a larger `--paper`, or make the layout's `size` or `bleed` smaller")]) from None


def _fits(face, paper) -> bool:
    return face.w + 2 * impose.MARGIN <= paper[0] and face.h + 2 * impose.MARGIN <= paper[1]


def _plan(comp, pairs, paper, duplex, back_offset, title, blank_backs):
    first = next(pairs, None)
    if first is None:
        return
    f0 = first[0]
    fits = _fits(f0, paper)
    if not fits and _fits(f0, paper[::-1]):   # fits only across the sheet (A5, a landscape custom paper):
        paper, fits = paper[::-1], True        # the page is turned; the printer turns it back
    pw, ph = paper
    if comp.kind == "deck" and not fits:  # a card cut from several sheets is a mistake (mm vs cm?)
        raise Problems([Problem(comp.pos, f"the cards of `{comp.id}` are {mm(f0.w):.1f} x {mm(f0.h):.1f} mm, larger "
                                f"than the {mm(pw):.0f} x {mm(ph):.0f} mm paper can print",
                                "check the units of the layout's `size`, choose a larger `--paper` (a3, tabloid, "
                                "custom:WxH), or use `kind: board` to tile it over pages")])
    if comp.kind == "board" or not fits:
        for f, _b in itertools.chain([first], pairs):
            yield from impose.plan_tiles(f, paper, title, blank_backs=blank_backs)
        return
    gap, outline, marks = cut_of(comp)
    rest = pairs if duplex != "none" else ((f, None) for f, _b in pairs)
    first = first if duplex != "none" else (first[0], None)

    def grid(on):
        return impose.plan_grid(itertools.chain([first], rest), on, duplex, gap=gap, outline=outline, title=title,
                                back_offset=back_offset, marks=marks, blank_backs=blank_backs,
                                spread=getattr(comp, "secret", None) is not None)
    pages = grid(paper)
    try:   # the paper fits the piece but not its bleed and crop marks: turned, it may (the first page tells)
        page = next(pages, None)
    except impose.PaperTooSmall:
        if paper[0] == paper[1] or not _fits(f0, paper[::-1]):
            raise
        pages = grid(paper[::-1])
        page = next(pages, None)
    if page is not None:
        yield page
        yield from pages


def cut_of(comp) -> tuple:
    """(gap, outline?, marks?) of a component's `options: {cut, gap_mm}`; a bad gap is bad input."""
    opts = comp.options
    cut = opts.get("cut", "marks" if comp.kind == "deck" else "outline")
    raw = opts.get("gap_mm", 0 if comp.kind == "deck" else 4)
    try:
        gap = float(raw) * 72 / 25.4
    except (TypeError, ValueError):
        gap = -1.0
    if gap < 0 or isinstance(raw, bool):
        raise Problems([Problem(comp.pos, f"`options: {{gap_mm: {raw}}}` of `{comp.id}` is not a length in mm",
                                "write a number of millimetres, e.g. `gap_mm: 2` (0: pieces butted)")])
    return gap, cut == "outline", cut != "none"


def packs(comp, front, back, count, paper, duplex, pack=True) -> bool:
    """Whether a component's pieces go onto sheets shared with other small components: they are few
    and small enough to fit on one sheet by themselves (on half a sheet when folded), and neither the
    build (`--no-pack`) nor the component (`options: {pack: false}`) says no. front, back: faces (or
    layouts) of the component's size; count: its pieces."""
    opt = comp.options.get("pack", True)
    if not isinstance(opt, bool):
        raise Problems([Problem(comp.pos, f"`options: {{pack: {opt}}}` of `{comp.id}` is not true or false",
                                "write `pack: false` to give the component sheets of its own (default: true)")])
    if not (pack and opt) or comp.kind in ("board", "booklet") or count < 1:
        return False
    gap, outline, marks = cut_of(comp)
    pw, ph = paper
    m, room = impose.MARGIN, _pack.LABEL_ROOM
    if duplex == "fold" and back is not None:
        areas = [(w / 2 - m, h - 2 * m - room) for w, h in (paper, paper[::-1])] + \
                [(w - 2 * m, h / 2 - m - room) for w, h in (paper, paper[::-1])]
    else:
        areas = [(pw - 2 * m, ph - 2 * m - room)]
    return any(_pack.fits_one_sheet(front.w, front.h, front.bleed, count, gap, outline, marks, a) for a in areas)


def plan_packed(members, paper, duplex, back_offset, title, blank_backs=False, sep=", ") -> list:
    """The shared sheets of small components: members are (component, title, [(front, back)]) in order;
    each sheet's title names the components on it."""
    blocks = []
    for comp, name, pairs in members:
        if not pairs:
            continue
        if duplex == "none":
            pairs = [(f, None) for f, _b in pairs]
        gap, outline, marks = cut_of(comp)
        blocks.append(_pack.block(name, pairs, gap, outline, marks))
    return _pack.plan_packed(blocks, paper, duplex, title, back_offset, blank_backs, sep)


