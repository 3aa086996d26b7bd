"""Criminal Poker played by bots, by exactly the rules.yaml entries (`pnp simulate criminal-poker`).

Modes: `sheriff` and `detective`, each also with special roles (`sheriff-special`: the mastermind and
the sociopath both; `detective-special`: one of them, where the detective-mode limit allows one).
The bots are simple and honest about what they know: a suspect draws more readily when their own
innocence is low and reveals the card that looks most innocent (never the weapon, except the
sociopath, who wants to look guilty); the sheriff, and every voter in detective mode, deduces by
sampling the cards they cannot see into the hidden places and naming the murderer of each sample with
the game's own murderer rules (logic.decide) — the very functions `pnp check` judges the deck by. Who
wins is logic.winners, the murderer logic.decide; every rule comes from rules.yaml through api.rule,
so a rule the edition does not state is a state no rule covers.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from pnp.games.criminal_poker import logic as cp
from pnp.rules import api

SAMPLES = 24      # sampled hidden-card layouts per deduction
VOTES = 200       # a vote tied this many times in a row: the rules never end it (an error, never a default)


def _suspects(game, name):
    entry = (getattr(game, "entries", None) or {}).get(name)
    sus = entry.get("suspects") if isinstance(entry, dict) else None
    return [n for n in sus if isinstance(n, int)] if isinstance(sus, list) else list(cp.SUSPECTS)


def configs(game):
    """(mode, players) for every supported table: sheriff mode seats the sheriff beside the suspects."""
    out = []
    for n in _suspects(game, "sheriff_mode"):
        out += [("sheriff", n + 1), ("sheriff-special", n + 1)]
    for n in _suspects(game, "detective_mode"):
        out.append(("detective", n))
        if cp.special_max("detective", n) > 0:
            out.append(("detective-special", n))
    return out


@dataclass
class Table:
    """A finished game: what the tests compare with the rules functions."""
    roles: dict                         # seat → identity
    hands: dict                         # suspect seat → evidence card ids held (shown and hidden)
    shown: dict
    murderers: set
    how: str
    arrested: set
    votes: list = field(default_factory=list)   # each vote taken (detective mode): voter → suspect
    played: api.Played | None = None


def _need(game, name, key, *ok):
    """The value of one parameter, when it is one the simulator can play."""
    value = api.rule(game, name).get(key)
    if value not in ok:
        raise api.Uncovered(f"rule `{name}`: `{key}` is {value!r}, which no rule of play here covers — "
                            f"write {ok[0]!r}", name)
    return value


def simulate(game, players, mode, rng):
    return play(game, players, mode, rng).played


def play(game, players, mode, rng) -> Table:
    rule = lambda name: api.rule(game, name)   # noqa: E731
    rules = cp.Rules.from_entries(rule)
    _need(game, "weapon", "holder", "murderer")
    _need(game, "all_cards_count", "shown", "counts")
    _need(game, "all_cards_count", "hidden", "counts")
    _need(game, "physical", "count", "all")
    _need(game, "statement", "count", "highest", "all")
    _need(game, "murderer", "innocence", "lowest", "highest")
    _need(game, "murderer_tie", "valid_cards", "fewer", "more")
    _need(game, "full_tie", "outcome", "co_murderers")
    base, special = mode.split("-")[0], mode.endswith("-special")

    # ---- identities
    if base == "sheriff":
        entry = rule("sheriff_mode")
        n = players - entry["sheriff"]
        if n not in entry["suspects"]:
            raise api.Uncovered(f"rule `sheriff_mode` seats no table of {players} players", "sheriff_mode")
        _need(game, "deal_sheriff", "citizens", "suspects")
        suspects = list(range(1, n + 1))
        roles = {0: "sheriff", **{s: "citizen" for s in suspects}}
        leader = 0
    elif base == "detective":
        entry = rule("detective_mode")
        n = players
        if n not in entry["suspects"]:
            raise api.Uncovered(f"rule `detective_mode` seats no table of {players} suspects", "detective_mode")
        _need(game, "deal_detective", "citizens", "suspects_less_one")
        suspects = list(range(n))
        leader = rng.randrange(n)
        roles = {s: "detective" if s == leader else "citizen" for s in suspects}
    else:
        raise api.Uncovered(f"no mode `{mode}` in the rules", "sheriff_mode")
    if special:
        kinds = list(rule("special_roles")["kinds"])
        _need(game, "special_roles", "replace", "citizen")
        _need(game, "special_announce", "roles", "announced")   # the bots know which roles are in play
        limit = _need(game, "special_limit", base, "cards_only" if base == "sheriff" else "not_more_than_citizens")
        citizens = [s for s in suspects if roles[s] == "citizen"]
        k = min(len(kinds), len(citizens)) if limit == "cards_only" else cp.special_max("detective", n)
        for role, seat in zip(rng.sample(kinds, k), rng.sample(citizens, k)):
            roles[seat] = role

    # ---- the evidence deck and the opening: the cards this edition makes (rules.yaml `card_mix`)
    cards = cp.evidence_deck(game)
    mix = rule("card_mix")
    kinds = Counter(t for t, _v in cards.values())
    if any(kinds[k] != mix[k] for k in cp.EVIDENCE) or sum(r == "citizen" for r in roles.values()) > mix["citizen_cards"]:
        raise api.Uncovered(f"rule `card_mix` makes {dict(mix)}, but the table deals {dict(kinds)} and "
                            f"{sum(r == 'citizen' for r in roles.values())} citizens", "card_mix")
    ed = rule("evidence_deck")
    _need(game, "evidence_deck", "others", "all")
    physical = [c for c, (t, _v) in cards.items() if t == "physical"]
    deck = rng.sample(physical, cp.physical_in_play(n, ed["physical_per_suspect"], ed["physical_less"]))
    deck += [c for c, (t, _v) in cards.items() if t != "physical"]
    rng.shuffle(deck)
    in_play = list(deck)
    sh = rule("setup_hand")
    if sh["keep"] + sh["show"] != sh["draw"]:
        raise api.Uncovered(f"rule `setup_hand` draws {sh['draw']} but keeps {sh['keep']} and shows {sh['show']}",
                            "setup_hand")
    hidden, shown = {}, {}
    for s in suspects:
        drawn = [_draw(game, deck) for _ in range(sh["draw"])]
        drawn.sort(key=lambda c: _shine(cards[c], roles[s], rules), reverse=True)
        shown[s], hidden[s] = drawn[:sh["show"]], drawn[sh["show"]:]

    # ---- the turns, in the order the leader calls
    _need(game, "turn_order", "chosen_by", "leader")
    tr = rule("turns")
    ta = rule("turn_actions")
    _need(game, "turn_actions", "reveal_from", "new_or_hidden")
    # the bots say nothing and show no hidden card before the end: what table talk allows
    _need(game, "table_talk", "hidden_cards", "never_shown")
    order = [s for s in suspects if tr["detective_too"] or roles[s] != "detective"] * tr["each_suspect"]
    rng.shuffle(order)
    turns = 0
    for s in order:
        own = cp.innocence([cards[c] for c in hidden[s] + shown[s] if cards[c][0] != "weapon"], rules)[0]
        eager = 0.5 if roles[s] == "sociopath" else 0.75 if own <= 2 * rules.physical_value else 0.35
        if not ta["pass"] or rng.random() < eager:
            hidden[s] += [_draw(game, deck) for _ in range(ta["draw"])]
            best = sorted(hidden[s], key=lambda c: _shine(cards[c], roles[s], rules), reverse=True)
            for c in best[:ta["reveal_at_most"]]:
                if _shine(cards[c], roles[s], rules) > 0 and rng.random() < 0.7:
                    hidden[s].remove(c)
                    shown[s].append(c)
        if tr["pass_is_turn"] or hidden[s]:
            turns += 1

    # ---- the arrest
    look = rule("deck_look")
    seen_deck = look["by"] == "leader"
    t = Table(roles=roles, hands={s: shown[s] + hidden[s] for s in suspects}, shown=shown, murderers=set(),
              how="", arrested=set())
    arrest = _need(game, "arrest", base, "sheriff_names_one" if base == "sheriff" else "vote")
    if arrest == "sheriff_names_one":
        guilt = _deduce(cards, in_play, suspects, shown, hidden, {}, deck if seen_deck else [], rules, rng)
        t.arrested = {_top(guilt, suspects, rng)}
    else:
        t.arrested = _vote(game, cards, in_play, suspects, roles, leader, shown, hidden, deck, seen_deck, rules, rng, t)

    # ---- who is the murderer, who wins: every hand and every identity card is shown
    _need(game, "end_reveal", "identities", "shown")
    t.murderers, t.how = cp.decide({s: [cards[c] for c in t.hands[s]] for s in suspects}, rules)
    _need(game, "full_tie", "arrest_any", "caught")
    wa = rule("win_arrest")
    if (wa["murderer_caught"], wa["wrong_arrest"]) != ("leader_and_citizens", "murderer"):
        raise api.Uncovered(f"rule `win_arrest` names winners no rule of play here covers: {dict(wa)}", "win_arrest")
    if len(t.murderers) == len(suspects):   # everyone tied: no innocent suspect is left to win
        _need(game, "every_suspect_guilty", "arrest", "caught")
    if len(t.murderers) > 1:
        _need(game, "co_murderers_share", "caught", "all_lose")
        _need(game, "co_murderers_share", "escaped", "all_win")
    goals, rulings = {}, {}
    for role in set(roles.values()):
        if role == "detective":
            _need(game, "detective_goal", "as_murderer", "escape")
            goals[role] = _need(game, "detective_goal", "wins_with", "citizens")
            # the detective's goal is not whole without the ruling of the detective as a co-murderer
            rulings["detective_co_murderer"] = _need(game, "detective_co_murderer", "other_arrested", "loses", "wins")
        elif role == "mastermind":
            goals[role] = _need(game, "mastermind_goal", "wins_when", "arrested_not_murderer", "arrested")
        elif role == "sociopath":
            _need(game, "sociopath_goal", "as_murderer_escaping", "loses")
            goals[role] = _need(game, "sociopath_goal", "wins_when", "arrested", "arrested_not_murderer")
            rulings["sociopath_co_murderer"] = _need(game, "sociopath_co_murderer", "when_arrested", "wins", "loses")
            _need(game, "sociopath_co_murderer", "when_missed", "loses")   # not arrested: only being arrested wins
    won = cp.winners(roles, t.murderers, t.arrested, goals, **rulings)
    caught = bool(t.arrested & t.murderers)
    t.played = api.Played(length=turns, end="murderer caught" if caught else "murderer escaped",
                          winners=tuple(sorted(won)), roles=dict(roles), deck_out=False,
                          tie=t.how in ("valid-cards", "co-murderers") or len(t.arrested) > 1)
    return t


def _draw(game, deck):
    if not deck:
        api.rule(game, "empty_deck")   # no such rule: the deck always holds enough (a state no rule covers)
        raise api.Uncovered("the evidence deck is empty and a card must be drawn", "empty_deck")
    return deck.pop()


def _shine(card, role, rules):
    """How innocent a card makes its holder look when shown (the sociopath wants the opposite)."""
    t, v = card
    worth = -10 if t == "weapon" else rules.physical_value if t == "physical" else v
    return -worth if role == "sociopath" else worth


def _deduce(cards, in_play, suspects, shown, hidden, own, seen, rules, rng):
    """How often each suspect is the murderer over layouts of the unseen cards into the hidden places.
    own: the viewer's seat → their own hidden cards (known to them); seen: deck cards the viewer saw."""
    known = {s: shown[s] + own.get(s, []) for s in suspects}
    slots = {s: len(hidden[s]) - len(own.get(s, [])) for s in suspects}
    gone = Counter(c for s in suspects for c in known[s]) + Counter(seen)
    pool = list((Counter(in_play) - gone).elements())
    base = {s: [cards[c] for c in known[s]] for s in suspects}
    guilt = Counter()
    for _ in range(SAMPLES):
        rng.shuffle(pool)
        i, hands = 0, {}
        for s in suspects:
            hands[s] = base[s] + [cards[c] for c in pool[i:i + slots[s]]]
            i += slots[s]
        ms, _how = cp.decide(hands, rules)
        for m in ms:
            guilt[m] += 1 / len(ms)
    return guilt


