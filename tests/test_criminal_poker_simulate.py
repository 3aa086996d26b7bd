"""Criminal Poker as a model pnp plays: its rules.yaml entries judged against the published rules, and
complete games played by them (`pnp simulate`), ending as the murderer and win rules compute."""
from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from conftest import ROOT, copy_project, run_pnp
from pnp.games.criminal_poker import logic as cp, published
from pnp.games.criminal_poker import simulate as sim
from pnp.rules import api
from pnp.rules.api import Uncovered, load_game

GAME = "criminal-poker"
RULES_YAML = ROOT / "content" / GAME / "rules.yaml"
# entries no bot decision depends on: what players may say or show of their identities and talk
TALK = {"identity_reveal", "questioning"}


@pytest.fixture(scope="module")
def game():
    return load_game(ROOT / "content" / GAME)


class Without:
    """The game with some rules.yaml entries taken out (what `api.rule` reads)."""

    def __init__(self, game, *names):
        self._game = game
        self.entries = {k: v for k, v in game.entries.items() if k not in names}

    def __getattr__(self, name):
        return getattr(self._game, name)


def _tables(game, games=40, seed=3, modes=None):
    for mode, players in sim.configs(game):
        if modes and mode not in modes:
            continue
        for i in range(games):
            yield mode, players, sim.play(game, players, mode, random.Random(f"{seed}:{mode}:{players}:{i}"))


def test_every_mode_and_player_count_is_played(game):
    assert sim.configs(game) == [("sheriff", 4), ("sheriff-special", 4), ("sheriff", 5), ("sheriff-special", 5),
                                 ("sheriff", 6), ("sheriff-special", 6), ("detective", 3), ("detective", 4),
                                 ("detective-special", 4), ("detective", 5), ("detective-special", 5)]


def test_every_simulated_end_is_what_the_rules_functions_compute(game):
    deck = cp.evidence_deck(game)
    limit = api.rule(game, "revote_limit")["revotes"]
    for mode, players, t in _tables(game):
        held = [c for cards in t.hands.values() for c in cards]
        assert len(held) == len(set(held)), "a card is in two hands"
        suspects = [s for s, r in t.roles.items() if r != "sheriff"]
        assert len(suspects) == (players - 1 if mode.startswith("sheriff") else players)
        assert all(len(t.hands[s]) in (2, 3) for s in suspects)
        # the murderer: the checks' function, from the final hands, with the published parameters
        assert t.murderers == cp.murderers(t.hands, deck), (mode, players, t.hands)
        # the arrest: the sheriff names one; a vote arrests its most voted (two on a two-way tie); a vote that
        # still ties three or more after the revotes rules.yaml `revote_limit` allows: the detective arrests one of them
        if mode.startswith("sheriff"):
            assert len(t.arrested) == 1 and not t.votes
        else:
            assert all(cp.vote_result(v) is None for v in t.votes[:-1])
            last = cp.vote_result(t.votes[-1])
            if last is None:
                tally = Counter(t.votes[-1].values())
                tied = {p for p, k in tally.items() if k == max(tally.values())}
                assert len(t.votes) == limit + 1 and len(t.arrested) == 1 and t.arrested <= tied
                # rules.yaml `detective_pick`: the detective's choice is never themselves
                assert not {s for s, r in t.roles.items() if r == "detective"} & t.arrested
            else:
                assert len(t.votes) <= limit + 1 and t.arrested == last
                assert cp.arrest_succeeds(t.votes[-1], t.murderers) == bool(t.arrested & t.murderers)
            assert all(v != s for votes in t.votes for s, v in votes.items()), "a suspect voted for themself"
        caught = bool(t.arrested & t.murderers)
        assert t.played.end == ("murderer caught" if caught else "murderer escaped")
        assert set(t.played.winners) == cp.winners(t.roles, t.murderers, t.arrested)
        # the win rules said plainly, seat by seat
        for seat, role in t.roles.items():
            wins = seat in t.played.winners
            if role == "sociopath":
                assert wins == (seat in t.arrested)
            elif role == "mastermind":
                assert wins == (not caught)
            elif role == "sheriff" or seat not in t.murderers:
                assert wins == caught
            else:
                assert wins == (not caught)
        assert t.played.length == len(suspects)


