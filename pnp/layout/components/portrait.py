"""`portrait`: a procedural vector head-and-shoulders portrait, the same for the same seed.

    face: {type: portrait, x: 8, y: 14, w: 47, h: 47, seed: "{{ card.id }}", frame: "#222222", hair: long}

`hair`: any (the seed decides), long or short.
Drawn from simple shapes (no external art): a mugshot height chart behind, suit, shirt and tie, head,
ears, hair or a hat (fedora, bowler, flat cap, cloche), eyes and brows, nose, mouth, and sometimes a
moustache, glasses, a scar or a cigarette. The seed picks every choice and colour, so a deck of
suspects gets distinct faces that stay stable from build to build.
"""
from __future__ import annotations

import hashlib
import random

from pnp.layout import svgpath
from pnp.layout.elements import element
from pnp.core.pieces import Shape

SKIN = ["#f1c9a5", "#e0ac82", "#c68a5e", "#a5694a", "#8a5a3c", "#f5d5b8", "#d9a27a"]
HAIR = ["#2b2020", "#4a3222", "#7a4b2a", "#b08040", "#d8c070", "#8a8a8a", "#1c1c2a", "#8c3b22"]
SUIT = ["#2f3440", "#3c4a3a", "#4a3a32", "#283a52", "#5a5044", "#3a2f45", "#55585e"]
TIE = ["#b3261e", "#c9a227", "#2a5db0", "#2e7d4f", "#6b3fa0", "#d07a2a", "#eeeeee"]
BACK = ["#d9dde2", "#e4ddd0", "#d6e0d6", "#e2d6d6", "#d8d4e4", "#e6e0c8"]
HATS = ["#222222", "#4b3d32", "#5e5e66", "#7a5a3a", "#283a52", "#6a2430"]


