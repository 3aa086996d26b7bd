"""SVG images as vector art: read with svglib (after pnp.layout.svgfiles checked every file it reads), turned into pnp Shapes (paths in face coordinates).

Being Shapes, SVG art prints sharp, is lightened by the ink saver and judged by the print lint like
any drawn element. Simple `<text>` is drawn as text in the game's fonts (pnp.layout.svgtext). What
svglib cannot draw, or what pnp cannot place as plain paths, is refused with the SVG element and its
line: text beyond simple text, embedded bitmaps, patterns, masks, filters and clip paths, and anything
svglib reports it could not read. Linear and radial gradient fills are pnp Gradients
(pnp.layout.svggrad), read by pnp rather than svglib: svglib's own are PDF code a Shape cannot hold.

An SVG from a downloaded project is untrusted: before svglib sees it, every file it would read is
checked here. References (`href`, `xlink:href`, CSS `url()`, `@import`) name the SVG's own elements
(`#id`) or files inside the game folder, never through a link; the SVG and the files it uses count
together against MAX_BYTES and MAX_NODES, and so do the copies every `<use>` makes, counted before
anything is drawn. Every number of the drawn shapes is finite.
"""
from __future__ import annotations

import logging
import math
import os
from functools import lru_cache

from pnp.layout import svggrad
from pnp.layout.svgfiles import MAX_BYTES, MAX_NODES, REFUSED, SvgError, _Files  # noqa: F401  (the limits, named here too)

_K = 0.5522847498   # the bezier circle constant


@lru_cache(maxsize=64)
def load(path: str, root: str | None = None) -> tuple:
    """(pieces in SVG points with y down, width, height) of an SVG file, or raise SvgError. `root`:
    the game folder, inside which every file the SVG uses must lie (default: the SVG's own folder)."""
    from pnp.templates.templating import MAX_SECONDS, TemplateTimeout
    try:
        return _load(path, root)
    except TemplateTimeout:   # the face's time limit: said once for the file, not again for every card
        raise SvgError(f"reading it took longer than {MAX_SECONDS:g} s of CPU (too many elements, uses or "
                       "styles): simplify it in your editor") from None


def _load(path: str, root: str | None) -> tuple:
    files = _Files(os.path.realpath(root or os.path.dirname(path)), os.path.realpath(path))
    files.read(files.main, None)
    files.expanded()
    try:
        grads = svggrad.read(files.docs[files.main])
    except svggrad.GradientError as e:
        raise SvgError(str(e)) from None
    drawing, complaints = _svglib(files.main, files.root, grads)
    if complaints:
        raise SvgError(f"svglib cannot draw it: {complaints[0]}")
    if drawing is None:
        raise SvgError("svglib could not read it")
    w, h = float(drawing.width), float(drawing.height)
    if not (math.isfinite(w) and math.isfinite(h)):
        raise SvgError(f"its size ({w:g} x {h:g}) is not finite: give it an ordinary width, height or viewBox")
    pieces: list = []
    try:
        _walk(drawing, (1, 0, 0, 1, 0, 0), pieces, drawing.height, grads)
    except RecursionError:
        raise SvgError("its groups are nested too deeply to draw") from None
    return tuple(pieces), w, h


def _svglib(path, root=None, grads=None):
    import inspect
    from svglib.svglib import SvgRenderer
    from pnp.templates.templating import TemplateTimeout
    complaints: list = []
    # svglib's own guard (2.x) as a second wall behind the checks of _Files
    guarded = "external_reference_root" in inspect.signature(SvgRenderer).parameters
    kw = {"external_reference_root": root} if guarded else {}

    class Catch(logging.Handler):
        def emit(self, record):
            complaints.append(record.getMessage())
    log = logging.getLogger("svglib.svglib")
    h = Catch(logging.WARNING)
    log.addHandler(h)
    old = log.propagate
    log.propagate = False
    try:
        drawing = _render(path, kw, grads or {})
    except (TemplateTimeout, SvgError):  # the face's time limit (see load); text pnp does not draw
        raise
    except Exception as e:   # svglib raises many kinds on odd input
        raise SvgError(f"svglib cannot read it ({type(e).__name__}: {e})") from None
    finally:
        log.removeHandler(h)
        log.propagate = old
    return drawing, complaints


