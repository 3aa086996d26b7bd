"""`gridmap`: a board drawn from a map of characters, one character per square.

    board:
      type: gridmap
      x: 10
      y: 10
      cell: 15mm
      grid: card.grid            # an expression giving the rows, e.g. ["SS..1", "Ss...", …]
      areas: card.rooms          # expression: character → key; these areas are walled rooms
      marks: card.starts         # expression: character → key; single squares drawn in their own style
      links: card.passages       # expression: [[key, key], …]; a marker in each area's outermost square
      floor: "."                 # characters drawn as squares
      styles:                    # by key, then by character, then `area` / `mark` / `link` defaults
        ".": {fill: "#efe4c8", stroke: "#b9a77c"}
        area: {fill: "#d9c9a3", label: "{{ key }}"}

An area character in lower case is a square of that area with a door on every side that touches a
floor square. Style values are templates over the card context plus `key` and `char` (and `to` for
links). Characters that are neither floor, area nor mark (walls, the off-board) are not drawn unless
they have a style. Nothing here knows about any game.
"""
from __future__ import annotations

from pnp.templates import templating
from pnp.layout.elements import CONTEXTUAL, element
from pnp.core.pieces import Shape

SIDES = ((-1, 0), (1, 0), (0, -1), (0, 1))   # up, down, left, right as (dr, dc)


CONTEXTUAL["gridmap"] = lambda game: None   # its cells are expressions over the whole context


def _eval(env, p, key, default=None):
    src = p.get(key)
    if src in (None, ""):
        return default
    try:
        return templating.evaluate(str(src), p["_ctx"])
    except templating.TemplateError as e:
        env._problem(p["_pos"], f"`{key}` of gridmap `{p['_name']}`: {e}", "give an expression such as `card.grid`")


class Grid:
    """The parsed map: rows of characters, area/mark lookup, door squares."""

    def __init__(self, rows, areas, marks, floor):
        self.rows = [str(r) for r in rows]
        self.h = len(self.rows)
        self.w = max((len(r) for r in self.rows), default=0)
        self.areas = {str(k): v for k, v in (areas or {}).items()}
        self.marks = {str(k): v for k, v in (marks or {}).items()}
        self.floor = set(floor or "")

    def char(self, r, c):
        if 0 <= r < self.h and 0 <= c < len(self.rows[r]):
            return self.rows[r][c]
        return None

    def area(self, r, c):
        """The area character of a square (upper case), or None."""
        ch = self.char(r, c)
        if ch is None:
            return None
        if ch in self.areas:
            return ch
        if ch.upper() in self.areas and ch != ch.upper():
            return ch.upper()
        return None

    def is_door(self, r, c):
        ch = self.char(r, c)
        return ch is not None and ch not in self.areas and ch.upper() in self.areas

    def walkable(self, r, c):
        ch = self.char(r, c)
        return ch is not None and (ch in self.floor or ch in self.marks)

    def cells(self):
        for r, row in enumerate(self.rows):
            for c, ch in enumerate(row):
                yield r, c, ch


def _style(styles, *names):
    out = {}
    for n in reversed([n for n in names if n is not None]):
        s = styles.get(n)
        if isinstance(s, dict):
            out.update(s)
    return out


def _render(env, p, value, extra):
    if templating.is_template(value):
        try:
            return templating.render(value, dict(p["_ctx"], **extra))
        except templating.TemplateError as e:
            env._problem(p["_pos"], f"gridmap `{p['_name']}`: {e}", "fix the style template")
    return value


@element("gridmap", grid=("str", "card.grid"), cell=("len", "5mm"), areas=("str", None), marks=("str", None),
         links=("str", None), floor=("str", "."), styles=("any", {}), font=("str", "sans"),
         label_size=("pt", 12.0), min_size=("pt", 5.0), wall=("color", "#3b2f2f"), wall_width=("pt", 2.0),
         door=("color", "#ffffff"), grid_stroke=("pt", 0.4))
