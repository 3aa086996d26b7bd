"""What a game's PDF holds besides its pieces: the cover page, rules booklets, and the choice of
components (`--only`). Called by `pnp.pipeline.build`; each function is one step of `build_game`."""
from __future__ import annotations

from dataclasses import replace

from pnp.core.errors import Problem, Problems, did_you_mean
from pnp.layout import qr
from pnp.core.units import mm
from pnp.content import credits_text
from pnp.impose.page import paper_name
from pnp.impose.plan import duplex_document
from pnp.pipeline import labels
from pnp.pipeline.names import pdf_name
from pnp.pipeline.units import Part, blank_faces, plan_unit, units  # noqa: F401  (units: the build's, re-exported)


def check_booklets(prep, resolver) -> None:
    """Lay out every booklet (for `pnp check`): its problems join the resolver's."""
    from pnp.booklet import booklet
    for comp in prep.game.components.values():
        if comp.kind == "booklet":    # its problems are reported with the pieces' problems
            try:
                booklet.build(prep, resolver, comp, "a4")
            except Problems as e:
                resolver.problems.update(e.problems)


def chosen(game, only) -> list:
    """The components to build: all, or those named by `--only` (unknown names are bad input)."""
    comps = sorted(game.components.values(), key=lambda c: c.kind != "booklet")   # booklets first, after the cover
    if not only:
        return comps
    bad = [c for c in only if c not in game.components]
    if bad:
        raise Problems([Problem(game.meta.at("components"), f"--only names `{b}`, which `{game.id}` does not have",
                                did_you_mean(b, game.components)) for b in bad])
    return [c for c in comps if c.id in only]


def _two_up(paper) -> bool:
    from pnp.booklet import booklet
    return booklet.two_up(paper)


def booklets(prep, resolver, comps, opts) -> dict:
    """component id → (Built, imposed pages) of every booklet to build; a booklet with problems is left
    out and its problems join the resolver's, so they are reported with the pieces' problems."""
    out = {}
    for c in comps:
        if c.kind == "booklet":
            try:
                out[c.id] = _booklet(prep, resolver, c, opts)
            except Problems as e:
                resolver.problems.update(e.problems)
    return out


def _booklet(prep, resolver, comp, opts):
    """(Built, imposed pages) of one booklet in the resolver's language."""
    from pnp.booklet import booklet
    built = booklet.build(prep, resolver, comp, opts.paper)
    if opts.ink_saver:   # the same treatment as the pieces: light fills, dark text
        from pnp.render import ink
        for bp in built.pages:
            if bp.face is not None:
                bp.face = ink.face(bp.face)
                bp.places = [(ink.face(f), x, y, s) for f, x, y, s in bp.places]
    title = str(resolver.ctx.game["components"][comp.id]["title"])
    return built, booklet.impose(built, opts.paper, opts.booklet, opts.duplex, title)


def write_booklet(writer, book, comp, title, opts, pagelint=None) -> dict:
    from pnp.booklet import booklet
    built, pages = book
    mode = booklet.mode_on(opts.paper, opts.booklet)   # saddle sheets need two pages a sheet (not on A5)
    n = len(booklet.padded(built.pages, 4)) if mode == "saddle" else len(built.pages)
    # the sections in reading order, each pointing at the printed page that holds it (saddle sheets
    # hold the pages out of order, so the outline cannot follow the order pages are written in)
    first = writer.pages
    where = [booklet.sheet_of(number, n, mode) for _t, number in built.sections]
    sections = [(t, f"{comp.id}.s{j}") for j, (t, _n) in enumerate(built.sections)]
    for i, page in enumerate(pages):
        if pagelint is not None:
            pagelint.page(page, comp, writer.pages + 1)
        writer.page(page, bookmark=title if i == 0 else None, sub=sections if i == 0 else (),
                    dests=[f"{comp.id}.s{j}" for j, w in enumerate(where) if w == i])
    assert writer.pages == first + len(pages)
    pw, ph = built.size
    return {"name": comp.id, "title": title, "kind": "booklet", "faces": len(pages), "items": n,
            "pages": n, "imposition": mode, "sections": [{"title": t, "page": p} for t, p in built.sections],
            "trim_mm": [round(mm(pw), 2), round(mm(ph), 2)], "bleed_mm": 0.0}


