"""Tiny Epic Crimes played by its rule entries (`pnp simulate tiny-epic-crimes`): the simulated games
agree with the rules functions, every published entry is judged at its line, a missing entry is a
state no rule covers, and runs are the same for a seed."""
from __future__ import annotations

import json
import random
import re
from dataclasses import replace

import pytest
import yaml

from pnp.content.entries import load_entries
from pnp.content.loader import load_game
from pnp.core.errors import Collector
from pnp.games.tiny_epic_crimes import checks, published, published_checks, simulate
from tests.conftest import ROOT, copy_project, run_pnp

GAME = "tiny-epic-crimes"
RULES_FILE = ROOT / "content" / GAME / "rules.yaml"


@pytest.fixture(scope="module")
def game():
    return load_game(ROOT / "content" / GAME)


@pytest.fixture(scope="module")
def games(game):
    """Finished games of every mode and player count, with their turn logs."""
    return [(mode, n, simulate.play(game, n, mode, random.Random(f"t:{mode}:{n}:{i}"), log=True))
            for mode, n in simulate.configs(game) for i in range(25)]


def test_configs_are_every_mode_and_player_count(game):
    assert simulate.configs(game) == [("standard", 2), ("standard", 3), ("standard", 4),
                                      ("coop", 2), ("coop", 3), ("coop", 4), ("solo", 1)]


def test_every_simulated_end_agrees_with_the_rules_functions(game, games):
    suspects = [dict(id=it.id, **{t: it.get(t) for t in published.TYPES}) for it in game.components["suspects"].items]
    for mode, n, g in games:
        murderer = next(s for s in suspects if s["id"] == g.murderer)
        for o in g.o:
            assert g.murderer not in o.known and g.murderer not in o.hand          # never an alibi
            assert all(murderer[t] == v for t, v in o.seen.items())              # evidence read true
            assert murderer in checks.candidates(suspects, o.known, o.seen)
            assert o.down and g.hour[o.seat] <= 48
        for a in g.accusations:
            o = g.o[a["player"]]
            assert a["accused"] in {s["id"] for s in checks.candidates(suspects, o.known, o.seen)}
        r = g.result
        if mode == "standard":
            assert r.winners == tuple(checks.winners(g.accusations, g.murderer))   # the published tie-break
            assert (r.end == "named") == bool(r.winners)
            right = [a for a in g.accusations if a["accused"] == g.murderer]
            assert r.tie == (len(right) > 1)
            for a in g.accusations:
                o = g.o[a["player"]]
                assert (a["badge"], a["hours"], a["evidence"]) == (o.flips * 10 + o.badge, g.hour[o.seat],
                                                                   len(o.evidence))
        else:
            right = g.accusations[0]["accused"] == g.murderer
            assert r.end == ("team_right" if right else "team_wrong")
            assert r.winners == (tuple(range(n)) if right else ())


def _ranked(stacks):
    """The turn order, written differently: rank every tracker by (hour, -height); the smallest acts."""
    return sorted((h, -i, p) for h, ps in stacks.items() for i, p in enumerate(ps))[0][2]


def test_every_simulated_turn_is_taken_by_the_tracker_furthest_behind(games):
    turns = 0
    for _mode, _n, g in games:
        for stacks, seat in g.log:
            assert seat == _ranked(stacks), stacks
            turns += 1
        assert turns and len(g.log) == g.result.length
    assert turns > 1000


def _broken(text, name, key):
    """rules.yaml with `key` of entry `name` set to a value the published rules do not allow, and the
    line (1-based) it stands on."""
    lines = text.split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{name}:"))
    end = next((i for i in range(start + 1, len(lines)) if lines[i] and not lines[i].startswith((" ", "#"))),
               len(lines))
    pat = re.compile(rf"(?<![\w]){re.escape(key)}: (\[[^\]]*\]|[^,}}\n]+)")
    for i in range(start, end):
        m = pat.search(lines[i])
        if m:
            value = m.group(1).strip()
            bad = "[hours_fewest, badge_highest, evidence_most]" if value.startswith("[") else \
                str(int(value) + 1) if value.isdigit() else "false" if value == "true" else "reversed_rule"
            lines[i] = lines[i][:m.start(1)] + bad + lines[i][m.end(1):]
            return "\n".join(lines), i + 1
    raise AssertionError(f"{name}.{key} not found in rules.yaml")


def test_every_published_entry_broken_is_a_finding_at_its_line(game, tmp_path):
    text = RULES_FILE.read_text("utf-8")
    root = tmp_path / GAME
    root.mkdir()
    checked = 0
    for name, spec in published.RULES.items():
        for key in spec:
            if key == "rule":
                continue
            edited, line = _broken(text, name, key)
            (root / "rules.yaml").write_text(edited, "utf-8")
            col = Collector()
            g = replace(game, entries=load_entries(root, col, game.languages))
            found = [f for f in published_checks.entries_check(g) if f.check == f"rules:{name}"]
            assert found, (name, key)
            assert any(f.pos.line == line and f"`{key}`" in f.message and spec["rule"] in f.message
                       for f in found), (name, key, line, [(f.pos.line, f.message) for f in found])
            checked += 1
    assert checked > 100