def _render(path, kw, grads):
    """svg2rlg, with `<text>` converted by pnp.layout.svgtext (svglib's own measures it in its fonts), and
    a shape filled with a gradient of `grads` marked with its id (svglib's own gradient is PDF code)."""
    from svglib.svglib import SvgRenderer, load_svg_file
    from pnp.layout import svgtext
    root = load_svg_file(path, resolve_entities=False)
    if root is None:
        return None
    renderer = SvgRenderer(path, **kw)
    conv = renderer.shape_converter
    conv.convertText = lambda node: svgtext.convert(conv, node)
    renderer._resolve_gradient = lambda gid: {"pnp": gid} if gid in grads else None
    renderer._apply_gradient_fill = _mark
    return renderer.render(root)


def _mark(item, found):
    """`item` (a shape, or a group holding one) filled with the gradient `found["pnp"]`."""
    from reportlab.graphics import shapes as S
    stack = [item]
    while stack:
        node = stack.pop()
        if isinstance(node, S.Group):
            stack.extend(node.contents)
        else:
            node.__dict__["_pnp_gradient"] = found["pnp"]   # reportlab checks the attributes it knows
    return item


def _mul(p, q):
    a, b, c, d, e, f = p
    A, B, C, D, E, F = q
    return (a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D, a * E + c * F + e, b * E + d * F + f)


def _hex(col):
    if col is None:
        return None
    r, g, b = (max(0, min(255, round(v * 255))) if math.isfinite(v) else 0 for v in col.rgb())
    return f"#{r:02x}{g:02x}{b:02x}"


def _walk(node, m, out, height, grads):
    from reportlab.graphics import shapes as S
    if isinstance(node, S.Group):   # Drawing is a Group
        m2 = _mul(m, tuple(node.transform)) if getattr(node, "transform", None) else m
        for child in node.contents:
            _walk(child, m2, out, height, grads)
        return
    if isinstance(node, S.String):
        from pnp.layout import svgtext
        if not isinstance(node, svgtext.Block):
            raise SvgError("text is not drawn: convert it to outlines (paths) in your editor")
        out.append(svgtext.text_piece(node, m, height))
        return
    if isinstance(node, S.Image):
        raise SvgError("embedded bitmaps are not drawn")
    subpaths = _subpaths(node)
    if subpaths is None:
        raise SvgError(f"cannot draw an SVG {type(node).__name__}")
    fill, gradient = _hex(getattr(node, "fillColor", None)), None
    gid, stops_alpha = node.__dict__.get("_pnp_gradient"), 1.0
    if gid is not None:   # the gradient in the art's coordinates (y down, as the points below)
        box = _box(subpaths)
        got = box and svggrad.paint(grads[gid], box, _mul((1, 0, 0, -1, 0, height), m))
        fill, gradient = (got[2][-1][1], got) if isinstance(got, tuple) else (got, None)
        stops_alpha = grads[gid].alpha
    stroke = _hex(getattr(node, "strokeColor", None))
    width = float(getattr(node, "strokeWidth", 1) or 0)
    if not width > 0:   # SVG: a negative stroke-width is an error, drawn as none
        stroke = None
    if isinstance(node, (S.Line, S.PolyLine)):
        fill = None
    if not (fill or stroke):
        return
    alpha = 1.0
    for attr, paint, k in (("fillOpacity", fill, stops_alpha), ("strokeOpacity", stroke, 1.0)):
        v = getattr(node, attr, None)
        if paint and (v is not None or k < 1):
            alpha = min(alpha, (1.0 if v is None else float(v)) * k)
    for attr, paint in (("fillColor", fill), ("strokeColor", stroke)):
        col = getattr(node, attr, None)
        if paint and col is not None and getattr(col, "alpha", 1) is not None:
            alpha = min(alpha, float(col.alpha))
    alpha = max(0.0, alpha) if math.isfinite(alpha) else 1.0   # SVG clamps opacity to 0–1
    a, b, c, d, e, f = m
    ops = []
    for op in subpaths:   # points from y-up drawing space to y-down image space
        pts = [(a * x + c * y + e, height - (b * x + d * y + f)) for x, y in zip(op[1::2], op[2::2])]
        ops.append((op[0], *[v for p in pts for v in p]))
    scale = math.sqrt(abs(a * d - b * c))
    dash = getattr(node, "strokeDashArray", None)
    dash = tuple(float(x) * scale for x in dash) if dash and not isinstance(dash, (int, float)) else None
    if dash and (min(dash) < 0 or not any(dash)):   # SVG: a negative or all-zero dash array draws a solid line
        dash = None
    miter = float(getattr(node, "strokeMiterLimit", 4) or 4)
    join = (int(getattr(node, "strokeLineJoin", 0) or 0), int(getattr(node, "strokeLineCap", 0) or 0),
            max(1.0, miter) if math.isfinite(miter) else miter)
    if not stroke and not math.isfinite(width * scale):
        width = 0.0   # not drawn
    nums = [v for op in ops for v in op[1:]] + [width * scale, join[2], *(dash or ())]
    if not all(map(math.isfinite, nums)):
        raise SvgError("a shape's numbers are not finite once transformed (a `transform` such as `scale(1e308)` "
                       "or `rotate(nan)`, or a number too large): give ordinary numbers")
    out.append({"ops": tuple(ops), "fill": fill, "stroke": stroke, "width": width * scale, "opacity": alpha, "join": join,
                "dash": dash, "gradient": gradient if fill else None})


