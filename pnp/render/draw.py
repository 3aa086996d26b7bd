"""Drawing one face's pieces onto a reportlab canvas (shapes, text runs, stencils, images), in face
coordinates with the top-left origin turned into PDF's bottom-left. Used by the PDF writer for forms
and pages, and by anything else that draws a face (the icon sheet, tests)."""
from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen import canvas as rl_canvas

from pnp.core.pieces import Image, Run, Shape, Stencil
from pnp.render.shading import graded, paint as shading_code

ROLE_STYLE = {  # stroke colour, width (pt), dash
    "cut": ("#000000", 0.6, None),
    "fold": ("#555555", 0.5, (3, 2)),
    "glue": ("#777777", 0.4, (1, 1.5)),
    "window": ("#000000", 0.6, None),
}


_COLORS: dict = {}   # colour string → reportlab colour (parsed once; the objects are never changed)


def _color(c):
    col = _COLORS.get(c)
    if col is None:
        if len(_COLORS) > 4096:
            _COLORS.clear()
        col = _COLORS[c] = HexColor(c)
    return col


def draw_piece(c, piece, h):
    m = getattr(piece, "transform", None)
    if m:   # the face's y-down matrix conjugated into PDF space (y up, origin at the bottom)
        a, b, cc, d, e, f = m
        c.saveState()
        c.transform(a, -b, -cc, d, cc * h + e, h - d * h - f)
        _draw(c, piece, h)
        c.restoreState()
    else:
        _draw(c, piece, h)


def _draw(c, piece, h):
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
    c.saveState()
    c.setFillColor(_color(s.color))
    c._code.append(f"{fp_str(s.w, 0, 0, s.h, s.x, h - s.y - s.h)} cm BI /W {n_cols} /H {len(s.rows)} /IM true "
                   f"/BPC 1 /D [1 0] /F /AHx ID {s.hexrows}> EI")
    c.restoreState()


OBLIQUE = 0.2126   # tan 12°: the slant of synthetic italics


def _run(c, r: Run, h):
    width = _outline(r)
    if r.shadow:   # an offset copy first, in the shadow's colour (and alpha), outline included
        dx, dy, colour, alpha = r.shadow
        _text(c, r, h, r.x + dx, r.y + dy, colour, colour if width else None, width, alpha)
    _text(c, r, h, r.x, r.y, r.color, (r.stroke or r.color) if width else None, width, 1.0)


def _outline(r: Run) -> float:
    """The width of the stroke drawn round a run's glyphs: its outline, and bold's emboldening."""
    return (r.stroke_width if r.stroke else 0.0) + (r.size * 0.035 if r.bold else 0.0)


def _text(c, r: Run, h, x, y, fill, stroke, width, alpha):
    t = c.beginText(x, h - y)
    if r.italic:   # the built-in fonts have no italic face: a text matrix skewed 12° to the right
        t.setTextTransform(1, 0, OBLIQUE, 1, x, h - y)
    t.setFont(r.font, r.size)
    t.setFillColor(_color(fill))
    framed = stroke or alpha < 1
    if framed:
        # the render mode (Tr) is graphics state and outlives ET, and reportlab will not write `0 Tr`
        # for a fresh text object: keep a stroked run's mode, stroke colour and width inside q … Q
        c.saveState()
    if stroke:
        t.setTextRenderMode(2)
        c.setStrokeColor(_color(stroke))
        c.setLineWidth(width)
    if alpha < 1:   # after the colours: setting a colour resets reportlab's alpha to the colour's
        c.setFillAlpha(alpha)
        c.setStrokeAlpha(alpha)
    t.textOut(r.text)
    c.drawText(t)
    if framed:
        c.restoreState()


def alphas(piece) -> set:
    """The alphas below 1 a piece paints with (a face using any is drawn onto the page, not as a form)."""
    if isinstance(piece, Shape):
        return {piece.opacity} if piece.opacity < 1 else set()
    if isinstance(piece, Run) and piece.shadow and piece.shadow[3] < 1:
        return {piece.shadow[3]}
    return set()


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
        if s.join:
            c.setLineJoin(s.join[0])
            c.setLineCap(s.join[1])
            c.setMiterLimit(s.join[2])
    if s.opacity < 1:  # after the colours: setting a colour resets reportlab's alpha to the colour's
        c.setFillAlpha(s.opacity)
        c.setStrokeAlpha(s.opacity)
    g = graded(s)
    if g is not None:   # the shading inside the path (clipped in its own q … Q), then the outline
        path = _path_code(s.ops, h)
        c._code.append(f"q {path} W n {shading_code(c, g, h)} Q")
        if stroke:
            c._code.append(path + " S")
    else:
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


# ---- the same PDF code, written directly (forms) --------------------------------------------------
# Inside a form without transparency (pnp.render.pdf draws translucent faces onto the page) a piece
# leaves nothing behind on the canvas but its code (every piece is wrapped in q … Q or BT … ET), and
# that code depends on the piece and the face's height only: the font subsets take each character
# once, on its first use, and never change. draw_fast writes it without reportlab's graphics-state
# machinery, takes the colour and line operators from reportlab's own setters (once per style), and
# remembers the code of shapes for their next use (frames, icons); images, translucent pieces and
# anything unusual take the ordinary way. tests/test_draw_fast.py compares both ways.

from reportlab.pdfgen.textobject import _PDFColorSetter  # noqa: E402


class _Scratch(_PDFColorSetter):
    """Collects what reportlab's state setters write, without a canvas to change."""

    def __init__(self):
        self._code = []


_STYLES: dict = {}   # style → its operators, or None when only reportlab can draw it (alpha)


