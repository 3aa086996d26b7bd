"""Criminal Poker: game.yaml `data:` judged against the published rules (criminal_poker.py constants).

The printed rule phrases and setup tables are built from these values, so each one is checked here at
its own line, root cause first: a wrong parameter is one finding at the data key, not one per card.
"""
from __future__ import annotations

from collections import Counter

from pnp.rules.api import Pos, display_path, error, judge
from pnp.games.criminal_poker import logic as cp

TYPES = tuple(cp.EVIDENCE)


def _pos(m, key, default):
    return m.at(key) if hasattr(m, "at") else default


# The published rules (the author's post), one per rules.yaml entry that restates them: what the rule
# says, and the values each parameter may take. `api.judge` reports a deviation at the entry's line.
RULES = {
    "sheriff_mode": {"rule": "sheriff mode is 1 sheriff and 3–5 suspects", "sheriff": (1,), "suspects": ([3, 4, 5],)},
    "detective_mode": {"rule": "detective mode is 3–5 suspects, the detective among them",
                       "detective": ("one_of_suspects",), "suspects": ([3, 4, 5],)},
    "evidence_deck": {"rule": "with n suspects the evidence deck is 3(n − 2) physical cards and every other evidence card",
                      "physical_per_suspect": (3,), "physical_less": (2,), "others": ("all",)},
    "deal_sheriff": {"rule": "sheriff mode deals the sheriff card and one citizen card per suspect",
                     "sheriff": (1,), "citizens": ("suspects",)},
    "deal_detective": {"rule": "detective mode deals the detective and one citizen fewer than the suspects",
                       "detective": (1,), "citizens": ("suspects_less_one",)},
    "identity_reveal": {"rule": "the sheriff or detective reveals; without special roles citizens may reveal too",
                        "leader": ("reveals",), "citizens": ("may_reveal_without_specials",)},
    "special_roles": {"rule": "the mastermind and the sociopath replace citizens, and then only the sheriff or the "
                      "detective reveals", "replace": ("citizen",), "reveal": ("leader_only",),
                      "kinds": (["mastermind", "sociopath"],)},
    "special_limit": {"rule": "sheriff mode limits special roles only by the cards; in detective mode the detective "
                      "and the special roles do not outnumber the citizens",
                      "sheriff": ("cards_only",), "detective": ("not_more_than_citizens",)},
    "setup_hand": {"rule": "each suspect draws 2, keeps 1 face down and pushes 1 face down to the centre, all "
                   "revealed together", "draw": (2,), "keep": (1,), "show": (1,), "show_together": (True,)},
    "turn_order": {"rule": "the sheriff (in detective mode the detective) decides who acts next", "chosen_by": ("leader",)},
    "turns": {"rule": "each suspect takes one turn, passing counts as a turn, and the detective takes one too",
              "each_suspect": (1,), "pass_is_turn": (True,), "detective_too": (True,)},
    "turn_actions": {"rule": "on a turn a suspect passes, or draws 1 card and may reveal at most 1 of the new card "
                     "and the hidden one", "pass": (True,), "draw": (1,), "reveal_at_most": (1,),
                     "reveal_from": ("new_or_hidden",)},
    "deck_look": {"rule": "when every suspect has acted the sheriff (detective) may look at the deck and share it by "
                  "word only, lies allowed", "when": ("all_played",), "by": ("leader",), "share": ("words_only",),
                  "lies": ("allowed",)},
    "questioning": {"rule": "when every suspect has acted the sheriff may question them and they may speak",
                    "when": ("all_played",), "by": ("leader",), "suspects_speak": (True,)},
    "arrest": {"rule": "the sheriff names one suspect to arrest; in detective mode everyone votes",
               "sheriff": ("sheriff_names_one",), "detective": ("vote",)},
    "vote": {"rule": "every suspect votes, no abstaining and not for oneself (the detective may be voted for); "
             "most votes is arrested", "abstain": (False,), "self": (False,), "detective": ("allowed",),
             "most": ("arrested",)},
    "vote_tie": {"rule": "a two-way tie for most votes succeeds if either is a murderer", "size": (cp.VOTE_TIE,),
                 "succeeds_if": ("either_murderer",)},
    "revote": {"rule": "a tie of three or more for most votes is discussed and voted again", "from": (cp.REVOTE,)},
    "all_cards_count": {"rule": "every card a suspect holds counts, shown or hidden", "shown": ("counts",),
                        "hidden": ("counts",)},
    "weapon": {"rule": "whoever holds the murder weapon is the murderer", "holder": ("murderer",)},
    "physical": {"rule": "each physical card is innocence 2 and they all add up", "value": (cp.PHYSICAL_VALUE,),
                 "count": ("all",)},
    "statement": {"rule": "only the highest self-statement counts", "count": ("highest",)},
    "witness": {"rule": "a lone eyewitness account counts; two or more are all void", "void_at": (cp.WITNESS_VOID,)},
    "murderer": {"rule": "the lowest innocence is the murderer", "innocence": ("lowest",)},
    "murderer_tie": {"rule": "on a tie of lowest innocence, fewer valid cards is the murderer", "valid_cards": ("fewer",)},
    "full_tie": {"rule": "still tied, all of them are co-murderers and arresting any one catches the murderer",
                 "outcome": ("co_murderers",), "arrest_any": ("caught",)},
    "win_arrest": {"rule": "arresting the murderer wins for the sheriff and the citizens; a wrong arrest wins for the "
                   "murderer", "murderer_caught": ("leader_and_citizens",), "wrong_arrest": ("murderer",)},
}
# rules.yaml parameters that game.yaml `data.rules` restates for the printed phrases: they must agree
SAME = {("physical", "value"): "physical_value", ("witness", "void_at"): "witness_void",
        ("setup_hand", "draw"): "setup_draw", ("setup_hand", "keep"): "setup_keep", ("setup_hand", "show"): "setup_show",
        ("turn_actions", "draw"): "turn_draw", ("turn_actions", "reveal_at_most"): "turn_reveal",
        ("vote_tie", "size"): "vote_tie", ("revote", "from"): "revote"}


