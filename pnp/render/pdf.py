"""Draw planned pages into a PDF with reportlab.

Each distinct face becomes a Form XObject drawn once and placed wherever it is used (shared backs,
copies, art), clipped to the area its bleed may cover. Die-line roles get one uniform style.
"""
from __future__ import annotations

import hashlib

from reportlab.lib.colors import HexColor
from reportlab.pdfgen import canvas as rl_canvas

from pnp.layout.pieces import Image, Run, Shape
from pnp.layout.units import MM

ROLE_STYLE = {  # stroke colour, width (pt), dash
    "cut": ("#000000", 0.6, None),
    "fold": ("#555555", 0.5, (3, 2)),
    "glue": ("#777777", 0.4, (1, 1.5)),
    "window": ("#000000", 0.6, None),
}
MARK_WIDTH = 0.3


def _color(c):
    return HexColor(c)


class PdfWriter:
    def __init__(self, path: str, font_name: str, meta: dict):
        self.c = rl_canvas.Canvas(path, invariant=1, initialFontName=font_name, initialFontSize=10,
                                  pageCompression=1)
        self.font = font_name
        c = self.c
        c.setTitle(meta.get("title", ""))
        c.setAuthor(meta.get("author", ""))
        c.setSubject(meta.get("subject", ""))
        c.setKeywords(meta.get("keywords", ""))
        c.setCreator(meta.get("creator", "pnp"))
        c.setProducer(meta.get("creator", "pnp"))
        self.forms: dict = {}
        self.pages = 0
        self.outline: list = []

    # ---- faces as forms -------------------------------------------------------------------------
    def form(self, face) -> str:
        """The name of the Form XObject drawing `face` (defined on first use), for `canvas.doForm`.
        The form's origin is the trim box's bottom-left corner; it paints into the bleed."""
        return self._form(face)

    def _form(self, face) -> str:
        key = hashlib.sha1(repr((face.w, face.h, face.bleed, face.pieces)).encode()).hexdigest()[:16]
        name = self.forms.get(key)
        if name:
            return name
        name = f"F{len(self.forms)}"
        c = self.c
        b = face.bleed
        c.beginForm(name, lowerx=-b, lowery=-b, upperx=face.w + b, uppery=face.h + b)
        for piece in face.pieces:
            draw_piece(c, piece, face.h)
        c.endForm()
        self.forms[key] = name
        return name

    def page(self, page, bookmark: str | None = None):
        c = self.c
        c.setPageSize((page.w, page.h))
        if page.trim:
            c.setTrimBox(page.trim)
            c.setBleedBox(page.bleed or page.trim)
        else:
            c.setTrimBox(None)
            c.setBleedBox(None)
        names = [self._form(s.face) for s in page.slots]
        for slot, name in zip(page.slots, names):
            c.saveState()
            x0, y0, x1, y1 = slot.clip
            p = c.beginPath()
            p.rect(x0, y0, x1 - x0, y1 - y0)
            c.clipPath(p, stroke=0, fill=0)
            if slot.offset is None:
                c.translate(slot.x, slot.y)
            else:  # a tile: the face's point (ox, oy) (top-left origin) goes to the tile's top-left corner
                ox, oy = slot.offset
                c.translate(slot.x - ox, slot.y + (y1 - y0) - slot.face.h + oy)
            c.doForm(name)
            c.restoreState()
            if slot.outline:
                _outline(c, slot)
        c.setLineWidth(MARK_WIDTH)
        c.setStrokeColor(_color("#000000"))
        c.setDash()
        for (a, b) in page.marks:
            c.line(a[0], a[1], b[0], b[1])
        if page.folds:
            c.setStrokeColor(_color("#555555"))
            c.setDash(3, 2)
            for (a, b) in page.folds:
                c.line(a[0], a[1], b[0], b[1])
            c.setDash()
        for x, y, text in page.labels:
            c.setFont(self.font, 6)
            c.setFillColor(_color("#444444"))
            c.drawString(x, y, text)
        if bookmark:
            key = f"p{self.pages}"
            c.bookmarkPage(key)
            c.addOutlineEntry(bookmark, key, level=0)
        c.showPage()
        self.pages += 1

    def close(self):
        self.c.save()


def _outline(c, slot):
    f = slot.face
    c.saveState()
    c.setLineWidth(0.5)
    c.setStrokeColor(_color("#000000"))
    if f.shape == "circle":
        c.ellipse(slot.x, slot.y, slot.x + f.w, slot.y + f.h, stroke=1, fill=0)
    elif f.shape == "rounded":
        c.roundRect(slot.x, slot.y, f.w, f.h, f.radius or 3 * MM, stroke=1, fill=0)
    else:
        c.rect(slot.x, slot.y, f.w, f.h, stroke=1, fill=0)
    c.restoreState()


def draw_piece(c, piece, h):
    if isinstance(piece, Run):
        _run(c, piece, h)
    elif isinstance(piece, Shape):
        _shape(c, piece, h)
    elif isinstance(piece, Image):
        _image(c, piece, h)


def _run(c, r: Run, h):
    t = c.beginText(r.x, h - r.y)
    t.setFont(r.font, r.size)
    t.setFillColor(_color(r.color))
    if r.bold:
        # the render mode (Tr) is graphics state and outlives ET, and reportlab will not write `0 Tr`
        # for a fresh text object: keep a bold run's mode, stroke colour and width inside q … Q
        c.saveState()
        t.setTextRenderMode(2)
        c.setStrokeColor(_color(r.color))
        c.setLineWidth(r.size * 0.035)
    t.textOut(r.text)
    c.drawText(t)
    if r.bold:
        c.restoreState()


def _path(c, ops, h):
    p = c.beginPath()
    for op in ops:
        k = op[0]
        if k == "M":
            p.moveTo(op[1], h - op[2])
        elif k == "L":
            p.lineTo(op[1], h - op[2])
        elif k == "C":
            p.curveTo(op[1], h - op[2], op[3], h - op[4], op[5], h - op[6])
        elif k == "Z":
            p.close()
        elif k == "R":
            x, y, w, hh, r = op[1:]
            if r:
                p.roundRect(x, h - y - hh, w, hh, r)
            else:
                p.rect(x, h - y - hh, w, hh)
        elif k == "E":
            x, y, w, hh = op[1:]
            p.ellipse(x, h - y - hh, w, hh)
    return p


def _shape(c, s: Shape, h):
    if not s.ops:
        return
    c.saveState()
    stroke, width, dash = s.stroke, s.width, s.dash
    fill = s.fill
    if s.role in ROLE_STYLE:
        stroke, width, dash = ROLE_STYLE[s.role]
        fill = None
        if s.role == "glue":
            fill = "#e8e8e8"
        elif s.role == "window":
            fill = "#f3d6d6"
    if s.opacity < 1:
        c.setFillAlpha(s.opacity)
        c.setStrokeAlpha(s.opacity)
    if fill:
        c.setFillColor(_color(fill))
    if stroke:
        c.setStrokeColor(_color(stroke))
        c.setLineWidth(width)
        if dash:
            c.setDash(*dash)
    c.drawPath(_path(c, s.ops, h), stroke=1 if stroke else 0, fill=1 if fill else 0)
    c.restoreState()


def _image(c, im: Image, h):
    c.saveState()
    if im.clip:
        x, y, w, hh = im.clip
        p = c.beginPath()
        p.rect(x, h - y - hh, w, hh)
        c.clipPath(p, stroke=0, fill=0)
    c.drawImage(im.path, im.x, h - im.y - im.h, im.w, im.h, mask="auto")
    c.restoreState()