def _style(key, fill, stroke, width, dash, join):
    got = _STYLES.get(key)
    if got is None and key not in _STYLES:
        s, canvas = _Scratch(), rl_canvas.Canvas
        cols = [_color(x) for x in (fill, stroke) if x]
        if all(getattr(col, "alpha", None) in (1, None) for col in cols):
            if fill:
                s.setFillColor(_color(fill))
            if stroke:
                s.setStrokeColor(_color(stroke))
                canvas.setLineWidth(s, width)
                if dash:
                    canvas.setDash(s, *dash)
                if join:
                    canvas.setLineJoin(s, join[0])
                    canvas.setLineCap(s, join[1])
                    canvas.setMiterLimit(s, join[2])
            got = tuple(s._code)
        if len(_STYLES) > 4096:
            _STYLES.clear()
        _STYLES[key] = got
    return got


def _shape_fast(c, s: Shape, h, memo):
    """The code of a shape as _shape writes it (a list), None for the ordinary way."""
    key = (s, h)
    code = memo.get(key)
    if code is not None:
        return code
    if s.opacity < 1 or graded(s) is not None:   # a gradient names a shading of the document: the ordinary way
        return None
    stroke, width, dash, fill = s.stroke, s.width, s.dash, s.fill
    if s.role in ROLE_STYLE:
        stroke, width, dash = ROLE_STYLE[s.role]
        fill = "#e8e8e8" if s.role == "glue" else "#f3d6d6" if s.role == "window" else None
    if not s.ops or not (fill or stroke):
        code = []
    else:
        style = _style((fill, stroke, width, dash, s.join) if stroke else (fill,), fill, stroke, width, dash, s.join)
        if style is None:
            return None
        paint = "B" if fill and stroke else ("f" if fill else "S")
        code = ["q", *style, _path_code(s.ops, h) + " " + paint, "Q"]
        c._doc.ensureMinPdfVersion("transparency")   # as setting a colour with alpha does
    if s.transform:
        code = _turned(s.transform, h, code)
    if len(memo) > 20000:
        memo.clear()
    memo[key] = code
    return code


def _run_fast(c, r: Run, h):
    from reportlab.pdfbase.pdfmetrics import getFont
    font = getFont(r.font)
    if not font._dynamicFont or type(r.text) is not str:
        return None
    width = _outline(r)
    code = []
    if r.shadow:
        dx, dy, colour, alpha = r.shadow
        if alpha < 1:   # a translucent shadow: the ordinary way (its face is drawn onto the page)
            return None
        code = _text_fast(c, font, r, h, r.x + dx, r.y + dy, colour, colour if width else None, width)
    main = _text_fast(c, font, r, h, r.x, r.y, r.color, (r.stroke or r.color) if width else None, width)
    if code is None or main is None:
        return None
    code += main
    c._doc.ensureMinPdfVersion("transparency")
    return _turned(r.transform, h, code) if r.transform else code


def _text_fast(c, font, r: Run, h, x, y, colour, stroke, width):
    fill = _style((colour,), colour, None, 0, None, None)
    if fill is None:
        return None
    y = h - y
    parts = ["BT", "1 0 0 1 %s Tm" % fp_str(x, y)]
    if r.italic:
        parts.append("%s Tm" % fp_str(1, 0, OBLIQUE, 1, x, y))
    parts += fill
    if stroke:
        parts.append("2 Tr")
    doc, esc = c._doc, c._escape
    tmpl, cur, out = None, -1, []
    for subset, t in font.splitString(r.text, doc):
        if subset != cur:
            if not tmpl:
                tmpl = f"{fp_str(r.size)} Tf {fp_str(r.size * 1.2)} TL"
            out.append(f"{font.getSubsetInternalName(subset, doc)} {tmpl}")
            cur = subset
        out.append(f"({esc(t)}) Tj")
    parts += (" ".join(out), "ET")
    code = [" ".join(parts)]
    if stroke:
        style = _style((None, stroke, width, None, None), None, stroke, width, None, None)
        if style is None:
            return None
        code = ["q", *style, code[0], "Q"]
    return code


def _stencil_fast(c, s: Stencil, h):
    fill = _style((s.color,), s.color, None, 0, None, None)
    if fill is None:
        return None
    code = ["q", *fill, f"{fp_str(s.w, 0, 0, s.h, s.x, h - s.y - s.h)} cm BI /W {len(s.rows[0])} /H {len(s.rows)} "
            f"/IM true /BPC 1 /D [1 0] /F /AHx ID {s.hexrows}> EI", "Q"]
    c._doc.ensureMinPdfVersion("transparency")
    return _turned(s.transform, h, code) if s.transform else code


def _turned(m, h, code):
    """draw_piece's frame round a transformed piece."""
    a, b, cc, d, e, f = m
    return ["q", "%s cm" % fp_str(a, -b, -cc, d, cc * h + e, h - d * h - f), *code, "Q"]


def draw_fast(c, pieces, h, memo: dict):
    """Draw a face's pieces into an open form, as draw_piece would, faster. memo: the writer's code of
    shapes drawn before (its own: the code of text belongs to one document's font subsets)."""
    add = c._code.extend
    for p in pieces:
        d = c._extgstate._d
        code = None
        if d.get("ca", 1) == 1 and d.get("CA", 1) == 1:   # no transparency set: as in a fresh form
            if isinstance(p, Shape):
                code = _shape_fast(c, p, h, memo)
            elif isinstance(p, Run):
                code = _run_fast(c, p, h)
            elif isinstance(p, Stencil):
                code = _stencil_fast(c, p, h)
        if code is None:
            draw_piece(c, p, h)
        else:
            add(code)
