"""Doomsday Files: deck rules, the game's logic, and the charts of the deck report.

The logic (GAMES.md section 5 and the seed rules):
- a case shows `!` (monster) or `?` (mystery) and a difficulty. To resolve it, its holder turns it up
  and shows hand cards one at a time until the count reaches the difficulty or the hand is spent.
  A gun counts as force, a magnifier as investigate, a star as either; a forbidden card shows two.
- monster: force ≥ difficulty → discard it and draw 1; else lose (difficulty − force) sanity.
- mystery: investigate ≥ difficulty → keep it as solved (no more resolving this turn); else doom +1.
- every forbidden card shown (from hand or table) costs its holder 1 sanity;
- sanity 0 → doom +1, and +1 for each unresolved case discarded;
- a case passed all the way round → discarded, doom +1; 3 cases at the end of a turn → lose 2 sanity;
- doom ≥ 13 → the heretic wins; a failed guardian claim adds ⌈(13 − doom) / 2⌉ doom.
Numbers the rules leave open are project decisions kept in content/doomsday-files/game.yaml `data`
(the check below keeps those and the constants here in step).
"""
from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass

from pnp.errors import did_you_mean
from pnp.rules.base import error, warning

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


# ---- reading the deck ---------------------------------------------------------------------------
def _comp(game, cid):
    return game.components.get(cid)


def action_cards(game):
    """(item, Card, Case) for every physical action card."""
    comp = _comp(game, "actions")
    out = []
    for it in comp.items if comp else ():
        card = Card(it.get("symbol"), it.get("power", 1), bool(it.get("forbidden")))
        case = Case(it.get("case"), it.get("difficulty"), bool(it.get("forbidden")))
        out += [(it, card, case)] * it.copies
    return out


def totals(game) -> dict:
    """Symbol totals: force and investigate count a star for both."""
    by = Counter()
    for _it, card, _case in action_cards(game):
        by[card.symbol] += card.power
    return {"force": by["force"] + by["either"], "investigate": by["investigate"] + by["either"],
            "either": by["either"], "force_only": by["force"], "investigate_only": by["investigate"]}


def _deck_pos(comp):
    return comp.source or comp.pos


# ---- the checks ---------------------------------------------------------------------------------
def check(game):
    yield from _check_data(game)
    yield from _check_actions(game)
    yield from _check_professions(game)
    yield from _check_secrets(game)


def _check_data(game):
    data = game.data or {}
    where = game.meta.get("data") if hasattr(game.meta, "get") else None
    for key, want in DATA.items():
        if data.get(key) != want:
            pos = where.at(key) if where is not None and key in where else game.pos
            yield error(pos, f"`data.{key}` is {data.get(key)!r} but the rules engine plays with {want} — the printed "
                        f"cards would disagree with the rules: write {want} (or change pnp/rules/doomsday_files.py)",
                        check="doomsday-files:data")


