"""Tiny Epic Crimes: the published constraints, as this module's own constants, and the rules as
entries (`RULES`), what rules.yaml may say of each.

Sources: the seed rule text (000) and GAMES.md section 1. [R] = stated by the published rules; [D] = a
project decision where they are silent (recorded in game.yaml `notes`). Content may restate these
numbers (game.yaml `data:` carries every one a player reads, so that cards, mats and the booklet print
them from one place) but never loosen them: a `data:` value that differs is reported at its line. The
checks that hold the content to them are in published_checks.py.
"""
from __future__ import annotations

TYPES = ("gang", "rank", "forensics", "getaway", "weapon")                           # [R] slot order [D]
EVIDENCE = {"gang": ("rhinos", "bees"), "rank": ("boss", "underboss"),                # [R]
            "forensics": ("fingerprints", "shoeprints"), "getaway": ("car", "motorcycle"), "weapon": ("gun", "knife")}
SUSPECTS = 2 ** len(TYPES)                                                             # [D] one per combination

# pieces per component (copies counted)
COUNTS = {"suspects": SUSPECTS, "city": 25, "events": 24, "force": 16, "abilities": 12,   # [R] 25, [D] 24/16/12
          "officers": 4, "timetrack": 2, "envelopes": 6, "eventslots": 1, "dice": 2,    # [R] 2 bullet dice
          "cover": 2,                                  # [D] the cards that cover the face-down suspect deck, top and bottom
          "tokens": 43, "mobsters": 18, "markers": 12, "holdings": 3}
TOKEN_COMPONENTS = ("tokens", "mobsters", "markers", "holdings")      # where the token kinds below may be                  # [R] 4 players, 2 mats, 5+1
CITY = {"kind": {"hq": 1, "district": 24}, "mark": {"magnifier": 7, "binoculars": 5, "none": 13}}   # [R]
PLAYER_COLOURS = ("p1", "p2", "p3", "p4")
# token kind → value → pieces
TOKENS = {
    "dice-white": {str(i): 1 for i in range(1, 6)},           # [R] 5 white dice tokens (columns 1–5)
    "dice-black": {str(i): 1 for i in range(1, 6)},           # [R] 5 black dice tokens (rows 1–5)
    "informant": {"": 5}, "witness": {"": 5},                  # [R]
    "search": {"success": 4, "fail": 3},                       # [R] 7, at least 3 successes; [D] 4/3
    "stakeout": {str(i): 1 for i in range(1, 6)},             # [R] numbered 1–5
    "holding": {"red": 1, "blue": 1, "grey": 1},               # [R]
    "evidence": {t: 1 for t in TYPES},                         # [R] 5
    "mobster": {"red": 6, "blue": 6, "grey": 6},               # [R] three colours; [D] 6 each
    "event": {str(i): 2 for i in range(1, 4)},                 # [D] 6, numbered like the 3 slots (event_markers)
    "tracker": {p: 1 for p in PLAYER_COLOURS}, "car": {p: 1 for p in PLAYER_COLOURS},
    "badge": {p: 1 for p in PLAYER_COLOURS},                   # [R] one each per player
}
SEARCH_SUCCESSES_MIN = 3                                      # [R]

# rule parameters that game.yaml `data:` must state exactly (and that the print takes from there)
DATA = {
    "first_hour": 1,            # [R] the time track starts at 1 (trackers start beside it)
    "hours": 48,                # [R] the time track 1–48; no tracker moves past it
    "badge_min": 0,             # [R] badges start on 0 (and start again there on the 10+ side)
    "accuse_from": 43,          # [R] hours 43–48 are red: accuse
    "late_event_from": 38,      # [R] a "38+" event needs a tracker on 38–48
    "event_slots": 3,           # [R] at most 3 events open, slots numbered 1–3
    "city_size": 5,             # [R] 5 x 5 city round HQ
    "drive_hours": 1,           # [R] 1 hour per block driven
    "bullet_dice": 2,           # [R]
    "die_faces": 6,             # [R] d6
    "mobsters_at_setup": 3,     # [R]
    "abilities_dealt": 2,       # [R] deal 2, keep 1
    "abilities_kept": 1,        # [R]
    "force_dealt": 1,           # [R]
    "badge_max": 9,             # [R] track 0–9, then the 10+ side
    "badge_flip": "10+",        # [R]
    "badge_per_clue": 1,        # [R]
    "car_capacity": 1,          # [R] at most 1 mobster on your mat (holding)
    "troubled_hours": 1,        # [R] troubled times, suspect deck empty: every tracker +1
    "day_night": 12,            # [D] day and night blocks of 12 hours, day first
    "mat_hours": 24,            # [R] two mats make 1–48
}
CLUE = {"gang": ("witness", 5), "rank": ("informant", 5), "forensics": ("search", 3),   # [R] (gang: the
        "getaway": ("stakeout", 3), "weapon": ("holding", 3)}                           # 5 witnesses, by elimination)
