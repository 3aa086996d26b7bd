"""Lady Alice: the game logic (deal, verdicts, suspicions, covering, accusations, scoring) and the
rules engine's deck checks, on the shipped game and on broken copies of it."""
from __future__ import annotations

import random
import re
from collections import Counter

import pytest

from conftest import ROOT, copy_project, run_pnp
from pnp.content.loader import load_game
from gamekit import lady_alice as la

ELS = la.ELEMENTS
CATS = la.CATEGORIES
SOL4 = ("s-mary", "t-1300", "p-tower", "i-pipe")          # one card per player, 4 players


def sus(s="s-mary", t="t-1300", p="p-tower", i="i-pipe"):
    return {"suspect": s, "time": t, "place": p, "item": i}


# ---- elements and the deal ------------------------------------------------------------------------
def test_shipped_elements_are_8_per_category():
    assert {c: len(v) for c, v in ELS.items()} == {c: 8 for c in CATS}
    assert len({e for v in ELS.values() for e in v}) == 32


@pytest.mark.parametrize("seed", range(40))
def test_deal_four_players_one_card_of_each_category(seed):
    d = la.deal(4, random.Random(seed))
    assert d.players == 4 and d.hidden is None and d.extra is None
    assert sorted(la.category_of(h) for h in d.hands) == sorted(CATS)
    assert d.solution == frozenset(d.drawn)


@pytest.mark.parametrize("seed", range(40))
def test_deal_three_players_hides_one_drawn_card(seed):
    d = la.deal(3, random.Random(seed))
    assert d.players == 3 and d.extra is None
    assert d.hidden in d.drawn and d.hidden not in d.hands
    assert set(d.hands) | {d.hidden} == set(d.drawn)
    assert la.missing_category(d.hands) == la.category_of(d.hidden)


@pytest.mark.parametrize("seed", range(40))
def test_deal_five_players_adds_one_card_from_the_other_28(seed):
    d = la.deal(5, random.Random(seed))
    assert d.players == 5 and d.hidden is None
    assert d.extra not in d.drawn and set(d.hands) == set(d.drawn) | {d.extra}
    cats = Counter(la.category_of(h) for h in d.hands)
    assert set(cats) == set(CATS) and sorted(cats.values()) == [1, 1, 1, 2]


def test_deal_rejects_other_player_counts():
    for n in (2, 6):
        with pytest.raises(ValueError):
            la.deal(n)
        with pytest.raises(ValueError):
            la.field_limit(n)
    assert [la.field_limit(n) for n in (3, 4, 5)] == [3, 4, 5]


# ---- verdicts -------------------------------------------------------------------------------------
def test_verdict_count_counts_players_whose_card_is_named():
    assert la.verdict_count(sus(), SOL4) == 4
    assert la.verdicts(sus(t="t-0700"), SOL4) == (True, False, True, True)
    assert la.verdict_count(sus(s="s-nell", t="t-0700", p="p-docks", i="i-map"), SOL4) == 0
    assert la.verdict_count(sus(t="t-0700"), SOL4) == 3


def test_verdicts_five_players_two_cards_of_one_category():
    hands = SOL4 + ("t-1500",)       # times 13:00 and 15:00 are both true
    assert la.verdict_count(sus(), hands) == 4          # 15:00's holder says red
    assert la.verdict_count(sus(t="t-1500"), hands) == 4
    assert la.verdict_count(sus(t="t-0700"), hands) == 3
    assert la.is_all_blue(4, 5) and not la.is_all_blue(5, 5)       # [D] 4 of 5 is fully right
    assert la.is_all_blue(4, 4) and la.is_all_blue(3, 3)


def test_verdicts_three_players_missing_category_is_unchecked():
    hands = ("s-mary", "p-tower", "i-pipe")             # no time card held
    assert la.verdict_count(sus(t="t-0700"), hands) == 3
    assert la.verdict_count(sus(t="t-2100"), hands) == 3


# ---- suspicions -----------------------------------------------------------------------------------
def test_suspicion_legal_rejects_repeats_covered_and_malformed():
    assert la.suspicion_legal(sus()) == (True, "")
    ok, why = la.suspicion_legal(sus(), history=[sus(t="t-0700"), sus()])
    assert not ok and "before" in why
    assert la.suspicion_legal(sus(), history=[sus(t="t-0700")])[0]
    ok, why = la.suspicion_legal(sus(), covered={"p-tower", "s-nell"})
    assert not ok and "p-tower" in why
    assert la.suspicion_legal(sus(), covered={"s-nell"})[0]
    assert not la.suspicion_legal({"suspect": "s-mary", "time": "t-1300", "place": "p-tower"})[0]
    assert not la.suspicion_legal(sus(t="p-docks"))[0]              # a place in the time slot
    assert la.suspicion_legal(["i-pipe", "p-tower", "t-1300", "s-mary"])[0]   # a list works too


def test_all_red_covers_the_four_elements_with_any_number_of_students():
    s = sus(s="s-nell", t="t-0700", p="p-docks", i="i-map")
    assert la.all_red_covers(s, 0, 4) == frozenset(s.values())
    assert la.all_red_covers(s, 0, 5) == frozenset(s.values())
    assert la.all_red_covers(s, 1, 4) == frozenset()
    # with 3 students too ([D] `all_red_three`): the held categories' are wrong, the missing one's never scores
    assert la.all_red_covers(s, 0, 3) == frozenset(s.values())


