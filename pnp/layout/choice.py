"""Per-card layouts: a component's `front:`/`back:` may choose each card's layout by a field's value
(`{by: type, cases: {weapon: g/weapon}, default: g/card}`) or let the card name it (no `cases`).
The rule is parsed by the content loader (`Component.choose`, `Component.layout_of`).

`Faces(prep, comp, resolver)` is the one answer to "which layout draws this face": the build, the
booklet's pictures and the studio's card page all ask it, so what previews is what prints."""
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


class Faces:
    """The layouts that draw one component's faces: `faces(item)` → (front, back) of that item, its
    own choice where the component chooses per card (None where a chosen layout is bad: the problem
    is the resolver's). Reading the defaults raises Problems as `Layouts.get` does."""

    def __init__(self, prep, comp, resolver):
        self.prep, self.comp, self.resolver = prep, comp, resolver
        self.decl = prep.game.meta["components"][comp.id]
        at = (lambda side: self.decl.at(side) if side in self.decl else comp.pos)
        self.front = prep.layouts.get(comp.front, at("front"))
        self.back = prep.layouts.get(comp.back, at("back")) if comp.back else None
        self.memo: dict = {}

    def __call__(self, item) -> tuple:
        return self.side(item, "front"), self.side(item, "back")

    def side(self, item, side: str):
        default = self.front if side == "front" else self.back
        if default is None:
            return None
        return layout_for(self.prep, self.comp, item, side, default, self.decl, self.memo, self.resolver)