# action → (when, hours: int or (min, max) or None, nights)
ACTIONS = {"arrest": ("any", 1, 1), "coffee": ("any", 1, 1), "backup": ("day", (1, 6), 1),        # [R]
           "informant": ("day", 2, 1), "witness": ("night", 2, 1), "search": ("day", 2, 1),
           "stakeout": ("night", (1, 5), 1), "holding": ("night", 2, 2), "accuse": ("late", None, 1)}
BADGE_ACTIONS = {"informant", "witness", "search", "stakeout", "holding"}                 # [R] a clue token: badge +1
TIEBREAK = (("badge", "max"), ("hours", "min"), ("evidence", "max"))                     # [R]
MODES = {"standard": (2, 4), "coop": (2, 4), "solo": (1, 1)}                             # [R] 1–4; [D] split
SOLO_OFFICERS = 2                                                                        # [D]


# ---- the rules as entries (content/tiny-epic-crimes/rules.yaml) -----------------------------------
# rule name → what the published game says, and the values each parameter may take. An entry that
# leaves them is a finding at its line (api.judge); the edition's own decisions are not listed here.
RULES = {
    "time_track": {"rule": "the time track runs from hour 1 to hour 48", "first": (1,), "last": (48,)},
    "turn_order": {"rule": "the officer whose tracker is furthest behind acts next; on a shared space, the one on top",
                   "acts": ("furthest_behind",), "tie": ("top",)},
    "start_stack": {"rule": "the trackers start stacked by age beside the first hour", "by": ("age",),
                    "beside": ("first_hour",)},
    "turn_steps": {"rule": "a turn is an optional drive, one required action, an event draw when due and a required "
                           "mobster roll", "drive": ("optional",), "action": ("one",), "event": ("conditional",),
                   "mobster_roll": ("required",)},
    "drive": {"rule": "driving moves the car up, down, left or right any number of blocks at 1 hour a block",
              "hours_per_block": (1,), "moves": ("orthogonal",), "blocks": ("any",)},
    "tracker_move": {"rule": "after the action the tracker moves forward by the hours driven plus the action's hours",
                     "by": ("drive_plus_action",), "when": ("after_action",)},
    "track_end": {"rule": "no tracker may pass hour 48: an action that would take it past must be another action",
                  "past_last": ("choose_another_action",)},
    "action_time": {"rule": "where the tracker stands at the start of the turn decides day or night actions",
                    "decided_by": ("start_of_turn",)},
    "arrest": {"rule": "an arrest takes 1 hour, at any time, of a mobster on your block", "when": ("any",),
               "hours": (1,), "needs": ("mobster_on_block",)},
    "coffee": {"rule": "coffee takes 1 hour at any time and does nothing", "when": ("any",), "hours": (1,)},
    "backup": {"rule": "calling backup, by day, with a mobster on or next to your block, spends 1–6 hours; a roll at "
                       "most the hours arrests the mobsters on and next to your block and draws a force card, a higher "
                       "roll arrests only the one on your block",
               "when": ("day",), "hours_min": (1,), "hours_max": (6,), "needs": ("mobster_on_or_next",),
               "success": ("roll_at_most_hours",), "success_arrests": ("block_and_next",),
               "success_reward": ("force_card",), "fail_arrests": ("own_block",)},
    "informant": {"rule": "turning an informant, by day, takes 2 hours: a mobster on your block and an informant "
                          "still beside its row", "when": ("day",), "hours": (2,), "needs": ("mobster_on_block",),
                  "token": ("row",)},
    "witness": {"rule": "finding a witness, at night, takes 2 hours: a mobster on your block and a witness still "
                        "below its column", "when": ("night",), "hours": (2,), "needs": ("mobster_on_block",),
                "token": ("column",)},
    "search": {"rule": "a search, by day, takes 2 hours and keeps the flipped token, success or failure; once the "
                       "forensics evidence is found the other search tokens leave the city",
               "when": ("day",), "hours": (2,), "needs": ("search_token",), "keeps": ("success_or_fail",),
               "after_found": ("remove_rest",)},
    "stakeout": {"rule": "a stakeout, at night, spends 1–5 hours and takes the token if its number is at most the "
                         "hours, else puts it back unseen; once the getaway evidence is found the rest leave",
                 "when": ("night",), "hours_min": (1,), "hours_max": (5,), "take": ("number_at_most_hours",),
                 "miss": ("back_unseen",), "after_found": ("remove_rest",)},
    "holding": {"rule": "a holding takes 2 hours on each of two nights, one mobster in the car; a colour already taken "
                        "gives a force card instead", "when": ("night",), "hours": (2,), "nights": (2,),
                "car_capacity": (1,), "colour_gone": ("force_card",), "after_found": ("force_card",)},
    "accuse": {"rule": "an officer whose turn ends on hours 43–48 may lay the car down and is out until everyone "
                       "accuses", "from": (43,), "when": ("turn_ends_on_red",), "choice": ("may",), "then": ("out",)},
    "clue_tokens": {"rule": "witnesses find the gang, informants the rank, successful searches the forensics, "
                            "stakeouts the getaway and holdings the weapon", "gang": ("witness",),
                    "rank": ("informant",), "forensics": ("search_success",), "getaway": ("stakeout",),
                    "weapon": ("holding",)},
    "evidence_found": {"rule": "an evidence is found with 5 witnesses, 5 informants, 3 successful searches, 3 "
                               "stakeouts or 3 holdings", "gang": (5,), "rank": (5,), "forensics": (3,),
                       "getaway": (3,), "weapon": (3,)},
    "evidence_holder": {"rule": "the officer who takes the last clue holds the evidence and may look at it any time",
                        "who": ("last_clue",), "looks": ("any_time",)},
    "evidence_reward": {"rule": "every officer with a clue of the type found draws one suspect card",
                        "who": ("every_contributor",), "suspect_cards": (1,)},
    "evidence_look": {"rule": "solving an event lets you look at an evidence another officer holds, paying one suspect "
                              "card the holder picks blind; you need a card, and the holder cannot refuse",
                      "after": ("any_solved_event",), "pays": ("one_suspect_card",), "needs": ("one_suspect_card",),
                      "holder_refuses": ("never",)},
    "alibi_source": {"rule": "an alibi is the suspect deck's top card or a blind pick from an opponent's hand; with the "
                             "deck empty, only the pick", "choose": ("deck_or_opponent",), "deck": ("top",),
                     "opponent": ("blind_pick",), "deck_empty": ("opponent_only",)},
    "interrogate": {"rule": "an interrogation picks one of an opponent's suspect cards blind, looks and gives it back",
                    "pick": ("blind",), "card": ("returned",)},
    "badge": {"rule": "the badge starts on 0 and moves 1 space per clue token and per alibi an event gives; past 9 it "
                      "flips to 10+ and starts again at 0", "start": (0,), "per_clue": (1,), "per_event_alibi": (1,),
              "last": (9,), "past_last": ("flip_and_restart",)},
    "events": {"rule": "at most 3 events are open, each in the lowest free slot; the first tracker across an event "
                       "line draws one, and so does a mobster roll on a taken block", "slots": (3,),
               "place": ("lowest_free",), "draw_when": ("first_across_line",), "occupied_roll": ("draw",)},
    "late_events": {"rule": "a 38+ event drawn while no tracker is on hours 38–48 is discarded and another drawn",
                    "from": (38,), "early": ("discard_and_redraw",)},
    "event_setup": {"rule": "an event's setup rerolls sixes and taken blocks, ignores crime sprees and puts nothing "
                            "on HQ unless it says so", "reroll_six": (True,), "reroll_occupied": (True,),
                    "spree": ("ignored",), "hq": ("only_if_card_says",)},
    "event_solve": {"rule": "everyone who took part in solving an event takes its reward; the card, its markers and "
                            "mobsters leave", "reward": ("each_participant",), "discard": ("card_markers_mobsters",)},
    "troubled_times": {"rule": "an event due with every slot full discards the top suspect card unseen; with the deck "
                               "empty every tracker moves 1 hour", "when": ("slots_full",), "discard": ("top_suspect",),
                       "deck_empty": ("every_tracker_forward",), "hours": (1,)},
    "mobster_roll": {"rule": "each turn ends with both dice: white the column, black the row; an empty block gets a "
                             "mobster, a taken one draws an event, a six or 3-3 is quiet, another double rolls again, an "
                             "empty cup is troubled times", "dice": (2,), "white": ("column",), "black": ("row",),
                     "empty": ("add_mobster",), "occupied": ("draw_event",), "quiet": ("six_or_hq",),
                     "spree": ("other_doubles",), "bag_empty": ("troubled_times",)},
    "one_mobster": {"rule": "a block never holds more than one mobster", "per_block": (1,)},
    "setup_mobsters": {"rule": "setup places exactly 3 mobsters, rerolling sixes, 3-3 and taken blocks (no crime "
                               "sprees)", "count": (3,), "reroll": ("six_hq_occupied",)},
    "setup": {"rule": "each officer is dealt 2 abilities and keeps 1, and gets 1 secret force card; cars start on HQ, "
                      "badges on 0, the first event in slot 1", "abilities_dealt": (2,), "abilities_kept": (1,),
              "force_dealt": (1,), "cars": ("hq",), "badges": (0,), "first_event": ("slot_1",)},
    "game_end": {"rule": "when every car lies on its side, everyone accuses at once", "when": ("all_cars_down",),
                 "accusations": ("simultaneous",)},
    "winner": {"rule": "among those who named the murderer the highest badge wins, then the fewest hours, then the "
                       "most evidence, then they share; if nobody is right, everyone loses",
               "among": ("correct_accusers",), "order": (["badge_highest", "hours_fewest", "evidence_most"],),
               "still_tied": ("share",), "nobody_right": ("everyone_loses",)},
    "coop": {"rule": "the co-op team shares everything, so nobody looks at evidence after an event, and makes one "
                     "accusation: all win or all lose", "information": ("open",), "evidence": ("shared",),
             "looks": ("none",), "accusation": ("one_team",), "win": ("all_or_nobody",)},
}

