"""Lady Alice: the published constants and the game logic (deal, verdicts, suspicions, scoring).

The game (GAMES.md section 3, seed 004). 32 clue elements, 8 in each of four categories. One element
of every category is drawn; the drawn cards are dealt one to each student and are the solution:
- 4 players: the four drawn cards are dealt;
- 3 players: one of the four is put away unseen, three are dealt; its category is "missing";
- 5 players: one more card from the other 28 joins the four, five are dealt (one category then has
  two true elements).
A suspicion names one element per category. Each student gives a verdict: blue if the suspicion names
the card they hold in its category, else red; only the number of blue is public. No suspicion may
repeat exactly a combination someone else made or name a covered element. All red covers the four named elements with
Holmes cards. An accusation succeeds with 4 blue (4p), 3 blue and the right missing
category (3p), at least 4 of 5 blue (5p). Scoring: token faces on solution elements, +3 for the correct
accuser, +2 for tokens on every solution element, +1 to the asker of each all-blue suspicion.

Decisions [D] (GAMES.md):
- [D] +1 for an all-blue suspicion goes to the student who asked it.
- [D] 5 players: the seed keeps the 4-player rules for 5 and calls all-blue "all guessed right". A
  suspicion names one element per category, so with 5 players at most 4 verdicts can be blue (the two
  holders of the doubled category cannot both be named): a fully right suspicion shows 4 blue of 5, and
  that earns the all-blue bonus (`ALL_BLUE[5] == 4`), exactly as 4 blue of 5 ends an accusation.
- [D] 3 players: all blue is 3 of 3 (the missing category is unchecked); all red covers all four named
  elements, as with 4: the three held categories' are proven wrong, and the missing category's never scores.

Element ids are grouped by category in a mapping {category: (ids…)}: `elements_of(game)`, passed to every function.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

# ---- the published constants (the rules engine's own; content may only restate them) ---------------
CATEGORIES = ("suspect", "time", "place", "item")
PER_CATEGORY = 8                                   # elements per category [R]
CLUE_CARDS = len(CATEGORIES) * PER_CATEGORY        # 32 [R]
PLAYERS = (3, 4, 5)                                # 4 is the base game, 3 and 5 variants [R]
FIELD_CAPACITY = {3: 3, 4: 4, 5: 5}                # deduction tokens per desk field [R]
TOKEN_COLOURS = 5                                  # one colour per student [R]
TOKEN_VALUES = {0: 3, 1: 3, 2: 3}                  # per colour: 3 x "0", 3 x "1", 3 x "2" [R]
HOLMES_CARDS = CLUE_CARDS - len(CATEGORIES)        # 28 = 32 − 4: all but the four drawn elements [R]
NOTEBOOK_SECTIONS, NOTEBOOK_PAGES = len(CATEGORIES), PER_CATEGORY   # the notebook: 4 x 8 [R]
VERDICT_SETS = 5                                   # verdict folders and cards, one per student [R]
SCORING = {"accuser": 3, "every_element": 2, "all_blue": 1}         # bonuses [R]
ACCUSER_BONUS, COVER_BONUS, ALL_BLUE_BONUS = SCORING["accuser"], SCORING["every_element"], SCORING["all_blue"]
DRAWN = len(CATEGORIES)                            # one element of each category is drawn [R]
DEAL = {3: {"hidden": 1, "extra": 0}, 4: {"hidden": 0, "extra": 0}, 5: {"hidden": 0, "extra": 1}}   # [R]
ACCUSE_BLUE = {3: 3, 4: 4, 5: 4}                   # blue verdicts an accusation needs (3p: + the category) [R]
ALL_BLUE = {3: 3, 4: 4, 5: 4}                      # blue verdicts of a fully right suspicion ([D] for 5)
COVER_ON_ALL_RED = {3: True, 4: True, 5: True}     # all red covers the named elements [R] ([D] for 3)


def dealt(players: int) -> int:
    """How many clue cards are dealt (one per student)."""
    return DRAWN - DEAL[players]["hidden"] + DEAL[players]["extra"]


# ---- elements ------------------------------------------------------------------------------------
def elements_of(game) -> dict:
    """{category: (element ids in deck order)} from a loaded game's `clues` component."""
    out = {c: [] for c in CATEGORIES}
    for item in game.components["clues"].items:
        out.setdefault(item["category"], []).append(item.id)
    return {c: tuple(v) for c, v in out.items()}


def _elements(elements) -> dict:
    if elements is None:
        raise TypeError("pass the game's clue ids by category: elements=elements_of(game)")
    return elements


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
    return FIELD_CAPACITY[players]


def _check_players(players):
    if players not in PLAYERS:
        raise ValueError(f"Lady Alice is for 3, 4 or 5 players, not {players}")


