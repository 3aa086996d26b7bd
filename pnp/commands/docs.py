"""`pnp docs`: docs/reference.md, generated from the schemas themselves.

Every element type and parameter comes from `pnp.layout.elements.TYPES` (the table the resolver checks
values against), every game.yaml and component key from `pnp.content.loader`'s specs, so a parameter
added to an element type appears here by itself. The words below only explain; a parameter without
words is listed with its type and default all the same. tests/test_reference.py fails when the
committed reference is not what this module generates.
"""
from __future__ import annotations

from pathlib import Path

import click

from pnp.core import units
from pnp.core.units import MM

TYPE_HELP = {
    "rect": "a rectangle, optionally with rounded corners", "ellipse": "an ellipse filling its box",
    "line": "a straight line from (x, y) to (x2, y2), or across the width when x2/y2 are not given",
    "path": "an SVG path (`M L H V C S Q T A Z`, arcs included) in mm, relative to (x, y)",
    "polygon": "a closed polygon through `points`, in mm relative to (x, y)",
    "text": "text fitted into its box: it shrinks from `size` to `min_size`, else the build stops; "
            "inline markup (see Text markup): `**bold**`, `*italic*`, `<span color=… size=… font=…>`, `<u>`, `<s>`, "
            "`<br>`, `&nbsp;`, `:icon:`",
    "icon": "a vector icon from the built-in or the game's icons.yaml, or a PNG or SVG of the game's `icons/` "
            "folder (`icons/coin.svg` is `coin`), scaled into its box",
    "image": "a PNG or JPEG picture, or SVG art drawn as vector shapes, from the game folder",
    "qr": "a QR code (square, the smaller of w and h)",
    "cut": "a die-line to cut along (a rectangle, or a path `d`)", "fold": "a die-line to fold along",
    "glue": "a glue area", "window": "a window to cut out",
    "binding_holes": "punch marks along an edge, for binding", "clock": "an analogue clock face",
    "gridmap": "a board drawn from a character map", "icon_field": "icons scattered on a grid",
    "portrait": "a seeded vector portrait",
}
EXAMPLES = {
    "rect": "{type: rect, x: 3, y: 3, w: 57, h: 20, radius: 2, fill: paper, stroke: \"#333333\"}",
    "ellipse": "{type: ellipse, x: 20, y: 30, w: 23, h: 23, fill: \"{{ palette[card.suit] }}\"}",
    "line": "{type: line, x: 5, y: 40, x2: 58, y2: 40, stroke: \"#999999\", dash: [2, 1]}",
    "path": "{type: path, x: 10, y: 10, d: \"M 0 5 A 5 5 0 0 1 10 5 L 5 12 Z\", fill: \"#c0392b\"}",
    "polygon": "{type: polygon, x: 10, y: 10, points: [[0, 0], [10, 0], [5, 8]], fill: \"#c0392b\"}",
    "text": "{type: text, x: 5, y: 40, w: 53, h: 12, text: \"{{ card.name }}\", size: 14, min_size: 8, align: center}\n"
            "  stamp: {type: text, x: 8, y: 30, w: 47, h: 12, text: 'Pay <span color=\"crimson\">3</span> *gold*', "
            "size: 16, rotate: -30}",
    "icon": "{type: icon, name: star, x: 26.5, y: 60, w: 10, h: 10, color: \"#c9a227\", mirror: horizontal}",
    "image": "{type: image, x: 3, y: 15, w: 57, h: 40, src: \"art/{{ card.id }}.png\", fit: cover}\n"
             "  dagger: {type: image, x: 10, y: 20, w: 43, h: 30, src: art/dagger.svg, rotate: 90}",
    "qr": "{type: qr, x: 45, y: 70, w: 14, h: 14}",
    "cut": "{type: cut, x: 10, y: 10, w: 30, h: 20, radius: 2}",
    "fold": "{type: fold, x: 0, y: 44, w: 63, h: 0}",
    "glue": "{type: glue, x: 0, y: 0, w: 10, h: 88, label: glue}",
    "window": "{type: window, x: 10, y: 10, w: 20, h: 10}",
}
PARAM_HELP = {
    "type": "the element type", "x": "left edge, from the trim's top-left corner (negative: into the bleed)",
    "y": "top edge, from the trim's top-left corner", "w": "width", "h": "height",
    "when": "draw only when this template is true, e.g. `\"{{ card.value > 2 }}\"`",
    "repeat": "draw once per item of this list template; `item` and `index` are set in each copy",
    "opacity": "0 (invisible) to 1 (opaque)",
    "rotate": "degrees clockwise as seen on the card, about `origin`; the element is drawn (text fitted) in its "
              "own box first, then turned",
    "origin": "the point `[x, y]` (on the card, like x/y) to turn about; default the element's centre",
    "mirror": "flip about the element's centre before turning", "fill": "fill colour, or a gradient (see Gradients)", "stroke": "outline colour",
    "stroke_width": "outline width", "dash": "dash pattern of the outline, e.g. `[2, 1]` (mm)",
    "radius": "corner radius", "x2": "end point x", "y2": "end point y", "d": "SVG path data in mm",
    "scale": "scale factor of the path", "points": "corner points `[[x, y], …]` in mm",
    "text": "the text (a template; a `{en: …, zh-TW: …}` map for translations)", "font": "font role (`sans`, `serif` or game.yaml `fonts:`)",
    "size": "font size", "min_size": "the smallest size the fitter may shrink to (default: `size`)",
    "color": "colour", "align": "horizontal alignment", "valign": "vertical alignment",
    "leading": "line height as a multiple of the size", "bold": "bold text",
    "name": "icon name (see `pnp icons`)", "src": "file in the game folder (a template)",
    "fit": "contain: whole picture, cover: fill the box and crop, stretch: distort to the box",
    "data": "the encoded text (default: game.yaml `qr:` rendered for the card)", "background": "background colour",
    "label": "text printed on the mark", "seed": "seed of the random choices (same seed, same drawing)",
    "hour": "the hour the hands show", "minute": "the minute the hands show", "face": "fill of the clock face",
    "offset": "distance of the holes from the edge", "first": "distance of the first hole from the start",
    "pitch": "distance between holes", "count": "number of holes", "diameter": "hole diameter",
    "axis": "the edge the holes run along", "cols": "grid columns", "rows": "grid rows",
    "pool": "the icons to scatter, e.g. `star:#c00 key`", "each": "how many times each icon of the pool appears",
    "shown": "how many icons are drawn", "avoid": "boxes `[[x, y, w, h], …]` (mm) kept free of icons",
    "clearance": "the gap kept around `avoid` boxes", "frame": "frame style of the portrait",
    "hair": "hair style of the portrait", "grid": "the map, one string per row, one character per cell",
    "cell": "size of one cell", "areas": "character → area name and style", "marks": "character → a mark drawn in the cell",
    "links": "lines drawn between named cells", "floor": "the characters that are floor (walkable)",
    "styles": "named styles (fill, stroke …) used by areas and marks", "label_size": "size of area labels",
    "wall": "wall colour", "wall_width": "wall width", "door": "the character that marks a door",
    "grid_stroke": "colour of the cell grid lines",
    "shadow": "a drop shadow drawn under the text (see Text outline and shadow)",
    "inset": "CJK lines may end up to an em inside the box where they break better; `false` keeps them at "
             "its edge (text elements stacked as paragraphs of one column, whose edges should line up)",
}
GRADIENT_EXAMPLE = ('{type: rect, x: -3, y: -3, w: 69, h: 94, fill: {linear: [paper, [crimson, 0.8]], angle: 90}}\n'
                    '  glow: {type: ellipse, x: 12, y: 20, w: 39, h: 39, fill: {radial: [gold, "#c0392b"], '
                    'centre: [0.5, 0.4], radius: 1}}')
