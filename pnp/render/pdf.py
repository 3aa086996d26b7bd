"""Draw planned pages into a PDF with reportlab.

Each distinct face becomes a Form XObject drawn once and placed wherever it is used (shared backs,
copies, art), clipped to the area its bleed may cover. Die-line roles get one uniform style.
"""
from __future__ import annotations

from collections import OrderedDict

from reportlab.lib.colors import HexColor
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen import canvas as rl_canvas

from pnp.layout.pieces import Image, Run, Shape, Stencil
from pnp.layout.units import MM

ROLE_STYLE = {  # stroke colour, width (pt), dash
    "cut": ("#000000", 0.6, None),
    "fold": ("#555555", 0.5, (3, 2)),
    "glue": ("#777777", 0.4, (1, 1.5)),
    "window": ("#000000", 0.6, None),
}
MARK_WIDTH = 0.3
FORM_MEMORY = 64   # distinct recent faces kept for reuse


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
        if meta.get("licence"):
            _xmp(c, meta)
        if meta.get("show_outline"):
            c.showOutline()
        self.forms: OrderedDict = OrderedDict()
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
        key = (face.w, face.h, face.bleed, face.pieces)
        name = self.forms.get(key)
        if name:
            self.forms.move_to_end(key)
            return name
        self.count += 1
        name = f"F{self.count}"
        c = self.c
        b = face.bleed
        c.beginForm(name, lowerx=-b, lowery=-b, upperx=face.w + b, uppery=face.h + b)
        for piece in face.pieces:
            draw_piece(c, piece, face.h)
        c.endForm()
        self.forms[key] = name
        if len(self.forms) > FORM_MEMORY:
            self.forms.popitem(last=False)
        return name

    def page(self, page, bookmark: str | None = None, sub=()):
        """Draw one planned page; `bookmark` adds an outline entry, `sub` entries one level below it."""
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
        alphas = sorted({p.opacity for s in page.slots for p in s.face.pieces if isinstance(p, Shape) and p.opacity < 1})
        for a in alphas + ([1.0] if alphas else []):
            c.setFillAlpha(a)
            c.setStrokeAlpha(a)
        names = [None if _translucent(s.face) else self._form(s.face) for s in page.slots]
        for slot, name in zip(page.slots, names):
            c.saveState()
            x0, y0, x1, y1 = slot.clip
            p = c.beginPath()
            p.rect(x0, y0, x1 - x0, y1 - y0)
            c.clipPath(p, stroke=0, fill=0)
            if slot.offset is None:
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
        for x, y, text in page.labels:
            c.setFont(self.font, 6)
            c.setFillColor(_color("#444444"))
            c.drawString(x, y, text)
        if bookmark or sub:
            key = f"p{self.pages}"
            c.bookmarkPage(key)
            if bookmark:
                c.addOutlineEntry(bookmark, key, level=0)
            for n, title in enumerate(sub):   # one destination per entry: reportlab keys entries by it
                c.bookmarkPage(f"{key}.{n}")
                c.addOutlineEntry(title, f"{key}.{n}", level=1)
        c.showPage()
        self.pages += 1

    def close(self):
        self.c.save()


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
    return any(isinstance(p, Shape) and p.opacity < 1 for p in face.pieces)


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
    elif isinstance(piece, Stencil):
        _stencil(c, piece, h)


def _stencil(c, s: Stencil, h):
    """An inline image mask (1 bit per module, hex-encoded) painted in the fill colour."""
    n_cols = len(s.rows[0])
    hexrows = []
    for row in s.rows:
        bits = "".join("1" if v else "0" for v in row)
        bits += "0" * (-len(bits) % 8)
        hexrows.append("".join(f"{int(bits[i:i + 8], 2):02x}" for i in range(0, len(bits), 8)))
    c.saveState()
    c.setFillColor(_color(s.color))
    c._code.append(f"{fp_str(s.w, 0, 0, s.h, s.x, h - s.y - s.h)} cm BI /W {n_cols} /H {len(s.rows)} /IM true "
                   f"/BPC 1 /D [1 0] /F /AHx ID {''.join(hexrows)}> EI")
    c.restoreState()


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


_K = 0.5522847498  # bezier approximation of a quarter circle


