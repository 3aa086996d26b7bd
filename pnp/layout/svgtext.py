"""SVG `<text>` and `<tspan>` drawn as text in the game's fonts (pnp.layout.svgimage reads the SVG).

What is drawn: a `<text>` at `x`, `y` (one number each), its characters and those of its `<tspan>`s,
each with its `font-size`, `fill` (an opaque colour, or `none`), `font-family` (mapped to a font role
of the game: `family_role`), `font-weight` (bold) and `font-style` (italic), and `text-anchor` (start,
middle, end) for each chunk of text from an absolute position; a `<tspan>` with its own `x` and `y`
starts a new chunk (a new line, as editors write them), one without continues after the text before
it, measured in the game's font. The text element's `transform` and its groups' transforms turn and
scale it as they do shapes. Being runs of the game's fonts, the text is embedded and subset like
any other (CJK included), judged by the print lint, and drawn as text in the PDF (vectors).

What is refused, with the element and its line: `dx`, `dy`, `rotate`, `textLength`, several numbers
in `x` or `y` (per-character placement), `<textPath>` and any other element inside a `<text>`,
letter and word spacing, decorations, vertical writing, baseline shifts and translucent text.
"""
from __future__ import annotations

import math

from reportlab.graphics.shapes import Group, String

from pnp.layout.svgfiles import SvgError

CONVERT = "convert the text to outlines (paths) in your editor"
REFUSED_ATTRS = ("dx", "dy", "rotate", "textLength", "lengthAdjust")
# style properties with the value(s) that draw as pnp draws: anything else is refused
PLAIN = {"letter-spacing": ("", "normal", "0", "0px"), "word-spacing": ("", "normal", "0", "0px"),
         "text-decoration": ("", "none"), "writing-mode": ("", "lr", "lr-tb", "horizontal-tb"),
         "baseline-shift": ("", "baseline", "0"), "font-variant": ("", "normal"),
         "font-stretch": ("", "normal")}
SERIF_WORDS = ("serif", "times", "georgia", "garamond", "palatino", "cambria", "baskerville", "minion",
               "mincho", "song", "ming", "kai", "book antiqua", "bodoni", "didot", "caslon")


def family_role(family: str, roles) -> str:
    """The game's font role for an SVG `font-family` list: the first name that is a role of the game
    (`sans`, `serif`, `hand` …), or reads as one (`sans-serif` and names with "sans" → sans; `serif`,
    names with "serif" and the well-known serif faces → serif); else `sans`."""
    for name in (n.strip().strip("'\"").strip() for n in (family or "").split(",")):
        low = name.lower()
        if not low:
            continue
        if name in roles:
            return name
        if "sans" in low or low in ("monospace", "system-ui", "cursive", "fantasy"):
            return "sans"
        if any(w in low for w in SERIF_WORDS) and "serif" in roles:
            return "serif"
    return "sans"


def _at(node, tag):
    line = getattr(node, "sourceline", None)
    return f"line {line}: <{tag}>" if line else f"<{tag}>"


def _tag(node) -> str:
    t = node.tag
    return t.split("}")[-1] if isinstance(t, str) else ""


def convert(converter, node):
    """svglib's Svg2RlgShapeConverter.convertText, pnp's way: a Group (in svglib's y-up convention)
    holding one Block with the text's chunks in the SVG's user units; or raise SvgError."""
    from svglib.svglib import iter_text_node
    conv = converter.attrConverter
    space = node.getAttribute("{http://www.w3.org/XML/1998/namespace}space")
    chunks, pen = [], None
    for el in node.iter_subtree():
        _check(el, conv)
    for sub, text, tail in iter_text_node(node, space == "preserve" if space else
                                          bool(getattr(converter, "preserve_space", False))):
        style_node = sub
        size = conv.convertLength(conv.findAttr(style_node, "font-size") or "16")
        if isinstance(size, list) or not (math.isfinite(size) and size > 0):
            raise SvgError(f"{_at(sub, _tag(sub))}: font-size `{conv.findAttr(style_node, 'font-size')}` is not a size")
        start = None
        if not tail and sub is not node and sub.attrib.get("y", "") != "" and sub.attrib.get("x", "") == "":
            raise SvgError(f"{_at(sub, 'tspan')}: a <tspan> with `y` but no `x` is not drawn: give it both "
                           f"(a new line), or {CONVERT}")
        if not tail and (sub is node or sub.attrib.get("x", "") != ""):
            x, y = (_one(conv, sub, a, pen, node) for a in ("x", "y"))
            start = (x, y)
        if not text:
            if start is not None:
                pen = start
                chunks.append({"x": start[0], "y": start[1], "anchor": _anchor(conv, style_node), "runs": []})
            continue
        if start is not None or not chunks:
            start = start or (0.0, 0.0)
            pen = start
            chunks.append({"x": start[0], "y": start[1], "anchor": _anchor(conv, style_node), "runs": []})
        fill = (conv.findAttr(style_node, "fill") or "black").strip()
        if fill == "none":
            color = None
        else:
            col = conv.convertColor(fill)
            if col is None or col == "currentColor":
                raise SvgError(f"{_at(sub, _tag(sub))}: the text's fill `{fill}` is not drawn: give a plain colour")
            color = col
        alphas = [_num(conv.findAttr(style_node, a) or "1") for a in ("opacity", "fill-opacity")]
        alphas.append(getattr(color, "alpha", 1) if color is not None else 1)
        if any(a is not None and a < 1 for a in alphas):
            raise SvgError(f"{_at(sub, _tag(sub))}: translucent text is not drawn: give it an opaque colour, "
                               f"or {CONVERT}")
        weight = (conv.findAttr(style_node, "font-weight") or "normal").strip().lower()
        bold = weight in ("bold", "bolder") or (weight.isdigit() and int(weight) >= 600)
        italic = (conv.findAttr(style_node, "font-style") or "normal").strip().lower() in ("italic", "oblique")
        chunks[-1]["runs"].append({"text": text, "size": float(size), "family": conv.findAttr(style_node, "font-family"),
                                   "color": color, "bold": bold, "italic": italic})
    group = Group()
    group.add(Block(chunks))
    group.scale(1, -1)   # as svglib's own text: its y-up drawing holds the SVG's y-down text
    return group