def _ellipse(cx, cy, rx, ry):
    qx, qy = rx * _K, ry * _K
    return [("M", cx + rx, cy), ("C", cx + rx, cy + qy, cx + qx, cy + ry, cx, cy + ry),
            ("C", cx - qx, cy + ry, cx - rx, cy + qy, cx - rx, cy),
            ("C", cx - rx, cy - qy, cx - qx, cy - ry, cx, cy - ry),
            ("C", cx + qx, cy - ry, cx + rx, cy - qy, cx + rx, cy), ("Z",)]


def _box(ops):
    """The box (x0, y0, x1, y1) a path covers, its curves' extremes rather than their control points (SVG's
    objectBoundingBox), or None."""
    xs, ys, cur, start = [], [], (0.0, 0.0), (0.0, 0.0)
    for op in ops:
        if op[0] == "Z":
            cur = start
            continue
        if op[0] == "C":
            for t in _extremes(cur, op[1:7]):
                s = 1 - t
                xs.append(s ** 3 * cur[0] + 3 * s * s * t * op[1] + 3 * s * t * t * op[3] + t ** 3 * op[5])
                ys.append(s ** 3 * cur[1] + 3 * s * s * t * op[2] + 3 * s * t * t * op[4] + t ** 3 * op[6])
        cur = op[-2:]
        start = cur if op[0] == "M" else start
        xs.append(cur[0])
        ys.append(cur[1])
    return (min(xs), min(ys), max(xs), max(ys)) if xs else None


def _extremes(p0, c):
    """The parameters in (0, 1) where a cubic from p0 through c (x1, y1, x2, y2, x, y) turns in x or y."""
    for i in (0, 1):
        p, q, r, s = p0[i], c[i], c[2 + i], c[4 + i]
        a, b, k = -p + 3 * q - 3 * r + s, 2 * (p - 2 * q + r), q - p   # B'(t) / 3 = a t² + b t + k
        if abs(a) < 1e-12:
            roots = [-k / b] if abs(b) > 1e-12 else []
        else:
            disc = b * b - 4 * a * k
            roots = [(-b + sign * math.sqrt(disc)) / (2 * a) for sign in (1, -1)] if disc >= 0 else []
        yield from (t for t in roots if 0 < t < 1)


