"""The report PDF: platypus flowables laid into frames on the PdfWriter's canvas, so card faces are the
very Form XObjects a build draws (`PdfWriter.form`), placed small on a contact sheet.
"""
from __future__ import annotations

import re
from xml.sax.saxutils import escape

from reportlab.lib.colors import HexColor
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import Flowable, Frame, KeepTogether, Paragraph, Spacer, Table, TableStyle

from pnp.core.units import MM
from pnp.core.papers import paper_size

MARGIN = 15 * MM
OK, FAIL, WARN, MUTED = "#1b7f3b", "#b3261e", "#a05a00", "#555555"
_CJK = re.compile(r"[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]")


class Styles:
    def __init__(self, font: str):
        self.font = font
        base = ParagraphStyle("body", fontName=font, fontSize=9, leading=12.5)
        self.body = base
        self.h1 = ParagraphStyle("h1", base, fontSize=20, leading=25, spaceAfter=4)
        self.h2 = ParagraphStyle("h2", base, fontSize=14, leading=18, spaceBefore=10, spaceAfter=6)
        self.h3 = ParagraphStyle("h3", base, fontSize=11, leading=14, spaceBefore=6, spaceAfter=4)
        self.small = ParagraphStyle("small", base, fontSize=7.5, leading=9.5, textColor=HexColor(MUTED))
        self.cell = ParagraphStyle("cell", base, fontSize=8.5, leading=11)
        self.mono = ParagraphStyle("mono", base, fontSize=8, leading=10.5)

    def p(self, text: str, style=None, markup: bool = False) -> Paragraph:
        style = style or self.body
        if _CJK.search(text):
            style = ParagraphStyle(style.name + "-cjk", style, wordWrap="CJK")
        return Paragraph(text if markup else escape(text), style)


class Heading(Flowable):
    """A heading that also adds an entry to the PDF outline (bookmarks)."""
    _n = 0

    def __init__(self, text: str, style, level: int = 0):
        super().__init__()
        self.para, self.text, self.level = Paragraph(escape(text), style), text, level
        Heading._n += 1
        self.key = f"h{Heading._n}"

    def wrap(self, aw, ah):
        self.w, self.h = self.para.wrap(aw, ah)
        return self.w, self.h

    def getSpaceBefore(self):
        return self.para.getSpaceBefore()

    def getSpaceAfter(self):
        return self.para.getSpaceAfter()

    def draw(self):
        self.canv.bookmarkPage(self.key, fit="XYZ", top=self.canv._currentMatrix[5] + self.h)
        self.canv.addOutlineEntry(self.text, self.key, level=self.level)
        self.para.drawOn(self.canv, 0, 0)


class ChartFlowable(Flowable):
    """A chart, scaled down to the width of the page's frame (and its height, `page_h`) on a small paper."""
    page_h = float("inf")

    def __init__(self, drawing):
        super().__init__()
        self.d = drawing
        self.scale = 1.0

    def wrap(self, aw, ah):
        self.scale = min(1.0, aw / self.d.width if self.d.width else 1.0, self.page_h / self.d.height if self.d.height else 1.0)
        return self.d.width * self.scale, self.d.height * self.scale

    def draw(self):
        from reportlab.graphics import renderPDF
        self.canv.scale(self.scale, self.scale)
        renderPDF.draw(self.d, self.canv, 0, 0)