def die_marks(prep, comps) -> set:
    """The die-line kinds (`fold`, `glue`) the components' layouts draw, so that the cover explains
    only the lines this PDF has (a fold sentence in a file with no fold misleads a crafter)."""
    kinds = set()
    for comp in comps:
        if comp.kind == "booklet":
            continue
        for name in (comp.front, comp.back):
            try:
                lay = prep.layouts.get(name, comp.pos) if name else None
            except Problems:   # reported where the layout is resolved
                continue
            kinds |= {e.attrs.get("type") for e in (lay.elements if lay else ())} & {"fold", "glue"}
    return kinds


def write_cover(writer, game, lang, opts, paper, planned, fonts, title, marks=frozenset()):
    """The cover page (pnp.render.cover), and a blank page after it when duplex needs one."""
    from pnp.render import cover
    from pnp.content.pieces import counts as piece_counts
    from pnp.impose.plan import duplex_document
    two_sided = duplex_document(game, opts.duplex)
    n = 1 + (1 if cover.blank_needed(opts.duplex) and two_sided else 0)
    entries = []
    last = None
    for comp, ctitle, pages in planned:
        if pages:
            shared = pages is last          # small components on the same shared sheets
            if shared:
                n -= len(pages)
            n += 1 if two_sided and n % 2 and not shared else 0     # as build_game: a component starts on a front
            outline = any(s.outline for p in pages for s in p.slots)
            mine = getattr(pages, "where", {}).get(comp.id)    # on shared sheets: the pages with its pieces
            ranges = _ranges(mine, n) if mine else [(n + 1, n + len(pages))]
            sides = {pages[i].side for i in mine} if mine else {p.side for p in pages}
            if comp.kind != "booklet" and not comp.back and sides & {"back", "fold"}:   # a shared sheet's backs (or
                # fold halves) belong to its other pieces: this one is single-sided, its back blank paper
                sides = (sides - {"back", "fold"}) | ({"shared_back"} if "back" in sides else set())
            seen = next((e for e in entries if e.key == comp.id), None)
            if seen is not None:   # a deck's last pieces, on the sheets it shares with small components
                runs = _merged(sorted([(seen.first, seen.last)] + seen.more + ranges))
                (seen.first, seen.last), seen.more = runs[0], runs[1:]
                seen.sides |= sides
            else:
                entries.append(cover.Entry(ctitle, comp.kind, ranges[0][0], ranges[0][1], sides, comp.total, outline,
                                           piece_counts(comp, lang, game.text) if comp.pieces else [], key=comp.id,
                                           more=ranges[1:]))
            n += len(pages)
            last = pages
    entries.sort(key=lambda e: (e.kind != "booklet", e.first))   # in page order, booklets first as printed
    meta = game.meta
    info = {"title": str(title), "subtitle": game.text(meta.get("subtitle"), lang) if meta.get("subtitle") else "",
            "players": meta.get("players"), "version": meta.get("version"), "author": meta.get("author"),
            "licence": meta.get("licence"), "url": meta.get("url"), "lang": lang, "duplex": opts.duplex,
            "paper_name": paper_name(opts.paper),
            "back_offset_mm": tuple(round(mm(v), 2) for v in opts.back_offset), "ink_saver": opts.ink_saver,
            "two_sided": two_sided, "booklet_sheets": opts.booklet == "saddle" and not _two_up(opts.paper),
            # the cover names the ink-saver file of this very print (same paper and duplex), not "a" file
            "ink_file": pdf_name(game.id, lang, replace(opts, ink_saver=True, draft=False, only=())),
            "marks": set(marks)}
    if game.credits:
        info["credits"] = [x for x in credits_text.lines(game, lang, str(title))
                           if x != credits_text.notice(game.credits, str(title), lang)]
        info["notice"] = credits_text.notice(game.credits, str(title), lang)
    code = qr.matrix(str(meta["url"])) if meta.get("url") else None
    _cover_glyphs(game, info, [(c, t) for c, t, _p in planned], fonts)
    pages = cover.pages(info, entries, paper, fonts, code)
    writer.page(pages[0], bookmark=str(title))
    for p in pages[1:]:
        writer.page(p)


