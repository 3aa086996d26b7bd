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
"""
from __future__ import annotations

from collections import deque

from pnp.rules import api
from pnp.rules.api import Played, Uncovered
from pnp.games.clue.board import SIDES, board
from pnp.games.clue.checks import categories
from pnp.games.clue.logic import PLAYERS, Suggestion, asked, deal, envelope_options, refutation, verdict

MODE = "standard"
TURN_LIMIT = 2000          # no rule ends a game that runs this long: it is reported, never cut short silently


def configs(game):
    """Every player count the rule `players` allows (without it, the counts the deal is published for:
    each of those games then reports the missing rule)."""
    try:
        low, high = _number(game, "players", "min"), _number(game, "players", "max")
    except Uncovered:
        return [(MODE, n) for n in PLAYERS]
    return [(MODE, n) for n in range(low, high + 1) if n in PLAYERS]


def _want(game, name, key, allowed):
    """A parameter the simulator plays, or Uncovered naming the entry when it has a value no code plays."""
    value = api.rule(game, name).get(key)
    if value not in allowed:
        raise Uncovered(f"rule `{name}`: `{key}: {value!r}` is not a rule this edition plays "
                        f"(it plays {', '.join(map(repr, allowed))})", name)
    return value


def _number(game, name, key):
    """A whole-number parameter, or Uncovered naming the entry when it has none."""
    value = api.rule(game, name).get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise Uncovered(f"rule `{name}` has no number `{key}`: the simulation needs it", name)
    return value


# ---- the board, once per game ---------------------------------------------------------------------
class _Map:
    """The board as the simulator walks it: corridor squares, each room's doorways (the corridor squares
    in front of its doors), secret passages, start squares, and every square's distance to each room."""

    def __init__(self, game):
        b = board(game)
        cats = categories(game)
        self.room_card = dict(b.rooms)                      # letter → room card id
        self.rooms = sorted(b.rooms)
        self.floor = {(r, c) for r, c, _ch in b.cells() if b.walkable(r, c)}
        self.entry = {}                                     # doorway square → rooms entered from it
        self.exits = {}                                     # room → doorway squares
        for room, _door, sq in b.doors():
            self.entry.setdefault(sq, set()).add(room)
            self.exits.setdefault(room, set()).add(sq)
        by_id = {v: k for k, v in b.rooms.items()}
        self.passage = {}
        for pair in b.passages:
            if len(pair) == 2 and all(x in by_id for x in pair):
                self.passage[by_id[pair[0]]] = by_id[pair[1]]
                self.passage[by_id[pair[1]]] = by_id[pair[0]]
        self.start = {}
        for r, c, ch in b.cells():
            if ch in b.starts:
                self.start[b.starts[ch]] = (r, c)
        missing = [s for s in cats.get("suspect", []) if s not in self.start]
        if missing:
            raise Uncovered(f"the board has no start square for {', '.join(missing)}: the rule `pawns` puts "
                            f"every pawn on its start square", "pawns")
        self.dist = {room: self._from(room) for room in self.rooms}
        self._towards = {}
        self.nbrs = {(r, c): [(r + dr, c + dc) for dr, dc in SIDES if (r + dr, c + dc) in self.floor]
                     for r, c in self.floor}
        self.nearest = {sq: sorted((d[sq], room) for room, d in self.dist.items() if sq in d) for sq in self.floor}

    def to(self, sq, targets):
        """Moves from a square to the nearest of the rooms `targets`."""
        return self.towards(targets).get(sq, 999)

    def towards(self, targets) -> dict:
        """Square → moves to the nearest of the rooms `targets` (kept per set of rooms)."""
        key = frozenset(targets)
        got = self._towards.get(key)
        if got is None:
            got = self._towards[key] = {sq: next((d for d, room in near if room in key), 999)
                                        for sq, near in self.nearest.items()}
        return got

    def _from(self, room):
        """Squares → moves to enter `room` (ignoring pawns)."""
        dist = {sq: 1 for sq in self.exits.get(room, ())}
        queue = deque(dist)
        while queue:
            r, c = queue.popleft()
            for dr, dc in SIDES:
                n = (r + dr, c + dc)
                if n in self.floor and n not in dist:
                    dist[n] = dist[(r, c)] + 1
                    queue.append(n)
        return dist