def test_all_red_is_always_right_with_four_and_five_players():
    rng = random.Random(7)
    for _ in range(500):
        players = rng.choice((4, 5))
        d = la.deal(players, rng)
        s = {c: rng.choice(ELS[c]) for c in CATS}
        blue = la.verdict_count(s, d.hands)
        assert not (la.all_red_covers(s, blue, players) & d.solution)


# ---- accusations ----------------------------------------------------------------------------------
def test_accusation_four_players_needs_four_blue():
    assert la.accusation_succeeds(sus(), SOL4)
    assert not la.accusation_succeeds(sus(i="i-map"), SOL4)


def test_accusation_three_players_needs_the_missing_category():
    hands = ("s-mary", "p-tower", "i-pipe")
    assert la.accusation_succeeds(sus(), hands, missing="time")
    assert la.accusation_succeeds(sus(t="t-0700"), hands, missing="time")
    assert not la.accusation_succeeds(sus(), hands, missing="item")
    assert not la.accusation_succeeds(sus(), hands)
    assert not la.accusation_succeeds(sus(s="s-nell"), hands, missing="time")


def test_accusation_five_players_needs_four_of_five():
    hands = SOL4 + ("t-1500",)
    assert la.accusation_succeeds(sus(), hands)
    assert la.accusation_succeeds(sus(t="t-1500"), hands)
    assert not la.accusation_succeeds(sus(t="t-0700"), hands)


# ---- scoring --------------------------------------------------------------------------------------
def test_score_faces_on_solution_and_bonuses():
    solution = set(SOL4)
    tokens = [("ann", "s-mary", 2), ("ann", "t-1300", 1), ("ann", "p-tower", 0), ("ann", "i-pipe", 0),
              ("ann", "s-nell", 2),                              # not a solution element: nothing
              ("bob", "s-mary", 1), ("bob", "t-0700", 2),
              ("cy", "p-docks", 2)]
    got = la.score(tokens, solution, accuser="bob", all_blue=["cy", "cy"])
    assert got == {"ann": 3 + 2, "bob": 1 + 3, "cy": 0 + 2}


def test_score_five_players_cover_bonus_needs_all_five_true_elements():
    solution = set(SOL4) | {"t-1500"}
    four = [("ann", e, 0) for e in SOL4]
    assert la.score(four, solution) == {"ann": 0}
    assert la.score(four + [("ann", "t-1500", 1)], solution) == {"ann": 1 + 2}


# ---- deck checks -----------------------------------------------------------------------------------
def test_shipped_game_has_no_findings():
    game = load_game(ROOT / "content" / "lady-alice")
    assert list(la.check(game)) == []
    assert la.summary(game)
    charts = la.report(game)
    assert charts and all(set(c) >= {"title", "labels", "series"} for c in charts)
    series = [dict((n["en"] if isinstance(n, dict) else n, v) for n, v in
                   (c["series"].items() if isinstance(c["series"], dict) else c["series"])) for c in charts]
    assert all(len(v) == len(c["labels"]) for c, ss in zip(charts, series) for v in ss.values())
    assert series[0]["cards"] == [8, 8, 8, 8]


def _broken(tmp_path, edits):
    proj = copy_project(tmp_path, games=("lady-alice",))
    for rel, old, new in edits:
        p = proj / "content" / "lady-alice" / rel
        text = p.read_text("utf-8")
        assert old in text, old
        p.write_text(text.replace(old, new, 1), "utf-8")
    return proj, load_game(proj / "content" / "lady-alice")


def _messages(game):
    from pnp import rules  # the rules plug-in and the checks game.yaml declares
    return [str(f) for f in rules.run(game)[0]]


def test_desk_and_notebook_must_list_the_clue_ids(tmp_path):
    _proj, game = _broken(tmp_path, [
        ("game.yaml", "place: [p-tower, p-museum", "place: [p-tower, p-tower"),              # desk: twice
        ("game.yaml", "item: [i-pipe, i-watch, i-cane, i-revolver, i-vial, i-umbrella, i-map, i-letter]\n  # Punch",
         "item: [i-pipe, i-watch, i-cane, i-revolver, i-vial, i-umbrella, i-map, s-nell]\n  # Punch"),  # notebook
    ])
    msgs = _messages(game)
    assert any("desk" in m and "`p-tower` appears twice" in m for m in msgs), msgs
    assert any("desk" in m and "`p-museum` has no field" in m for m in msgs), msgs
    assert any("notebook" in m and "`s-nell` is a suspect card, listed under item" in m for m in msgs), msgs
    assert any("notebook" in m and "`i-letter` has no page" in m for m in msgs), msgs
    # every finding points at the line of game.yaml where the list is written
    assert all(re.search(r"game\.yaml:\d+:\d+", m) for m in msgs if "desk" in m or "notebook" in m)


def test_categories_tokens_and_holmes_cards_are_counted(tmp_path):
    proj, game = _broken(tmp_path, [
        ("clues.yaml", "id: i-letter, category: item", "id: i-letter, category: place"),
        ("tokens.yaml", "- {id: tk-grey-2, colour: grey, value: 2}", "- {id: tk-grey-2, colour: grey, value: 1}"),
        ("game.yaml", "- {id: holmes-card, copies: 28}", "- {id: holmes-card, copies: 27}"),
    ])
    msgs = _messages(game)
    assert any("9 place clue cards" in m for m in msgs), msgs
    assert any("7 item clue cards" in m for m in msgs), msgs
    assert any("grey tokens are 3 x 0, 4 x 1, 2 x 2" in m for m in msgs), msgs
    assert any("`holmes` has 27 pieces" in m for m in msgs), msgs
    r = run_pnp("check", "lady-alice", cwd=proj)
    assert r.returncode == 1, r.stdout + r.stderr