def _num(v) -> float:
    try:
        return float(v)
    except ValueError:
        return 1.0


def _anchor(conv, node) -> str:
    a = (conv.findAttr(node, "text-anchor") or "start").strip()
    if a not in ("start", "middle", "end"):
        raise SvgError(f"{_at(node, _tag(node))}: text-anchor `{a}` is not drawn: use start, middle or end")
    return a


def _one(conv, node, attr, pen, text_node) -> float:
    raw = node.attrib.get(attr, "")
    if raw == "":
        if node is text_node or pen is None:
            return 0.0
        return pen[0 if attr == "x" else 1]
    v = conv.convertLength(raw, attr_name=attr)
    if isinstance(v, list):
        raise SvgError(f"{_at(node, _tag(node))}: `{attr}` with several numbers (a place for each character) "
                       f"is not drawn: {CONVERT}")
    if not math.isfinite(v):
        raise SvgError(f"{_at(node, _tag(node))}: `{attr}` is not a finite number")
    return float(v)


def _check(el, conv):
    tag = _tag(el)
    if tag not in ("text", "tspan"):
        if tag in ("title", "desc") or not tag:
            return
        raise SvgError(f"{_at(el, tag)} inside a <text> is not drawn: {CONVERT}")
    for attr in REFUSED_ATTRS:
        if el.attrib.get(attr, "") != "":
            raise SvgError(f"{_at(el, tag)}: `{attr}` is not drawn: {CONVERT}")
    if tag == "tspan" and el.attrib.get("transform"):
        raise SvgError(f"{_at(el, tag)}: a transform on a <tspan> is not drawn: {CONVERT}")
    for prop, ok in PLAIN.items():
        v = (conv.findAttr(el, prop) or "").strip().lower()
        if v not in ok:
            raise SvgError(f"{_at(el, tag)}: `{prop}: {v}` is not drawn: {CONVERT}")


class Block(String):
    """The chunks of one `<text>`: [{x, y, anchor, runs: [{text, size, family, color, bold, italic}]}]."""

    def __init__(self, chunks):
        super().__init__(0, 0, "")
        object.__setattr__(self, "chunks", chunks)   # past reportlab's attribute check


def text_piece(node, m, height) -> dict:
    """The loaded form of a Block reached through svglib's transforms `m` (y up): its chunks and the
    matrix from the text's own coordinates (y down, as the SVG writes them) to the image's."""
    a, b, c, d, e, f = m
    q = (a, -b, -c, d, e, height - f)
    if not all(map(math.isfinite, q)):
        raise SvgError("a text's transform is not finite: give ordinary numbers")
    chunks = []
    for ch in node.chunks:
        runs = [dict(r, color=_hex(r["color"])) for r in ch["runs"] if r["text"]]
        if runs:
            chunks.append({"x": ch["x"], "y": ch["y"], "anchor": ch["anchor"], "runs": runs})
    return {"text": tuple(chunks), "m": q}


def _hex(col):
    if col is None:
        return None
    r, g, b = (max(0, min(255, round(v * 255))) if math.isfinite(v) else 0 for v in col.rgb())
    return f"#{r:02x}{g:02x}{b:02x}"


def place(piece, k, fonts) -> list:
    """Runs for a loaded text piece; `k`: the placement (image → face coordinates) as a matrix."""
    from pnp.core.pieces import Run, compose
    if fonts is None:
        raise SvgError("its text needs the game's fonts (draw it with an image element)")
    t = compose(k, piece["m"])
    a, b, c, d, e, f = t
    plain = abs(b) < 1e-9 and abs(c) < 1e-9 and a > 0 and abs(a - d) < 1e-9 * max(1.0, abs(a))
    out = []
    for ch in piece["text"]:
        styled = []
        for r in ch["runs"]:
            role = family_role(r["family"], fonts.roles)
            key, sbold, sital = fonts.face(role, r["bold"], r["italic"])
            lacking = fonts.lacking(key, set(r["text"]))
            if lacking:
                chars = " ".join(f"`{ch_}` (U+{ord(ch_):04X})" for ch_ in sorted(lacking))
                raise SvgError(f"the font `{role}` (its text's font-family `{r['family'] or 'none'}`) has no glyph "
                               f"for {chars} (name a font that has it in game.yaml `fonts:`, or convert the text to outlines)")
            styled.append((r, key, sbold, sital, fonts.width(r["text"], key, r["size"])))
        total = sum(s[-1] for s in styled)
        x = ch["x"] - {"start": 0.0, "middle": total / 2, "end": total}[ch["anchor"]]
        for r, key, sbold, sital, w in styled:
            if r["color"] is not None and r["text"].strip():
                name = fonts.name(key)
                if plain:
                    out.append(Run(a * x + e, d * ch["y"] + f, r["text"], name, r["size"] * a, r["color"],
                                   bold=sbold, italic=sital))
                else:
                    out.append(Run(x, ch["y"], r["text"], name, r["size"], r["color"], bold=sbold, transform=t,
                                   italic=sital))
            x += w
    return out
