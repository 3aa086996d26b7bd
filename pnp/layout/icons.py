"""Vector icons written in YAML (`layouts/common/icons.yaml`, `layouts/<game>/icons.yaml`).

    gun:
      box: 100                     # the drawing's coordinate box (square), or [w, h]
      shapes:
        - {path: "M10 40 L90 40 L90 55 Z", fill: current}
        - {circle: [50, 50, 10], fill: "#ffffff"}
        - {rect: [10, 10, 20, 30], stroke: current, width: 4}
        - {polygon: [[0, 0], [10, 0], [5, 8]], fill: current}

`current` is the colour of the element (or of the text) that shows the icon.

An icon may also be a file of the game's own `icons/` folder (`content/<game>/icons/coin.svg` or
`coin.png`, named `:coin:`): SVG art drawn as vectors in its own colours (pnp.layout.svgimage), a PNG
as an image. Such a file overrides a built-in or common icon of its name (the game's own art wins, as
the game's icons.yaml does); a name both in the game's icons.yaml and its `icons/` folder, or two files
of one name, is an error (`file_icons`).
"""
from __future__ import annotations

from dataclasses import dataclass, field
import re
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
    source: str = field(default="", compare=False)   # the icons file it comes from

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
            icons[name] = Icon(name, float(bw), float(bh), tuple(shapes), str(f))
    col.raise_if_any()
    return icons


ICON_FILES = (".svg", ".png")
NOT_ICON_FILES = (".jpg", ".jpeg", ".gif", ".webp", ".bmp", ".tif", ".tiff")   # pictures an icon may not be
MAX_ICON_FILES = 1000
_NAME = re.compile(r"[a-z][a-z0-9_-]*")   # what `:name:` in text can name (pnp.text.spans)


@dataclass(frozen=True)
class FileIcon:
    """An icon that is a file of the game's `icons/` folder: `art` is (shapes of the SVG in its points,
    w, h) or (the verified PNG's real path, w, h); `fonts` draws the SVG's text."""
    name: str
    rel: str
    art: tuple
    fonts: object = field(default=None, compare=False, repr=False)

    def draw(self, x, y, w, h, color="#000000") -> tuple:
        """Pieces of the file fitted (aspect kept, centred) in the box; its own colours (not `color`)."""
        data, iw, ih = self.art
        s = min(w / iw, h / ih)
        if isinstance(data, str):
            from pnp.core.pieces import Image
            return (Image(data, x + (w - iw * s) / 2, y + (h - ih * s) / 2, iw * s, ih * s),)
        from pnp.layout import svgimage
        return tuple(svgimage.place(data, iw, ih, x, y, w, h, "contain", fonts=self.fonts))


def file_icons(root: Path, icons: dict, own: Path, info, fonts=None) -> dict:
    """`icons` with the PNG and SVG files of `root/icons/` added, each named by its file name without
    the suffix. `own`: the game's icons.yaml (a name in it and in the folder is an error); `info(root,
    rel)`: the image reader of the resolver, giving what is wrong (a text) or (art, w, h); every file
    is confined to the game folder as any image is (pnp.core.paths). Raises Problems."""
    import os
    folder = Path(root) / "icons"
    if not folder.is_dir():
        return icons
    col = Collector()
    out = dict(icons)
    found: dict = {}
    names = sorted(e.name for e in os.scandir(folder))
    if len(names) > MAX_ICON_FILES:
        col.add(Pos(display_path(folder)), f"the icons folder holds {len(names):,} files (at most "
                f"{MAX_ICON_FILES:,})", "keep only the icons the game prints in it")
        col.raise_if_any()
    for fname in names:
        stem, suffix = os.path.splitext(fname)
        where = Pos(display_path(folder / fname))
        if suffix.lower() in NOT_ICON_FILES:
            col.add(where, f"an icon is a PNG or SVG file, not {suffix.lower()[1:].upper()}",
                    "convert it to PNG, or move it out of the icons folder")
            continue
        if suffix.lower() not in ICON_FILES:
            continue   # notes, an editor's backups: not icons
        if not _NAME.fullmatch(stem):
            col.add(where, f"the icon file `{fname}` cannot be named in text (`:name:` takes lower-case "
                    "letters, digits, `-` and `_`, starting with a letter)",
                    f"rename it, e.g. `{_slug(stem)}{suffix.lower()}`")
            continue
        if stem in found:
            col.add(where, f"icon `{stem}` is two files, `{found[stem]}` and `{fname}`", "keep one of them")
            continue
        found[stem] = fname
        old = icons.get(stem)
        if old is not None and getattr(old, "source", "") and Path(old.source) == Path(own):
            col.add(where, f"icon `{stem}` is both this file and an icon of {display_path(own)}",
                    "rename one of them (each `:name:` must name one icon)")
            continue
        rel = f"icons/{fname}"
        got = info(str(root), rel)
        if isinstance(got, str):
            col.add(where, f"icon `{stem}`: {got}", "name a PNG or SVG file inside the game folder")
            continue
        icon = FileIcon(stem, rel, got, fonts)
        if not isinstance(got[0], str):
            from pnp.layout import svgimage
            try:
                icon.draw(0.0, 0.0, 10.0, 10.0)   # drawable at text size (its text in the game's fonts)
            except svgimage.SvgError as e:
                col.add(where, f"icon `{stem}`: {e}", "fix the SVG in your editor")
                continue
        out[stem] = icon
    col.raise_if_any()
    return out


def _slug(stem: str) -> str:
    s = re.sub(r"[^a-z0-9_-]+", "-", stem.lower()).strip("-_")
    return s if s[:1].isalpha() else f"icon-{s}" if s else "icon"
