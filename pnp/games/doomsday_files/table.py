"""Doomsday Files, played: the table — the entries one game reads (`_Rules`), the action deck and the
professions read once per loaded game, and the state of one game (`Table`): the setup (secrets,
professions, the deal), drawing and discarding, sanity and doom, and recovering from zero sanity.

The action cards a turn plays are in turn_cards.py, resolving and passing cases in cases.py, the
claims and wins in wins.py; simulate.py puts them together into a game.
"""
from __future__ import annotations

from pnp.rules import api
from pnp.games.doomsday_files import logic as L

_DECKS: dict = {}


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


class Table:
    """One game's cards, hands, sanity and doom, set up by the rules; the turns are simulate._Game's."""

    def __init__(self, R, n, rng, effects, CARD, CASE, profs):
        self.R, self.n, self.rng, self.eff, self.CARD, self.CASE, self.profs = R, n, rng, effects, CARD, CASE, profs
        self.turns, self.deck_out, self.doom = 0, False, 0
        self.resolving, self.broke_off = None, False      # the case being resolved, and whether it stopped
        self.cnt = {kind: [card.counts(kind) for card in CARD] for kind in L.CASES}   # what each card adds

    # ---- setup ---------------------------------------------------------------------------------
    def setup(self):
        R, n, rng = self.R, self.n, self.rng
        R.want("secrets_deal", "rest", "random_others")
        R.want("spare_guardian", "dealt", "never")          # the others are drawn from the five non-guardians
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
        R.want("solved_mysteries", "face", "up")
        self.solved_count = R.want("solved_mysteries", "counts_as_case", False, True)
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

    def held(self, p):
        """The cases in front of `p` that the case limit and the end phase count (rules.yaml
        `solved_mysteries`: solved ones lie apart, face up, and count only if the entry says so)."""
        return len(self.cases[p]) + (len(self.solved[p]) if self.solved_count else 0)

    # ---- sanity and doom -----------------------------------------------------------------------
    def limit(self, p):
        got = self.limits[p]
        if got is None:
            works = self.R.want("lasting_ability", "works", "once_covered", "at_once")
            bands = [self.profs[c] for c in self.covered[p]]
            if works == "at_once":
                # the top profession is the starting one until the first recovery: `starting_heart`
                if not self.covered[p]:
                    self.R.want("starting_heart", "limit", "raised")
                bands.append(self.profs[self.top[p]])
            got = self.limits[p] = L.sanity_limit(bands, self.base)
        return got

    def raise_doom(self, k):
        self.doom = max(0, self.doom + k)
        if L.heretic_wins(self.doom, self.doom_max):
            self.R.want("heretic_win", "when", "at_once")
            raise _End("doom", [p for p, r in enumerate(self.roles) if r == "heretic"])

    def hurt(self, p, loss, cap=None):
        """`p` loses `loss` sanity (a lucky charm or covering fire in hand softens it; `cap` is an
        "at most" already played, such as an escape route), in the order `sanity_loss_order` gives."""
        if self.zero[p] or loss <= 0:
            return
        order = self.R.want("sanity_loss_order", "caps", "before_reductions", "after_reductions")
        if cap is not None and order == "before_reductions":
            loss = min(cap, loss)
        hand = self.hands[p]
        for effect, less in (("cover", 2), ("charm", 1)):
            if loss > 0:
                for c in hand:
                    if self.eff[c] == effect:
                        hand.remove(c)
                        self._discard([c])
                        loss -= less
                        break
        if cap is not None and order == "after_reductions":
            loss = min(cap, loss)
        self.sanity[p], hit = L.lose_sanity(self.sanity[p], loss)
        if hit:
            self.sanity_zero(p)

    def sanity_zero(self, p):
        R = self.R
        R.want("sanity_zero", "discards", "open_cases")
        open_cases = self.cases[p]
        failed = 0
        if p == self.seat and self.resolving is not None:
            # zero before the outcome of the case being resolved (a forbidden card shown)
            then = R.want("sanity_zero_resolving", "turned_up_case", "discarded_with_the_rest",
                          "discarded_and_fails", "still_resolved")
            if then != "still_resolved":
                open_cases = open_cases + [self.resolving]
                self.broke_off = True
                if then == "discarded_and_fails" and self.CASE[self.resolving].kind == "mystery":
                    failed = self.outcomes[1]
        sz = L.sanity_zero(len(open_cases), p == self.seat, self.passed if p == self.seat else False,
                           R.num("sanity_zero", "doom"), R.num("sanity_zero", "per_discarded_case"))
        self.zero[p] = True
        self.cases[p] = []
        self._discard(open_cases)
        if p == self.seat:
            R.want("sanity_zero", "own_turn", "pass_only")
            self.pass_only = True
            self.zeroed = True
        self.raise_doom(sz.doom + failed)

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
