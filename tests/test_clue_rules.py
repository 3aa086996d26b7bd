"""Clue: the deal, the deduction helper (exact, checked against brute force), the deck and board rules."""
from __future__ import annotations

import itertools
import random
import re

import pytest

from conftest import ROOT, copy_project, run_pnp
from pnp.content.loader import load_game
from pnp.games.clue import checks as clue
from pnp.games.clue.checks import ENVELOPE, Suggestion, deduce, hand_sizes


@pytest.fixture(scope="module")
def game():
    return load_game(ROOT / "content" / "clue")


@pytest.fixture(scope="module")
def cats(game):
    return clue.categories(game)


# ---- the deal ------------------------------------------------------------------------------------
def test_hand_sizes_by_player_count():
    assert hand_sizes(3) == [6, 6, 6]
    assert hand_sizes(4) == [5, 5, 4, 4]
    assert hand_sizes(5) == [4, 4, 4, 3, 3]
    assert hand_sizes(6) == [3] * 6
    assert {n: tuple(hand_sizes(n)) for n in range(3, 7)} == clue.HANDS   # the constants agree with the deal
    for n in (2, 7):
        with pytest.raises(ValueError):
            hand_sizes(n)


def test_content_obeys_the_rules(game, cats):
    from pnp import rules
    findings, ran = rules.run(game)
    assert [str(f) for f in findings if f.severity == "error"] == []
    assert "clue:deck-rules" in ran
    assert {k: len(v) for k, v in cats.items()} == {"suspect": 6, "weapon": 6, "room": 9}
    assert "every room reachable from every start: yes" in " ".join(rules.summary(game))
    assert "每個起點都能走到每個房間：是" in " ".join(rules.summary(game, "zh-TW"))


def test_report_charts(game):
    charts = clue.report(game)   # every chart text is a {language: text} map
    by = {c["title"]["en"]: c for c in charts}
    series = lambda c: {name["en"]: values for name, values in c["series"]}   # noqa: E731
    sizes = by["Cards per category"]
    assert [x["en"] for x in sizes["labels"]] == ["Suspects", "Weapons", "Rooms"] and series(sizes)["cards"] == [6, 6, 9]
    for c in charts:
        assert set(c["title"]) == {"en", "zh-TW"} and all(set(x) == {"en", "zh-TW"} for x in c["labels"])
        assert all(len(v) == len(c["labels"]) for v in series(c).values())
    moves = by["Moves from the start squares to each room"]
    assert len(moves["labels"]) == 9 and min(series(moves)["nearest start"]) > 0


def test_every_room_reachable_and_passages_shortcut(game):
    b = clue.board(game)
    rooms = set(b.rooms.values())
    for ch in b.starts:
        assert set(b.distances(ch)) == rooms
    corners = b.corner_rooms()
    assert {corners["tl"], corners["br"]} == {"study", "kitchen"}
    assert {corners["tr"], corners["bl"]} == {"lounge", "conservatory"}


def test_a_walled_in_room_is_unreachable():
    b = clue.Board(["1..A", "...A", "B..a"], {"A": "a", "B": "b"}, {"1": "x"}, ".", "#")
    assert b.distances("1") == {"a": 5}   # 4 squares to the door, 1 move into the room; B has no door
    b.passages = [["a", "b"]]
    assert b.distances("1") == {"a": 5, "b": 6}


# ---- deduction -----------------------------------------------------------------------------------
def test_a_shown_card_is_placed_and_passes_exclude(cats):
    players = ["me", "p2", "p3", "p4"]
    hand = ["scarlet", "dagger", "hall", "lounge", "kitchen"]
    log = [Suggestion("me", ("plum", "rope", "study"), refuter="p3", shown="rope")]
    d = deduce(players, "me", hand, log, cats)
    assert d.where["rope"] == {"p3"}
    # p2 sat between me and p3 and could not refute
    assert "p2" not in d.where["plum"] and "p2" not in d.where["study"]
    assert d.where["scarlet"] == {"me"}
    assert "rope" not in d.envelope["weapon"] and "dagger" not in d.envelope["weapon"]
    assert d.where["plum"] == {ENVELOPE, "p3", "p4"}


