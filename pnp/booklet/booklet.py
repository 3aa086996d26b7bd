"""A rules booklet (`kind: booklet`): its markdown flowed into pages half the size of the paper, with a
generated title page and contents, running headers and page numbers from the booklet layouts, and
imposed either as a saddle-stitched booklet (2 pages a side on landscape sheets, in fold-and-staple
order) or as plain pages for reading on screen.

Pictures of pieces are the very faces a build prints (resolved by the same Resolver from the same
layouts), placed as forms, scaled. Nothing here knows about particular games.
"""
from __future__ import annotations

import re

import dataclasses
from dataclasses import dataclass, field

from pnp.core.errors import Problem, Problems, did_you_mean, display_path
from pnp.core.pieces import Face
from pnp.resolve.face import Skip
from pnp.core.units import MM, UnitError, at_dpi, length, mm
from pnp.booklet import flow as bf
from pnp.content import credits_text
from pnp.booklet.md import Source
from pnp.impose.grid import Page, Slot
from pnp.impose.page import paper_name, paper_size
from pnp.booklet.paper import PAGE, mode_on, page_size, shared_measure, two_up  # noqa: F401  (the page on each paper)

MIN_FRAME = 30 * MM       # the text area left inside the margins: less is no booklet page
MODES = ("saddle", "none")
STYLE_KEYS = {"type", "font", "size", "leading", "color", "bold", "before", "after", "fill", "stroke", "pad",
              "top", "bottom", "inner", "outer", "notes"}
STYLES = ("body", "h1", "h2", "h3", "note", "table", "table_head", "caption", "toc")
CONTENTS = {"en": "Contents", "zh-TW": "目錄"}


@dataclass
class BookPage:
    face: Face | None              # None: a blank page
    places: list = field(default_factory=list)   # (face, x, y from the page top, scale)
    number: int = 0


@dataclass
class Built:
    pages: list                    # BookPage, numbered from 1
    sections: list                 # (title, page number) of every `#` heading
    size: tuple                    # page w, h in points


def _styles(layout, resolver):
    out, margin, problems = {}, {"top": 17 * MM, "bottom": 17 * MM, "inner": 16 * MM, "outer": 13 * MM}, []
    before = set(resolver.problems)   # a card's problem found earlier must not stop the booklet's own
    for el in layout.elements:
        if el.attrs.get("type") != "style":
            continue
        for k in el.attrs:
            if k not in STYLE_KEYS:
                problems.append(Problem(el.at.get(k, el.pos), f"unknown key `{k}` in the booklet style `{el.name}`",
                                        did_you_mean(k, STYLE_KEYS)))
        a = el.attrs
        try:
            if el.name == "margin":
                margin.update({k: length(a[k]) for k in ("top", "bottom", "inner", "outer") if k in a})
                continue
            kw = {}
            for k in ("size", "leading"):
                if k in a:
                    kw[k] = float(a[k])
            for k in ("before", "after", "pad"):
                if k in a:
                    kw[k] = length(a[k])
            if "font" in a:
                kw["font"] = str(a["font"])
                if kw["font"] not in resolver.fonts.roles:
                    problems.append(Problem(el.at["font"], f"unknown font `{kw['font']}` in the booklet style `{el.name}`",
                                            did_you_mean(kw["font"], resolver.fonts.roles)))
                    kw.pop("font")
            if "bold" in a:
                kw["bold"] = bool(a["bold"])
            for k in ("color", "fill", "stroke"):
                if k in a:
                    try:
                        kw[k] = resolver.color(a[k], el.at.get(k, el.pos), el.name)
                    except Skip:
                        pass
        except (ValueError, TypeError, UnitError) as e:  # a bad value is the layout's to fix
            problems.append(Problem(el.pos, f"the booklet style `{el.name}` has a bad value ({e})",
                                    "sizes and leading are numbers, spaces lengths such as `2mm`"))
            continue
        out[el.name] = bf.Style(**kw)
    problems += [p for p in resolver.problems if p not in before]
    if problems:
        raise Problems(problems)
    for name in STYLES:
        out.setdefault(name, out.get("body", bf.Style()))
    return out, margin


