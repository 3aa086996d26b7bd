"""Gradients of SVG art: `<linearGradient>` and `<radialGradient>` of the SVG a layout names, read from
its elements (after pnp.layout.svgfiles checked the file) and drawn as pnp Gradients (PDF shadings).

Read: `gradientUnits` (objectBoundingBox, the default, or userSpaceOnUse), `x1 y1 x2 y2`, `cx cy r`,
`gradientTransform` (matrix, translate, scale, rotate, skewX, skewY), `<stop offset stop-color
stop-opacity>` (also in `style=`), and `xlink:href` to another gradient of the same SVG (its stops when
a gradient has none, and the attributes it does not give). `fx`/`fy` (a focus off the centre) are
ignored: the gradient runs from its centre. Refused at their line, with what to do: `spreadMethod`
reflect or repeat, stops that fade between opacities (one opacity for all stops is the shape's
opacity), a gradient on a stroke, `currentColor`, a reference to a gradient in another file or to one
that is not there, a loop of references, and a gradient inside a file the SVG uses.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass

from pnp.core.pieces import Gradient, compose
from pnp.layout.paint import MAX_STOPS
from pnp.layout.svgfiles import GRADIENTS as TAGS

_XLINK = "{http://www.w3.org/1999/xlink}href"
_GEOMETRY = {"linearGradient": {"x1": 0.0, "y1": 0.0, "x2": 1.0, "y2": 0.0},
             "radialGradient": {"cx": 0.5, "cy": 0.5, "r": 0.5}}
_SHARED = ("gradientUnits", "gradientTransform", "spreadMethod")
_URL = re.compile(r"url\(\s*['\"]?#([^'\")\s]+)['\"]?\s*\)")
_STROKE_URL = re.compile(r"stroke\s*:\s*url\(", re.I)
_FILL_URL = re.compile(r"(?:^|;)\s*fill\s*:\s*(url\([^)]*\))", re.I)
_OP = re.compile(r"\s*,?\s*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^()]*)\)\s*,?")
_NUM = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
IDENTITY = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


EXAMPLE = """<svg xmlns="http://www.w3.org/2000/svg" width="100" height="60" viewBox="0 0 100 60">
  <linearGradient id="sky" x2="0" y2="1">
    <stop offset="0" stop-color="#1e3c72"/><stop offset="100%" style="stop-color: #f6d365"/>
  </linearGradient>
  <radialGradient id="sun"><stop offset="0.3" stop-color="#fff6c0"/><stop offset="1" stop-color="#f39c12"/></radialGradient>
  <radialGradient id="glow" href="#sun" gradientTransform="translate(0 0.1) scale(1 0.8)"/>
  <rect width="100" height="60" fill="url(#sky)"/>
  <circle cx="70" cy="22" r="12" fill="url(#sun)"/>
  <ellipse cx="30" cy="50" rx="25" ry="8" fill="url(#glow)"/>
