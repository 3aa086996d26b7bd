"""Lady Alice: deck checks (clues, desk, notebook, Holmes cards, tokens, verdicts) and the game logic.

The game (GAMES.md section 3): 32 clue elements, 8 in each of four categories. One element of every
category is drawn; the drawn cards are dealt one to each student and are the solution:
- 4 players: the four drawn cards are dealt;
- 3 players: one of the four is put away unseen, three are dealt; its category is "missing";
- 5 players: one more card from the other 28 joins the four, five are dealt (one category then has
  two true elements).
A suspicion names one element per category. Each student gives a verdict: blue if the suspicion names
the card they hold in its category, else red; only the number of blue is public. No suspicion may
repeat an earlier one exactly or name a covered element. All red with 4 or 5 players covers the four
named elements with Holmes cards. An accusation succeeds with 4 blue (4p), 3 blue and the right missing
category (3p), at least 4 of 5 blue (5p). Scoring: token faces on solution elements, +3 for the correct
accuser, +2 for tokens on every solution element, +1 to the asker of each all-blue suspicion.

Element ids are grouped by category in a mapping {category: (ids…)}; by default the shipped clue deck.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from pnp.rules.base import error

CATEGORIES = ("suspect", "time", "place", "item")
PER_CATEGORY = 8
PLAYERS = (3, 4, 5)
HOLMES_CARDS = len(CATEGORIES) * PER_CATEGORY - len(CATEGORIES)   # 28: all but the four true elements
TOKEN_COLOURS = 5
TOKEN_VALUES = {0: 3, 1: 3, 2: 3}
VERDICT_SETS = 5
ACCUSER_BONUS, COVER_BONUS, ALL_BLUE_BONUS = 3, 2, 1


# ---- elements ------------------------------------------------------------------------------------
def elements_of(game) -> dict:
    """{category: (element ids in deck order)} from a loaded game's `clues` component."""
    out = {c: [] for c in CATEGORIES}
    for item in game.components["clues"].items:
        out.setdefault(item["category"], []).append(item.id)
    return {c: tuple(v) for c, v in out.items()}


@lru_cache(maxsize=2)
def _shipped(path: str) -> dict:
    from pnp.content.loader import load_game
    return elements_of(load_game(Path(path)))


def shipped_elements() -> dict:
    return _shipped(str(Path(__file__).resolve().parents[2] / "content" / "lady-alice"))


def _elements(elements) -> dict:
    return shipped_elements() if elements is None else elements


def category_of(element: str, elements=None) -> str:
    for cat, ids in _elements(elements).items():
        if element in ids:
            return cat
    raise KeyError(f"unknown element `{element}`")


# ---- the deal ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Deal:
    hands: tuple            # the clue card of each player (player i holds hands[i]); the true elements
    drawn: tuple            # the four cards drawn, one per category (in CATEGORIES order)
    hidden: str | None      # 3 players: the drawn card nobody holds
    extra: str | None       # 5 players: the fifth card, drawn from the other 28

    @property
    def players(self) -> int:
        return len(self.hands)

    @property
    def solution(self) -> frozenset:
        """The elements that are true: exactly the cards in the players' hands."""
        return frozenset(self.hands)


def field_limit(players: int) -> int:
    """How many deduction tokens one field of Holmes's desk may hold."""
    _check_players(players)
    return players


def _check_players(players):
    if players not in PLAYERS:
        raise ValueError(f"Lady Alice is for 3, 4 or 5 players, not {players}")


def deal(players: int, rng: random.Random | None = None, elements=None) -> Deal:
    """Draw one element per category and deal them as the rules say for 3, 4 or 5 players."""
    _check_players(players)
    rng = rng or random.Random()
    els = _elements(elements)
    drawn = tuple(rng.choice(list(els[c])) for c in CATEGORIES)
    cards = list(drawn)
    hidden = extra = None
    if players == 3:
        rng.shuffle(cards)
        hidden = cards.pop()
    elif players == 5:
        rest = [e for c in CATEGORIES for e in els[c] if e not in drawn]
        extra = rng.choice(rest)
        cards.append(extra)
    rng.shuffle(cards)
    return Deal(tuple(cards), drawn, hidden, extra)


