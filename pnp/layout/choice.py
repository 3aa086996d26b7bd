"""Per-card layouts: a component's `front:`/`back:` may choose each card's layout by a field's value
(`{by: type, cases: {weapon: g/weapon}, default: g/card}`) or let the card name it (no `cases`).
The rule is parsed by the content loader (`Component.choose`, `Component.layout_of`)."""
from __future__ import annotations

from pnp.core.errors import Problem, Problems
from pnp.core.units import mm


def layout_for(prep, comp, item, side, default, decl, memo, resolver):
    """The layout of one item's side (component `front:`/`back:` may choose it per card, by a field);
    a chosen layout must have the default's size (pieces of one component share a sheet grid)."""
    if side not in comp.choose:
        return default
    name = comp.layout_of(item, side)
    if name in memo:
        return memo[name]
    by, cases, _default, where = comp.choose[side]
    value = item.get(by) if by != "id" else item.id
    pos = where.get(str(value)) or (item.at(by) if not cases else decl.at(side))
    try:
        lay = prep.layouts.get(name, pos)
    except Problems as e:
        resolver.problems.update(e.problems)
        memo[name] = None
        return None
    if default is not None and (lay.w, lay.h) != (default.w, default.h):
        resolver.problems.add(Problem(pos, f"layout `{name}` ({mm(lay.w):g} x {mm(lay.h):g} mm) chosen for card "
                                      f"`{item.id}` differs in size from `{default.name}` ({mm(default.w):g} x "
                                      f"{mm(default.h):g} mm)", "pieces of one component share one size: give the "
                                      "layout the same `size:` or make it its own component"))
        lay = None
    memo[name] = lay
    return lay
