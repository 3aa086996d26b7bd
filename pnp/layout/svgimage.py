"""SVG images as vector art: read with svglib, turned into pnp Shapes (paths in face coordinates).

Being Shapes, SVG art prints sharp, is lightened by the ink saver and judged by the print lint like
any drawn element. What svglib cannot draw, or what pnp cannot place as plain paths, is refused with
the SVG element and its line: text (convert it to outlines), embedded bitmaps, gradients, patterns,
masks, filters and clip paths, and anything svglib reports it could not read.

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
import re
from functools import lru_cache

MAX_BYTES = 8 * 1024 * 1024   # the SVG and every file it uses, together
MAX_NODES = 100_000           # their elements, and the elements drawn once every <use> is expanded
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
OUTSIDE = ("refers to `{ref}`, which is not inside the game folder (SVG art may refer to its own elements, "
           "`#id`, and to files inside the game folder, not through links)")
_K = 0.5522847498
_TOKEN = re.compile(r"""\s*(?:(['"])(.*?)(?:\1|$)|([^\s;'"]*))""", re.S)   # after `@import`: a string or a word
_SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
_HREFS = ("href", "{http://www.w3.org/1999/xlink}href")


class SvgError(ValueError):
    pass


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
    drawing, complaints = _svglib(files.main, files.root)
    if complaints:
        raise SvgError(f"svglib cannot draw it: {complaints[0]}")
    if drawing is None:
        raise SvgError("svglib could not read it")
    w, h = float(drawing.width), float(drawing.height)
    if not (math.isfinite(w) and math.isfinite(h)):
        raise SvgError(f"its size ({w:g} x {h:g}) is not finite: give it an ordinary width, height or viewBox")
    pieces: list = []
    try:
        _walk(drawing, (1, 0, 0, 1, 0, 0), pieces, drawing.height)
    except RecursionError:
        raise SvgError("its groups are nested too deeply to draw") from None
    return tuple(pieces), w, h


class _Files:
    """The SVG files one drawing reads, each read once after its references were checked; their bytes,
    elements and `<use>` copies counted together."""

    def __init__(self, root: str, main: str):
        self.root, self.main = root, main
        self.docs: dict = {}     # real path → root element
        self.uses: dict = {}     # <use> element → (file, fragment or None) it copies
        self.ids: dict = {}      # (file, id) → elements with that id
        self.where: dict = {}    # <use> element → (file, its href), for messages
        self.inside: set = set()  # (reference, file) found inside the root, not through a link
        self.bytes = self.nodes = 0

    def name(self, path: str) -> str:
        return os.path.relpath(path, self.root).replace(os.sep, "/")

    def read(self, path: str, by):
        """The root element of an SVG file, read and checked; `by`: the `<use>` line that pulls it in."""
        from lxml import etree
        from pnp.content.yamlfile import special_file
        if path in self.docs:
            return self.docs[path]
        main = path == self.main
        odd = special_file(path)
        if odd:   # a pipe would block the build for ever
            raise SvgError(f"the SVG is {odd}, not a regular file")
        room = MAX_BYTES - self.bytes
        with open(path, "rb") as f:
            data = f.read(room + 1)
        if len(data) > room:
            raise SvgError(f"the SVG is larger than {MAX_BYTES // 1024 // 1024} MB" if main else
                           f"the SVG and the files it uses are larger than {MAX_BYTES // 1024 // 1024} MB together "
                           f"({by} uses `{self.name(path)}`)")
        self.bytes += len(data)
        where = "" if main else f" (`{self.name(path)}`, used at {by})"
        try:
            root = etree.fromstring(data, etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False))
        except etree.XMLSyntaxError as e:
            raise SvgError(f"not a readable SVG{where} ({e})") from None
        if root.tag.split("}")[-1] != "svg":
            raise SvgError(f"not an SVG{where} (its root element is not <svg>)")
        self.docs[path] = root
        self._scan(root, path)
        return root

    def _scan(self, root, path: str):
        main = path == self.main
        for node in root.iter():
            self.nodes += 1
            if self.nodes > MAX_NODES:
                raise SvgError(f"more than {MAX_NODES:,} SVG elements" + ("" if main and len(self.docs) == 1 else
                                                                          " in it and the files it uses"))
            if not isinstance(node.tag, str):
                continue
            tag = node.tag.split("}")[-1]
            if node.get(_HREFS[0]) is not None or node.get(_HREFS[1]) is not None or tag == "style" or \
                    any("(" in v and "url(" in v.lower() for v in node.attrib.values()):   # (most have none)
                for ref, offset in _refs(node, tag):
                    self._ref(ref, path, node, tag, offset)
            if tag in REFUSED:
                at = f"line {node.sourceline}" if main else f"{self.name(path)}:{node.sourceline}"
                raise SvgError(f"{at}: <{tag}>: {REFUSED[tag]}")
            nid = node.get("id")
            if nid is not None:
                self.ids.setdefault((path, nid), []).append(node)

    def _at(self, path, node, tag, offset=None) -> str:
        """`file:line: <tag>` of a reference (offset: where in the text of a <style> it stands)."""
        line = node.sourceline + (node.text.count("\n", 0, offset) if offset is not None else 0)
        return f"{self.name(path)}:{line}: <{tag}>"

    def _ref(self, ref: str, path: str, node, tag: str, offset):
        iri, _, fragment = ref.partition("#")
        target = self._inside(iri, path, ref, lambda: self._at(path, node, tag, offset)) if iri else path
        if tag != "use" or ref != (node.get(_HREFS[1]) or node.get(_HREFS[0])):   # the one svglib follows
            return
        at = self._at(path, node, tag)
        self.where[node] = at, ref
        if target == path and not fragment:
            return   # svglib ignores a use of its own file as a whole
        if target != path:
            from pnp.content.yamlfile import special_file
            if not os.path.lexists(target):
                raise SvgError(f"{at} refers to `{ref}`, which does not exist")
            odd = special_file(target)
            if odd:
                raise SvgError(f"{at} refers to `{ref}`, which is {odd}, not a regular file")
            if not target.endswith(".svg"):   # svglib reads any other file as a bitmap
                raise SvgError(f"{at} can use SVG files only (`{ref}`)")
            self.read(target, at)
        self.uses[node] = target, fragment or None

    def _inside(self, iri: str, path: str, ref: str, at) -> str:
        """The file a relative reference names, as svglib finds it, when inside the root and reached
        without a link; else SvgError (`at()`: where the reference stands)."""
        target = os.path.normpath(os.path.join(os.path.dirname(path), iri))
        if (iri, target) in self.inside:   # the same reference again (a style may repeat one a million times)
            return target
        inside = not (_SCHEME.match(iri) or os.path.isabs(iri) or iri.startswith("\\")) and \
            os.path.commonpath([self.root, target]) == self.root
        step = self.root
        for part in os.path.relpath(target, self.root).split(os.sep) if inside else ():
            step = os.path.join(step, part)
            inside = inside and not os.path.islink(step)
        if not inside:
            raise SvgError(f"{at()} {OUTSIDE.format(ref=ref)}")
        self.inside.add((iri, target))
        return target

    def expanded(self):
        """Count the elements svglib will draw, every `<use>` copying its target, before it draws them:
        a fan-out (use of use of use …) is refused here, not after minutes and gigabytes."""
        if not self.uses:
            return   # each element drawn once: counted while reading
        cost: dict = {}
        total = 0
        for root in self.docs.values():   # svglib renders every file it uses whole, once
            total += self._cost(root, cost)
            if total > MAX_NODES:
                raise SvgError(f"more than {MAX_NODES:,} SVG elements once every <use> is expanded")

    def _cost(self, start, cost: dict) -> int:
        """Elements drawn for `start` and all it holds and uses, counted up to MAX_NODES + 1 (depth-first,
        without recursion: a chain of uses may be long)."""
        limit = MAX_NODES + 1
        stack, entered = [(start, False)], set()
        while stack:
            node, done = stack.pop()
            if node in cost:
                continue
            deps = list(node)
            if node in self.uses:
                file, fragment = self.uses[node]
                deps += self.ids.get((file, fragment), []) if fragment else [self.docs[file]]
            if done:
                cost[node] = min(limit, 1 + sum(cost.get(d, 0) for d in deps))
                entered.discard(node)
                continue
            entered.add(node)
            stack.append((node, True))
            for d in deps:
                if d in entered:
                    at, ref = self.where.get(node, (f"line {node.sourceline}", ""))
                    raise SvgError(f"{at} refers to `{ref}`, which holds this <use> itself (a loop)")
                if d not in cost:
                    stack.append((d, False))
        return cost[start]


def _refs(node, tag):
    """(reference, offset in a <style>'s text or None) of every file or element an element names."""
    if tag != "a":   # a hyperlink is not read
        for key in _HREFS:
            if node.get(key) is not None:
                yield node.get(key), None
    for value in node.attrib.values():
        if "url(" in value.lower():
            yield from ((ref, None) for ref, _ in _css_refs(value))
    if tag == "style" and node.text:
        yield from _css_refs(node.text)


def _css_refs(text: str):
    """(reference, offset) of every `url(…)` and `@import` in CSS text, in one pass from left to right
    (a regular expression retried at every `url(` of a long text without `)` would take hours)."""
    low, pos, u, i = text.lower(), 0, -2, -2
    while True:
        u = low.find("url(", pos) if -1 != u < pos else u   # each searched again only once passed
        i = low.find("@import", pos) if -1 != i < pos else i
        if i >= 0 and (u < 0 or i < u):
            m = _TOKEN.match(text, i + 7)
            if m.group(3) is None or not m.group(3).lower().startswith("url("):
                yield (m.group(2) if m.group(3) is None else m.group(3)), i
                pos = max(m.end(), i + 7)
                continue
            u = i + 7 + low[i + 7:m.end()].index("url(")
        if u < 0:
            return
        end = text.find(")", u + 4)
        ref = (text[u + 4:] if end < 0 else text[u + 4:end]).strip()
        if len(ref) > 1 and ref[0] in "'\"" and ref[-1] == ref[0]:
            ref = ref[1:-1]
        yield ref, u
        if end < 0:
            return
        pos = end + 1


def _svglib(path, root=None):
    import inspect
    from svglib.svglib import SvgRenderer, svg2rlg
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
        drawing = svg2rlg(path, **kw)
    except TemplateTimeout:  # the face's time limit (see load)
        raise
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
    r, g, b = (max(0, min(255, round(v * 255))) if math.isfinite(v) else 0 for v in col.rgb())
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
    if not width > 0:   # SVG: a negative stroke-width is an error, drawn as none
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
                "dash": dash})


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
    """Shapes of the loaded art placed in the box (contain: centred, whole; stretch: filling it), or
    SvgError when a number of them would lie beyond any page (art far outside its own drawing, or a
    drawing of almost no size blown up to the box)."""
    from pnp.layout.checks import MAX_LENGTH
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
        nums = [v for op in ops for v in op[1:]] + [out[-1].width, *(out[-1].dash or ())]
        if not all(-MAX_LENGTH <= v <= MAX_LENGTH for v in nums):   # also NaN
            raise SvgError("its shapes reach beyond 5 m once placed in the box (shapes far outside its drawing, "
                           "or a drawing of almost no size): keep the art inside its viewBox")
    return out
