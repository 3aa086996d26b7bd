"""Clue played by its rules.yaml entries (`pnp simulate clue`): complete games on the board of
board.yaml with simple deduction bots.

Every rule the game applies is read through `api.rule(game, name)`; a state no entry decides raises
`api.Uncovered` naming the entry. The deal, the refutations and the verdicts are the rules functions
of logic.py (`deal`, `refutation`, `verdict`, `hand_sizes`); careful bots confirm a solution with the
exact deduction helper (`deduce`) before they accuse.

Bots: each keeps its notes (its hand, the cards shown to it, who could not refute what), moves
towards the nearest room whose card it has not ruled out, suggests the suspect and weapon it knows
least about, and accuses when its notes leave one card per category (confirmed by the exact deduction
once they leave two answers). About a third of the bots are hasty: they accuse as soon as their notes
leave at most six answers, guessing among them, so wrong accusations (and games everyone loses) are
played too.

This module sets a game up and plays its turns; the parts it plays with: entries.py (the rules.yaml
entries a turn reads), paths.py (the board as walked), pieces.py (where pawns and weapons stand and
how a pawn moves), bots.py (the bots and their notes).
"""
from __future__ import annotations

from pnp.rules import api
from pnp.rules.api import Played, Uncovered
from pnp.games.clue.bots import Players
from pnp.games.clue.checks import categories
from pnp.games.clue.entries import Rules, number, want
from pnp.games.clue.logic import PLAYERS, deal, verdict
from pnp.games.clue.paths import MAPS as _MAPS, board_map  # noqa: F401  (the tests clear _MAPS)
from pnp.games.clue.pieces import Pieces

MODE = "standard"
TURN_LIMIT = 2000          # no rule ends a game that runs this long: it is reported, never cut short silently


def configs(game):
    """Every player count the rule `players` allows (without it, the counts the deal is published for:
    each of those games then reports the missing rule)."""
    try:
        low, high = number(game, "players", "min"), number(game, "players", "max")
    except Uncovered:
        return [(MODE, n) for n in PLAYERS]
    return [(MODE, n) for n in range(low, high + 1) if n in PLAYERS]


# ---- setup ----------------------------------------------------------------------------------------
def _setup(game, n, rng, cats, m):
    """Suspects chosen, the envelope, the deal, pawns and weapons placed: (the suspect of each seat,
    the envelope, the dealer, the hands, suspect → square, weapon → room)."""
    suspects = list(cats["suspect"])
    # seat → suspect (seats count clockwise): the seats round the table are random, so the suspect whose
    # start square is nearest a seat is a random one too
    want(game, "suspect_choice", "pick", ("nearest_start", "any"))
    want(game, "suspect_tie", "then", ("nearer_first", "agree"))     # random seats: no two want one suspect
    want(game, "suspect_tie", "even", ("die_roll", "agree"))
    want(game, "suspect_tie", "others", ("nearest_free", "agree"))
    played = rng.sample(suspects, n)
    if number(game, "envelope", "per_category") != 1:
        raise Uncovered("rule `envelope`: the simulator fills the envelope with one card per category", "envelope")
    envelope = {k: rng.choice(cs) for k, cs in cats.items()}
    want(game, "envelope", "filled_by", ("any_player",))
    want(game, "envelope", "seen_by", ("nobody",))
    filler = rng.randrange(n)
    dealer = {"envelope_filler": filler}[want(game, "dealer", "who", ("envelope_filler",))]
    want(game, "deal", "direction", ("clockwise",))
    want(game, "deal", "starts", ("dealer_left",))
    want(game, "deal", "until", ("none_left",))
    rest = [c for cs in cats.values() for c in cs if c not in envelope.values()]
    rng.shuffle(rest)
    hands = deal(rest, n, dealer)
    want(game, "pawns", "unplayed", ("on_start",))
    where = {s: m.start[s] for s in suspects}           # suspect → a square (r, c) or a room letter
    want(game, "weapons", "placed", ("random_rooms",))
    if number(game, "weapons", "per_room") != 1 or len(cats["weapon"]) > len(m.rooms):
        raise Uncovered("rule `weapons`: the simulator places one weapon to a room", "weapons")
    # a room card turned up from the shuffled room cards is a room at random: the simulator samples
    want(game, "weapon_rooms", "picked_by", ("room_cards",))
    weapon_room = dict(zip(cats["weapon"], rng.sample(m.rooms, len(cats["weapon"]))))
    return played, envelope, dealer, hands, where, weapon_room


def _first_seat(game, suspects, played):
    """The seat that plays first (rules `first_player`, `first_player_absent`)."""
    seat_of = {s: i for i, s in enumerate(played)}
    first = api.rule(game, "first_player").get("suspect")
    if first not in suspects:
        raise Uncovered(f"rule `first_player` names {first!r}, who is not a suspect", "first_player")
    if first in seat_of:
        return seat_of[first]
    want(game, "first_player_absent", "then", ("next_suspect",))
    order = suspects[suspects.index(first) + 1:] + suspects[:suspects.index(first)]
    return next(seat_of[s] for s in order if s in seat_of)


