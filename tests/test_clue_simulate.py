"""Clue's rules as data the engine plays: content/clue/rules.yaml judged against the published rules
(pnp/games/clue/published.py) and played by `pnp simulate clue` (pnp/games/clue/simulate.py).

- every simulated end agrees with the rules functions (the deal, the verdict, the exact deduction);
- each parameter of a published rule, changed, is a finding at its line naming the published rule;
- every entry the model reads, removed, is a state no rule covers naming it (and `pnp simulate`
  exits 1);
- `pnp simulate clue` plays every player count with no uncovered state, the same for a seed.
"""
from __future__ import annotations

import json
import random
import re

import yaml
import shutil
from pathlib import Path

import pytest

from conftest import ROOT, copy_project, run_pnp
from pnp.games.clue import checks, simulate
from pnp.games.clue.logic import ENVELOPE, asked, deduce, hand_sizes, refutation, verdict
from pnp.games.clue.published import RULES
from pnp.rules.api import Uncovered, judge, load_game

RULES_YAML = ROOT / "content" / "clue" / "rules.yaml"


@pytest.fixture(scope="module")
def clue():
    return load_game(ROOT / "content" / "clue")


def _games(game, players, count, hasty=0.3, seed="t"):
    for i in range(count):
        yield simulate.play(game, players, "standard", random.Random(f"{seed}:{players}:{i}"), hasty=hasty)


def test_every_simulated_end_agrees_with_the_rules_functions(clue):
    cats = checks.categories(clue)
    ends = set()
    for n in (3, 4, 5, 6):
        for played, st in _games(clue, n, 25):
            ends.add(played.end)
            # the deal: hands in dealing order (from the dealer's left) are the published sizes
            order = [(st["dealer"] + 1 + k) % n for k in range(n)]
            assert [len(st["hands"][s]) for s in order] == hand_sizes(n) == list(clue.data["hands"][n])
            # the verdict of every accusation is the rules function's, and the end follows from them
            for seat, claim in st["claims"].items():
                assert verdict(st["envelope"], claim) == (seat not in st["wrong"]) == (claim == st["envelope"])
            # every refutation is the one the rules function finds in the hands: the first holder to the left
            hands = [set(h) for h in st["hands"]]
            for s in st["bots"][0].log:
                who, could = refutation(hands, s.suggester, s.cards, "left")
                assert s.refuter == who and s.passed == tuple(asked(n, s.suggester, "left"))[:len(s.passed)]
                assert (who is None) == (len(s.passed) == n - 1)
            for bot in st["bots"]:
                for s in bot.log:
                    assert (s.shown is not None) == (s.suggester == bot.seat and s.refuter is not None)
                    assert s.shown is None or s.shown in s.cards and s.shown in hands[s.refuter]
            assert played.end == ("solved" if played.winners else "everyone_wrong")
            if played.winners:
                (w,) = played.winners
                assert verdict(st["envelope"], st["claims"][w]) and w not in st["wrong"]
                bot = st["bots"][w]
                if not bot.hasty:       # a careful winner's notes prove the envelope, by the exact deduction
                    seats = list(range(n))
                    d = deduce(seats, w, bot.hand, bot.log, cats, [len(h) for h in st["hands"]])
                    assert d.solved() and {k: v[0] for k, v in d.envelope.items()} == st["envelope"]
                    assert all(ENVELOPE in d.where[c] for c in st["envelope"].values())
            else:
                assert st["wrong"] == set(range(n))
    assert ends == {"solved"} or ends == {"solved", "everyone_wrong"}


def test_games_where_every_player_accuses_wrongly_end_with_nobody_winning(clue):
    got = [p for n in (3, 4) for p, _st in _games(clue, n, 40, hasty=1.0)]
    wrong = [p for p in got if p.end == "everyone_wrong"]
    assert wrong and all(p.winners == () for p in wrong)
    assert any(p.end == "solved" for p in got)


