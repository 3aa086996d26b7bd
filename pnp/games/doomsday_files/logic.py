"""Doomsday Files: the game's numbers and logic (resolving cases, sanity, doom, claims, setup).

Split from pnp/rules/doomsday_files.py (the deck checks and report), which re-exports these names;
the rules they follow are described there.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass

# ---- the numbers of the game -------------------------------------------------------------------
# [R] from the seed rules, [D] project decisions (GAMES.md section 5, game.yaml `notes`). content/
# doomsday-files/game.yaml `data:` must hold exactly these under the names of DATA, and every printed
# piece takes them from there (pnp/rules/doomsday_text.py checks that the print does).
DOOM_MAX = 13              # [R] doom 13: the heretic wins
DOOM_START = 0             # [R]
SANITY_START = 4           # [R] sanity and its limit start at 4
SANITY_TRACK = 12          # [D] the sanity card's track goes up to 12: 4 plus all eight profession hearts,
                           # the largest limit a player can reach (tracks.py checks it against the deck)
CASE_LIMIT = 3             # [R] at most 3 cases in front of a player
CASE_PENALTY = 2           # [R] sanity lost at the end of a turn with CASE_LIMIT cases
HAND_LIMIT = 5             # [R] cards kept at the end of a turn
DRAW = 2                   # [R] cards drawn in the draw phase
DEAL = 5                   # [R] action cards dealt at setup: 1 case to each neighbour, the rest kept
DEAL_CASES = 2             # [R] of DEAL: one face down to the left, one to the right
PROFESSION_DRAW = 2        # [R] professions drawn (setup and after sanity 0); keep 1
MONSTER_DRAW = 1           # [R] cards drawn after beating a monster
FORBIDDEN_COST = 1         # [R] sanity lost by the holder of a forbidden card that is shown
DOOM_STEP = 1              # [R] doom rise: failed mystery, untaken case, sanity 0, each case it discards
PLAIN_POWER = 1            # [R] symbols on an ordinary action card
FORBIDDEN_POWER = 2        # [D] symbols on a forbidden card (as the player aid says)
GUARDIAN_TARGET = 15       # [D] solved mystery difficulty a guardian claim needs
APOSTATE_TARGET = 12       # [D] the apostate's own solved mystery difficulty
SEEKER_FORBIDDEN = 2       # [D] forbidden cards the seeker holds at the end of their turn
SEEKER_MYSTERIES = 2       # [D] mysteries the seeker has solved
DOOMSAYER_DOOM = 9         # [D] doom at which the doomsayer shares a win
CURSED_COVERED = 2         # [D] covered old professions the cursed blood needs
PLAYERS = range(4, 9)      # [R] 4-8 players
MARKER_MM = 26             # [D] doom spaces fit a coin this wide (the seed's die is replaced by a coin)

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
DATA = {"doom_max": DOOM_MAX, "doom_start": DOOM_START, "sanity_start": SANITY_START, "sanity_track": SANITY_TRACK,
        "case_limit": CASE_LIMIT, "case_penalty": CASE_PENALTY, "hand_limit": HAND_LIMIT, "draw": DRAW,
        "deal": DEAL, "deal_cases": DEAL_CASES, "profession_draw": PROFESSION_DRAW, "monster_draw": MONSTER_DRAW,
        "forbidden_cost": FORBIDDEN_COST, "doom_step": DOOM_STEP, "plain_power": PLAIN_POWER,
        "forbidden_power": FORBIDDEN_POWER, "forbidden_difficulty": FORBIDDEN_DIFFICULTY,
        "forbidden_count": FORBIDDEN, "difficulty_min": DIFFICULTIES[0], "difficulty_max": DIFFICULTIES[-1],
        "profession_count": PROFESSIONS, "guardian_target": GUARDIAN_TARGET, "apostate_target": APOSTATE_TARGET,
        "seeker_forbidden": SEEKER_FORBIDDEN, "seeker_mysteries": SEEKER_MYSTERIES,
        "doomsayer_doom": DOOMSAYER_DOOM, "cursed_covered": CURSED_COVERED,
        "min_players": PLAYERS.start, "max_players": PLAYERS.stop - 1}

NEEDS = {"monster": "force", "mystery": "investigate"}
SYMBOL_ICONS = {"force": "gun", "investigate": "magnifier", "either": "star"}   # [R] the seed's symbols
CASE_MARKS = {"monster": "exclaim", "mystery": "question"}                     # [R] `!` monster, `?` mystery


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
    broke: bool = False         # the resolver's sanity reached 0 before the outcome: no outcome (`pay`)


def resolve(case: Case, hand, bonus: int = 0, forbidden_cost: int = FORBIDDEN_COST,
            monster_draw: int = MONSTER_DRAW, doom_step: int = DOOM_STEP, pay=None) -> Resolution:
    """Resolve a case from a hand shown in the given order (the holder chooses the order, but must
    keep showing until the case succeeds or the hand is spent). `bonus`: force or investigate from
    played action cards and professions. The keyword numbers are the rules entries' (the simulator
    passes them; the checks use the published constants).

    `pay(cost) -> bool`: the resolver pays each forbidden card's cost the moment it is shown (the case
    turned up, a card shown), and True means that took their last sanity: the resolving stops there
    with no outcome (`broke`; rules.yaml `sanity_zero_resolving`: the case goes with the player's other
    unresolved cases). Without `pay` every cost is only added up in `sanity_lost`."""
    if case.kind not in CASES:
        raise ValueError(f"a case is a monster or a mystery, not {case.kind!r}")
    lost, total, shown = 0, bonus, 0

    def broke():
        return Resolution(False, total, shown, lost, 0, 0, False, broke=True)

    if case.forbidden:                               # turning a forbidden case face up shows it
        lost += forbidden_cost
        if pay is not None and pay(forbidden_cost):
            return broke()
    for card in hand:
        if total >= case.difficulty:
            break
        shown += 1
        total += card.counts(case.kind)
        if card.forbidden:
            lost += forbidden_cost
            if pay is not None and pay(forbidden_cost):
                return broke()
    ok = total >= case.difficulty
    if case.kind == "monster":
        return Resolution(ok, total, shown, lost + (0 if ok else case.difficulty - total), 0,
                          monster_draw if ok else 0, False)
    return Resolution(ok, total, shown, lost, 0 if ok else doom_step, 0, ok)


def lose_sanity(sanity: int, loss: int) -> tuple[int, bool]:
    """(new sanity, whether it just hit 0). Sanity never goes below 0."""
    if sanity <= 0:
        return 0, False        # a player at 0 is immune to effects
    new = max(0, sanity - max(0, loss))
    return new, new == 0


def sanity_limit(bonuses=(), start: int = SANITY_START) -> int:
    """The limit: 4 plus the raises of the lasting abilities that work (rules.yaml `lasting_ability`:
    this edition's covered professions)."""
    return start + sum(bonuses)


@dataclass(frozen=True)
class SanityZero:
    doom: int                   # 1, plus 1 per discarded case
    discarded: int              # every unresolved case in front of the player
    rest_of_turn: str           # "pass-only" | "turn-ends" | "—" (not their turn)
    next_turn: str = "draw 2 professions, keep 1 over the old one (its lasting band showing), sanity to the limit"


def sanity_zero(open_cases: int, own_turn: bool = False, passed: bool = False, doom: int = DOOM_STEP,
                per_case: int = DOOM_STEP) -> SanityZero:
    """What happens when a player's sanity hits 0 with `open_cases` unresolved cases in front of them."""
    if own_turn:
        rest = "turn-ends" if passed else "pass-only"
    else:
        rest = "—"
    return SanityZero(doom + per_case * open_cases, open_cases, rest)


def failed_claim_doom(doom: int, doom_max: int = DOOM_MAX) -> int:
    """How far doom rises after a failed guardian claim: half of what is left to 13, rounded up."""
    return max(0, math.ceil((doom_max - doom) / 2))


def heretic_wins(doom: int, doom_max: int = DOOM_MAX) -> bool:
    return doom >= doom_max


def guardian_claim(doom: int, own_solved: int, allies=(), target: int = GUARDIAN_TARGET,
                   doom_max: int = DOOM_MAX) -> tuple[bool, int]:
    """A guardian claims victory naming `allies`: a list of (role, solved difficulty). Returns
    (won, new doom). Fails when any named ally is not a guardian or the total is below the target."""
    right = all(role == "guardian" for role, _ in allies)
    total = own_solved + sum(s for _, s in allies)
    if right and total >= target:
        return True, doom
    return False, min(doom_max, doom + failed_claim_doom(doom, doom_max))


def end_of_turn(cases: int, hand: int, hand_limit: int = HAND_LIMIT, penalty: int = CASE_PENALTY,
                at_cases: int = CASE_LIMIT) -> tuple[int, int]:
    """(sanity lost, cards to discard) at the end of the active player's turn."""
    return (penalty if cases >= at_cases else 0), max(0, hand - hand_limit)


def unaccepted_case_doom() -> int:
    """A passed case nobody takes returns to the active player: discard it, doom +1."""
    return DOOM_STEP


def setup(players: int, guardians: int | None = None, heretics: int = 1) -> dict:
    """Family secrets dealt for a player count: 4–5 players 2 guardians, 6–8 players 3 (the seed's
    ranges overlap at 6: project decision 3), 1 heretic, the rest drawn from the five others.
    `guardians`/`heretics`: the counts as the rules entries say (the simulator passes them)."""
    if players not in PLAYERS:
        raise ValueError(f"Doomsday Files is for {PLAYERS.start}–{PLAYERS.stop - 1} players, not {players}")
    if guardians is None:
        guardians = 2 if players <= 5 else 3
    return {"guardian": guardians, "heretic": heretics, "others": players - guardians - heretics}


def setup_table() -> dict:
    """What game.yaml `data.setup` must say: {players: {guardians, heretics, others}}."""
    return {n: {"guardians": s["guardian"], "heretics": s["heretic"], "others": s["others"]}
            for n, s in ((n, setup(n)) for n in PLAYERS)}


def deal_secrets(players: int, rng: random.Random | None = None, guardians: int | None = None,
                 heretics: int = 1) -> list[str]:
    """A random deal of roles for `players` following `setup`."""
    rng = rng or random.Random()
    s = setup(players, guardians, heretics)
    roles = ["guardian"] * s["guardian"] + ["heretic"] * s["heretic"] + rng.sample(OTHERS, s["others"])
    rng.shuffle(roles)
    return roles


def apostate_wins(own_solved: int, target: int = APOSTATE_TARGET) -> bool:
    """The apostate's own solved mysteries reach their target."""
    return own_solved >= target


def seeker_wins(forbidden_in_hand: int, mysteries_solved: int, forbidden: int = SEEKER_FORBIDDEN,
                mysteries: int = SEEKER_MYSTERIES) -> bool:
    """Checked at the end of the seeker's turn, after discarding."""
    return forbidden_in_hand >= forbidden and mysteries_solved >= mysteries


def spectator_wins(role: str, doom: int, covered: int, solved: int, doomsayer_doom: int = DOOMSAYER_DOOM,
                   cursed_covered: int = CURSED_COVERED, ignorant_solved: int = 0) -> bool:
    """Whether a doomsayer, cursed blood or ignorant shares a win someone other than the heretic ended
    the game with: doom high enough, enough covered professions, no solved mystery."""
    if role == "doomsayer":
        return doom >= doomsayer_doom
    if role == "cursed":
        return covered >= cursed_covered
    if role == "ignorant":
        return solved <= ignorant_solved
    return False
