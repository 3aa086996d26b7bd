"""Rules plug-ins come from the entry point group `pnp.rules` (name = game id): a package outside the
repository adds logic to a game that has only content; the shipped games register theirs the same way
(installed metadata, or pnp's own pyproject.toml when the installed metadata predates them); a game
folder never chooses code to import."""
from __future__ import annotations

import importlib.metadata
import sys

from test_declared_checks import CARDS, game
from pnp import rules
from pnp.content.loader import load_game

PLUGIN = '''\
from pnp.rules.base import error

def check(game):
    comp = game.components["cards"]
    if comp.total % 2:
        yield error(comp.pos, f"{comp.total} cards cannot be dealt in pairs", check="pairs")

def summary(game):
    return ["pairs: dealt"]
'''


def _install(tmp_path, monkeypatch, name="g"):
    site = tmp_path / "site"
    (site / "g_rules_plugin").mkdir(parents=True)
    (site / "g_rules_plugin" / "__init__.py").write_text(PLUGIN)
    info = site / "g_rules_plugin-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: g-rules-plugin\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[pnp.rules]\n{name} = g_rules_plugin\n")
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.delitem(sys.modules, "g_rules_plugin", raising=False)


def test_a_plugin_package_adds_logic_to_a_game_outside_the_repository(tmp_path, monkeypatch):
    root = game(tmp_path, "- unique: [name]\n", CARDS.replace("Bob", "Ann"))
    g = load_game(root)
    found, ran = rules.run(g)
    assert {f.check for f in found} == {"cards/unique-1"} and "g:deck-rules" not in ran
    _install(tmp_path, monkeypatch)
    found, ran = rules.run(g)
    assert {f.check for f in found} == {"cards/unique-1", "pairs"} and "g:deck-rules" in ran
    assert [f.message for f in found if f.check == "pairs"] == ["5 cards cannot be dealt in pairs"]
    assert rules.summary(g) == ["pairs: dealt"]


def test_the_shipped_games_come_from_installed_entry_points(monkeypatch):
    monkeypatch.setattr(rules, "_source_tree", lambda: {})  # only what the installed metadata says
    ep = importlib.metadata.EntryPoint("clue", "pnp.rules.clue", rules.GROUP)
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group=None: [ep] if group == rules.GROUP else [])
    assert rules.game_module("clue").__name__ == "pnp.rules.clue"
    assert rules.game_module("lady-alice") is None


def test_the_shipped_games_come_from_the_source_tree_when_the_install_predates_them(monkeypatch):
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group=None: [])
    assert set(rules.plugins()) == {"clue", "criminal-poker", "doomsday-files", "lady-alice", "tiny-epic-crimes"}
    assert rules.game_module("tiny-epic-crimes").__name__ == "pnp.rules.tiny_epic_crimes"


def test_a_game_id_never_selects_a_module_by_its_name():
    # before plug-ins, a game folder called `generic` or `declared` ran pnp/rules/generic.py as its rules
    for name in ("generic", "declared", "base", "clue_print", "tiny_epic_crimes"):
        assert rules.game_module(name) is None


def test_a_broken_plugin_is_bad_input_not_a_traceback(tmp_path, monkeypatch):
    import pytest
    from pnp.core.errors import Problems
    root = game(tmp_path, "- unique: [name]\n")
    ep = importlib.metadata.EntryPoint("g", "no_such_module_anywhere", rules.GROUP)
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group=None: [ep] if group == rules.GROUP else [])
    with pytest.raises(Problems) as e:
        rules.run(load_game(root))
    assert "the rules plug-in `no_such_module_anywhere` of `g` cannot be loaded" in str(e.value)
    assert "game.yaml" in str(e.value)


def test_game_yaml_has_no_key_that_names_code(tmp_path):
    import pytest
    from pnp.core.errors import Problems
    for key in ("rules: my_rules.py", "plugin: my_rules", "module: pnp.rules.clue"):
        root = game(tmp_path, "- unique: [name]\n", top=key + "\n")
        with pytest.raises(Problems) as e:
            load_game(root)
        assert f"unknown key `{key.split(':')[0]}` in game.yaml" in str(e.value)


def test_pnp_check_of_an_outside_game_runs_its_declarations_and_an_installed_plugin(tmp_path, monkeypatch):
    import json
    import os

    from conftest import ROOT, run_pnp
    root = game(tmp_path, "- unique: [name]\n", CARDS.replace("Bob", "Ann"))
    (tmp_path / "proj" / "layouts").mkdir()  # the common layouts are built into pnp
    _install(tmp_path, monkeypatch)
    path = os.pathsep.join([str(tmp_path / "site"), os.environ.get("PYTHONPATH", str(ROOT))])
    r = run_pnp("--project", root.parent.parent, "check", "g", "--json", env={"PYTHONPATH": path})
    assert r.returncode == 1, r.stderr
    found = {(f["check"], f["file"].rsplit("/", 1)[-1], f["line"]) for f in json.loads(r.stdout)["g"]["findings"]}
    assert found == {("cards/unique-1", "cards.yaml", 10), ("pairs", "game.yaml", 15)}
