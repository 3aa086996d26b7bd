"""Doomsday Files: the rules.yaml entries judged against the published rules and this edition's data.

RULES: every entry that restates the published game, with the values the published rules allow;
`api.judge` reports an entry that leaves them at its line, naming the published rule. EDITION: the
edition's own decisions whose numbers game.yaml `data:` prints too (the guardians' 15 …); an entry
that plays another number than the print says is a finding at its line as well.
"""
from __future__ import annotations

from pnp.rules import api
from pnp.rules.api import error
from pnp.games.doomsday_files import logic as L

RULES = {
    "players": {"rule": "the game is for 4 to 8 players", "min": (4,), "max": (8,)},
    "secrets_deal": {"rule": "deal 2 guardians and 1 heretic at 4-5 players, 3 guardians and 1 heretic at 7-8, "
                             "the rest drawn at random from the other secrets",
                     "guardians_four_five": (2,), "guardians_seven_eight": (3,), "heretics": (1,),
                     "rest": ("random_others",)},
    "profession_choice": {"rule": "each player draws 2 professions, keeps 1, and all reveal together",
                          "draw": (2,), "keep": (1,), "reveal": ("together",)},
    "deal_actions": {"rule": "each player draws 5 action cards and gives 1 face down to each neighbour as a case",
                     "deal": (5,), "case_left": (1,), "case_right": (1,)},
    "sanity_start": {"rule": "sanity and the sanity limit start at 4, and sanity never goes above the limit",
                     "sanity": (4,), "limit": (4,), "above_limit": (False,)},
    "doom_start": {"rule": "doom starts at 0", "doom": (0,)},
    "first_player": {"rule": "the first player is chosen at random", "choose": ("random",)},
    "turn_order": {"rule": "the next turn is the player's on the left", "next": ("left",)},
    "draw_phase": {"rule": "the active player draws 2 action cards", "cards": (2,)},
    "resolve_cases": {"rule": "a player may resolve any number of cases in a turn, but none after solving a mystery",
                      "per_turn": ("unlimited",), "after_solving": ("stop",)},
    "resolve_showing": {"rule": "the holder shows cards in the order they choose until the case succeeds or the "
                                "whole hand is shown, holding none back",
                        "order": ("holder_chooses",), "until": ("success_or_hand_shown",), "hold_back": (False,)},
    "shown_cards": {"rule": "cards shown to resolve a case are only shown: they stay in the hand",
                    "return_to": ("hand",)},
    "pass_case": {"rule": "once each turn, and required, the active player passes a case: a card from hand, or the "
                          "unseen top card of the deck, either way round",
                  "per_turn": (1,), "required": (True,), "from": ("hand_or_deck_top",), "direction": ("either",)},
    "take_case": {"rule": "a player may refuse a passed case; one with 3 cases, or at sanity 0, cannot take it",
                  "may_refuse": (True,), "limit": (3,), "at_zero_sanity": (False,)},
    "untaken_case": {"rule": "a case nobody takes is discarded when it comes back, and doom rises by 1",
                     "then": ("discard",), "doom": (1,)},
    "passing_hints": {"rule": "a player passing a case may not say or hint what kind it is or how difficult",
                      "allowed": (False,)},
    "case_arrangement": {"rule": "a player may arrange the cases in front of them and remember who passed each, but "
                                 "keep no marks and ask nobody",
                         "rearrange": (True,), "notes": (False,)},
    "claim_victory": {"rule": "only a guardian or the apostate claims victory, once a turn",
                      "who": ("guardian_or_apostate",), "per_turn": (1,)},
    "end_phase": {"rule": "keep at most 5 cards; with 3 or more cases, lose 2 sanity",
                  "hand_limit": (5,), "case_penalty": (2,), "at_cases": (3,)},
    "symbols": {"rule": "a gun is force, a magnifier investigate, a star either",
                "gun": ("force",), "magnifier": ("investigate",), "star": ("either",)},
    "case_corner": {"rule": "an exclamation mark is a monster, a question mark a mystery",
                    "exclaim": ("monster",), "question": ("mystery",)},
    "monster": {"rule": "a monster is beaten when force reaches its difficulty (draw 1); else the holder loses the "
                        "difference in sanity",
                "success": ("force_reaches_difficulty",), "success_draw": (1,),
                "failure_sanity": ("difficulty_minus_force",)},
    "mystery": {"rule": "a mystery solved stays in front of the holder; a failed one is discarded and doom rises by 1",
                "success": ("keep_solved",), "failure_doom": (1,)},
    "forbidden_shown": {"rule": "whenever a forbidden card is shown, its holder loses 1 sanity; discarding it "
                                "does not count",
                        "sanity": (1,), "who": ("holder",), "discarding_counts": (False,)},
    "sanity_zero": {"rule": "at sanity 0 doom rises by 1, and by 1 more for each unresolved case the player "
                            "discards; on their own turn they may only pass a case",
                    "doom": (1,), "per_discarded_case": (1,), "discards": ("open_cases",), "own_turn": ("pass_only",)},
    "sanity_zero_effects": {"rule": "at sanity 0 a player can use no card effect, and no card effect touches them",
                            "use_effects": (False,), "touched": (False,)},
    "recovery": {"rule": "at the start of their next turn the player draws 2 professions, keeps 1 over the old one, "
                         "and sanity returns to the limit",
                 "professions": (2,), "keep": (1,), "cover_old": (True,), "sanity": ("limit",)},
    "heretic_win": {"rule": "the heretic wins the moment doom reaches 13", "doom": (13,), "when": ("at_once",)},
    "guardian_claim": {"rule": "a claim wins only if everyone named is a guardian; a wrong ally only says so, and a "
                               "failed claim raises doom by half of what is left, rounded up; the guardians win "
                               "together",
                       "allies": ("every_named_is_guardian",), "wrong_ally_reveals": (False,),
                       "failure_doom": ("half_left_rounded_up",), "winners": ("every_guardian",)},
    "apostate_win": {"rule": "the apostate wins alone the moment their own solved mysteries reach the target",
                     "when": ("at_once",), "counts": ("own_solved",)},
    "seeker_win": {"rule": "the seeker's goal is checked at the end of their turn, after discarding",
                   "when": ("end_of_turn_after_discard",)},
    "spectator_win": {"rule": "the doomsayer, cursed blood and ignorant are checked only when someone other than "
                              "the heretic wins, and cannot end the game",
                      "when": ("another_wins_but_heretic",), "ends_game": (False,)},
}

