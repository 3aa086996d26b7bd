"""Colour values as a layout writes them: palette names, the 148 CSS named colours, `#rgb`,
`#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()` and `hsl()`/`hsla()`, `none`/`transparent`.

`parse()` returns `#rrggbb` (what every renderer and the print lint read) or None for no paint; a
translucent colour returns an `Rgba`: a `#rrggbb` string that carries its `alpha` (0–1), which the
resolver turns into the element's opacity.
"""
from __future__ import annotations

import colorsys
import re

# CSS Color Module Level 4 named colours (all 148), lower-case
CSS = {
    "aliceblue": "#f0f8ff", "antiquewhite": "#faebd7", "aqua": "#00ffff", "aquamarine": "#7fffd4",
    "azure": "#f0ffff", "beige": "#f5f5dc", "bisque": "#ffe4c4", "black": "#000000",
    "blanchedalmond": "#ffebcd", "blue": "#0000ff", "blueviolet": "#8a2be2", "brown": "#a52a2a",
    "burlywood": "#deb887", "cadetblue": "#5f9ea0", "chartreuse": "#7fff00", "chocolate": "#d2691e",
    "coral": "#ff7f50", "cornflowerblue": "#6495ed", "cornsilk": "#fff8dc", "crimson": "#dc143c",
    "cyan": "#00ffff", "darkblue": "#00008b", "darkcyan": "#008b8b", "darkgoldenrod": "#b8860b",
    "darkgray": "#a9a9a9", "darkgreen": "#006400", "darkgrey": "#a9a9a9", "darkkhaki": "#bdb76b",
    "darkmagenta": "#8b008b", "darkolivegreen": "#556b2f", "darkorange": "#ff8c00", "darkorchid": "#9932cc",
    "darkred": "#8b0000", "darksalmon": "#e9967a", "darkseagreen": "#8fbc8f", "darkslateblue": "#483d8b",
    "darkslategray": "#2f4f4f", "darkslategrey": "#2f4f4f", "darkturquoise": "#00ced1",
    "darkviolet": "#9400d3", "deeppink": "#ff1493", "deepskyblue": "#00bfff", "dimgray": "#696969",
    "dimgrey": "#696969", "dodgerblue": "#1e90ff", "firebrick": "#b22222", "floralwhite": "#fffaf0",
    "forestgreen": "#228b22", "fuchsia": "#ff00ff", "gainsboro": "#dcdcdc", "ghostwhite": "#f8f8ff",
    "gold": "#ffd700", "goldenrod": "#daa520", "gray": "#808080", "green": "#008000", "greenyellow": "#adff2f",
    "grey": "#808080", "honeydew": "#f0fff0", "hotpink": "#ff69b4", "indianred": "#cd5c5c",
    "indigo": "#4b0082", "ivory": "#fffff0", "khaki": "#f0e68c", "lavender": "#e6e6fa",
    "lavenderblush": "#fff0f5", "lawngreen": "#7cfc00", "lemonchiffon": "#fffacd", "lightblue": "#add8e6",
    "lightcoral": "#f08080", "lightcyan": "#e0ffff", "lightgoldenrodyellow": "#fafad2", "lightgray": "#d3d3d3",
    "lightgreen": "#90ee90", "lightgrey": "#d3d3d3", "lightpink": "#ffb6c1", "lightsalmon": "#ffa07a",
    "lightseagreen": "#20b2aa", "lightskyblue": "#87cefa", "lightslategray": "#778899",
    "lightslategrey": "#778899", "lightsteelblue": "#b0c4de", "lightyellow": "#ffffe0", "lime": "#00ff00",
    "limegreen": "#32cd32", "linen": "#faf0e6", "magenta": "#ff00ff", "maroon": "#800000",
    "mediumaquamarine": "#66cdaa", "mediumblue": "#0000cd", "mediumorchid": "#ba55d3",
    "mediumpurple": "#9370db", "mediumseagreen": "#3cb371", "mediumslateblue": "#7b68ee",
    "mediumspringgreen": "#00fa9a", "mediumturquoise": "#48d1cc", "mediumvioletred": "#c71585",
    "midnightblue": "#191970", "mintcream": "#f5fffa", "mistyrose": "#ffe4e1", "moccasin": "#ffe4b5",
    "navajowhite": "#ffdead", "navy": "#000080", "oldlace": "#fdf5e6", "olive": "#808000",
    "olivedrab": "#6b8e23", "orange": "#ffa500", "orangered": "#ff4500", "orchid": "#da70d6",
    "palegoldenrod": "#eee8aa", "palegreen": "#98fb98", "paleturquoise": "#afeeee", "palevioletred": "#db7093",
    "papayawhip": "#ffefd5", "peachpuff": "#ffdab9", "peru": "#cd853f", "pink": "#ffc0cb", "plum": "#dda0dd",
    "powderblue": "#b0e0e6", "purple": "#800080", "rebeccapurple": "#663399", "red": "#ff0000",
    "rosybrown": "#bc8f8f", "royalblue": "#4169e1", "saddlebrown": "#8b4513", "salmon": "#fa8072",
    "sandybrown": "#f4a460", "seagreen": "#2e8b57", "seashell": "#fff5ee", "sienna": "#a0522d",
    "silver": "#c0c0c0", "skyblue": "#87ceeb", "slateblue": "#6a5acd", "slategray": "#708090",
    "slategrey": "#708090", "snow": "#fffafa", "springgreen": "#00ff7f", "steelblue": "#4682b4",
    "tan": "#d2b48c", "teal": "#008080", "thistle": "#d8bfd8", "tomato": "#ff6347", "turquoise": "#40e0d0",
    "violet": "#ee82ee", "wheat": "#f5deb3", "white": "#ffffff", "whitesmoke": "#f5f5f5", "yellow": "#ffff00",
    "yellowgreen": "#9acd32",
}
NONE = ("none", "transparent")
_FUNC = re.compile(r"^(rgba?|hsla?)\(\s*([^)]*)\)$", re.I)
_HEX = re.compile(r"^#(?:[0-9a-fA-F]{3,4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$")