def missing_category(hands, elements=None) -> str | None:
    """The category that no player holds (3 players), or None."""
    held = {category_of(h, elements) for h in hands}
    left = [c for c in CATEGORIES if c not in held]
    return left[0] if len(left) == 1 else None


# ---- suspicions ----------------------------------------------------------------------------------
def _as_suspicion(suspicion, elements=None, need_all=True) -> dict:
    """{category: element}, checked: each element in its own category, every category once."""
    els = _elements(elements)
    if not isinstance(suspicion, dict):
        suspicion = {category_of(e, els): e for e in suspicion}
    for cat, e in suspicion.items():
        if cat not in els or e not in els[cat]:
            raise ValueError(f"`{e}` is not a {cat} element")
    if need_all and set(suspicion) != set(CATEGORIES):
        raise ValueError(f"a suspicion names one element of each category ({', '.join(CATEGORIES)})")
    return dict(suspicion)


def verdicts(suspicion, hands, elements=None) -> tuple:
    """Each player's verdict: True (blue) if the suspicion names their card in its category."""
    s = _as_suspicion(suspicion, elements, need_all=False)
    return tuple(s.get(category_of(h, elements)) == h for h in hands)


def verdict_count(suspicion, hands, elements=None) -> int:
    """How many blue verdicts a suspicion gets (the only thing made public)."""
    return sum(verdicts(suspicion, hands, elements))


def suspicion_legal(suspicion, history=(), covered=(), elements=None) -> tuple[bool, str]:
    """(legal?, why not). Illegal: not one element per category, an exact repeat of an earlier
    suspicion, or an element covered by a Holmes card."""
    try:
        s = _as_suspicion(suspicion, elements)
    except (ValueError, KeyError) as e:
        return False, str(e)
    for old in history:
        if _as_suspicion(old, elements) == s:
            return False, "the same four elements were suspected before"
    hit = sorted(e for e in s.values() if e in set(covered))
    if hit:
        return False, f"covered by a Holmes card: {', '.join(hit)}"
    return True, ""


def all_red_covers(suspicion, blue: int, players: int, elements=None) -> frozenset:
    """The elements to cover with Holmes cards after a suspicion with `blue` blue verdicts.

    With 4 or 5 players every true element is in someone's hand, so all red proves the four named
    elements wrong. With 3 players the missing category is unchecked: nothing can be covered."""
    _check_players(players)
    s = _as_suspicion(suspicion, elements)
    if blue == 0 and players >= 4:
        return frozenset(s.values())
    return frozenset()


def is_all_blue(blue: int, players: int) -> bool:
    """Every student answered blue (impossible with 5 players: two hold the same category)."""
    _check_players(players)
    return blue == players


def accusation_succeeds(accusation, hands, missing: str | None = None, elements=None) -> bool:
    """Does an accusation end the game? 4 players: 4 blue. 3 players: 3 blue and the right missing
    category (`missing`). 5 players: at least 4 of the 5 verdicts blue."""
    players = len(hands)
    _check_players(players)
    blue = verdict_count(accusation, hands, elements)
    if players == 3:
        return blue == 3 and missing is not None and missing == missing_category(hands, elements)
    if players == 4:
        return blue == 4
    return blue >= 4


# ---- scoring ---------------------------------------------------------------------------------------
def score(tokens, solution, accuser=None, all_blue=()) -> dict:
    """Points per player at the end.

    tokens: (player, element, value) for every deduction token on Holmes's desk;
    solution: the true elements (the dealt cards); accuser: the student whose accusation was right;
    all_blue: the asker of each all-blue suspicion (one entry per suspicion)."""
    solution = frozenset(solution)
    points: Counter = Counter()
    covered: dict = {}
    for player, element, value in tokens:
        points[player] += 0
        if element in solution:
            points[player] += int(value)
            covered.setdefault(player, set()).add(element)
    for player, els in covered.items():
        if solution and els >= solution:
            points[player] += COVER_BONUS
    if accuser is not None:
        points[accuser] += ACCUSER_BONUS
    for asker in all_blue:
        points[asker] += ALL_BLUE_BONUS
    return dict(points)