def _subpaths(node):
    """Path ops (M L C Z with points) of a reportlab shape in its own coordinates, or None."""
    from reportlab.graphics import shapes as S
    if isinstance(node, S.Rect):
        x, y, w, h = node.x, node.y, node.width, node.height
        rx, ry = min(node.rx or 0, w / 2), min(node.ry or node.rx or 0, h / 2)
        if not rx or not ry:
            return [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]
        qx, qy = rx * _K, ry * _K
        return [("M", x + rx, y), ("L", x + w - rx, y), ("C", x + w - rx + qx, y, x + w, y + ry - qy, x + w, y + ry),
                ("L", x + w, y + h - ry), ("C", x + w, y + h - ry + qy, x + w - rx + qx, y + h, x + w - rx, y + h),
                ("L", x + rx, y + h), ("C", x + rx - qx, y + h, x, y + h - ry + qy, x, y + h - ry),
                ("L", x, y + ry), ("C", x, y + ry - qy, x + rx - qx, y, x + rx, y), ("Z",)]
    if isinstance(node, S.Circle):
        return _ellipse(node.cx, node.cy, node.r, node.r)
    if isinstance(node, S.Ellipse):
        return _ellipse(node.cx, node.cy, node.rx, node.ry)
    if isinstance(node, S.Line):
        return [("M", node.x1, node.y1), ("L", node.x2, node.y2)]
    if isinstance(node, (S.PolyLine, S.Polygon)):
        p = node.points
        pts = list(zip(p[0::2], p[1::2]))
        if not pts:
            return []
        ops = [("M", *pts[0])] + [("L", *q) for q in pts[1:]]
        return ops + [("Z",)] if isinstance(node, S.Polygon) else ops
    if isinstance(node, S.Path):
        ops, i = [], 0
        pts = node.points
        for o in node.operators:
            if o == 0:
                ops.append(("M", pts[i], pts[i + 1]))
                i += 2
            elif o == 1:
                ops.append(("L", pts[i], pts[i + 1]))
                i += 2
            elif o == 2:
                ops.append(("C", *pts[i:i + 6]))
                i += 6
            elif o == 3:
                ops.append(("Z",))
        return ops
    return None


def place(pieces, iw, ih, x, y, w, h, fit, fonts=None):
    """Shapes (and text runs, in `fonts`) of the loaded art placed in the box (contain: centred, whole;
    stretch: filling it), or
    SvgError when a number of them would lie beyond any page (art far outside its own drawing, or a
    drawing of almost no size blown up to the box)."""
    from pnp.layout.checks import MAX_LENGTH
    from pnp.core.pieces import Shape, bounds
    if fit == "stretch":
        sx, sy = w / iw, h / ih
        dx, dy = x, y
    else:
        s = min(w / iw, h / ih)
        sx = sy = s
        dx, dy = x + (w - iw * s) / 2, y + (h - ih * s) / 2
    k = math.sqrt(abs(sx * sy))
    out = []
    for p in pieces:
        if "text" in p:
            from pnp.layout import svgtext
            runs = svgtext.place(p, (sx, 0.0, 0.0, sy, dx, dy), fonts)
            if not all(-MAX_LENGTH <= v <= MAX_LENGTH for r in runs for v in (r.x, r.y, r.size)):
                raise SvgError("its text reaches beyond 5 m once placed in the box: keep the art inside its viewBox")
            out.extend(runs)
            continue
        ops = tuple((op[0], *[v * (sx if i % 2 == 0 else sy) + (dx if i % 2 == 0 else dy)
                              for i, v in enumerate(op[1:])]) for op in p["ops"])
        fill, gradient = p["fill"], None
        if p.get("gradient") and ops:   # into the face, over the shape's box there
            kind, coords, stops, m = p["gradient"]
            gradient = svggrad.place(kind, coords, stops, _mul((sx, 0.0, 0.0, sy, dx, dy), m), bounds(ops))
            fill = gradient.colour
        out.append(Shape(ops, fill=fill, stroke=p["stroke"], width=p["width"] * k,
                         dash=tuple(v * k for v in p["dash"]) if p["dash"] else None, opacity=p["opacity"],
                         join=p["join"] if p["stroke"] else None, gradient=gradient))
        nums = [v for op in ops for v in op[1:]] + [out[-1].width, *(out[-1].dash or ())]
        if not all(-MAX_LENGTH <= v <= MAX_LENGTH for v in nums):   # also NaN
            raise SvgError("its shapes reach beyond 5 m once placed in the box (shapes far outside its drawing, "
                           "or a drawing of almost no size): keep the art inside its viewBox")
    return out