TEXT_EFFECTS_EXAMPLE = ('{type: text, x: 5, y: 8, w: 53, h: 12, text: "{{ card.name }}", size: 18, color: white, '
                        'stroke: "#222222", stroke_width: 0.6, shadow: {dx: 0.4mm, dy: 0.4mm, color: "#00000080"}}')
KIND = {"len": ("length", "mm; or write 2cm, 1in, 12pt"), "pt": ("number", "pt"), "num": ("number", ""),
        "paint": ("colour or gradient", "a colour, `{linear: […]}` or `{radial: […]}`"),
        "shadow": ("shadow", "`{dx: …, dy: …, color: …}`, `true` or a colour"),
        "color": ("colour", "palette name, CSS name, #rgb, #rrggbb(aa), rgb(), hsl(), none"), "str": ("string", ""), "bool": ("true/false", ""),
        "text": ("text", "translatable, template"), "list": ("list", ""), "any": ("any", "")}


def _kind(kind: str):
    if kind.startswith("enum:"):
        return "one of " + ", ".join(f"`{v}`" for v in kind[5:].split(",")), ""
    return KIND.get(kind, (kind, ""))


def _default(kind: str, d) -> str:
    if d is None:
        return "—"
    if kind == "len" and isinstance(d, (int, float)):
        return f"{round(d / MM, 2):g}"
    if isinstance(d, bool):
        return str(d).lower()
    if isinstance(d, str):
        return f"`{d}`" if d else "`\"\"`"
    return f"`{d}`" if not isinstance(d, (int, float)) else f"{d:g}"


