"""Criminal Poker: the published rules as constants, the murderer rules, and a fairness
simulation. The deck checks are in checks.py, those of `data:` in published.py and of what prints in printed.py.

Murderer rules [R] (over ALL cards a suspect holds, shown or hidden):
1. whoever holds the murder weapon is the murderer;
2. else innocence (無罪等級) = PHYSICAL_VALUE x physical cards (they all add up) + the highest
   self-statement (the others are ignored) + the eyewitness value if fewer than WITNESS_VOID eyewitness
   cards are held, i.e. exactly one (WITNESS_VOID or more: all of them are void);
3. lowest innocence is the murderer; tie → fewer valid cards (cards that counted) is the murderer;
   still tied → all of them are co-murderers (arresting any one wins).
Setup [R]: with n suspects the evidence deck uses 3(n − 2) physical cards and all the others; sheriff
mode deals 1 sheriff + n citizens, detective mode 1 detective + (n − 1) citizens; special roles replace
citizens; in detective mode the detective plus the special roles may not outnumber the citizens
(sheriff mode: no limit but the special cards there are). Detective-mode vote [R]: most votes is
arrested; a tie of VOTE_TIE succeeds if either is a murderer; a tie of REVOTE or more is voted again.

The functions take their parameters as one `Rules` value: the published ones by default (what the deck
checks judge by), or a game's rules.yaml entries (`Rules.from_entries`, what `pnp simulate` plays), so
the checks and the simulator compute the murderer, the vote and the winners through the same code.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, replace


EVIDENCE = {"physical": 9, "weapon": 1, "statement": 4, "witness": 4}
IDENTITIES = {"sheriff": 1, "detective": 1, "citizen": 5, "mastermind": 1, "sociopath": 1}
SPECIAL = ("mastermind", "sociopath")
HELP_CARDS = 9                # the author's kit; one is dealt to each player [R] …
MOST_PLAYERS = 6              # … of at most 6 (a sheriff and 5 suspects): fewer than this strands a player
SUSPECTS = (3, 4, 5)
VALUE_RANGE = (1, 4)          # self-statement and eyewitness values [D]

PHYSICAL_VALUE = 2
WITNESS_VOID = 2
VOTE_TIE = 2
REVOTE = 3
# The parameters in game.yaml `data.rules` that the printed rule phrases are built from, and the value
# the published rules give each. Content may restate them, never change them.
RULES = {
    "physical_value": PHYSICAL_VALUE,   # innocence of each physical card
    "physical_count": "all",            # physical cards: they all add up
    "statement_count": "highest",       # self-statements: only the highest counts
    "witness_void": WITNESS_VOID,       # this many eyewitness accounts or more: all void
    "murderer": "lowest",               # the lowest innocence is the murderer
    "tie_break": "fewer",               # on a tie, fewer valid cards is the murderer
    "full_tie": "co-murderers",         # still tied: all of them, arresting any one wins
    "weapon": "murderer",               # whoever holds the weapon is the murderer
    "setup_draw": 2, "setup_keep": 1, "setup_show": 1,   # draw 2, keep 1 face down, push 1 to the centre
    "turn_draw": 1, "turn_reveal": 1,   # on a turn: pass, or draw 1 and reveal at most 1
    "vote_tie": VOTE_TIE,               # a tie of this many for most votes succeeds if either is a murderer
    "revote": REVOTE,                   # a tie of this many or more is voted again
}
DEALS = 10_000
THIRD_DRAW = 0.5   # the chance that a suspect draws on their turn instead of passing


def physical_in_play(suspects: int, per_suspect: int = 3, less: int = 2) -> int:
    """Physical cards used with n suspects: 3(n − 2) (rules.yaml `evidence_deck`)."""
    return per_suspect * (suspects - less)


def deal(mode: str, suspects: int) -> dict:
    """Identity cards dealt before special roles replace citizens."""
    if mode == "sheriff":
        return {"sheriff": 1, "citizen": suspects}
    return {"detective": 1, "citizen": suspects - 1}


def special_max(mode: str, suspects: int) -> int:
    """Most special roles: none beyond the cards in sheriff mode; in detective mode the detective and
    the special roles (each replacing a citizen) may not outnumber the citizens."""
    if mode == "sheriff":
        return min(len(SPECIAL), suspects)
    s = 0
    while s + 1 <= len(SPECIAL) and 1 + (s + 1) <= (suspects - 1) - (s + 1):
        s += 1
    return s


# ---- the murderer rules ------------------------------------------------------------------------
@dataclass(frozen=True)
class Rules:
    """The parameters the murderer, vote and win rules take: the published values by default (what
    `pnp check` judges the deck by), or a game's rules.yaml entries (`from_entries`, what the
    simulator plays). One set of functions computes both."""
    physical_value: int = PHYSICAL_VALUE
    statement: str = "highest"          # highest | all
    witness_void: int = WITNESS_VOID
    murderer: str = "lowest"            # lowest | highest
    tie_break: str = "fewer"            # fewer | more valid cards is the murderer
    vote_tie: int = VOTE_TIE
    revote: int = REVOTE

    @classmethod
    def from_entries(cls, rule) -> "Rules":
        """The parameters from rules.yaml; `rule(name)` is `api.rule(game, name)` (Uncovered when missing)."""
        return cls(physical_value=rule("physical")["value"], statement=rule("statement")["count"],
                   witness_void=rule("witness")["void_at"], murderer=rule("murderer")["innocence"],
                   tie_break=rule("murderer_tie")["valid_cards"])

    def with_vote(self, rule) -> "Rules":
        """These parameters and the vote's (rules.yaml `vote_tie`, `revote`), read when a vote is taken."""
        return replace(self, vote_tie=rule("vote_tie")["size"], revote=rule("revote")["from"])


