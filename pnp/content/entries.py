"""A game's rules as data: `content/<game>/rules.yaml`, one named entry per rule of the edition.

    turn_order: {acts: furthest_behind, tie: top}      # a rule of the published game, with its parameters
    empty_deck:                                         # a decision of this edition where the original is silent
      reshuffle: discards
      edition: true
      why: {en: "The original never says …", zh-TW: "…"}

Each entry is a map of parameters; `edition: true` marks the edition's own decision, which must say
`why:` (a text). The game's rules plug-in judges the entries against the published rules and plays
them (`pnp simulate`); a rule that is not here is not a rule of the edition. The file is optional: a
game without it has no entries.
"""
from __future__ import annotations

import re
from pathlib import Path

from pnp.content.yamlfile import YMap, load_file
from pnp.core.errors import Collector

NAME = re.compile(r"^[a-z][a-z0-9_]*$")
FILE = "rules.yaml"


def load_entries(root: Path, col: Collector, langs) -> dict:
    """The entries of `root/rules.yaml` (a YMap with positions), {} when there is no such file;
    problems join `col`."""
    path = root / FILE
    if not path.exists():
        return {}
    data = load_file(path)
    for name, entry in data.items():
        if not isinstance(name, str) or not NAME.match(name):
            col.add(data.key_at(name), f"`{name}` is not a rule name",
                    "write a lower-case name with underscores, e.g. `turn_order`")
            continue
        if not isinstance(entry, dict):
            col.add(data.at(name), f"rule `{name}` should be a map of its parameters",
                    "write e.g. `{acts: furthest_behind}`")
            continue
        edition = entry.get("edition", False)
        if not isinstance(edition, bool):
            col.add(entry.at("edition"), f"rule `{name}`: `edition` is `{edition}`", "write true or false")
        elif edition:
            why = entry.get("why")
            texts = why.values() if isinstance(why, dict) else [why]
            if why is None or not all(isinstance(t, str) and t.strip() for t in texts):
                col.add(entry.key_at("edition") if isinstance(entry, YMap) else data.at(name),
                        f"rule `{name}` is an edition decision without a `why:`",
                        "say in one sentence why the edition decided so: `why: {en: …}`")
            elif isinstance(why, dict):
                missing = [lang for lang in langs if lang not in why]
                if missing:
                    col.add(entry.at("why"), f"rule `{name}`: `why` has no {', '.join(missing)} text",
                            f"add `{missing[0]}: …`")
    return data
