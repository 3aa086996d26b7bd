"""Doomsday Files played by its rules.yaml entries: the simulated ends agree with the game's rules
functions, every published rule broken in rules.yaml is a finding at its line, a rule the model needs
that is missing is a state no rule covers (exit 1), and a run is the same for a seed."""
import json
import random
import re

import pytest

from conftest import ROOT, copy_project, run_pnp
from pnp.content.loader import load_game
from pnp.games.doomsday_files import logic as L
from pnp.games.doomsday_files import published, simulate as S

GAME = "doomsday-files"
RULES = ROOT / "content" / GAME / "rules.yaml"


@pytest.fixture(scope="module")
def game():
    return load_game(ROOT / "content" / GAME)


def _line(text, name):
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(f"{name}:"))


# ---- the simulated ends against the rules functions ---------------------------------------------
@pytest.mark.parametrize("players", list(L.PLAYERS))
def test_every_simulated_end_is_what_the_rules_functions_say(game, players):
    target = game.entries["guardian_target"]["difficulty"]
    goals = game.entries["spectator_goals"]
    seen = set()
    for i in range(150):
        played, g = S.play(game, players, "standard", random.Random(f"t:{players}:{i}"))
        seen.add(played.end)
        roles = g.roles
        deal = L.setup(players)                               # the deal the rules make
        assert (roles.count("guardian"), roles.count("heretic"), len(roles)) == (deal["guardian"], 1, players)
        solved = [sum(g.CASE[c].difficulty for c in g.solved[p]) for p in range(players)]
        winners = set(played.winners)
        if played.end == "doom":
            assert L.heretic_wins(g.doom) and winners == {p for p, r in enumerate(roles) if r == "heretic"}
            continue
        assert not L.heretic_wins(g.doom)
        if played.end == "guardians":
            assert {p for p, r in enumerate(roles) if r == "guardian"} <= winners
        elif played.end == "apostate":
            (a,) = [p for p, r in enumerate(roles) if r == "apostate"]
            assert L.apostate_wins(solved[a]) and a in winners
        else:
            assert played.end == "seeker"
            (k,) = [p for p, r in enumerate(roles) if r == "seeker"]
            forbidden = sum(g.CARD[c].forbidden for c in g.hands[k])
            assert L.seeker_wins(forbidden, len(g.solved[k])) and k in winners
            assert len(g.hands[k]) <= L.HAND_LIMIT          # checked after discarding
        for p, r in enumerate(roles):                       # the spectators share a win exactly when their goal holds
            if r in ("doomsayer", "cursed", "ignorant"):
                holds = L.spectator_wins(r, g.doom, len(g.covered[p]), len(g.solved[p]), goals["doomsayer_doom"],
                                         goals["cursed_covered"], goals["ignorant_solved"])
                assert (p in winners) == holds, (r, g.doom, len(g.covered[p]), len(g.solved[p]))
            elif r in ("heretic",) or (r == "guardian" and played.end != "guardians"):
                assert p not in winners
        if played.end == "guardians":
            assert sum(solved[p] for p in winners if roles[p] == "guardian") >= target
    assert {"doom", "guardians"} <= seen


@pytest.mark.parametrize("players", [4, 8])
def test_no_card_is_lost_or_doubled_and_sanity_stays_in_bounds(game, players):
    for i in range(100):
        _played, g = S.play(game, players, "standard", random.Random(f"c:{players}:{i}"))
        cards = g.deck + g.discards + [c for p in range(players) for c in g.hands[p] + g.cases[p] + g.solved[p]]
        assert sorted(cards) == list(range(L.ACTIONS))
        profs = g.ppile + g.pdiscard + g.top + [c for cov in g.covered for c in cov]
        assert sorted(profs) == list(range(L.PROFESSIONS))
        for p in range(players):
            assert 0 <= g.sanity[p] <= g.limit(p) and len(g.cases[p]) <= L.CASE_LIMIT
            # a lasting ability works from the start: the limit is 4 plus the hearts of every profession
            # the player has had, the top one included
            assert g.limit(p) == L.sanity_limit([g.profs[c] for c in g.covered[p] + [g.top[p]]])


