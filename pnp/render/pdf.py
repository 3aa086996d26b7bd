"""Draw planned pages into a PDF with reportlab.

Each distinct face becomes a Form XObject drawn once and placed wherever it is used (shared backs,
copies, art), clipped to the area its bleed may cover. Die-line roles get one uniform style.
"""
from __future__ import annotations

from collections import OrderedDict

from reportlab.lib.colors import HexColor
from reportlab.pdfgen import canvas as rl_canvas

from pnp.core.pieces import Image, Run, Shape
from pnp.core.units import MM
from pnp.render.draw import _image, _image_names, alphas as _alphas, draw_fast, draw_piece  # noqa: F401  (draw_piece: its old home)
from pnp.render.shading import end_form, graded

MARK_WIDTH = 0.3
FORM_MEMORY = 64   # distinct recent faces kept for reuse


def _speed_up_reportlab():
    """Two of reportlab's PDF helpers, with the same results, faster: pdfdocEnc encodes every content
    stream and number through a slow codec, although PDFDocEncoding keeps ASCII as it is (but
    0x18–0x1f); PDFName escapes the same few dictionary keys again and again."""
    import re

    from reportlab.pdfbase import pdfdoc
    if getattr(pdfdoc.pdfdocEnc, "pnp", False):
        return
    odd = re.compile("[\x18-\x1f]")
    slow_enc, slow_name, names = pdfdoc.pdfdocEnc, pdfdoc.PDFName, {}

    def pdfdoc_enc(x):
        if type(x) is str and x.isascii() and not odd.search(x):
            return x.encode("ascii")
        return slow_enc(x)

    def pdf_name(data, *args):
        if args or type(data) is not str:
            return slow_name(data, *args)
        got = names.get(data)
        if got is None:
            if len(names) > 4096:
                names.clear()
            got = names[data] = slow_name(data)
        return got
    pdfdoc_enc.pnp = True
    pdfdoc.pdfdocEnc, pdfdoc.PDFName = pdfdoc_enc, pdf_name


_speed_up_reportlab()


def _color(c):
    return HexColor(c)


