"""Doomsday Files played by its rules.yaml entries (`pnp simulate doomsday-files`).

One complete game with simple bots, by exactly the entries: every rule is read through `api.rule`,
so a rule the edition lacks is a state no rule covers (`api.Uncovered`), and an entry whose value this
model cannot play says so, naming the entry. Cases are resolved, claims judged and wins decided by the
game's own logic (logic.py: `resolve`, `lose_sanity`, `sanity_zero`, `guardian_claim`, `end_of_turn`,
`apostate_wins`, `seeker_wins`, `spectator_wins`, `deal_secrets`), the functions the checks use.

The bots: they resolve a case when they hold three cards or more (or the case limit), show matching
cards first and forbidden ones last, play a resolving card when the hand falls short, pass a random card
from hand or the deck's top either way round, take a passed case more readily the fewer they hold, and
claim as guardians when their own solved mysteries (and the allies they know) reach the target, or
late in the game on a guess. The heretic plays the cards that raise doom. Professions are modelled
for what the rules say of them (drawing, covering, the sanity limit of lasting abilities); their own
abilities and the action cards that only look, trade or redirect cases are not played.
"""
from __future__ import annotations

import math

from pnp.rules import api
from pnp.games.doomsday_files import logic as L

MAX_TURNS = 2000                       # a game still going after this many turns is reported, not cut
TURN_EFFECTS = {"clippings": 2, "folio": 3, "archive": 1}     # cards drawn by the drawing effects
PLAYED = {*TURN_EFFECTS, "sedative", "support", "banishing", "summoning", "coldcase", "handover", "abyss", "pact"}
BONUS = {"shotgun": ("monster", 2), "lens": ("mystery", 2), "flashlight": (None, 1)}
_DECKS: dict = {}


def configs(game):
    """Every player count the game supports (one mode)."""
    try:
        p = api.rule(game, "players")
        counts = range(int(p["min"]), int(p["max"]) + 1)
    except (api.Uncovered, KeyError, TypeError, ValueError):
        counts = L.PLAYERS                # simulate() then reports the missing `players` rule
    return [("standard", n) for n in counts]


class _Rules:
    """The entries one game reads, each looked up once (a missing one raises Uncovered when needed)."""

    def __init__(self, game):
        self.game, self.seen, self.ok, self.done = game, {}, {}, set()

    def __call__(self, name):
        got = self.seen.get(name)
        if got is None:
            got = self.seen[name] = api.rule(self.game, name)
        return got

    def want(self, name, key, *known):
        """The value of `name.key`, which must be one this model plays."""
        value = self.ok.get((name, key, known), self)
        if value is self:
            value = self(name).get(key)
            if value not in known:
                raise api.Uncovered(f"rule `{name}`: `{key}` is {value!r}, which this model cannot play "
                                    f"(it plays {', '.join(map(repr, known))})", name)
            self.ok[(name, key, known)] = value
        return value

    def num(self, name, key):
        """The number `name.key`."""
        value = self.ok.get((name, key))
        if value is None:
            value = self(name).get(key)
            if not isinstance(value, int) or isinstance(value, bool):
                raise api.Uncovered(f"rule `{name}` has no number `{key}` (it has {value!r})", name)
            self.ok[(name, key)] = value
        return value


def _deck(game):
    """The action deck as (effects, Card, Case) per physical card, read once per loaded game."""
    got = _DECKS.get(id(game))
    if got is None or got[0] is not game:
        from pnp.games.doomsday_files.checks import action_cards
        cards = action_cards(game)
        profs = [it.get("sanity", 0) or 0 for it in game.components["professions"].items
                 for _ in range(it.copies)] if "professions" in game.components else []
        got = _DECKS[id(game)] = (game, [it.get("effect") for it, _c, _k in cards],
                                  [c for _i, c, _k in cards], [k for _i, _c, k in cards], profs, _Rules(game))
    return got[1:]


class _End(Exception):
    def __init__(self, end, winners):
        super().__init__(end)
        self.end, self.winners = end, winners


def simulate(game, players, mode, rng):
    return play(game, players, mode, rng)[0]