def _cell(s: str) -> str:
    return s.replace("|", "\\|").replace("\n", " ")


def generate() -> str:
    from pnp.content.specs import COMPONENT_SPEC, FIELD_TYPES, GAME_SPEC
    from pnp.content import sheetids
    from pnp.content.model import KINDS
    from pnp.layout.elements import COMMON
    from pnp.layout import svggrad
    from pnp.layout.layouts import TOP_KEYS
    from pnp.resolve.face import TYPES
    from pnp.rules.declared_spec import COMMON as CHECK_KEYS
    from pnp.rules.declared_spec import EXAMPLES as CHECK_EXAMPLES
    from pnp.rules.declared_spec import GAME_KINDS, HELP, ITEM_KINDS
    out = ["# pnp reference", "",
           "Generated by `pnp docs` from pnp's own schemas — do not edit by hand. Lengths are in **mm** unless a "
           "unit is written; font sizes in **pt**. Any value may be a jinja template (`{{ card.name }}`).", "",
           "## game.yaml", "", "| key | type | required | meaning |", "|---|---|---|---|"]
    for k, o in GAME_SPEC.items():
        out.append(f"| `{k}` | {o.type} | {'yes' if o.required else ''} | {_cell(o.help)} |")
    out += ["", "## A component (under `components:`)", "", f"Kinds: {', '.join(f'`{k}`' for k in KINDS)}.", "",
            "| key | type | required | meaning |", "|---|---|---|---|"]
    for k, o in COMPONENT_SPEC.items():
        t = "one of " + ", ".join(f"`{c}`" for c in o.choices) if o.choices else o.type
        out.append(f"| `{k}` | {t} | {'yes' if o.required else ''} | {_cell(o.help)} |")
    from pnp.content.printing import SECRET_SPEC, SITS_ON_SPEC
    for key, spec, intro in (("secret", SECRET_SPEC, "`secret: true`, or a map:"),
                             ("sits_on", SITS_ON_SPEC, "a map, or a list of maps, each:")):
        out += ["", f"`{key}:` (print lint) — {intro}", "", "| key | type | required | default | meaning |",
                "|---|---|---|---|---|"]
        out += [f"| `{k}` | {o.type} | {'yes' if o.required else ''} | {'' if o.default is None else f'`{str(o.default).lower()}`'} "
                f"| {_cell(o.help)} |" for k, o in spec.items()]
    out += ["", "Field types (`fields: {name: TYPE}`; `TYPE?` = optional; `{enum: [a, b]}`; "
            "`{type: list, sep: \",\"}` for spreadsheet lists): " + ", ".join(f"`{t}`" for t in FIELD_TYPES) + ".",
            "", "## Spreadsheets", "",
            sheetids.REFERENCE,
            "", "## Declared checks (`checks:`)", "",
            "A component's `checks:` (and game.yaml's, for `rule`) is a list; each entry holds one kind and optionally "
            "the other keys. Expressions run in the template sandbox over `card`, `data`, `game`, `palette`, `lang`; "
            "a failing check is a finding at the item to blame, else at the check.", "",
            "| key | meaning | example |", "|---|---|---|"]
    for k in ITEM_KINDS + GAME_KINDS + CHECK_KEYS:
        out.append(f"| `{k}` | {_cell(HELP[k])} | {_cell(CHECK_EXAMPLES.get(k, ''))} |")
    out += [
            "", "## A layout file (`layouts/<game>/<name>.yaml`)", "",
            "Top-level keys: " + ", ".join(f"`{k}`" for k in sorted(TOP_KEYS)) + ".", "",
            "## Layout language", "",
            "- **Lengths**: a bare number is mm; `2cm`, `1in`, `12pt`, and `px` — a pixel at the layout's `dpi:` "
            f"(default {units.DEFAULT_DPI:g}, inherited through `extends`; every value the layout draws, inherited "
            "elements' too, is read at it), so art laid out for 300 dpi lines up: `x: 150px` is 12.7 mm. A size in "
            "pixels is a list: `size: [825px, 1125px]`. Example: `{dpi: 300, size: [750px, 1050px], elements: {title: "
            "{type: text, x: 75px, y: 60px, w: 600px, h: 90px, text: Hello}}}`.",
            "- **Colours** (any colour parameter and palette entry): a palette name, one of the 148 CSS names "
            "(`crimson`), `#rgb`, `#rrggbb`, `#rrggbbaa` (alpha = the element's opacity; shapes only), `rgb(200, 40, 40)`, "
            "`rgba(…)`, `hsl(210, 50%, 40%)`, `none`. A typo gets a did-you-mean. Example: `fill: \"#00000080\"`.",
            "- **Text markup**: `**bold**`, `*italic*`, `***bold italic***`, `<b> <i> <u> <s>`, "
            "`<span color=\"crimson\" size=\"12\" font=\"serif\">…</span>`, `<br>`, `&nbsp;`, `&lt; &gt; &amp;`, "
            "`:icon:` (an icon of icons.yaml, or a PNG/SVG of the game's `icons/` folder: `:coin:` for "
            "`content/<game>/icons/coin.svg`). Spans nest and cross line breaks; fitting counts them. Bold is the outline stroked and italic "
            "a 12° oblique unless game.yaml gives the role those faces (`fonts: {hand: {regular: …, bold: …, "
            "italic: …, bold_italic: …}}`). Example: `text: 'Pay <span color=\"crimson\">3 gold</span> or <u>skip</u>'`.",
            "- **Gradients**: a shape's `fill:` may be `{linear: STOPS, angle: DEG}` or `{radial: STOPS, centre: [X, Y], "
            "radius: R}`, printed as a vector shading inside the shape. STOPS lists 2 to 32 colours from start to end, "
            "each a colour (palette names and templates work; opaque) or `[colour, position]` with the position from 0 "
            "to 1 (or `40%`); stops without one are spread evenly. A linear gradient crosses the shape's box corner to "
            "corner at `angle` degrees clockwise from left-to-right (default 0; 90: top to bottom); a radial one runs in circles "
            "from `centre` (fractions of the box, default `[0.5, 0.5]`) out to `radius` (a fraction of the distance "
            "to the box's farthest corner, default 1). The print lint judges text on a gradient by the colour under "
            "it, and the ink saver lightens each of its colours. Example:", "", "```yaml",
            f"  background: {GRADIENT_EXAMPLE}", "```", "",
            "- **Text outline and shadow**: a `text` element's `stroke: COLOUR` and `stroke_width: PT` (default 0.4) "
            "draw an outline with the glyphs (text render mode fill and stroke); `shadow: {dx: 0.4mm, dy: 0.4mm, color: "
            "\"#00000080\"}` draws an offset copy first (those are the defaults: `shadow: true`, or `shadow: COLOUR` "
            "for another colour; the alpha of the colour is the shadow's). Fitting is unchanged by either. The "
            "contrast lint counts text with an outline of 0.3 pt or more as readable when its colour or its outline "
            "contrasts with what lies behind it; the ink saver drops shadows and keeps outlines. Example:", "",
            "```yaml", f"  title: {TEXT_EFFECTS_EXAMPLE}", "```", "",
            "- **Rotating and mirroring**: `rotate` (every element) and `mirror` (images, icons), below. Example: "
            "`{type: text, x: 2, y: 2, w: 84, h: 6, text: Spine, rotate: 90, origin: [2, 2]}`.",
            "- **SVG art**: `image` with an `.svg` file is drawn as vector shapes (svglib). A shape whose fill is "
            "`url(#id)` of a `<linearGradient>` or `<radialGradient>` of the same file prints as a vector shading, "
            "as a layout's gradient does: `gradientUnits` `objectBoundingBox` (default) or `userSpaceOnUse`, "
            "`x1 y1 x2 y2`, `cx cy r`, `gradientTransform`, `<stop offset stop-color stop-opacity>` (also in "
            "`style=`; one stop-opacity for all stops, which becomes the shape's), `href`/`xlink:href` to another "
            "gradient of the file for its stops; `fx`/`fy` are ignored (the gradient runs from its centre). Refused "
            "with their line: text beyond simple text, embedded bitmaps, `spreadMethod` reflect or repeat, a gradient "
            "on a stroke or in a file the SVG uses, patterns, masks, filters and clip paths; `fit: cover` too. "
            "Example:", "", "```xml", svggrad.EXAMPLE, "```", "",
            "- **Per-card layouts**: a component's `front:`/`back:` may be `{by: FIELD, cases: {VALUE: LAYOUT}, "
            "default: LAYOUT}` (without `cases` the field's value names the layout). Example: `front: {by: type, "
            "cases: {weapon: my-game/weapon}, default: my-game/card}`.", "",
            "## Element types", "", "Every element takes these common parameters:", "",
            "| parameter | type | default | unit | meaning |", "|---|---|---|---|---|"]
    for p, (kind, d) in COMMON.items():
        t, unit = _kind(kind)
        out.append(f"| `{p}` | {t} | {_default(kind, d)} | {unit} | {_cell(PARAM_HELP.get(p, ''))} |")
    out.append("")
    for name in sorted(TYPES):
        params, fn = TYPES[name]
        doc = TYPE_HELP.get(name) or ((fn.__doc__ or "").strip().split("\n")[0])
        out += [f"### `{name}`", "", doc[:1].upper() + doc[1:] + ("." if doc and not doc.endswith(".") else ""), "",
                "| parameter | type | default | unit | meaning |", "|---|---|---|---|---|"]
        for p, (kind, d) in params.items():
            if p in COMMON and p not in ("w", "h"):
                continue
            t, unit = _kind(kind)
            out.append(f"| `{p}` | {t} | {_default(kind, d)} | {unit} | {_cell(PARAM_HELP.get(p, ''))} |")
        ex = EXAMPLES.get(name)
        if ex:
            out += ["", "```yaml", f"  my_{name}: {ex}", "```"]
        out.append("")
    out += _plugin_api()
    return "\n".join(out).rstrip() + "\n"


