"""Lady Alice: the rules engine's checks (clues, desk, notebook, Holmes cards, tokens, verdicts, the
published numbers in `data:`, the printed texts that carry them), the summary and the report charts.

The constants and the game logic live in logic.py (re-exported here). The checks themselves live by
what they read: clues.py (the clue cards, the desk and the notebook that list them), pieces.py (the
other pieces and the numbers that link them), numbers.py (the published numbers in `data:` and the
booklet's worked example), printed.py (the printed texts and the booklets' edition decisions). Content
may only restate the constants: `data:` values that differ are reported at their line, and everything a
player reads takes them from `data:`.
"""
from __future__ import annotations

from pnp.rules import api
from pnp.rules.api import error
from pnp.games.lady_alice.logic import *  # noqa: F403 (the public game logic, used by tests and the report)
from pnp.games.lady_alice.logic import CATEGORIES, CLUE_CARDS, PER_CATEGORY, PLAYERS
from pnp.games.lady_alice.clues import check_arrangement, check_categories, check_names, check_order
from pnp.games.lady_alice.numbers import check_data_rules
from pnp.games.lady_alice.numbers import check_example as _check_example          # the tests' names for these two
from pnp.games.lady_alice.pieces import check_binding, check_pieces, check_tokens
from pnp.games.lady_alice.printed import check_edition_list as _check_edition_list, check_printed
from pnp.games.lady_alice.published import RULES
from pnp.games.lady_alice.report import SIM_DEALS, report, summary  # noqa: F401 (found by the rules engine)


# ---- the checks -----------------------------------------------------------------------------------------
def check(game):
    yield from api.judge(game, RULES)
    comps = game.components
    clues = comps.get("clues")
    if clues is None:
        yield error(game.pos, "Lady Alice needs a `clues` component with the 32 clue cards", check="clues")
        return
    yield from _check_example(game)
    yield from _check_edition_list(game)
    els = {c: [] for c in CATEGORIES}
    for item in clues.items:
        els.setdefault(item["category"], []).append(item.id)
        if item.copies != 1:
            yield error(item.at("copies"), f"clue `{item.id}` is printed {item.copies} times — every element "
                        f"exists once", item.id, "clues")
    for cat in CATEGORIES:
        if len(els[cat]) != PER_CATEGORY:
            yield error(clues.source or clues.pos, f"{len(els[cat])} {cat} clue cards — the game has "
                        f"{PER_CATEGORY} of each category", check="clues")
    total = sum(len(v) for v in els.values())
    if total != CLUE_CARDS:
        yield error(clues.source or clues.pos, f"{total} clue cards — the game has {CLUE_CARDS}", check="clues")
    yield from check_names(game, clues)
    yield from check_categories(game, clues)
    by_id = {e: c for c, ids in els.items() for e in ids}
    for name in ("desk", "notebook"):
        yield from check_arrangement(game, name, els, by_id)
    yield from check_order(game)
    yield from check_binding(game)
    yield from check_data_rules(game)
    yield from check_pieces(game)
    players = game.meta.get("players")
    want = f"{min(PLAYERS)}-{max(PLAYERS)}"
    if str(players).replace("–", "-").replace(" ", "") != want:
        yield error(game.meta.at("players") if "players" in game.meta else game.pos, f"`players: {players}` — "
                    f"Lady Alice is for {want} players; write `players: \"{want}\"`", check="players")
    yield from check_tokens(game)
    yield from check_printed(game)
