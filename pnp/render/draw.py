"""Drawing one face's pieces onto a reportlab canvas (shapes, text runs, stencils, images), in face
coordinates with the top-left origin turned into PDF's bottom-left. Used by the PDF writer for forms
and pages, and by anything else that draws a face (the icon sheet, tests)."""
from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen import canvas as rl_canvas

from pnp.layout.pieces import Image, Run, Shape, Stencil

ROLE_STYLE = {  # stroke colour, width (pt), dash
    "cut": ("#000000", 0.6, None),
    "fold": ("#555555", 0.5, (3, 2)),
    "glue": ("#777777", 0.4, (1, 1.5)),
    "window": ("#000000", 0.6, None),
}


def _color(c):
    return HexColor(c)


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
    t = c.beginText(r.x, h - r.y)
    if r.italic:   # the built-in fonts have no italic face: a text matrix skewed 12° to the right
        t.setTextTransform(1, 0, OBLIQUE, 1, r.x, h - r.y)
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
        if s.join:
            c.setLineJoin(s.join[0])
            c.setLineCap(s.join[1])
            c.setMiterLimit(s.join[2])
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