def test_nobody_refutes_my_own_suggestion_solves_the_case(cats):
    players = ["me", "p2", "p3"]
    hand = ["scarlet", "mustard", "dagger", "candlestick", "hall", "lounge"]
    log = [Suggestion("me", ("plum", "rope", "study"), refuter=None)]
    d = deduce(players, "me", hand, log, cats)
    assert d.envelope == {"suspect": ("plum",), "weapon": ("rope",), "room": ("study",)}
    assert d.solved()
    assert d.where["green"] == {"p2", "p3"}


def test_the_envelope_takes_one_card_of_each_category(cats):
    """Holding five suspects leaves one for the envelope; holding all six leaves none (no placement)."""
    players = ["me", "p2", "p3"]
    cards = [c for cs in cats.values() for c in cs]
    hand = cards[:6]
    d0 = deduce(players, "me", hand, [], cats)
    assert d0.consistent is False
    hand = ["scarlet", "mustard", "white", "green", "peacock", "dagger"]
    d = deduce(players, "me", hand, [], cats)
    assert d.envelope["suspect"] == ("plum",)
    assert d.where["plum"] == {ENVELOPE}


def test_a_refuter_holds_one_of_the_three(cats):
    players = ["me", "p2", "p3"]
    hand = ["scarlet", "mustard", "dagger", "candlestick", "hall", "lounge"]
    # p2 cannot hold plum or study (passed earlier), then refutes plum/rope/study for p3: p2 holds rope
    log = [Suggestion("me", ("plum", "revolver", "study"), refuter="p3", passed=("p2",), shown="revolver"),
           Suggestion("p3", ("plum", "rope", "study"), refuter="p2")]
    d = deduce(players, "me", hand, log, cats)
    assert d.where["rope"] == {"p2"}
    assert "rope" not in d.envelope["weapon"]


def test_an_inconsistent_log_is_reported(cats):
    players = ["me", "p2", "p3"]
    hand = ["scarlet", "mustard", "dagger", "candlestick", "hall", "lounge"]
    log = [Suggestion("me", ("plum", "rope", "study"), refuter="p2", shown="rope"),
           Suggestion("p3", ("white", "rope", "kitchen"), refuter=None, passed=("me", "p2"))]
    d = deduce(players, "me", hand, log, cats)
    assert not d.consistent and not d.solved()
    assert d.conflicts == ("note 2: it contradicts your hand and the notes before it",)


def test_bad_input_is_a_value_error(cats):
    with pytest.raises(ValueError):
        deduce(["me", "p2", "p3"], "me", ["scarlet"], [], cats)       # a 3-player hand has 6 cards
    with pytest.raises(ValueError):
        deduce(["me", "p2", "p3"], "me", ["scarlet", "mustard", "dagger", "candlestick", "hall", "nowhere"], [], cats)
    with pytest.raises(ValueError):    # a refuter who is not at the table
        deduce(["me", "p2", "p3"], "me", H3, [Suggestion("p2", ("plum", "rope", "study"), refuter="p9")], cats)


def _brute(players, me, hand, log, cats, sizes):
    cards = [c for cs in cats.values() for c in cs]
    size = dict(zip(players, sizes))
    poss = {c: set() for c in cards}
    for env in itertools.product(*cats.values()):
        rest = [c for c in cards if c not in env]
        for combo in itertools.product(players, repeat=len(rest)):
            own = dict(zip(rest, combo))
            if any(combo.count(p) != size[p] for p in players) or {c for c in rest if own[c] == me} != set(hand):
                continue
            ok = all(not any(own.get(c) == p for c in s.cards) for s in log for p in clue._passed(players, s)) and \
                all(s.refuter is None or (any(own.get(c) == s.refuter for c in s.cards) and
                                          (s.shown is None or own.get(s.shown) == s.refuter)) for s in log)
            if ok:
                for c in env:
                    poss[c].add(ENVELOPE)
                for c in rest:
                    poss[c].add(own[c])
    return poss


def _random_log(rng, players, cats, own, me, turns):
    log = []
    for _ in range(turns):
        s = rng.choice(players)
        named = tuple(rng.choice(v) for v in cats.values())
        i, ref, shown = players.index(s), None, None
        for k in range(1, len(players)):
            q = players[(i + k) % len(players)]
            have = [c for c in named if own.get(c) == q]
            if have:
                ref, shown = q, (rng.choice(have) if s == me else None)
                break
        log.append(Suggestion(s, named, ref, shown=shown))
    return log


