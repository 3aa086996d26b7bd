"""`clock`: an analogue clock face showing a time of day (ring, twelve ticks, hour and minute hands).

    dial: {type: clock, x: 10, y: 10, w: 20, h: 20, hour: 13, minute: 30, color: ink, face: white}

The dial is the largest circle centred in the box; `hour` may be 0-23 (shown on a 12-hour dial).
"""
from __future__ import annotations

import math

from pnp.layout.elements import element
from pnp.core.pieces import Shape


@element("clock", hour=("num", 0.0), minute=("num", 0.0), color=("color", "#000000"), face=("color", None),
         stroke_width=("pt", None))
def clock(p, env):
    d = min(p["w"], p["h"])
    r = d / 2
    cx, cy = p["x"] + p["w"] / 2, p["y"] + p["h"] / 2
    ring = p["stroke_width"] if p["stroke_width"] is not None else d * 0.07
    col = p["color"]
    out = [Shape((("E", cx - r + ring / 2, cy - r + ring / 2, d - ring, d - ring),), fill=p["face"], stroke=col,
                 width=ring, opacity=p["opacity"])]
    ticks = []
    for k in range(12):
        a = math.radians(k * 30)
        r0 = r - ring * (2.6 if k % 3 == 0 else 2.0)
        r1 = r - ring * 1.2
        ticks += [("M", cx + r0 * math.sin(a), cy - r0 * math.cos(a)), ("L", cx + r1 * math.sin(a), cy - r1 * math.cos(a))]
    out.append(Shape(tuple(ticks), stroke=col, width=ring * 0.45, opacity=p["opacity"]))
    minute = p["minute"] % 60
    hour_a = math.radians(((p["hour"] % 12) + minute / 60) * 30)
    min_a = math.radians(minute * 6)
    for a, length, width in ((hour_a, r * 0.5, ring * 1.1), (min_a, r * 0.74, ring * 0.75)):
        out.append(Shape((("M", cx, cy), ("L", cx + length * math.sin(a), cy - length * math.cos(a))),
                         stroke=col, width=width, opacity=p["opacity"]))
    hub = ring * 0.9
    out.append(Shape((("E", cx - hub, cy - hub, 2 * hub, 2 * hub),), fill=col, opacity=p["opacity"]))
    return out
