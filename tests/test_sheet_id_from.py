"""`id_from:` (issue #28): a spreadsheet deck says which column its ids are made from (default `name`);
an unknown column is a problem at the `id_from:` line with a did-you-mean."""
from __future__ import annotations

import pytest

from test_sheets_first import FORMATS, game, items, problems

FIELDS = "name: text, title: text?, kind: {enum: [spell, beast]}, cost: int"
ROWS = [["Name", "Title", "Kind", "Cost"], ["Fire Mage", "The Burning One", "spell", "3"],
        ["Ice Mage", "", "spell", "2"], ["Owl", "Night Owl", "beast", "1"]]


def _with(root, line: str):
    text = (root / "game.yaml").read_text("utf-8")
    (root / "game.yaml").write_text(text.replace("    fields:", f"    {line}\n    fields:"), "utf-8")
    return root


@pytest.mark.parametrize("name", FORMATS)
def test_ids_are_made_from_the_column_id_from_names(tmp_path, name):
    root = _with(game(tmp_path, name, ROWS, fields=FIELDS), "id_from: title")
    # an empty cell of that column gives the row, as a name without Latin letters does
    assert [i.id for i in items(root)] == ["the-burning-one", "row-3", "night-owl"]


def test_without_id_from_the_name_gives_the_ids_as_before(tmp_path):
    assert [i.id for i in items(game(tmp_path, "cards.csv", ROWS, fields=FIELDS))] == ["fire-mage", "ice-mage", "owl"]


def test_id_from_a_translated_column(tmp_path):
    rows = [["name", "title.zh-TW", "title.en", "kind", "cost"], ["a", "火龍", "Fire Dragon", "beast", "5"]]
    root = _with(game(tmp_path, "cards.csv", rows, fields=FIELDS, langs="zh-TW, en"), "id_from: title")
    assert [i.id for i in items(root)] == ["fire-dragon"]


def test_an_id_column_still_wins_over_id_from(tmp_path):
    rows = [["id", "name", "title", "kind", "cost"], ["m1", "Fire Mage", "Burning", "spell", "3"],
            ["", "Owl", "Night Owl", "beast", "1"]]
    root = _with(game(tmp_path, "cards.csv", rows, fields=FIELDS), "id_from: title")
    assert [i.id for i in items(root)] == ["m1", "night-owl"]


def test_the_same_id_from_two_rows_names_the_column(tmp_path):
    rows = [["name", "title", "kind", "cost"], ["A", "Owl", "beast", "1"], ["B", "owl", "beast", "1"]]
    got = problems(_with(game(tmp_path, "cards.csv", rows, fields=FIELDS), "id_from: title"))
    assert len(got) == 2 and "the id `owl` (from the column `title`) is also the id of row 3" in got[0], got


@pytest.mark.parametrize("name", ["cards.csv", "cards.xlsx"])
def test_an_unknown_column_is_a_problem_at_the_id_from_line(tmp_path, name):
    (got,) = problems(_with(game(tmp_path, name, ROWS, fields=FIELDS), "id_from: titel"))
    assert "game.yaml:10:" in got and "`id_from: titel` names no column of" in got and "did you mean `title`?" in got, got


def test_id_from_is_for_spreadsheets(tmp_path):
    root = game(tmp_path, "cards.yaml", [], fields="name: text")
    (root / "cards.yaml").write_text("cards:\n  - {id: a, name: A}\n", "utf-8")
    (got,) = problems(_with(root, "id_from: name"))
    assert "game.yaml:10:" in got and "`id_from` is for spreadsheet decks" in got, got


def test_the_references_example_gives_the_ids_it_says(tmp_path):
    from pnp.commands import docs
    from pnp.content import sheetids
    ref = docs.generate()
    assert sheetids.ID_FROM_SHEET in ref and f"`{sheetids.ID_FROM}`" in ref
    assert "e.g. `id_from: title`" in next(line for line in ref.splitlines() if line.startswith("| `id_from` |"))
    root = game(tmp_path, "cards.yaml", [], fields="name: text, title: text?, cost: int")
    (root / "cards.csv").write_text(sheetids.ID_FROM_SHEET, "utf-8")
    text = (root / "game.yaml").read_text("utf-8").replace("cards.yaml", "cards.csv")
    (root / "game.yaml").write_text(text, "utf-8")
    assert tuple(i.id for i in items(_with(root, sheetids.ID_FROM))) == sheetids.ID_FROM_IDS
