"""The rules.yaml entries `pnp simulate clue` plays, read through `api.rule(game, name)`: a value no code
plays, or a missing entry, raises `api.Uncovered` naming the entry."""
from __future__ import annotations

from pnp.rules import api
from pnp.rules.api import Uncovered


def want(game, name, key, allowed):
    """A parameter the simulator plays, or Uncovered naming the entry when it has a value no code plays."""
    value = api.rule(game, name).get(key)
    if value not in allowed:
        raise Uncovered(f"rule `{name}`: `{key}: {value!r}` is not a rule this edition plays "
                        f"(it plays {', '.join(map(repr, allowed))})", name)
    return value


def number(game, name, key):
    """A whole-number parameter, or Uncovered naming the entry when it has none."""
    value = api.rule(game, name).get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise Uncovered(f"rule `{name}` has no number `{key}`: the simulation needs it", name)
    return value


class Rules:
    """The entries that decide a turn, read once per game in this order (the setup's are read as the
    setup is played; entries only some states need are read by `want` when such a state comes)."""

    def __init__(self, game):
        self.game = game
        self.step = {"clockwise": 1, "counterclockwise": -1}[want(game, "turn_order", "direction",
                                                                  ("clockwise", "counterclockwise"))]
        self.refute_dir = want(game, "refute", "direction", ("left", "right"))
        self.sides = number(game, "die", "sides")
        # a die card drawn from the shuffled set of the die's faces and shuffled back in is a roll of the die:
        # the simulator rolls
        want(game, "die_cards", "drawn", ("top_card",))
        want(game, "die_cards", "returned", ("shuffled_back",))
        want(game, "movement", "diagonal", (False,))
        want(game, "room_entry", "ends_move", (True,))
        self.exact = {"up_to": False, "exactly": True}[want(game, "move_count", "steps", ("up_to", "exactly"))]
        self.least = 1 if self.exact else want(game, "move_count", "min", (1,))
        if number(game, "door_step", "squares") != 1:
            raise Uncovered("rule `door_step`: the simulator counts a step through a door as one square", "door_step")
        self.corridor = want(game, "wrong_accuser_pawn", "corridor", ("nearest_room", "stays"))
        want(game, "wrong_accuser_pawn", "nearest_by", ("steps",))      # Map.nearest: squares to walk, pawns ignored
        self.into_closed = want(game, "wrong_accuser_pawn", "closed_rooms", ("enter", "skip")) == "enter"
        want(game, "same_square_twice", "allowed", (False,))              # the exact walk never revisits a square
        self.partway = want(game, "blocked_partway", "then", ("stop_short", "stay"))
        want(game, "blocked_partway", "path", ("mover_chooses",))       # the bot picks among the furthest squares
        want(game, "same_room_twice", "allowed", (False, True))   # entering ends the move: no walk enters twice
        self.no_room_twice = not want(game, "room_reentry", "allowed", (False, True))
        want(game, "turn_move", "required", (False, True))         # the bots always move when they can
        want(game, "move_choice", "decided", ("before_roll", "after_roll"))   # the bots decide to move, then roll
        self.closed_rooms = not want(game, "occupied_room", "enter", (False, True))
        self.block_all = self.wrong_block = None                  # read only when pawns close rooms
        if self.closed_rooms:
            self.block_all = want(game, "occupied_room_pawns", "block", ("players", "all")) == "all"
            self.wrong_block = want(game, "occupied_room_pawns", "wrong_accusers_block", (False, True))
        self.share = want(game, "corridor_pawns", "share_square", (False, True))
        # Map.floor holds the start squares: every pawn walks onto or through an empty one
        want(game, "start_squares", "after_start", ("corridor",))
        self.by_passage = (want(game, "occupied_room_pawns", "by_passage", (True, False)) if self.closed_rooms
                           else False)
        self.passage_ok = want(game, "secret_passage", "instead_of_roll", (True,))
        want(game, "secret_passage", "between", ("opposite_corners",))
        want(game, "suggestion", "moves_pieces", (True,))
        want(game, "refute", "shows", (1,))
        want(game, "refute", "chooser", ("refuter",))
        want(game, "refute", "seen_by", ("suggester",))
        want(game, "suggestion", "room", ("own",))
        want(game, "suggestion", "after", ("entering",))
        self.stay_ok = want(game, "moved_by_suggestion", "may_stay_and_suggest", (True, False))
        self.in_place = want(game, "named_in_own_room", "counts_as_moved", (True, False))
        # either way a refuted suggestion ends the bot's turn: it accuses after a suggestion only unrefuted
        self.ends_on_refute = want(game, "refuted", "turn_ends", (True, False))
        self.may_accuse_after = want(game, "unrefuted", "may_accuse", (True, False))
        per_player = number(game, "accusations", "per_player")
        if per_player != 1:
            raise Uncovered(f"rule `accusations`: the simulator plays one accusation per player, not {per_player}",
                            "accusations")
        want(game, "accusations", "room", ("any",))
        want(game, "accuse_right", "wins", (True,))
        want(game, "accuse_right", "game_ends", (True,))
        want(game, "accuse_wrong", "can_accuse", (False,))
        want(game, "accuse_wrong", "pawn_moves", (False,))
        want(game, "accuse_wrong", "still_refutes", (True,))        # refutation() asks every other seat
        want(game, "accuse_wrong", "movable_by_suggestion", (True,))
        self.doorway = want(game, "accuse_wrong", "doorway", ("into_room",))
        want(game, "win", "by", ("first_correct_accusation",))
        any_time = want(game, "accuse_timing", "when", ("own_turn", "after_suggestion")) == "own_turn"
        self.at_start = self.after_move = any_time
        self.after_unrefuted = True

    def want(self, name, key, allowed):
        """An entry only some states need, read when such a state comes."""
        return want(self.game, name, key, allowed)
