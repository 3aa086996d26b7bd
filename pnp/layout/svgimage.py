"""SVG images as vector art: read with svglib, turned into pnp Shapes (paths in face coordinates).

Being Shapes, SVG art prints sharp, is lightened by the ink saver and judged by the print lint like
any drawn element. What svglib cannot draw, or what pnp cannot place as plain paths, is refused with
the SVG element and its line: text (convert it to outlines), embedded bitmaps, gradients, patterns,
masks, filters and clip paths, and anything svglib reports it could not read.
"""
from __future__ import annotations

import logging
import math
from functools import lru_cache

MAX_BYTES = 8 * 1024 * 1024
MAX_NODES = 100_000
REFUSED = {
    "text": "text is not drawn: convert it to outlines (paths) in your editor",
    "image": "embedded bitmaps are not drawn: export the bitmap as a PNG and place it with its own image element",
    "linearGradient": "gradients are not drawn: use flat colours",
    "radialGradient": "gradients are not drawn: use flat colours",
    "pattern": "patterns are not drawn: use flat colours or paths",
    "mask": "masks are not drawn: flatten the art in your editor",
    "filter": "filters (blur, shadow …) are not drawn: flatten the art in your editor",
    "clipPath": "clip paths are not drawn: flatten the art in your editor (e.g. Path → Intersection)",
    "foreignObject": "foreign objects (HTML) are not drawn",
}
_K = 0.5522847498


class SvgError(ValueError):
    pass


@lru_cache(maxsize=64)
def load(path: str) -> tuple:
    """(pieces in SVG points with y down, width, height) of an SVG file, or raise SvgError."""
    from lxml import etree
    with open(path, "rb") as f:
        data = f.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise SvgError(f"the SVG is larger than {MAX_BYTES // 1024 // 1024} MB")
    try:
        root = etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False))
    except etree.XMLSyntaxError as e:
        raise SvgError(f"not a readable SVG ({e})") from None
    if root.tag.split("}")[-1] != "svg":
        raise SvgError("not an SVG (its root element is not <svg>)")
    n = 0
    for node in root.iter():
        n += 1
        if n > MAX_NODES:
            raise SvgError(f"more than {MAX_NODES:,} SVG elements")
        tag = node.tag.split("}")[-1] if isinstance(node.tag, str) else ""
        if tag in REFUSED:
            raise SvgError(f"line {node.sourceline}: <{tag}>: {REFUSED[tag]}")
    drawing, complaints = _svglib(path)
    if complaints:
        raise SvgError(f"svglib cannot draw it: {complaints[0]}")
    if drawing is None:
        raise SvgError("svglib could not read it")
    pieces: list = []
    _walk(drawing, (1, 0, 0, 1, 0, 0), pieces, drawing.height)
    return tuple(pieces), float(drawing.width), float(drawing.height)


def _svglib(path):
    from svglib.svglib import svg2rlg
    complaints: list = []

    class Catch(logging.Handler):
        def emit(self, record):
            complaints.append(record.getMessage())
    log = logging.getLogger("svglib.svglib")
    h = Catch(logging.WARNING)
    log.addHandler(h)
    old = log.propagate
    log.propagate = False
    try:
        drawing = svg2rlg(path)
    except Exception as e:   # svglib raises many kinds on odd input
        raise SvgError(f"svglib cannot read it ({type(e).__name__}: {e})") from None
    finally:
        log.removeHandler(h)
        log.propagate = old
    return drawing, complaints


def _mul(p, q):
    a, b, c, d, e, f = p
    A, B, C, D, E, F = q
    return (a * A + c * B, b * A + d * B, a * C + c * D, b * C + d * D, a * E + c * F + e, b * E + d * F + f)


def _hex(col):
    if col is None:
        return None
    r, g, b = (max(0, min(255, round(v * 255))) for v in col.rgb())
    return f"#{r:02x}{g:02x}{b:02x}"


def _walk(node, m, out, height):
    from reportlab.graphics import shapes as S
    if isinstance(node, S.Group):   # Drawing is a Group
        m2 = _mul(m, tuple(node.transform)) if getattr(node, "transform", None) else m
        for child in node.contents:
            _walk(child, m2, out, height)
        return
    if isinstance(node, S.String):
        raise SvgError("text is not drawn: convert it to outlines (paths) in your editor")
    if isinstance(node, S.Image):
        raise SvgError("embedded bitmaps are not drawn")
    subpaths = _subpaths(node)
    if subpaths is None:
        raise SvgError(f"cannot draw an SVG {type(node).__name__}")
    fill = _hex(getattr(node, "fillColor", None))
    stroke = _hex(getattr(node, "strokeColor", None))
    width = float(getattr(node, "strokeWidth", 1) or 0)
    if not width:
        stroke = None
    if isinstance(node, (S.Line, S.PolyLine)):
        fill = None
    if not (fill or stroke):
        return
    alpha = 1.0
    for attr, paint in (("fillOpacity", fill), ("strokeOpacity", stroke)):
        v = getattr(node, attr, None)
        if paint and v is not None:
            alpha = min(alpha, float(v))
    for attr, paint in (("fillColor", fill), ("strokeColor", stroke)):
        col = getattr(node, attr, None)
        if paint and col is not None and getattr(col, "alpha", 1) is not None:
            alpha = min(alpha, float(col.alpha))
    a, b, c, d, e, f = m
    ops = []
    for op in subpaths:   # points from y-up drawing space to y-down image space
        pts = [(a * x + c * y + e, height - (b * x + d * y + f)) for x, y in zip(op[1::2], op[2::2])]
        ops.append((op[0], *[v for p in pts for v in p]))
    scale = math.sqrt(abs(a * d - b * c))
    dash = getattr(node, "strokeDashArray", None)
    join = (int(getattr(node, "strokeLineJoin", 0) or 0), int(getattr(node, "strokeLineCap", 0) or 0),
            float(getattr(node, "strokeMiterLimit", 4) or 4))
    out.append({"ops": tuple(ops), "fill": fill, "stroke": stroke, "width": width * scale, "opacity": alpha, "join": join,
                "dash": tuple(float(x) * scale for x in dash) if dash else None})


def _ellipse(cx, cy, rx, ry):
    qx, qy = rx * _K, ry * _K
    return [("M", cx + rx, cy), ("C", cx + rx, cy + qy, cx + qx, cy + ry, cx, cy + ry),
            ("C", cx - qx, cy + ry, cx - rx, cy + qy, cx - rx, cy),
            ("C", cx - rx, cy - qy, cx - qx, cy - ry, cx, cy - ry),
            ("C", cx + qx, cy - ry, cx + rx, cy - qy, cx + rx, cy), ("Z",)]


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


def place(pieces, iw, ih, x, y, w, h, fit):
    """Shapes of the loaded art placed in the box (contain: centred, whole; stretch: filling it)."""
    from pnp.core.pieces import Shape
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
        ops = tuple((op[0], *[v * (sx if i % 2 == 0 else sy) + (dx if i % 2 == 0 else dy)
                              for i, v in enumerate(op[1:])]) for op in p["ops"])
        out.append(Shape(ops, fill=p["fill"], stroke=p["stroke"], width=p["width"] * k,
                         dash=tuple(v * k for v in p["dash"]) if p["dash"] else None, opacity=p["opacity"],
                         join=p["join"] if p["stroke"] else None))
    return out