def _cover_glyphs(game, info, titles, fonts):
    """The cover's own text (title, author, credits …) passes the same missing-glyph check as cards."""
    from pnp.core.errors import Problem, Problems
    from pnp.text.fit import missing_glyphs
    texts = [(game.meta.at(k) if k in game.meta else game.pos, k, x) for k, v in info.items()
             for x in (v if isinstance(v, list) else [v]) if isinstance(x, str)]
    texts += [(game.meta["components"][c.id].at("title"), f"components.{c.id}.title", t) for c, t in titles]
    problems = [Problem(pos, f"`{key}` on the cover: the font `sans` has no glyph for "
                        + " ".join(f"`{ch}` (U+{ord(ch):04X})" for ch in sorted(missing)),
                        "replace the character, or build with --no-cover")
                for pos, key, v in texts if (missing := missing_glyphs(v, fonts, "sans"))]
    if problems:
        raise Problems(problems)


def write_pages(writer, pages, title, pagelint=None, comp=None):
    """title: the component's outline entry, at its first page; or, for components sharing sheets, a
    list of their titles, each entered at the first sheet whose title (pnp.impose.pack) names it."""
    if isinstance(title, list):
        todo = list(title)
        for page in pages:
            if pagelint is not None:
                pagelint.page(page, comp, writer.pages + 1)
            here = [t for t in todo if t in labels.titles(page.title)] if page.side in ("front", "fold") else []
            todo = [t for t in todo if t not in here]
            writer.page(page, bookmark=here or None)
        return
    mark = title  # one outline entry per component, at its first page
    for page in pages:
        if pagelint is not None:
            pagelint.page(page, comp, writer.pages + 1)
        writer.page(page, bookmark=mark)
        mark = None


def dry_plan(prep, resolver, paper, opts, comps=None, books=None) -> list:
    """(component, title, pages) planned with blank faces of the layouts' sizes: the same imposition
    as the real faces get, without resolving or holding any card (the build streams those later).
    Booklets are laid out for real (`books`: their imposed pages). A deck whose last pieces share
    sheets with small components appears twice: with its own sheets and with the shared ones."""
    out = []
    comps = comps if comps is not None else list(prep.game.components.values())
    titles = {c.id: str(resolver.ctx.game["components"][c.id]["title"]) for c in comps}
    two_sided = duplex_document(prep.game, opts.duplex)

    def blanks(part):   # its back whatever the duplex: the plan drops backs as the build's does
        _f, _b, blank, blank_back = blank_faces(prep, part.comp, "long")
        return [(blank, blank_back)] * part.count

    for unit in units(prep, comps, paper, opts):
        comp = unit[0].comp
        if comp.kind == "booklet":
            if books and comp.id in books:
                out.append((comp, titles[comp.id], books[comp.id][1]))
            continue
        made = {}

        def owned(part):   # blank faces of the part, known again on the planned pages
            got = blanks(part)
            if got:
                made.update({id(f): part.comp.id for f in got[0] if f is not None})
            return got
        pages = Shared(plan_unit(unit, owned, paper, opts, titles, two_sided, resolver.lang))
        if len(unit) > 1:
            pages.where = _where(pages, made)
        out += [(p.comp, titles[p.comp.id], pages) for p in unit]   # one list shared: the cover counts it once
    return out


class Shared(list):
    """Planned pages; for shared sheets, `where`: component id → the indexes of the pages with its pieces."""
    where: dict = {}


def _where(pages, made) -> dict:
    out: dict = {}
    front: set = set()
    for i, page in enumerate(pages):
        here = {made[id(s.face)] for s in page.slots if id(s.face) in made}
        if page.side in ("back", "blank"):
            here |= front          # a sheet's back (or blank back) belongs to the pieces on its front
        else:
            front = here
        for cid in here:
            out.setdefault(cid, []).append(i)
    return out


def _merged(runs) -> list:
    """Sorted (first, last) page runs with touching ones joined: 18–19 and 20 are 18–20."""
    out: list = []
    for a, b in runs:
        if out and a <= out[-1][1] + 1:
            out[-1] = (out[-1][0], max(b, out[-1][1]))
        else:
            out.append((a, b))
    return out


def _ranges(indexes, base) -> list:
    """Runs of consecutive page indexes as (first, last) page numbers after `base`."""
    out: list = []
    for i in sorted(indexes):
        if out and out[-1][1] == base + i:
            out[-1] = (out[-1][0], base + i + 1)
        else:
            out.append((base + i + 1, base + i + 1))
    return out
