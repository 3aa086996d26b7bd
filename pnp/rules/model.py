"""Rules as data the engine plays: a game's `rules.yaml` entries (pnp.content.entries), judged against
the published rules its plug-in holds, and read by its simulator.

- `rule(game, name)`: the parameters of one entry; a simulator that needs a rule the edition does not
  state raises `Uncovered` (through this function), so a missing rule is a finding of `pnp simulate`,
  never a silent default in code.
- `judge(game, published)`: findings at each entry's line where its parameters leave what the published
  rules allow (`published`: rule name → {parameter: allowed values}, `"rule"` naming the published rule);
  a rule the game requires that is missing is a finding at rules.yaml (or game.yaml).
"""
from __future__ import annotations

from pnp.content.entries import FILE
from pnp.core.errors import Pos, display_path
from pnp.core.findings import error


class Uncovered(Exception):
    """A state of play no rule of the edition covers; `rule` names the entry that would cover it."""

    def __init__(self, message: str, rule: str | None = None):
        super().__init__(message)
        self.message, self.rule = message, rule


def rule(game, name: str) -> dict:
    """The parameters of rule `name` (without `edition`/`why`); Uncovered when the edition has none."""
    entry = (getattr(game, "entries", None) or {}).get(name)
    if not isinstance(entry, dict):
        raise Uncovered(f"no rule `{name}` in {FILE}: the simulation reached a state it would decide", name)
    return {k: v for k, v in entry.items() if k not in ("edition", "why")}


def _where(game, name=None, key=None) -> Pos:
    entries = getattr(game, "entries", None) or {}
    if name is not None and name in entries and hasattr(entries, "at"):
        entry = entries[name]
        if key is not None and isinstance(entry, dict) and key in entry and hasattr(entry, "at"):
            return entry.at(key)
        return entries.at(name)
    if hasattr(entries, "pos"):
        return entries.pos
    return Pos(display_path(game.root / FILE)) if (game.root / FILE).exists() else game.pos


def judge(game, published: dict):
    """Findings where rules.yaml leaves the published rules. `published`: rule name → {"rule": what the
    published game says (a sentence), parameter: tuple of allowed values, …}. An entry marked
    `edition: true` is the edition's own decision and is judged only for its parameters' values."""
    entries = getattr(game, "entries", None) or {}
    for name, spec in published.items():
        said = spec.get("rule", name)
        entry = entries.get(name)
        if not isinstance(entry, dict):
            yield error(_where(game), f"the rule `{name}` is missing from {FILE} — the published rules say: {said}",
                        check=f"rules:{name}")
            continue
        for key, allowed in spec.items():
            if key == "rule":
                continue
            have = entry.get(key)
            if have not in allowed:
                yield error(_where(game, name, key if key in entry else None),
                            f"rule `{name}`: `{key}` is {have!r}, but the published rules say: {said} "
                            f"(allowed: {', '.join(map(repr, allowed))})", check=f"rules:{name}")