PUBLISHED = Rules()


def innocence(cards, rules: Rules = PUBLISHED) -> tuple[int, int]:
    """(innocence, valid cards) of one hand of (type, value) pairs without the weapon."""
    phys = [v for t, v in cards if t == "physical"]
    stmt = [v for t, v in cards if t == "statement"]
    wit = [v for t, v in cards if t == "witness"]
    wit_ok = 0 < len(wit) < rules.witness_void
    if rules.statement == "highest":
        s_score, s_valid = (max(stmt), 1) if stmt else (0, 0)
    else:
        s_score, s_valid = sum(stmt), len(stmt)
    score = rules.physical_value * len(phys) + s_score + (sum(wit) if wit_ok else 0)
    valid = len(phys) + s_valid + (len(wit) if wit_ok else 0)
    return score, valid


def decide(hands: dict, rules: Rules = PUBLISHED) -> tuple[set, str]:
    """(murderers, how it was decided) for hands of (type, value) pairs. `how` is one of
    weapon | innocence | valid-cards | co-murderers."""
    armed = {p for p, cards in hands.items() if any(t == "weapon" for t, _ in cards)}
    if armed:
        return armed, "weapon"
    scores = {p: innocence(cards, rules) for p, cards in hands.items()}
    pick = min if rules.murderer == "lowest" else max
    low = pick(s for s, _ in scores.values())
    tied = [p for p, (s, _) in scores.items() if s == low]
    if len(tied) == 1:
        return set(tied), "innocence"
    fewest = (min if rules.tie_break == "fewer" else max)(scores[p][1] for p in tied)
    left = {p for p in tied if scores[p][1] == fewest}
    return left, "valid-cards" if len(left) == 1 else "co-murderers"


def vote_result(votes: dict, rules: Rules = PUBLISHED) -> set | None:
    """Detective mode: votes (voter → suspect). The suspects with most votes (the arrested: one, or a
    tie of `vote_tie`), or None when `revote` or more tie and the vote is taken again."""
    tally = Counter(votes.values())
    top = max(tally.values())
    most = {p for p, n in tally.items() if n == top}
    if len(most) >= rules.revote:
        return None
    if len(most) > rules.vote_tie:
        raise ValueError(f"a tie of {len(most)} for most votes: neither an arrest nor a revote")
    return most


def arrest_succeeds(votes: dict, murderers_: set, rules: Rules = PUBLISHED) -> bool | None:
    """Detective mode: votes (voter → suspect). True/False, or None when the vote is taken again."""
    most = vote_result(votes, rules)
    return None if most is None else bool(most & murderers_)


# what each identity wins by: the published sheriff and citizens, and this edition's goals of the
# detective and the special roles (rules.yaml `detective_goal`, `mastermind_goal`, `sociopath_goal`)
GOALS = {"detective": "citizens", "mastermind": "arrested_not_murderer", "sociopath": "arrested"}


def winners(roles: dict, murderers_: set, arrested: set, goals: dict = GOALS,
            detective_co_murderer: str = "loses", sociopath_co_murderer: str = "wins") -> set:
    """The seats that win. roles: seat → identity (sheriff, detective, citizen, mastermind, sociopath);
    murderers_: the seats the evidence names; arrested: the seats arrested (both of a two-way vote tie).
    The murderer is caught when an arrested seat is a murderer (any co-murderer counts): then the
    sheriff and every innocent citizen win, else every murderer does (co-murderers together). The
    special roles win by their own goal instead: the mastermind when the murderer is not caught, the
    sociopath when arrested. This edition's rulings of the rare ends (rules.yaml): a detective who is a
    co-murderer shares the others' loss when another of them is arrested (`detective_co_murderer`:
    "loses"; "wins" lets the detective win for escaping), and a sociopath who is a co-murderer wins on
    being arrested (`sociopath_co_murderer`: "wins"; "loses" lets the shared loss come first)."""
    caught = bool(arrested & murderers_)
    co = len(murderers_) > 1
    won = set()
    for seat, role in roles.items():
        goal = goals.get(role, "citizens") if role != "sheriff" else "sheriff"
        if goal == "sheriff":
            ok = caught
        elif goal == "arrested_not_murderer":
            ok = not caught
        elif goal == "arrested":
            ok = seat in arrested and not (co and seat in murderers_ and sociopath_co_murderer == "loses")
        elif goal == "citizens":
            ok = (not caught) if seat in murderers_ else caught
            if role == "detective" and co and seat in murderers_ and caught and seat not in arrested:
                ok = detective_co_murderer == "wins"
        else:
            raise ValueError(f"no such goal {goal!r} for the {role}")
        if ok:
            won.add(seat)
    return won


