"""Lengths with units. A bare number is millimetres; internally everything is points.

`px` is a pixel at the dpi of the layout being read (`dpi:` in a layout file, inherited through
`extends`; DEFAULT_DPI when none is declared): `150px` at 300 dpi is 12.7 mm. The dpi in force is a
context variable set by `at_dpi` (the layout loader and the resolver set it per layout), so every
length read while a layout is drawn — element values, points of a polygon, an origin — takes it."""
from __future__ import annotations

import contextvars
import math
import re
from contextlib import contextmanager

MM = 72 / 25.4
UNITS = {"mm": MM, "cm": 10 * MM, "in": 72.0, "pt": 1.0}
DEFAULT_DPI = 300.0          # Squib's default: art drawn for 300 dpi lines up without a `dpi:`
MIN_DPI, MAX_DPI = 1.0, 10000.0

# Named card sizes (width x height in mm), portrait; the paper sizes too (a layout may be `size: a5`).
SIZES = {
    "poker": (63, 88), "bridge": (57, 89), "mini": (44, 63), "tarot": (70, 120),
    "square": (70, 70), "tiny-square": (38, 38), "euro": (59, 92), "domino": (44, 88),
    "a4": (210, 297), "letter": (215.9, 279.4), "a5": (148, 210),
    "a3": (297, 420), "a6": (105, 148), "legal": (215.9, 355.6), "tabloid": (279.4, 431.8),
}

_LEN = re.compile(r"^\s*([-+]?(?:\d+\.?\d*|\.\d+))\s*([a-z]*)\s*$")
_dpi = contextvars.ContextVar("pnp_dpi", default=DEFAULT_DPI)


class UnitError(ValueError):
    pass


def dpi() -> float:
    """The dpi `px` lengths are read at just now."""
    return _dpi.get()


@contextmanager
def at_dpi(value: float):
    """Read `px` at `value` dpi inside the block."""
    token = _dpi.set(float(value))
    try:
        yield
    finally:
        _dpi.reset(token)


def parse_dpi(value) -> float:
    """A layout's `dpi:` → a number of dots per inch; anything else is a UnitError."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or not MIN_DPI <= value <= MAX_DPI:
        raise UnitError(f"expected a number of dots per inch from {MIN_DPI:g} to {MAX_DPI:g} "
                        f"such as `300`, found `{value}`")
    return float(value)


def length(value) -> float:
    """'63mm', '2.5in', '12pt', '150px', 7 → points. Raises UnitError with a human message."""
    if isinstance(value, bool):
        raise UnitError(f"expected a length such as `63mm`, found `{value}`")
    if isinstance(value, (int, float)):
        return float(value) * MM
    if isinstance(value, str):
        m = _LEN.match(value)
        if m:
            num, unit = m.groups()
            unit = unit or "mm"
            if unit == "px":
                return float(num) * 72.0 / _dpi.get()
            if unit not in UNITS:
                raise UnitError(f"unknown unit `{unit}` in `{value}`; use mm, cm, in, pt or px")
            return float(num) * UNITS[unit]
    raise UnitError(f"expected a length such as `63mm` or `2.5in`, found `{value}`")


def mm(points: float) -> float:
    return points / MM


def size(value) -> tuple[float, float]:
    """A size: a preset name (`poker`), `[63mm, 88mm]`, `63x88` or `{w:, h:}` → points."""
    if isinstance(value, str) and value.strip().lower() in SIZES:
        w, h = SIZES[value.strip().lower()]
        return w * MM, h * MM
    if isinstance(value, str) and "x" in value:   # `63x88`; in pixels `[825px, 1125px]` (px has an x)
        a, _, b = value.partition("x")
        return length(a), length(b)
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return length(value[0]), length(value[1])
    if isinstance(value, dict) and set(value) == {"w", "h"}:
        return length(value["w"]), length(value["h"])
    names = ", ".join(SIZES)
    raise UnitError(f"expected a size ({names}, `[63mm, 88mm]` or `63x88`), found `{value}`")
