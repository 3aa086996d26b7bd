"""The translation table: every text field of every card, one column per language."""
from __future__ import annotations

from pnp.studio.engine import Refused, sha


def translation_view(studio, game: str) -> dict:
    from pnp.content.loader import load_game
    with studio.lock:
        g = load_game(studio.project.content / studio._game(game))
        rows, bases = [], {}
        for comp in g.components.values():
            if comp.kind == "booklet" or not comp.items:
                continue
            try:
                path, _inline, _owner = studio.source(game, comp.id)
            except Refused:
                continue
            text, _bom = studio.read(path)
            bases[comp.id] = sha(text)
            for item in comp.items:
                for name, (typ, _req, _ch) in comp.fields.items():
                    if typ != "text":
                        continue
                    v = item.get(name)
                    same = isinstance(v, str)
                    stale = studio.stale_langs(game, comp.id, item.id, name)
                    cells = [{"lang": lg, "value": (v if same else (v or {}).get(lg)),
                              "missing": isinstance(v, dict) and not v.get(lg), "stale": lg in stale}
                             for lg in g.languages]
                    rows.append({"component": comp.id, "card": item.id, "field": name, "same": same,
                                 "where": str(item.at(name)), "cells": cells,
                                 "missing": any(c["missing"] or c["stale"] for c in cells)})
        return {"game": game, "languages": list(g.languages), "rows": rows, "bases": bases,
                "missing": sum(1 for r in rows for c in r["cells"] if c["missing"]),
                "stale": sum(1 for r in rows for c in r["cells"] if c["stale"])}