class PdfWriter:
    def __init__(self, path: str, font_name: str, meta: dict, drawn: tuple | None = None):
        """drawn: (last, this) a warm session's PDF code of faces drawn by the game's last build, read
        here, and of those drawn by this one, filled here (see _form): what is not used again goes."""
        self.drawn, self.drawn_now = drawn or (None, None)
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
        if meta.get("licence"):
            _xmp(c, meta)
        if meta.get("show_outline"):
            c.showOutline()
        self.draft = bool(meta.get("draft"))
        self.forms: OrderedDict = OrderedDict()
        self.codes: dict = {}     # the PDF code of shapes drawn in this document (draw_fast)
        self.count = 0
        self.pages = 0
        self.outline: list = []

    # ---- faces as forms -------------------------------------------------------------------------
    def form(self, face) -> str:
        """The name of the Form XObject drawing `face` (defined on first use), for `canvas.doForm`.
        The form's origin is the trim box's bottom-left corner; it paints into the bleed."""
        return self._form(face)

    def _form(self, face) -> str:
        """The form XObject of a face; identical faces (shared backs, copies) reuse one form. Only recent
        faces are remembered, so memory stays flat however long the deck."""
        key = _Key((face.w, face.h, face.bleed, face.pieces))
        name = self.forms.get(key)
        if name:
            self.forms.move_to_end(key)
            return name
        self.count += 1
        name = f"F{self.count}"
        c = self.c
        b = face.bleed
        c.beginForm(name, lowerx=-b, lowery=-b, upperx=face.w + b, uppery=face.h + b)
        memo = self.drawn.get(id(face.pieces)) if self.drawn is not None else None
        if memo is not None and memo[0] is face.pieces and memo[1] == face.h and _replay(c, face, memo):
            self.drawn_now[id(face.pieces)] = memo
        else:
            draw_fast(c, face.pieces, face.h, self.codes)
            if self.drawn_now is not None and _replayable(face):
                self.drawn_now[id(face.pieces)] = (face.pieces, face.h, list(c._code), _splits(c, face))
        end_form(c)
        self.forms[key] = name
        if len(self.forms) > FORM_MEMORY:
            self.forms.popitem(last=False)
        return name

    def page(self, page, bookmark: str | None = None, sub=(), dests=()):
        """Draw one planned page; `bookmark` adds an outline entry, `sub` entries one level below it:
        a title (this page) or (title, destination) for a destination that a page written before or
        after this one defines in its `dests` (an outline in reading order over pages out of order)."""
        c = self.c
        c.setPageSize((page.w, page.h))
        if page.trim:
            c.setTrimBox(page.trim)
            c.setBleedBox(page.bleed or page.trim)
        else:
            c.setTrimBox(None)
            c.setBleedBox(None)
        # reportlab writes no transparency states into form XObjects, so translucent faces are drawn
        # straight onto the page, and their alpha states are declared at the page's top level (states
        # first set inside saveState() would be missing from the page's resources)
        alphas = sorted({a for s in page.slots for p in s.face.pieces for a in _alphas(p)})
        for a in alphas + ([1.0] if alphas else []):
            c.setFillAlpha(a)
            c.setStrokeAlpha(a)
        names = [None if _translucent(s.face) else self._form(s.face) for s in page.slots]
        for slot, name in zip(page.slots, names):
            c.saveState()
            x0, y0, x1, y1 = slot.clip
            p = c.beginPath()
            if slot.round:
                p.ellipse(x0, y0, x1 - x0, y1 - y0)
            else:
                p.rect(x0, y0, x1 - x0, y1 - y0)
            c.clipPath(p, stroke=0, fill=0)
            if slot.turn:     # turned 180° within its trim box
                c.translate(slot.x + slot.face.w, slot.y + slot.face.h)
                c.transform(-1, 0, 0, -1, 0, 0)
            elif slot.offset is None:
                c.translate(slot.x, slot.y)
                if slot.matrix:
                    c.transform(*slot.matrix, 0, 0)
            else:  # a tile: the face's point (ox, oy) (top-left origin) goes to the tile's top-left corner
                ox, oy = slot.offset
                th = slot.size[1] if slot.size else y1 - y0
                c.translate(slot.x - ox, slot.y + th - slot.face.h + oy)
            if name:
                c.doForm(name)
            else:
                for piece in slot.face.pieces:
                    draw_piece(c, piece, slot.face.h)
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
        if page.guides:   # dotted, so that "dashed" means a fold on every page
            c.setStrokeColor(_color("#555555"))
            c.setLineCap(1)
            c.setLineWidth(0.8)
            c.setDash(0.01, 2.6)
            for (a, b) in page.guides:
                c.line(a[0], a[1], b[0], b[1])
            c.setDash()
            c.setLineCap(0)
            c.setLineWidth(MARK_WIDTH)
        for x, y, text in page.labels:
            c.setFont(self.font, 6)
            c.setFillColor(_color("#444444"))
            c.drawString(x, y, text)
        for x, y, t in getattr(page, "targets", ()):   # registration targets: a cross in a ring
            c.setStrokeColor(_color("#000000"))
            c.setLineWidth(0.3)
            c.circle(x + t / 2, y + t / 2, t * 0.32, stroke=1, fill=0)
            c.line(x, y + t / 2, x + t, y + t / 2)
            c.line(x + t / 2, y, x + t / 2, y + t)
            c.setLineWidth(MARK_WIDTH)
        for x, y, text in page.side_labels:   # read upwards, in a side margin
            c.saveState()
            c.setFont(self.font, 6)
            c.setFillColor(_color("#444444"))
            c.translate(x, y)
            c.rotate(90)
            c.drawString(0, 0, text)
            c.restoreState()
        for d in dests:
            c.bookmarkPage(d)
        if bookmark or sub:
            key = f"p{self.pages}"
            c.bookmarkPage(key)
            if isinstance(bookmark, list):   # components sharing the page: an entry each
                for n, title in enumerate(bookmark):
                    c.bookmarkPage(f"{key}.m{n}")
                    c.addOutlineEntry(title, f"{key}.m{n}", level=0)
            elif bookmark:
                c.addOutlineEntry(bookmark, key, level=0)
            for n, title in enumerate(sub):   # one destination per entry: reportlab keys entries by it
                if isinstance(title, tuple):
                    c.addOutlineEntry(title[0], title[1], level=1)
                    continue
                c.bookmarkPage(f"{key}.{n}")
                c.addOutlineEntry(title, f"{key}.{n}", level=1)
        if self.draft:   # `--draft`: a small mark at the foot of every page, inside the printable area
            c.setFont(self.font, 7)
            c.setFillColor(_color("#d00000"))
            c.drawString(8 * 72 / 25.4, 6 * 72 / 25.4, "DRAFT")
        c.showPage()
        self.pages += 1

    def close(self):
        self.c.save()


class _Key:
    """A tuple as a dictionary key that hashes it once (a face's pieces are many to hash)."""
    __slots__ = ("t", "h")

    def __init__(self, t):
        self.t, self.h = t, hash(t)

    def __hash__(self):
        return self.h

    def __eq__(self, other):
        return self.h == other.h and self.t == other.t