# ---- rules.yaml against the published rules ------------------------------------------------------
def _broken(value):
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    return "reversed"


def test_every_published_rule_broken_in_rules_yaml_is_a_finding_at_its_line(tmp_path):
    """One copy of the game with every published entry's first parameter changed: each is one finding
    at that entry's line, naming the published rule."""
    proj = copy_project(tmp_path, games=(GAME,))
    path = proj / "content" / GAME / "rules.yaml"
    text = path.read_text("utf-8")
    good = load_game(ROOT / "content" / GAME).entries
    lines = {}
    for name, spec in published.RULES.items():
        key = next(k for k in spec if k != "rule")
        bad = _broken(good[name][key])
        line = _line(text, name)
        src = text.splitlines()[line - 1]
        new = re.sub(rf"\b{key}: [^,}}]+", f"{key}: {json.dumps(bad)}", src, count=1)
        assert new != src, name
        text = text.replace(src, new)
        lines[name] = line
    path.write_text(text, "utf-8")
    found = list(published.check(load_game(proj / "content" / GAME)))
    by = {f.check.removeprefix("rules:"): f for f in found}
    assert set(by) == set(published.RULES) and len(found) == len(published.RULES)
    for name, f in by.items():
        assert f.pos.line == lines[name], (name, f.pos)
        assert str(f.pos.file).endswith("rules.yaml")
        assert published.RULES[name]["rule"] in f.message, name


def test_the_untouched_rules_leave_nothing_to_report(game):
    assert list(published.check(game)) == []


@pytest.mark.parametrize("name, key, value", [("guardian_target", "difficulty", 14),
                                              ("spectator_goals", "doomsayer_doom", 8),
                                              ("secrets_at_six", "guardians", 2)])
def test_an_edition_number_other_than_the_print_is_a_finding_at_its_line(tmp_path, name, key, value):
    proj = copy_project(tmp_path, games=(GAME,))
    path = proj / "content" / GAME / "rules.yaml"
    text = path.read_text("utf-8")
    text = re.sub(rf"(\n{name}:\n(?:  .*\n)*?  {key}: )\d+", rf"\g<1>{value}", text)
    path.write_text(text, "utf-8")
    found = [f for f in published.check(load_game(proj / "content" / GAME)) if f.check == f"rules:{name}"]
    assert len(found) == 1 and f"`{key}` is {value}" in found[0].message
    assert text.splitlines()[found[0].pos.line - 1].strip().startswith(f"{key}:")


def test_an_edition_decision_unmarked_is_a_finding(tmp_path):
    proj = copy_project(tmp_path, games=(GAME,))
    path = proj / "content" / GAME / "rules.yaml"
    text = path.read_text("utf-8").replace("guardian_target:\n  difficulty: 15\n  edition: true\n",
                                           "guardian_target:\n  difficulty: 15\n")
    path.write_text(text, "utf-8")
    found = [f for f in published.check(load_game(proj / "content" / GAME)) if f.check == "rules:guardian_target"]
    assert len(found) == 1 and "edition: true" in found[0].message


def test_pnp_check_reports_a_reversed_turn_order_at_its_line(tmp_path):
    proj = copy_project(tmp_path, games=(GAME,))
    path = proj / "content" / GAME / "rules.yaml"
    text = path.read_text("utf-8").replace("turn_order: {next: left}", "turn_order: {next: right}")
    path.write_text(text, "utf-8")
    r = run_pnp("--project", proj, "check", GAME, "--json")
    assert r.returncode == 1, r.stdout + r.stderr
    found = [f for f in json.loads(r.stdout)[GAME]["findings"] if f["check"] == "rules:turn_order"]
    assert len(found) == 1 and found[0]["file"].endswith("rules.yaml")
    assert found[0]["line"] == _line(text, "turn_order")
    assert "the next turn is the player's on the left" in found[0]["message"]


# ---- pnp simulate --------------------------------------------------------------------------------
@pytest.mark.parametrize("name, players", [("empty_deck", 8), ("discard_pile", 4), ("lasting_ability", 4),
                                           ("resolve_cards", 6), ("sanity_zero_end_phase", 8),
                                           ("profession_pile_empty", 8), ("secrets_at_six", 6), ("case_limit_moves", 5),
                                           ("solved_mysteries", 4), ("claim_check", 6), ("card_rulings", 5),
                                           ("sanity_zero_resolving", 5)])
