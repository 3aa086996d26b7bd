"""Lengths with units. A bare number is millimetres; internally everything is points."""
from __future__ import annotations

import re

MM = 72 / 25.4
UNITS = {"mm": MM, "cm": 10 * MM, "in": 72.0, "pt": 1.0}

# Named card sizes (width x height in mm), portrait.
SIZES = {
    "poker": (63, 88), "bridge": (57, 89), "mini": (44, 63), "tarot": (70, 120),
    "square": (70, 70), "tiny-square": (38, 38), "euro": (59, 92), "domino": (44, 88),
    "a4": (210, 297), "letter": (215.9, 279.4), "a5": (148, 210),
}

_LEN = re.compile(r"^\s*([-+]?(?:\d+\.?\d*|\.\d+))\s*([a-z]*)\s*$")


class UnitError(ValueError):
    pass


def length(value) -> float:
    """'63mm', '2.5in', '12pt', 7 → points. Raises UnitError with a human message."""
    if isinstance(value, bool):
        raise UnitError(f"expected a length such as `63mm`, found `{value}`")
    if isinstance(value, (int, float)):
        return float(value) * MM
    if isinstance(value, str):
        m = _LEN.match(value)
        if m:
            num, unit = m.groups()
            unit = unit or "mm"
            if unit not in UNITS:
                raise UnitError(f"unknown unit `{unit}` in `{value}`; use mm, cm, in or pt")
            return float(num) * UNITS[unit]
    raise UnitError(f"expected a length such as `63mm` or `2.5in`, found `{value}`")


def mm(points: float) -> float:
    return points / MM


def size(value) -> tuple[float, float]:
    """A size: a preset name (`poker`), `[63mm, 88mm]`, `63x88` or `{w:, h:}` → points."""
    if isinstance(value, str) and value.strip().lower() in SIZES:
        w, h = SIZES[value.strip().lower()]
        return w * MM, h * MM
    if isinstance(value, str) and "x" in value:
        a, _, b = value.partition("x")
        return length(a), length(b)
    if isinstance(value, (list, tuple)) and len(value) == 2:
        return length(value[0]), length(value[1])
    if isinstance(value, dict) and set(value) == {"w", "h"}:
        return length(value["w"]), length(value["h"])
    names = ", ".join(SIZES)
    raise UnitError(f"expected a size ({names}, `[63mm, 88mm]` or `63x88`), found `{value}`")
