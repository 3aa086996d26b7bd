"""The YAML mistakes designers make most get a hint that fixes them."""
from __future__ import annotations

import pytest

from pnp.content.yamlfile import load_text
from pnp.core.errors import Problems


@pytest.mark.parametrize("text,hint", [
    ("a: 1\ntext: **Bold** move\n", 'a value starting with `*` is read as a YAML alias: quote it — `text: "**Bold** move"`'),
    ("a: 1\ntext: Note: this breaks\nb: 2\n", 'the value of `text` contains `: `: quote it — `text: "Note: this breaks"`'),
    ("title:Foo\nid: x\n", "put a space after the colon on line 1: `title: Foo`"),
    ("a:\n\tb: 1\n", "indent"),
])
def test_hint(text, hint):
    with pytest.raises(Problems) as e:
        load_text(text, "g.yaml")
    assert hint in str(e.value.problems[0])


def test_urls_and_quoted_values_get_no_colon_hint():
    from pnp.content.yamlfile import yaml_hint
    assert yaml_hint("url: https://a.b/c\n", 0) == ""
    assert yaml_hint('text: "Note: fine"\n', 0) == ""


def test_a_list_item_without_a_space_after_its_colon(tmp_path):
    from pnp.content.loader import load_game
    g = tmp_path / "g"
    g.mkdir()
    (g / "game.yaml").write_text("id: g\ntitle: G\nlanguages: [en]\ncomponents:\n  c:\n    title: C\n"
                                 "    front: common/poker\n    items:\n      - id:one\n", "utf-8")
    with pytest.raises(Problems) as e:
        load_game(g)
    assert "put a space after the colon: `id: one`" in str(e.value.problems[0])
