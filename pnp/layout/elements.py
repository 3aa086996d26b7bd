"""The element types a layout can use, each with its declared parameters (Squib's model).

A type is a function `draw(p, env) -> list[piece]` plus a table of parameters: name → (kind,
default). `resolve.py` turns raw values (templates, translations, units) into checked parameter
values before calling `draw`, so every type sees clean numbers in points and colours as `#rrggbb`.
Adding a type is adding a function decorated with `@element(...)` here or in any imported module.
"""
from __future__ import annotations

from pnp.layout import svgpath
from pnp.layout.paint import GradientSpec
from pnp.core.pieces import Image, Shape, Stencil, bounds

TYPES: dict = {}
# element types whose drawing reads the context beyond their parameters: type → what it reads, given the
# game (a frozenset of names, or None: anything); pnp.resolve.reuse asks it which elements it may share
CONTEXTUAL: dict = {}
COMMON = {"type": ("str", None), "x": ("len", 0.0), "y": ("len", 0.0), "w": ("len", None), "h": ("len", None),
          "when": ("any", True), "repeat": ("any", None), "opacity": ("num", 1.0),
          "rotate": ("num", 0.0),     # degrees clockwise as seen on the card, about `origin`
          "origin": ("list", None)}   # [x, y] on the card (lengths); default the element's centre
MIRROR = ("enum:none,horizontal,vertical,both", "none")   # images and icons: flipped about their centre
STROKE = {"fill": ("paint", None), "stroke": ("color", None), "stroke_width": ("pt", 0.5),
          "dash": ("list", None)}


def element(type_name: str, /, **params):
    def wrap(fn):
        TYPES[type_name] = (dict(COMMON, **params), fn)
        return fn
    return wrap


def _dash(p):
    return tuple(float(d) for d in p["dash"]) if p.get("dash") else None


def _shape(ops, p, role="art"):
    fill, gradient = p.get("fill"), None
    if isinstance(fill, GradientSpec):   # painted over the shape's own box; `fill` is its representative colour
        box = bounds(ops)
        gradient = fill.place(box) if box else None
        fill = gradient.colour if gradient else None
    return Shape(ops=ops, fill=fill, stroke=p.get("stroke"), width=p.get("stroke_width", 0.5),
                 dash=_dash(p), role=role, opacity=p.get("opacity", 1.0), gradient=gradient)


@element("rect", radius=("len", 0.0), **STROKE)
def rect(p, env):
    return [_shape((("R", p["x"], p["y"], p["w"], p["h"], p["radius"]),), p)]


@element("ellipse", **STROKE)
def ellipse(p, env):
    return [_shape((("E", p["x"], p["y"], p["w"], p["h"]),), p)]


@element("line", x2=("len", None), y2=("len", None),
         **{k: v for k, v in STROKE.items() if k != "fill"})
def line(p, env):
    x2 = p["x2"] if p["x2"] is not None else p["x"] + p["w"]
    y2 = p["y2"] if p["y2"] is not None else p["y"]
    return [_shape((("M", p["x"], p["y"]), ("L", x2, y2)), dict(p, fill=None, stroke=p["stroke"] or "#000000"))]


@element("path", d=("str", ""), scale=("num", 1.0), **STROKE)
def path(p, env):
    """SVG path data in millimetres relative to (x, y)."""
    from pnp.core.units import MM
    s = p["scale"] * MM
    return [_shape(svgpath.parse(p["d"], s, s, p["x"], p["y"]), p)]


@element("polygon", points=("list", []), **STROKE)
def polygon(p, env):
    from pnp.core.units import length
    pts = [(p["x"] + length(a), p["y"] + length(b)) for a, b in p["points"]]
    ops = (("M", *pts[0]),) + tuple(("L", *q) for q in pts[1:]) + (("Z",),) if pts else ()
    return [_shape(ops, p)]


@element("text", text=("text", ""), font=("str", "sans"), size=("pt", 9.0), min_size=("pt", None),
         color=("color", "#000000"), align=("enum:left,center,right,justify", "left"),
         valign=("enum:top,middle,bottom", "top"), leading=("num", 1.25), bold=("bool", False),
         stroke=("color", None), stroke_width=("pt", 0.4), shadow=("shadow", None), inset=("bool", True))
def text(p, env):
    src = p["text"]
    if p["bold"]:
        src = f"**{src}**"
    return env.text(src, p)


@element("icon", name=("str", ""), color=("color", "#000000"), mirror=MIRROR)
def icon(p, env):
    return list(env.icon(p["name"]).draw(p["x"], p["y"], p["w"], p["h"], p["color"]))


@element("image", src=("str", ""), fit=("enum:contain,cover,stretch", "contain"), mirror=MIRROR)
def image(p, env):
    """A PNG or JPEG placed as it is, or an SVG drawn as vector shapes (its text in the game's fonts)."""
    path, iw, ih = env.image(p["src"])
    x, y, w, h = p["x"], p["y"], p["w"], p["h"]
    if path is None:   # `--draft` and the picture is missing: a box with its file name
        from pnp.layout.draft import placeholder
        return placeholder(p, env, iw)
    if not isinstance(path, str):   # SVG art: its shapes
        from pnp.layout import svgimage
        if p["fit"] == "cover":
            env.refuse("fit", "`fit: cover` crops, which SVG art cannot do here", "use `fit: contain` or `stretch`")
        try:
            return svgimage.place(path, iw, ih, x, y, w, h, p["fit"], fonts=getattr(env, "fonts", None))
        except svgimage.SvgError as e:   # numbers beyond any page: none of them may reach the PDF
            env.refuse("src", f"SVG art `{p['src']}`: {e}", "fix the SVG in your editor")
    if p["fit"] == "stretch":
        return [Image(path, x, y, w, h)]
    s = (max if p["fit"] == "cover" else min)(w / iw, h / ih)
    dw, dh = iw * s, ih * s
    clip = (x, y, w, h) if p["fit"] == "cover" else None
    return [Image(path, x + (w - dw) / 2, y + (h - dh) / 2, dw, dh, clip)]


@element("qr", data=("str", ""), color=("color", "#000000"), background=("color", "#ffffff"))
def qr(p, env):
    matrix = env.qr(p["data"] or env.default_qr(p["_ctx"]))
    side = min(p["w"], p["h"])
    bg = [Shape((("R", p["x"], p["y"], side, side, 0.0),), fill=p["background"])] if p["background"] else []
    return bg + [Stencil(p["x"], p["y"], side, side, matrix, p["color"])]


def _mark(role):
    def draw(p, env):
        if p.get("d"):
            from pnp.core.units import MM
            ops = svgpath.parse(p["d"], MM, MM, p["x"], p["y"])
        elif role in ("cut", "fold") and (p["w"] == 0 or p["h"] == 0):
            ops = (("M", p["x"], p["y"]), ("L", p["x"] + p["w"], p["y"] + p["h"]))
        else:
            ops = (("R", p["x"], p["y"], p["w"], p["h"], p.get("radius", 0.0)),)
        out = [Shape(ops, role=role, fill=None, stroke="#000000")]
        if p.get("label"):
            lp = dict(p, text=p["label"], size=p.get("size", 6.0), min_size=4.0, color="#555555",
                      align="center", valign="middle", font="sans", leading=1.2, bold=False)
            out += env.text(p["label"], lp)
        return out
    return draw


for _role in ("cut", "fold", "glue", "window"):
    element(_role, d=("str", None), radius=("len", 0.0), label=("text", None), size=("pt", 6.0))(_mark(_role))