def gridmap(p, env):
    rows = _eval(env, p, "grid", [])
    g = Grid(rows or [], _eval(env, p, "areas", {}), _eval(env, p, "marks", {}), p["floor"])
    styles = p["styles"] or {}
    x0, y0, s = p["x"], p["y"], p["cell"]
    out = []

    def color(v):
        return env.color(v, p["_pos"], p["_name"]) if v not in (None, "") else None

    def style(*names, **extra):
        st = _style(styles, *names)
        return {k: _render(env, p, v, extra) for k, v in st.items()}

    def square(r, c, st, inset=0.0, radius=0.0):
        fill, stroke = color(st.get("fill")), color(st.get("stroke"))
        if not fill and not stroke:
            return
        out.append(Shape((("R", x0 + c * s + inset, y0 + r * s + inset, s - 2 * inset, s - 2 * inset, radius),),
                         fill=fill, stroke=stroke, width=float(st.get("stroke_width", p["grid_stroke"]))))

    # squares: floor, marks and any other styled character; areas filled as runs per row
    for r, c, ch in g.cells():
        if g.area(r, c):
            continue
        if ch in g.marks:
            key = g.marks[ch]
            square(r, c, style(*sorted(g.floor)[:1], key=key, char=ch))
            square(r, c, style("mark", ch, key, key=key, char=ch), inset=s * 0.08, radius=s * 0.12)
        else:
            square(r, c, style(ch, key=None, char=ch))
    for ch, key in g.areas.items():
        st = style("area", ch, key, key=key, char=ch)
        fill = color(st.get("fill"))
        ops = []
        for r, row in enumerate(g.rows):
            c = 0
            while c < len(row):
                if g.area(r, c) == ch:
                    start = c
                    while c < len(row) and g.area(r, c) == ch:
                        c += 1
                    ops.append(("R", x0 + start * s, y0 + r * s, (c - start) * s, s, 0.0))
                else:
                    c += 1
        if ops and fill:
            out.append(Shape(tuple(ops), fill=fill))
    # walls round every area, with doors where a door square meets a floor square
    walls, doors = [], []
    for r, c, ch in g.cells():
        a = g.area(r, c)
        if not a:
            continue
        for dr, dc in SIDES:
            if g.area(r + dr, c + dc) == a:
                continue
            # the side's segment
            if dr:
                yy = y0 + (r + (1 if dr > 0 else 0)) * s
                seg = (x0 + c * s, yy, x0 + (c + 1) * s, yy)
            else:
                xx = x0 + (c + (1 if dc > 0 else 0)) * s
                seg = (xx, y0 + r * s, xx, y0 + (r + 1) * s)
            if g.is_door(r, c) and g.walkable(r + dr, c + dc):
                doors.append(seg)
            else:
                walls.append(seg)
    if walls:
        out.append(Shape(tuple(op for a, b, c2, d in walls for op in (("M", a, b), ("L", c2, d))),
                         stroke=p["wall"], width=p["wall_width"]))
    for a, b, c2, d in doors:  # a door: a gap in the wall with a threshold bar and jambs
        out.append(Shape((("M", a, b), ("L", c2, d)), stroke=p["door"], width=p["wall_width"] * 1.6))
        if a == c2:
            jambs = (("M", a - s * 0.12, b), ("L", a + s * 0.12, b), ("M", c2 - s * 0.12, d), ("L", c2 + s * 0.12, d))
        else:
            jambs = (("M", a, b - s * 0.12), ("L", a, b + s * 0.12), ("M", c2, d - s * 0.12), ("L", c2, d + s * 0.12))
        out.append(Shape(jambs, stroke=p["wall"], width=p["wall_width"]))
    # labels and icons: of each area, and of any other character whose style has them, centred in the
    # bounding box of its squares; of each mark in its square
    boxes = {}
    for r, c, ch in g.cells():
        a = g.area(r, c) or ch
        r0, c0, r1, c1 = boxes.get(a, (r, c, r, c))
        boxes[a] = (min(r0, r), min(c0, c), max(r1, r), max(c1, c))
    for ch, (r0, c0, r1, c1) in boxes.items():
        if ch in g.areas:
            key = g.areas[ch]
            st = style("area", ch, key, key=key, char=ch)
        elif ch in g.marks:
            key = g.marks[ch]
            st = style("mark", ch, key, key=key, char=ch)
        else:
            st = style(ch, key=None, char=ch)
        bx, by, bw, bh = x0 + c0 * s, y0 + r0 * s, (c1 - c0 + 1) * s, (r1 - r0 + 1) * s
        label, icon = st.get("label"), st.get("icon")
        if icon:
            isz = min(bw, bh) * float(st.get("icon_scale", 0.4 if label else 0.7))
            iy = by + bh * 0.5 if label else by + (bh - isz) / 2
            out.extend(env.icon(str(icon)).draw(bx + (bw - isz) / 2, iy, isz, isz,
                                                color(st.get("icon_color", st.get("label_color", "#000000")))))
        if label:
            lh = bh * (0.45 if icon else 0.8)
            ly = by + (bh * 0.5 - lh - s * 0.1 if icon else (bh - lh) / 2)
            out.extend(_text(env, p, str(label), bx + s * 0.3, ly, bw - s * 0.6, lh,
                             color(st.get("label_color", "#000000")) or "#000000",
                             float(st.get("label_size", p["label_size"])), valign="bottom" if icon else "middle"))
    # links (e.g. secret passages): a marker in each area's square farthest from the map's centre
    for pair in _eval(env, p, "links", []) or []:
        keys = list(pair)
        if len(keys) != 2:
            continue
        by_key = {v: k for k, v in g.areas.items()}
        for here, there in ((keys[0], keys[1]), (keys[1], keys[0])):
            ch = by_key.get(here)
            if ch is None:
                continue
            cells = [(r, c) for r, c, _x in g.cells() if g.area(r, c) == ch]
            cr, cc = (g.h - 1) / 2, (g.w - 1) / 2
            r, c = max(cells, key=lambda rc: ((rc[0] - cr) ** 2 + (rc[1] - cc) ** 2, -rc[0], -rc[1]))
            st = style("link", here, key=here, to=there, char=ch)
            square(r, c, st, inset=s * 0.06, radius=s * 0.1)
            if st.get("icon"):
                out.extend(env.icon(str(st["icon"])).draw(x0 + c * s + s * 0.15, y0 + r * s + s * 0.12, s * 0.7,
                                                          s * 0.5, color(st.get("icon_color", "#000000"))))
            if st.get("label"):
                out.extend(_text(env, p, str(st["label"]), x0 + c * s + s * 0.05, y0 + r * s + s * 0.62, s * 0.9,
                                 s * 0.32, color(st.get("label_color", "#000000")) or "#000000",
                                 float(st.get("label_size", 5)), valign="middle"))
    return out


def _text(env, p, src, x, y, w, h, color, size, valign="middle"):
    tp = dict(p, x=x, y=y, w=w, h=h, text=src, size=size, min_size=min(p["min_size"], size), color=color,
              align="center", valign=valign, leading=1.1, bold=False)
    return env.text(src, tp)