@element("portrait", seed=("str", ""), frame=("color", None), hair=("enum:any,long,short", "any"))
def portrait(p, env):
    rnd = random.Random(hashlib.sha256(str(p["seed"]).encode()).hexdigest())
    side = min(p["w"], p["h"])
    s = side / 100.0
    ox = p["x"] + (p["w"] - side) / 2
    oy = p["y"] + (p["h"] - side) / 2
    out = []

    def path(d, fill=None, stroke=None, width=0.0):
        out.append(Shape(svgpath.parse(d, s, s, ox, oy), fill=fill, stroke=stroke, width=width * s))

    def ell(cx, cy, rx, ry, fill=None, stroke=None, width=0.0):
        out.append(Shape((("E", ox + (cx - rx) * s, oy + (cy - ry) * s, 2 * rx * s, 2 * ry * s),),
                         fill=fill, stroke=stroke, width=width * s))

    def rect(x, y, w, h, fill=None, stroke=None, width=0.0, r=0.0):
        out.append(Shape((("R", ox + x * s, oy + y * s, w * s, h * s, r * s),), fill=fill, stroke=stroke,
                         width=width * s))

    skin, hair = rnd.choice(SKIN), rnd.choice(HAIR)
    suit, tie = rnd.choice(SUIT), rnd.choice(TIE)
    rect(0, 0, 100, 100, fill=rnd.choice(BACK))
    for i, yy in enumerate(range(10, 100, 10)):               # the height chart of a mugshot
        rect(0, yy - 0.4, 100 if i % 2 else 12, 0.8, fill="#9aa0a8")
    long_hair = rnd.random() < 0.3
    if p["hair"] != "any":
        long_hair = p["hair"] == "long"
    head_rx, head_ry = rnd.uniform(15, 19), rnd.uniform(19, 23)
    cy = 44
    if long_hair:                                           # hair that falls behind the shoulders
        path(f"M{50 - head_rx - 5} {cy - 6} C{50 - head_rx - 8} {cy + 20} {50 - head_rx - 4} {cy + 30} "
             f"{50 - head_rx + 2} {cy + 32} L{50 + head_rx - 2} {cy + 32} C{50 + head_rx + 4} {cy + 30} "
             f"{50 + head_rx + 8} {cy + 20} {50 + head_rx + 5} {cy - 6} Z", fill=hair)
    # suit, shirt, tie
    path("M6 100 C8 80 26 71 50 71 C74 71 92 80 94 100 Z", fill=suit)
    path("M40 72 L50 92 L60 72 Z", fill="#f4f4f0")
    if rnd.random() < 0.75:
        path("M47.5 76 L52.5 76 L54.5 92 L50 98 L45.5 92 Z", fill=tie)
    else:                                                   # a bow tie
        path("M42 74 L50 78 L58 74 L58 82 L50 78 L42 82 Z", fill=tie)
    rect(43, cy + 12, 14, 18, fill=skin)
    ell(50 - head_rx, cy + 2, 3.5, 5.5, fill=skin)
    ell(50 + head_rx, cy + 2, 3.5, 5.5, fill=skin)
    ell(50, cy, head_rx, head_ry, fill=skin)
    # hair (under any hat)
    style = rnd.choice(["short", "parted", "slick", "curly", "bald"]) if not long_hair else "long"
    top = cy - head_ry
    if style in ("short", "parted", "slick", "long"):
        part = rnd.uniform(-8, 8) if style == "parted" else 0
        path(f"M{50 - head_rx - 1} {cy - 2} C{50 - head_rx - 2} {top - 4} {50 + head_rx + 2} {top - 4} "
             f"{50 + head_rx + 1} {cy - 2} C{50 + head_rx - 4} {top + 9} {50 + part + 4} {top + 6} {50 + part} {top + 4} "
             f"C{50 + part - 6} {top + 8} {50 - head_rx + 4} {top + 9} {50 - head_rx - 1} {cy - 2} Z", fill=hair)
    elif style == "curly":
        for i in range(7):
            ell(50 - head_rx + 2 + i * (2 * head_rx - 4) / 6, top + 3 + (3 if i in (0, 6) else 0), 6, 5, fill=hair)
    hat = rnd.random() < 0.55
    if hat:
        hc = rnd.choice(HATS)
        kind = rnd.choice(["fedora", "bowler", "cap", "cloche"] if long_hair else ["fedora", "bowler", "cap"])
        if kind == "fedora":
            ell(50, top + 7, head_rx + 12, 4, fill=hc)
            path(f"M{50 - head_rx + 1} {top + 7} L{50 - head_rx + 4} {top - 9} C{45} {top - 6} {55} {top - 6} "
                 f"{50 + head_rx - 4} {top - 9} L{50 + head_rx - 1} {top + 7} Z", fill=hc)
            rect(50 - head_rx + 1.5, top + 1, 2 * head_rx - 3, 3.5, fill=rnd.choice(TIE))
        elif kind == "bowler":
            ell(50, top + 7, head_rx + 8, 3, fill=hc)
            path(f"M{50 - head_rx + 1} {top + 7} C{50 - head_rx} {top - 14} {50 + head_rx} {top - 14} "
                 f"{50 + head_rx - 1} {top + 7} Z", fill=hc)
        elif kind == "cap":
            path(f"M{50 - head_rx - 1} {top + 8} C{50 - head_rx - 2} {top - 6} {50 + head_rx + 4} {top - 8} "
                 f"{50 + head_rx + 10} {top + 6} L{50 + head_rx + 2} {top + 9} Z", fill=hc)
        else:
            path(f"M{50 - head_rx - 3} {top + 12} C{50 - head_rx - 4} {top - 10} {50 + head_rx + 4} {top - 10} "
                 f"{50 + head_rx + 3} {top + 12} Z", fill=hc)
            rect(50 - head_rx - 3, top + 8, 2 * head_rx + 6, 3, fill=rnd.choice(TIE))
    # eyes and brows
    ey = cy - 1 + rnd.uniform(-1, 1)
    gap = rnd.uniform(6.5, 8.5)
    for sx in (-1, 1):
        ell(50 + sx * gap, ey, 2.6, 2.0, fill="#ffffff")
        ell(50 + sx * gap + rnd.choice([-0.6, 0, 0.6]), ey, 1.4, 1.6, fill="#222222")
    tilt = rnd.uniform(-2, 2)
    for sx in (-1, 1):
        path(f"M{50 + sx * (gap - 4)} {ey - 4.5 + sx * tilt * 0.3} L{50 + sx * (gap + 4)} {ey - 5 - tilt}",
             stroke=hair if style != "bald" else "#555555", width=1.6)
    if rnd.random() < 0.2:                                  # round glasses
        for sx in (-1, 1):
            ell(50 + sx * gap, ey, 4.6, 4.2, stroke="#333333", width=1.0)
        path(f"M{50 - gap + 4.6} {ey} L{50 + gap - 4.6} {ey}", stroke="#333333", width=1.0)
    # nose and mouth
    nose = rnd.uniform(5, 8)
    path(f"M50 {ey + 2} L{50 + rnd.uniform(1.5, 3)} {ey + nose} L{49} {ey + nose + 0.5}", stroke="#6a4030", width=1.0)
    my = ey + nose + rnd.uniform(4.5, 6.5)
    bend = rnd.uniform(-2, 2)
    lips = "#a0453a" if long_hair else "#7a3a30"
    path(f"M{50 - 5} {my} Q50 {my + bend} {50 + 5} {my}", stroke=lips, width=1.6 if long_hair else 1.1)
    if not long_hair and rnd.random() < 0.4:                # a moustache
        path(f"M{50 - 6} {my - 1} C{50 - 3} {my - 4.5} {50 + 3} {my - 4.5} {50 + 6} {my - 1} "
             f"C{50 + 3} {my - 2.5} {50 - 3} {my - 2.5} {50 - 6} {my - 1} Z", fill=hair)
    if rnd.random() < 0.15:                                 # a scar
        path(f"M{50 + gap + 3} {ey + 3} L{50 + gap - 1} {ey + 10}", stroke="#8a3030", width=0.9)
    if rnd.random() < 0.2:                                  # a cigarette
        rect(50 + 3, my - 0.8, 11, 1.8, fill="#f4f4f0")
        rect(50 + 13, my - 0.8, 1.6, 1.8, fill="#d04a1a")
    if p["frame"]:
        rect(0, 0, 100, 100, stroke=p["frame"], width=1.2)
    return out