def test_the_rare_ends_are_ruled_by_the_edition_entries(game):
    """rules.yaml `detective_co_murderer` and `sociopath_co_murderer`: who wins when a co-murderer is the
    detective or the sociopath, as logic.winners computes it for each value the entries may take."""
    assert api.rule(game, "detective_co_murderer")["other_arrested"] == "loses"
    assert api.rule(game, "sociopath_co_murderer")["when_arrested"] == "wins"
    # the detective (0) and a citizen (1) are co-murderers; the citizen is arrested
    roles = {0: "detective", 1: "citizen", 2: "citizen"}
    assert cp.winners(roles, {0, 1}, {1}) == {2}
    assert cp.winners(roles, {0, 1}, {1}, detective_co_murderer="wins") == {0, 2}
    assert cp.winners(roles, {0, 1}, {2}) == {0, 1}          # the arrest misses them: both win
    # the sociopath (1) and a citizen (2) are co-murderers; the sociopath is arrested
    roles = {0: "sheriff", 1: "sociopath", 2: "citizen", 3: "citizen"}
    assert cp.winners(roles, {1, 2}, {1}) == {0, 1, 3}       # the other co-murderer still loses
    assert cp.winners(roles, {1, 2}, {1}, sociopath_co_murderer="loses") == {0, 3}
    assert cp.winners(roles, {1, 2}, {2}) == {0, 3}          # another co-murderer arrested: the sociopath loses
    assert api.rule(game, "sociopath_co_murderer")["when_missed"] == "loses"
    assert cp.winners(roles, {1, 2}, {3}) == {2}             # the arrest misses them: the sociopath still loses


def test_a_detective_co_murderer_loses_when_another_is_arrested_in_play(game):
    seen = 0
    for _mode, _players, t in _tables(game, games=150, modes={"detective", "detective-special"}):
        det = next(s for s, r in t.roles.items() if r == "detective")
        if len(t.murderers) > 1 and det in t.murderers and t.arrested & t.murderers and det not in t.arrested:
            seen += 1
            assert det not in t.played.winners
    assert seen > 0, "no game where the detective was a co-murderer and another co-murderer was arrested"


def test_a_tied_vote_arrests_both_for_the_special_roles(game):
    seen = 0
    for mode, _players, t in _tables(game, games=120, modes={"detective-special"}):
        if mode == "detective-special" and len(t.arrested) == 2:
            seen += 1
            for seat, role in t.roles.items():
                if role == "sociopath":
                    assert (seat in t.played.winners) == (seat in t.arrested)
    assert seen > 0, "no two-way vote tie with a special role in play"


@pytest.mark.parametrize("name", sorted(set(re.findall(r"(?m)^([a-z_]+):", RULES_YAML.read_text("utf-8"))) - TALK))
def test_every_entry_is_one_the_model_needs(game, name):
    with pytest.raises(Uncovered) as e:
        for _ in _tables(Without(game, name), games=60):
            pass
    assert e.value.rule == name and f"`{name}`" in e.value.message


def _broken(text: str, name: str, key: str) -> str:
    """rules.yaml with one parameter of one flow-style entry set to a value no rule allows."""
    line = next(i for i, ln in enumerate(text.splitlines()) if ln.startswith(f"{name}: {{"))
    lines = text.splitlines()
    lines[line] = re.sub(rf"\b{key}: (\[[^\]]*\]|[^,}}]+)", f"{key}: broken", lines[line], count=1)
    assert lines[line] != text.splitlines()[line]
    return "\n".join(lines) + "\n", line + 1


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    return copy_project(tmp_path_factory.mktemp("cp-sim"))


def test_every_published_rule_broken_is_a_finding_at_its_line(project):
    folder = project / "content" / GAME
    text = RULES_YAML.read_text("utf-8")
    for name, spec in published.RULES.items():
        for key in (k for k in spec if k != "rule"):
            broken, line = _broken(text, name, key)
            (folder / "rules.yaml").write_text(broken, "utf-8")
            found = [f for f in published.check(load_game(folder)) if f.check == f"rules:{name}"]
            assert [(f.pos.line, f.pos.file.endswith("rules.yaml")) for f in found] == [(line, True)], (name, key)
            assert spec["rule"] in found[0].message and f"`{key}` is 'broken'" in found[0].message
    (folder / "rules.yaml").write_text(text, "utf-8")


