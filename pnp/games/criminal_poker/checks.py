"""Criminal Poker: the deck checks (composition and values against the published rules), then the
checks of `data:` (published.py) and of what prints (printed.py)."""
from __future__ import annotations

from pnp.games.criminal_poker import printed as criminal_poker_text, published as criminal_poker_data
from pnp.games.criminal_poker.logic import EVIDENCE, HELP_CARDS, IDENTITIES, MOST_PLAYERS, PHYSICAL_VALUE, VALUE_RANGE
from pnp.rules.api import error


def check(game):
    comps = game.components
    for cid in ("evidence", "identities", "help"):
        if cid not in comps:
            yield error(game.pos, f"Criminal Poker needs a `{cid}` component", check="composition")
    if "evidence" in comps:
        yield from _check_evidence(comps["evidence"])
    if "identities" in comps:
        yield from _composition(comps["identities"], "role", IDENTITIES, "identities")
    if "help" in comps and not MOST_PLAYERS <= comps["help"].total <= HELP_CARDS:
        # one per player: at least the most players; the author's kit has 9, the edition may print fewer
        # (8: the setup card takes the ninth place on their sheet), never more
        comp = comps["help"]
        yield error(comp.items[0].pos if comp.items else comp.pos,
                    f"help cards: {comp.total} ({_where(comp.items)}), the game needs one per player, "
                    f"{MOST_PLAYERS} to {HELP_CARDS} (the author's kit) — set `copies:` between them",
                    check="composition")
    yield from criminal_poker_data.check(game)
    yield from criminal_poker_text.check(game)


def _where(items) -> str:
    return ", ".join(f"`{it.id}`{f' x{it.copies}' if it.copies != 1 else ''} line {it.pos.line}" for it in items) or "none"


def _composition(comp, field: str, want: dict, what: str):
    """Counts per kind, each error naming the cards of that kind with their lines."""
    by = {}
    for it in comp.items:
        by.setdefault(str(it.get(field)), []).append(it)
    for kind, n in want.items():
        items = by.get(kind, [])
        have = sum(it.copies for it in items)
        if have == n:
            continue
        if have > n:
            yield error(items[-1].at(field), f"{what}: {have} `{kind}` card(s), the game needs {n}: "
                        f"{_where(items)} — change the {field} of {have - n} of them", items[-1].id, "composition")
        else:
            pos = items[0].at(field) if items else (comp.source or comp.pos)
            yield error(pos, f"{what}: {have} `{kind}` card(s) ({_where(items)}), the game needs {n} — "
                        f"add {n - have} or change the {field} of another card", check="composition")


def _check_evidence(comp):
    lo, hi = VALUE_RANGE
    for it in comp.items:
        t, v = it.get("type"), it.get("value")
        if t == "physical" and v != PHYSICAL_VALUE:
            yield error(it.at("value"), f"physical evidence has innocence {PHYSICAL_VALUE}, `{it.id}` has {v}", it.id, "values")
        if t in ("statement", "witness") and not (isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi):
            yield error(it.at("value"), f"{t} values are {lo}–{hi}, `{it.id}` has {v}", it.id, "values")
    yield from _composition(comp, "type", EVIDENCE, "evidence")