def build(prep, resolver, comp, paper: str) -> Built:
    """Every page of one booklet in the resolver's language, numbered, without imposition."""
    game, lang = prep.game, resolver.lang
    pw, ph = page_size(paper)
    decl = game.meta["components"][comp.id]
    layout = prep.layouts.get(comp.front, decl.at("front") if "front" in decl else comp.pos)
    with at_dpi(layout.dpi):   # `px` in the styles at the booklet layout's dpi
        styles, margin = _styles(layout, resolver)
    margin = shared_measure(margin, paper)   # as wide a text on A4 and Letter: the same lines on both
    g = resolver.ctx.game
    base = resolver.ctx.base()
    path = comp.files[lang]
    src = Source(path, display_path(path), game, prep.icons)
    text = src.render(dict(base))
    blocks = src.parse(text) if text is not None else []
    _glyphs(blocks, styles, prep.fonts, src)
    if src.problems:
        raise Problems(src.problems)
    fw = pw - margin["inner"] - margin["outer"]
    fh = ph - margin["top"] - margin["bottom"]
    if fw < MIN_FRAME or fh < MIN_FRAME:
        raise Problems([Problem(comp.pos, f"the booklet `{comp.id}` would have pages of {mm(pw):.0f} x {mm(ph):.0f} mm "
                                f"on {paper_name(paper)} paper, leaving {mm(fw):.0f} x {mm(fh):.0f} mm for text inside "
                                f"its margins (at least {mm(MIN_FRAME):.0f} x {mm(MIN_FRAME):.0f} mm needed)",
                                "print on a larger paper (a booklet page is half the sheet), or build without it "
                                "(`--only` the other components)")])

    from pnp.layout.choice import Faces
    chooser: dict = {}

    def face_of(pic):
        c = game.components[pic.component]
        idx = next(i for i, it in enumerate(c.items) if it.id == pic.card)
        item = c.items[idx]
        side = "back" if pic.back else "front"
        faces = chooser.get(c.id) or chooser.setdefault(c.id, Faces(prep, c, resolver))
        default = faces.back if pic.back else faces.front
        lay = faces.side(item, side) or default   # the card's own choice
        got = resolver.pictured.get((c.id, idx, side))
        if got is None:   # the first copy's face, as the build makes it: the build takes it from here
            ctx = resolver.ctx.face(c, idx, 0)
            ctx["geometry"] = prep.layouts.geometry
            got = resolver.pictured[c.id, idx, side] = resolver.face(lay, ctx, item.id, item.pos, f"{c.id}/{item.id}.{side}")
        return got

    from pnp.booklet import memo as booklet_memo
    memo = booklet_memo.for_booklet(f"{path}\0{lang}\0{paper}", prep.fonts, prep.icons)
    flow = bf.Flow(prep.fonts, prep.icons, styles, fw, face_of, fh, memo, words=resolver.words)
    body = flow.paginate(flow.units(blocks), fh)
    title = str(g["title"])
    name = str(g["components"][comp.id]["title"])
    h1s = [(t, i) for i, p in enumerate(body) for lvl, t in p.headings if lvl == 1]

    def toc(first_body: int):
        label = CONTENTS.get(lang) or CONTENTS.get(lang.split("-")[0], CONTENTS["en"])
        st = styles["toc"]
        units = flow.lines(label, dataclasses.replace(styles["h1"], stroke=None), 0, fw)
        units[-1].h += 4 * MM
        for t, i in h1s:
            units += _toc_line(flow, st, t, str(first_body + i), fw)
        return flow.paginate(units, fh)

    first = toc(3) if h1s else []     # laid out once with body pages numbered from 3, to count its pages
    n_toc = len(first)
    contents = first if n_toc == 1 else toc(2 + n_toc) if h1s else []   # one page: the numbers were right
    pages = [BookPage(_title_face(prep, resolver, comp, layout, (pw, ph), base, title, name), number=1)]
    for i, pc in enumerate(contents):
        pages.append(_page(pc, resolver, layout, (pw, ph), margin, base, 2 + i, title, name, "", deco=False))
    section = ""
    sections = []
    for i, pc in enumerate(body):
        number = 2 + n_toc + i
        firsts = [t for lvl, t in pc.headings if lvl == 1]
        sections += [(t, number) for t in firsts]
        pages.append(_page(pc, resolver, layout, (pw, ph), margin, base, number, title, name,
                           running_head(firsts, getattr(pc, "opens", False), section)))
        section = firsts[-1] if firsts else section
    if memo is not None:
        memo.save()
    for line, what in dict.fromkeys(flow.too_big):
        src.problem(line, what, "break the text or the table row into smaller pieces")
    if resolver.problems or src.problems:
        raise Problems(list(resolver.problems) + src.problems)
    return Built(pages, sections, (pw, ph))


