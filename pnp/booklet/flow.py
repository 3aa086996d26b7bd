"""Flowing a booklet's blocks into pages: paragraphs through the text engine (CJK line breaking,
**bold**, :icons:), lists, tables whose rows never split, boxed notes, pictures of pieces, and
headings that never sit alone at the bottom of a page.

Blocks become `Unit`s (one line of a paragraph, one table row, one row of pictures …), each with its
pieces at a local origin (top-left, y down); the paginator stacks units into frames, moving a unit
together with the units it must keep with. Tables are laid out in `table.py`, and `Unit` lives in
`unit.py` (both shared with this module without a cycle). Nothing here knows about games.
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field

from pnp.core.pieces import Run, Shape
from pnp.core.units import MM
from pnp.text import fit as textlay
from pnp.text.atoms import is_cjk
from pnp.text.spans import ITALIC
from pnp.booklet.moved import _shift_op, rect, shift  # noqa: F401  (pieces moved onto a page)
from pnp.booklet import table
from pnp.booklet.unit import Unit


@dataclass(frozen=True)
class Style:
    font: str = "sans"
    size: float = 9.5
    leading: float = 1.4
    color: str = "#222222"
    bold: bool = False
    before: float = 0.0       # space above (pt)
    after: float = 0.0        # space below (pt)
    fill: str | None = None   # notes and table headers: background; headings: a rule under h1
    stroke: str | None = None
    pad: float = 2 * MM       # notes and table cells: inner padding


@dataclass
class PageContent:
    pieces: list = field(default_factory=list)
    places: list = field(default_factory=list)
    headings: list = field(default_factory=list)  # (level, text)
    opens: bool = False                            # a level-1 heading is the first thing on the page


class Flow:
    def __init__(self, fonts, icons, styles: dict, width: float, face_of, height: float = 1e9, memo=None, words=None):
        self.fonts, self.icons, self.st, self.w, self.face_of = fonts, icons, styles, width, face_of
        self.words = words or None   # the game's glossary (pnp.text.atoms.Words): never broken across lines
        self.memo = memo    # booklet_memo.Memo: lines laid out by an earlier build
        self.h = height     # the frame's height: a picture never grows taller than 3/4 of it
        self.too_big: list = []   # (line, what): text wider than its column, a unit taller than a page
        self._line = 0
        self._box = 0

    # ---- text ------------------------------------------------------------------------------------
    def lines(self, text: str, st: Style, x: float, w: float, align="left", balance=False) -> list[Unit]:
        """One unit per line of text laid out in width w (the first unit carries `before`). Running text
        is not balanced (a book's paragraph keeps its lines full); headings and captions are."""
        key = (text, repr(st), repr(x), repr(w), align, balance, self.words.words if self.words else ())   # reprs: -0.0
                                                                                            # is not 0.0 here
        got = self.memo.get(key) if self.memo is not None else None
        if got is not None:
            msg, rows = got
            if msg:
                self.too_big.append((self._line, msg))
            return [Unit(h, list(pieces), before=before, keep_next=keep) for h, pieces, before, keep in rows]
        units, msg = self._lines(text, st, x, w, align, balance)
        if msg:
            self.too_big.append((self._line, msg))
        if self.memo is not None:
            self.memo.put(key, (msg, tuple((u.h, tuple(u.pieces), u.before, u.keep_next) for u in units)))
        return units

    def _lines(self, text, st, x, w, align, balance):
        msg = None
        if align == "left" and _mostly_cjk(text):   # CJK running text fills its lines edge to edge, as a book's
            align = "justify"                       # does (a line short by a kept word spreads a little)
        if st.bold:
            text = "**" + text.replace("**", "") + "**"
        laid, _unknown = textlay.layout(text, self.fonts, st.font, st.size, (x, 0, w, 1e6), leading=st.leading,
                                        align=align, color=st.color, icon_names=self.icons, balance=balance,
                                        words=self.words)
        if laid.overflow > 0.5:
            msg = f"a word of `{text[:40]}` is {laid.overflow / MM:.1f} mm wider than its column"
        step = st.size * st.leading
        top = st.size * textlay.ASCENT
        units = [Unit(step) for _ in range(max(1, laid.lines))]
        for r in laid.runs:
            n = min(len(units) - 1, max(0, round((r.y - top) / step)))
            units[n].pieces.append(dataclasses.replace(r, y=r.y - n * step + (step - st.size) / 2))
        for name, ix, iy, s, color in laid.icons:
            n = min(len(units) - 1, max(0, round((iy + 0.8 * s - top) / step)))
            if name in self.icons:
                units[n].pieces.extend(self.icons[name].draw(ix, iy - n * step + (step - st.size) / 2, s, s, color))
        units[0].before = st.before
        if len(units) >= 2:       # no single first line at a page's foot, no single last line at a top
            units[0].keep_next = True
            units[-2].keep_next = True
        return units, msg

    def text_width(self, text: str, st: Style) -> tuple[float, float]:
        """(natural width on one line, width of the longest unbreakable piece)."""
        atoms, _ = textlay.tokens(("**" + text.replace("**", "") + "**") if st.bold else text, self.icons)
        widest, total = 0.0, 0.0
        for a in atoms:
            w = textlay._atom_width(a, self.fonts, st.font, st.size)
            widest = max(widest, w)
            total += w + len(a.space) * self.fonts.width(" ", st.font, st.size)
        return total, widest

    # ---- blocks ----------------------------------------------------------------------------------
    def units(self, blocks, x: float = 0.0, w: float | None = None) -> list[Unit]:
        w = self.w if w is None else w
        out: list[Unit] = []
        for b in blocks:
            k = b.kind
            self._line, first = b.line, len(out)
            if k == "heading":
                st = self.st[f"h{b.level}"]
                us = self.lines(b.text, st, x, w, balance=True)
                if b.level == 1 and st.stroke:
                    us[-1].pieces.append(Shape((("M", x, us[-1].h + 1), ("L", x + w, us[-1].h + 1)), stroke=st.stroke, width=0.6))
                    us[-1].h += 2
                for u in us:
                    u.keep_next = True
                us[0].heading = (b.level, b.text.replace(ITALIC, ""))   # the outline: no control character
                us[-1].h += st.after
                out += us
            elif k == "para":
                st = self.st["body"]
                us = self.lines(b.text, st, x, w)
                us[-1].h += st.after
                if b.text.rstrip().endswith((":", "：")):
                    us[-1].keep_next = True     # a paragraph that announces a list or table stays with it
                out += us
            elif k == "list":
                out += self._list(b, x, w)
            elif k == "table":
                out += self._table(b, x, w)
            elif k == "note":
                out += self._note(b, x, w)
            elif k == "pictures":
                out += self._pictures(b, x, w)
            elif k == "break":
                out.append(Unit(0.0, brk=True))
            for u in out[first:]:
                u.line = u.line or b.line
        return out

    def _list(self, b, x, w) -> list[Unit]:
        st = self.st["body"]
        ind = st.size * (2.2 if b.ordered else 1.4)
        out = []
        for i, item in enumerate(b.items):
            mark = f"{b.start + i}." if b.ordered else "•"
            icon = None if b.ordered else _icon_first(item, self.icons)
            if icon:      # an item opening with an icon (`- :physical: …`) takes it as its bullet: its
                name, rest = icon   # lines hang under the text, not under the icon
                item = [dataclasses.replace(item[0], text=rest)] + list(item[1:])
            us = self.units(item, x + ind, w - ind)
            if not us:
                continue
            first = next((u for u in us if u.pieces), us[0])
            base = next((p.y for p in first.pieces if isinstance(p, Run)), st.size)
            if icon:
                s = st.size
                first.pieces.extend(self.icons[name].draw(x + ind - s - st.size * 0.3, base - 0.8 * s, s, s, st.color))
            else:
                font = st.font if b.ordered or "sans" not in self.fonts.roles else "sans"
                mw = self.fonts.width(mark, font, st.size)
                first.pieces.append(Run(x + ind - mw - st.size * 0.4, base, mark, self.fonts.name(font), st.size,
                                        st.color))
            us[0].before = st.before * 0.4 if i else st.before
            us[-1].h -= st.after * 0.6 if us[-1].h > st.after else 0
            out += us
        if out:
            out[-1].h += st.after * 0.6
        if len(out) >= 2:
            out[-2].keep_next = True    # the last line of a list never alone at the top of a page
        return out

    def _note(self, b, x, w) -> list[Unit]:
        st = self.st["note"]
        pad = st.pad
        self._box += 1
        inner = self.units(b.items, x + pad + 1.5, w - 2 * pad - 1.5)
        if not inner:
            return []
        for u in inner:
            u.box = self._box
        inner[0].before = pad + st.before
        inner[-1].h += pad * 0.4
        if sum(u.before + u.h for u in inner) <= 0.5 * self.h:   # a boxed example is read whole: never split
            for u in inner[:-1]:                                  # one of up to half a page across pages
                u.keep_next = True
        inner.append(Unit(st.after + pad, box=None))
        return inner

    def _pictures(self, b, x, w) -> list[Unit]:
        cap = self.st["caption"]
        gap = 4 * MM
        faces = [(p, self.face_of(p)) for p in b.items]
        faces = [(p, f) for p, f in faces if f is not None]
        if not faces:
            return []
        widths = [(p.width_mm * MM if p.width_mm else f.w) for p, f in faces]
        total = sum(widths) + gap * (len(widths) - 1)
        k = min(1.0, w / total) if total else 1.0
        tallest = max(f.h * v / f.w for v, (_p, f) in zip(widths, faces))
        if tallest * k > 0.75 * self.h:
            k = 0.75 * self.h / tallest
        widths = [v * k for v in widths]
        scales = [v / f.w for v, (_p, f) in zip(widths, faces)]
        heights = [f.h * s for (_p, f), s in zip(faces, scales)]
        row_w = sum(widths) + gap * (len(widths) - 1)
        cx = x + (w - row_w) / 2
        top = max(heights)
        u = Unit(0.0, before=cap.before)
        cap_h = 0.0
        for (p, f), pw, s, ph in zip(faces, widths, scales, heights):
            y = top - ph    # bottoms aligned
            u.places.append((f, cx, y, s))
            if getattr(f, "shape", "") == "circle":   # framed round, as the piece is cut (a square frame
                u.pieces.append(Shape((("E", cx, y, pw, ph),), stroke="#9a9a9a", width=0.4))  # read as an octagon)
            else:
                u.pieces.append(rect(cx, y, pw, ph, stroke="#9a9a9a", width=0.4))
            if p.caption:
                cw = max(pw, min(w, 40 * MM)) if len(faces) == 1 else pw + gap * 0.8
                lines = self.lines(p.caption, cap, cx + pw / 2 - cw / 2, cw, align="center", balance=True)
                yy = top + 1.5 * MM
                for ln in lines:
                    u.pieces += shift(ln.pieces, 0, yy)
                    yy += ln.h
                cap_h = max(cap_h, yy - top)
            cx += pw + gap
        u.h = top + cap_h + cap.after
        return [u]

    def _table(self, b, x, w) -> list[Unit]:
        return table.units(self, b, x, w)

    # ---- pages -----------------------------------------------------------------------------------
    def paginate(self, units: list[Unit], frame_h: float) -> list[PageContent]:
        pages = [PageContent()]
        y = 0.0
        boxes: dict = {}
        note = self.st["note"]

        def close():
            for _bid, (y0, y1, bx) in sorted(boxes.items()):
                x0, x1 = bx
                pages[-1].pieces.insert(0, rect(x0, y0, x1 - x0, y1 - y0, fill=note.fill, stroke=note.stroke, width=0.6))
            boxes.clear()

        def place(u, at):
            if u.heading and u.heading[0] == 1 and not pages[-1].pieces and not pages[-1].places:
                pages[-1].opens = True
            pages[-1].pieces += shift(u.pieces, 0, at)
            pages[-1].places += [(f, fx, fy + at, s) for f, fx, fy, s in u.places]
            if u.heading:
                pages[-1].headings.append(u.heading)
            if u.box is not None:
                y0, _y1, bx = boxes.get(u.box, (at - note.pad, at, None))
                boxes[u.box] = (y0, at + u.h, bx or (self._note_x, self._note_x + self._note_w))

        self._note_x, self._note_w = 0.0, self.w
        i = 0
        while i < len(units):
            u = units[i]
            if u.brk:
                if y > 0:
                    close()
                    pages.append(PageContent())
                    y = 0.0
                i += 1
                continue
            if not u.pieces and not u.places and y + u.before + u.h > frame_h:
                i += 1          # space that does not fit at a page's foot is not carried to the next page
                continue
            if u.h > frame_h:
                self.too_big.append((u.line, f"a block {u.h / MM:.0f} mm tall does not fit on a page ({frame_h / MM:.0f} mm)"))
            j, need = i, (u.before if y > 0 else 0) + u.h
            # what must move with u, summed only as far as a page: a longer chain (thousands of headings in a
            # row all keep with the next) cannot be moved whole anyway, and summing it for every unit is quadratic
            while units[j].keep_next and j + 1 < len(units) and not units[j + 1].brk and need <= frame_h:
                j += 1
                need += units[j].before + units[j].h
            if y > 0 and y + need > frame_h and need <= frame_h:
                close()
                pages.append(PageContent())
                y = 0.0
            elif y > 0 and y + (u.before + u.h) > frame_h:
                close()
                pages.append(PageContent())
                y = 0.0
            if y == 0 and u.header is not None and u.header is not units[i - 1]:
                place(u.header, 0.0)
                y = u.header.h
            y += u.before if y > 0 else 0
            place(u, y)
            y += u.h
            i += 1
        close()
        while len(pages) > 1 and not pages[-1].pieces and not pages[-1].places:
            pages.pop()         # a `---` at the very end
        return pages


_ICON_FIRST = re.compile(r":([A-Za-z0-9_.-]+):[ \u00a0]*")


def _icon_first(item, icons):
    """(icon name, the rest of the text) of a list item whose first paragraph opens with a known icon and
    goes on with text; else None."""
    if not item or item[0].kind != "para":
        return None
    m = _ICON_FIRST.match(item[0].text)
    if not m or m.group(1) not in icons or not item[0].text[m.end():].strip():
        return None
    return m.group(1), item[0].text[m.end():]


def _mostly_cjk(text: str) -> bool:
    """Whether a paragraph is CJK running text (more CJK characters than Latin letters)."""
    cjk = sum(1 for ch in text if is_cjk(ch))
    return cjk > 0 and cjk >= sum(1 for ch in text if ch.isascii() and ch.isalpha())