def test_pnp_check_names_the_published_rule_at_the_entry(project):
    folder = project / "content" / GAME
    text = RULES_YAML.read_text("utf-8")
    broken, line = _broken(text, "murderer_tie", "valid_cards")
    (folder / "rules.yaml").write_text(broken.replace("valid_cards: broken", "valid_cards: more"), "utf-8")
    try:
        r = run_pnp("--project", project, "check", GAME, "--json")
    finally:
        (folder / "rules.yaml").write_text(text, "utf-8")
    found = [f for f in json.loads(r.stdout)[GAME]["findings"] if f["check"] == "rules:murderer_tie"]
    assert len(found) == 1 and found[0]["file"].endswith("rules.yaml") and found[0]["line"] == line
    assert "fewer valid cards is the murderer" in found[0]["message"]


def test_an_entry_and_the_number_printed_from_data_must_agree(project):
    folder = project / "content" / GAME
    yaml = (folder / "game.yaml").read_text("utf-8")
    (folder / "game.yaml").write_text(yaml.replace("    revote: 3 ", "    revote: 4 "), "utf-8")
    try:
        found = [f for f in published.check(load_game(folder)) if f.check == "rules:revote"]
    finally:
        (folder / "game.yaml").write_text(yaml, "utf-8")
    line = next(i for i, ln in enumerate(RULES_YAML.read_text("utf-8").splitlines(), 1) if ln.startswith("revote:"))
    assert [(f.pos.line, "data.rules.revote" in f.message) for f in found] == [(line, True)]


@pytest.mark.parametrize("name, mode", [("vote_tie_arrested", "detective-special"), ("sociopath_goal", "sheriff-special"),
                                        ("physical", "sheriff")])
def test_removing_an_entry_is_a_state_no_rule_covers(project, name, mode):
    folder = project / "content" / GAME
    text = RULES_YAML.read_text("utf-8")
    kept = re.sub(rf"(?ms)^{name}:.*?(?=^[a-z_#]|\Z)", "", text)
    assert kept != text
    (folder / "rules.yaml").write_text(kept, "utf-8")
    try:
        r = run_pnp("--project", project, "simulate", GAME, "--mode", mode, "--games", "100", "-j", "1")
    finally:
        (folder / "rules.yaml").write_text(text, "utf-8")
    assert r.returncode == 1, r.stdout + r.stderr
    assert f"state no rule covers: no rule `{name}` in rules.yaml" in r.stdout


def test_two_hundred_games_of_every_config_leave_no_state_uncovered():
    r = run_pnp("simulate", GAME, "--games", "200", "-j", "1", "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    runs = json.loads(r.stdout)["runs"]
    assert len(runs) == 11 and all(run["games"] == 200 and run["uncovered"] == [] for run in runs)
    for run in runs:
        assert abs(sum(run["ends"].values()) - 1) < 1e-9
        assert set(run["ends"]) <= {"murderer caught", "murderer escaped"}
        assert run["deck_out"] == 0   # 3(n − 2) + 9 cards always outlast 2 + 1 draws per suspect


def test_the_same_seed_plays_the_same_games():
    one = run_pnp("simulate", GAME, "--games", "15", "--seed", "5", "-j", "1", "--json")
    two = run_pnp("simulate", GAME, "--games", "15", "--seed", "5", "-j", "2", "--json")
    other = run_pnp("simulate", GAME, "--games", "15", "--seed", "6", "-j", "1", "--json")
    assert one.returncode == 0 and json.loads(one.stdout) == json.loads(two.stdout)
    assert json.loads(other.stdout) != json.loads(one.stdout)


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_each_edition_decision_is_listed_with_its_why_in_each_booklet(project, lang):
    folder = project / "content" / GAME
    booklet = folder / f"rules.{lang}.md"
    text = booklet.read_text("utf-8")
    game = load_game(folder)
    assert [f for f in published.check(game) if f.check == "edition"] == []
    why = "{{ game.rules.co_murderers_share.why }}"   # the why of rules.yaml, printed in the booklet's language
    assert why in text and game.entries["co_murderers_share"]["why"][lang] not in text
    booklet.write_text(text.replace(why, ""), "utf-8")
    try:
        found = [f for f in published.check(load_game(folder)) if f.check == "edition"]
    finally:
        booklet.write_text(text, "utf-8")
    line = next(i for i, ln in enumerate(RULES_YAML.read_text("utf-8").splitlines(), 1)
                if ln.startswith("co_murderers_share:")) + 4   # its `why:`
    assert [(f.pos.line, "co_murderers_share" in f.message, f"({lang})" in f.message) for f in found] == \
        [(line, True, True)]
