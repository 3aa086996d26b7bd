"""Lady Alice played by its rule entries (content/lady-alice/rules.yaml), for `pnp simulate`.

Every rule the game applies is read through `api.rule(game, name)`, so an entry removed from rules.yaml
is a state no rule covers, named. The verdicts, the covering after all red, the all-blue bonus, the
accusation and the scoring are the plug-in's own rules functions (`logic`), the ones `pnp check` uses,
fed with the entries' parameters.

The bots deduce: each keeps the cases still possible given its own card, the Holmes cards and every
blue count shown so far (with 5 students, where one category has two true elements, a count may be one
more than a case's matches), suspects one of them, bets on the elements most often true among them and
accuses when one case is left (sometimes, with two or three left, it gambles).

This module deals, plays the rounds and scores the end; the parts it plays with: entries.py (the
rules.yaml entries, read as play reaches them), bots.py (the bots and the cases they think of), desk.py
(Holmes's desk: the tokens on its fields and the Holmes cards that cover them).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from itertools import product

from pnp.games.lady_alice import logic
from pnp.games.lady_alice.bots import Bot, space_for
from pnp.games.lady_alice.desk import Desk
from pnp.games.lady_alice.entries import Rules, Table
from pnp.rules import api

TURN_GUARD = 5000         # a bot that never ends a game is a bug of the bots, not a state of the rules


def configs(game):
    p = api.rule(game, "players")
    return [("standard", n) for n in range(int(p["min"]), int(p["max"]) + 1)]


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


def _deal(rule, n, rng, els):
    """The case drawn and the cards dealt (rules `case`, `deal_three`, `deal_five`): a logic.Deal."""
    rule.want("case", "per_category", 1)
    rule.want("case", "dealt", "one_each")
    plan = {"hidden": int(rule("deal_three")["put_away"]) if n == 3 else 0,
            "extra": int(rule("deal_five")["added"]) if n == 5 else 0}
    if n == 5:
        rule.want("deal_five", "from", "rest")
    if logic.DRAWN - plan["hidden"] + plan["extra"] != n:
        raise api.Uncovered(f"the deal gives {logic.DRAWN - plan['hidden'] + plan['extra']} cards to {n} students "
                            f"(rules `deal_three`, `deal_five`)", "deal_three" if n == 3 else "deal_five")
    return logic.deal(n, rng, els, plan)


class _Game:
    """The rounds of one game (a suspicion, then deduction turns until everyone still in passes in a row),
    until a right accusation, the last student standing or a round with no news; then its score."""

    def __init__(self, rule, table, rng, els, cats, idx, hands, desk):
        self.rule, self.table, self.rng, self.n = rule, table, rng, len(hands)
        self.els, self.cats, self.idx, self.hands, self.desk = els, cats, idx, hands, desk
        self.space = space_for(tuple(len(c) for c in cats))
        self.bots = [Bot(s, hands[s], self.n, self.space, idx, rng) for s in range(self.n)]
        self.history, self.suspicions = [], []    # history: (who made it, combination), accusations too
        self.partial = []                         # (who, three elements) of blanked accusations that bar (`blanked_accusation: same_three`)
        self.expelled: set = set()
        self.turns = self.rounds = 0
        self.ending = None                # (how it ended, the accuser, the accusation, the missing category)

    def active(self):
        return [s for s in range(self.n) if s not in self.expelled]

    def next_active(self, seat, direction):
        for k in range(1, self.n + 1):
            s = (seat + direction * k) % self.n
            if s not in self.expelled:
                return s
        return seat

    def to_ids(self, t):
        out = {}
        for j, e in enumerate(t):
            c = logic.CATEGORIES[j]
            out[c] = self.cats[j][e if e >= 0 else self.rng.randrange(len(self.cats[j]))]
        return out

    def as_idx(self, s):
        return tuple(self.idx[s[c]][1] if c in s else self.space.none for c in logic.CATEGORIES)

    def legal(self, s, seat):
        """May `seat` make suspicion `s`? Rule `suspicion_limits`: no combination someone else made
        (`by_others`, the original's), or none made at all (`forbidden`), or any (`allowed`); no covered element."""
        limits = self.table.limits
        repeat = limits["exact_repeat"]
        if repeat == "by_others":
            hist = [h for who, h in self.history if who != seat]
        elif repeat == "forbidden":
            hist = [h for _, h in self.history]
        elif repeat == "allowed":
            hist = ()
        else:
            raise api.Uncovered(f"rule `suspicion_limits`: `exact_repeat: {repeat}` is not playable", "suspicion_limits")
        if any(who != seat and all(s.get(c) == e for c, e in h.items()) for who, h in self.partial):
            return False
        cov = self.desk.covered if limits["covered_element"] == "forbidden" else ()
        return logic.suspicion_legal(s, hist, cov, self.els)[0]

    def choose_suspicion(self, bot):
        seat = bot.seat
        for _ in range(12):
            s = self.to_ids(bot.pick()) if bot.cands else None
            if s is not None and self.legal(s, seat):
                return s
        for _ in range(60):
            s = {c: self.rng.choice(self.els[c]) for c in logic.CATEGORIES}
            if self.legal(s, seat):
                return s
        for combo in product(*self.cats):
            s = dict(zip(logic.CATEGORIES, combo))
            if self.legal(s, seat):
                return s
        return None

    def shown(self, s, blue):
        mask = self.space.matching(self.as_idx(s), blue, relaxed=self.n == 5)
        for b in self.bots:
            b.learn(mask)

    # ---- the rounds -----------------------------------------------------------------------------------
    def run(self):
        asker = 0
        while True:
            self.rounds += 1
            if self.turns > TURN_GUARD:
                raise RuntimeError(f"Lady Alice bots played {self.turns} turns without an end (a bug of the bots)")
            news = self.suspicion(asker)
            news = self.deduction(asker) or news
            if self.ending is not None:
                return
            self.rule.want("round_end", "when", "everyone_passes_in_a_row")
            if not news:
                self.rule.want("stalemate", "ends", "round_without_news")
                self.ending = ("stalemate", None, None, None)
                return
            asker = self.next_active(asker, self.table.step)

    def suspicion(self, asker):
        """The asker's suspicion and its verdicts: whether there was one (a round with no suspicion and no
        token changes nothing). A student's own suspicion made again is still a suspicion (rule `stalemate`
        speaks of none at all)."""
        s = self.choose_suspicion(self.bots[asker])
        self.turns += 1
        if s is None:
            self.rule.want("no_legal_suspicion", "then", "skip_to_deduction")
            return False
        blue = logic.verdict_count(s, self.hands, self.els)
        self.history.append((asker, s))
        self.suspicions.append((asker, s))
        self.shown(s, blue)
        if blue == 0:
            self.desk.cover_red(self.rule, s, blue, self.bots)
        return True

    def deduction(self, asker):
        """Deduction turns from the asker's neighbour until everyone still in passes in a row, or the game
        ends: whether anyone placed a token or accused."""
        self.rule.want("deduction_turn", "choose", "place_pass_or_accuse")
        run, news = 0, False
        seat = self.next_active(asker, self.table.dstep)
        while run < len(self.active()):
            self.turns += 1
            if not self.turn(seat):
                run += 1
            elif self.ending is not None:
                return True
            else:
                run, news = 0, True
            seat = self.next_active(seat, self.table.dstep)
        return news

    def turn(self, seat):
        """The deduction turn of `seat`: accuse, place a token or pass. Whether it accused or placed."""
        bot = self.bots[seat]
        has_token = any(self.desk.stock[seat].values())
        room = [(p, e) for p, e in bot.ranked() if e not in self.desk.full] if has_token else ()
        if not room:
            self.rule.want("no_move", "may", "pass_or_accuse")
        claim = self.claim(bot, seat)
        if claim is not None:
            self.accuse(seat, *claim)
            return True
        if room and self.place(seat, room):
            return True
        if not self.rule("pass")["may_place_later"]:
            raise api.Uncovered("rule `pass`: a student who passed and may not place again", "pass")
        return False

    def claim(self, bot, seat):
        """The case the bot accuses now (its element indices, its ids), or None."""
        k = bot.count
        accuse = k == 1 or (k <= 3 and self.rng.random() < 0.12)
        if not (accuse and k):
            return None
        t = bot.pick()
        acc = self.to_ids(t)
        limits_acc = self.rule("accusation_limits")["names"]
        if limits_acc == "as_suspicion":
            if not self.legal(acc, seat):
                return None                       # the bot's answer breaks a suspicion's limits: no accusation
        elif limits_acc != "any":
            raise api.Uncovered(f"rule `accusation_limits`: `names: {limits_acc}` is not playable",
                                "accusation_limits")
        return t, acc

    def accuse(self, seat, t, acc):
        """The accusation `acc` (the case `t`) of `seat`: a right one ends the game, a wrong one expels the
        accuser."""
        rule = self.rule
        rule.want("accusation", "when", "deduction_turn")
        rule.want("accusation", "verdicts", "as_suspicion")
        missing = None
        if self.n == 3:
            if rule("accuse_three")["name_missing_category"]:
                missing = logic.CATEGORIES[t.index(-1)]
            rule.want("three_player_claim", "check", "three_verdicts")
            if missing is not None:
                rule.want("three_player_claim", "missing_section", "not_judged")
                del acc[missing]              # its section is not judged: nobody compares with it
        blue = logic.verdict_count(acc, self.hands, self.els)
        self.shown(acc, blue)
        if logic.accusation_succeeds(acc, self.hands, missing, self.els, self.table.accuse_need):
            rule.want("right_accusation", "ends_game", True)
            self.ending = ("accusation", seat, acc, missing)
            return
        av = rule("accusation_verdicts")
        whole = len(acc) == len(logic.CATEGORIES)     # with 3 students one section is not judged
        if av["combination"] == "counts_as_made":
            if whole:
                self.history.append((seat, acc))
            else:                       # rule `blanked_accusation`: a 3-student accusation with its blank section
                bars = rule("blanked_accusation")["bars"]
                if bars == "same_three":
                    self.partial.append((seat, acc))
                elif bars != "nothing":
                    raise api.Uncovered(f"rule `blanked_accusation`: `bars: {bars}` is not playable",
                                        "blanked_accusation")
        elif av["combination"] != "free":
            raise api.Uncovered("rule `accusation_verdicts`: what a wrong accusation's combination counts as",
                                "accusation_verdicts")
        if blue == 0:
            if av["all_red"] == "covers":       # with 3 students the three named: wrong, or the missing one's
                self.desk.cover_red(rule, acc, blue, self.bots)
            elif av["all_red"] != "nothing":
                raise api.Uncovered("rule `accusation_verdicts`: what an all-red accusation covers",
                                    "accusation_verdicts")
        w = rule("wrong_accusation")
        if w["accuser"] != "expelled":
            raise api.Uncovered(f"rule `wrong_accusation`: `accuser: {w['accuser']}` is not playable", "wrong_accusation")
        self.expelled.add(seat)
        if len(self.active()) == 1:
            rule.want("last_student", "wins", "at_once")
            self.ending = ("last_student", None, None, None)
            return
        if rule("pass_run")["after_accusation"] != "restarts":
            raise api.Uncovered("rule `pass_run`: what a wrong accusation does to a run of passes", "pass_run")

    def place(self, seat, room):
        """The bot bets on the likeliest field with room (or bluffs, or holds back): whether it placed."""
        rng = self.rng
        p = room[0][0]
        best = rng.choice([e for q, e in room if q == p])
        mine = [v for v, c in self.desk.stock[seat].items() if c]
        value = None
        if p >= 0.5 and rng.random() < 0.8:
            value = max(mine)
        elif p >= 0.25 and rng.random() < 0.5:
            value = min(mine, key=lambda v: abs(v - 1))
        elif rng.random() < 0.1:
            value = min(mine)                 # a bluff
        if value is None:
            return False
        self.desk.place(seat, value, best)
        return True

    # ---- the end --------------------------------------------------------------------------------------
    def finish(self, hidden):
        """(api.Played, Ending) of the game that has ended; `hidden`: the card put away (3 students)."""
        rule, n, expelled = self.rule, self.n, self.expelled
        end, accuser, accusation, missing = self.ending
        tokens = self.desk.tokens()
        result = Ending(self.hands, hidden, tokens, self.suspicions, accuser, accusation, missing, frozenset(expelled))
        if end == "last_student":
            (last,) = self.active()
            return api.Played(length=self.turns, end=end, winners=(last,), rounds=self.rounds), result
        rule.want("token_scores", "points", "face_value")
        rule.want("token_scores", "where", "true_elements")
        bonuses = {k: int(v) for k, v in rule("scoring").items()}
        rule.want("all_blue_bonus", "to", "asker")
        once = rule("all_blue_bonus").get("per_student", "every_time")
        if once not in ("once", "every_time"):
            raise api.Uncovered("rule `all_blue_bonus`: how often a student scores the all-blue bonus", "all_blue_bonus")
        if n == 3:
            put_away = rule("put_away_card")
            rule.want("put_away_card", "tokens_score", False)
        stays = rule("expelled_tokens")
        if not stays["stay"]:
            tokens = [t for t in tokens if t[0] not in expelled]
            result.tokens = tokens
        eb = rule("element_bonus")
        if eb["doubled_category"] not in ("either", "both") or eb["missing_category"] not in ("not_needed", "needed"):
            raise api.Uncovered("rule `element_bonus`: what a token on every true element asks for", "element_bonus")
        extra = (hidden,) if n == 3 and eb["missing_category"] == "needed" and hidden else ()
        groups = logic.bonus_groups(self.hands, self.els, eb["doubled_category"], extra)
        points = logic.play_score(tokens, self.hands, self.suspicions, accuser, accusation, missing, self.els,
                                  bonuses, self.table.all_blue_need, self.table.accuse_need, groups, once == "once")
        points = {s: points.get(s, 0) for s in range(n)}
        result.points = points
        rule.want("winner", "most", "points")
        eligible = [s for s in range(n) if s not in expelled or stays["can_win"]]
        top = max(points[s] for s in eligible)
        best = tuple(s for s in eligible if points[s] == top)
        tie = len(best) > 1
        if tie:
            rule.want("score_tie", "winners", "shared")
        if n == 3 and put_away["revealed"] != "game_end":
            raise api.Uncovered("rule `put_away_card`: when the card put away is shown", "put_away_card")
        return api.Played(length=self.turns, end=end, winners=best, rounds=self.rounds, tie=tie), result


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
    d = _deal(rule, n, rng, els)
    table = Table(rule, n)
    g = _Game(rule, table, rng, els, cats, idx, d.hands, Desk(game, table, n, els, cats, idx))
    g.run()
    return g.finish(d.hidden)


LABELS = {'en': {'accusation': 'an accusation', 'last_student': 'last student standing', 'stalemate': 'a round with no news',
        'standard': 'standard'},
 'zh-TW': {'accusation': '指控', 'last_student': '只剩一位學生', 'stalemate': '一回合沒有新消息', 'standard': '標準'}}


def labels(game) -> dict:
    """The names `pnp report` shows for this simulator's ends, roles and modes, per language."""
    out = api.deck_names(game, "clues")
    for lang, words in LABELS.items():
        out.setdefault(lang, {}).update(words)
    return out