def test_removing_a_rule_the_model_needs_is_a_state_no_rule_covers(tmp_path, name, players):
    proj = copy_project(tmp_path, games=(GAME,))
    path = proj / "content" / GAME / "rules.yaml"
    text = path.read_text("utf-8")
    text = re.sub(rf"\n{name}:(?: \{{.*\}}\n|\n(?:  .*\n)+)", "\n", text)
    assert f"\n{name}:" not in text
    path.write_text(text, "utf-8")
    r = run_pnp("--project", proj, "simulate", GAME, "--players", players, "--games", "100")
    assert r.returncode == 1, r.stdout + r.stderr
    assert f"state no rule covers: no rule `{name}` in rules.yaml" in r.stdout


def test_a_rule_value_the_model_cannot_play_is_named(tmp_path):
    proj = copy_project(tmp_path, games=(GAME,))
    path = proj / "content" / GAME / "rules.yaml"
    text = path.read_text("utf-8").replace("  then: reshuffle_discards\n  none_left: skip_draw",
                                           "  then: game_ends\n  none_left: skip_draw")
    path.write_text(text, "utf-8")
    r = run_pnp("--project", proj, "simulate", GAME, "--players", "8", "--games", "50", "--json")
    assert r.returncode == 1
    (run,) = json.loads(r.stdout)["runs"]
    assert run["uncovered"] and run["uncovered"][0].startswith("rule `empty_deck`: `then` is 'game_ends'")


def test_200_games_of_every_player_count_leave_no_state_uncovered():
    r = run_pnp("simulate", GAME, "--games", "200", "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    runs = json.loads(r.stdout)["runs"]
    assert [(x["mode"], x["players"]) for x in runs] == [("standard", n) for n in L.PLAYERS]
    for x in runs:
        assert x["uncovered"] == [] and x["games"] == 200
        assert abs(sum(x["ends"].values()) - 1) < 1e-3 and x["nobody_won"] == 0
        assert x["deck_out"] > 0                   # the empty-deck rule is played, not only written


def test_the_same_seed_gives_the_same_json():
    one = run_pnp("simulate", GAME, "--games", "60", "--seed", "5", "--json", "-j", "1")
    two = run_pnp("simulate", GAME, "--games", "60", "--seed", "5", "--json", "-j", "2")
    other = run_pnp("simulate", GAME, "--games", "60", "--seed", "6", "--json", "-j", "1")
    assert one.returncode == 0, one.stderr
    assert json.loads(one.stdout) == json.loads(two.stdout)
    assert json.loads(other.stdout) != json.loads(one.stdout)


# ---- the booklets list the edition decisions -----------------------------------------------------
@pytest.mark.parametrize("lang, heading", [("en", "# Edition decisions"), ("zh-TW", "# 本版自訂規則")])
def test_every_edition_decision_is_listed_in_each_booklet(tmp_path, lang, heading):
    proj = copy_project(tmp_path, games=(GAME,))
    book = proj / "content" / GAME / f"rules.{lang}.md"
    src = book.read_text("utf-8")
    assert heading in src
    why = load_game(ROOT / "content" / GAME).entries["empty_deck"]["why"][lang]
    assert why in src.split(heading)[1]
    book.write_text(src.replace(why, ""), "utf-8")      # the decision dropped from the list
    found = [f for f in published.check(load_game(proj / "content" / GAME)) if f.check == "rules:edition-list"]
    assert len(found) == 1 and "`empty_deck`" in found[0].message and lang in found[0].message
    rules = (proj / "content" / GAME / "rules.yaml").read_text("utf-8").splitlines()
    assert rules[found[0].pos.line - 1].strip().startswith(f"{lang}: ")       # at its why, in that language
    book.write_text(src.replace(heading, "# Notes"), "utf-8")
    found = [f for f in published.check(load_game(proj / "content" / GAME)) if f.check == "rules:edition-list"]
    assert len(found) == 1 and "has no section" in found[0].message