# edition decisions whose numbers game.yaml `data:` prints: entry → {parameter: data key}
EDITION = {
    "secrets_at_six": {"guardians": lambda: L.setup(6)["guardian"]},
    "forbidden_symbols": {"power": lambda: L.FORBIDDEN_POWER},
    "guardian_target": {"difficulty": lambda: L.GUARDIAN_TARGET},
    "apostate_target": {"difficulty": lambda: L.APOSTATE_TARGET},
    "seeker_goal": {"forbidden": lambda: L.SEEKER_FORBIDDEN, "mysteries": lambda: L.SEEKER_MYSTERIES},
    "spectator_goals": {"doomsayer_doom": lambda: L.DOOMSAYER_DOOM, "cursed_covered": lambda: L.CURSED_COVERED,
                        "ignorant_solved": lambda: 0},
}


def check(game):
    yield from api.judge(game, RULES)
    yield from check_booklets(game)
    entries = getattr(game, "entries", None) or {}
    for name, params in EDITION.items():
        entry = entries.get(name)
        if not isinstance(entry, dict):
            yield error(_where(entries, game), f"the rule `{name}` is missing from rules.yaml — this edition "
                        f"decides it and its cards print it; add the entry back", check=f"rules:{name}")
            continue
        if entry.get("edition") is not True:
            yield error(entries.at(name) if hasattr(entries, "at") else game.pos,
                        f"rule `{name}` is this edition's decision (the original is silent) — mark it `edition: true` "
                        f"with a `why:`", check=f"rules:{name}")
        for key, want in params.items():
            have, value = entry.get(key), want()
            if have != value:
                pos = entry.at(key) if key in entry and hasattr(entry, "at") else entries.at(name)
                yield error(pos, f"rule `{name}`: `{key}` is {have!r}, but the cards and booklet print {value} "
                            f"(game.yaml `data:`) — write {value}, or change both", check=f"rules:{name}")


# the booklet section that lists the edition decisions, by language (its heading)
EDITION_HEADING = {"en": "Edition decisions", "zh-TW": "本版自訂規則"}


def check_booklets(game):
    """Every edition decision of rules.yaml is listed, with its why, in each booklet's section of
    edition decisions (the booklet is where a player reads what this edition decided)."""
    import re
    from pathlib import Path

    entries = getattr(game, "entries", None) or {}
    decided = {name: e for name, e in entries.items() if isinstance(e, dict) and e.get("edition") is True}
    if not decided:
        return
    for lang in game.languages:
        heading = EDITION_HEADING.get(lang)
        path = Path(game.root) / f"rules.{lang}.md"
        if heading is None or not path.exists():
            continue
        text = path.read_text("utf-8")
        shown = api.display_path(path)
        found = re.search(rf"^# {re.escape(heading)}[ \t]*$", text, re.M)
        if not found:
            yield error(api.Pos(shown, 1, 1), f"the {lang} rules booklet has no section `# {heading}` — list each "
                        f"edition decision of rules.yaml there with its why", check="rules:edition-list")
            continue
        section = text[found.end():]
        nxt = re.search(r"^# ", section, re.M)
        section = " ".join((section[:nxt.start()] if nxt else section).split())
        for name, entry in decided.items():
            why = entry.get("why")
            said = why.get(lang) if isinstance(why, dict) else why
            if isinstance(said, str) and " ".join(said.split()) not in section:
                pos = (why.at(lang) if isinstance(why, dict) and hasattr(why, "at") and lang in why else
                       entry.at("why") if hasattr(entry, "at") and "why" in entry else entries.at(name))
                yield error(pos, f"the edition decision `{name}` is not listed in the {lang} booklet's "
                            f"“{heading}” with this why — copy it there (or reword both alike)",
                            check="rules:edition-list")


def _where(entries, game):
    return entries.pos if hasattr(entries, "pos") else game.pos