def _agree(game):
    """Where a rules.yaml parameter and the game.yaml `data.rules` value printed from it disagree (a
    value the published rules do not allow is judge's finding alone)."""
    entries = getattr(game, "entries", None) or {}
    rules = game.data.get("rules") if isinstance(game.data, dict) else None
    if not isinstance(rules, dict):
        return
    for (name, key), dkey in SAME.items():
        entry = entries.get(name)
        if isinstance(entry, dict) and key in entry and dkey in rules and entry[key] != rules[dkey] \
                and entry[key] in RULES.get(name, {}).get(key, (entry[key],)):
            yield error(entry.at(key) if hasattr(entry, "at") else game.pos,
                        f"rule `{name}`: `{key}` is {entry[key]!r}, but game.yaml `data.rules.{dkey}` prints "
                        f"{rules[dkey]!r} — make them the same", check=f"rules:{name}")


EDITION_TITLE = {"en": "Edition decisions", "zh-TW": "本版自訂規則"}


def _edition_listed(game):
    """Every edition decision (rules.yaml `edition: true`) is listed, through its phrase and with its why
    (`game.rules.<name>.why`, or the why written out), in each rules booklet under its "Edition
    decisions" heading."""
    from pathlib import Path
    entries = getattr(game, "entries", None) or {}
    for comp in game.components.values():
        for lang, path in (getattr(comp, "files", None) or {}).items():
            try:
                src = " ".join(Path(path).read_text(encoding="utf-8").split())
            except (OSError, UnicodeDecodeError):
                continue   # the booklet engine reports an unreadable file
            title = EDITION_TITLE.get(lang)
            head = src.find(f"# {title}") if title else -1
            if title and head < 0:
                yield error(Pos(display_path(path), 1, 1), f"the rules booklet `{comp.id}` ({lang}) has no section "
                            f"“{title}” — add `# {title}` listing each edition decision with its why", check="edition")
                continue
            for name, entry in entries.items():
                if not (isinstance(entry, dict) and entry.get("edition") is True and isinstance(entry.get("why"), dict)):
                    continue
                why = entry["why"].get(lang)
                listed = f"rule('{name}')" in src[head:] and (f"game.rules.{name}.why" in src[head:]
                                                              or " ".join(str(why).split()) in src[head:])
                if isinstance(why, str) and not listed:
                    yield error(entry.key_at("why") if hasattr(entry, "key_at") else game.pos,
                                f"the edition decision `{name}` is not listed in the rules booklet `{comp.id}` ({lang}) "
                                f"under “{title}” — add `{{{{ rule('{name}') }}}}` there with its why, `{{{{ game.rules.{name}.why }}}}`",
                                check="edition")