def test_exact_against_brute_force_on_a_small_game():
    rng = random.Random(7)
    cats = {"a": ["a1", "a2", "a3"], "b": ["b1", "b2", "b3"], "c": ["c1", "c2", "c3"]}
    cards = [c for cs in cats.values() for c in cs]
    players = ["P", "Q", "R"]
    sizes = hand_sizes(3, 6)
    for _ in range(20):
        env = [rng.choice(v) for v in cats.values()]
        rest = [c for c in cards if c not in env]
        rng.shuffle(rest)
        own = {c: players[i % 3] for i, c in enumerate(rest)}
        me = rng.choice(players)
        log = _random_log(rng, players, cats, own, me, rng.randint(0, 5))
        d = deduce(players, me, [c for c in rest if own[c] == me], log, cats, sizes)
        assert {c: set(v) for c, v in d.where.items()} == _brute(players, me, [c for c in rest if own[c] == me],
                                                                  log, cats, sizes)


def test_the_truth_always_stays_possible_in_full_games(cats):
    rng = random.Random(3)
    cards = [c for cs in cats.values() for c in cs]
    for _ in range(8):
        n = rng.randint(3, 6)
        players = list(range(n))
        env = {k: rng.choice(v) for k, v in cats.items()}
        rest = [c for c in cards if c not in env.values()]
        rng.shuffle(rest)
        own = {c: i % n for i, c in enumerate(rest)}
        me = rng.choice(players)
        log = _random_log(rng, players, cats, own, me, rng.randint(0, 25))
        d = deduce(players, me, [c for c in rest if own[c] == me], log, cats)
        assert d.consistent
        for c in cards:
            assert (ENVELOPE if c in env.values() else own[c]) in d.where[c]
        for k, v in d.envelope.items():
            assert env[k] in v


# ---- failing decks: a mutated copy of the content gives the right finding at the right line ----------
def _line(path, text):
    for i, line in enumerate(path.read_text("utf-8").splitlines(), 1):
        if text in line:
            return i
    raise AssertionError(text)


def _check(proj):
    r = run_pnp("check", "clue", cwd=proj)
    return r.returncode, r.stdout + r.stderr


def test_a_missing_room_card_is_found_in_cards_and_board(tmp_path):
    proj = copy_project(tmp_path, ("clue",))
    cards = proj / "content/clue/cards.yaml"
    cards.write_text("".join(l for l in cards.read_text("utf-8").splitlines(True) if "id: study" not in l), "utf-8")
    rc, out = _check(proj)
    assert rc == 1, out
    assert f"content/clue/cards.yaml:{_line(cards, 'id: library')}:" in out and "only 8 room cards" in out
    board = proj / "content/clue/board.yaml"
    assert re.search(rf"content/clue/board.yaml:{_line(board, 'S: study')}:\d+: error: board room `S` is `study`", out)


def test_an_unreachable_room_is_found(tmp_path):
    proj = copy_project(tmp_path, ("clue",))
    board = proj / "content/clue/board.yaml"
    text = board.read_text("utf-8")
    # brick up both doors of the dining room
    text = text.replace('"YYYYYY...XXXXX..DDdDDDDD"', '"YYYYYY...XXXXX..DDDDDDDD"')
    text = text.replace('"BBbBBB...XXXXX..dDDDDDDD"', '"BBbBBB...XXXXX..DDDDDDDD"')
    board.write_text(text, "utf-8")
    rc, out = _check(proj)
    assert rc == 1, out
    line = _line(board, '"YYYYYY...XXXXX..DDDDDDDD"')     # the first grid row of the dining room
    assert f"content/clue/board.yaml:{line}:" in out
    # the root cause only: no door (not six "cannot be reached" findings, one per start square)
    assert "board rows 10–16: room `dining-room` (`D`) has no door" in out
    assert "cannot be reached" not in out and out.count(": error:") == 1, out


def _errors(out):
    return [line for line in out.splitlines() if ": error:" in line]


START1 = "\"1\": scarlet"


def test_a_missing_start_square_is_one_finding_naming_it(tmp_path):
    proj = copy_project(tmp_path, ("clue",))
    board = proj / "content/clue/board.yaml"
    board.write_text(board.read_text("utf-8").replace('"SSSSSSS##HHHHHH#1LLLLLLL"', '"SSSSSSS##HHHHHH##LLLLLLL"'),
                     "utf-8")
    rc, out = _check(proj)
    assert rc == 1, out
    assert _errors(out) == [f"content/clue/board.yaml:{_line(board, START1)}:19: error: the start square of "
                            "`scarlet` (`1`) is missing from the grid — write `1` on a corridor square at the board's "
                            "edge"], out


