"""What a component holds, per piece type: `pieces:` in game.yaml, for the cover and the booklet.

A crafter checks what they cut against a list of pieces, and "Tokens (43)" does not say that 7 of them
are search tokens, 4 showing success. A component whose items are of several kinds names them:

    tokens:
      pieces:
        by: kind                         # the field that tells the types apart (or a list of fields)
        names:
          informant: {zh-TW: 線人指示物, en: informant tokens}
          search/success: {zh-TW: 搜查指示物（成功）, en: search tokens (success)}   # by: [kind, value]
          search/fail: {zh-TW: 搜查指示物（失敗）, en: search tokens (fail)}

With several fields a name's key is their values joined by `/`; a shorter key names every piece that
starts with it (`informant` above: any value). `names: data.role_name` takes the names from a map in
game.yaml `data:` (value → name, or value → a map with a `name`), so they are written once.

Every type present must have a name and every name must be of a type present, so the list stays true
when a deck changes: either is a warning of `pnp check` (an error with --strict), and a type without a
name is listed by its values. The counts are the items' copies added up: they are never written by hand.
Without `pieces:` a component is one type, named by its title.
"""
from __future__ import annotations

from dataclasses import dataclass

from pnp.content.schema import type_problem
from pnp.content.yamlfile import YList, YMap
from pnp.core.errors import Collector, Pos, did_you_mean


@dataclass(frozen=True)
class Pieces:
    by: tuple        # field names
    names: dict      # "value[/value…]" → text or {lang: text}, in the order written
    pos: Pos
    warnings: tuple = ()   # (Pos, message): a type without a name, a name of no type

    def key(self, item) -> str:
        """The item's type: the longest name whose values its own start with (its full key when none)."""
        full = [str(item.id if f == "id" else item.get(f)) for f in self.by]
        for n in range(len(full), 0, -1):
            k = "/".join(full[:n])
            if k in self.names:
                return k
        return "/".join(full)


def _from_data(path: str, data):
    """The value → name map that `data.a.b` names in game.yaml `data:` (None when there is none)."""
    node = data
    for part in path.split(".")[1:]:
        if not isinstance(node, dict) or part not in node:
            return None
        node = node[part]
    if not isinstance(node, dict):
        return None
    return {k: (v["name"] if isinstance(v, dict) and "name" in v else v) for k, v in node.items()}


def parse(decl: YMap, col: Collector, cid: str, fields: dict, items, langs, data=None) -> Pieces | None:
    if decl.get("pieces") is None:
        return None
    raw, pos = decl["pieces"], decl.at("pieces")
    where = f"`pieces` of component `{cid}`"
    if not isinstance(raw, YMap) or set(raw) - {"by", "names"} or "by" not in raw or "names" not in raw:
        col.add(pos, f"{where}: expected `{{by: FIELD, names: {{VALUE: NAME, …}}}}`",
                "name the field that tells the piece types apart and a name for each of its values")
        return None
    by = raw["by"]
    by = tuple(by) if isinstance(by, (list, YList)) else (by,)
    known = [*fields, "id"]
    bad = [f for f in by if not isinstance(f, str) or f not in known]
    for f in bad:
        col.add(raw.at("by"), f"{where}: `{f}` is not a field of `{cid}`", did_you_mean(str(f), known))
    names = raw["names"]
    if isinstance(names, str) and names.startswith("data."):
        got = _from_data(names, data or {})
        if got is None:
            col.add(raw.at("names"), f"{where}: `{names}` is not a map in game.yaml `data:`",
                    "name a map of value → name there, e.g. `data.role_name`")
            return None
        names = got
    if not isinstance(names, (YMap, dict)):
        col.add(raw.at("names"), f"{where}: `names` must be a map of value → name", "write `names: {a: Name A, …}`")
        return None
    if bad:
        return None
    out = Pieces(by, dict(names), pos)
    warn = []
    at = names.at if hasattr(names, "at") else (lambda _k: raw.at("names"))
    for k, v in names.items():
        problem = type_problem(v, "text", languages=langs)
        if problem:
            col.add(at(k), f"{where}: the name of `{k}`: {problem}", "write text or `{zh-TW: …, en: …}`")
    present = list(dict.fromkeys(out.key(it) for it in items))
    missing = [k for k in present if k not in names]
    if missing:
        warn.append((raw.at("names"), f"{where}: no name for the piece type{'s' if len(missing) > 1 else ''} "
                     f"{', '.join(f'`{k}`' for k in missing)} — add `{missing[0]}: …` under `names`"))
    for k in names:
        if str(k) not in present:
            hint = did_you_mean(str(k), present) or "remove it, or fix the value"
            warn.append((at(k), f"{where}: `{k}` is a type no piece of `{cid}` has — {hint}"))
    return Pieces(by, dict(names), pos, tuple(warn))


def counts(comp, lang: str, text) -> list[tuple[str, int]]:
    """(name in `lang`, number of pieces) per piece type, in the order the names are written; a
    component without `pieces:` is one type named by its title. `text(value, lang)` reads a
    translatable value (Game.text)."""
    spec = getattr(comp, "pieces", None)
    if spec is None:
        return [(text(comp.title, lang) or comp.id, comp.total)]
    tally: dict = {}
    for it in comp.items:
        k = spec.key(it)
        tally[k] = tally.get(k, 0) + it.copies
    named = [(text(spec.names[k], lang) or k, tally[k]) for k in spec.names if k in tally]
    return named + [(k, n) for k, n in tally.items() if k not in spec.names]


def warnings(game) -> list:
    """The `pieces:` problems of every component, as findings of `pnp check`."""
    from pnp.core.findings import warning
    return [warning(pos, msg, check="pieces") for c in game.components.values()
            for pos, msg in (getattr(c.pieces, "warnings", None) or ())]