def _texts(blocks, styles):
    """(text, font role) of every block, nested ones included, in reading order."""
    for b in blocks:
        if b.kind == "heading":
            yield b.text, styles[f"h{b.level}"].font
        elif b.kind == "para":
            yield b.text, styles["body"].font
        elif b.kind == "table":
            yield from ((c, styles["table_head"].font) for c in b.head)
            yield from ((c, styles["table"].font) for r in b.rows for c in r)
        elif b.kind == "pictures":
            yield from ((p.caption, styles["caption"].font) for p in b.items)
        elif b.kind == "note":
            yield from _texts(b.items, styles)
        elif b.kind == "list":
            for item in b.items:
                yield from _texts(item, styles)


def _glyphs(blocks, styles, fonts, src, role=None, seen=None):
    """A character the style's font lacks is an error, never a blank box: one problem per font,
    at the first line that needs it, naming the first characters (a whole booklet in a font without
    CJK would otherwise give a problem per paragraph)."""
    from pnp.text.fit import missing_glyphs
    top = seen is None
    if top and role is None:
        # the usual case, every glyph present, checked once per font on all its texts at once: a text's
        # markup never reaches across the new line between texts, so nothing is missing from the whole
        # unless it is missing from one text (then the check below finds where)
        by_font: dict = {}
        for t, font in _texts(blocks, styles):
            by_font.setdefault(font, []).append(t)
        if not any(missing_glyphs("\n".join(ts), fonts, font) for font, ts in by_font.items()):
            return
    seen = {} if seen is None else seen          # font → (first line, missing characters)
    for b in blocks:
        texts = []
        if b.kind == "heading":
            texts = [(b.text, styles[f"h{b.level}"].font)]
        elif b.kind == "para":
            texts = [(b.text, role or styles["body"].font)]
        elif b.kind == "table":
            texts = [(c, styles["table_head"].font) for c in b.head]
            texts += [(c, styles["table"].font) for r in b.rows for c in r]
        elif b.kind == "pictures":
            texts = [(p.caption, styles["caption"].font) for p in b.items]
        elif b.kind == "note":
            _glyphs(b.items, styles, fonts, src, role, seen)
        elif b.kind == "list":
            for item in b.items:
                _glyphs(item, styles, fonts, src, role, seen)
        for t, font in texts:
            missing = missing_glyphs(t, fonts, font)
            if missing:
                line, chars = seen.setdefault(font, (b.line, set()))
                chars |= missing
    if top:
        for font, (line, chars) in seen.items():
            first = sorted(chars)[:12]
            more = f" and {len(chars) - len(first)} more" if len(chars) > len(first) else ""
            src.problem(line, f"the font `{font}` has no glyph for "
                        + " ".join(f"`{c}` (U+{ord(c):04X})" for c in first) + more,
                        "replace the characters, or restyle the booklet with a font that has them")


