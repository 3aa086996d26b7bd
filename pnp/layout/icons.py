"""Vector icons written in YAML (`layouts/common/icons.yaml`, `layouts/<game>/icons.yaml`).

    gun:
      box: 100                     # the drawing's coordinate box (square), or [w, h]
      shapes:
        - {path: "M10 40 L90 40 L90 55 Z", fill: current}
        - {circle: [50, 50, 10], fill: "#ffffff"}
        - {rect: [10, 10, 20, 30], stroke: current, width: 4}
        - {polygon: [[0, 0], [10, 0], [5, 8]], fill: current}

`current` is the colour of the element (or of the text) that shows the icon.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.content.yamlfile import YMap, load_file, not_regular, special_file
from pnp.core.errors import Collector, Pos, Problems, did_you_mean, display_path
from pnp.layout import svgpath
from pnp.core.pieces import Shape

_K = 0.5522847498  # bezier circle constant
MAX_COORD = 1e6     # icon coordinates and sizes: a drawing box is some hundreds of units
MIN_BOX = 1e-3


@dataclass(frozen=True)
class Icon:
    name: str
    w: float
    h: float
    shapes: tuple  # (ops normalised to the box, fill, stroke, width)

    def draw(self, x, y, w, h, color="#000000") -> tuple:
        """Shapes for the icon fitted (aspect kept, centred) in the box (x, y, w, h)."""
        s = min(w / self.w, h / self.h)
        ox = x + (w - self.w * s) / 2
        oy = y + (h - self.h * s) / 2
        out = []
        for ops, fill, stroke, width in self.shapes:
            out.append(Shape(ops=_transform(ops, s, ox, oy),
                             fill=color if fill == "current" else fill,
                             stroke=color if stroke == "current" else stroke,
                             width=width * s))
        return tuple(out)


def _transform(ops, s, ox, oy):
    out = []
    for op in ops:
        if op[0] == "Z":
            out.append(op)
        elif op[0] in "RE":
            vals = [ox + op[1] * s, oy + op[2] * s, op[3] * s, op[4] * s] + ([op[5] * s] if op[0] == "R" else [])
            out.append((op[0], *vals))
        else:
            vals = op[1:]
            out.append((op[0], *[ox + v * s if i % 2 == 0 else oy + v * s for i, v in enumerate(vals)]))
    return tuple(out)


def circle_ops(cx, cy, r):
    return (("E", cx - r, cy - r, 2 * r, 2 * r),)


def _shape(spec: YMap, col: Collector, where: str):
    kinds = [k for k in ("path", "circle", "rect", "polygon", "ellipse") if k in spec]
    allowed = {"path", "circle", "rect", "polygon", "ellipse", "fill", "stroke", "width"}
    for key in spec:
        if key not in allowed:
            col.add(spec.key_at(key), f"unknown key `{key}` in a shape of {where}", did_you_mean(key, allowed))
    if len(kinds) != 1:
        col.add(spec.pos, f"a shape of {where} needs exactly one of path, circle, rect, ellipse, polygon",
                "write e.g. `{circle: [50, 50, 10], fill: current}`")
        return None
    kind = kinds[0]
    v = spec[kind]
    try:
        if kind == "path":
            ops = svgpath.parse(str(v))
        elif kind == "circle":
            ops = circle_ops(*map(float, v))
        elif kind == "ellipse":
            cx, cy, rx, ry = map(float, v)
            ops = (("E", cx - rx, cy - ry, 2 * rx, 2 * ry),)
        elif kind == "rect":
            x, y, w, h, *r = map(float, v)
            ops = (("R", x, y, w, h, r[0] if r else 0.0),)
        else:
            pts = [tuple(map(float, p)) for p in v]
            ops = (("M", *pts[0]),) + tuple(("L", *p) for p in pts[1:]) + (("Z",),)
        bad = next((n for op in ops for n in op[1:] if not (isinstance(n, float) and abs(n) <= MAX_COORD)), None)
        if bad is not None:
            raise ValueError(f"the number {bad!r} is not a coordinate within ±{MAX_COORD:g}")
        width = float(spec.get("width", 1))
        if not 0 <= width <= MAX_COORD:
            col.add(spec.at("width"), f"the stroke width of a shape of {where} is {width:g}",
                    f"write a width from 0 to {MAX_COORD:g}")
            return None
    except (svgpath.PathError, TypeError, ValueError, IndexError, OverflowError) as e:
        col.add(spec.at(kind), f"bad `{kind}` in {where}: {e}", ICON_FORMAT)
        return None
    fill = spec.get("fill", None if "stroke" in spec else "current")
    return ops, fill, spec.get("stroke"), width


ICON_FORMAT = ("an icon is `NAME: {shapes: [{circle: [40, 40, 27], stroke: current, width: 10}, …]}` in a "
               "100 x 100 box; a shape is one of path, circle, rect, polygon, ellipse, with fill, stroke, width")


def load_icons(files: list[Path]) -> dict:
    """Icons from several files, later files overriding earlier ones (game icons over common ones)."""
    col = Collector()
    icons = {}
    for f in files:
        if special_file(f):
            col.extend([not_regular(f, "this icons file")])
            continue
        if not f.is_file():
            continue
        if not f.resolve().is_relative_to(f.parent.parent.resolve()):  # layouts/<folder>/icons.yaml
            col.add(Pos(display_path(f)), "this icons file is a link that leads outside layouts/",
                    "copy the file into the layouts folder")
            continue
        try:
            data = load_file(f)
        except Problems as e:
            col.extend(e.problems)
            continue
        for name, spec in data.items():
            if not isinstance(spec, YMap) or "shapes" not in spec:
                col.add(data.key_at(name), f"icon `{name}` needs `shapes:`", ICON_FORMAT)
                continue
            box = spec.get("box", 100)
            try:
                bw, bh = (float(box), float(box)) if not isinstance(box, list) else map(float, box)
                if not (MIN_BOX <= bw <= MAX_COORD and MIN_BOX <= bh <= MAX_COORD):
                    raise ValueError
            except (TypeError, ValueError, OverflowError):
                col.add(spec.at("box") if "box" in spec else data.at(name), f"icon `{name}`: `box` is {box!r}",
                        f"write the drawing's size, a number from {MIN_BOX:g} to {MAX_COORD:g}, or [w, h]")
                continue
            shapes = []
            for s in spec["shapes"] or []:
                if isinstance(s, YMap):
                    r = _shape(s, col, f"icon `{name}`")
                    if r:
                        shapes.append(r)
            icons[name] = Icon(name, float(bw), float(bh), tuple(shapes))
    col.raise_if_any()
    return icons