def _top(guilt, among, rng, low=False):
    best = (min if low else max)(guilt[s] for s in among)
    return rng.choice([s for s in among if guilt[s] == best])


def _vote(game, cards, in_play, suspects, roles, leader, shown, hidden, deck, seen_deck, rules, rng, t):
    rules = rules.with_vote(lambda name: api.rule(game, name))
    v = api.rule(game, "vote")
    if (v["abstain"], v["self"], v["most"]) != (False, False, "arrested"):
        raise api.Uncovered(f"rule `vote` asks for a vote no rule of play here covers: {v}", "vote")
    _need(game, "vote_call", "caller", "detective")   # the detective ends the talk: the bots vote once it is done
    opinion = {}
    for s in suspects:
        seen = deck if seen_deck and s == leader else []
        opinion[s] = _deduce(cards, in_play, suspects, shown, hidden, {s: hidden[s]}, seen, rules, rng)
    limit = api.rule(game, "revote_limit")
    for attempt in range(VOTES):
        votes = {}
        for s in suspects:
            others = [o for o in suspects if o != s and (v["detective"] == "allowed" or roles[o] != "detective")]
            if roles[s] == "sociopath" or (attempt and rng.random() < 0.5):   # after a tie, minds change
                votes[s] = rng.choice(others)
            else:
                votes[s] = _top(opinion[s], others, rng, low=roles[s] == "mastermind")
        t.votes.append(votes)
        most = cp.vote_result(votes, rules)
        if most is None:
            _need(game, "revote", "from", rules.revote)
            _need(game, "revote_scope", "open_to", "anyone")   # the new vote is whole: every voter may pick any other
            if attempt < limit["revotes"]:
                continue
            _need(game, "revote_limit", "then", "detective_picks")   # the detective arrests one of the tied
            tally = Counter(votes.values())
            tied = [p for p, k in tally.items() if k == max(tally.values())]
            if _need(game, "detective_pick", "own_seat", "excluded", "allowed") == "excluded":
                tied = [p for p in tied if p != leader]   # never themselves (with three players: one of the other two)
            if not tied:
                raise api.Uncovered("the detective must arrest one of the tied suspects but none is left to pick",
                                    "detective_pick")
            return {_top(opinion[leader], tied, rng, low=roles[leader] == "mastermind")}
        if len(most) == 1:
            return most
        _need(game, "vote_tie", "succeeds_if", "either_murderer")
        _need(game, "vote_tie_arrested", "arrested", "both")
        return most
    raise api.Uncovered(f"the vote tied {VOTES} times in a row and no rule ends it", "revote")


LABELS = {'en': {'murderer caught': 'murderer caught',
        'murderer escaped': 'murderer escaped',
        'detective': 'detective mode',
        'detective-special': 'detective mode, special roles',
        'sheriff': 'sheriff mode',
        'sheriff-special': 'sheriff mode, special roles'},
 'zh-TW': {'murderer caught': '抓到兇手',
           'murderer escaped': '兇手逃脫',
           'detective': '偵探模式',
           'detective-special': '偵探模式＋特殊角色',
           'sheriff': '警長模式',
           'sheriff-special': '警長模式＋特殊角色'}}


def labels(game) -> dict:
    """The names `pnp report` shows for this simulator's ends, roles and modes, per language."""
    out = api.deck_names(game, "identities", key=lambda item: item.id.removeprefix("id-"))
    for lang, words in LABELS.items():
        out.setdefault(lang, {}).update(words)
    return out
