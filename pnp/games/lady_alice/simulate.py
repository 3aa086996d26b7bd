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

from collections import Counter
from dataclasses import dataclass, field
from itertools import product

from pnp.games.lady_alice import logic
from pnp.rules import api

SIZE = {3: "three", 4: "four", 5: "five"}
TURN_GUARD = 5000         # a bot that never ends a game is a bug of the bots, not a state of the rules


def configs(game):
    p = api.rule(game, "players")
    return [("standard", n) for n in range(int(p["min"]), int(p["max"]) + 1)]


class Rules:
    """The rule entries of one game as the simulation reaches them: each read through `api.rule` the
    first time a state needs it (so a missing entry is named exactly when play reaches it)."""

    def __init__(self, game):
        self.game, self.read = game, {}

    def __call__(self, name):
        got = self.read.get(name)
        if got is None:
            got = self.read[name] = api.rule(self.game, name)
        return got


def _want(rules, name, key, value):
    """The parameter `key` of rule `name`, which this model plays only as `value`."""
    have = rules(name).get(key)
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


class Space:
    """Every case a bot can think of, as bit positions: a case is one element index per category, base
    `size + 1` digits (the extra digit: the category nobody holds, with 3 students). A set of cases is
    an int; `eq[j][e]` is the set where category j is element e, so filtering by a blue count is a
    few bitwise operations on the whole set."""

    def __init__(self, sizes):
        self.base = max(sizes) + 1
        self.none = self.base - 1
        self.total = self.base ** len(sizes)
        self.sizes = sizes
        bits = [[[] for _ in range(self.base)] for _ in sizes]
        for i in range(self.total):
            for j, e in enumerate(self.digits(i)):
                bits[j][e].append(i)
        self.eq = [[_mask(b) for b in col] for col in bits]
        self.held = [_union(col[:size]) for col, size in zip(self.eq, sizes)]

    def digits(self, i):
        out = []
        for _ in self.sizes:
            i, r = divmod(i, self.base)
            out.append(r)
        return out

    def case(self, i):
        return tuple(-1 if d == self.none else d for d in self.digits(i))

    def matching(self, s, blue, relaxed=False):
        """The cases whose matches with suspicion `s` (element indices) are `blue` (or one fewer)."""
        levels = [-1] + [0] * len(s)
        for j, e in enumerate(s):
            m = self.eq[j][e] if e != self.none else 0    # a section nobody judges matches nothing
            levels = [levels[0] & ~m] + [(levels[k] & ~m) | (levels[k - 1] & m) for k in range(1, len(levels))]
        if not 0 <= blue < len(levels):
            return 0
        return levels[blue] | (levels[blue - 1] if relaxed and blue else 0)


def _mask(positions):
    out = bytearray((max(positions, default=0) >> 3) + 1)
    for p in positions:
        out[p >> 3] |= 1 << (p & 7)
    return int.from_bytes(out, "little")


def _union(masks):
    out = 0
    for m in masks:
        out |= m
    return out


_SPACES: dict = {}


def _space(sizes):
    if sizes not in _SPACES:
        _SPACES[sizes] = Space(sizes)
    return _SPACES[sizes]


class Bot:
    def __init__(self, seat, card, players, space, idx, rng):
        self.seat, self.rng, self.relaxed, self.space = seat, rng, players == 5, space
        k, i = idx[card]
        held = space.held
        cats = range(len(held))
        if players == 3:                             # one category, not mine, is held by nobody
            cands = 0
            for m in cats:
                if m != k:
                    one = space.eq[m][space.none]
                    for o in cats:
                        if o != m:
                            one &= held[o]
                    cands |= one
            cands &= space.eq[k][i]
        else:
            cands = space.eq[k][i]
            for o in cats:
                cands &= held[o]
        self.cands, self._marg = cands, None

    @property
    def count(self):
        return self.cands.bit_count()

    def learn(self, mask):
        self.cands &= mask
        self._marg = None

    def cover(self, covered_idx):
        for j, e in covered_idx:
            self.cands &= ~self.space.eq[j][e]
        self._marg = None

    def pick(self):
        """One of the cases still possible, at random: its element indices (-1: nobody holds it)."""
        r = self.rng.randrange(self.count)
        bits, pos = bin(self.cands)[:1:-1], -1
        for _ in range(r + 1):
            pos = bits.find("1", pos + 1)
        return self.space.case(pos)

    def marginals(self):
        """{(category index, element index): share of the cases still possible where it is true}."""
        if self._marg is None:
            n = self.count or 1
            m = {}
            for j, col in enumerate(self.space.eq):
                for e in range(self.space.sizes[j]):
                    k = (self.cands & col[e]).bit_count()
                    if k:
                        m[(j, e)] = k / n
            self._marg = m
            self._ranked = sorted(((v, e) for e, v in m.items()), reverse=True)
        return self._marg

    def ranked(self):
        """[(share, (category index, element index))], the likeliest first."""
        self.marginals()
        return self._ranked