def _path_code(ops, h) -> str:
    """PDF path operators for shape ops (faster than building a reportlab PathObject)."""
    out = []
    add = out.append
    for op in ops:
        k = op[0]
        if k == "R":
            x, y, w, hh, r = op[1:]
            if r:
                r = min(r, w / 2, hh / 2)
                x0, y0, x1, y1 = x, h - y - hh, x + w, h - y
                q = r * _K
                add(f"{fp_str(x0 + r, y0)} m {fp_str(x1 - r, y0)} l "
                    f"{fp_str(x1 - r + q, y0, x1, y0 + r - q, x1, y0 + r)} c {fp_str(x1, y1 - r)} l "
                    f"{fp_str(x1, y1 - r + q, x1 - r + q, y1, x1 - r, y1)} c {fp_str(x0 + r, y1)} l "
                    f"{fp_str(x0 + r - q, y1, x0, y1 - r + q, x0, y1 - r)} c {fp_str(x0, y0 + r)} l "
                    f"{fp_str(x0, y0 + r - q, x0 + r - q, y0, x0 + r, y0)} c h")
            else:
                add(f"{fp_str(x, h - y - hh, w, hh)} re")
        elif k == "M":
            add(f"{fp_str(op[1], h - op[2])} m")
        elif k == "L":
            add(f"{fp_str(op[1], h - op[2])} l")
        elif k == "C":
            add(f"{fp_str(op[1], h - op[2], op[3], h - op[4], op[5], h - op[6])} c")
        elif k == "Z":
            add("h")
        elif k == "E":
            x, y, w, hh = op[1:]
            rx, ry = w / 2, hh / 2
            cx, cy = x + rx, h - y - ry
            qx, qy = rx * _K, ry * _K
            add(f"{fp_str(cx + rx, cy)} m {fp_str(cx + rx, cy + qy, cx + qx, cy + ry, cx, cy + ry)} c "
                f"{fp_str(cx - qx, cy + ry, cx - rx, cy + qy, cx - rx, cy)} c "
                f"{fp_str(cx - rx, cy - qy, cx - qx, cy - ry, cx, cy - ry)} c "
                f"{fp_str(cx + qx, cy - ry, cx + rx, cy - qy, cx + rx, cy)} c h")
    return "\n".join(out)


def _shape(c, s: Shape, h):
    stroke, width, dash = s.stroke, s.width, s.dash
    fill = s.fill
    if s.role in ROLE_STYLE:
        stroke, width, dash = ROLE_STYLE[s.role]
        fill = None
        if s.role == "glue":
            fill = "#e8e8e8"
        elif s.role == "window":
            fill = "#f3d6d6"
    if not s.ops or not (fill or stroke):
        return  # nothing to paint (an invisible helper shape)
    c.saveState()
    if fill:
        c.setFillColor(_color(fill))
    if stroke:
        c.setStrokeColor(_color(stroke))
        c.setLineWidth(width)
        if dash:
            c.setDash(*dash)
    if s.opacity < 1:  # after the colours: setting a colour resets reportlab's alpha to the colour's
        c.setFillAlpha(s.opacity)
        c.setStrokeAlpha(s.opacity)
    paint = "B" if fill and stroke else ("f" if fill else "S")
    c._code.append(_path_code(s.ops, h) + " " + paint)
    c.restoreState()


_image_names: dict = {}   # reportlab's key for an image file (its path + mask) → a digest of the file's bytes


def _content_digester(s, _path_digester=rl_canvas._digester):
    """reportlab names an image XObject after the md5 of its file's path: the PDF's bytes would depend on
    where the project lies. Images drawn here are named after their content instead."""
    return _image_names.get(s) or _path_digester(s)


rl_canvas._digester = _content_digester


def _image(c, im: Image, h):
    key = f"{im.path}auto".encode()
    if key not in _image_names:
        import hashlib
        with open(im.path, "rb") as f:
            _image_names[key] = hashlib.md5(f.read(), usedforsecurity=False).hexdigest()
    c.saveState()
    if im.clip:
        x, y, w, hh = im.clip
        p = c.beginPath()
        p.rect(x, h - y - hh, w, hh)
        c.clipPath(p, stroke=0, fill=0)
    c.drawImage(im.path, im.x, h - im.y - im.h, im.w, im.h, mask="auto")
    c.restoreState()