def _toc_line(flow, st, text, number, fw):
    nw = flow.fonts.width(number, st.font, st.size)
    units = flow.lines(text, st, 0, fw - nw - 8 * MM)
    last = units[-1]
    base = next((p.y for p in last.pieces if hasattr(p, "text")), st.size)
    from reportlab.pdfbase.pdfmetrics import stringWidth
    ends = [p.x + stringWidth(p.text, p.font, p.size) for p in last.pieces if hasattr(p, "text")]
    from pnp.core.pieces import Run, Shape
    last.pieces.append(Run(fw - nw, base, number, flow.fonts.name(st.font), st.size, st.color, True))
    x0, x1 = (max(ends) if ends else 0) + 2, fw - nw - 2
    if x1 > x0:
        last.pieces.append(Shape((("M", x0, base), ("L", x1, base)), stroke="#9a9a9a", width=0.6, dash=(0.6, 2.2)))
    return units


def running_head(firsts: list, opens: bool, carried: str) -> str:
    """The section a page's running head names: the one its text starts in — carried over from the page
    before, unless the page opens with a heading (a page that ends Setup and starts Components is a Setup
    page: the tenth reads found heads naming a section that began at the foot of the page)."""
    if firsts and (opens or not carried):
        return firsts[0]
    return carried


def _ctx(base, pw, ph, number, title, name, section, margin=None):
    page = {"number": number, "w": round(mm(pw), 2), "h": round(mm(ph), 2), "odd": number % 2 == 1,
            "section": section, "title": name, "game": title}
    if margin:   # the text frame's sides (mm): where a running head or folio lines up with the text
        page.update(inner=round(mm(margin["inner"]), 2), outer=round(mm(margin["outer"]), 2))
    return dict(base, page=page)


def _page(pc, resolver, layout, size, margin, base, number, title, name, section, deco=True):
    pw, ph = size
    fx = margin["inner"] if number % 2 else margin["outer"]
    fy = margin["top"]
    pieces = []
    if deco:
        drawn = dataclasses.replace(layout, w=pw, h=ph, elements=tuple(e for e in layout.elements
                                                                        if e.attrs.get("type") != "style"))
        f = resolver.face(drawn, _ctx(base, pw, ph, number, title, name, section, margin), name, layout.pos,
                           f"page {number}")
        pieces += list(f.pieces)
    pieces += bf.shift(pc.pieces, fx, fy)
    places = [(f, fx + x, fy + y, s) for f, x, y, s in pc.places]
    return BookPage(Face(pw, ph, 0.0, tuple(pieces), name=f"booklet/page-{number}"), places, number)


def _title_face(prep, resolver, comp, layout, size, base, title, name):
    pw, ph = size
    cand = f"{comp.front}-title"
    tname = cand if prep.layouts.has(cand) else "common/booklet-title"
    tl = prep.layouts.get(tname, layout.pos)
    game, lang = prep.game, resolver.lang
    meta = game.meta
    facts = []
    if meta.get("players"):
        players = re.sub(r"(?<=\d)-(?=\d)", "–", str(meta["players"]))   # 3–6, as on the cover
        facts.append(f"{players} {'人' if lang.startswith('zh') else 'players'}")
    if meta.get("version"):
        facts.append(f"{'版本' if lang.startswith('zh') else 'version'} {meta['version']}")
    sub = game.text(meta.get("subtitle"), lang) if meta.get("subtitle") else ""
    credits = credits_text.lines(game, lang, title)
    notice = credits_text.notice(game.credits or {}, title, lang)
    if not credits and meta.get("author"):
        credits = [("作者：" if lang.startswith("zh") else "by ") + str(meta["author"])]
    if meta.get("licence"):
        credits.append(("授權：" if lang.startswith("zh") else "Licence: ") + str(meta["licence"]))
    booklet = {"title": title, "name": name, "subtitle": sub or "", "facts": ("‧" if lang.startswith("zh") else " · ").join(facts),   # zh: the 間隔號 ‧ (U+2027, full width in both built-in faces; U+00B7 is half width in the serif), unspaced
               "credits": [c for c in credits if c != notice], "notice": notice}
    ctx = dict(_ctx(base, pw, ph, 1, title, name, ""), booklet=booklet)
    drawn = dataclasses.replace(tl, w=pw, h=ph)
    return resolver.face(drawn, ctx, comp.id, comp.pos, "booklet/title")