def test_a_walled_in_start_square_is_one_finding_at_its_grid_row(tmp_path):
    proj = copy_project(tmp_path, ("clue",))
    board = proj / "content/clue/board.yaml"
    board.write_text(board.read_text("utf-8").replace('"5.......RRRRRRRR..KKkKKK"', '"5#......RRRRRRRR..KKkKKK"'),
                     "utf-8")
    rc, out = _check(proj)
    assert rc == 1, out
    errs = _errors(out)
    assert len(errs) == 1 and errs[0].startswith(f"content/clue/board.yaml:{_line(board, '5#......')}:"), out
    assert "start square of `peacock` (`5`) is walled in" in errs[0]


def test_a_room_cut_off_by_a_wall_is_one_finding_at_its_door_row():
    b = clue.Board(["1..#a", "...#A", "B..bA"], {"A": "a", "B": "b"}, {"1": "x"}, ".", "#")
    assert b.distances("1") == {"b": 5}


def test_wrong_hand_sizes_and_passages(tmp_path):
    proj = copy_project(tmp_path, ("clue",))
    gy = proj / "content/clue/game.yaml"
    gy.write_text(gy.read_text("utf-8").replace("4: [5, 5, 4, 4]", "4: [5, 4, 5, 4]"), "utf-8")
    board = proj / "content/clue/board.yaml"
    board.write_text(board.read_text("utf-8").replace("- [study, kitchen]", "- [study, lounge]"), "utf-8")
    rc, out = _check(proj)
    assert rc == 1, out
    assert f"content/clue/game.yaml:{_line(gy, '4: [5, 4, 5, 4]')}:" in out and "the game deals [5, 5, 4, 4]" in out
    assert f"content/clue/board.yaml:{_line(board, '- [study, lounge]')}:" in out
    assert "does not join opposite corner rooms" in out


def test_a_hand_typed_over_in_the_booklet_deal_table_is_found_at_its_row(tmp_path):
    """The deal table lies on its side (player counts across, hands below), so it is never split over two
    pages; a hand written by hand into it, not from data.hands, is still read and reported at its row."""
    proj = copy_project(tmp_path, ("clue",))
    md = proj / "content/clue/rules.en.md"
    text = md.read_text("utf-8")
    row = next(l for l in text.splitlines() if "data.hands.values()" in l)
    md.write_text(text.replace(row, "| Cards each | 6 / 6 / 6 | 5 / 4 / 5 / 4 | 4 / 4 / 4 / 3 / 3 | 3 / 3 / 3 / 3 / 3 / 3 |"),
                  "utf-8")
    rc, out = _check(proj)
    assert rc == 1, out
    errs = [e for e in _errors(out) if "deal" in e or "for 4 players" in e]
    assert len(errs) == 1, out
    assert errs[0].startswith(f"content/clue/rules.en.md:{_line(md, '| Cards each |')}:"), out
    assert "prints “5 / 4 / 5 / 4” for 4 players, but the rule is “5 / 5 / 4 / 4”" in errs[0]


def test_duplicate_card_names_are_found(tmp_path):
    proj = copy_project(tmp_path, ("clue",))
    cards = proj / "content/clue/cards.yaml"
    cards.write_text(cards.read_text("utf-8").replace("en: Wrench}", "en: Dagger}"), "utf-8")
    rc, out = _check(proj)
    assert rc == 1, out
    assert f"content/clue/cards.yaml:{_line(cards, 'id: wrench')}:" in out and "same en name as `dagger`" in out


# ---- notes that contradict the hand or each other are reported, never accepted ----------------------
P3 = ["me", "p2", "p3"]
H3 = ["scarlet", "mustard", "dagger", "candlestick", "hall", "lounge"]


def test_i_refuted_with_a_card_i_hold_is_accepted(cats):
    d = deduce(P3, "me", H3, [Suggestion("p3", ("scarlet", "rope", "study"), refuter="me")], cats)
    assert d.consistent and d.conflicts == ()


def test_i_refuted_but_hold_none_of_the_three_is_reported(cats):
    d = deduce(P3, "me", H3, [Suggestion("p3", ("plum", "rope", "study"), refuter="me")], cats)
    assert not d.consistent
    assert d.conflicts == ("note 1: you refuted plum, rope, study but hold none of them",)
    assert all(v == frozenset() for v in d.where.values())


