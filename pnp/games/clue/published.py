"""Clue's published rules [GAMES.md §2, seed 002]: for every rules.yaml entry that restates the game,
what the published game says and the parameter values it allows. `pnp check` reports an entry that
leaves them at its line (api.judge); the edition's own decisions (`edition: true` in rules.yaml) are
not restated here.
"""
from __future__ import annotations

RULES = {
    "players": {"rule": "Clue is for 3 to 6 players", "min": (3,), "max": (6,)},
    "suspect_choice": {"rule": "each player takes the suspect whose start square is nearest to their seat",
                       "pick": ("nearest_start",)},
    "envelope": {"rule": "one card of each category goes into the envelope, taken by any player without anyone "
                         "seeing it", "per_category": (1,), "filled_by": ("any_player",), "seen_by": ("nobody",)},
    "deal": {"rule": "the other cards are dealt one at a time, clockwise from the dealer's left, until none are left",
             "direction": ("clockwise",), "starts": ("dealer_left",), "until": ("none_left",)},
    "pawns": {"rule": "the pawns of suspects nobody plays also stand on their start squares", "unplayed": ("on_start",)},
    "weapons": {"rule": "the weapons go at random into different rooms, one to a room",
                "placed": ("random_rooms",), "per_room": (1,)},
    "first_player": {"rule": "the player of Miss Scarlet goes first", "suspect": ("scarlet",)},
    "turn_order": {"rule": "play passes clockwise", "direction": ("clockwise",)},
    "turn_move": {"rule": "on their turn a player may move, suggest and accuse (may, not must)", "required": (False,)},
    "die": {"rule": "a pawn moves by the roll of one six-sided die", "sides": (6,)},
    "movement": {"rule": "pawns move horizontally or vertically, never diagonally", "diagonal": (False,)},
    "move_count": {"rule": "a pawn moves the number rolled, unless it enters a room first", "steps": ("exactly",)},
    "room_entry": {"rule": "entering a room ends the move, even with points left", "ends_move": (True,)},
    "occupied_room": {"rule": "a pawn may not enter a room where another player's pawn stands", "enter": (False,)},
    "same_room_twice": {"rule": "a pawn may not enter the same room twice in one turn", "allowed": (False,)},
    "secret_passage": {"rule": "from a corner room a pawn may take the secret passage to the opposite corner "
                               "instead of rolling", "between": ("opposite_corners",), "instead_of_roll": (True,)},
    "suggestion": {"rule": "after entering a room a player may suggest a suspect and a weapon in that room, and moves "
                           "both into it", "room": ("own",), "after": ("entering",), "moves_pieces": (True,)},
    "moved_by_suggestion": {"rule": "a pawn moved into a room by another's suggestion may stay there and suggest on "
                                    "its player's next turn", "may_stay_and_suggest": (True,)},
    "refute": {"rule": "the player on the suggester's left refutes first, then the next to the left; the first who "
                       "can shows exactly one named card, of their choice, to the suggester alone",
               "direction": ("left",), "shows": (1,), "chooser": ("refuter",), "seen_by": ("suggester",)},
    "refuted": {"rule": "once a card is shown, the suggester's turn ends", "turn_ends": (True,)},
    "unrefuted": {"rule": "when nobody can refute, the suggester may accuse or end the turn", "may_accuse": (True,)},
    "accuse_timing": {"rule": "a player may accuse at any point of their own turn", "when": ("own_turn",)},
    "accusations": {"rule": "each player may accuse once in a game, naming any room wherever their pawn is",
                    "per_player": (1,), "room": ("any",)},
    "accuse_right": {"rule": "a right accusation wins and ends the game at once", "wins": (True,), "game_ends": (True,)},
    "accuse_wrong": {"rule": "a wrong accuser may not accuse again, their pawn no longer moves (out of a doorway into "
                             "the room), but it can still be moved by suggestions and they still refute",
                     "can_accuse": (False,), "pawn_moves": (False,), "doorway": ("into_room",),
                     "still_refutes": (True,), "movable_by_suggestion": (True,)},
    "win": {"rule": "the first player to accuse correctly wins", "by": ("first_correct_accusation",)},
}