</svg>"""   # docs/reference.md shows it; tests/test_svg_gradients.py draws it


class GradientError(ValueError):
    pass


@dataclass(frozen=True)
class Def:
    """A gradient as the SVG gives it, its references followed."""
    kind: str          # linear | radial
    box: bool          # objectBoundingBox (coordinates are fractions of the shape's box)
    coords: tuple      # (x1, y1, x2, y2) or (cx, cy, r)
    stops: tuple       # ((position, '#rrggbb'), …), positions rising
    alpha: float       # the opacity of every stop
    matrix: tuple      # gradientTransform


def _tag(node) -> str:
    return node.tag.split("}")[-1] if isinstance(node.tag, str) else ""


def _bad(node, what: str) -> GradientError:
    return GradientError(f"line {node.sourceline}: <{_tag(node)}>: {what}")


def read(root) -> dict:
    """id → Def of every gradient of an SVG (its root element), or GradientError at the line to blame.
    A fill naming no gradient of the file, or any paint on a stroke, is refused here too."""
    raw = {n.get("id"): n for n in root.iter() if _tag(n) in TAGS and n.get("id") is not None}
    out = {gid: _def(node, raw) for gid, node in raw.items()}
    for node in root.iter():
        tag = _tag(node)
        if not tag:   # a comment
            continue
        if tag == "style" and node.text and _STROKE_URL.search(node.text):
            raise _bad(node, STROKE)
        style = node.get("style") or ""
        if "url(" in (node.get("stroke") or "") or _STROKE_URL.search(style):
            raise _bad(node, STROKE)
        fills = [node.get("fill") or ""] + _FILL_URL.findall(style)
        for gid in (m.group(1) for f in fills for m in [_URL.search(f)] if m):
            if gid not in out:
                raise _bad(node, f"its fill refers to `#{gid}`, which is no gradient of this SVG: "
                                 "give a flat colour, or the id of a <linearGradient> or <radialGradient> in this file")
    return out


STROKE = ("a gradient on a stroke is not drawn: give the stroke a flat colour, or turn it into a shape in your editor "
          "(Inkscape: Path → Stroke to Path) and fill that with the gradient")


def _chain(node, raw) -> list:
    """The gradient and those it refers to, nearest first."""
    chain, seen = [node], {id(node)}
    while True:
        href = chain[-1].get(_XLINK) or chain[-1].get("href")
        if href is None:
            return chain
        if not href.startswith("#"):
            raise _bad(chain[-1], f"refers to `{href}`: a gradient here may refer to its own gradients only (`#id`); "
                                  "copy the gradient into this SVG")
        target = raw.get(href[1:])
        if target is None:
            raise _bad(chain[-1], f"refers to `{href}`, which is no gradient of this SVG")
        if id(target) in seen:
            raise _bad(chain[-1], f"refers to `{href}`, which refers back to it (a loop): remove one reference")
        seen.add(id(target))
        chain.append(target)


def _def(node, raw) -> Def:
    chain = _chain(node, raw)
    tag = _tag(node)

    def attr(name):
        for n in chain:
            if n.get(name) is not None and (name in _SHARED or _tag(n) == tag):
                return n, n.get(name)
        return node, None

    _at, spread = attr("spreadMethod")
    if spread is not None and spread.strip() != "pad":
        raise _bad(_at, f"spreadMethod `{spread}` is not drawn: use `pad` (the end colours continue), or repeat the "
                        "stops within one gradient")
    _at, units = attr("gradientUnits")
    units = (units or "objectBoundingBox").strip()
    if units not in ("objectBoundingBox", "userSpaceOnUse"):
        raise _bad(_at, f"gradientUnits `{units}` is neither `objectBoundingBox` nor `userSpaceOnUse`")
    coords = tuple(_length(*attr(name), name, default, units) for name, default in _GEOMETRY[tag].items())
    _at, transform = attr("gradientTransform")
    matrix = _transform(_at, transform) if transform is not None else IDENTITY
    holder = next((n for n in chain if any(_tag(s) == "stop" for s in n)), node)
    stops, alpha = _stops([s for s in holder if _tag(s) == "stop"])
    return Def("linear" if tag == TAGS[0] else "radial", units == "objectBoundingBox", coords, stops, alpha, matrix)


def _length(node, value, name, default, units) -> float:
    if value is None:
        return default
    v = value.strip()
    scale = 1.0
    if v.endswith("%"):
        if units == "userSpaceOnUse":
            raise _bad(node, f"`{name}` is a percentage, which a userSpaceOnUse gradient cannot take here: give user "
                             "units (numbers), or use gradientUnits=\"objectBoundingBox\"")
        v, scale = v[:-1], 100.0
    v = v.removesuffix("px")
    got = float(v) / scale if _NUM.fullmatch(v.strip()) else math.nan
    if not math.isfinite(got) or abs(got) > 1e6:
        raise _bad(node, f"`{name}` is `{value}`: give a number (or a percentage)")
    return got


def _transform(node, text: str) -> tuple:
    """The matrix of a gradientTransform, or GradientError naming what cannot be read."""
    m, pos, end = IDENTITY, 0, len(text.rstrip())
    shapes = {"matrix": (6,), "translate": (1, 2), "scale": (1, 2), "rotate": (1, 3), "skewX": (1,), "skewY": (1,)}
    while pos < end:
        op = _OP.match(text, pos)
        nums = [float(x) for x in _NUM.findall(op.group(2))] if op else []
        if not op or len(nums) not in shapes[op.group(1)] or _NUM.sub("", op.group(2)).strip(" \t\r\n,") or \
                not all(math.isfinite(v) and abs(v) <= 1e6 for v in nums):
            rest = text[pos:].strip()[:40]
            raise _bad(node, f"gradientTransform `{text.strip()[:80]}` cannot be read at `{rest}`: give matrix(a b c d "
                             "e f), translate, scale, rotate, skewX or skewY with their numbers")
        m = compose(m, _one(op.group(1), nums))
        pos = op.end()
    return m


def _one(kind: str, n: list) -> tuple:
    if kind == "matrix":
        return tuple(n)
    if kind == "translate":
        return (1.0, 0.0, 0.0, 1.0, n[0], n[1] if len(n) > 1 else 0.0)
    if kind == "scale":
        return (n[0], 0.0, 0.0, n[1] if len(n) > 1 else n[0], 0.0, 0.0)
    if kind in ("skewX", "skewY"):
        t = math.tan(math.radians(n[0]))
        return (1.0, 0.0, t, 1.0, 0.0, 0.0) if kind == "skewX" else (1.0, t, 0.0, 1.0, 0.0, 0.0)
    a = math.radians(n[0])
    r = (math.cos(a), math.sin(a), -math.sin(a), math.cos(a), 0.0, 0.0)
    if len(n) == 3:   # about (cx, cy)
        return compose(compose((1.0, 0.0, 0.0, 1.0, n[1], n[2]), r), (1.0, 0.0, 0.0, 1.0, -n[1], -n[2]))
    return r


def _stops(nodes) -> tuple:
    """((position, colour), …) and the one opacity of the stops."""
    from pnp.core.colors import ColorError, parse
    if len(nodes) > MAX_STOPS:
        raise _bad(nodes[MAX_STOPS], f"a gradient of more than {MAX_STOPS} stops is not drawn: use fewer")
    out, alphas, last = [], [], 0.0
    for node in nodes:
        style = dict((k.strip(), v.strip()) for k, _c, v in
                     (part.partition(":") for part in (node.get("style") or "").split(";") if ":" in part))
        offset = _length(node, node.get("offset", "0"), "offset", 0.0, "objectBoundingBox")
        last = max(last, min(1.0, max(0.0, offset)))   # SVG: clamped, and never below the stop before
        colour = style.get("stop-color", node.get("stop-color", "black"))
        if colour.strip().lower() in ("currentcolor", "inherit"):
            raise _bad(node, f"stop-color `{colour}` is not drawn: write the colour itself")
        try:
            got = parse(colour)
        except ColorError as e:
            raise _bad(node, f"stop-color: {e}") from None
        opacity = style.get("stop-opacity", node.get("stop-opacity", "1"))
        alpha = _length(node, opacity, "stop-opacity", 1.0, "objectBoundingBox")
        alpha = min(1.0, max(0.0, alpha)) * (getattr(got, "alpha", 1.0) if got else 0.0)
        if alphas and abs(alpha - alphas[0]) > 1e-3:
            raise _bad(node, f"the gradient fades from opacity {alphas[0]:g} to {alpha:g}, which is not drawn: give "
                             "all its stops one stop-opacity (it becomes the shape's), or flatten the fade onto the art "
                             "behind it in your editor")
        alphas.append(alpha)
        out.append((last, "#" + str(got or "#000000")[1:7]))
    return tuple(out), alphas[0] if alphas else 0.0


def paint(d: Def, box: tuple, m: tuple):
    """(kind, coords, stops, matrix) of a gradient filling a shape whose own box is `box` (x0, y0, x1, y1
    in its coordinates), `m` mapping those to the art's; a colour where SVG paints one flat colour (one
    stop, no area, a zero radius); None where it paints nothing (no stops)."""
    if not d.stops:
        return None
    if len(d.stops) == 1:
        return d.stops[0][1]
    x0, y0, x1, y1 = box
    frame = compose(m, compose((x1 - x0, 0.0, 0.0, y1 - y0, x0, y0), d.matrix) if d.box else d.matrix)
    a, b, c, dd = frame[:4]
    small = d.coords[2] <= 0 if d.kind == "radial" else d.coords[:2] == d.coords[2:]
    if small or abs(a * dd - b * c) < 1e-12:
        return d.stops[-1][1]
    return d.kind, d.coords, d.stops, frame


def place(kind, coords, stops, m, box) -> Gradient:
    """The Gradient over a shape's box in face coordinates, `m` mapping the gradient's frame to them: a
    linear one, and a radial one kept round, with plain coordinates; a radial one stretched keeps `m`."""
    a, b, c, d, e, f = m
    det = a * d - b * c
    if kind == "linear":   # t(p) = (p - p0)·n, with n the axis carried through the inverse transpose
        x1, y1, x2, y2 = coords
        dx, dy = x2 - x1, y2 - y1
        k = dx * dx + dy * dy
        nx, ny = (d * dx - b * dy) / det / k, (-c * dx + a * dy) / det / k
        p0x, p0y = a * x1 + c * y1 + e, b * x1 + d * y1 + f
        n2 = nx * nx + ny * ny
        return Gradient.over(kind, (p0x, p0y, p0x + nx / n2, p0y + ny / n2), stops, box)
    cx, cy, r = coords
    tol = 1e-9 * (abs(a) + abs(b) + abs(c) + abs(d))
    if abs(a - d) <= tol and abs(b + c) <= tol or abs(a + d) <= tol and abs(b - c) <= tol:   # circles stay circles
        return Gradient.over(kind, (a * cx + c * cy + e, b * cx + d * cy + f, r * math.sqrt(abs(det))), stops, box)
    return Gradient.over(kind, coords, stops, box, matrix=m)