def play(game, players, mode, rng):
    """(Played, the final state): one complete game, and the table as it ended (for tests that hold
    the simulated end to the rules functions)."""
    effects, CARD, CASE, profs, R = _deck(game)       # the entries are read once per loaded game
    if not R.num("players", "min") <= players <= R.num("players", "max"):
        raise api.Uncovered(f"rule `players` does not allow {players} players", "players")
    power = R.num("forbidden_symbols", "power")
    CARD = [L.Card(c.symbol, power, True) if c.forbidden else c for c in CARD]
    g = _Game(R, players, rng, effects, CARD, CASE, profs)
    try:
        g.setup()
        while True:
            g.turn()
    except _End as e:
        return api.Played(length=g.turns, end=e.end, winners=tuple(sorted(e.winners)),
                          roles=dict(enumerate(g.roles)), rounds=math.ceil(g.turns / players),
                          deck_out=g.deck_out, tie=False), g


class _Game:
    def __init__(self, R, n, rng, effects, CARD, CASE, profs):
        self.R, self.n, self.rng, self.eff, self.CARD, self.CASE, self.profs = R, n, rng, effects, CARD, CASE, profs
        self.turns, self.deck_out, self.doom = 0, False, 0
        self.cnt = {kind: [card.counts(kind) for card in CARD] for kind in L.CASES}   # what each card adds

    # ---- setup ---------------------------------------------------------------------------------
    def setup(self):
        R, n, rng = self.R, self.n, self.rng
        R.want("secrets_deal", "rest", "random_others")
        if n <= 5:
            guardians = R.num("secrets_deal", "guardians_four_five")
        elif n == 6:
            guardians = R.num("secrets_at_six", "guardians")
        else:
            guardians = R.num("secrets_deal", "guardians_seven_eight")
        self.roles = L.deal_secrets(n, rng, guardians, R.num("secrets_deal", "heretics"))
        # professions: draw, keep one, the other to the discarded professions
        self.ppile = list(range(len(self.profs)))
        rng.shuffle(self.ppile)
        self.pdiscard = []
        pc = R("profession_choice")
        R.want("profession_choice", "keep", 1)
        self.top, self.covered = [], [[] for _ in range(n)]
        for _ in range(n):
            drawn = self._draw_professions(R.num("profession_choice", "draw"))
            if not drawn:
                raise api.Uncovered("the profession pile ran out at setup", "profession_choice")
            keep = drawn.pop(rng.randrange(len(drawn)))
            self.top.append(keep)
            self._discard_professions(drawn)
        del pc
        # the action deck: deal, one case to each neighbour, the rest the hand
        self.deck = list(range(len(self.CARD)))
        rng.shuffle(self.deck)
        self.discards, self.hands = [], [[] for _ in range(n)]
        self.cases, self.solved = [[] for _ in range(n)], [[] for _ in range(n)]
        deal = R.num("deal_actions", "deal")
        left, right = R.num("deal_actions", "case_left"), R.num("deal_actions", "case_right")
        step = self._left()
        for p in range(n):
            cards = [self._draw() for _ in range(deal)]
            cards = [c for c in cards if c is not None]
            rng.shuffle(cards)
            for _ in range(left):
                self.cases[(p + step) % n].append(cards.pop())
            for _ in range(right):
                self.cases[(p - step) % n].append(cards.pop())
            self.hands[p] = cards
        R.want("sanity_start", "above_limit", False)
        if R.num("sanity_start", "sanity") != R.num("sanity_start", "limit"):
            raise api.Uncovered("rule `sanity_start`: sanity and its limit start apart, which this model "
                                "cannot play", "sanity_start")
        self.base = R.num("sanity_start", "limit")
        self.limits = [None] * n
        self.sanity = [R.num("sanity_start", "sanity")] * n
        self.zero = [False] * n
        self.doom = R.num("doom_start", "doom")
        self.known = [dict() for _ in range(n)]       # seat → role a player has learned
        # the rules every turn plays, read once
        self.draw_n = R.num("draw_phase", "cards")
        self.case_limit = R.num("take_case", "limit")
        self.cost = R.num("forbidden_shown", "sanity")
        self.doom_max = R.num("heretic_win", "doom")
        self.step = self._left()
        self.ends = (R.num("end_phase", "hand_limit"), R.num("end_phase", "case_penalty"), R.num("end_phase", "at_cases"))
        self.outcomes = (R.num("monster", "success_draw"), R.num("mystery", "failure_doom"))
        R.want("first_player", "choose", "random")
        self.seat = rng.randrange(n)

    def _left(self):
        return 1 if self.R.want("turn_order", "next", "left", "right") == "left" else -1

    # ---- cards ---------------------------------------------------------------------------------
    def _draw(self):
        if not self.deck:
            self.deck_out = True
            self.R.want("empty_deck", "then", "reshuffle_discards")
            if self.discards:
                self.deck, self.discards = self.discards, []
                self.rng.shuffle(self.deck)
            if not self.deck:
                self.R.want("empty_deck", "none_left", "skip_draw")
                return None
        return self.deck.pop()

    def _draw_into(self, p, k):
        hand = self.hands[p]
        for _ in range(k):
            c = self._draw()
            if c is not None:
                hand.append(c)

    def _discard(self, cards):
        if not hasattr(self, "_pile"):
            self._pile = self.R.want("discard_pile", "pile", "shared")
        self.discards.extend(cards)

    def _draw_professions(self, k):
        if len(self.ppile) < k:
            R = self.R
            R.want("profession_pile_empty", "then", "reshuffle_discards")
            fresh = self.pdiscard
            self.pdiscard = []
            self.rng.shuffle(fresh)
            self.ppile = fresh + self.ppile
            if not self.ppile:
                R.want("profession_pile_empty", "none_left", "keep_current")
                return []
        out = self.ppile[-k:]
        del self.ppile[-k:]
        return out

    def _discard_professions(self, cards):
        self.R.want("profession_discard", "unkept", "profession_discards")
        self.pdiscard.extend(cards)

    # ---- sanity and doom -----------------------------------------------------------------------
    def limit(self, p):
        got = self.limits[p]
        if got is None:
            works = self.R.want("lasting_ability", "works", "once_covered", "at_once")
            bands = [self.profs[c] for c in self.covered[p]]
            if works == "at_once":
                bands.append(self.profs[self.top[p]])
            got = self.limits[p] = L.sanity_limit(bands, self.base)
        return got

    def raise_doom(self, k):
        self.doom = max(0, self.doom + k)
        if L.heretic_wins(self.doom, self.doom_max):
            self.R.want("heretic_win", "when", "at_once")
            raise _End("doom", [p for p, r in enumerate(self.roles) if r == "heretic"])

    def hurt(self, p, loss):
        """`p` loses `loss` sanity (a lucky charm or covering fire in hand softens it)."""
        if self.zero[p] or loss <= 0:
            return
        hand = self.hands[p]
        for effect, less in (("cover", 2), ("charm", 1)):
            if loss > 0:
                for c in hand:
                    if self.eff[c] == effect:
                        hand.remove(c)
                        self._discard([c])
                        loss -= less
                        break
        self.sanity[p], hit = L.lose_sanity(self.sanity[p], loss)
        if hit:
            self.sanity_zero(p)

    def sanity_zero(self, p):
        R = self.R
        R.want("sanity_zero", "discards", "open_cases")
        open_cases = self.cases[p]
        sz = L.sanity_zero(len(open_cases), p == self.seat, self.passed if p == self.seat else False,
                           R.num("sanity_zero", "doom"), R.num("sanity_zero", "per_discarded_case"))
        self.zero[p] = True
        self.cases[p] = []
        self._discard(open_cases)
        if p == self.seat:
            R.want("sanity_zero", "own_turn", "pass_only")
            self.pass_only = True
            self.zeroed = True
        self.raise_doom(sz.doom)

    def show_forbidden(self, p):
        self.R.want("forbidden_shown", "who", "holder")
        self.hurt(p, self.cost)

    def recover(self, p):
        R = self.R
        R.want("recovery", "keep", 1)
        R.want("recovery", "cover_old", True)
        drawn = self._draw_professions(R.num("recovery", "professions"))
        if drawn:
            keep = drawn.pop(self.rng.randrange(len(drawn)))
            self.covered[p].append(self.top[p])
            self.top[p] = keep
            self.limits[p] = None
            self._discard_professions(drawn)
        R.want("recovery", "sanity", "limit")
        self.zero[p] = False
        self.sanity[p] = self.limit(p)

    # ---- a turn --------------------------------------------------------------------------------
    def turn(self):
        R, s = self.R, self.seat
        self.turns += 1
        if self.turns > MAX_TURNS:
            raise api.Uncovered(f"a game went on for {MAX_TURNS} turns: no rule brought it to an end")
        self.passed = self.pass_only = self.zeroed = False
        if self.zero[s]:
            self.recover(s)
        self._draw_into(s, self.draw_n)
        self.play_turn_cards(s)
        self.resolve_phase(s)
        if not self.passed:
            self.pass_case(s)
        if not self.pass_only:
            self.claim(s)
        if self.zeroed:
            R.want("sanity_zero_end_phase", "end_phase", "played")
        self.end_phase(s)
        self.seat = (s + self.step) % self.n

    def play_turn_cards(self, s):
        if self.pass_only:
            return
        role, hand = self.roles[s], self.hands[s]
        for c in [c for c in hand if self.eff[c] in PLAYED]:
            if self.pass_only or c not in hand:
                continue
            e, forb = self.eff[c], self.CARD[c].forbidden
            if forb and (self.sanity[s] <= self.cost or role == "seeker"):
                continue                       # a bot never plays a forbidden card that would empty it
            limit = self.limit(s)
            if e in TURN_EFFECTS:
                act = lambda: self._draw_into(s, TURN_EFFECTS[e])                          # noqa: E731
            elif e == "sedative" and self.sanity[s] <= limit - 2:
                act = lambda: self._heal(s, 2)                                             # noqa: E731
            elif e == "support" and self.sanity[s] < limit:
                act = lambda: [self._heal(p, 1) for p in range(self.n) if self.sanity[p] > 0]   # noqa: E731
            elif e == "banishing" and role != "heretic" and self.doom >= 2:
                act = lambda: setattr(self, "doom", max(0, self.doom - 2))                 # noqa: E731
            elif e == "summoning" and role == "heretic":
                act = lambda: self._summon(s)                                              # noqa: E731
            elif e == "coldcase" and self.cases[s] and (role == "heretic" or len(self.cases[s]) >= self._case_limit()):
                act = lambda: self._cold_case(s)                                           # noqa: E731
            elif e == "handover" and len(self.cases[s]) >= self._case_limit():
                act = lambda: self._handover(s)                                            # noqa: E731
            elif e == "abyss" and role != "heretic" and any(self.cases[p] for p in range(self.n) if p != s):
                act = lambda: self._abyss(s)                                               # noqa: E731
            elif e == "pact" and role == "guardian":
                act = lambda: self._pact(s)                                                # noqa: E731
            else:
                continue
            hand.remove(c)
            self._discard([c])
            if forb:
                self.show_forbidden(s)
                if self.zero[s]:
                    continue
            act()

    def _heal(self, p, k):
        if self.sanity[p] > 0:
            self.sanity[p] = min(self.limit(p), self.sanity[p] + k)

    def _summon(self, s):
        self.raise_doom(1)
        for p in range(self.n):
            if p != s:
                self.hurt(p, 1)

    def _cold_case(self, s):
        c = self.cases[s].pop(self.rng.randrange(len(self.cases[s])))
        self._discard([c])
        self.raise_doom(1)

    def _case_limit(self):
        return self.case_limit

    def _may_receive(self, p):
        """Whether a card or ability may put a case in front of `p` (rules.yaml `case_limit_moves`)."""
        if self.R.want("case_limit_moves", "applies", "every_move", "taking_only") == "every_move":
            return len(self.cases[p]) < self._case_limit()
        return True

    def _handover(self, s):
        limit = self._case_limit()
        step = self._left()
        for p in ((s + step) % self.n, (s - step) % self.n):
            if not self.zero[p] and len(self.cases[p]) < limit:       # the card's own text: fewer than the limit
                self.cases[p].append(self.cases[s].pop(self.rng.randrange(len(self.cases[s]))))
                return

    def _abyss(self, s):
        others = [p for p in range(self.n) if p != s and self.cases[p] and not self.zero[p]]
        if not others:
            return
        p = max(others, key=lambda q: len(self.cases[q]))
        mysteries = [c for c in self.cases[p] if self.CASE[c].kind == "mystery"]
        if mysteries and self._may_receive(s):
            c = min(mysteries, key=lambda k: self.CASE[k].difficulty)
            self.cases[p].remove(c)
            self.cases[s].append(c)

    def _pact(self, s):
        others = [p for p in range(self.n) if p != s and not self.zero[p]]
        if others:
            p = self.rng.choice(others)
            self.known[s][p] = self.roles[p]

    # ---- resolving -----------------------------------------------------------------------------
    def resolve_phase(self, s):
        R = self.R
        R.want("resolve_cases", "per_turn", "unlimited")
        limit = self._case_limit()
        while self.cases[s] and not self.pass_only:
            if len(self.hands[s]) < 3 and len(self.cases[s]) < limit:
                break
            c = self.cases[s].pop(self.rng.randrange(len(self.cases[s])))
            if self.resolve_one(s, c) and R.want("resolve_cases", "after_solving", "stop", "go_on") == "stop":
                break

    def resolve_one(self, s, c):
        """Turn case `c` up and resolve it; True when a mystery was solved."""
        R, case, hand, CARD = self.R, self.CASE[c], self.hands[s], self.CARD
        if "resolving" not in R.done:
            R.want("resolve_showing", "order", "holder_chooses")
            R.want("resolve_showing", "until", "success_or_hand_shown")
            R.want("resolve_showing", "hold_back", False)
            R.want("symbols", "gun", "force")
            R.want("symbols", "magnifier", "investigate")
            R.want("symbols", "star", "either")
            R.want("case_corner", "exclaim", "monster")
            R.want("case_corner", "question", "mystery")
            R.want("shown_cards", "return_to", "hand")
            R.want("monster", "failure_sanity", "difficulty_minus_force")
            R.want("mystery", "success", "keep_solved")
            R.done.add("resolving")
        kind, need = case.kind, case.difficulty
        cnt = self.cnt[kind]
        have = sum(cnt[h] for h in hand)
        bonus, guard = 0, None
        # resolving cards, played once the case is turned up, while the hand falls short
        for h in [h for h in hand if self.eff[h] in BONUS and BONUS[self.eff[h]][0] in (None, kind)]:
            if have + bonus >= need:
                break
            rc = R("resolve_cards")
            R.want("resolve_cards", "played", "after_turn_up")
            own = R.want("resolve_cards", "own_symbol", False, True)
            hand.remove(h)
            self._discard([h])
            have -= cnt[h]
            bonus += BONUS[self.eff[h]][1] + (cnt[h] if own else 0)
            if self.eff[h] == "flashlight":
                self._draw_into(s, 1)
                have = sum(cnt[x] for x in hand)
            del rc
        if have + bonus < need:
            for h in hand:
                if self.eff[h] == ("escape" if kind == "monster" else "notebook"):
                    R.want("resolve_cards", "played", "after_turn_up")
                    guard = h
                    hand.remove(h)
                    self._discard([h])
                    break
        order = sorted(hand, key=lambda h: (cnt[h] == 0, CARD[h].forbidden))
        res = L.resolve(case, [CARD[h] for h in order], bonus, self.cost, *self.outcomes)
        lost = res.sanity_lost
        if kind == "monster":
            if not res.success and guard is not None:
                failed = need - res.total
                lost = lost - failed + min(1, failed)
            self._discard([c])
            self.hurt(s, lost)
            if res.success and not self.zero[s]:
                self._draw_into(s, res.draw)
            return False
        if not res.success:
            self._discard([c])
            self.hurt(s, lost)
            if guard is None:
                self.raise_doom(res.doom)
            return False
        self.solved[s].append(c)
        self.hurt(s, lost)
        if self.roles[s] == "apostate":
            R.want("apostate_win", "counts", "own_solved")
            if L.apostate_wins(self._solved(s), R.num("apostate_target", "difficulty")):
                R.want("apostate_win", "when", "at_once")
                self.win("apostate", [s])
        return True

    def _solved(self, p):
        return sum(self.CASE[c].difficulty for c in self.solved[p])

    # ---- passing -------------------------------------------------------------------------------
    def pass_case(self, s):
        R, rng, hand, n = self.R, self.rng, self.hands[s], self.n
        if "passing" not in R.done:
            R.want("pass_case", "from", "hand_or_deck_top")
            R.want("pass_case", "direction", "either")
            if R.num("pass_case", "per_turn") != 1 or R("pass_case").get("required") is not True:
                raise api.Uncovered("rule `pass_case`: this model plays one required pass a turn", "pass_case")
            R.want("take_case", "may_refuse", True)
            R.want("take_case", "at_zero_sanity", False)
            R.done.add("passing")
        card = None
        if hand and (rng.random() < 0.5 or (self.roles[s] == "seeker" and len(hand) > 2)):
            pick = [h for h in hand if not (self.roles[s] == "seeker" and self.CARD[h].forbidden)] or hand
            if self.roles[s] == "heretic":
                card = max(pick, key=lambda h: self.CASE[h].difficulty)
            else:
                card = pick[rng.randrange(len(pick))]
            hand.remove(card)
        else:
            card = self._draw()
            if card is None and hand:
                card = hand.pop(rng.randrange(len(hand)))
        self.passed = True
        if card is None:
            R.want("no_case_to_pass", "then", "skip")
            return
        step = rng.choice((1, -1))
        limit = self.case_limit
        for k in range(1, n):
            p = (s + step * k) % n
            if self.zero[p] or len(self.cases[p]) >= limit:
                continue
            if rng.random() < (0.7, 0.45, 0.2, 0.1, 0.05)[min(4, len(self.cases[p]))]:
                self.cases[p].append(card)
                return
        R.want("untaken_case", "then", "discard")
        self._discard([card])
        self.raise_doom(R.num("untaken_case", "doom"))

    # ---- claims and the end --------------------------------------------------------------------
    def claim(self, s):
        if self.roles[s] != "guardian":
            return
        R = self.R
        R.want("claim_victory", "who", "guardian_or_apostate")
        if R.num("claim_victory", "per_turn") < 1:
            return
        target = R.num("guardian_target", "difficulty")
        own = self._solved(s)
        known = [p for p, r in self.known[s].items() if r == "guardian"]
        allies = None
        if own >= target:
            allies = []
        elif own + sum(self._solved(p) for p in known) >= target:
            allies = known
        elif self.doom >= 8 and self.rng.random() < 0.25:
            cand = [p for p in range(self.n) if p != s and self.known[s].get(p, "guardian") == "guardian"
                    and self.solved[p]]
            self.rng.shuffle(cand)
            cand.sort(key=self._solved, reverse=True)
            total, allies = own, []
            for p in cand:
                if total >= target:
                    break
                allies.append(p)
                total += self._solved(p)
            if total < target:
                allies = None
        if allies is None:
            return
        R.want("guardian_claim", "allies", "every_named_is_guardian")
        R.want("guardian_claim", "failure_doom", "half_left_rounded_up")
        won, doom = L.guardian_claim(self.doom, own, [(self.roles[p], self._solved(p)) for p in allies],
                                     target, self.doom_max)
        if won:
            R.want("guardian_claim", "winners", "every_guardian")
            self.win("guardians", [p for p, r in enumerate(self.roles) if r == "guardian"])
        R.want("guardian_claim", "wrong_ally_reveals", False)
        for p in allies:
            if self.roles[p] != "guardian":
                self.known[s][p] = "not guardian"
        self.raise_doom(doom - self.doom)

    def end_phase(self, s):
        R, hand = self.R, self.hands[s]
        lost, extra = L.end_of_turn(len(self.cases[s]), len(hand), *self.ends)
        if extra:
            keep_forbidden = self.roles[s] == "seeker"
            order = sorted(hand, key=lambda h: (keep_forbidden and self.CARD[h].forbidden, self.rng.random()))
            out = order[:extra]
            for h in out:
                hand.remove(h)
            self._discard(out)
        self.hurt(s, lost)
        if self.roles[s] == "seeker":
            R.want("seeker_win", "when", "end_of_turn_after_discard")
            if L.seeker_wins(sum(self.CARD[h].forbidden for h in hand), len(self.solved[s]),
                             R.num("seeker_goal", "forbidden"), R.num("seeker_goal", "mysteries")):
                self.win("seeker", [s])

    def win(self, end, winners):
        """Someone other than the heretic ends the game: the doomsayer, cursed blood and ignorant are
        checked now and share it when their goal holds."""
        R = self.R
        R.want("spectator_win", "when", "another_wins_but_heretic")
        R.want("spectator_win", "ends_game", False)
        goals = R("spectator_goals")
        winners = list(winners)
        for p, role in enumerate(self.roles):
            if role in ("doomsayer", "cursed", "ignorant") and L.spectator_wins(
                    role, self.doom, len(self.covered[p]), len(self.solved[p]),
                    R.num("spectator_goals", "doomsayer_doom"), R.num("spectator_goals", "cursed_covered"),
                    R.num("spectator_goals", "ignorant_solved")):
                winners.append(p)
        del goals
        raise _End(end, winners)