_MAPS: dict = {}


def _map(game) -> _Map:
    key = id(game)
    got = _MAPS.get(key)
    if got is None or got[0] is not game:
        got = (game, _Map(game))
        _MAPS.clear()
        _MAPS[key] = got
    return got[1]


# ---- a game ---------------------------------------------------------------------------------------
class _Bot:
    def __init__(self, seat, hand, cats, hasty):
        self.seat, self.hand, self.hasty = seat, set(hand), hasty
        self.cats = cats
        self.held = {c: seat for c in hand}                # card → seat known to hold it
        self.log: list[Suggestion] = []
        self.checked = -1                                  # log length at the last exact deduction
        self.solution = None
        self._cand = (None, None)

    def candidates(self, lacks, version):
        """Category → cards that can still be in the envelope by the bot's simple notes (the cards
        nobody is known to hold; a card every other player lacks is the envelope's)."""
        if self._cand[0] == version:
            return self._cand[1]
        others = [lk for p, lk in enumerate(lacks) if p != self.seat]
        common = set.intersection(*others) if others else set()
        out = {}
        for k, cs in self.cats.items():
            left = [c for c in cs if c not in self.held]
            sure = [c for c in left if c in common]
            out[k] = sure[:1] if sure else left
        self._cand = (version, out)
        return out