def deal(players: int, rng: random.Random | None = None, elements=None, plan=None) -> Deal:
    """Draw one element per category and deal them as the rules say for 3, 4 or 5 players (`plan`:
    {"hidden": n, "extra": n}, the published DEAL by default)."""
    _check_players(players)
    rng = rng or random.Random()
    els = _elements(elements)
    plan = DEAL[players] if plan is None else plan
    drawn = tuple(rng.choice(list(els[c])) for c in CATEGORIES)
    cards = list(drawn)
    hidden = extra = None
    if plan["hidden"]:
        rng.shuffle(cards)
        hidden = cards.pop()
    if plan["extra"]:
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
    """(legal?, why not). Illegal: not one element per category, an exact repeat of a suspicion in
    `history` (the caller passes those the asker may not repeat: someone else's, rule
    `suspicion_limits`), or an element covered by a Holmes card."""
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


def all_red_covers(suspicion, blue: int, players: int, elements=None, cover=None) -> frozenset:
    """The elements to cover with Holmes cards after a suspicion with `blue` blue verdicts.

    With 4 or 5 players every category is held by someone, so all red proves the four named elements
    wrong. With 3 players it proves the three held categories' elements wrong, and the missing
    category's element can never score, so all four are covered too ([D], rule `all_red_three`)."""
    _check_players(players)
    s = _as_suspicion(suspicion, elements)
    if blue == 0 and (COVER_ON_ALL_RED[players] if cover is None else cover):
        return frozenset(s.values())
    return frozenset()


def is_all_blue(blue: int, players: int, need=None) -> bool:
    """Is the suspicion fully right, earning its asker the all-blue bonus? 3 of 3, 4 of 4, and [D]
    4 of 5 with 5 players (two students hold the doubled category; one suspicion names only one)."""
    _check_players(players)
    return blue == (ALL_BLUE[players] if need is None else need)


def accusation_succeeds(accusation, hands, missing: str | None = None, elements=None, need=None) -> bool:
    """Does an accusation end the game? 4 players: 4 blue. 3 players: 3 blue and the right missing
    category (`missing`). 5 players: at least 4 of the 5 verdicts blue."""
    players = len(hands)
    _check_players(players)
    blue = verdict_count(accusation, hands, elements)
    if blue < (ACCUSE_BLUE[players] if need is None else need):
        return False
    if DEAL[players]["hidden"]:
        return missing is not None and missing == missing_category(hands, elements)
    return True


# ---- scoring ---------------------------------------------------------------------------------------
def bonus_groups(hands, elements=None, doubled="either", extra=()) -> tuple:
    """What the bonus for a token on every true element asks for, as groups: a student earns it with a
    token on at least one element of each group. `doubled="either"`: the dealt cards grouped by category
    (with 5 students either of the doubled category's two will do); "both": each dealt card alone.
    `extra`: cards that must carry a token too though nobody holds them (none by this edition)."""
    if doubled == "both":
        groups = [frozenset((h,)) for h in hands]
    else:
        by: dict = {}
        for h in hands:
            by.setdefault(category_of(h, elements), set()).add(h)
        groups = [frozenset(v) for v in by.values()]
    return tuple(groups) + tuple(frozenset((e,)) for e in extra)


def score(tokens, solution, accuser=None, all_blue=(), bonuses=None, groups=None) -> dict:
    """Points per player at the end.

    tokens: (player, element, value) for every deduction token on Holmes's desk;
    solution: the true elements (the dealt cards); accuser: the student whose accusation was right;
    all_blue: the asker of each all-blue suspicion (one entry per suspicion; see `is_all_blue`);
    bonuses: {"accuser", "every_element", "all_blue"} points, the published SCORING by default;
    groups: what the every-element bonus asks for (`bonus_groups`), each true element alone by default."""
    bonuses = SCORING if bonuses is None else bonuses
    solution = frozenset(solution)
    points: Counter = Counter()
    groups = tuple(frozenset((e,)) for e in solution) if groups is None else tuple(groups)
    placed: dict = {}
    for player, element, value in tokens:
        points[player] += 0
        if element in solution:
            points[player] += int(value)
        placed.setdefault(player, set()).add(element)
    for player, els in placed.items():
        if groups and all(els & g for g in groups):
            points[player] += bonuses["every_element"]
    if accuser is not None:
        points[accuser] += bonuses["accuser"]
    for asker in all_blue:
        points[asker] += bonuses["all_blue"]
    return dict(points)


def play_score(tokens, hands, suspicions, accuser=None, accusation=None, missing=None, elements=None,
               bonuses=None, all_blue_need=None, accuse_need=None, groups=None, all_blue_once=False) -> dict:
    """Score a finished game from what happened: `suspicions` is [(asker, suspicion)], the all-blue
    bonus is judged from the verdicts with `is_all_blue`; the accuser scores only if right. The
    optional numbers (bonuses, blue needed) are the published ones unless given (the rule entries);
    `all_blue_once` pays the all-blue bonus at most once per student."""
    players = len(hands)
    askers = [a for a, s in suspicions if is_all_blue(verdict_count(s, hands, elements), players, all_blue_need)]
    if all_blue_once:                     # rule `all_blue_bonus.per_student: once`: one bonus per student
        askers = list(dict.fromkeys(askers))
    right = (accuser if accuser is not None and accusation_succeeds(accusation, hands, missing, elements, accuse_need)
             else None)
    return score(tokens, frozenset(hands), right, askers, bonuses, groups)