def _rules_text():
    return RULES_YAML.read_text("utf-8")


def _broken(value):
    if isinstance(value, bool):
        return str(not value).lower()
    if isinstance(value, int):
        return str(value + 1)
    return "something_else"


def _entry_line(text, name):
    return next(i for i, line in enumerate(text.splitlines(), 1) if line.startswith(f"{name}:"))


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    dst = tmp_path_factory.mktemp("clue") / "clue"
    shutil.copytree(ROOT / "content" / "clue", dst)
    return dst


def test_each_published_rule_broken_is_a_finding_at_its_line(folder):
    text = _rules_text()
    base = load_game(folder)
    assert list(judge(base, RULES)) == []
    for name, spec in RULES.items():
        line = _entry_line(text, name)
        for key in spec:
            if key == "rule":
                continue
            entry = base.entries[name]
            lines = text.splitlines()
            edited, k = re.subn(rf"\b{key}: [^,}}]+", f"{key}: {_broken(entry[key])}", lines[line - 1], count=1)
            assert k == 1, (name, key)
            lines[line - 1] = edited
            (folder / "rules.yaml").write_text("\n".join(lines) + "\n", "utf-8")
            found = [f for f in judge(load_game(folder), RULES) if f.check == f"rules:{name}"]
            assert len(found) == 1, (name, key, found)
            assert found[0].pos.line == line and found[0].pos.file.endswith("rules.yaml"), (name, key)
            assert spec["rule"] in found[0].message and f"`{key}`" in found[0].message
    (folder / "rules.yaml").write_text(text, "utf-8")


def test_pnp_check_reports_a_reversed_refutation_and_a_missing_rule(tmp_path):
    proj = copy_project(tmp_path, ("clue",))
    path = proj / "content" / "clue" / "rules.yaml"
    text = _rules_text()
    path.write_text(text.replace("refute: {direction: left,", "refute: {direction: right,"), "utf-8")
    r = run_pnp("--project", proj, "check", "clue", "--json")
    found = [f for f in json.loads(r.stdout)["clue"]["findings"] if f["check"] == "rules:refute"]
    assert r.returncode == 1 and len(found) == 1, r.stdout
    assert found[0]["file"].endswith("rules.yaml") and found[0]["line"] == _entry_line(text, "refute")
    assert "the player on the suggester's left refutes first" in found[0]["message"]
    path.write_text("\n".join(line for line in text.splitlines() if not line.startswith("win:")) + "\n", "utf-8")
    r = run_pnp("--project", proj, "check", "clue")
    # the booklets' `rule('win')` cannot be printed either, which makes the game bad input (exit 2)
    assert r.returncode != 0 and "the rule `win` is missing from rules.yaml" in r.stdout + r.stderr


def _text_without(name):
    out, skip = [], False
    for line in _rules_text().splitlines():
        if line.startswith(f"{name}:"):
            skip = True
            continue
        if skip and line.startswith("  "):
            continue
        skip = False
        out.append(line)
    return "\n".join(out) + "\n"


def _without(folder, name):
    (folder / "rules.yaml").write_text(_text_without(name), "utf-8")
    return load_game(folder)


def test_every_entry_removed_is_a_state_no_rule_covers_naming_it(folder, monkeypatch):
    names = [line.split(":")[0] for line in _rules_text().splitlines() if re.match(r"^[a-z_]+:", line)]
    assert len(names) == len(yaml.safe_load(_rules_text())) > 30   # every entry, as the file holds them
    for name in names:
        game = _without(folder, name)
        simulate._MAPS.clear()
        hit = None
        for i in range(200):
            n = 3 + i % 4
            try:
                simulate.play(game, n, "standard", random.Random(f"gone:{i}"), hasty=1.0 if i % 2 else 0.3)
            except Uncovered as e:
                hit = e
                break
        assert hit is not None and hit.rule == name and f"`{name}`" in hit.message, name
    (folder / "rules.yaml").write_text(_rules_text(), "utf-8")


