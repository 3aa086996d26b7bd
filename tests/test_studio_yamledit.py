"""Writing one value back into a YAML file: only that value's bytes change, whatever its style."""
from __future__ import annotations

import pytest
import yaml

from pnp.studio.yamledit import EditError, set_field

DECK = """\
# comment at the top
cards:
  - {id: a, name: {en: Plain, zh-TW: 甲}, note: 'single'}   # trailing comment
  - id: b
    name:
      en: "Double"    # kept
      zh-TW: 乙
    note: |
      Line one
      line two
    tag: keep
  - {id: c, name: {en: Only English}}
"""


def edit(field, lang, value, card="a", text=DECK, **kw):
    return set_field(text, "cards", card, field, lang, value, ("en", "zh-TW"), **kw)


@pytest.mark.parametrize("card,field,lang,value,old,new", [
    ("a", "name", "en", "Changed", "en: Plain", "en: Changed"),
    ("a", "note", None, "it's", "'single'", "'it''s'"),
    ("b", "name", "en", 'say "hi"', '"Double"', '"say \\"hi\\""'),
    ("b", "name", "zh-TW", "乙乙", "zh-TW: 乙\n", "zh-TW: 乙乙\n"),
])
def test_a_value_keeps_its_style_and_nothing_else_moves(card, field, lang, value, old, new):
    out = edit(field, lang, value, card=card)
    assert out == DECK.replace(old, new, 1)


@pytest.mark.parametrize("value", ["true", "12", "a: b", "x, y", "#hash", "{braces}", " lead", "null", "- dash", ""])
def test_plain_values_yaml_would_misread_are_quoted(value):
    out = edit("name", "en", value)
    card = yaml.safe_load(out)["cards"][0]
    assert card["name"]["en"] == value and card["name"]["zh-TW"] == "甲" and card["note"] == "single"
    assert out.splitlines()[0] == "# comment at the top" and out.endswith("  - {id: c, name: {en: Only English}}\n")


def test_a_block_scalar_stays_a_block():
    out = edit("note", None, "New one\nnew two\n", card="b")
    assert out == DECK.replace("Line one\n      line two", "New one\n      new two")


def test_a_missing_translation_is_added_as_the_last_key():
    out = edit("name", "zh-TW", "丙", card="c")
    assert out == DECK.replace("{en: Only English}", "{en: Only English, zh-TW: 丙}")
    block = edit("name", "ko", "을", card="b", )
    assert block == DECK.replace("      zh-TW: 乙\n", "      zh-TW: 乙\n      ko: 을\n")


def test_a_missing_field_is_added_and_one_text_becomes_a_translation_map():
    out = edit("note", "en", "New", card="c")
    assert out == DECK.replace("{id: c, name: {en: Only English}}", "{id: c, name: {en: Only English}, note: {en: New}}")
    out = edit("tag", "zh-TW", "留", card="b")
    assert yaml.safe_load(out)["cards"][1]["tag"] == {"en": "keep", "zh-TW": "留"}
    assert out.replace('{en: "keep", zh-TW: 留}', "keep") == DECK


def test_inline_items_in_game_yaml():
    game = "id: g\ncomponents:\n  tiles:\n    items:\n      - {id: t1, label: Old}  # x\n"
    out = set_field(game, "tiles", "t1", "label", None, "New", inline=True)
    assert out == game.replace("Old", "New")


def test_a_card_that_is_not_there_is_an_error():
    with pytest.raises(EditError):
        edit("name", "en", "x", card="nobody")


def test_a_field_added_after_a_nested_block_map_lands_in_the_right_card():
    deck = "cards:\n  - id: d\n    name:\n      en: D\n  - id: e\n    name: {en: E}\n"
    out = set_field(deck, "cards", "d", "note", "en", "N", ("en",))
    assert out == deck.replace("      en: D\n", "      en: D\n    note: {en: N}\n")