# ---- deck checks ---------------------------------------------------------------------------------
def _data_pos(game, *path):
    node = game.meta.get("data")
    pos = game.meta.at("data")
    for key in path:
        if node is None or not hasattr(node, "at"):
            break
        try:
            pos = node.at(key)
            node = node[key]
        except (KeyError, IndexError, TypeError):
            break
    return pos


def check(game):
    comps = game.components
    clues = comps.get("clues")
    if clues is None:
        yield error(game.pos, "Lady Alice needs a `clues` component with the 32 clue cards", check="clues")
        return
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
    if total != len(CATEGORIES) * PER_CATEGORY:
        yield error(clues.source or clues.pos, f"{total} clue cards — the game has 32", check="clues")
    by_id = {e: c for c, ids in els.items() for e in ids}
    for name in ("desk", "notebook"):
        yield from _check_arrangement(game, name, els, by_id)
    expected = {"holmes": HOLMES_CARDS, "verdict-cards": VERDICT_SETS, "verdict-folders": VERDICT_SETS}
    for cid, n in expected.items():
        comp = comps.get(cid)
        if comp is None:
            yield error(game.pos, f"no `{cid}` component — Lady Alice needs {n}", check="components")
        elif comp.total != n:
            yield error(comp.pos, f"`{cid}` has {comp.total} pieces — the game needs {n}", check="components")
    yield from _check_tokens(game)


def _check_arrangement(game, name, els, by_id):
    """`data.desk` / `data.notebook`: one panel or section per category, each listing its 8 ids once."""
    data = game.data.get(name)
    what = {"desk": "Holmes's desk (`data.desk`)", "notebook": "Holmes's notebook (`data.notebook`)"}[name]
    if not isinstance(data, dict):
        yield error(_data_pos(game, name), f"{what} is missing — list the clue ids of each category", check=name)
        return
    for cat in data:
        if cat not in CATEGORIES:
            yield error(_data_pos(game, name, cat), f"{what}: `{cat}` is not a category ({', '.join(CATEGORIES)})",
                        check=name)
    for cat in CATEGORIES:
        ids = data.get(cat)
        if not isinstance(ids, list):
            yield error(_data_pos(game, name), f"{what} has no list for `{cat}`", check=name)
            continue
        seen = set()
        for i, e in enumerate(ids):
            pos = _data_pos(game, name, cat, i)
            if not isinstance(e, str):
                yield error(pos, f"{what}: `{e}` should be a clue card id", None, name)
                continue
            if e in seen:
                yield error(pos, f"{what}: `{e}` appears twice", e, name)
            seen.add(e)
            if e not in by_id:
                yield error(pos, f"{what}: `{e}` is not a clue card id", e, name)
            elif by_id[e] != cat:
                yield error(pos, f"{what}: `{e}` is a {by_id[e]} card, listed under {cat}", e, name)
        for e in els.get(cat, []):
            if e not in seen:
                yield error(_data_pos(game, name, cat), f"{what}: the {cat} clue `{e}` has no "
                            f"{'field' if name == 'desk' else 'page'}", e, name)
        if len(ids) != PER_CATEGORY:
            yield error(_data_pos(game, name, cat), f"{what}: {len(ids)} entries for {cat} — there are "
                        f"{PER_CATEGORY}", check=name)


def _check_tokens(game):
    comp = game.components.get("tokens")
    if comp is None:
        yield error(game.pos, "no `tokens` component — Lady Alice needs 5 colours of deduction tokens", check="tokens")
        return
    sets: dict = {}
    for item in comp.items:
        sets.setdefault(item["colour"], Counter())[item["value"]] += item.copies
    if len(sets) != TOKEN_COLOURS:
        yield error(comp.pos, f"{len(sets)} token colours — the game has {TOKEN_COLOURS}", check="tokens")
    for colour, counts in sets.items():
        if dict(counts) != TOKEN_VALUES:
            have = ", ".join(f"{n} x {v}" for v, n in sorted(counts.items()))
            yield error(comp.source or comp.pos, f"the {colour} tokens are {have} — each colour has 3 x 0, "
                        f"3 x 1 and 3 x 2", check="tokens")


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
        dist = "  ".join(f"{b}:{counts[b] / n:5.1%}" for b in range(players + 1))
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
