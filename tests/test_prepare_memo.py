"""What a game's preparation keeps instead of recomputing: parsed YAML texts (per process) and the
template context and layouts the checks share (per rules run). An edit is always seen; a caller's
change to what it got never reaches the next caller."""
from __future__ import annotations

from test_declared_checks import findings, game
from pnp.content import yamlfile
from pnp.content.yamlfile import load_file
from pnp.rules import memo
from pnp.content.loader import load_game


def test_an_edited_yaml_file_is_parsed_again(tmp_path):
    f = tmp_path / "a.yaml"
    f.write_text("a: 1\nb: [x, y]\n", encoding="utf-8")
    assert load_file(f) == {"a": 1, "b": ["x", "y"]}
    f.write_text("a: 2\nb: [x, y]\n", encoding="utf-8")   # same size, other bytes
    assert load_file(f) == {"a": 2, "b": ["x", "y"]}


def test_every_load_gets_its_own_value_with_the_positions(tmp_path):
    f = tmp_path / "a.yaml"
    f.write_text("base: &b {x: 1, y: [1, 2]}\nc:\n  <<: *b\n  z: 3\n", encoding="utf-8")
    first = load_file(f)
    first["c"]["y"].append(99)
    first["base"]["x"] = 5
    again = load_file(f)
    assert again == {"base": {"x": 1, "y": [1, 2]}, "c": {"x": 1, "y": [1, 2], "z": 3}}
    assert again is not first and again["c"]["y"] is not first["c"]["y"]
    fresh = yamlfile._parse(f.read_text(encoding="utf-8"), first.pos.file)
    assert (again["c"]["y"] is again["base"]["y"]) == (fresh["c"]["y"] is fresh["base"]["y"])   # shared as parsed
    assert str(again["c"].at("z")) == str(first["c"].at("z")) and again["c"].at("z").line == 4
    assert again["base"]["y"].at(1).col == first["base"]["y"].at(1).col


def test_the_checks_of_one_run_share_a_context_and_a_new_run_sees_an_edit(tmp_path):
    root = game(tmp_path, "- unique: [name]\n")
    g = load_game(root)
    assert memo.context(g, "en") is not memo.context(g, "en")     # outside a run: built fresh
    with memo.scope():
        assert memo.context(g, "en") is memo.context(g, "en")
        assert memo.layouts(g) is memo.layouts(g)
    rule = "checks:\n  - rule: \"data.most >= 3\"\n    message: \"most is {{ data.most }}\"\n"
    root = game(tmp_path, "- unique: [name]\n", top=rule)
    assert findings(root)[0] == []
    (root / "game.yaml").write_text((root / "game.yaml").read_text().replace("most: 3", "most: 2"))
    f, _ = findings(root)
    assert [x[4] for x in f] == ["most is 2 (check `game/rule-1`)"]