def check(game):
    yield from judge(game, RULES)
    yield from _agree(game)
    yield from _edition_listed(game)
    yield from _card_mix(game)
    data = game.data
    top = game.meta.at("data") if "data" in game.meta else game.pos
    if not isinstance(data, dict):
        return
    yield from _rules(data, top)
    yield from _suspects(game, data, top)
    yield from _setup(game, data, top)
    yield from _type_names(data)
    icons = data.get("type_icon")
    if isinstance(icons, dict):
        seen = {}
        for t in TYPES:
            if t in icons and icons[t] in seen:
                yield error(icons.at(t), f"data `type_icon.{t}` is `{icons[t]}`, the icon of `{seen[icons[t]]}` too: "
                            f"the type icon is what tells evidence types apart besides colour — give each its own",
                            check="data")
            seen.setdefault(icons.get(t), t)
    for key in ("types", "type_icon"):
        m = data.get(key)
        if not isinstance(m, dict):
            yield error(top, f"data `{key}` is missing: the evidence cards print it for each type — "
                        f"add `{key}:` with {', '.join(TYPES)}", check="data")
            continue
        for t in TYPES:
            if t not in m:
                yield error(_pos(data, key, top), f"data `{key}` has no `{t}` — add it (every evidence type prints it)",
                            check="data")


def _rules(data, top):
    rules = data.get("rules")
    if not isinstance(rules, dict):
        yield error(top, "data `rules` is missing: the printed rule phrases are built from its parameters — add "
                    "`rules:` with " + ", ".join(f"{k}: {v}" for k, v in cp.RULES.items()), check="data")
        return
    for key, want in cp.RULES.items():
        if key not in rules:
            yield error(_pos(data, "rules", top), f"data `rules` has no `{key}` (the rules say {want}) — add `{key}: {want}`",
                        check="data")
        elif rules[key] != want or isinstance(rules[key], bool):
            yield error(rules.at(key), f"data `rules.{key}` is {rules[key]!r}, but the rules of the game say {want!r} "
                        f"— write `{key}: {want}`", check="data")
    for key in rules:
        if key not in cp.RULES:
            yield error(rules.key_at(key), f"data `rules.{key}` is not a rule of the game (nothing checks or uses it) "
                        f"— remove it; the parameters are {', '.join(cp.RULES)}", check="data")


def _suspects(game, data, top):
    sus = data.get("suspects")
    if not isinstance(sus, list) or list(sus) != list(cp.SUSPECTS):
        yield error(_pos(data, "suspects", top), f"data `suspects` is {sus!r}, the game is for "
                    f"{cp.SUSPECTS[0]}–{cp.SUSPECTS[-1]} suspects — write `suspects: {list(cp.SUSPECTS)}`", check="data")
    want = f"{cp.SUSPECTS[0]}-{cp.SUSPECTS[-1] + 1}"   # detective mode from 3; sheriff mode + 1 sheriff up to 6
    if str(game.meta.get("players", "")) != want:
        yield error(game.meta.at("players") if "players" in game.meta else game.pos,
                    f"players is {game.meta.get('players')!r}: detective mode takes {cp.SUSPECTS[0]} suspects and "
                    f"sheriff mode up to 1 + {cp.SUSPECTS[-1]} — write `players: \"{want}\"`", check="data")


def _table(data, key, top, want, what, have=None, have_what="", name=None):
    """A per-suspect-count table `{n: value}` checked value by value; `have` is what the pieces allow."""
    t = data.get(key)
    key = name or key
    if not isinstance(t, dict):
        yield error(top, f"data `{key}` is missing — add `{key}:` with {what} for {', '.join(map(str, cp.SUSPECTS))} "
                    f"suspects: {dict(want)}", check="setup")
        return
    for n in cp.SUSPECTS:
        if n not in t:
            yield error(_pos(data, key, top), f"data `{key}` has no row for {n} suspects — add `{n}: {want[n]}`", check="setup")
        elif t[n] != want[n]:
            yield error(t.at(n), f"data `{key}.{n}` is {t[n]!r}, the rules give {want[n]!r} {what} with {n} suspects — "
                        f"write `{n}: {want[n]}`", check="setup")
        if have is not None and n in t and isinstance(t[n], dict):
            for role, k in t[n].items():
                if isinstance(k, int) and k > have.get(role, 0):
                    yield error(t[n].at(role) if hasattr(t[n], "at") else t.at(n),
                                f"data `{key}.{n}.{role}` deals {k} `{role}` card(s), but the {have_what} has "
                                f"{have.get(role, 0)} — the game cannot be set up", check="setup")
        elif have is not None and n in t and isinstance(t[n], int) and t[n] > have.get("", 0):
            yield error(t.at(n), f"data `{key}.{n}` needs {t[n]} cards, but the {have_what} has {have.get('', 0)} — "
                        f"the game cannot be set up", check="setup")
    for n in t:
        if n not in cp.SUSPECTS:
            yield error(t.key_at(n), f"data `{key}` has a row for {n!r} suspects: the game is for "
                        f"{cp.SUSPECTS[0]}–{cp.SUSPECTS[-1]} — remove it", check="setup")