class Rgba(str):
    """`#rrggbb` with an alpha below 1."""
    alpha: float = 1.0

    def __new__(cls, hexstr: str, alpha: float):
        s = super().__new__(cls, hexstr)
        s.alpha = alpha
        return s


class ColorError(ValueError):
    pass


def _hex(r: float, g: float, b: float) -> str:
    return "#" + "".join(f"{max(0, min(255, round(v))):02x}" for v in (r, g, b))


def _with_alpha(hexstr: str, a: float):
    if not 0 <= a <= 1:
        raise ColorError(f"alpha {a:g} is outside 0–1")
    return hexstr if a >= 1 else Rgba(hexstr, a)


def _num(s: str, scale: float, what: str) -> float:
    s = s.strip()
    try:
        return float(s[:-1]) / 100 * scale if s.endswith("%") else float(s)
    except ValueError:
        raise ColorError(f"`{s}` is not a number for {what}") from None


def _function(kind: str, args: str):
    parts = [a for a in re.split(r"[,\s/]+", args.strip()) if a]
    if len(parts) not in (3, 4):
        raise ColorError(f"{kind}() takes 3 values (and an alpha), got {len(parts)}")
    a = _num(parts[3], 1.0, "alpha") if len(parts) == 4 else 1.0
    if kind.startswith("rgb"):
        r, g, b = (_num(p, 255, kind) for p in parts[:3])
        if any(not 0 <= v <= 255 for v in (r, g, b)):
            raise ColorError("rgb() values are 0–255 or 0–100%")
        return _with_alpha(_hex(r, g, b), a)
    h = _num(parts[0].removesuffix("deg"), 360, "hue") % 360
    s, l = _num(parts[1], 1, "saturation"), _num(parts[2], 1, "lightness")
    if not parts[1].strip().endswith("%") or not parts[2].strip().endswith("%"):
        raise ColorError("hsl() saturation and lightness are percentages, e.g. hsl(210, 50%, 40%)")
    if not (0 <= s <= 1 and 0 <= l <= 1):
        raise ColorError("hsl() saturation and lightness are 0–100%")
    r, g, b = colorsys.hls_to_rgb(h / 360, l, s)
    return _with_alpha(_hex(r * 255, g * 255, b * 255), a)


def parse(value, palette: dict | None = None):
    """The colour `value` names: `#rrggbb`, an `Rgba`, or None (no paint). Raises ColorError."""
    s = str(value).strip()
    if palette and s in palette:
        return parse(palette[s])
    low = s.lower()
    if low in NONE:
        return None
    if low in CSS:
        return CSS[low]
    if s.startswith("#"):
        if not _HEX.match(s):
            raise ColorError(f"`{s}` is not a hex colour (#rgb, #rgba, #rrggbb or #rrggbbaa)")
        d = s[1:].lower()
        if len(d) in (3, 4):
            d = "".join(c * 2 for c in d)
        return _with_alpha("#" + d[:6], int(d[6:], 16) / 255 if len(d) == 8 else 1.0)
    m = _FUNC.match(s)
    if m:
        return _function(m.group(1).lower(), m.group(2))
    raise ColorError(f"`{s}` is not a colour")


def names(palette: dict | None = None) -> list:
    """Every colour name, for did-you-mean."""
    return list(palette or ()) + list(CSS) + list(NONE)