# ---- a game ---------------------------------------------------------------------------------------
class _Game:
    """The turns of one game, from the first seat until an accusation solves the case or everyone has
    accused wrongly."""

    def __init__(self, rules, envelope, players, pieces):
        self.rules, self.envelope, self.players, self.pieces = rules, envelope, players, pieces
        self.wrong = pieces.wrong
        self.turns = 0

    def run(self, seat):
        """(how the game ended, the winning seats)."""
        r, n = self.rules, self.players.n
        while True:
            if len(self.wrong) == n:
                r.want("all_wrong", "outcome", ("everyone_loses",))
                return "everyone_wrong", ()
            if self.turns >= TURN_LIMIT:
                raise Uncovered(f"the game did not end in {TURN_LIMIT} turns: no rule ends it", None)
            if seat in self.wrong:
                self.wrong_accusers_turn(seat)
            else:
                self.turns += 1
                if self.turn(seat):
                    return "solved", (seat,)
            seat = (seat + r.step) % n

    def wrong_accusers_turn(self, seat):
        """A wrong accuser's pawn no longer moves (accuse_wrong); whether the turn is theirs at all."""
        r, pieces = self.rules, self.pieces
        if r.want("wrong_accuser", "takes_turns", (False, True)) and seat in pieces.moved_in and r.stay_ok:
            self.turns += 1
            pieces.moved_in.discard(seat)
            self.players.suggest(seat, pieces.where[pieces.played[seat]], pieces, r.refute_dir)

    def turn(self, seat):
        """One turn: maybe accuse, move, suggest on entering a room, maybe accuse. True when an
        accusation solves the case; any accusation ends the turn."""
        r = self.rules
        if r.at_start:
            solved = self.accusation(seat)
            if solved is not None:
                return solved
        entered = self.pieces.move(seat, set(self.players.candidates(seat)["room"]))
        if entered is None:
            return r.after_move and self.accusation(seat) is True      # any point of the turn (accuse_timing)
        who = self.players.suggest(seat, entered, self.pieces, r.refute_dir)
        if who is None and r.may_accuse_after and r.after_unrefuted:
            return self.accusation(seat) is True
        return False

    def accusation(self, seat):
        """None while the bot would rather not accuse; else whether its accusation is right (a wrong
        accuser's pawn is sent off the corridor)."""
        claim = self.players.ready(seat)
        if claim is None:
            return None
        self.players.bots[seat].solution = claim
        if verdict(self.envelope, claim):
            return True
        self.rules.want("returned_cards", "way", ("backs_to_front", "any"))   # the cards go back unseen either way
        self.wrong.add(seat)
        self.pieces.send_off(seat)
        return False


def play(game, players, mode, rng, hasty=0.3):
    """One complete game: (Played, the final state) — the state for the tests' cross-checks. `hasty`: the
    share of bots that accuse on a guess."""
    if mode != MODE:
        raise Uncovered(f"Clue has no mode `{mode}`", None)
    cats = categories(game)
    m = board_map(game)
    n = players
    low, high = number(game, "players", "min"), number(game, "players", "max")
    if not low <= n <= high:
        raise Uncovered(f"rule `players`: {n} players is outside {low}–{high}", "players")
    played, envelope, dealer, hands, where, weapon_room = _setup(game, n, rng, cats, m)
    table = Players(hands, cats, rng, hasty)
    suspects = list(cats["suspect"])
    seat = _first_seat(game, suspects, played)
    rules = Rules(game)
    pieces = Pieces(m, rules, rng, suspects, played, where, weapon_room, wrong=set())
    g = _Game(rules, envelope, table, pieces)
    end, winners = g.run(seat)
    bots = table.bots
    state = {"envelope": envelope, "hands": hands, "dealer": dealer, "suspects": played, "wrong": g.wrong,
             "claims": {b.seat: b.solution for b in bots if b.solution}, "bots": bots, "where": where}
    # roles: the suspect each seat plays (Miss Scarlet's player starts)
    return Played(length=g.turns, end=end, winners=winners, roles=dict(enumerate(played))), state


def simulate(game, players, mode, rng) -> Played:
    return play(game, players, mode, rng)[0]


LABELS = {'en': {'solved': 'solved by an accusation', 'everyone_wrong': 'everyone accused wrongly'},
 'zh-TW': {'solved': '指控正確', 'everyone_wrong': '全員指控錯誤'}}


def labels(game) -> dict:
    """The names `pnp report` shows for this simulator's ends, roles and modes, per language."""
    out = api.deck_names(game, "cards")
    for lang, words in LABELS.items():
        out.setdefault(lang, {}).update(words)
    return out