def _replayable(face) -> bool:
    """Whether a face's code may be put into another document (a gradient names one document's shading)."""
    from reportlab.pdfbase.pdfmetrics import getFont
    return all(getFont(p.font)._dynamicFont for p in face.pieces if isinstance(p, Run)) and \
        not any(isinstance(p, Shape) and graded(p) is not None for p in face.pieces)


def _splits(c, face) -> list:
    """How the face's text was encoded: (subset, bytes) per run, in the document's font subsets."""
    from reportlab.pdfbase.pdfmetrics import getFont
    return [getFont(p.font).splitString(p.text, c._doc) for p in face.pieces if isinstance(p, Run)]


def _replay(c, face, memo) -> bool:
    """Put the PDF code drawn for the same pieces in an earlier build into the open form, when that is
    what drawing them again would write. Drawing has effects on the document besides the code: font
    subsets take the characters in the order they first appear, and an image is added on its first use.
    Those are done here in the same order (text encoded, images drawn and their code dropped); the saved
    code is used only if every run encodes to the same bytes as then. Otherwise nothing is kept, and the
    caller draws the face (the effects already made are the ones drawing makes first)."""
    from reportlab.pdfbase.pdfmetrics import getFont
    _pieces, h, code, splits = memo
    doc, start, in_use = c._doc, len(c._code), list(c._formsinuse)
    got = []
    for p in face.pieces:
        if isinstance(p, Run):
            font = getFont(p.font)
            parts, cur = font.splitString(p.text, doc), -1
            for subset, _t in parts:
                if subset != cur:
                    font.getSubsetInternalName(subset, doc)
                    cur = subset
            got.append(parts)
        elif isinstance(p, Image):
            name = _image_names.get(f"{p.path}auto".encode())   # as canvas.drawImage names it
            if name and doc.getXObjectName(name) in doc.idToObject:
                c._formsinuse.append(name)    # all drawImage does for an image the document has
            else:
                _image(c, p, h)
    del c._code[start:]
    if got != splits:
        c._formsinuse[:] = in_use
        return False
    c._code.extend(code)
    return True


def _xmp(c, meta):
    """XMP metadata: what the info dictionary cannot say (the licence, the language) in the standard
    Dublin Core / XMP Rights terms, plus the same title, author, subject and keywords."""
    from xml.sax.saxutils import escape

    from reportlab.pdfbase.pdfdoc import PDFDictionary, PDFName, PDFStream

    def alt(v):
        return f'<rdf:Alt><rdf:li xml:lang="x-default">{escape(v)}</rdf:li></rdf:Alt>'
    parts = [f"<dc:title>{alt(meta.get('title', ''))}</dc:title>",
             f"<dc:rights>{alt(meta['licence'])}</dc:rights>",
             f"<xmpRights:UsageTerms>{alt(meta['licence'])}</xmpRights:UsageTerms>",
             "<xmpRights:Marked>True</xmpRights:Marked>",
             f"<xmp:CreatorTool>{escape(meta.get('creator', 'pnp'))}</xmp:CreatorTool>",
             f"<pdf:Producer>{escape(meta.get('creator', 'pnp'))}</pdf:Producer>",
             f"<pdf:Keywords>{escape(meta.get('keywords', ''))}</pdf:Keywords>"]
    if meta.get("author"):
        parts.append(f"<dc:creator><rdf:Seq><rdf:li>{escape(meta['author'])}</rdf:li></rdf:Seq></dc:creator>")
    if meta.get("subject"):
        parts.append(f"<dc:description>{alt(meta['subject'])}</dc:description>")
    if meta.get("lang"):
        parts.append(f"<dc:language><rdf:Bag><rdf:li>{escape(meta['lang'])}</rdf:li></rdf:Bag></dc:language>")
    xmp = ('<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?>'
           '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
           '<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" '
           'xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:xmpRights="http://ns.adobe.com/xap/1.0/rights/" '
           'xmlns:pdf="http://ns.adobe.com/pdf/1.3/">' + "".join(parts) +
           '</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>')
    stream = PDFStream(PDFDictionary({"Type": PDFName("Metadata"), "Subtype": PDFName("XML")}),
                       xmp.encode("utf-8"), filters=[])
    c.setCatalogEntry("Metadata", c._doc.Reference(stream))
    if meta.get("lang"):
        c.setCatalogEntry("Lang", meta["lang"])


def _translucent(face) -> bool:
    return any(_alphas(p) for p in face.pieces)


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
