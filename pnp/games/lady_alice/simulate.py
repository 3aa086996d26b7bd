"""Lady Alice played by its rule entries (content/lady-alice/rules.yaml), for `pnp simulate`.

Every rule the game applies is read through `api.rule(game, name)`, so an entry removed from rules.yaml
is a state no rule covers, named. The verdicts, the covering after all red, the all-blue bonus, the
accusation and the scoring are the plug-in's own rules functions (`logic`), the ones `pnp check` uses,
fed with the entries' parameters.

The bots deduce: each keeps the cases still possible given its own card, the Holmes cards and every
blue count shown so far (with 5 students, where one category has two true elements, a count may be one
more than a case's matches), suspects one of them, bets on the elements most often true among them and
accuses when one case is left (sometimes, with two or three left, it gambles).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product

from pnp.games.lady_alice import logic
from pnp.rules import api

SIZE = {3: "three", 4: "four", 5: "five"}
TURN_GUARD = 20000        # a bot that never ends a game is a bug of the bots, not a state of the rules


def configs(game):
    p = api.rule(game, "players")
    return [("standard", n) for n in range(int(p["min"]), int(p["max"]) + 1)]


def _want(game, name, key, value):
    """The parameter `key` of rule `name`, which this model plays only as `value`."""
    have = api.rule(game, name).get(key)
    if have != value:
        raise api.Uncovered(f"rule `{name}`: `{key}: {have}` is a rule this model cannot play "
                            f"(it plays `{key}: {value}`)", name)
    return have


@dataclass
class Ending:
    """What a simulated game ended with: enough to score it again with the rules functions."""
    hands: tuple
    hidden: str | None
    tokens: list                        # (seat, element, value) on the desk
    suspicions: list                    # (asker, suspicion) in order
    accuser: int | None
    accusation: dict | None
    missing: str | None
    expelled: frozenset
    points: dict = field(default_factory=dict)


class Bot:
    def __init__(self, seat, card, players, cats, idx, rng):
        self.seat, self.rng, self.relaxed = seat, rng, players == 5
        k, i = idx[card]
        ranges = [range(len(e)) for e in cats]
        if players == 3:
            cands = []
            for m in range(4):
                if m == k:
                    continue
                r = [([-1] if j == m else [i] if j == k else ranges[j]) for j in range(4)]
                cands.extend(product(*r))
        else:
            cands = list(product(*[([i] if j == k else ranges[j]) for j in range(4)]))
        self.cands, self._marg = cands, None

    def learn(self, s, blue):
        a, b, c, d = s
        if self.relaxed:
            self.cands = [t for t in self.cands if blue - 1 <= (t[0] == a) + (t[1] == b) + (t[2] == c) + (t[3] == d) <= blue]
        else:
            self.cands = [t for t in self.cands if (t[0] == a) + (t[1] == b) + (t[2] == c) + (t[3] == d) == blue]
        self._marg = None

    def cover(self, covered_idx):
        self.cands = [t for t in self.cands if not any(t[j] == e for j, e in covered_idx)]
        self._marg = None

    def marginals(self):
        if self._marg is None:
            n = len(self.cands) or 1
            m = {}
            for t in self.cands:
                for j, e in enumerate(t):
                    if e >= 0:
                        m[(j, e)] = m.get((j, e), 0) + 1
            self._marg = {k: v / n for k, v in m.items()}
        return self._marg


def simulate(game, players, mode, rng):
    return play(game, players, mode, rng)[0]


def play(game, players, mode, rng):
    """One complete game: (api.Played, Ending)."""
    n = players
    span = api.rule(game, "players")
    if mode != "standard" or not int(span["min"]) <= n <= int(span["max"]):
        raise api.Uncovered(f"no rule for {n} players in mode `{mode}` (rule `players`)", "players")
    els = logic.elements_of(game)
    cats = [els[c] for c in logic.CATEGORIES]
    idx = {e: (j, i) for j, ids in enumerate(cats) for i, e in enumerate(ids)}

    # ---- setup
    _want(game, "case", "per_category", 1)
    _want(game, "case", "dealt", "one_each")
    plan = {"hidden": int(api.rule(game, "deal_three")["put_away"]) if n == 3 else 0,
            "extra": int(api.rule(game, "deal_five")["added"]) if n == 5 else 0}
    if n == 5:
        _want(game, "deal_five", "from", "rest")
    if logic.DRAWN - plan["hidden"] + plan["extra"] != n:
        raise api.Uncovered(f"the deal gives {logic.DRAWN - plan['hidden'] + plan['extra']} cards to {n} students "
                            f"(rules `deal_three`, `deal_five`)", "deal_three" if n == 3 else "deal_five")
    d = logic.deal(n, rng, els, plan)
    hands = d.hands
    stock_rule = api.rule(game, "tokens")
    stock = [{0: int(stock_rule["zero"]), 1: int(stock_rule["one"]), 2: int(stock_rule["two"])} for _ in range(n)]
    capacity = int(api.rule(game, "field_capacity")[SIZE[n]])
    api.rule(game, "first_asker")                     # seat 0 is whoever last read a detective story
    _want(game, "round", "parts", "suspicion_then_deduction")
    step = {"left": 1, "right": -1}.get(api.rule(game, "notebook_passes")["to"])
    deduction = api.rule(game, "deduction")
    dstep = {"left": 1, "right": -1}.get(deduction["passes"])
    if step is None or dstep is None:
        raise api.Uncovered("the notebook and the deduction pass to the left or the right (rules `notebook_passes`, "
                            "`deduction`)", "notebook_passes")
    _want(game, "deduction", "starts", "left_of_asker")
    _want(game, "suspicion", "names", "one_per_category")
    limits = api.rule(game, "suspicion_limits")
    verdict = api.rule(game, "verdict")
    _want(game, "verdict", "who", "everyone")
    _want(game, "verdict", "public", "count")
    if n == 3:
        cover_all_red = api.rule(game, "all_red_three")["cover"] != "nothing"
    else:
        cover_all_red = api.rule(game, "all_red")["cover"] == "named_elements"
    all_blue_need = int(api.rule(game, "all_blue_five")["blue"]) if n == 5 else n
    accuse_need = int(api.rule(game, "accuse_blue")[SIZE[n]])
    placement = api.rule(game, "token_placement")
    holmes_left = game.components["holmes"].count if "holmes" in game.components else logic.HOLMES_CARDS

    bots = [Bot(s, hands[s], n, cats, idx, rng) for s in range(n)]
    history, covered, suspicions = [], set(), []
    fields: dict = {}                                 # element → [(seat, value, face_up)]
    expelled: set = set()
    turns = rounds = 0
    asker = 0
    ending = None

    def active():
        return [s for s in range(n) if s not in expelled]

    def next_active(seat, direction):
        for k in range(1, n + 1):
            s = (seat + direction * k) % n
            if s not in expelled:
                return s
        return seat

    def to_ids(t):
        out = {}
        for j, e in enumerate(t):
            c = logic.CATEGORIES[j]
            out[c] = cats[j][e if e >= 0 else rng.randrange(len(cats[j]))]
        return out

    def as_idx(s):
        return tuple(idx[s[c]][1] for c in logic.CATEGORIES)

    def legal(s):
        hist = history if limits["exact_repeat"] == "forbidden" else ()
        cov = covered if limits["covered_element"] == "forbidden" else ()
        return logic.suspicion_legal(s, hist, cov, els)[0]

    def choose_suspicion(bot):
        for _ in range(12):
            s = to_ids(rng.choice(bot.cands)) if bot.cands else None
            if s is not None and legal(s):
                return s
        for _ in range(60):
            s = {c: rng.choice(els[c]) for c in logic.CATEGORIES}
            if legal(s):
                return s
        for combo in product(*cats):
            s = dict(zip(logic.CATEGORIES, combo))
            if legal(s):
                return s
        return None

    def shown(s, blue):
        for b in bots:
            b.learn(as_idx(s), blue)

    while ending is None:
        rounds += 1
        if turns > TURN_GUARD:
            raise RuntimeError(f"Lady Alice bots played {turns} turns without an end (a bug of the bots)")
        # ---- suspicion
        s = choose_suspicion(bots[asker])
        turns += 1
        if s is None:
            _want(game, "no_legal_suspicion", "then", "skip_to_deduction")
        else:
            blue = logic.verdict_count(s, hands, els)
            history.append(s)
            suspicions.append((asker, s))
            shown(s, blue)
            if blue == 0:
                new = logic.all_red_covers(s, blue, n, els, cover=cover_all_red) - covered
                if len(new) > holmes_left:
                    api.rule(game, "holmes_cards_out")
                    raise api.Uncovered("the Holmes cards ran out (rule `holmes_cards_out`)", "holmes_cards_out")
                holmes_left -= len(new)
                covered |= new
                if new:
                    ci = [idx[e] for e in new]
                    for b in bots:
                        b.cover(ci)
        # ---- deduction
        _want(game, "deduction_turn", "choose", "place_pass_or_accuse")
        run = 0
        seat = next_active(asker, dstep)
        while run < len(active()):
            turns += 1
            bot = bots[seat]
            room = [e for e in bot.marginals() if len(fields.get(cats[e[0]][e[1]], ())) < capacity]
            has_token = any(stock[seat].values())
            can_place = has_token and room
            if not can_place:
                _want(game, "no_move", "may", "pass_or_accuse")
            k = len(bot.cands)
            accuse = k == 1 or (k <= 3 and rng.random() < 0.12)
            if accuse and k:
                _want(game, "accusation", "when", "deduction_turn")
                _want(game, "accusation", "verdicts", "as_suspicion")
                t = rng.choice(bot.cands)
                acc = to_ids(t)
                missing = None
                if n == 3:
                    if api.rule(game, "accuse_three")["name_missing_category"]:
                        missing = logic.CATEGORIES[t.index(-1)]
                    _want(game, "three_player_claim", "check", "three_verdicts")
                blue = logic.verdict_count(acc, hands, els)
                shown(acc, blue)
                if logic.accusation_succeeds(acc, hands, missing, els, accuse_need):
                    _want(game, "right_accusation", "ends_game", True)
                    ending = ("accusation", seat, acc, missing)
                    break
                w = api.rule(game, "wrong_accusation")
                if w["accuser"] != "expelled":
                    raise api.Uncovered(f"rule `wrong_accusation`: `accuser: {w['accuser']}` is not playable", "wrong_accusation")
                expelled.add(seat)
                if len(active()) == 1:
                    _want(game, "last_student", "wins", "at_once")
                    ending = ("last_student", None, None, None)
                    break
                if api.rule(game, "pass_run")["after_accusation"] == "restarts":
                    run = 0
                else:
                    raise api.Uncovered("rule `pass_run`: what a wrong accusation does to a run of passes", "pass_run")
                seat = next_active(seat, dstep)
                continue
            placed = False
            if can_place:
                marg = bot.marginals()
                best = max(room, key=lambda e: (marg[e], rng.random()))
                p = marg[best]
                mine = [v for v, c in stock[seat].items() if c]
                value = None
                if p >= 0.5 and rng.random() < 0.8:
                    value = max(mine)
                elif p >= 0.25 and rng.random() < 0.5:
                    value = min(mine, key=lambda v: abs(v - 1))
                elif rng.random() < 0.1:
                    value = min(mine)                 # a bluff
                if value is not None:
                    el = cats[best[0]][best[1]]
                    stack = fields.setdefault(el, [])
                    if stack and placement["reveals_top"]:
                        stack[-1] = (stack[-1][0], stack[-1][1], True)
                    stack.append((seat, value, placement["face"] != "down"))
                    stock[seat][value] -= 1
                    placed = True
            if placed:
                run = 0
            else:
                if not api.rule(game, "pass")["may_place_later"]:
                    raise api.Uncovered("rule `pass`: a student who passed and may not place again", "pass")
                run += 1
            seat = next_active(seat, dstep)
        else:
            _want(game, "round_end", "when", "everyone_passes_in_a_row")
            asker = next_active(asker, step)
            continue

    # ---- the end
    end, accuser, accusation, missing = ending
    tokens = [(s, el, v) for el, stack in fields.items() for s, v, _ in stack]
    result = Ending(hands, d.hidden, tokens, suspicions, accuser, accusation, missing, frozenset(expelled))
    if end == "last_student":
        (last,) = active()
        return api.Played(length=turns, end=end, winners=(last,), rounds=rounds), result
    _want(game, "token_scores", "points", "face_value")
    _want(game, "token_scores", "where", "true_elements")
    bonuses = {k: int(v) for k, v in api.rule(game, "scoring").items()}
    _want(game, "all_blue_bonus", "to", "asker")
    if n == 3:
        put_away = api.rule(game, "put_away_card")
        _want(game, "put_away_card", "tokens_score", False)
    stays = api.rule(game, "expelled_tokens")
    if not stays["stay"]:
        tokens = [t for t in tokens if t[0] not in expelled]
        result.tokens = tokens
    points = logic.play_score(tokens, hands, suspicions, accuser, accusation, missing, els,
                              bonuses, all_blue_need, accuse_need)
    points = {s: points.get(s, 0) for s in range(n)}
    result.points = points
    _want(game, "winner", "most", "points")
    eligible = [s for s in range(n) if s not in expelled or stays["can_win"]]
    top = max(points[s] for s in eligible)
    best = tuple(s for s in eligible if points[s] == top)
    tie = len(best) > 1
    if tie:
        _want(game, "score_tie", "winners", "shared")
    if n == 3 and put_away["revealed"] != "game_end":
        raise api.Uncovered("rule `put_away_card`: when the card put away is shown", "put_away_card")
    return api.Played(length=turns, end=end, winners=best, rounds=rounds, tie=tie), result