def test_showing_a_card_i_do_not_hold_is_reported_and_holding_it_is_not(cats):
    bad = deduce(P3, "me", H3, [Suggestion("p2", ("plum", "rope", "hall"), refuter="me", shown="rope")], cats)
    assert bad.conflicts == ("note 1: you showed rope, which is not in your hand",)
    ok = deduce(P3, "me", H3, [Suggestion("p2", ("plum", "rope", "hall"), refuter="me", shown="hall")], cats)
    assert ok.consistent


def test_passing_while_holding_a_named_card_is_reported(cats):
    log = [Suggestion("p3", ("white", "dagger", "kitchen"), refuter="p2", passed=("me",))]
    d = deduce(P3, "me", H3, log, cats)
    assert d.conflicts == ("note 1: you could not refute white, dagger, kitchen but hold dagger",)
    log = [Suggestion("p3", ("white", "rope", "kitchen"), refuter="p2", passed=("me",))]
    assert deduce(P3, "me", H3, log, cats).consistent


def test_being_shown_a_card_of_my_own_hand_is_reported(cats):
    d = deduce(P3, "me", H3, [Suggestion("me", ("scarlet", "rope", "study"), refuter="p2", shown="scarlet")], cats)
    assert d.conflicts == ("note 1: p2 showed scarlet, which is in your hand",)


def test_notes_that_contradict_each_other_name_the_first_that_breaks(cats):
    """p2 showed me rope (note 2); in note 3 p2 could not refute a suggestion naming rope."""
    log = [Suggestion("p3", ("plum", "wrench", "study"), refuter="p2"),
           Suggestion("me", ("plum", "rope", "study"), refuter="p2", shown="rope"),
           Suggestion("p3", ("white", "rope", "kitchen"), refuter=None, passed=("me", "p2"))]
    d = deduce(P3, "me", H3, log, cats)
    assert d.conflicts == ("note 3: it contradicts your hand and the notes before it",)
    assert deduce(P3, "me", H3, log[:2], cats).consistent


def test_a_hand_that_leaves_no_deal_is_reported(cats):
    cards = [c for cs in cats.values() for c in cs]
    d = deduce(P3, "me", cards[:6], [], cats)
    assert d.conflicts and "your hand leaves no possible deal" in d.conflicts[0]


# ---- the envelope on the board's centre -------------------------------------------------------------
def test_the_envelope_fits_the_board_centre_and_a_wider_one_is_found(tmp_path):
    """game.yaml says the folded envelope lies on the board's centre; the print lint measures it there,
    and the rules check that the space is the board's X area and the piece the envelope's front panel."""
    proj = copy_project(tmp_path, ("clue",))
    gy, env = proj / "content/clue/game.yaml", proj / "layouts/clue/envelope.yaml"
    assert "sits_on: {layout: clue/board, element: envelope_space, piece: 70x95}" in gy.read_text("utf-8")
    # the old envelope, 90 mm wide: its front panel and the declared piece both widened
    env.write_text(env.read_text("utf-8").replace("front_fill: {type: rect, x: 15, y: 3, w: 70,",
                                                  "front_fill: {type: rect, x: 15, y: 3, w: 90,"), "utf-8")
    rc, out = _check(proj)
    assert rc == 1 and "`sits_on` says it is 70 x 95 mm folded, but its front panel" in out, out
    gy.write_text(gy.read_text("utf-8").replace("piece: 70x95}", "piece: 90x95}"), "utf-8")
    r = run_pnp("check", "clue", "--strict", cwd=proj)
    out = r.stdout + r.stderr
    assert r.returncode == 1 and "90 x 95 mm" in out and "75 x 105 mm" in out and "too big" in out, out


def test_an_envelope_space_that_is_not_the_board_centre_is_found(tmp_path):
    proj = copy_project(tmp_path, ("clue",))
    board = proj / "layouts/clue/board.yaml"
    board.write_text(board.read_text("utf-8").replace("envelope_space: {type: rect, x: 145, y: 130, w: 75, h: 105}",
                                                      "envelope_space: {type: rect, x: 145, y: 145, w: 75, h: 105}"),
                     "utf-8")
    rc, out = _check(proj)
    assert rc == 1, out
    assert (f"layouts/clue/board.yaml:{_line(board, 'envelope_space:')}:" in out
            and "the board's centre (the `X` squares of board.yaml, rows 9–15, columns 10–14) is 75 x 105 mm at "
                "(145, 130)" in out), out
