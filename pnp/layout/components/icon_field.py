"""`icon_field`: a grid of decoy icons around fixed slots, so that every face shows each icon of a
pool equally often (a glance at the face shows a jumble and no icon is more frequent than another).

    decoys:
      type: icon_field
      x: 5, y: 14, w: 53, h: 67       # the grid: icon boxes from (x, y) to (x + w, y + h)
      cols: 5
      rows: 6
      size: 7                         # icon box side
      pool: "rhino@blue bee@blue …"   # every icon of the pool, each with its colour (name@colour)
      each: 3                         # how often each pool icon appears on the face in total
      shown: "rhino boss …"           # icons the face already shows elsewhere (its slots)
      avoid: "8,14,7,7; 31,26,7,7"    # rectangles in mm (x,y,w,h) that stay free of decoys
      clearance: 1                    # and this much room around them
      seed: "{{ card.id }}"           # the shuffle: the same seed gives the same face

The decoys are the pool repeated `each` times minus the `shown` icons (one each), shuffled with the
seed and dealt into the free cells row by row. Too few free cells is an error. `plan()` is the same
computation as a pure function, for rules engines and tests.
"""
from __future__ import annotations

import random

from pnp.layout.elements import element
from pnp.core.units import MM
from pnp.core.findings import error


def parse_pool(s: str) -> list[tuple[str, str | None]]:
    out = []
    for tok in str(s or "").replace(",", " ").split():
        name, _, colour = tok.partition("@")
        out.append((name, colour or None))
    return out


def parse_rects(s) -> list[tuple[float, float, float, float]]:
    """'x,y,w,h; x,y,w,h' (mm) → list of tuples."""
    out = []
    for part in str(s or "").split(";"):
        vals = [v for v in part.replace(",", " ").split()]
        if vals:
            if len(vals) != 4:
                raise ValueError(f"`{part.strip()}` is not x,y,w,h")
            out.append(tuple(float(v) for v in vals))
    return out


def cells(x, y, w, h, cols, rows, size):
    """Top-left corners of the icon boxes, row by row (any unit)."""
    cols, rows = int(cols), int(rows)
    px = (w - size) / (cols - 1) if cols > 1 else 0.0
    py = (h - size) / (rows - 1) if rows > 1 else 0.0
    return [(x + c * px, y + r * py) for r in range(rows) for c in range(cols)]


def _hits(a, b, clearance):
    ax, ay, aw, ah = a
    bx, by, bw, bh = b
    return ax < bx + bw + clearance and bx < ax + aw + clearance and ay < by + bh + clearance and by < ay + ah + clearance


def plan(x, y, w, h, cols, rows, size, pool, each, shown, avoid=(), clearance=0.0, seed=""):
    """[(x, y, name, colour)] of the decoys, in the units given; raises ValueError when they do not fit."""
    pool = list(pool)
    bag = [entry for entry in pool for _ in range(int(each))]
    for name in shown:
        idx = next((i for i, (n, _c) in enumerate(bag) if n == name), None)
        if idx is None:
            raise ValueError(f"`{name}` is shown more often than `each` allows, or is not in the pool")
        bag.pop(idx)
    free = [c for c in cells(x, y, w, h, cols, rows, size)
            if not any(_hits((c[0], c[1], size, size), r, clearance) for r in avoid)]
    if len(free) < len(bag):
        raise ValueError(f"{len(bag)} decoys need {len(bag)} free cells but the grid has {len(free)}")
    random.Random(str(seed)).shuffle(bag)
    return [(cx, cy, name, colour) for (cx, cy), (name, colour) in zip(free, bag)]


@element("icon_field", cols=("num", 1.0), rows=("num", 1.0), size=("len", 5 * MM), pool=("str", ""),
         each=("num", 1.0), shown=("str", ""), avoid=("str", ""), clearance=("len", 0.0), seed=("str", ""),
         color=("color", "#000000"))
def icon_field(p, env):
    try:
        avoid = [tuple(v * MM for v in r) for r in parse_rects(p["avoid"])]
        decoys = plan(p["x"], p["y"], p["w"], p["h"], p["cols"], p["rows"], p["size"], parse_pool(p["pool"]),
                      p["each"], [n for n, _c in parse_pool(p["shown"])], avoid, p["clearance"], p["seed"])
    except ValueError as e:
        env.findings.add(error(p["_card_pos"], f"icon_field `{p['_name']}`: {e} — give the grid more cells, "
                               f"or fewer icons", p["_card"], "icon-field"))
        return []
    out = []
    for x, y, name, colour in decoys:
        col = env.color(colour, p["_pos"], p["_name"]) if colour else p["color"]
        out.extend(env.icon(name).draw(x, y, p["size"], p["size"], col))
    return out
