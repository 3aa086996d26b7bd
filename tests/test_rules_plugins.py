"""Rules plug-ins are `pnp.rules.api.Plugin` objects registered under the entry point group `pnp.rules`:
a package outside the repository adds logic to a game that opts in by name (game.yaml `rules: g`); the
shipped games register theirs the same way (installed metadata, or pnp's own pyproject.toml when the
installed metadata predates them); a game's id never selects a plug-in, and game.yaml never names code."""
from __future__ import annotations

import importlib.metadata

from conftest import install_plugin
from test_declared_checks import CARDS, game
from pnp import rules
from pnp.content.loader import load_game

PLUGIN = '''\
from pnp.rules.api import Plugin, error

def check(game):
    comp = game.components["cards"]
    if comp.total % 2:
        yield error(comp.pos, f"{comp.total} cards cannot be dealt in pairs", check="pairs")

def summary(game):
    return ["pairs: dealt"]

plugin = Plugin("g", check=check, summary=summary)
'''


def _install(tmp_path, monkeypatch, name="g", attr="plugin"):
    install_plugin(tmp_path, monkeypatch, "g_rules_plugin", PLUGIN, f"{name} = g_rules_plugin:{attr}")


def test_a_plugin_package_adds_logic_to_a_game_that_opts_in(tmp_path, monkeypatch):
    root = game(tmp_path, "- unique: [name]\n", CARDS.replace("Bob", "Ann"), top="rules: g\n")
    g = load_game(root)
    _install(tmp_path, monkeypatch)
    found, ran = rules.run(g)
    assert {f.check for f in found} == {"cards/unique-1", "pairs"} and "g:deck-rules" in ran
    assert [f.message for f in found if f.check == "pairs"] == ["5 cards cannot be dealt in pairs"]
    assert rules.summary(g) == ["pairs: dealt"]


def test_a_game_that_names_no_plugin_gets_the_declared_checks_only_whatever_its_id(tmp_path, monkeypatch):
    """The shipped Clue plug-in once claimed every game whose id was `clue`: `pnp new clue` failed its check."""
    root = game(tmp_path, "- unique: [name]\n", CARDS.replace("Bob", "Ann"))
    _install(tmp_path, monkeypatch)             # a plug-in called `g` is installed, and the game's id is `g`
    found, ran = rules.run(load_game(root))
    assert {f.check for f in found} == {"cards/unique-1"} and not any(r.endswith(":deck-rules") for r in ran)
    assert rules.summary(load_game(root)) == []


def test_an_unknown_plugin_name_is_bad_input_listing_the_installed_ones(tmp_path):
    import pytest
    from pnp.core.errors import Problems
    root = game(tmp_path, "- unique: [name]\n", top="rules: clu\n")
    with pytest.raises(Problems) as e:
        rules.run(load_game(root))
    msg = str(e.value)
    assert f"game.yaml:{_line_of(root, 'rules:')}:8: no rules plug-in `clu` is installed" in msg and "`clue`" in msg
    assert "`tiny-epic-crimes`" in msg


def test_an_entry_point_that_is_not_a_plugin_is_bad_input(tmp_path, monkeypatch):
    import pytest
    from pnp.core.errors import Problems
    root = game(tmp_path, "- unique: [name]\n", top="rules: g\n")
    _install(tmp_path, monkeypatch, attr="check")     # a function, not a Plugin
    with pytest.raises(Problems) as e:
        rules.run(load_game(root))
    assert "is a function, not a pnp.rules.api.Plugin" in str(e.value)


def test_the_shipped_games_come_from_installed_entry_points(monkeypatch):
    from pnp.games.clue import plugin
    monkeypatch.setattr(rules, "_source_tree", lambda: {})  # only what the installed metadata says
    ep = importlib.metadata.EntryPoint("clue", "pnp.games.clue:plugin", rules.GROUP)
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group=None: [ep] if group == rules.GROUP else [])
    assert rules.plugin_for(_named("clue")) is plugin
    import pytest
    from pnp.core.errors import Problems
    with pytest.raises(Problems):
        rules.plugin_for(_named("lady-alice"))