def test_pnp_simulate_exits_1_naming_a_removed_rule(tmp_path):
    proj = copy_project(tmp_path, ("clue",))
    path = proj / "content" / "clue" / "rules.yaml"
    path.write_text(_text_without("move_count"), "utf-8")
    assert "move_count" not in path.read_text("utf-8")
    r = run_pnp("--project", proj, "simulate", "clue", "--games", "20", "--players", "4")
    assert r.returncode == 1, r.stdout + r.stderr
    assert "state no rule covers: no rule `move_count` in rules.yaml" in r.stdout


def test_pnp_simulate_plays_every_player_count_with_no_uncovered_state():
    r = run_pnp("simulate", "clue", "--games", "200", "--json", "-j", "1")
    assert r.returncode == 0, r.stdout + r.stderr
    runs = json.loads(r.stdout)["runs"]
    assert [(x["mode"], x["players"], x["games"]) for x in runs] == [("standard", n, 200) for n in (3, 4, 5, 6)]
    for x in runs:
        assert x["uncovered"] == [] and abs(sum(x["ends"].values()) - 1) < 1e-6
        assert set(x["ends"]) <= {"solved", "everyone_wrong"}
        assert set(x["wins"]["role"]) == set(checks.categories(load_game(ROOT / "content" / "clue"))["suspect"])


def test_the_same_seed_gives_the_same_json():
    one = run_pnp("simulate", "clue", "--games", "60", "--seed", "5", "--json", "-j", "1")
    two = run_pnp("simulate", "clue", "--games", "60", "--seed", "5", "--json", "-j", "2")
    other = run_pnp("simulate", "clue", "--games", "60", "--seed", "6", "--json", "-j", "1")
    assert one.returncode == 0 and json.loads(one.stdout) == json.loads(two.stdout)
    assert json.loads(other.stdout) != json.loads(one.stdout)


def test_the_booklets_list_every_edition_decision_with_its_reason(tmp_path):
    proj = copy_project(tmp_path, ("clue",))
    en, zh = proj / "content/clue/rules.en.md", proj / "content/clue/rules.zh-TW.md"
    text = _rules_text()
    # the English list loses the dealer's line; the Chinese booklet loses its section title
    en.write_text("\n".join(line for line in en.read_text("utf-8").splitlines()
                            if not line.startswith("- **The dealer.**")) + "\n", "utf-8")
    zh.write_text(zh.read_text("utf-8").replace("# 本版自訂規則\n", "# 其他\n"), "utf-8")
    r = run_pnp("--project", proj, "check", "clue", "--json")
    found = [f for f in json.loads(r.stdout)["clue"]["findings"] if "edition decision" in f["message"]]
    assert r.returncode == 1 and len(found) == 2, r.stdout
    dealer = next(f for f in found if "`dealer`" in f["message"])
    lines = text.splitlines()
    at = _entry_line(text, "dealer")
    assert dealer["file"].endswith("rules.yaml") and lines[dealer["line"] - 1].strip().startswith("en: ") and dealer["line"] > at
    assert any(f["file"].endswith("rules.zh-TW.md") and "本版自訂規則" in f["message"] for f in found)


def test_the_first_player_the_booklet_prints_is_the_one_the_rules_name(folder):
    text = _rules_text()
    (folder / "rules.yaml").write_text(text.replace("first_player: {suspect: scarlet}",
                                                    "first_player: {suspect: mustard}"), "utf-8")
    found = [f for f in checks._check_entries(load_game(folder)) if f.check == "rules:first_player"]
    (folder / "rules.yaml").write_text(text, "utf-8")
    assert {f.pos.file.rsplit("/", 1)[-1] for f in found} == {"rules.yaml", "game.yaml"}
    assert any("data.first_player is 'scarlet'" in f.message for f in found)
