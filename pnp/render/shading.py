"""Gradient fills in the PDF: a gradient is a shading (`sh`, ShadingType 2 axial or 3 radial) painted
inside its shape's path, made once per document for each gradient and face height and named in the
resources of the page or form that paints it (reportlab names no shading in a form's resources:
`end_form` does). Vector, a few hundred bytes, whatever the size it prints at."""
from __future__ import annotations

from reportlab.lib.colors import HexColor

from pnp.core.pieces import Shape


def graded(s: Shape):
    """The gradient a shape paints in place of its fill, or None (see pnp.core.pieces.Shape)."""
    g = s.gradient
    return g if g is not None and s.role == "art" and s.fill is not None and s.fill == g.colour else None


def shading(c, g, h) -> str:
    """The name of the PDF shading of gradient g on a face h high, made once per document, and used by
    the page or form being drawn (pnp.render.pdf gives a form the shadings it uses: end_form)."""
    doc = c._doc
    made = doc.__dict__.setdefault("_pnp_shadings", {})
    key = (g.kind, g.coords, g.stops, None if g.matrix else h, g.matrix)
    name = made.get(key)
    if name is None:
        from reportlab.pdfbase.pdfdoc import PDFAxialShading, PDFRadialShading
        from reportlab.pdfgen.canvas import _buildColorFunction, _normalizeColors
        space, cols = _normalizeColors([HexColor(col) for _t, col in g.stops])
        ts, last = [], -1.0
        for t, _col in g.stops:   # a hard stop (two at one position): the function's bounds must rise
            last = max(t, last + 1e-6) if ts else t
            ts.append(min(last, 1.0))
        fn = _buildColorFunction(cols, ts)
        # in the gradient's own frame when it has one (`paint` maps the frame onto the page), else on the page
        up = (lambda y: y) if g.matrix is not None else (lambda y: h - y)
        if g.kind == "radial":
            cx, cy, r = g.coords
            sh = PDFRadialShading(cx, up(cy), 0.0, cx, up(cy), r, Function=fn, ColorSpace=space, Extend="[true true]")
        else:
            x0, y0, x1, y1 = g.coords
            sh = PDFAxialShading(x0, up(y0), x1, up(y1), Function=fn, ColorSpace=space, Extend="[true true]")
        name = made[key] = doc.addShading(sh)
    c._shadingUsed[name] = name
    return name


def paint(c, g, h) -> str:
    """The code that paints gradient g inside the current clip: its shading, drawn in the gradient's own
    frame when it has one (`cm`: the frame's matrix, face coordinates turned into the page's)."""
    name = shading(c, g, h)
    if g.matrix is None:
        return f"/{name} sh"
    from reportlab.lib.rl_accel import fp_str
    a, b, cc, d, e, f = g.matrix
    return f"{fp_str(a, -b, cc, -d, e, h - f)} cm /{name} sh"


def end_form(c) -> None:
    """c.endForm(), the form's resources naming the shadings it paints (reportlab gives a form none)."""
    used, name = dict(c._shadingUsed), c._formData[0]
    c.endForm()
    if used:
        from reportlab.pdfbase.pdfdoc import PDFResourceDictionary, xObjectName
        form = c._doc.idToObject[xObjectName(name)]
        res = PDFResourceDictionary()   # as PDFFormXObject.format makes it, with the shadings
        res.basicFonts()
        res.allProcs()
        if form.XObjects:
            res.XObject = form.XObjects
        res.setShading(used)
        form.Resources = res
