"""Lady Alice: the checks of the published numbers in game.yaml `data:` (each restates a constant of
logic.py, and a value that differs is reported at its line) and of the booklet's worked example."""
from __future__ import annotations

from pnp.rules.api import data_pos, error
from pnp.games.lady_alice.logic import (ACCUSE_BLUE, ALL_BLUE, CATEGORIES, DEAL, FIELD_CAPACITY, SCORING, TOKEN_VALUES,
                                        category_of, elements_of, verdict_count)

# data key → the constant it restates (the published rules); what it means, for messages
DATA_RULES = {
    "capacity": (FIELD_CAPACITY, "deduction tokens per desk field, by number of players"),
    "deal": (DEAL, "cards put away unseen (hidden) and added from the rest (extra), by number of players"),
    "accuse_blue": (ACCUSE_BLUE, "blue verdicts an accusation needs, by number of players"),
    "all_blue": (ALL_BLUE, "blue verdicts of a fully right suspicion, by number of players"),
    "scoring": (SCORING, "the bonus points"),
    "token_values": (TOKEN_VALUES, "deduction tokens of each value in one colour"),
}


def _norm(v):
    """YAML keys may be 3 or "3": compare as text."""
    if isinstance(v, dict):
        return {str(k): _norm(x) for k, x in v.items()}
    return v


def check_data_rules(game):
    """Each `data:` value restates its published constant (DATA_RULES), reported at its own line."""
    for key, (want, what) in DATA_RULES.items():
        have = game.data.get(key)
        if have is None:
            yield error(data_pos(game), f"`data.{key}` is missing — the game's {what}: {want}", check="data")
            continue
        yield from _compare(game, (key,), _norm(have), _norm(want), what)


def _compare(game, path, have, want, what):
    name = "data." + ".".join(map(str, path))
    if isinstance(want, dict):
        if not isinstance(have, dict):
            yield error(data_pos(game, *path), f"`{name}` should be a map ({what})", check="data")
            return
        for k in have:
            if k not in want:
                yield error(data_pos(game, *_real(game, path, k)), f"`{name}.{k}` is not in the rules ({what}: "
                            f"{', '.join(want)}) — remove it", check="data")
        for k, w in want.items():
            if k not in have:
                yield error(data_pos(game, *path), f"`{name}` has no `{k}` — the rules say {w} ({what})", check="data")
            else:
                yield from _compare(game, _real(game, path, k), have[k], w, what)
    elif have != want:
        yield error(data_pos(game, *path), f"`{name}` is {have} — the published rules say {want} ({what}); "
                    f"write {want}", check="data")


def _real(game, path, k):
    """The YAML key as written (an int 3 or a string "3") so that positions resolve."""
    node = game.data
    for p in path:
        node = node.get(p, {}) if isinstance(node, dict) else {}
    if isinstance(node, dict):
        for real in node:
            if str(real) == k:
                return (*path, real)
    return (*path, k)


def check_example(game):
    """The booklet's worked example (game.yaml `data.example`, an example and not a rule) must be a game
    that can happen: each suspicion's blue count is what the verdicts give against the example's case."""
    ex = game.data.get("example")
    if not isinstance(ex, dict):
        return
    where = data_pos(game, "example")
    els = elements_of(game)
    case = ex.get("case") or []
    suspicions = ex.get("suspicions") or []
    try:
        for s in list(case) + [e for sus in suspicions for e in (sus.get("names") or [])]:
            category_of(s, els)
    except KeyError as e:
        yield error(where, f"`data.example`: {e.args[0]} — name clue ids from clues.yaml", check="example")
        return
    if sorted(category_of(e, els) for e in case) != sorted(CATEGORIES):
        yield error(data_pos(game, "example", "case"), "`data.example`: the case should name one element of each "
                    "category — list four clue ids, one per category", check="example")
        return
    for i, sus in enumerate(suspicions, 1):
        names, said = list(sus.get("names") or []), sus.get("blue")
        got = verdict_count(names, case, els)
        if got != said:
            yield error(data_pos(game, "example", "suspicions", i - 1, "blue"), f"`data.example`: suspicion {i} "
                        f"({', '.join(names)}) gets {got} blue against the case {', '.join(case)}, not {said} — "
                        f"change the case or the blue count, and the booklet's example with them", check="example")
