"""Lady Alice: the `pnp check` summary (a simulation of blue verdicts for random suspicions per player
count) and the deck report's charts."""
from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

from pnp.games.lady_alice.logic import ALL_BLUE, CATEGORIES, PLAYERS, TOKEN_VALUES, deal, elements_of, verdict_count

# ---- summary and report -----------------------------------------------------------------------------
SIM_DEALS = 4000


@lru_cache(maxsize=4)
def _simulate(key: tuple, deals: int = SIM_DEALS, seed: int = 4) -> dict:
    """For random suspicions after random deals: how often each number of blue verdicts comes up."""
    elements = {c: tuple(ids) for c, ids in key}
    rng = random.Random(seed)
    out = {}
    for players in PLAYERS:
        counts = Counter()
        for _ in range(deals):
            d = deal(players, rng, elements)
            s = {c: rng.choice(elements[c]) for c in CATEGORIES}
            counts[verdict_count(s, d.hands, elements)] += 1
        out[players] = counts
    return out


def _sim_for(game):
    els = elements_of(game)
    if any(len(els.get(c, ())) == 0 for c in CATEGORIES):
        return None
    return _simulate(tuple((c, els[c]) for c in CATEGORIES))


def summary(game):
    sim = _sim_for(game)
    if sim is None:
        return []
    lines = [f"random suspicions, {SIM_DEALS} deals per player count (blue verdicts: share):"]
    for players, counts in sim.items():
        n = sum(counts.values())
        dist = "  ".join(f"{b}:{counts[b] / n:5.1%}" for b in range(ALL_BLUE[players] + 1))
        red = counts[0] / n
        cover = " (covers 4 elements)" if players >= 4 else " (covers nothing: a category is unchecked)"
        lines.append(f"  {players} players: {dist}   all red {red:.1%}{cover}")
    return lines


def report(game):
    charts = []
    els = elements_of(game)
    charts.append({"title": "Clue cards per category", "labels": list(CATEGORIES),
                   "series": {"cards": [len(els.get(c, ())) for c in CATEGORIES]}, "component": "clues"})
    comp = game.components.get("tokens")
    if comp is not None:
        colours = list(dict.fromkeys(it["colour"] for it in comp.items))
        series = {}
        for v in sorted(TOKEN_VALUES):
            series[f'"{v}"'] = [sum(it.copies for it in comp.items if it["colour"] == c and it["value"] == v)
                                for c in colours]
        charts.append({"title": "Deduction tokens per colour and value", "labels": colours, "series": series,
                       "component": "tokens"})
    charts.append({"title": "Pieces per component", "labels": list(game.components),
                   "series": {"pieces": [c.total for c in game.components.values()]}})
    sim = _sim_for(game)
    if sim is not None:
        labels = [str(b) for b in range(max(PLAYERS) + 1)]
        charts.append({"title": f"Blue verdicts for a random suspicion ({SIM_DEALS} deals each)", "labels": labels,
                       "series": {f"{p} players": [sim[p][b] for b in range(len(labels))] for p in PLAYERS},
                       "x_label": "blue verdicts", "y_label": "deals"})
    return charts
