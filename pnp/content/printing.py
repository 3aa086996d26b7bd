"""How a component is used at the table, for the print lint: `secret:` and `sits_on:` in game.yaml.

    secret: true                       # held in a hand: no back may tell one card from another
    secret: {backs_differ: true}       # backs that differ on purpose (a back per team); the rest still holds
    secret: {keep_fronts: true}        # pieces that lie face down: the ink saver prints their fronts as they are too
    sits_on:                           # the pieces go on a space printed elsewhere (rule `fit`)
      - {layout: my-game/board, element: cell}                          # every piece of the component
      - {layout: my-game/mat, element: slot, where: {kind: car}, clearance: 0.5mm}   # only cars
      - {layout: my-game/board, size: 75x105, piece: 70x95}   # a space no one element is; a folded piece

`where:` picks the items by field values (a value or a list of values); `clearance:` (default 1 mm)
is the play a piece needs on its space; `size:` the space's size when no plain element gives it (an
area of a grid map, an element sized by a template); `piece:` the piece's size as it sits there when
that is not its front's trim (a sheet folded into an envelope). The layout and element are checked
when the lint runs (pnp.lint.fit), where the layouts are read.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.content.schema import Opt, check_map, type_problem
from pnp.content.yamlfile import YList, YMap
from pnp.core import units
from pnp.core.errors import Collector, Pos

CLEARANCE_MM = 1.0

SECRET_SPEC = {
    "backs_differ": Opt("bool", default=False, help="the backs differ on purpose (e.g. a back per team)"),
    "keep_fronts": Opt("bool", default=False, help="the ink saver prints the fronts as they are too (pieces "
                       "that lie face down: a lightened front lets the hidden back show through)"),
}
SITS_ON_SPEC = {
    "layout": Opt("str", True, help="the layout the space is printed on, e.g. `my-game/board`"),
    "element": Opt("str", help="the element of that layout that is the space (or give `size:`)"),
    "size": Opt("size", help="the space's size when no plain element gives it, e.g. `75x105`"),
    "piece": Opt("size", help="the piece's size as it sits there, when not its front's trim (folded), e.g. `70x95`"),
    "where": Opt("map", help="only the items whose fields have these values, e.g. `{kind: tracker}`"),
    "clearance": Opt("length", default=f"{CLEARANCE_MM:g}mm", help="the play a piece needs on its space"),
}


@dataclass(frozen=True)
class Secret:
    pos: Pos                  # the `secret:` line
    backs_differ: bool = False
    keep_fronts: bool = False


@dataclass(frozen=True)
class SitsOn:
    layout: str
    element: str | None
    where: tuple              # ((field, (values…)), …)
    size: tuple | None        # the space (w, h) in points, when given
    piece: tuple | None       # the piece (w, h) in points, when given
    clearance: float          # points
    pos: Pos                  # the entry
    at: dict                  # key → Pos

    def picks(self, item) -> bool:
        return all(str(item.get(k) if k != "id" else item.id) in vals for k, vals in self.where)


def secret(decl: YMap, col: Collector, cid: str) -> Secret | None:
    if "secret" not in decl:
        return None
    value, pos = decl["secret"], decl.at("secret")
    if value is False:
        return None
    if value is True:
        return Secret(pos)
    if isinstance(value, YMap):
        c = check_map(value, SECRET_SPEC, col, f"`secret` of component `{cid}`")
        return Secret(pos, bool(c["backs_differ"]), bool(c["keep_fronts"]))
    col.add(pos, f"`secret` of component `{cid}`: expected true, false or `{{backs_differ: true}}`",
            "write `secret: true` for cards held in a hand")
    return None


def sits_on(decl: YMap, col: Collector, cid: str, fields: dict) -> tuple:
    if "sits_on" not in decl or decl["sits_on"] is None:
        return ()
    raw, pos = decl["sits_on"], decl.at("sits_on")
    entries = [(raw, pos)] if isinstance(raw, YMap) else [(e, raw.at(i)) for i, e in enumerate(raw)] \
        if isinstance(raw, YList) else None
    if entries is None:
        col.add(pos, f"`sits_on` of component `{cid}`: expected a map or a list of maps",
                "write `sits_on: {layout: my-game/board, element: cell}`")
        return ()
    out = []
    for entry, at in entries:
        if not isinstance(entry, YMap):
            col.add(at, f"`sits_on` of component `{cid}`: expected a map", "write `{layout: …, element: …}`")
            continue
        c = check_map(entry, SITS_ON_SPEC, col, f"`sits_on` of component `{cid}`")
        if not c["layout"]:
            continue
        if not c["element"] and not c["size"]:
            col.add(at, f"`sits_on` of component `{cid}` names no space",
                    "add `element:` (an element of the layout) or `size:` (the space's size, e.g. `75x105`)")
            continue
        where = []
        for k, v in (c["where"] or {}).items():
            if k != "id" and k not in fields:
                col.add(c["where"].key_at(k), f"`where` of `sits_on` names `{k}`, not a field of `{cid}`",
                        f"use one of: {', '.join(['id', *fields]) or 'id'}")
            where.append((k, tuple(str(x) for x in (v if isinstance(v, list) else [v]))))
        clearance = c["clearance"]
        problem = type_problem(clearance, "length")
        sizes = [units.size(c[k]) if c[k] is not None else None for k in ("size", "piece")]
        out.append(SitsOn(str(c["layout"]), str(c["element"]) if c["element"] else None, tuple(where), *sizes,
                          units.length(clearance) if problem is None else units.length(f"{CLEARANCE_MM}mm"),
                          at, {k: entry.at(k) for k in entry}))
    return tuple(out)
