"""Doomsday Files: sanity reaching zero while a case is being resolved (rules.yaml
`sanity_zero_resolving`, this edition's ruling). The logic stops the resolving when a forbidden card's
cost takes the last sanity, and the simulator discards the case with the player's other unresolved
cases: doom rises for it like for each of them, and nothing more (no failed mystery, no monster loss)."""
import random

import pytest

from conftest import ROOT
from pnp.content.loader import load_game
from pnp.games.doomsday_files import logic as L
from pnp.games.doomsday_files import simulate as S

GAME = "doomsday-files"
GUN, LENS = L.Card("force"), L.Card("investigate")
FORBIDDEN_GUN = L.Card("force", L.FORBIDDEN_POWER, True)


@pytest.fixture(scope="module")
def game():
    return load_game(ROOT / "content" / GAME)


# ---- the logic -----------------------------------------------------------------------------------
def test_a_forbidden_case_that_takes_the_last_sanity_stops_before_any_card_is_shown():
    paid = []
    r = L.resolve(L.Case("mystery", 6, forbidden=True), [LENS, LENS], pay=lambda k: paid.append(k) or True)
    assert r.broke and not r.success and not r.solved and r.shown == 0
    assert paid == [L.FORBIDDEN_COST] and r.sanity_lost == L.FORBIDDEN_COST and r.doom == 0 and r.draw == 0


def test_a_forbidden_card_shown_while_short_stops_the_resolving_at_that_card():
    calls = []

    def pay(k):
        calls.append(k)
        return len(calls) == 2                 # the second forbidden card takes the last sanity

    r = L.resolve(L.Case("monster", 6), [FORBIDDEN_GUN, GUN, FORBIDDEN_GUN, GUN], pay=pay)
    assert r.broke and r.shown == 3 and r.total == 5 and r.sanity_lost == 2 * L.FORBIDDEN_COST
    assert r.doom == 0 and r.draw == 0          # no outcome: the monster's own loss is not added


def test_paying_without_reaching_zero_changes_nothing():
    case, hand = L.Case("monster", 6, forbidden=True), [FORBIDDEN_GUN, GUN, FORBIDDEN_GUN, GUN, LENS]
    assert L.resolve(case, hand, pay=lambda k: False) == L.resolve(case, hand)


# ---- the simulator -------------------------------------------------------------------------------
def _table(game, ruling=None, seed=3):
    """A 5-player table after setup, with fresh rules (optionally another ruling played)."""
    effects, CARD, CASE, profs, _R = S._deck(game)
    R = S._Rules(game)
    if ruling is not None:
        R.seen["sanity_zero_resolving"] = {"turned_up_case": ruling, "edition": True}
    power = R.num("forbidden_symbols", "power")
    CARD = [L.Card(c.symbol, power, True) if c.forbidden else c for c in CARD]
    g = S._Game(R, 5, random.Random(seed), effects, CARD, CASE, profs)
    g.setup()
    g.doom = 0
    g.passed = g.pass_only = g.zeroed = False      # as at the start of a turn
    return g


def _plain(g, n, kind=None):
    """n ordinary cards with no effect the simulator plays while resolving or losing sanity."""
    skip = set(S.BONUS) | {"escape", "notebook", "charm", "cover"}
    out = [i for i in range(len(g.CARD)) if not g.CARD[i].forbidden and g.eff[i] not in skip
           and (kind is None or g.CASE[i].kind == kind)]
    return out[:n]


def _forbidden(g, kind):
    return next(i for i in range(len(g.CARD)) if g.CARD[i].forbidden and g.CASE[i].kind == kind)


def _state(g, case, others, hand):
    s = g.seat
    for p in range(g.n):                       # the cards used here are taken out of every pile
        for pile in (g.hands[p], g.cases[p], g.solved[p]):
            pile[:] = [c for c in pile if c not in (case, *others, *hand)]
    g.deck = [c for c in g.deck if c not in (case, *others, *hand)]
    g.cases[s], g.hands[s], g.sanity[s] = list(others), list(hand), 1
    return s


@pytest.mark.parametrize("kind", ["mystery", "monster"])
def test_the_turned_up_case_goes_with_the_other_cases_and_nothing_more(game, kind):
    g = _table(game)
    case, others = _forbidden(g, kind), _plain(g, 2)
    s = _state(g, case, others, _plain(g, 4)[2:])
    assert g.resolve_one(s, case) is False
    assert g.zero[s] and g.sanity[s] == 0 and g.cases[s] == [] and case not in g.solved[s]
    assert {case, *others} <= set(g.discards)
    # sanity zero +1, and +1 for each of the 3 discarded cases (the turned-up one among them); no failure
    assert g.doom == L.DOOM_STEP + 3 * L.DOOM_STEP
    assert g.pass_only


def test_a_forbidden_card_shown_while_short_stops_the_monster(game):
    g = _table(game)
    case = _plain(g, 1, "monster")[0]
    forb = next(i for i in range(len(g.CARD)) if g.CARD[i].forbidden and g.CARD[i].symbol == "force")
    s = _state(g, case, [], [forb])            # its symbols fall short of any difficulty
    assert g.CARD[forb].power < g.CASE[case].difficulty
    assert g.resolve_one(s, case) is False
    assert g.zero[s] and case in g.discards and g.doom == 2 * L.DOOM_STEP


def test_another_ruling_is_played_as_it_says(game):
    g = _table(game, "discarded_and_fails")
    case = _forbidden(g, "mystery")
    s = _state(g, case, [], _plain(g, 2))
    g.resolve_one(s, case)
    assert g.doom == 2 * L.DOOM_STEP + L.DOOM_STEP           # zero, the case, and the mystery failing too
    g = _table(game, "still_resolved")
    case = _forbidden(g, "mystery")
    s = _state(g, case, [], _plain(g, 2))
    g.resolve_one(s, case)
    assert g.zero[s] and g.doom == L.DOOM_STEP + L.DOOM_STEP  # zero, then the mystery fails as usual


def test_a_ruling_the_model_cannot_play_is_named(game):
    from pnp.rules import api
    g = _table(game, "returned_to_hand")
    case = _forbidden(g, "mystery")
    s = _state(g, case, [], _plain(g, 2))
    with pytest.raises(api.Uncovered, match="sanity_zero_resolving"):
        g.resolve_one(s, case)