def evidence_deck(game) -> dict:
    """card id → (type, value) of a loaded game's evidence deck (what `murderers` reads)."""
    return {it.id: (it["type"], it["value"]) for it in game.components["evidence"].items}


def murderers(hands: dict, deck: dict, rules: Rules = PUBLISHED) -> set:
    """The set of players who are murderers (co-murderers included).

    hands: player name → list of evidence card ids they hold (shown or hidden).
    deck: card id → (type, value), e.g. `evidence_deck(game)`.
    """
    unknown = [c for cards in hands.values() for c in cards if c not in deck]
    if unknown:
        raise KeyError(f"unknown evidence card(s): {', '.join(unknown)}")
    return decide({p: [deck[c] for c in cards] for p, cards in hands.items()}, rules)[0]


# ---- fairness --------------------------------------------------------------------------------
def simulate(cards: list, suspects: int, deals: int = DEALS, seed: int = 1) -> Counter:
    """How the murderer is decided over random deals: Counter of weapon/innocence/valid-cards/co-murderers."""
    rng = random.Random(seed * 1000 + suspects)
    phys = [c for c in cards if c[0] == "physical"][: physical_in_play(suspects)]
    deck0 = phys + [c for c in cards if c[0] != "physical"]
    out = Counter()
    for _ in range(deals):
        deck = deck0[:]
        rng.shuffle(deck)
        hands = {p: [deck.pop(), deck.pop()] for p in range(suspects)}
        for p in range(suspects):
            if deck and rng.random() < THIRD_DRAW:
                hands[p].append(deck.pop())
        out[decide(hands)[1]] += 1
    return out


def _cards(game) -> list:
    return [(it["type"], it["value"]) for it in game.components["evidence"].items for _ in range(it.copies)]


def summary(game):
    if "evidence" not in game.components:
        return []
    lines = [{"en": f"fairness: {DEALS} random deals per player count (2 cards each, then a third with p={THIRD_DRAW})",
              "zh-TW": f"公平性：每種人數隨機發牌 {DEALS} 次（每人 2 張，再以 p={THIRD_DRAW} 抽第三張）"},
             {"en": f"  {'suspects':>8}  {'weapon':>7}  {'lowest':>7}  {'tie→valid':>9}  {'co-murder':>9}",
              "zh-TW": "  嫌疑人數  兇器決定  最低無辜值  平手→有效證據  共同兇手"}]
    for n in SUSPECTS:
        c = simulate(_cards(game), n)
        pct = {k: 100 * c[k] / DEALS for k in ("weapon", "innocence", "valid-cards", "co-murderers")}
        lines.append(f"  {n:>8}  {pct['weapon']:6.1f}%  {pct['innocence']:6.1f}%  {pct['valid-cards']:8.1f}%  "
                     f"{pct['co-murderers']:8.1f}%")
    return lines


def report(game):
    cards = _cards(game)
    kinds = {"physical": {"en": "physical", "zh-TW": "物證"}, "statement": {"en": "statement", "zh-TW": "陳述"},
             "witness": {"en": "witness", "zh-TW": "目擊"}, "weapon": {"en": "weapon", "zh-TW": "兇器"}}
    charts = [{"title": {"en": "Innocence values by evidence type", "zh-TW": "各類證據的無辜值"},
               "labels": ["0", "1", "2", "3", "4"],
               "series": [[kinds[t], [sum(1 for tt, v in cards if tt == t and v == k) for k in range(5)]]
                          for t in ("physical", "statement", "witness", "weapon")],
               "component": "evidence", "x_label": {"en": "innocence value", "zh-TW": "無辜值"},
               "y_label": {"en": "cards", "zh-TW": "張數"}}]
    sims = {n: simulate(cards, n) for n in SUSPECTS}
    how = {"weapon": {"en": "weapon", "zh-TW": "兇器"}, "innocence": {"en": "innocence", "zh-TW": "無辜值"},
           "valid-cards": {"en": "valid cards", "zh-TW": "有效證據張數"}, "co-murderers": {"en": "co-murderers", "zh-TW": "共同兇手"}}
    charts.append({"title": {"en": f"How the murderer is decided ({DEALS} deals per player count, %)",
                             "zh-TW": f"兇手如何判定（每種人數 {DEALS} 次發牌，%）"},
                   "labels": [{"en": f"{n} suspects", "zh-TW": f"{n} 位嫌疑犯"} for n in SUSPECTS],
                   "series": [[how[k], [round(100 * sims[n][k] / DEALS, 1) for n in SUSPECTS]]
                              for k in ("weapon", "innocence", "valid-cards", "co-murderers")],
                   "component": "evidence", "x_label": {"en": "player count", "zh-TW": "人數"},
                   "y_label": {"en": "% of deals", "zh-TW": "發牌次數 %"}})
    return charts