def test_the_shipped_games_come_from_the_source_tree_when_the_install_predates_them(monkeypatch):
    from pnp.games.tiny_epic_crimes import plugin
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group=None: [])
    assert set(rules.plugins()) == {"clue", "criminal-poker", "doomsday-files", "lady-alice", "tiny-epic-crimes"}
    assert rules.plugin_for(_named("tiny-epic-crimes")) is plugin


def _named(name):
    from types import SimpleNamespace
    from pnp.core.errors import Pos
    return SimpleNamespace(rules=name, meta={}, pos=Pos("game.yaml"))


def test_a_game_id_never_selects_a_plugin():
    for name in ("clue", "generic", "declared", "tiny-epic-crimes"):
        assert rules.plugin_for(SimpleGame(name)) is None


def _line_of(root, start):
    return next(i for i, line in enumerate((root / "game.yaml").read_text().splitlines(), 1) if line.startswith(start))


class SimpleGame:
    def __init__(self, id):
        self.id, self.rules, self.meta = id, None, {}


def test_a_broken_plugin_is_bad_input_not_a_traceback(tmp_path, monkeypatch):
    import pytest
    from pnp.core.errors import Problems
    root = game(tmp_path, "- unique: [name]\n", top="rules: g\n")
    ep = importlib.metadata.EntryPoint("g", "no_such_module_anywhere", rules.GROUP)
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group=None: [ep] if group == rules.GROUP else [])
    with pytest.raises(Problems) as e:
        rules.run(load_game(root))
    assert "the rules plug-in `no_such_module_anywhere` of `g` cannot be loaded" in str(e.value)
    assert "game.yaml" in str(e.value)


def test_game_yaml_has_no_key_that_names_code(tmp_path):
    import pytest
    from pnp.core.errors import Problems
    for key in ("plugin: my_rules", "module: pnp.games.clue.checks"):
        root = game(tmp_path, "- unique: [name]\n", top=key + "\n")
        with pytest.raises(Problems) as e:
            load_game(root)
        assert f"unknown key `{key.split(':')[0]}` in game.yaml" in str(e.value)
    for value in ("my_rules.py", "pnp.games.clue", "../x"):    # `rules:` takes a registered name only
        root = game(tmp_path, "- unique: [name]\n", top=f"rules: {value}\n")
        with pytest.raises(Problems) as e:
            load_game(root)
        assert f"game.yaml:{_line_of(root, 'rules:')}:" in str(e.value)


def test_pnp_check_of_an_outside_game_runs_its_declarations_and_an_installed_plugin(tmp_path, monkeypatch):
    import json
    import os

    from conftest import ROOT, run_pnp
    root = game(tmp_path, "- unique: [name]\n", CARDS.replace("Bob", "Ann"), top="rules: g\n")
    (tmp_path / "proj" / "layouts").mkdir()  # the common layouts are built into pnp
    _install(tmp_path, monkeypatch)
    path = os.pathsep.join([str(tmp_path / "site"), os.environ.get("PYTHONPATH", str(ROOT))])
    r = run_pnp("--project", root.parent.parent, "check", "g", "--json", env={"PYTHONPATH": path})
    assert r.returncode == 1, r.stderr
    found = {(f["check"], f["file"].rsplit("/", 1)[-1], f["line"]) for f in json.loads(r.stdout)["g"]["findings"]}
    assert found == {("cards/unique-1", "cards.yaml", 10), ("pairs", "game.yaml", 15)}


def test_pnp_plugins_lists_the_names_game_yaml_may_give():
    from conftest import run_pnp
    r = run_pnp("plugins")
    assert r.returncode == 0, r.stderr
    names = [line.split()[0] for line in r.stdout.splitlines()]
    assert names == ["clue", "criminal-poker", "doomsday-files", "lady-alice", "tiny-epic-crimes"]