# ---- imposition ------------------------------------------------------------------------------------
def padded(pages: list, multiple: int) -> list:
    out = list(pages)
    while len(out) % multiple:
        out.append(BookPage(None, number=len(out) + 1))
    return out


def _slots(bp: BookPage, ox, oy, size, rotate: bool) -> list:
    pw, ph = size
    if bp.face is None:
        return []
    raw = [(bp.face, ox, oy, 1.0, False)]
    for f, x, y, s in bp.places:   # a round piece's picture is cut round, as the piece is
        raw.append((f, ox + x, oy + ph - y - f.h * s, s, getattr(f, "shape", "") == "circle"))
    out = []
    for f, x, y, s, rnd in raw:
        w, h = f.w * s, f.h * s
        if rotate:  # turned half a turn about the page's centre
            X, Y = 2 * ox + pw - x, 2 * oy + ph - y
            out.append(Slot(f, X, Y, (X - w, Y - h, X, Y), matrix=(-s, 0, 0, -s), round=rnd))
        else:
            out.append(Slot(f, x, y, (x, y, x + w, y + h), matrix=None if s == 1.0 else (s, 0, 0, s), round=rnd))
    return out


def saddle_order(n: int) -> list:
    """[(front left, front right, back left, back right)] page numbers per sheet, n a multiple of 4."""
    return [(n - 2 * i, 2 * i + 1, 2 * i + 2, n - 2 * i - 1) for i in range(n // 4)]


def impose(built: Built, paper: str, mode: str, duplex: str, title: str) -> list:
    """Pages to print: saddle-stitch sheets (backs turned for long-edge duplex) or plain pages."""
    size = built.size
    pw, ph = size
    if mode_on(paper, mode) == "none":
        pages = padded(built.pages, 2 if duplex in ("long", "short") else 1)
        return [Page(pw, ph, slots=_slots(bp, 0, 0, size, False), side="booklet", title=title) for bp in pages]
    pages = padded(built.pages, 4)
    sw, sh = max(paper_size(paper)), min(paper_size(paper))      # landscape
    ox_l, ox_r, oy = sw / 2 - pw, sw / 2, (sh - ph) / 2
    turn = duplex == "long"   # flipped on the long edge, a landscape sheet's back comes out upside down
    out = []
    tick0, tick1 = 5.5 * MM, 9.5 * MM     # fold marks inside the 5 mm a home printer leaves blank
    for fl, fr, bl, br in saddle_order(len(pages)):
        front = Page(sw, sh, side="front", title=title)
        front.slots = _slots(pages[fl - 1], ox_l, oy, size, False) + _slots(pages[fr - 1], ox_r, oy, size, False)
        front.marks = [((sw / 2, tick0), (sw / 2, tick1)), ((sw / 2, sh - tick1), (sw / 2, sh - tick0))]   # fold
        back = Page(sw, sh, side="back", title=title)
        if turn:  # the right-hand page of the turned sheet is drawn on the left, rotated
            back.slots = _slots(pages[br - 1], ox_l, oy, size, True) + _slots(pages[bl - 1], ox_r, oy, size, True)
        else:
            back.slots = _slots(pages[bl - 1], ox_l, oy, size, False) + _slots(pages[br - 1], ox_r, oy, size, False)
        out += [front, back]
    return out


def sheet_of(number: int, n: int, mode: str, first: int = 0) -> int:
    """The index of the printed page that shows booklet page `number` (for bookmarks)."""
    if mode == "none":
        return number - 1
    for i, (fl, fr, bl, br) in enumerate(saddle_order(n)):
        if number in (fl, fr):
            return 2 * i
        if number in (bl, br):
            return 2 * i + 1
    return 0