def play(game, players, mode, rng, hasty=0.3):
    """One complete game: (Played, the final state) — the state for the tests' cross-checks. `hasty`: the
    share of bots that accuse on a guess."""
    if mode != MODE:
        raise Uncovered(f"Clue has no mode `{mode}`", None)
    cats = categories(game)
    m = _map(game)
    n = players
    low, high = _number(game, "players", "min"), _number(game, "players", "max")
    if not low <= n <= high:
        raise Uncovered(f"rule `players`: {n} players is outside {low}–{high}", "players")

    # setup: suspects chosen, the envelope, the deal
    suspects = list(cats["suspect"])
    # seat → suspect (seats count clockwise): the seats round the table are random, so the suspect whose
    # start square is nearest a seat is a random one too
    _want(game, "suspect_choice", "pick", ("nearest_start", "any"))
    _want(game, "suspect_tie", "then", ("nearer_first", "agree"))     # random seats: no two want one suspect
    _want(game, "suspect_tie", "even", ("die_roll", "agree"))
    played = rng.sample(suspects, n)
    seat_of = {s: i for i, s in enumerate(played)}
    if _number(game, "envelope", "per_category") != 1:
        raise Uncovered("rule `envelope`: the simulator fills the envelope with one card per category", "envelope")
    envelope = {k: rng.choice(cs) for k, cs in cats.items()}
    _want(game, "envelope", "filled_by", ("any_player",))
    _want(game, "envelope", "seen_by", ("nobody",))
    filler = rng.randrange(n)
    dealer = {"envelope_filler": filler}[_want(game, "dealer", "who", ("envelope_filler",))]
    _want(game, "deal", "direction", ("clockwise",))
    _want(game, "deal", "starts", ("dealer_left",))
    _want(game, "deal", "until", ("none_left",))
    rest = [c for cs in cats.values() for c in cs if c not in envelope.values()]
    rng.shuffle(rest)
    hands = deal(rest, n, dealer)
    _want(game, "pawns", "unplayed", ("on_start",))
    where = {s: m.start[s] for s in suspects}           # suspect → a square (r, c) or a room letter
    _want(game, "weapons", "placed", ("random_rooms",))
    if _number(game, "weapons", "per_room") != 1 or len(cats["weapon"]) > len(m.rooms):
        raise Uncovered("rule `weapons`: the simulator places one weapon to a room", "weapons")
    weapon_room = dict(zip(cats["weapon"], rng.sample(m.rooms, len(cats["weapon"]))))

    sizes = [len(h) for h in hands]
    bots = [_Bot(i, hands[i], cats, rng.random() < hasty) for i in range(n)]
    hand_sets = [set(h) for h in hands]
    lacks = [set() for _ in range(n)]                   # seat → cards everyone knows it does not hold
    wrong = set()                                       # seats that accused wrongly
    version = [0]                                       # bumped whenever anyone's notes change
    moved_in = set()                                    # seats whose pawn a suggestion moved into a room

    first = api.rule(game, "first_player").get("suspect")
    if first not in suspects:
        raise Uncovered(f"rule `first_player` names {first!r}, who is not a suspect", "first_player")
    if first in seat_of:
        seat = seat_of[first]
    else:
        _want(game, "first_player_absent", "then", ("next_suspect",))
        order = suspects[suspects.index(first) + 1:] + suspects[:suspects.index(first)]
        seat = next(seat_of[s] for s in order if s in seat_of)
    step = {"clockwise": 1, "counterclockwise": -1}[_want(game, "turn_order", "direction",
                                                          ("clockwise", "counterclockwise"))]
    refute_dir = _want(game, "refute", "direction", ("left", "right"))
    sides = _number(game, "die", "sides")
    _want(game, "movement", "diagonal", (False,))
    _want(game, "room_entry", "ends_move", (True,))
    exact = {"up_to": False, "exactly": True}[_want(game, "move_count", "steps", ("up_to", "exactly"))]
    least = 1 if exact else _want(game, "move_count", "min", (1,))
    if _number(game, "door_step", "squares") != 1:
        raise Uncovered("rule `door_step`: the simulator counts a step through a door as one square", "door_step")
    corridor = _want(game, "wrong_accuser_pawn", "corridor", ("nearest_room", "stays"))
    _want(game, "wrong_accuser_pawn", "nearest_by", ("steps",))       # _Map.nearest: squares to walk, pawns ignored
    into_closed = _want(game, "wrong_accuser_pawn", "closed_rooms", ("enter", "skip")) == "enter"
    _want(game, "same_square_twice", "allowed", (False,))               # the exact walk never revisits a square
    partway = _want(game, "blocked_partway", "then", ("stop_short", "stay"))
    _want(game, "same_room_twice", "allowed", (False, True))   # entering ends the move: no walk enters twice
    no_room_twice = not _want(game, "room_reentry", "allowed", (False, True))
    _want(game, "turn_move", "required", (False, True))         # the bots always move when they can
    closed_rooms = not _want(game, "occupied_room", "enter", (False, True))
    if closed_rooms:
        block_all = _want(game, "occupied_room_pawns", "block", ("players", "all")) == "all"
        wrong_block = _want(game, "occupied_room_pawns", "wrong_accusers_block", (False, True))
    share = _want(game, "corridor_pawns", "share_square", (False, True))
    by_passage = _want(game, "occupied_room_pawns", "by_passage", (True, False)) if closed_rooms else False
    passage_ok = _want(game, "secret_passage", "instead_of_roll", (True,))
    _want(game, "secret_passage", "between", ("opposite_corners",))
    _want(game, "suggestion", "moves_pieces", (True,))
    _want(game, "refute", "shows", (1,))
    _want(game, "refute", "chooser", ("refuter",))
    _want(game, "refute", "seen_by", ("suggester",))
    _want(game, "suggestion", "room", ("own",))
    _want(game, "suggestion", "after", ("entering",))
    stay_ok = _want(game, "moved_by_suggestion", "may_stay_and_suggest", (True, False))
    in_place = _want(game, "named_in_own_room", "counts_as_moved", (True, False))
    ends_on_refute = _want(game, "refuted", "turn_ends", (True, False))
    may_accuse_after = _want(game, "unrefuted", "may_accuse", (True, False))
    per_player = _number(game, "accusations", "per_player")
    if per_player != 1:
        raise Uncovered(f"rule `accusations`: the simulator plays one accusation per player, not {per_player}",
                        "accusations")
    _want(game, "accusations", "room", ("any",))
    _want(game, "accuse_right", "wins", (True,))
    _want(game, "accuse_right", "game_ends", (True,))
    _want(game, "accuse_wrong", "can_accuse", (False,))
    _want(game, "accuse_wrong", "pawn_moves", (False,))
    _want(game, "accuse_wrong", "still_refutes", (True,))        # refutation() asks every other seat
    _want(game, "accuse_wrong", "movable_by_suggestion", (True,))
    doorway = _want(game, "accuse_wrong", "doorway", ("into_room",))
    _want(game, "win", "by", ("first_correct_accusation",))
    any_time = _want(game, "accuse_timing", "when", ("own_turn", "after_suggestion")) == "own_turn"
    at_start = after_move = any_time
    after_unrefuted = True

    def blocks_room(s):
        """Whether the pawn of suspect `s` closes the room it stands in to other pawns."""
        if s not in seat_of:
            return block_all
        if seat_of[s] in wrong:
            return wrong_block
        return True

    def closed(room, me):
        if not closed_rooms:
            return False
        return any(where[s] == room and s != me and blocks_room(s) for s in suspects)

    def closed_set(me):
        """The rooms the pawn of `me` may not enter now (rule `occupied_room`)."""
        if not closed_rooms:
            return frozenset()
        return frozenset(w for s, w in where.items() if s != me and isinstance(w, str) and blocks_room(s))

    def occupied_squares(me):
        return set() if share else {w for s, w in where.items() if s != me and isinstance(w, tuple)}

    def moves(me, roll):
        """(squares the pawn may end on, rooms it may enter, the squares furthest along when neither: a
        pawn stopped partway) with this roll."""
        here = where[me]
        taken = occupied_squares(me)
        left_room = here if isinstance(here, str) else None
        rooms = set()

        def enter_from(sq):
            for room in m.entry.get(sq, ()):
                if room == left_room and no_room_twice:
                    continue
                if not closed(room, me) or room == here:
                    rooms.add(room)

        if left_room:
            firsts = [sq for sq in m.exits.get(left_room, ()) if sq not in taken]
        else:
            firsts = [here]
        if not exact:
            dist = {}
            queue = deque()
            for sq in firsts:
                d0 = 1 if left_room else 0
                dist[sq] = d0
                queue.append(sq)
            while queue:
                sq = queue.popleft()
                d = dist[sq]
                if d < roll:
                    enter_from(sq)
                    r0, c0 = sq
                    for dr, dc in SIDES:
                        nb = (r0 + dr, c0 + dc)
                        if nb in m.floor and nb not in taken and nb not in dist:
                            dist[nb] = d + 1
                            queue.append(nb)
            ends = {sq for sq, d in dist.items() if least <= d <= roll}
            return ends, rooms, set()
        ends = set()
        far = {}                                        # steps taken → squares reached (short of the roll)

        def walk(sq, d, seen):
            if d == roll:
                ends.add(sq)
                return
            if d:
                far.setdefault(d, set()).add(sq)
            enter_from(sq)
            r0, c0 = sq
            for dr, dc in SIDES:
                nb = (r0 + dr, c0 + dc)
                if nb in m.floor and nb not in taken and nb not in seen:
                    seen.add(nb)
                    walk(nb, d + 1, seen)
                    seen.discard(nb)
        for sq in firsts:
            walk(sq, 1 if left_room else 0, {sq})
        short = far[max(far)] if far and not ends and not rooms else set()
        return ends, rooms, short

    def walk(me, roll, targets):
        """The greedy move (up to the roll): straight along the shortest way to the nearest open room of
        `targets`, entering it when the roll reaches; None when that way is blocked at once (the full
        search then decides)."""
        here = where[me]
        taken = occupied_squares(me)
        shut = closed_set(me)
        tset = frozenset(rm for rm in targets if rm != here and rm not in shut)
        if not tset:
            return None
        far = m.towards(tset)
        if isinstance(here, str):
            exits = [sq for sq in m.exits.get(here, ()) if sq not in taken]
            if not exits:
                return None
            sq, used = min(exits, key=lambda q: (far.get(q, 999), q)), 1
        else:
            sq, used = here, 0
        while used < roll:
            d = far.get(sq, 999)
            if d == 1:
                return next(rm for _d, rm in m.nearest[sq] if rm in tset)
            nxt = [nb for nb in m.nbrs[sq] if nb not in taken and far.get(nb, 999) < d]
            if not nxt:
                break
            sq, used = min(nxt), used + 1
        return sq if used >= max(least, 1) else None

    def suggest(seat, room):
        bot = bots[seat]
        cand = bot.candidates(lacks, version[0])
        named = {}
        for k in ("suspect", "weapon"):
            pool = cand[k] if len(cand[k]) > 1 else (cand[k] + [c for c in cats[k] if c in bot.hand])
            named[k] = rng.choice(pool or cats[k])
        named["room"] = m.room_card[room]
        cards = (named["suspect"], named["weapon"], named["room"])
        # the named pieces move into the room
        s = named["suspect"]
        if where[s] != room or in_place:      # named in its own room: moved there too (named_in_own_room)
            where[s] = room
            if s in seat_of and seat_of[s] != seat:
                moved_in.add(seat_of[s])
        weapon_room[named["weapon"]] = room
        who, could = refutation(hand_sets, seat, cards, refute_dir)
        order = asked(n, seat, refute_dir)
        passed = order[:order.index(who)] if who is not None else order
        for p in passed:
            lacks[p].update(cards)
        shown = None
        if who is not None:
            shown = rng.choice(could)
            bot.held[shown] = who
        version[0] += 1
        public = Suggestion(seat, cards, who, tuple(passed), None)
        mine = Suggestion(seat, cards, who, tuple(passed), shown) if shown is not None else public
        for b in bots:
            b.log.append(mine if b.seat == seat else public)
        return who

    def ready(bot):
        """The bot's accusation, or None while it would rather not accuse."""
        cand = bot.candidates(lacks, version[0])
        if all(len(v) == 1 for v in cand.values()):
            return {k: v[0] for k, v in cand.items()}
        combos = 1
        for v in cand.values():
            combos *= len(v)
        if bot.hasty and combos <= 6:
            return {k: rng.choice(v) for k, v in cand.items()}
        if combos <= 2 and bot.checked != len(bot.log):
            bot.checked = len(bot.log)
            open_ = [c for v in cand.values() if len(v) > 1 for c in v]
            can = envelope_options(range(n), bot.seat, bot.hand, bot.log, cats, sizes, open_)
            left = {k: (v if len(v) == 1 else [c for c in v if c in can]) for k, v in cand.items()}
            if all(len(v) == 1 for v in left.values()):
                return {k: v[0] for k, v in left.items()}
        return None

    def accuse(seat, claim):
        """True when the game ends."""
        bots[seat].solution = claim
        if verdict(envelope, claim):
            return True
        wrong.add(seat)
        if doorway == "into_room":
            sq = where[played[seat]]
            if isinstance(sq, tuple) and sq in m.entry:
                rooms = sorted(m.entry[sq])
                if len(rooms) > 1:
                    raise Uncovered(f"rule `accuse_wrong`: the doorway {sq} opens on {', '.join(rooms)}: "
                                    f"which room the pawn goes into", "accuse_wrong")
                where[played[seat]] = rooms[0]
        sq = where[played[seat]]
        if corridor == "nearest_room" and isinstance(sq, tuple):
            near = m.nearest.get(sq)
            if not near:
                raise Uncovered(f"rule `wrong_accuser_pawn`: no room can be reached from {sq}", "wrong_accuser_pawn")
            if not into_closed:
                near = [(d, rm) for d, rm in near if not closed(rm, played[seat])] or near
            where[played[seat]] = near[0][1]         # the nearest room (the accuser's choice among equals)
        return False

    turns = 0
    end, winners = None, ()
    while end is None:
        if len(wrong) == n:
            _want(game, "all_wrong", "outcome", ("everyone_loses",))
            end = "everyone_wrong"
            break
        if turns >= TURN_LIMIT:
            raise Uncovered(f"the game did not end in {TURN_LIMIT} turns: no rule ends it", None)
        if seat in wrong:
            # a wrong accuser's pawn no longer moves (accuse_wrong); whether the turn is theirs at all
            if _want(game, "wrong_accuser", "takes_turns", (False, True)) and seat in moved_in and stay_ok:
                turns += 1
                moved_in.discard(seat)
                suggest(seat, where[played[seat]])
            seat = (seat + step) % n
            continue
        turns += 1
        me = played[seat]
        bot = bots[seat]
        claim = ready(bot) if at_start else None
        if claim is not None:
            if accuse(seat, claim):
                end, winners = "solved", (seat,)
                break
            seat = (seat + step) % n
            continue
        here = where[me]
        entered = None
        cand_rooms = {c for c in bot.candidates(lacks, version[0])["room"]}
        targets = [rm for rm in m.rooms if m.room_card[rm] in cand_rooms] or list(m.rooms)
        if seat in moved_in and stay_ok and isinstance(here, str) and m.room_card[here] in cand_rooms:
            entered = here                                  # stays and suggests where a suggestion put it
        elif (passage_ok and isinstance(here, str) and here in m.passage and m.passage[here] in targets
              and not (by_passage and closed(m.passage[here], me))):
            where[me] = entered = m.passage[here]
        else:
            roll = rng.randint(1, sides)
            got = None if exact else walk(me, roll, targets)
            if got is not None:
                where[me] = got
                entered = got if isinstance(got, str) else None
            else:
                ends, rooms, short = moves(me, roll)
                if short and partway == "stop_short":
                    ends = short                            # as far as it can get (blocked_partway)
                good = [rm for rm in rooms if rm in targets]
                if good:
                    where[me] = entered = rng.choice(sorted(good))
                elif ends:
                    tset = set(targets)
                    far = {sq: m.to(sq, tset) for sq in ends}
                    best = min(far.values())
                    where[me] = rng.choice(sorted(sq for sq, d in far.items() if d == best))
                elif rooms:
                    where[me] = entered = rng.choice(sorted(rooms))
                else:
                    _want(game, "no_legal_move", "then", ("stay",))
        moved_in.discard(seat)
        if entered is None and after_move:
            claim = ready(bot)                          # any point of the turn (accuse_timing)
            if claim is not None:
                if accuse(seat, claim):
                    end, winners = "solved", (seat,)
                    break
                seat = (seat + step) % n
                continue
        if entered is not None:
            who = suggest(seat, entered)
            if who is not None and ends_on_refute:
                seat = (seat + step) % n
                continue
            if who is None and may_accuse_after and after_unrefuted:
                claim = ready(bot)
                if claim is not None and accuse(seat, claim):
                    end, winners = "solved", (seat,)
                    break
        seat = (seat + step) % n
    state = {"envelope": envelope, "hands": hands, "dealer": dealer, "suspects": played, "wrong": wrong,
             "claims": {b.seat: b.solution for b in bots if b.solution}, "bots": bots, "where": where}
    # roles: the suspect each seat plays (Miss Scarlet's player starts)
    return Played(length=turns, end=end, winners=winners, roles=dict(enumerate(played))), state


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
