"""Gradient fills and the effects of text (an outline, a drop shadow), as a layout writes them.

`fill:` of a shape is a colour or a gradient mapping:

    fill: {linear: [["#ffffff", 0], [crimson, 1]], angle: 90}
    fill: {radial: [gold, [crimson, 0.8]], centre: [0.5, 0.4], radius: 1}

Each stop is a colour (palette names and templates allowed, opaque) or `[colour, position]`, the
position from 0 to 1 (or `40%`); stops without one are spread evenly between their neighbours. A
linear gradient runs across the shape's box at `angle` degrees clockwise from left-to-right (90: top to
bottom), from corner to corner; a radial one from `centre` (fractions of the box) out to `radius` (a
fraction of the distance from the centre to the box's farthest corner; 1: the colour of the last stop
reaches the corners). `text` elements take `stroke:` and `stroke_width:` (an outline drawn with the
glyphs) and `shadow: {dx: 0.4mm, dy: 0.4mm, color: "#00000080"}` (a copy drawn first, offset down and
right by default, in any colour with its alpha; `shadow: true` or `shadow: COLOUR` takes the defaults).

The resolver calls `read` for the parameter kinds in KINDS with a converter of single values (which
renders templates, reads palette names and reports bad values at their line); what is wrong with the
mapping itself is a PaintError at its line.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from pnp.core.errors import did_you_mean
from pnp.core.pieces import Gradient, Run

KINDS = ("paint", "shadow")
MAX_STOPS = 32
SHADOW_D = 0.4 * 72 / 25.4          # default offset: 0.4 mm right and down
SHADOW_COLOUR, SHADOW_ALPHA = "#000000", 0.5
MAX_SHADOW = 10 * 72 / 25.4         # a shadow offset by more than 10 mm is no shadow
_GRADIENT_KEYS = {"linear": ("linear", "angle"), "radial": ("radial", "centre", "center", "radius")}
_SHADOW_KEYS = ("dx", "dy", "color")


class PaintError(Exception):
    def __init__(self, pos, what: str, todo: str):
        super().__init__(what)
        self.pos, self.what, self.todo = pos, what, todo


@dataclass(frozen=True)
class GradientSpec:
    """A gradient as written, before it knows the shape it fills."""
    kind: str
    stops: tuple                 # ((position, '#rrggbb'), …), positions rising
    angle: float = 0.0
    centre: tuple = (0.5, 0.5)
    radius: float = 1.0

    def place(self, box) -> Gradient:
        """The gradient over a shape's box (x0, y0, x1, y1), in face coordinates."""
        x0, y0, x1, y1 = box
        w, h = x1 - x0, y1 - y0
        if self.kind == "linear":
            a = math.radians(self.angle)
            dx, dy = math.cos(a), math.sin(a)
            half = (abs(w * dx) + abs(h * dy)) / 2
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            coords = (cx - half * dx, cy - half * dy, cx + half * dx, cy + half * dy)
        else:
            cx, cy = x0 + self.centre[0] * w, y0 + self.centre[1] * h
            far = max(math.hypot(cx - x, cy - y) for x in (x0, x1) for y in (y0, y1))
            coords = (cx, cy, max(far * self.radius, 0.01))
        return Gradient.over(self.kind, coords, self.stops, box)


def _at(node, key, pos):
    at = getattr(node, "at", None)
    return at(key) if at else pos


def read(kind: str, raw, value, pos):
    """The value of a `paint` (a colour, None or a GradientSpec) or `shadow` ((dx, dy, colour, alpha)
    or None) parameter. value(v, kind, pos): one value converted ("color", "num", "len")."""
    if kind == "shadow":
        return shadow(raw, value, pos)
    if isinstance(raw, dict):
        return gradient(raw, value, pos)
    return value(raw, "color", pos)


def translations(raw, langs) -> bool:
    """Whether a value is a `{en: …, zh-TW: …}` map (a colour per language, not a gradient)."""
    return isinstance(raw, dict) and bool(raw) and set(raw) <= set(langs)


def gradient(raw: dict, value, pos) -> GradientSpec:
    kinds = [k for k in ("linear", "radial") if k in raw]
    if len(kinds) != 1:
        raise PaintError(pos, "a gradient fill names one of `linear:` or `radial:` with its colour stops"
                         if not kinds else "a gradient fill is either `linear:` or `radial:`, not both",
                         'write e.g. `fill: {linear: ["#ffffff", crimson], angle: 90}`')
    kind = kinds[0]
    for key in raw:
        if key not in _GRADIENT_KEYS[kind]:
            other = "radial" if kind == "linear" else "linear"
            todo = (f"`{key}` belongs to a {other} gradient" if key in _GRADIENT_KEYS[other] else
                    did_you_mean(key, _GRADIENT_KEYS[kind]))
            raise PaintError(_at(raw, key, pos), f"unknown key `{key}` of a {kind} gradient", todo)
    stops = _stops(raw[kind], value, _at(raw, kind, pos))
    if kind == "linear":
        angle = _number(raw.get("angle", 0.0), value, _at(raw, "angle", pos), "angle", -36000, 36000)
        return GradientSpec(kind, stops, angle=angle % 360)
    ckey = "centre" if "centre" in raw else "center"
    centre = raw.get(ckey, (0.5, 0.5))
    cpos = _at(raw, ckey, pos)
    if not isinstance(centre, (list, tuple)) or len(centre) != 2:
        raise PaintError(cpos, f"`{ckey}` of a radial gradient is `{centre}`",
                         "write the centre as fractions of the shape's box, e.g. `[0.5, 0.5]`")
    centre = tuple(_number(c, value, _at(centre, i, cpos), ckey, -1, 2) for i, c in enumerate(centre))
    radius = _number(raw.get("radius", 1.0), value, _at(raw, "radius", pos), "radius", 0, 10)
    if radius <= 0:
        raise PaintError(_at(raw, "radius", pos), "`radius` of a radial gradient must be more than 0",
                         "give a fraction of the distance to the farthest corner, e.g. `1`")
    return GradientSpec(kind, stops, centre=centre, radius=radius)