def test_the_shipped_entries_leave_no_finding(game):
    assert [f.message for f in published_checks.entries_check(game)] == []


def test_a_broken_entry_is_reported_by_pnp_check_at_its_line(tmp_path):
    proj = copy_project(tmp_path, (GAME,))
    path = proj / "content" / GAME / "rules.yaml"
    edited, line = _broken(path.read_text("utf-8"), "turn_order", "acts")
    path.write_text(edited, "utf-8")
    r = run_pnp("--project", proj, "check", GAME, "--json")
    found = [f for f in json.loads(r.stdout)[GAME]["findings"] if f["check"] == "rules:turn_order"]
    assert r.returncode != 0 and len(found) == 1
    assert found[0]["file"].endswith("rules.yaml") and found[0]["line"] == line
    assert "furthest behind" in found[0]["message"]


def test_an_entry_that_disagrees_with_the_printed_data_is_a_finding(game, tmp_path):
    root = tmp_path / GAME
    root.mkdir()
    text = RULES_FILE.read_text("utf-8").replace("  block: 12\n", "  block: 8\n")   # day_night: an edition value
    (root / "rules.yaml").write_text(text, "utf-8")
    g = replace(game, entries=load_entries(root, Collector(), game.languages))
    found = [f for f in published_checks.entries_check(g) if f.check == "rules:day_night"]
    assert len(found) == 1 and "data.day_night = 12" in found[0].message


@pytest.mark.parametrize("name, args", [
    ("turn_order", ("--players", "2", "--mode", "standard")),
    ("troubled_move", ("--players", "4", "--mode", "standard")),      # an empty suspect deck in troubled times
    ("event_no_mobster", ("--players", "3", "--mode", "coop")),        # an event's mobster from an empty cup
    ("alibi_none", ("--players", "4", "--mode", "coop")),              # no card left to gain
])
def test_removing_an_entry_the_model_needs_is_a_state_no_rule_covers(tmp_path, name, args):
    proj = copy_project(tmp_path, (GAME,))
    path = proj / "content" / GAME / "rules.yaml"
    lines = path.read_text("utf-8").split("\n")
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{name}:"))
    end = next(i for i in range(start + 1, len(lines)) if lines[i] and not lines[i].startswith(" "))
    path.write_text("\n".join(lines[:start] + lines[end:]), "utf-8")
    r = run_pnp("--project", proj, "simulate", GAME, "--games", "40", "-j", "1", *args)
    assert r.returncode == 1, r.stdout + r.stderr
    assert f"state no rule covers: no rule `{name}` in rules.yaml" in r.stdout


def test_every_config_plays_200_games_with_no_uncovered_state():
    r = run_pnp("simulate", GAME, "--games", "200", "-j", "1", "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    runs = json.loads(r.stdout)["runs"]
    assert [(x["mode"], x["players"]) for x in runs] == [("standard", 2), ("standard", 3), ("standard", 4),
                                                         ("coop", 2), ("coop", 3), ("coop", 4), ("solo", 1)]
    for x in runs:
        assert x["uncovered"] == [] and x["games"] == 200
        assert abs(sum(x["ends"].values()) - 1) < 1e-3
        assert 0 < x["length"]["mean"] <= x["length"]["max"]
        assert x["rounds"]["max"] <= 48


def test_the_same_seed_plays_the_same_games():
    one = run_pnp("simulate", GAME, "--games", "15", "--seed", "5", "-j", "1", "--json")
    two = run_pnp("simulate", GAME, "--games", "15", "--seed", "5", "-j", "2", "--json")
    other = run_pnp("simulate", GAME, "--games", "15", "--seed", "6", "-j", "1", "--json")
    assert one.returncode == 0, one.stderr
    assert json.loads(one.stdout) == json.loads(two.stdout)
    assert json.loads(other.stdout) != json.loads(one.stdout)


def test_a_booklet_that_leaves_out_an_edition_decision_is_a_finding(tmp_path):
    proj = copy_project(tmp_path, (GAME,))
    path = proj / "content" / GAME / "rules.en.md"
    text = path.read_text("utf-8")
    head = text.split("\n").index("# Edition decisions") + 1
    cut = "- **Crime sprees in a row**: {{ rule('crime_spree') }} The original does not say whether a reroll can be a spree too.\n"
    assert cut in text
    path.write_text(text.replace(cut, ""), "utf-8")
    r = run_pnp("--project", proj, "check", GAME, "--json")
    found = [f for f in json.loads(r.stdout)[GAME]["findings"] if "Edition decisions" in f["message"]]
    assert len(found) == 1 and found[0]["file"].endswith("rules.en.md") and found[0]["line"] == head
    decided = sum(1 for e in yaml.safe_load((proj / "content" / GAME / "rules.yaml").read_text("utf-8")).values()
                  if isinstance(e, dict) and e.get("edition") is True)
    assert f"lists {decided - 1} decisions" in found[0]["message"] and "crime_spree" in found[0]["message"]
