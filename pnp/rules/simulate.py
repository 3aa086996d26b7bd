"""`pnp simulate`: complete games played by a game's rules plug-in, by exactly its rule entries.

A plug-in that can play declares two hooks (pnp.rules.api.Plugin):
- `configs(game) -> [(mode, players), …]`: every supported player count and mode;
- `simulate(game, players, mode, rng) -> Played`: one complete game with simple bot players, reading
  its rules through `api.rule(game, name)`; a state no rule covers raises `api.Uncovered`.
Games are seeded per (seed, mode, players, index), so a run is the same for a seed whatever `-j`.
"""
from __future__ import annotations

import random
import statistics
from collections import Counter
from dataclasses import dataclass, field

from pnp.rules.model import Uncovered


@dataclass
class Played:
    """One simulated game, as a plug-in's simulator returns it."""
    length: int                      # turns taken
    end: str                         # how it ended: a name the game chooses ("accused", "deck-out", "doom" …)
    winners: tuple = ()              # seats (0-based) that won; empty: nobody won (everyone lost)
    roles: dict = field(default_factory=dict)   # seat → role, where the game deals roles
    rounds: int | None = None        # hours or rounds, where the game counts them
    deck_out: bool = False           # a deck ran out during the game
    tie: bool = False                # the end was decided by a tie-break


def _one(plugin, game, players, mode, seed, i):
    rng = random.Random(f"{seed}:{mode}:{players}:{i}")
    try:
        return plugin.simulate(game, players, mode, rng), None
    except Uncovered as e:
        return None, e.message


def run(plugin, game, configs, games: int, seed: int = 0, jobs: int = 1) -> list[dict]:
    """Per (mode, players): the aggregate of `games` simulated games (the `runs` of `--json`), the
    configurations spread over `jobs` forked processes where the system can fork."""
    from pnp.core.processes import can_fork
    configs = list(configs)
    if jobs > 1 and len(configs) > 1 and can_fork():
        return _forked(plugin, game, configs, games, seed, jobs)
    return [_config(plugin, game, mode, players, games, seed) for mode, players in configs]


def _config(plugin, game, mode, players, games, seed) -> dict:
    played, uncovered = [], Counter()
    for i in range(games):
        got, missing = _one(plugin, game, players, mode, seed, i)
        if missing is not None:
            uncovered[missing] += 1
        else:
            played.append(got)
    return aggregate(mode, players, games, played, uncovered)


_STATE = None   # (plugin, game, games, seed): what forked workers inherit


def _in_worker(config):
    plugin, game, games, seed = _STATE
    return _config(plugin, game, config[0], config[1], games, seed)


def _forked(plugin, game, configs, games, seed, jobs):
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from pnp.core.processes import quiet_worker, stop_now
    global _STATE
    _STATE = (plugin, game, games, seed)
    pool = ProcessPoolExecutor(max_workers=min(jobs, len(configs)), mp_context=multiprocessing.get_context("fork"),
                               initializer=quiet_worker)
    ok = False
    try:
        out = list(pool.map(_in_worker, configs))
        ok = True
        return out
    finally:
        _STATE = None
        if ok:
            pool.shutdown()
        else:
            stop_now(pool)


def aggregate(mode, players, games, played, uncovered) -> dict:
    n = len(played) or 1
    lengths = [p.length for p in played] or [0]
    rounds = [p.rounds for p in played if p.rounds is not None]
    seats, roles, role_count = Counter(), Counter(), Counter()
    for p in played:
        for s in p.winners:
            seats[s] += 1
        for s, r in p.roles.items():
            role_count[r] += 1
            if s in p.winners:
                roles[r] += 1
    run = {"players": players, "mode": mode, "games": games,
           "length": {"mean": round(statistics.fmean(lengths), 2), "max": max(lengths)},
           "ends": {k: round(v / n, 4) for k, v in sorted(Counter(p.end for p in played).items())},
           "wins": {"seat": {str(s): round(seats[s] / n, 4) for s in range(players)},
                    "role": {r: round(roles[r] / role_count[r], 4) for r in sorted(role_count)}},
           "deck_out": round(sum(p.deck_out for p in played) / n, 4),
           "ties": round(sum(p.tie for p in played) / n, 4),
           "nobody_won": round(sum(not p.winners for p in played) / n, 4),
           "uncovered": [f"{msg} ({k} of {games} games)" for msg, k in sorted(uncovered.items())]}
    if rounds:
        run["rounds"] = {"mean": round(statistics.fmean(rounds), 2), "max": max(rounds)}
    return run


def text(game_id: str, runs: list[dict]) -> list[str]:
    """The runs for people: one block per player count and mode."""
    lines = []
    for r in runs:
        lines.append(f"{game_id} — {r['mode']}, {r['players']} players: {r['games']} games, length mean "
                     f"{r['length']['mean']:g} turns (max {r['length']['max']})"
                     + (f", {r['rounds']['mean']:g} rounds (max {r['rounds']['max']})" if "rounds" in r else ""))
        lines.append("  ends: " + (", ".join(f"{k} {100 * v:.1f}%" for k, v in r["ends"].items()) or "none"))
        lines.append("  wins by seat: " + ", ".join(f"{int(s) + 1}: {100 * v:.1f}%" for s, v in r["wins"]["seat"].items()))
        if r["wins"]["role"]:
            lines.append("  wins by role: " + ", ".join(f"{k} {100 * v:.1f}%" for k, v in r["wins"]["role"].items()))
        lines.append(f"  deck ran out: {100 * r['deck_out']:.1f}%, ties: {100 * r['ties']:.1f}%, "
                     f"nobody won: {100 * r['nobody_won']:.1f}%")
        for u in r["uncovered"]:
            lines.append(f"  error: state no rule covers: {u}")
    return lines
