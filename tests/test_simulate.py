"""`pnp simulate`: a plug-in plays complete games by its rules.yaml entries; a state no entry covers is
an error naming the rule; runs are the same for a seed whatever the number of processes."""
from __future__ import annotations

import json
import os

import pytest

from conftest import ROOT, install_plugin, run_pnp
from test_declared_checks import game

PLUGIN = '''\
from pnp.rules.api import Played, Plugin, judge, rule

PUBLISHED = {"win": {"rule": "the first to 10 points wins", "target": (10,)}}

def check(game):
    yield from judge(game, PUBLISHED)

def configs(game):
    return [("standard", n) for n in (2, 3)]

def simulate(game, players, mode, rng):
    target = rule(game, "win")["target"]
    deck, discards, score, turns, out = list(range(1, 4)) * 2, [], [0] * players, 0, False
    rng.shuffle(deck)
    while True:
        seat = turns % players
        if not deck:
            out = True
            if rule(game, "empty_deck")["then"] == "reshuffle":
                deck, discards = discards, []
                rng.shuffle(deck)
        card = deck.pop()
        discards.append(card)
        score[seat] += card
        turns += 1
        if score[seat] >= target:
            return Played(length=turns, end="target", winners=(seat,), deck_out=out)

plugin = Plugin("race", check=check, configs=configs, simulate=simulate)
'''

RULES = "win: {target: 10}\nempty_deck: {then: reshuffle, edition: true, why: {en: The original never says.}}\n"


@pytest.fixture
def race(tmp_path, monkeypatch):
    site = install_plugin(tmp_path, monkeypatch, "race_rules", PLUGIN, "race = race_rules:plugin")
    root = game(tmp_path, "- unique: [name]\n", top="rules: race\n")
    (root / "rules.yaml").write_text(RULES, "utf-8")
    env = {"PYTHONPATH": os.pathsep.join([str(site), os.environ.get("PYTHONPATH", str(ROOT))])}
    return root, lambda *a: run_pnp("--project", root.parent.parent, *a, env=env)


def test_a_run_is_the_same_for_a_seed_whatever_the_processes(race):
    _root, pnp = race
    one = pnp("simulate", "g", "--games", "200", "--seed", "7", "-j", "1", "--json")
    two = pnp("simulate", "g", "--games", "200", "--seed", "7", "-j", "2", "--json")
    assert one.returncode == 0, one.stderr
    assert json.loads(one.stdout) == json.loads(two.stdout)
    runs = json.loads(one.stdout)["runs"]
    assert [(r["mode"], r["players"], r["games"]) for r in runs] == [("standard", 2, 200), ("standard", 3, 200)]
    assert runs[0]["ends"] == {"target": 1.0} and runs[0]["uncovered"] == []
    assert abs(sum(runs[0]["wins"]["seat"].values()) - 1.0) < 1e-9
    assert runs[0]["deck_out"] > 0 and runs[1]["deck_out"] > 0   # six cards: the deck runs out, and is reshuffled
    other = json.loads(pnp("simulate", "g", "--games", "200", "--seed", "8", "--json").stdout)
    assert other != json.loads(one.stdout)


def test_a_missing_rule_is_a_state_no_rule_covers(race):
    root, pnp = race
    (root / "rules.yaml").write_text("win: {target: 10}\n", "utf-8")   # the empty-deck rule removed
    r = pnp("simulate", "g", "--games", "100", "--players", "3")
    assert r.returncode == 1, r.stdout + r.stderr
    assert "state no rule covers: no rule `empty_deck` in rules.yaml" in r.stdout
    r = pnp("simulate", "g", "--games", "100", "--json", "--players", "3")
    assert json.loads(r.stdout)["runs"][0]["uncovered"][0].startswith("no rule `empty_deck`")


def test_an_entry_that_leaves_the_published_rule_is_a_finding_at_its_line(race):
    root, pnp = race
    (root / "rules.yaml").write_text(RULES.replace("target: 10", "target: 12"), "utf-8")
    r = pnp("check", "g", "--json")
    found = [f for f in json.loads(r.stdout)["g"]["findings"] if f["check"] == "rules:win"]
    assert len(found) == 1 and found[0]["file"].endswith("rules.yaml") and found[0]["line"] == 1
    assert "the first to 10 points wins" in found[0]["message"] and "`target` is 12" in found[0]["message"]


def test_an_edition_decision_must_say_why(race):
    root, pnp = race
    (root / "rules.yaml").write_text("win: {target: 10}\nempty_deck: {then: reshuffle, edition: true}\n", "utf-8")
    r = pnp("check", "g")
    assert r.returncode == 2 and "rules.yaml:2:" in r.stderr and "edition decision without a `why:`" in r.stderr


def test_a_game_that_cannot_be_played_is_bad_input(tmp_path):
    root = game(tmp_path, "- unique: [name]\n")
    r = run_pnp("--project", root.parent.parent, "simulate", "g")
    assert r.returncode == 2 and "has no rules plug-in that can play it" in r.stderr


def test_booklets_print_the_entries_from_data(tmp_path):
    """Templates see rules.yaml as `game.rules`: a booklet lists the edition decisions with their why in
    the built language, and a rule's parameter prints from its entry."""
    import pypdf
    r = run_pnp("--project", tmp_path, "new", "demo", "--lang", "en,zh-TW")
    assert r.returncode == 0, r.stderr
    game_dir = tmp_path / "content" / "demo"
    (game_dir / "rules.yaml").write_text(
        'empty_deck: {then: reshuffle, edition: true, why: {en: "The original is silent.", zh-TW: "原版沒有說明。"}}\n'
        "win: {target: 10}\n", "utf-8")
    phrases = {"en": ('phrases:\n  empty_deck: "When the deck runs out, {{ then }} the discards."\n'
                      '  win: "The first to reach {{ target }} points wins."\nwords:\n  then: {reshuffle: shuffle}\n'),
               "zh-TW": ('phrases:\n  empty_deck: "牌堆用完時，{{ then }}棄牌堆。"\n  win: "最先達到 {{ target }} 分的人獲勝。"\n'
                         'words:\n  then: {reshuffle: 洗勻}\n')}
    for lang in ("en", "zh-TW"):
        (game_dir / f"phrases.{lang}.yaml").write_text(phrases[lang], "utf-8")
        with open(game_dir / f"rules.{lang}.md", "a", encoding="utf-8") as f:
            f.write("\n{{ rule('win') }} {{ rule('empty_deck') }}\n\n# Edition decisions\n\n"
                    "{% for name, r in game.rules.items() if r.edition %}- {{ r.why }}\n"
                    "{% endfor %}\nTarget: {{ game.rules.win.target }} points.\n")
    r = run_pnp("--project", tmp_path, "build", "demo", "--lang", "all", "--out", tmp_path / "out")
    assert r.returncode == 0, r.stderr
    for lang, why, said in (("en", "The original is silent.", "When the deck runs out, shuffle the discards†."),
                            ("zh-TW", "原版沒有說明。", "牌堆用完時，洗勻棄牌堆†。")):
        pdf = pypdf.PdfReader(tmp_path / "out" / "demo" / f"demo.{lang}.a4.pdf")
        text = "".join(p.extract_text() for p in pdf.pages).replace("\n", "")
        assert why in text and "Target: 10 points." in text
        assert said.replace(" ", "") in text.replace(" ", "")     # the phrase, its edition mark included