def _number(v, value, pos, key, lo, hi) -> float:
    got = value(v, "num", pos)
    if not (isinstance(got, float) and math.isfinite(got) and lo <= got <= hi):
        raise PaintError(pos, f"`{key}` of a gradient is `{v}`", f"give a number from {lo:g} to {hi:g}")
    return got


def _stops(raw, value, pos) -> tuple:
    hint = 'write the colours from start to end, each a colour or `[colour, position]`: `["#ffffff", [crimson, 0.8]]`'
    if not isinstance(raw, (list, tuple)) or not 2 <= len(raw) <= MAX_STOPS:
        n = len(raw) if isinstance(raw, (list, tuple)) else None
        raise PaintError(pos, f"a gradient needs 2 to {MAX_STOPS} colour stops, got "
                         f"{n if n is not None else f'`{raw}`'}", hint)
    out = []
    for i, item in enumerate(raw):
        at = _at(raw, i, pos)
        where = None
        if isinstance(item, (list, tuple)):
            if len(item) != 2:
                raise PaintError(at, f"colour stop {i + 1} is `{list(item)}`", hint)
            item, where = item
        colour = value(item, "color", at)
        if colour is None or getattr(colour, "alpha", 1.0) < 1:
            raise PaintError(at, f"colour stop {i + 1} (`{item}`) is {'no colour' if colour is None else 'translucent'}",
                             "give opaque colours; `opacity:` makes the whole shape translucent")
        out.append([_position(where, value, at, i), str(colour)])
    _spread(out)
    return tuple(sorted(((t, c) for t, c in out), key=lambda tc: tc[0]))


def _position(v, value, pos, i):
    if v is None:
        return None
    if isinstance(v, str) and v.strip().endswith("%"):
        v = v.strip()[:-1]
        scale = 100.0
    else:
        scale = 1.0
    got = value(v, "num", pos)
    t = got / scale if isinstance(got, float) else None
    if t is None or not math.isfinite(t) or not 0 <= t <= 1:
        raise PaintError(pos, f"the position of colour stop {i + 1} is `{v}{'%' if scale > 1 else ''}`",
                         "give a position from 0 to 1 (or 0% to 100%)")
    return t


def _spread(out) -> None:
    """Positions for stops written without one: the ends at 0 and 1, the others evenly between the
    stops around them (CSS's rule); a position below an earlier one is raised to it."""
    if out[0][0] is None:
        out[0][0] = 0.0
    if out[-1][0] is None:
        out[-1][0] = 1.0
    i = 0
    while i < len(out):
        if out[i][0] is None:
            j = i
            while out[j][0] is None:
                j += 1
            a, b = out[i - 1][0], out[j][0]
            for k in range(i, j):
                out[k][0] = a + (b - a) * (k - i + 1) / (j - i + 1)
            i = j
        i += 1
    for k in range(1, len(out)):
        out[k][0] = max(out[k][0], out[k - 1][0])


def shadow(raw, value, pos):
    if raw is None or raw is False:
        return None
    spec = {} if raw is True else raw if isinstance(raw, dict) else {"color": raw}
    for key in spec:
        if key not in _SHADOW_KEYS:
            raise PaintError(_at(spec, key, pos), f"unknown key `{key}` of a text shadow", did_you_mean(key, _SHADOW_KEYS))
    d = []
    for key in ("dx", "dy"):
        at = _at(spec, key, pos)
        v = value(spec[key], "len", at) if key in spec else SHADOW_D
        if not (isinstance(v, (int, float)) and math.isfinite(v) and abs(v) <= MAX_SHADOW):
            raise PaintError(at, f"`{key}` of a text shadow is `{spec.get(key)}`",
                             "give an offset of a few tenths of a mm, e.g. `0.4mm` (at most 10 mm)")
        d.append(float(v))
    if "color" not in spec:
        return d[0], d[1], SHADOW_COLOUR, SHADOW_ALPHA
    colour = value(spec["color"], "color", _at(spec, "color", pos))
    if colour is None:
        return None
    return d[0], d[1], "#" + str(colour)[1:7], float(getattr(colour, "alpha", 1.0))


def text_effects(pieces, p) -> list:
    """A text element's runs with its outline (`stroke`, `stroke_width`) and `shadow`."""
    stroke, shade = p.get("stroke"), p.get("shadow")
    if not stroke and not shade:
        return pieces
    width = p.get("stroke_width") or 0.0 if stroke else 0.0
    return [replace(q, stroke=stroke or None, stroke_width=width, shadow=shade) if isinstance(q, Run) else q
            for q in pieces]


def turned(q, old, new):
    """A piece given the transform `new` in place of `old`: a text shadow still falls the same way on
    the card (its offset is in the run's own frame, so it is turned back)."""
    if not isinstance(q, Run) or not q.shadow:
        return replace(q, transform=new)
    dx, dy, colour, alpha = q.shadow
    if old:   # the offset as it falls on the card
        a, b, c, d = old[:4]
        dx, dy = a * dx + c * dy, b * dx + d * dy
    a, b, c, d = new[:4]
    det = a * d - b * c
    if abs(det) > 1e-12:
        dx, dy = (d * dx - c * dy) / det, (a * dy - b * dx) / det
    return replace(q, transform=new, shadow=(dx, dy, colour, alpha))
