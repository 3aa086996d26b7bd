"""What a game's PDF holds besides its pieces: the cover page, rules booklets, and the choice of
components (`--only`). Called by `pnp.build`; each function is one step of `build_game`."""
from __future__ import annotations

from pnp.errors import Problem, Problems, did_you_mean
from pnp.layout import qr
from pnp.layout.units import mm
from pnp.render import credits_text


def check_booklets(prep, resolver) -> None:
    """Lay out every booklet (for `pnp check`): its problems join the resolver's."""
    from pnp.render import booklet
    for comp in prep.game.components.values():
        if comp.kind == "booklet" and not resolver.problems:
            try:
                booklet.build(prep, resolver, comp, "a4")
            except Problems as e:
                resolver.problems.update(e.problems)


def _chosen(game, only) -> list:
    """The components to build: all, or those named by `--only` (unknown names are bad input)."""
    comps = sorted(game.components.values(), key=lambda c: c.kind != "booklet")   # booklets first, after the cover
    if not only:
        return comps
    bad = [c for c in only if c not in game.components]
    if bad:
        raise Problems([Problem(game.meta.at("components"), f"--only names `{b}`, which `{game.id}` does not have",
                                did_you_mean(b, game.components)) for b in bad])
    return [c for c in comps if c.id in only]


def _booklet(prep, resolver, comp, opts):
    """(Built, imposed pages) of one booklet in the resolver's language."""
    from pnp.render import booklet
    built = booklet.build(prep, resolver, comp, opts.paper)
    if opts.ink_saver:   # the same treatment as the pieces: light fills, dark text
        from pnp.render import ink
        for bp in built.pages:
            if bp.face is not None:
                bp.face = ink.face(bp.face)
                bp.places = [(ink.face(f), x, y, s) for f, x, y, s in bp.places]
    title = str(resolver.ctx.game["components"][comp.id]["title"])
    return built, booklet.impose(built, opts.paper, opts.booklet, opts.duplex, title)


def _write_booklet(writer, book, comp, title, opts) -> dict:
    from pnp.render import booklet
    built, pages = book
    n = len(booklet.padded(built.pages, 4)) if opts.booklet == "saddle" else len(built.pages)
    marks: dict = {}
    for t, number in built.sections:
        marks.setdefault(booklet.sheet_of(number, n, opts.booklet), []).append(t)
    for i, page in enumerate(pages):
        writer.page(page, bookmark=title if i == 0 else None, sub=marks.get(i, ()))
    pw, ph = built.size
    return {"name": comp.id, "title": title, "kind": "booklet", "faces": len(pages), "items": n,
            "pages": n, "imposition": opts.booklet, "sections": [{"title": t, "page": p} for t, p in built.sections],
            "trim_mm": [round(mm(pw), 2), round(mm(ph), 2)], "bleed_mm": 0.0}


def _write_cover(writer, game, lang, opts, paper, planned, fonts, title):
    """The cover page (pnp.render.cover), and a blank page after it when duplex needs one."""
    from pnp.render import cover
    has_backs = any(p.side == "back" for _c, _t, pages in planned for p in pages)
    n = 1 + (1 if cover.blank_needed(opts.duplex) and has_backs else 0)
    entries = []
    for comp, ctitle, pages in planned:
        if pages:
            outline = any(s.outline for p in pages for s in p.slots)
            entries.append(cover.Entry(ctitle, comp.kind, n + 1, n + len(pages), {p.side for p in pages}, comp.total, outline))
            n += len(pages)
    meta = game.meta
    info = {"title": str(title), "subtitle": game.text(meta.get("subtitle"), lang) if meta.get("subtitle") else "",
            "players": meta.get("players"), "version": meta.get("version"), "author": meta.get("author"),
            "licence": meta.get("licence"), "url": meta.get("url"), "lang": lang, "duplex": opts.duplex,
            "paper_name": {"a4": "A4", "letter": "US Letter"}.get(opts.paper, opts.paper),
            "back_offset_mm": tuple(round(mm(v), 2) for v in opts.back_offset), "ink_saver": opts.ink_saver}
    if game.credits:
        info["credits"] = [x for x in credits_text.lines(game, lang, str(title))
                           if x != credits_text.notice(game.credits, str(title), lang)]
        info["notice"] = credits_text.notice(game.credits, str(title), lang)
    code = qr.matrix(str(meta["url"])) if meta.get("url") else None
    pages = cover.pages(info, entries, paper, fonts, code)
    writer.page(pages[0], bookmark=str(title))
    for p in pages[1:]:
        writer.page(p)
