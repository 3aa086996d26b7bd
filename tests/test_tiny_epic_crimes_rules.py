"""Tiny Epic Crimes: game logic, deck rules and hole-mask geometry checks (fast, no rendering)."""
from __future__ import annotations

import re

import pytest

from pnp.content.loader import load_game
from pnp.games.tiny_epic_crimes import checks as tec
from tests.conftest import ROOT, copy_project, run_pnp

GAME = "tiny-epic-crimes"


def game_at(root):
    return load_game(root / "content" / GAME)


@pytest.fixture(scope="module")
def game():
    return game_at(ROOT)


def errors(game):
    """The game's error findings: its rules plug-in and the checks its game.yaml declares."""
    from pnp import rules
    return [f for f in rules.run(game)[0] if f.severity == "error"]


def suspects(game):
    return [dict(it.data) for it in game.components["suspects"].items]


# ---- logic ---------------------------------------------------------------------------------------
def test_candidates_narrow_down_to_the_one_suspect(game):
    s = suspects(game)
    assert len(tec.candidates(s)) == 32
    assert len(tec.candidates(s, revealed={"gang": "bees"})) == 16
    assert len(tec.candidates(s, revealed={"gang": "bees", "weapon": "knife"})) == 8
    target = s[5]
    everything = {t: target[t] for t in game.data["types"]}
    assert [x["id"] for x in tec.candidates(s, revealed=everything)] == [target["id"]]
    four = dict(list(everything.items())[:4])
    pair = tec.candidates(s, revealed=four)
    assert len(pair) == 2 and target in pair
    other = next(x for x in pair if x is not target)
    assert [x["id"] for x in tec.candidates(s, alibis=[other["id"]], revealed=four)] == [target["id"]]
    assert tec.candidates(s, alibis=[x["id"] for x in s]) == []


def test_turn_order_furthest_behind_then_top_of_the_stack():
    stacks = {3: ["red"], 2: ["blue", "green"], 5: ["yellow"]}
    assert tec.next_to_act(stacks) == "green"           # hour 2, green on top of blue
    after = tec.advance(stacks, "green", 1)               # lands on red at 3, on top
    assert after[3] == ["red", "green"] and after[2] == ["blue"]
    assert tec.next_to_act(after) == "blue"
    after = tec.advance(after, "blue", 1)
    assert after[3] == ["red", "green", "blue"] and tec.next_to_act(after) == "blue"
    with pytest.raises(ValueError):
        tec.advance({47: ["red"]}, "red", 2)              # never past 48
    with pytest.raises(ValueError):
        tec.next_to_act({})


def test_winner_rule():
    def acc(player, accused, badge, hours, evidence):
        return {"player": player, "accused": accused, "badge": badge, "hours": hours, "evidence": evidence}
    m = "s07"
    assert tec.winners([acc("a", "s01", 9, 40, 3), acc("b", m, 2, 48, 0)], m) == ["b"]
    assert tec.winners([acc("a", m, 5, 44, 0), acc("b", m, 6, 48, 0)], m) == ["b"]          # badge
    assert tec.winners([acc("a", m, 6, 44, 0), acc("b", m, 6, 46, 5)], m) == ["a"]          # hours
    assert tec.winners([acc("a", m, 6, 46, 1), acc("b", m, 6, 46, 2)], m) == ["b"]          # evidence
    assert tec.winners([acc("a", m, 6, 46, 2), acc("b", m, 6, 46, 2), acc("c", m, 1, 43, 9)], m) == ["a", "b"]
    assert tec.winners([acc("a", "s01", 9, 43, 3)], m) == []


# ---- the shipped game ----------------------------------------------------------------------------
def test_shipped_game_obeys_its_rules(game):
    assert errors(game) == []
    comp = game.components["suspects"]
    combos = {tuple(it[t] for t in game.data["types"]) for it in comp.items}
    assert len(combos) == 32
    assert tec.clearances(game) > 0.5
    charts = tec.report(game)
    assert [(n["en"], v) for n, v in charts[0]["series"]] == [("first value", [16] * 5), ("second value", [16] * 5)]
    assert all(set(c) == {"title", "labels", "series", "y_label"} for c in charts)


def test_every_back_shows_each_icon_once(game):
    m = tec.Masks(game)
    comp = game.components["suspects"]
    for i, item in enumerate(comp.items):
        c = m.card(comp, i)
        icons = [ic for _r, ic in c["slots"].values()] + [ic for _r, ic in c["decoys"]]
        assert len(icons) == 10 and len(set(icons)) == 10, item.id    # one decoy per other value: no frequency leak
        assert [ic for _r, ic in c["slots"].values()] == [game.data["icon"][item[t]] for t in game.data["types"]]


