"""Checks every game gets: declared counts, complete translations."""
from __future__ import annotations

from pnp.content.schema import type_problem
from pnp.core.findings import error, warning


def check(game):
    for comp in game.components.values():
        if comp.count is not None and comp.count != comp.total:
            yield error(comp.pos, f"component `{comp.id}` declares count {comp.count} but has {comp.total} "
                        f"(the sum of copies) — fix the deck or the declared count", check="counts")
        for item in comp.items:
            for name, (typ, _req, _ch) in comp.fields.items():
                value = item.data.get(name)
                if typ == "text" and isinstance(value, dict) and not type_problem(value, "text", languages=game.languages):
                    for lang in game.languages:
                        if lang not in value:
                            yield warning(item.at(name), f"card `{item.id}`, field `{name}` has no `{lang}` text "
                                          f"(a `{lang}` build will stop here)", item.id, "translations")