def _plugin_api() -> list[str]:
    """The rules plug-in API: every public name of pnp.rules.api with the first line of its docstring."""
    from pnp.rules import api
    out = ["## Rules plug-ins (`pnp.rules.api`)", "",
           "A rules plug-in is a `Plugin` object registered under the entry point group `pnp.rules`; a game "
           "opts in with `rules: <name>` in game.yaml. A plug-in imports only this module:", "",
           "| name | what it is |", "|---|---|"]
    for name in api.__all__:
        out.append(f"| `{name}` | {_cell(api.HELP[name])} |")
    out += ["", "```python", "from pnp.rules.api import Plugin, error", "", "def check(game):",
            "    deck = game.components[\"cards\"]", "    if deck.total % 2:",
            "        yield error(deck.pos, f\"{deck.total} cards cannot be dealt in pairs\", check=\"pairs\")", "",
            "plugin = Plugin(\"my-game\", check=check)", "```", ""]
    return out


def reference_path(root: Path) -> Path:
    return root / "docs" / "reference.md"


def command():
    @click.command("docs")
    @click.option("--out", default="docs/reference.md", show_default=True, type=click.Path(dir_okay=False),
                  help="Where to write the reference.")
    def docs(out):
        """Write the layout and content reference (every element type and parameter) from the schemas."""
        p = Path(out)
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(generate(), "utf-8")
        click.echo(f"wrote {p}")
    return docs