def simulate(game, players, mode, rng):
    return play(game, players, mode, rng)[0]


def play(game, players, mode, rng):
    """One complete game: (api.Played, Ending)."""
    n = players
    rule = Rules(game)
    span = rule("players")
    if mode != "standard" or not int(span["min"]) <= n <= int(span["max"]):
        raise api.Uncovered(f"no rule for {n} players in mode `{mode}` (rule `players`)", "players")
    els = logic.elements_of(game)
    cats = [els[c] for c in logic.CATEGORIES]
    idx = {e: (j, i) for j, ids in enumerate(cats) for i, e in enumerate(ids)}

    # ---- setup
    _want(rule, "case", "per_category", 1)
    _want(rule, "case", "dealt", "one_each")
    plan = {"hidden": int(rule("deal_three")["put_away"]) if n == 3 else 0,
            "extra": int(rule("deal_five")["added"]) if n == 5 else 0}
    if n == 5:
        _want(rule, "deal_five", "from", "rest")
    if logic.DRAWN - plan["hidden"] + plan["extra"] != n:
        raise api.Uncovered(f"the deal gives {logic.DRAWN - plan['hidden'] + plan['extra']} cards to {n} students "
                            f"(rules `deal_three`, `deal_five`)", "deal_three" if n == 3 else "deal_five")
    d = logic.deal(n, rng, els, plan)
    hands = d.hands
    stock_rule = rule("tokens")
    stock = [{0: int(stock_rule["zero"]), 1: int(stock_rule["one"]), 2: int(stock_rule["two"])} for _ in range(n)]
    capacity = int(rule("field_capacity")[SIZE[n]])
    rule("first_asker")                     # seat 0 is whoever last read a detective story
    _want(rule, "suspicion_log", "writes", "asker")     # `suspicions` is the log: repeats and all-blue ticks
    _want(rule, "expelled_turns", "notebook", "skips")  # next_active passes an expelled seat by
    _want(rule, "round", "parts", "suspicion_then_deduction")
    step = {"left": 1, "right": -1}.get(rule("notebook_passes")["to"])
    deduction = rule("deduction")
    dstep = {"left": 1, "right": -1}.get(deduction["passes"])
    if step is None or dstep is None:
        raise api.Uncovered("the notebook and the deduction pass to the left or the right (rules `notebook_passes`, "
                            "`deduction`)", "notebook_passes")
    _want(rule, "deduction", "starts", "left_of_asker")
    _want(rule, "suspicion", "names", "one_per_category")
    limits = rule("suspicion_limits")
    verdict = rule("verdict")
    _want(rule, "verdict", "who", "everyone")
    _want(rule, "verdict", "public", "count")
    if rule("verdict_folders")["mixed"] not in ("alike", "before_each_verdict"):   # only the count is known
        raise api.Uncovered("the simulator plays count-only verdicts: folders alike or mixed (rule `verdict_folders`)",
                            "verdict_folders")
    if n == 3:
        cover_all_red = rule("all_red_three")["cover"] != "nothing"
    else:
        cover_all_red = rule("all_red")["cover"] == "named_elements"
    all_blue_need = int(rule("all_blue_five")["blue"]) if n == 5 else n
    accuse_need = int(rule("accuse_blue")[SIZE[n]])
    placement = rule("token_placement")
    cf = rule("covered_field")
    # the bots bet only on cases still possible, and a covered element is in none: never on it
    _want(rule, "covered_field", "place", "forbidden")
    _want(rule, "known_wrong", "barred", "covered_only")     # `legal` bars only what `covered` holds
    holmes_left = game.components["holmes"].count if "holmes" in game.components else logic.HOLMES_CARDS

    space = _space(tuple(len(c) for c in cats))
    bots = [Bot(s, hands[s], n, space, idx, rng) for s in range(n)]
    history, covered, suspicions = [], set(), []
    fields: dict = {}                                 # element → [(seat, value, face_up)]
    full: set = set()                                 # (category index, element index) of full fields
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
        return tuple(idx[s[c]][1] if c in s else space.none for c in logic.CATEGORIES)

    def legal(s):
        hist = history if limits["exact_repeat"] == "forbidden" else ()
        cov = covered if limits["covered_element"] == "forbidden" else ()
        return logic.suspicion_legal(s, hist, cov, els)[0]

    def choose_suspicion(bot):
        for _ in range(12):
            s = to_ids(bot.pick()) if bot.cands else None
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
        mask = space.matching(as_idx(s), blue, relaxed=n == 5)
        for b in bots:
            b.learn(mask)

    def cover_red(s, blue):
        """All red: cover what it proves wrong; the tokens on a covered field follow `covered_field`."""
        nonlocal covered, holmes_left
        if len(s) < len(logic.CATEGORIES):       # a 3-student accusation: the blank section names nothing
            new = (frozenset(s.values()) if blue == 0 else frozenset()) - covered
        else:
            new = logic.all_red_covers(s, blue, n, els, cover=cover_all_red) - covered
        if len(new) > holmes_left:
            _want(rule, "holmes_cards_out", "cover_with", "any_paper")   # slips of paper cover the rest
        holmes_left = max(0, holmes_left - len(new))
        covered |= new
        if not new:
            return
        ci = [idx[e] for e in new]
        for b in bots:
            b.cover(ci)
        for e in new:
            stack = fields.get(e)
            if not stack:
                continue
            if cf["tokens"] == "back_to_owners":
                for owner, value, _ in fields.pop(e):
                    stock[owner][value] += 1
                full.discard(idx[e])
            elif cf["tokens"] != "stay":
                raise api.Uncovered(f"rule `covered_field`: `tokens: {cf['tokens']}` is not playable", "covered_field")

    while ending is None:
        rounds += 1
        if turns > TURN_GUARD:
            raise RuntimeError(f"Lady Alice bots played {turns} turns without an end (a bug of the bots)")
        # ---- suspicion
        s = choose_suspicion(bots[asker])
        turns += 1
        news = s is not None                  # a round with no suspicion and no token changes nothing
        if s is None:
            _want(rule, "no_legal_suspicion", "then", "skip_to_deduction")
        else:
            blue = logic.verdict_count(s, hands, els)
            history.append(s)
            suspicions.append((asker, s))
            shown(s, blue)
            if blue == 0:
                cover_red(s, blue)
        # ---- deduction
        _want(rule, "deduction_turn", "choose", "place_pass_or_accuse")
        run = 0
        seat = next_active(asker, dstep)
        while run < len(active()):
            turns += 1
            bot = bots[seat]
            has_token = any(stock[seat].values())
            room = [(p, e) for p, e in bot.ranked() if e not in full] if has_token else ()
            can_place = bool(room)
            if not can_place:
                _want(rule, "no_move", "may", "pass_or_accuse")
            k = bot.count
            accuse = k == 1 or (k <= 3 and rng.random() < 0.12)
            acc = None
            if accuse and k:
                t = bot.pick()
                acc = to_ids(t)
                limits_acc = rule("accusation_limits")["names"]
                if limits_acc == "as_suspicion":
                    if not legal(acc):
                        acc = None                # the bot's answer breaks a suspicion's limits: no accusation
                elif limits_acc != "any":
                    raise api.Uncovered(f"rule `accusation_limits`: `names: {limits_acc}` is not playable",
                                        "accusation_limits")
            if acc is not None:
                _want(rule, "accusation", "when", "deduction_turn")
                _want(rule, "accusation", "verdicts", "as_suspicion")
                missing = None
                if n == 3:
                    if rule("accuse_three")["name_missing_category"]:
                        missing = logic.CATEGORIES[t.index(-1)]
                    _want(rule, "three_player_claim", "check", "three_verdicts")
                    if missing is not None:
                        _want(rule, "three_player_claim", "missing_section", "not_judged")
                        del acc[missing]              # its section is not judged: nobody compares with it
                blue = logic.verdict_count(acc, hands, els)
                shown(acc, blue)
                if logic.accusation_succeeds(acc, hands, missing, els, accuse_need):
                    _want(rule, "right_accusation", "ends_game", True)
                    ending = ("accusation", seat, acc, missing)
                    break
                av = rule("accusation_verdicts")
                whole = len(acc) == len(logic.CATEGORIES)     # with 3 students one section is not judged
                if av["combination"] == "counts_as_made":
                    if whole:
                        history.append(acc)
                elif av["combination"] != "free":
                    raise api.Uncovered("rule `accusation_verdicts`: what a wrong accusation's combination counts as",
                                        "accusation_verdicts")
                if blue == 0:
                    if av["all_red"] == "covers":
                        cover_red(acc, blue)      # with 3 students the three named: wrong, or the missing one's
                    elif av["all_red"] != "nothing":
                        raise api.Uncovered("rule `accusation_verdicts`: what an all-red accusation covers",
                                            "accusation_verdicts")
                w = rule("wrong_accusation")
                if w["accuser"] != "expelled":
                    raise api.Uncovered(f"rule `wrong_accusation`: `accuser: {w['accuser']}` is not playable", "wrong_accusation")
                expelled.add(seat)
                news = True
                if len(active()) == 1:
                    _want(rule, "last_student", "wins", "at_once")
                    ending = ("last_student", None, None, None)
                    break
                if rule("pass_run")["after_accusation"] == "restarts":
                    run = 0
                else:
                    raise api.Uncovered("rule `pass_run`: what a wrong accusation does to a run of passes", "pass_run")
                seat = next_active(seat, dstep)
                continue
            placed = False
            if can_place:
                p = room[0][0]
                best = rng.choice([e for q, e in room if q == p])
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
                    if len(stack) >= capacity:
                        full.add(best)
                    stock[seat][value] -= 1
                    placed = True
            if placed:
                run = 0
                news = True
            else:
                if not rule("pass")["may_place_later"]:
                    raise api.Uncovered("rule `pass`: a student who passed and may not place again", "pass")
                run += 1
            seat = next_active(seat, dstep)
        else:
            _want(rule, "round_end", "when", "everyone_passes_in_a_row")
            if not news:
                _want(rule, "stalemate", "ends", "round_without_news")
                ending = ("stalemate", None, None, None)
                break
            asker = next_active(asker, step)
            continue

    # ---- the end
    end, accuser, accusation, missing = ending
    tokens = [(s, el, v) for el, stack in fields.items() for s, v, _ in stack]
    result = Ending(hands, d.hidden, tokens, suspicions, accuser, accusation, missing, frozenset(expelled))
    if end == "last_student":
        (last,) = active()
        return api.Played(length=turns, end=end, winners=(last,), rounds=rounds), result
    _want(rule, "token_scores", "points", "face_value")
    _want(rule, "token_scores", "where", "true_elements")
    bonuses = {k: int(v) for k, v in rule("scoring").items()}
    _want(rule, "all_blue_bonus", "to", "asker")
    once = rule("all_blue_bonus").get("per_student", "every_time")
    if once not in ("once", "every_time"):
        raise api.Uncovered("rule `all_blue_bonus`: how often a student scores the all-blue bonus", "all_blue_bonus")
    if n == 3:
        put_away = rule("put_away_card")
        _want(rule, "put_away_card", "tokens_score", False)
    stays = rule("expelled_tokens")
    if not stays["stay"]:
        tokens = [t for t in tokens if t[0] not in expelled]
        result.tokens = tokens
    eb = rule("element_bonus")
    if eb["doubled_category"] not in ("either", "both") or eb["missing_category"] not in ("not_needed", "needed"):
        raise api.Uncovered("rule `element_bonus`: what a token on every true element asks for", "element_bonus")
    extra = (d.hidden,) if n == 3 and eb["missing_category"] == "needed" and d.hidden else ()
    groups = logic.bonus_groups(hands, els, eb["doubled_category"], extra)
    points = logic.play_score(tokens, hands, suspicions, accuser, accusation, missing, els,
                              bonuses, all_blue_need, accuse_need, groups, once == "once")
    points = {s: points.get(s, 0) for s in range(n)}
    result.points = points
    _want(rule, "winner", "most", "points")
    eligible = [s for s in range(n) if s not in expelled or stays["can_win"]]
    top = max(points[s] for s in eligible)
    best = tuple(s for s in eligible if points[s] == top)
    tie = len(best) > 1
    if tie:
        _want(rule, "score_tie", "winners", "shared")
    if n == 3 and put_away["revealed"] != "game_end":
        raise api.Uncovered("rule `put_away_card`: when the card put away is shown", "put_away_card")
    return api.Played(length=turns, end=end, winners=best, rounds=rounds, tie=tie), result


LABELS = {'en': {'accusation': 'an accusation', 'last_student': 'last student standing', 'stalemate': 'a round with no news',
        'standard': 'standard'},
 'zh-TW': {'accusation': '指控', 'last_student': '只剩一位學生', 'stalemate': '一回合沒有新消息', 'standard': '標準'}}


def labels(game) -> dict:
    """The names `pnp report` shows for this simulator's ends, roles and modes, per language."""
    out = api.deck_names(game, "clues")
    for lang, words in LABELS.items():
        out.setdefault(lang, {}).update(words)
    return out
