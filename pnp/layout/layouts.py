"""Layout files: `layouts/<name>.yaml`, with `extends:` resolved (Squib's model).

    extends: common/poker          # optional: start from another layout
    size: poker                    # a preset, [63mm, 88mm] or 63x88
    bleed: 3mm                     # default 3mm
    safe: 3mm                      # inner margin that text and icons keep (default 3mm; print lint `safe-area`)
    shape: rounded                 # rect | rounded | circle (the cut outline of tokens)
    radius: 3mm
    dpi: 300                       # what `px` means in this layout (default 300; inherited through `extends`)
    elements:
      title: {type: text, x: 5, y: 5, w: 53, h: 10, text: "{{ card.name }}", size: 14}

A child layout overrides keys of the elements it names, adds new elements after the inherited
ones, removes one with `delete: true`, and may write `x: +=2` or `size: -=1` to shift an inherited
value. Every value keeps the file:line:col where it was written.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from pnp.content.yamlfile import YMap, load_file, special_file
from pnp.core.errors import Collector, Pos, Problem, Problems, did_you_mean
from pnp.core import units
from pnp.templates.templating import pure_function

MAX_EXTENDS = 20   # `extends:` steps from a layout to its base
NAME_RE = re.compile(r"^[a-z0-9_-]+(/[a-z0-9_-]+)*\Z")
TOP_KEYS = {"extends", "size", "bleed", "safe", "shape", "radius", "dpi", "elements", "notes"}
_ARITH = re.compile(r"^\s*([+-])=\s*(.+)\Z")
MAX_SIZE = 2000 * units.MM   # 2 m: the largest board (tiled) a layout may describe


@dataclass(frozen=True)
class Element:
    name: str
    attrs: dict      # attribute → raw value (possibly a template or translatable map)
    at: dict         # attribute → Pos
    pos: Pos


@dataclass(frozen=True)
class Layout:
    name: str
    w: float
    h: float
    bleed: float
    safe: float
    shape: str
    radius: float
    elements: tuple  # Element, in drawing order
    pos: Pos
    dpi: float = units.DEFAULT_DPI   # `px` lengths of this layout (its elements' values too) are at this dpi

    def element(self, name: str) -> Element | None:
        return next((e for e in self.elements if e.name == name), None)


BUILTIN = Path(__file__).resolve().parent.parent / "builtin" / "layouts"   # common/* shipped inside the package


class Layouts:
    """Loads and caches layouts from a project's `layouts/` folder, then the built-in ones (`common/*`).

    A project's own file wins: `layouts/common/poker.yaml` in a project overrides the built-in one.
    """

    def __init__(self, root: Path, builtin: Path | None = BUILTIN):
        self.root = root
        self.builtin = builtin
        self._cache: dict[str, Layout] = {}

    def folders(self) -> list[Path]:
        """Where layouts are looked up, first match wins."""
        return [self.root] + ([self.builtin] if self.builtin and self.builtin.is_dir() else [])

    def path(self, name: str) -> Path | None:
        """The file of layout `name` (the project's before the built-in one), or None."""
        for folder in self.folders():
            p = folder / f"{name}.yaml"
            if p.is_file() or special_file(p):
                return p
        return None

    def has(self, name: str) -> bool:
        return bool(NAME_RE.match(name)) and self.path(name) is not None

    @pure_function   # templates that call it are memoised (a pure lookup, cached per Layouts)
    def geometry(self, name: str) -> dict:
        """For templates: `geometry('game/back').slot_1.x` → that element's plain values, lengths in mm.

        This lets one layout derive its geometry from another (an envelope window from the card slot
        it must reveal) so there is one source of truth. Templated values are left out.
        """
        key = ("geometry", name)
        if key not in self._cache:
            lay = self.get(name, Pos(f"layouts/{name}.yaml"))
            with units.at_dpi(lay.dpi):
                self._cache[key] = Layouts._geometry(lay)
        return self._cache[key]

    @staticmethod
    def _geometry(lay) -> dict:
        out = {"w": units.mm(lay.w), "h": units.mm(lay.h), "bleed": units.mm(lay.bleed), "safe": units.mm(lay.safe)}
        for el in lay.elements:
            vals = {}
            for k, v in el.attrs.items():
                if isinstance(v, str) and ("{{" in v or "{%" in v):
                    continue
                if k in ("x", "y", "w", "h", "x2", "y2", "radius"):
                    try:
                        v = round(units.mm(units.length(v)), 4)
                    except units.UnitError:
                        continue
                vals[k] = v
            out[el.name] = vals
        return out

    def names(self) -> list[str]:
        found = set()
        for folder in self.folders():
            if folder.is_dir():
                found |= {str(p.relative_to(folder).with_suffix("")) for p in folder.rglob("*.yaml")
                          if p.name != "icons.yaml"}
        return sorted(found)

    def get(self, name: str, pos: Pos) -> Layout:
        if name not in self._cache:
            self._cache[name] = self._build(name, pos, ())
        return self._cache[name]

    def _raw(self, name: str, pos: Pos) -> YMap:
        if not isinstance(name, str) or not NAME_RE.match(name):
            raise Problems([Problem(pos, f"`{name}` is not a layout name", "write e.g. `common/poker`")])
        path = self.path(name) or self.root / f"{name}.yaml"
        home = next((f for f in self.folders() if path.is_relative_to(f)), self.root)
        if special_file(path):
            raise Problems([Problem(pos, f"the layout `{name}` is {special_file(path)}, not a regular file",
                                    "replace it with an ordinary YAML file")])
        if not path.is_file():
            raise Problems([Problem(pos, f"there is no layout `{name}`", did_you_mean(name, self.names()))])
        if not path.resolve().is_relative_to(home.resolve()):
            raise Problems([Problem(pos, f"the layout `{name}` is a link that leads outside layouts/",
                                    "copy the file into the layouts folder")])
        return load_file(path)

    def _build(self, name, pos, chain) -> Layout:
        if name in chain:
            raise Problems([Problem(pos, f"layouts extend each other in a circle: {' → '.join(chain + (name,))}",
                                    "remove one of the `extends:`")])
        if len(chain) >= MAX_EXTENDS:
            raise Problems([Problem(pos, f"more than {MAX_EXTENDS} layouts extend each other in a chain "
                                    f"({chain[0]} → … → {name})", "extend a layout nearer to the base")])
        raw = self._raw(name, pos)
        col = Collector()
        for key in raw:
            if key not in TOP_KEYS:
                col.add(raw.key_at(key), f"unknown key `{key}` in layout `{name}`", did_you_mean(key, TOP_KEYS))
        base = None
        if "extends" in raw:
            base = self._build(raw["extends"], raw.at("extends"), chain + (name,))
        dpi = base.dpi if base else units.DEFAULT_DPI
        if "dpi" in raw:
            try:
                dpi = units.parse_dpi(raw["dpi"])
            except units.UnitError as e:
                col.add(raw.at("dpi"), f"`dpi`: {e}", f"fix `dpi` in layout `{name}` (what `150px` means: 300 is Squib's)")
        with units.at_dpi(dpi):
            return self._sized(raw, base, name, col, dpi)

    def _sized(self, raw, base, name, col, dpi) -> Layout:
        top = {}
        for key, conv, default in (("size", units.size, None), ("bleed", units.length, 3 * units.MM),
                                   ("safe", units.length, 3 * units.MM), ("radius", units.length, 0.0)):
            if key in raw:
                try:
                    top[key] = conv(raw[key])
                except units.UnitError as e:
                    col.add(raw.at(key), f"`{key}`: {e}", f"fix `{key}` in layout `{name}`")
                    top[key] = default
            else:
                top[key] = getattr(base, key if key != "size" else "w", default) if base else default
                if key == "size" and base:
                    top[key] = (base.w, base.h)
        shape = raw.get("shape", base.shape if base else "rect")
        if shape not in ("rect", "rounded", "circle"):
            col.add(raw.at("shape"), f"unknown shape `{shape}`", did_you_mean(shape, ("rect", "rounded", "circle")))
        if top["size"] is None:
            col.add(raw.pos, f"layout `{name}` has no `size`", "add `size: poker` (or extend a layout that has one)")
            top["size"] = (0.0, 0.0)
        w, h = top["size"]
        if w <= 0 or h <= 0:
            col.add(raw.at("size"), f"layout `{name}` has a size of zero or less", "give a positive width and height")
        elif max(w, h) > MAX_SIZE:
            col.add(raw.at("size"), f"layout `{name}` is {units.mm(w):.0f} x {units.mm(h):.0f} mm, larger than the "
                    f"{units.mm(MAX_SIZE):.0f} mm allowed", "check the units of `size` (a bare number is mm)")
        for key in ("bleed", "safe"):
            if key in raw and not 0 <= top[key] <= MAX_SIZE / 10:
                col.add(raw.at(key), f"`{key}` of layout `{name}` is {units.mm(top[key]):.1f} mm",
                        f"give a length from 0 to {units.mm(MAX_SIZE / 10):.0f} mm")
        elements = self._elements(raw, base, name, col)
        col.raise_if_any()
        return Layout(name, w, h, top["bleed"], top["safe"], shape, top["radius"], elements, raw.pos, dpi)

    def _elements(self, raw, base, name, col):
        merged = {e.name: e for e in base.elements} if base else {}
        order = list(merged)
        els = raw.get("elements") or {}
        if not isinstance(els, YMap):
            col.add(raw.at("elements"), "`elements` should be a map of element name → element",
                    "write e.g. `elements: {title: {type: text, x: 5, y: 5, w: 53, h: 8, text: Hello}}` (every type: `pnp docs` writes the reference)")
            return tuple(merged[n] for n in order)
        for ename, spec in els.items():
            epos = els.key_at(ename)
            if not isinstance(spec, YMap):
                col.add(epos, f"element `{ename}` should be a map", "write `{type: text, x: …}`")
                continue
            if spec.get("delete") is True:
                if ename not in merged:
                    col.add(epos, f"`delete` of `{ename}`, which layout `{name}` does not inherit",
                            did_you_mean(ename, merged))
                merged.pop(ename, None)
                order = [n for n in order if n != ename]
                continue
            parent = merged.get(ename)
            attrs, at = {}, {}
            if parent and spec.get("type", parent.attrs.get("type")) == parent.attrs.get("type"):
                attrs, at = dict(parent.attrs), dict(parent.at)
            for key, value in spec.items():
                m = _ARITH.match(value) if isinstance(value, str) else None
                if m:
                    if key not in attrs:
                        col.add(spec.at(key), f"`{key}: {value}` shifts a value that `{ename}` does not inherit",
                                "write a plain value")
                        continue
                    value = _arith(attrs[key], m.group(1), m.group(2), spec.at(key), col)
                attrs[key] = value
                at[key] = spec.at(key)
            if "type" not in attrs:
                col.add(epos, f"element `{ename}` has no `type`", "add `type: text` (or rect, icon, image, qr …)")
                continue
            merged[ename] = Element(ename, attrs, at, epos)
            if ename not in order:
                order.append(ename)
        return tuple(merged[n] for n in order)


def _arith(old, sign, delta, pos, col):
    try:
        if isinstance(old, (int, float)) and not isinstance(old, bool) and _LEN_PLAIN(delta):
            return old + (float(delta) if sign == "+" else -float(delta))
        base, d = units.length(old), units.length(delta)
        return f"{(base + d if sign == '+' else base - d):.4f}pt"
    except (units.UnitError, ValueError):
        col.add(pos, f"cannot shift `{old}` by `{sign}={delta}`", "both must be lengths or numbers")
        return old


def _LEN_PLAIN(s: str) -> bool:
    try:
        float(s)
        return True
    except ValueError:
        return False
