"""Lady Alice: the published rules (seed 004 and GAMES.md section 3), one sentence and the allowed
parameters per rules.yaml entry that restates them. `pnp check` reports an entry that leaves them at
its line (`api.judge`); the edition's own decisions (`edition: true`) are not here."""
from __future__ import annotations

from pnp.games.lady_alice.logic import ACCUSE_BLUE, DEAL, FIELD_CAPACITY, PLAYERS, SCORING, TOKEN_VALUES

RULES = {
    "players": {"rule": "Lady Alice is for 3 to 5 players, 4 being the base game",
                "min": (min(PLAYERS),), "max": (max(PLAYERS),), "base": (4,)},
    "case": {"rule": "one clue card of each category is drawn, and the drawn cards are shuffled and dealt one to each player",
             "per_category": (1,), "dealt": ("one_each",)},
    "deal_three": {"rule": "with 3 players one of the four drawn cards is put away unseen",
                   "put_away": (DEAL[3]["hidden"],)},
    "deal_five": {"rule": "with 5 players one more card from the rest of the clue cards joins the four drawn",
                  "added": (DEAL[5]["extra"],), "from": ("rest",)},
    "tokens": {"rule": "each colour has three 0, three 1 and three 2 tokens",
               "zero": (TOKEN_VALUES[0],), "one": (TOKEN_VALUES[1],), "two": (TOKEN_VALUES[2],)},
    "first_asker": {"rule": "whoever last read a detective story holds the notebook first",
                    "who": ("last_detective_reader",)},
    "round": {"rule": "each round is a suspicion, then a deduction", "parts": ("suspicion_then_deduction",)},
    "notebook_passes": {"rule": "at the end of a round the notebook passes clockwise, to the left",
                        "to": ("left",)},
    "suspicion": {"rule": "a suspicion names one element of each category, and may name the asker's own card",
                  "names": ("one_per_category",), "own_card": ("allowed",)},
    "suspicion_limits": {"rule": "a suspicion may not repeat exactly a combination someone else made, nor name an "
                                 "element proven wrong",
                         "exact_repeat": ("by_others",), "covered_element": ("forbidden",)},
    "verdict": {"rule": "every player gives blue if the suspicion names their card in its category, else red, "
                        "and only the number of blue is shown",
                "blue": ("names_your_card",), "red": ("otherwise",), "who": ("everyone",), "public": ("count",)},
    "all_red": {"rule": "all red proves the named elements wrong: each is covered with a Holmes card",
                "cover": ("named_elements",)},
    "deduction": {"rule": "the deduction starts with the player after the asker and goes round clockwise",
                  "starts": ("left_of_asker",), "passes": ("left",)},
    "deduction_turn": {"rule": "on a deduction turn a player places a token, passes or accuses",
                       "choose": ("place_pass_or_accuse",)},
    "token_placement": {"rule": "a token goes face down on any field, turning the one below face up, "
                                "and a player may bet again on a field they bet on",
                        "face": ("down",), "field": ("any",), "reveals_top": (True,), "own_field_again": ("allowed",)},
    "field_capacity": {"rule": "a field holds at most 3, 4 or 5 tokens with 3, 4 or 5 players",
                       "three": (FIELD_CAPACITY[3],), "four": (FIELD_CAPACITY[4],), "five": (FIELD_CAPACITY[5],)},
    "pass": {"rule": "a player who passed may still place a token on a later turn of the round",
             "may_place_later": (True,)},
    "round_end": {"rule": "the round ends when every player passes in a row", "when": ("everyone_passes_in_a_row",)},
    "accusation": {"rule": "a player may accuse on a deduction turn, and the accusation is given verdicts as a suspicion is",
                   "when": ("deduction_turn",), "verdicts": ("as_suspicion",)},
    "accuse_blue": {"rule": "an accusation is right with 3 blue (3 players), 4 blue (4 players) or 4 blue of 5 (5 players)",
                    "three": (ACCUSE_BLUE[3],), "four": (ACCUSE_BLUE[4],), "five": (ACCUSE_BLUE[5],)},
    "accuse_three": {"rule": "with 3 players the accuser must also name the missing category",
                     "name_missing_category": (True,)},
    "right_accusation": {"rule": "a right accusation ends the game, and the game is scored", "ends_game": (True,)},
    "wrong_accusation": {"rule": "a wrong accuser is expelled but still gives verdicts to the others",
                         "accuser": ("expelled",), "gives_verdicts": (True,)},
    "last_student": {"rule": "when every other student has been expelled, the last one left wins", "wins": ("at_once",)},
    "token_scores": {"rule": "tokens on the true elements score their face value; the others are removed",
                     "where": ("true_elements",), "points": ("face_value",), "others": ("removed",)},
    "scoring": {"rule": "+3 to the right accuser, +2 for a token on every true element, +1 for an all-blue suspicion",
                "accuser": (SCORING["accuser"],), "every_element": (SCORING["every_element"],),
                "all_blue": (SCORING["all_blue"],)},
    "winner": {"rule": "the player with the most points wins", "most": ("points",)},
}