def test_windows_follow_the_slots(tmp_path):
    """Moving a slot in the suspect-back layout moves its window: no second number to keep in sync. (A move
    2 mm down: since the card rests in a corner of a roomier pocket, most other cells put the slot within
    reach of a window when the card lies away from that corner, which the check reports.)"""
    root = copy_project(tmp_path, games=(GAME,))
    before = tec.Masks(game_at(root)).envelope(game_at(root).components["envelopes"], 0)["window"]
    back = root / "layouts" / GAME / "suspect-back.yaml"
    text = back.read_text("utf-8")
    back.write_text(text.replace("slot_gang: {type: icon, x: 16.5, y: 12.7,", "slot_gang: {type: icon, x: 16.5, y: 14.7,"), "utf-8")
    g = game_at(root)
    after = tec.Masks(g).envelope(g.components["envelopes"], 0)["window"]
    assert after[1] == pytest.approx(before[1] + 2.0) and after[0] == pytest.approx(before[0])
    assert errors(g) == []            # decoys moved out of the way, windows still clean


@pytest.mark.parametrize("layout,old,new,message", [
    # the weapon slot put back beside rank (where it stood until the seventh read), 2 mm from it
    ("suspect-back.yaml", "slot_weapon: {type: icon, x: 51, y: 68.3,", "slot_weapon: {type: icon, x: 42, y: 23.82,", "window `rank` can show another icon"),
    ("suspect-back.yaml", "arrow: {type: icon, name: arrow, x: 28.25, y: 3,", "arrow: {type: icon, name: arrow, x: 18, y: 5,", "arrow notch"),
    # the half-turn cells are kept empty twice over (listed, and among the cells around the slots): drop both
    ("suspect-back.yaml", ("{{ g.w - s.x - s.w }},{{ g.h - s.y - s.h }},{{ s.w }},{{ s.h }};",
                           " or ((g.w - s.x - s.w - x) | abs < 0.5 and (g.h - s.y - s.h - y) | abs < 0.5)",
                           "< 1.5 * px and (s.y - y) | abs < 1.5 * py"), ("", "", "< 0.5 and (s.y - y) | abs < 0.5"),
     "slid in upside down shows"),
    ("suspect.yaml", "name: {type: text, x: 5, y: 36,", "name: {type: text, x: 5, y: 60,", "`name` on the suspect front"),
    ("envelope.yaml", "fold_side: {type: fold, x: 84,", "fold_side: {type: fold, x: 86,", "pocket width leaves 6.00 mm"),
    # the card put back in the middle of the pocket (as before the eleventh read): it rests in the corner
    ("envelope.yaml", "card_at: {type: rect, x: 20.6, y: 15.6,", "card_at: {type: rect, x: 19, y: 14,", "rest on the bottom fold"),
    # only the slot's own cell kept empty: a card away from its corner could show a neighbouring decoy
    ("suspect-back.yaml", "< 1.5 * px and (s.y - y) | abs < 1.5 * py", "< 0.5 * px and (s.y - y) | abs < 0.5 * py",
     "anywhere in the pocket"),
])
def test_mask_mistakes_are_caught(tmp_path, layout, old, new, message):
    root = copy_project(tmp_path, games=(GAME,))
    path = root / "layouts" / GAME / layout
    text = path.read_text("utf-8")
    for o, n in zip(*((old, new) if isinstance(old, tuple) else ((old,), (new,)))):
        assert o in text
        text = text.replace(o, n)
    path.write_text(text, "utf-8")
    assert any(message in f.message for f in errors(game_at(root))), [str(f) for f in errors(game_at(root))]


def test_small_margin_is_caught(tmp_path):
    root = copy_project(tmp_path, games=(GAME,))
    path = root / "content" / GAME / "game.yaml"
    path.write_text(path.read_text("utf-8").replace("envelope: {margin: 2,", "envelope: {margin: 1.0,"), "utf-8")
    assert any("does not show all of slot" in f.message for f in errors(game_at(root)))


def test_deck_mistakes_are_caught_with_positions(tmp_path):
    root = copy_project(tmp_path, games=(GAME,))
    deck = root / "content" / GAME / "suspects.yaml"
    text = deck.read_text("utf-8")
    # s02 gets s01's name and evidence: duplicate name, duplicate combination, a missing combination
    s01 = re.search(r"  - id: s01\n(.*?)(?=  - id: s02)", text, re.S).group(1)
    s02 = re.search(r"  - id: s02\n(.*?)(?=  - id: s03)", text, re.S).group(1)
    deck.write_text(text.replace("  - id: s02\n" + s02, "  - id: s02\n" + s01), "utf-8")
    tokens = root / "content" / GAME / "tokens.yaml"
    tokens.write_text(tokens.read_text("utf-8").replace("back_icon: check, back_color: grey, copies: 4}",
                                                        "back_icon: check, back_color: grey, copies: 2}"), "utf-8")
    msgs = [str(f) for f in errors(game_at(root))]
    assert any("also used by `s01`" in m and "suspects.yaml:" in m for m in msgs), msgs
    assert any("same evidence as `s01`" in m for m in msgs), msgs
    assert any("have no suspect" in m for m in msgs), msgs
    assert any("only 2 search tokens are successes" in m for m in msgs), msgs
    assert any("kind = search; the game needs 7" in m for m in msgs), msgs
    r = run_pnp("check", GAME, cwd=root)
    assert r.returncode == 1, r.stderr


def test_check_prints_the_mask_summary():
    r = run_pnp("check", GAME)
    assert r.returncode == 0, r.stderr
    assert "32 distinct evidence combinations" in r.stdout + r.stderr
    assert "hole masks" in r.stdout + r.stderr
