"""Doomsday Files: the game's numbers and logic (resolving cases, sanity, doom, claims, setup).

Split from pnp/rules/doomsday_files.py (the deck checks and report), which re-exports these names;
the rules they follow are described there.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

# ---- the numbers of the game -------------------------------------------------------------------
DOOM_MAX = 13
SANITY_START = 4
CASE_LIMIT = 3
HAND_LIMIT = 5
CASE_PENALTY = 2           # sanity lost at the end of a turn with CASE_LIMIT cases
GUARDIAN_TARGET = 15
APOSTATE_TARGET = 12
PLAYERS = range(4, 9)

ACTIONS = 90
FORBIDDEN = 10
FORBIDDEN_DIFFICULTY = 6
DIFFICULTIES = (3, 4, 5)
MYSTERIES = (28, 32)
BALANCE = 0.10             # force and investigate totals within 10 % of the larger
PROFESSIONS = 27
SECRETS = {"guardian": 3, "heretic": 1, "apostate": 1, "seeker": 1, "doomsayer": 1, "cursed": 1, "ignorant": 1}
OTHERS = ("apostate", "seeker", "doomsayer", "cursed", "ignorant")
SYMBOLS = ("force", "investigate", "either")
CASES = ("monster", "mystery")
TIMINGS = ("turn", "resolve", "any")
DATA = {"doom_max": DOOM_MAX, "sanity_start": SANITY_START, "case_limit": CASE_LIMIT, "hand_limit": HAND_LIMIT,
        "guardian_target": GUARDIAN_TARGET, "apostate_target": APOSTATE_TARGET}

NEEDS = {"monster": "force", "mystery": "investigate"}


# ---- the logic ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Card:
    """An action card as a hand card: its top-left symbol(s)."""
    symbol: str                 # force | investigate | either
    power: int = 1              # how many symbols it shows (forbidden cards show 2)
    forbidden: bool = False

    def counts(self, kind: str) -> int:
        """What this card adds when shown to resolve a case of `kind` (monster | mystery)."""
        return self.power if self.symbol in (NEEDS[kind], "either") else 0


@dataclass(frozen=True)
class Case:
    """An action card as a case: its top-right corner."""
    kind: str                   # monster | mystery
    difficulty: int
    forbidden: bool = False


@dataclass(frozen=True)
class Resolution:
    success: bool
    total: int                  # force (monster) or investigate (mystery) reached, bonus included
    shown: int                  # hand cards shown
    sanity_lost: int            # by the resolver
    doom: int                   # change of the doom track
    draw: int                   # cards the resolver draws
    solved: bool                # the case stays in front of the resolver as a solved mystery


def resolve(case: Case, hand, bonus: int = 0) -> Resolution:
    """Resolve a case from a hand shown in the given order (the holder chooses the order, but must
    keep showing until the case succeeds or the hand is spent). `bonus`: force or investigate from
    played action cards and professions."""
    if case.kind not in CASES:
        raise ValueError(f"a case is a monster or a mystery, not {case.kind!r}")
    lost = 1 if case.forbidden else 0           # turning a forbidden case face up shows it
    total, shown = bonus, 0
    for card in hand:
        if total >= case.difficulty:
            break
        shown += 1
        total += card.counts(case.kind)
        if card.forbidden:
            lost += 1
    ok = total >= case.difficulty
    if case.kind == "monster":
        return Resolution(ok, total, shown, lost + (0 if ok else case.difficulty - total), 0, 1 if ok else 0, False)
    return Resolution(ok, total, shown, lost, 0 if ok else 1, 0, ok)


def lose_sanity(sanity: int, loss: int) -> tuple[int, bool]:
    """(new sanity, whether it just hit 0). Sanity never goes below 0."""
    if sanity <= 0:
        return 0, False        # a player at 0 is immune to effects
    new = max(0, sanity - max(0, loss))
    return new, new == 0


def sanity_limit(bonuses=()) -> int:
    """The limit: 4 plus the raises of every profession the player has (covered ones count)."""
    return SANITY_START + sum(bonuses)


@dataclass(frozen=True)
class SanityZero:
    doom: int                   # 1, plus 1 per discarded case
    discarded: int              # every unresolved case in front of the player
    rest_of_turn: str           # "pass-only" | "turn-ends" | "—" (not their turn)
    next_turn: str = "draw 2 professions, keep 1 over the old one (its lasting band showing), sanity to the limit"


def sanity_zero(open_cases: int, own_turn: bool = False, passed: bool = False) -> SanityZero:
    """What happens when a player's sanity hits 0 with `open_cases` unresolved cases in front of them."""
    if own_turn:
        rest = "turn-ends" if passed else "pass-only"
    else:
        rest = "—"
    return SanityZero(1 + open_cases, open_cases, rest)


def failed_claim_doom(doom: int) -> int:
    """How far doom rises after a failed guardian claim: half of what is left to 13, rounded up."""
    return max(0, math.ceil((DOOM_MAX - doom) / 2))


def heretic_wins(doom: int) -> bool:
    return doom >= DOOM_MAX


def guardian_claim(doom: int, own_solved: int, allies=()) -> tuple[bool, int]:
    """A guardian claims victory naming `allies`: a list of (role, solved difficulty). Returns
    (won, new doom). Fails when any named ally is not a guardian or the total is below the target."""
    right = all(role == "guardian" for role, _ in allies)
    total = own_solved + sum(s for _, s in allies)
    if right and total >= GUARDIAN_TARGET:
        return True, doom
    return False, min(DOOM_MAX, doom + failed_claim_doom(doom))


def end_of_turn(cases: int, hand: int, hand_limit: int = HAND_LIMIT) -> tuple[int, int]:
    """(sanity lost, cards to discard) at the end of the active player's turn."""
    return (CASE_PENALTY if cases >= CASE_LIMIT else 0), max(0, hand - hand_limit)


def unaccepted_case_doom() -> int:
    """A passed case nobody takes returns to the active player: discard it, doom +1."""
    return 1


def setup(players: int) -> dict:
    """Family secrets dealt for a player count: 4–5 players 2 guardians, 6–8 players 3 (the seed's
    ranges overlap at 6: project decision 3), 1 heretic, the rest drawn from the five others."""
    if players not in PLAYERS:
        raise ValueError(f"Doomsday Files is for {PLAYERS.start}–{PLAYERS.stop - 1} players, not {players}")
    guardians = 2 if players <= 5 else 3
    return {"guardian": guardians, "heretic": 1, "others": players - guardians - 1}


def deal_secrets(players: int, rng: random.Random | None = None) -> list[str]:
    """A random deal of roles for `players` following `setup`."""
    rng = rng or random.Random()
    s = setup(players)
    roles = ["guardian"] * s["guardian"] + ["heretic"] + rng.sample(OTHERS, s["others"])
    rng.shuffle(roles)
    return roles
