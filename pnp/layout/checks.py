"""Sanity of an element's numbers once converted: every value finite and within any page, sizes
positive, opacity 0–1, dashes drawable, loops (`count`, `each`, `cols` x `rows`) bounded like a
template's `range()`. Each problem names the parameter; the resolver adds the element and position.
"""
from __future__ import annotations

import math

from pnp.core.units import MM

MAX_LENGTH = 5000 * MM     # 5 m: beyond any page or board a printer takes
MAX_LOOP = 10_000          # the same bound as a template's range()
LOOPS = ("count", "each", "cols", "rows")
POSITIVE = ("size", "min_size", "leading", "scale", "cell", "pitch", "diameter")
NOT_NEGATIVE = ("stroke_width", "radius", "clearance")
FLAT_OK = ("line", "cut", "fold", "glue", "window")   # types that may be zero wide or zero high
_SPECIAL = frozenset((*LOOPS, *POSITIVE, *NOT_NEGATIVE, "opacity", "w", "h"))


def _num(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


_numeric: dict = {}   # id of a type's parameter table → its numeric parameters


def problem(typ: str, p: dict, params: dict) -> tuple[str, str] | None:
    """(parameter, what is wrong) for the first bad number of an element, or None."""
    keys = _numeric.get(id(params))
    if keys is None:
        keys = _numeric[id(params)] = tuple((k, kind) for k, (kind, _d) in params.items() if kind in ("len", "pt", "num"))
    for key, kind in keys:
        v = p.get(key)
        if type(v) not in (float, int):
            continue
        if MAX_LENGTH >= v >= -MAX_LENGTH and key not in _SPECIAL:
            continue  # the common case: an ordinary number with no rule of its own
        if not math.isfinite(v):
            return key, f"`{key}` is {v}, not a finite number"
        if kind == "len" and abs(v) > MAX_LENGTH:
            return key, f"`{key}` is {v / MM:,.0f} mm, beyond any page"
        if key in LOOPS and not 0 <= v <= MAX_LOOP:
            return key, f"`{key}` is {v:g}; it must be between 0 and {MAX_LOOP:,}"
        if key in POSITIVE and v <= 0 or key in NOT_NEGATIVE and v < 0:
            shown = f"{v / MM:g} mm" if kind == "len" else f"{v:g}"
            return key, f"`{key}` is {shown}; it must be {'more than' if key in POSITIVE else 'at least'} 0"
        if key == "opacity" and not 0 <= v <= 1:
            return key, f"`opacity` is {v:g}; it must be between 0 and 1"
        if key in ("w", "h") and (v < 0 or v == 0 and typ not in FLAT_OK):
            return key, f"`{key}` is {v / MM:g} mm; it must be more than 0"
    if _num(p.get("cols")) and _num(p.get("rows")) and p["cols"] * p["rows"] > MAX_LOOP:
        return "cols", f"`cols` x `rows` is {p['cols'] * p['rows']:,.0f} cells, more than {MAX_LOOP:,}"
    dash = p.get("dash")
    if dash not in (None, [], ()):
        if not isinstance(dash, (list, tuple)) or not 0 < len(dash) <= 16 or not all(_num(d) for d in dash):
            return "dash", "`dash` must be a list of 1 to 16 lengths in points, e.g. [3, 2]"
        if not all(math.isfinite(d) and 0 <= d <= MAX_LENGTH for d in dash) or not any(dash):
            return "dash", f"`dash` is {list(dash)}; its lengths must be 0 or more, finite, and not all 0"
    return None
