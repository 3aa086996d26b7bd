"""`binding_holes`: punch marks for pieces bound on one spine (flip notebooks, ring-bound strips).

Holes lie on the spine at `first + k * pitch` (k = 0 … count-1), measured from the top of the whole
bound stack. A piece that sits `offset` down the spine shows the holes that fall entirely on it, so
strips stacked at different offsets and a full-height cover all punch on the same line:

    holes: {type: binding_holes, x: 6, offset: 32, first: 8, pitch: 16, count: 8, diameter: 4.5}

`x` is the spine line (the holes' centres) and `y`/`h` the piece's span along it (default: the whole
face). With `axis: horizontal` the spine runs along `y` and the span is `x`/`w`. Each mark is a
cut circle with a cross-hair for the punch.
"""
from __future__ import annotations

from pnp.layout.elements import element
from pnp.core.pieces import Shape
from pnp.core.units import MM


def hole_centres(offset, first, pitch, count, start, span, radius):
    """Local positions (from `start`) of the holes that fall wholly on a piece spanning `span`."""
    out = []
    for k in range(int(count)):
        local = first + k * pitch - offset
        if local - radius >= -1e-6 and local + radius <= span + 1e-6:
            out.append(start + local)
    return out


@element("binding_holes", offset=("len", 0.0), first=("len", 8 * MM), pitch=("len", 16 * MM), count=("num", 1),
         diameter=("len", 4.5 * MM), axis=("enum:vertical,horizontal", "vertical"), color=("color", "#000000"))
def binding_holes(p, env):
    r = p["diameter"] / 2
    vertical = p["axis"] == "vertical"
    start, span = (p["y"], p["h"]) if vertical else (p["x"], p["w"])
    line = p["x"] if vertical else p["y"]
    out = []
    arm = r + 1.2 * MM
    for c in hole_centres(p["offset"], p["first"], p["pitch"], p["count"], start, span, r):
        cx, cy = (line, c) if vertical else (c, line)
        out.append(Shape((("E", cx - r, cy - r, 2 * r, 2 * r),), role="cut", stroke="#000000"))
        out.append(Shape((("M", cx - arm, cy), ("L", cx + arm, cy), ("M", cx, cy - arm), ("L", cx, cy + arm)),
                         stroke=p["color"], width=0.35, opacity=p["opacity"]))
    return out