def _check_actions(game):
    comp = _comp(game, "actions")
    if comp is None:
        yield error(game.pos, "there is no `actions` component — declare the 90 action cards", check="doomsday-files:actions")
        return
    effects = (game.data or {}).get("effects") or {}
    eff_pos = game.meta["data"]["effects"] if "data" in game.meta and "effects" in (game.meta["data"] or {}) else None
    for name, eff in effects.items():
        pos = eff_pos.at(name) if eff_pos is not None else game.pos
        if not isinstance(eff, dict) or eff.get("timing") not in TIMINGS or "name" not in eff or "text" not in eff:
            yield error(pos, f"effect `{name}` needs `timing` ({', '.join(TIMINGS)}), `name` and `text`",
                        check="doomsday-files:effects")
    cards = action_cards(game)
    if len(cards) != ACTIONS:
        yield error(comp.pos, f"the action deck has {len(cards)} cards; Doomsday Files needs exactly {ACTIONS}",
                    check="doomsday-files:actions")
    used = set()
    forbidden_seen = 0
    for it in comp.items:
        forb = bool(it.get("forbidden"))
        d = it.get("difficulty")
        eff = it.get("effect")
        used.add(eff)
        if eff not in effects:
            yield error(it.at("effect"), f"card `{it.id}` names the unknown effect `{eff}` — "
                        f"{did_you_mean(eff, list(effects))} (effects are listed in game.yaml `data.effects`)",
                        it.id, "doomsday-files:effects")
        if it.get("power") not in (1, 2):
            yield error(it.at("power"), f"card `{it.id}` shows {it.get('power')} symbols — a card shows 1, or 2 when forbidden",
                        it.id, "doomsday-files:symbols")
        if forb:
            for _ in range(it.copies):
                forbidden_seen += 1
                if forbidden_seen > FORBIDDEN:
                    yield error(it.at("forbidden"), f"card `{it.id}` is forbidden card number {forbidden_seen}; the deck "
                                f"has exactly {FORBIDDEN} forbidden cards — make it an ordinary card",
                                it.id, "doomsday-files:forbidden")
            if d != FORBIDDEN_DIFFICULTY:
                yield error(it.at("difficulty"), f"forbidden card `{it.id}` has difficulty {d}; every forbidden card "
                            f"is difficulty {FORBIDDEN_DIFFICULTY}", it.id, "doomsday-files:difficulty")
        elif d not in DIFFICULTIES:
            extra = " (only forbidden cards are 6)" if d == FORBIDDEN_DIFFICULTY else ""
            yield error(it.at("difficulty"), f"card `{it.id}` has difficulty {d}; ordinary cards are "
                        f"{DIFFICULTIES[0]}–{DIFFICULTIES[-1]}{extra}", it.id, "doomsday-files:difficulty")
    if forbidden_seen < FORBIDDEN:
        yield error(_deck_pos(comp), f"the action deck has {forbidden_seen} forbidden cards; it needs exactly {FORBIDDEN}",
                    check="doomsday-files:forbidden")
    mysteries = sum(1 for _it, _c, case in cards if case.kind == "mystery")
    if not MYSTERIES[0] <= mysteries <= MYSTERIES[1]:
        yield error(_deck_pos(comp), f"the action deck has {mysteries} mysteries; it needs {MYSTERIES[0]}–{MYSTERIES[1]} "
                    f"(about a third of {ACTIONS})", check="doomsday-files:mysteries")
    t = totals(game)
    f, i = t["force"], t["investigate"]
    if abs(f - i) > BALANCE * max(f, i, 1):
        yield error(_deck_pos(comp), f"symbol totals are force {f} and investigate {i} (a star counts for both); they "
                    f"must be within {BALANCE:.0%} of each other", check="doomsday-files:symbols")
    for name in effects:
        if name not in used:
            pos = eff_pos.at(name) if eff_pos is not None else game.pos
            yield warning(pos, f"effect `{name}` is on no action card", check="doomsday-files:effects")


def _check_professions(game):
    comp = _comp(game, "professions")
    if comp is None:
        yield error(game.pos, "there is no `professions` component — declare the 27 professions",
                    check="doomsday-files:professions")
        return
    if comp.total != PROFESSIONS:
        yield error(comp.pos, f"there are {comp.total} profession cards; Doomsday Files needs {PROFESSIONS}",
                    check="doomsday-files:professions")
    for it in comp.items:
        if it.copies != 1:
            yield error(it.at("copies"), f"profession `{it.id}` is printed {it.copies} times; every profession is unique",
                        it.id, "doomsday-files:professions")
        if it.get("sanity", 0) not in (0, 1, 2):
            yield error(it.at("sanity"), f"profession `{it.id}` raises the sanity limit by {it.get('sanity')}; "
                        f"write 0, 1 or 2", it.id, "doomsday-files:professions")
    for lang in game.languages:
        seen = {}
        for it in comp.items:
            name = game.text(it.get("name"), lang)
            if name in seen:
                yield error(it.at("name"), f"profession `{it.id}` has the same {lang} name as `{seen[name]}` "
                            f"(“{name}”); every profession is unique", it.id, "doomsday-files:professions")
            seen.setdefault(name, it.id)
    if comp.items and not any(it.get("sanity", 0) > 0 for it in comp.items):
        yield error(_deck_pos(comp), "no profession raises the sanity limit; some must (`sanity: 1`)",
                    check="doomsday-files:professions")