# (entry, parameter) → where game.yaml `data:` states the same number for the print
ENTRY_DATA = {("time_track", "first"): ("first_hour",), ("time_track", "last"): ("hours",),
              ("accuse", "from"): ("accuse_from",), ("late_events", "from"): ("late_event_from",),
              ("events", "slots"): ("event_slots",), ("drive", "hours_per_block"): ("drive_hours",),
              ("mobster_roll", "dice"): ("bullet_dice",), ("setup_mobsters", "count"): ("mobsters_at_setup",),
              ("setup", "abilities_dealt"): ("abilities_dealt",), ("setup", "abilities_kept"): ("abilities_kept",),
              ("setup", "force_dealt"): ("force_dealt",), ("badge", "start"): ("badge_min",),
              ("badge", "last"): ("badge_max",), ("badge", "per_clue"): ("badge_per_clue",),
              ("holding", "car_capacity"): ("car_capacity",), ("troubled_times", "hours"): ("troubled_hours",),
              ("day_night", "block"): ("day_night",), ("modes", "standard_min"): ("modes", "standard", "min"),
              ("modes", "standard_max"): ("modes", "standard", "max"), ("modes", "coop_min"): ("modes", "coop", "min"),
              ("modes", "coop_max"): ("modes", "coop", "max"), ("modes", "solo_officers"): ("modes", "solo", "officers"),
              **{("evidence_found", t): ("clue", t, "count") for t in TYPES}}
REWARD_NAMES = {"force_card": "force", "suspect_card": "alibi", "interrogate": "interrogate"}