def _setup(game, data, top):
    comps = game.components
    phys = sum(it.copies for it in comps["evidence"].items if it.get("type") == "physical") if "evidence" in comps else None
    yield from _table(data, "physical_in_play", top, {n: cp.physical_in_play(n) for n in cp.SUSPECTS},
                      "physical cards", None if phys is None else {"": phys}, "evidence deck")
    roles = Counter()
    if "identities" in comps:
        for it in comps["identities"].items:
            roles[str(it.get("role"))] += it.copies
    deals = data.get("deal")
    if not isinstance(deals, dict):
        yield error(top, "data `deal` is missing — add `deal:` with `sheriff:` and `detective:` tables of the identity "
                    "cards dealt per number of suspects", check="setup")
    else:
        for mode in ("sheriff", "detective"):
            if mode not in deals:
                yield error(_pos(data, "deal", top), f"data `deal` has no `{mode}` mode — add it", check="setup")
                continue
            yield from _table(deals, mode, deals.at(mode), {n: cp.deal(mode, n) for n in cp.SUSPECTS},
                              f"identity cards in {mode} mode", dict(roles) if roles else None, "identity deck",
                              name=f"deal.{mode}")
    yield from _table(data, "special_max", top, {n: cp.special_max("detective", n) for n in cp.SUSPECTS},
                      "special roles at most in detective mode (detective + special roles never outnumber citizens)")
    specials = sum(roles[r] for r in cp.SPECIAL)
    sm = data.get("special_max")
    if roles and isinstance(sm, dict):
        for n, k in sm.items():
            if isinstance(k, int) and k > specials:
                yield error(sm.at(n), f"data `special_max.{n}` allows {k} special roles, the identity deck has "
                            f"{specials}", check="setup")



# the word each evidence type's printed name must contain (the seed's terms), per language
TYPE_WORDS = {"physical": {"zh-TW": "物證", "en": "physical"}, "statement": {"zh-TW": "陳述", "en": "statement"},
              "witness": {"zh-TW": "目擊", "en": "witness"}, "weapon": {"zh-TW": "兇器", "en": "weapon"}}


def _type_names(data):
    names = data.get("types")
    if not isinstance(names, dict):
        return
    for t, words in TYPE_WORDS.items():
        name = names.get(t)
        if not isinstance(name, dict):
            continue
        for lang, word in words.items():
            if isinstance(name.get(lang), str) and word not in name[lang].lower():
                yield error(name.at(lang) if hasattr(name, "at") else names.at(t),
                            f"data `types.{t}` ({lang}) is “{name[lang]}”: the {t} evidence is called "
                            f"“{word}…” in this game — the cards print this name", check="data")


def _card_mix(game):
    """The edition's card counts (rules.yaml `card_mix`) are what the decks hold: the printed sentence
    tells the counts of evidence.yaml and identities.yaml, never other ones."""
    entry = (getattr(game, "entries", None) or {}).get("card_mix")
    comps = game.components
    if not isinstance(entry, dict) or "evidence" not in comps or "identities" not in comps:
        return
    kinds = Counter()
    values = set()
    for it in comps["evidence"].items:
        kinds[str(it.get("type"))] += it.copies
        if it.get("type") in ("statement", "witness"):
            values.add(it.get("value"))
    for it in comps["identities"].items:
        if it.get("role") == "citizen":
            kinds["citizen_cards"] += it.copies
    have = {"physical": kinds["physical"], "statement": kinds["statement"], "witness": kinds["witness"],
            "weapon": kinds["weapon"], "citizen_cards": kinds["citizen_cards"],
            "values": [min(values), max(values)] if values else []}
    if "help" in comps:
        have["help_cards"] = comps["help"].total
    for key, want in have.items():
        if key in entry and entry[key] != want:
            yield error(entry.at(key) if hasattr(entry, "at") else game.pos,
                        f"rule `card_mix`: `{key}` is {entry[key]!r}, but the decks hold {want!r} — write "
                        f"`{key}: {want}` (the booklet prints this sentence)", check="rules:card_mix")