class ContactSheet(Flowable):
    """Thumbnails of faces in a grid: each the face's own form, scaled, clipped to its trim box,
    outlined, and labelled (`id`, `×copies`, `back`). Splits across pages row by row."""

    def __init__(self, writer, thumbs, font: str, max_w: float, max_h: float):
        super().__init__()
        self.writer, self.thumbs, self.font = writer, list(thumbs), font
        self.max_w, self.max_h = max_w, max_h
        self.label_h = 18

    def _grid(self, aw):
        f = self.thumbs[0][0]
        s = min(self.max_w / f.w, self.max_h / f.h, 1.0)
        for face, _l in self.thumbs:
            s = min(s, self.max_w / face.w, self.max_h / face.h)
        cw = max(max(f.w * s for f, _l in self.thumbs) + 6, 60)   # room for the label of a small piece
        ch = max(f.h * s for f, _l in self.thumbs) + self.label_h
        cols = max(1, int(aw // cw))
        return s, cw, ch, cols

    def wrap(self, aw, ah):
        self.aw = aw
        s, cw, ch, cols = self._grid(aw)
        rows = -(-len(self.thumbs) // cols)
        return aw, rows * ch

    def split(self, aw, ah):
        s, cw, ch, cols = self._grid(aw)
        rows = int(ah // ch)
        if rows < 1:
            return []
        n = rows * cols
        if n >= len(self.thumbs):
            return [self]
        return [ContactSheet(self.writer, self.thumbs[:n], self.font, self.max_w, self.max_h),
                ContactSheet(self.writer, self.thumbs[n:], self.font, self.max_w, self.max_h)]

    def draw(self):
        c = self.canv
        s, cw, ch, cols = self._grid(self.aw)
        rows = -(-len(self.thumbs) // cols)
        for i, (face, label) in enumerate(self.thumbs):
            col, row = i % cols, i // cols
            x = col * cw + (cw - face.w * s) / 2
            y = (rows - row) * ch - face.h * s - 2
            name = self.writer.form(face)
            c.saveState()
            p = c.beginPath()
            p.rect(x, y, face.w * s, face.h * s)
            c.clipPath(p, stroke=0, fill=0)
            c.translate(x, y)
            c.scale(s, s)
            c.doForm(name)
            c.restoreState()
            c.saveState()
            c.setLineWidth(0.3)
            c.setStrokeColor(HexColor("#999999"))
            c.rect(x, y, face.w * s, face.h * s, stroke=1, fill=0)
            c.setFillColor(HexColor("#333333"))
            c.setFont(self.font, 6)
            c.drawCentredString(col * cw + cw / 2, y - 7, _clip(label, self.font, 6, cw - 2))
            c.restoreState()


def _clip(text, font, size, width):
    from reportlab.pdfbase.pdfmetrics import stringWidth
    while text and stringWidth(text, font, size) > width:
        text = text[:-1]
    return text


def table(rows, widths, styles: Styles, header=True, colours=()) -> Table:
    data = [[c if isinstance(c, Flowable) else styles.p(str(c), styles.cell) for c in r] for r in rows]
    t = Table(data, colWidths=widths, repeatRows=1 if header else 0, hAlign="LEFT")
    cmds = [("VALIGN", (0, 0), (-1, -1), "TOP"), ("FONTNAME", (0, 0), (-1, -1), styles.font),  # no Helvetica
            ("LINEBELOW", (0, 0), (-1, -1), 0.25, HexColor("#cccccc")),
            ("TOPPADDING", (0, 0), (-1, -1), 2), ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]
    if header:
        cmds += [("BACKGROUND", (0, 0), (-1, 0), HexColor("#eeeeee")),
                 ("LINEBELOW", (0, 0), (-1, 0), 0.6, HexColor("#888888"))]
    cmds += list(colours)
    t.setStyle(TableStyle(cmds))
    return t


def _room_for(frame, canv, heading, nxt) -> bool:
    aw = frame._getAvailableWidth()
    left = frame._y - frame._y1p
    _w, hh = heading.wrap(aw, left)
    _w, nh = nxt.wrap(aw, frame._aH)
    if isinstance(nxt, (Paragraph, ContactSheet, Table)):
        nh = min(nh, 40 * MM)   # these split: the first rows are enough
    return hh + heading.getSpaceBefore() + heading.getSpaceAfter() + nh <= left


def _charts(items):
    for f in items:
        if isinstance(f, ChartFlowable):
            yield f
        elif isinstance(f, KeepTogether):
            yield from _charts(f._content)


class TooSmall(ValueError):
    """A paper too small for a part of the report."""


WHAT = {"ChartFlowable": "a chart", "ContactSheet": "a face of the contact sheet", "Table": "a table"}


def render(writer, story, font: str, footer: str, paper: str = "a4"):
    """Lay the story into pages of the writer's canvas (with a footer and page numbers)."""
    c = writer.c
    w, h = paper_size(paper)
    story = list(story)
    for chart in _charts(story):   # a chart higher than a page is scaled down (with room for its heading)
        chart.page_h = 0.8 * (h - 2 * MARGIN - 6 * MM)
    page = 0
    while story:
        page += 1
        c.setPageSize((w, h))
        frame = Frame(MARGIN, MARGIN + 6 * MM, w - 2 * MARGIN, h - 2 * MARGIN - 6 * MM,
                      leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0, showBoundary=0)
        placed = 0
        while story:
            head = story[0]
            if isinstance(head, Heading) and not frame._atTop and len(story) > 1 \
                    and not _room_for(frame, c, head, story[1]):
                break   # keep a heading with what follows it
            if frame.add(head, c, trySplit=0):
                story.pop(0)
                placed += 1
                continue
            parts = frame.split(head, c)
            if len(parts) > 1 and frame.add(parts[0], c, trySplit=0):
                story[0:1] = parts[1:]
                placed += 1
            break
        if not placed:  # nothing fits even on an empty page: the paper is too small for it
            raise TooSmall(f"`{paper}` is too small for the report ({WHAT.get(type(story[0]).__name__, 'a part')} "
                           "does not fit on a page)")
        c.saveState()
        c.setFont(font, 7.5)
        c.setFillColor(HexColor(MUTED))
        c.drawString(MARGIN, MARGIN, footer)
        c.drawRightString(w - MARGIN, MARGIN, f"{page}")
        c.restoreState()
        c.showPage()
        writer.pages += 1
    return page


__all__ = ["Styles", "Heading", "ChartFlowable", "ContactSheet", "KeepTogether", "Spacer", "table", "render",
           "OK", "FAIL", "WARN", "MUTED"]