def _check_secrets(game):
    comp = _comp(game, "secrets")
    if comp is None:
        yield error(game.pos, "there is no `secrets` component — declare the 9 family secrets",
                    check="doomsday-files:secrets")
        return
    have = Counter()
    for it in comp.items:
        role = it.get("role")
        for _ in range(it.copies):
            have[role] += 1
            if role in SECRETS and have[role] == SECRETS[role] + 1:
                yield error(it.at("role"), f"one `{role}` too many: the family secrets are "
                            + ", ".join(f"{n} {r}" for r, n in SECRETS.items()), it.id, "doomsday-files:secrets")
    for role, n in SECRETS.items():
        if have[role] < n:
            yield error(_deck_pos(comp), f"the family secrets have {have[role]} `{role}` but need {n}",
                        check="doomsday-files:secrets")
    for players in PLAYERS:
        s = setup(players)
        others = sum(have[r] for r in OTHERS)
        if have["guardian"] < s["guardian"] or have["heretic"] < 1 or others < s["others"]:
            yield error(_deck_pos(comp), f"the secrets cannot be dealt for {players} players "
                        f"({s['guardian']} guardians, 1 heretic, {s['others']} others)", check="doomsday-files:setup")


# ---- what `pnp check` prints, and the deck report -----------------------------------------------
def success_rates(game, hand_size: int = 5, trials: int = 2000, seed: int = 13) -> dict:
    """Share of random hands (drawn from the action deck) that beat a case, by kind and difficulty."""
    deck = [card for _it, card, _case in action_cards(game)]
    if len(deck) < hand_size:
        return {}
    rng = random.Random(seed)
    out = {}
    for kind in CASES:
        for d in (*DIFFICULTIES, FORBIDDEN_DIFFICULTY):
            wins = 0
            for _ in range(trials):
                hand = rng.sample(deck, hand_size)
                wins += sum(c.counts(kind) for c in hand) >= d
            out[(kind, d)] = wins / trials
    return out


def summary(game):
    cards = action_cards(game)
    t = totals(game)
    mysteries = sum(1 for _it, _c, case in cards if case.kind == "mystery")
    forbidden = sum(1 for _it, c, _case in cards if c.forbidden)
    lines = [f"action cards {len(cards)}: {len(cards) - mysteries} monsters, {mysteries} mysteries, {forbidden} forbidden",
             f"symbols (a star counts for both): force {t['force']}, investigate {t['investigate']} "
             f"({t['force_only']} gun, {t['investigate_only']} magnifier, {t['either']} star)"]
    rates = success_rates(game)
    if rates:
        for kind in CASES:
            row = ", ".join(f"{d}: {rates[(kind, d)]:.0%}" for d in (*DIFFICULTIES, FORBIDDEN_DIFFICULTY))
            lines.append(f"a 5-card hand beats a {kind} of difficulty {row} (no bonuses)")
    lines.append("setup: " + "; ".join(f"{n} players {s['guardian']}G+1H+{s['others']}"
                                        for n, s in ((n, setup(n)) for n in PLAYERS)))
    return lines


def report(game) -> list[dict]:
    """Charts for the deck report: {"title", "labels", "series": {name: [numbers]}}."""
    cards = action_cards(game)
    diffs = [*DIFFICULTIES, FORBIDDEN_DIFFICULTY]
    hist = {kind: [sum(1 for _i, _c, case in cards if case.kind == kind and case.difficulty == d) for d in diffs]
            for kind in CASES}
    by_cards = Counter(c.symbol for _i, c, _case in cards)
    by_power = Counter()
    for _i, c, _case in cards:
        by_power[c.symbol] += c.power
    t = totals(game)
    forb = {kind: sum(1 for _i, c, case in cards if c.forbidden and case.kind == kind) for kind in CASES}
    plain = {kind: sum(1 for _i, c, case in cards if not c.forbidden and case.kind == kind) for kind in CASES}
    return [
        {"title": "Action cards: difficulty by case type", "labels": [str(d) for d in diffs],
         "series": {"monster (!)": hist["monster"], "mystery (?)": hist["mystery"]}},
        {"title": "Symbol balance", "labels": list(SYMBOLS),
         "series": {"cards": [by_cards[s] for s in SYMBOLS], "symbols": [by_power[s] for s in SYMBOLS]}},
        {"title": "Force vs investigate (a star counts for both)", "labels": ["force", "investigate"],
         "series": {"own symbol": [t["force_only"], t["investigate_only"]], "star": [t["either"], t["either"]]}},
        {"title": "Forbidden cards", "labels": list(CASES),
         "series": {"forbidden": [forb[k] for k in CASES], "ordinary": [plain[k] for k in CASES]}},
    ]
