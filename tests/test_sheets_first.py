"""Spreadsheet-first decks (issue #28): a sheet exported from a designer's spreadsheet, with no `id`
column and headers as people write them, loads; the same cell is typed the same in CSV, TSV, XLSX and
ODS; each problem is reported once, at its cell, with what to write instead."""
from __future__ import annotations

from pathlib import Path

import pytest

from pnp.content.loader import load_game
from pnp.core.errors import Problems
from test_sheets import csv_writer, ods_writer, xlsx_writer

GAME = """\
id: g
title: G
languages: [%s]
components:
  cards:
    kind: deck
    title: Cards
    front: %s
    cards: %s
    fields: {%s}
"""
FIELDS = "name: text, kind: {enum: [spell, beast]}, cost: int, note: str?"


def game(tmp_path: Path, name: str, rows, fields=FIELDS, langs="en", front="common/poker") -> Path:
    root = tmp_path / "content" / "g"
    root.mkdir(parents=True)
    (root / "game.yaml").write_text(GAME % (langs, front, name, fields), "utf-8")
    writer = {".csv": csv_writer(rows), ".tsv": csv_writer(rows, "\t"), ".xlsx": xlsx_writer(rows),
              ".ods": ods_writer(rows)}.get(Path(name).suffix)
    if writer:      # a deck file (.yaml) is written by the test
        writer(root / name)
    return root


def problems(root) -> list[str]:
    with pytest.raises(Problems) as e:
        load_game(root)
    return [str(p) for p in e.value.problems]


def items(root):
    return load_game(root).components["cards"].items


FORMATS = ["cards.csv", "cards.tsv", "cards.xlsx", "cards.ods"]


# ---- ids ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", FORMATS)
def test_a_sheet_without_an_id_column_gets_ids_from_its_names(tmp_path, name):
    rows = [["Name", "Kind", "Cost"], ["Fire Mage", "spell", "3"], ["Café  Noir!", "beast", "1"],
            ["火龍", "beast", "5"], ["Straße Æther", "spell", "2"]]
    got = items(game(tmp_path, name, rows))
    assert [i.id for i in got] == ["fire-mage", "cafe-noir", "row-4", "strasse-aether"]
    assert got[0].data["name"] == "Fire Mage" and got[0].data["id"] == "fire-mage"
    assert got[0].at("id").line == 2 and got[2].at("id").line == 4


def test_a_translated_name_gives_the_id_of_its_first_language_written_in_latin_letters(tmp_path):
    rows = [["name.zh-TW", "name.en", "kind", "cost"], ["火龍", "Fire Dragon", "beast", "5"], ["水龍", "", "beast", "4"]]
    got = items(game(tmp_path, "cards.csv", rows, langs="zh-TW, en"))
    assert [i.id for i in got] == ["fire-dragon", "row-3"]


def test_without_a_name_column_the_ids_are_the_row_numbers(tmp_path):
    rows = [["kind", "cost"], ["spell", "1"], ["", ""], ["beast", "2"]]
    got = items(game(tmp_path, "cards.xlsx", rows, fields="kind: {enum: [spell, beast]}, cost: int"))
    assert [i.id for i in got] == ["row-2", "row-4"]


def test_a_declared_id_column_still_works_and_an_empty_id_cell_is_derived(tmp_path):
    rows = [["ID", "name", "kind", "cost"], ["mage-1", "Fire Mage", "spell", "3"], ["", "Ice Mage", "spell", "2"]]
    assert [i.id for i in items(game(tmp_path, "cards.csv", rows))] == ["mage-1", "ice-mage"]


def test_the_same_name_twice_is_reported_at_both_rows(tmp_path):
    rows = [["name", "kind", "cost"], ["Goblin", "beast", "1"], ["Elf", "beast", "1"], ["goblin", "beast", "2"]]
    got = problems(game(tmp_path, "cards.csv", rows))
    assert len(got) == 2, got
    assert "cards.csv:2:1 (column name): the id `goblin` (from the name) is also the id of row 4" in got[0], got
    assert "cards.csv:4:1 (column name): the id `goblin` (from the name) is also the id of row 2" in got[1], got
    assert "copies" in got[0]


def test_a_given_id_used_twice_in_a_sheet_is_reported_at_both_rows(tmp_path):
    rows = [["id", "name", "kind", "cost"], ["a", "A", "beast", "1"], ["a", "B", "beast", "1"]]
    got = problems(game(tmp_path, "cards.xlsx", rows))
    assert len(got) == 2, got
    assert "cards.xlsx:Sheet1!A2: the id `a` is also the id of row 3" in got[0], got
    assert "cards.xlsx:Sheet1!A3: the id `a` is also the id of row 2" in got[1], got


def test_an_invalid_id_suggests_its_slug(tmp_path):
    rows = [["id", "name", "kind", "cost"], ["My Card", "A", "beast", "1"]]
    (got,) = problems(game(tmp_path, "cards.csv", rows))
    assert "cards.csv:2:1 (column id): `My Card` is not a valid id — did you mean `my-card`?" in got, got


def test_an_invalid_id_in_a_deck_file_suggests_its_slug(tmp_path):
    root = game(tmp_path, "cards.yaml", [], fields="name: text")
    (root / "cards.yaml").write_text("cards:\n  - {id: Fire_Mage, name: Fire Mage}\n", "utf-8")
    (got,) = problems(root)
    assert "cards.yaml:2:" in got and "`Fire_Mage` is not a valid id — did you mean `fire_mage`?" in got, got


# ---- headers --------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["cards.csv", "cards.xlsx", "cards.ods"])
def test_headers_match_whatever_their_case_and_surrounding_spaces(tmp_path, name):
    rows = [[" NAME.EN ", "Name.ZH-tw", "Kind", " cost", "COPIES", "Note"], ["Owl", "貓頭鷹", "beast", "2", "3", "x"]]
    (it,) = items(game(tmp_path, name, rows, langs="en, zh-TW"))
    assert it.data == {"id": "owl", "name": {"en": "Owl", "zh-TW": "貓頭鷹"}, "kind": "beast", "cost": 2,
                       "copies": 3, "note": "x"}
    assert it.copies == 3


def test_a_header_with_spaces_inside_matches_a_field_with_underscores(tmp_path):
    rows = [["Name", "Kind", "Cost", "Flavour Text"], ["Owl", "beast", "2", "Hoot"]]
    (it,) = items(game(tmp_path, "cards.csv", rows, fields=FIELDS + ", flavour_text: str"))
    assert it.data["flavour_text"] == "Hoot"


def test_an_unknown_header_is_one_problem_and_its_field_is_not_missing_on_every_card(tmp_path):
    rows = [["Nmae", "kind", "cost"]] + [[f"C{i}", "beast", "1"] for i in range(17)]
    got = problems(game(tmp_path, "cards.csv", rows))
    assert got == [got[0]] and "the column `Nmae` is not a declared field — did you mean `name`?" in got[0], got


def test_a_required_field_without_a_column_is_one_problem_at_the_header(tmp_path):
    rows = [["name", "kind"]] + [[f"C{i}", "beast"] for i in range(17)]
    got = problems(game(tmp_path, "cards.xlsx", rows))
    assert len(got) == 1, got
    assert "cards.xlsx:Sheet1!A1: no column for the required field `cost`" in got[0], got
    assert "`cost: int?`" in got[0]


# ---- types ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", FORMATS)
def test_a_fraction_in_an_int_column_is_a_problem_at_its_cell_in_every_format(tmp_path, name):
    rows = [["name", "kind", "cost"], ["A", "beast", "3.5"]]
    (got,) = problems(game(tmp_path, name, rows))
    at = {".csv": "cards.csv:2:3 (column cost)", ".tsv": "cards.tsv:2:3 (column cost)",
          ".xlsx": "cards.xlsx:Sheet1!C2", ".ods": "cards.ods:Cards!C2"}[Path(name).suffix]
    assert f"{at}: value must be a whole number (" in got and "3.5" in got, got


@pytest.mark.parametrize("name", FORMATS)
def test_a_whole_number_written_with_a_decimal_point_is_an_int_in_every_format(tmp_path, name):
    rows = [["name", "kind", "cost"], ["A", "beast", "3.0"]]
    (it,) = items(game(tmp_path, name, rows))
    assert it.data["cost"] == 3 and type(it.data["cost"]) is int


@pytest.mark.parametrize("name", FORMATS)
def test_a_number_in_a_text_column_is_its_text(tmp_path, name):
    rows = [["name", "kind", "cost", "note"], ["12", "beast", "1", "2"]]
    (it,) = items(game(tmp_path, name, rows))
    assert it.data["name"] == "12" and it.data["note"] == "2" and it.id == "12"


def test_integers_are_accepted_where_a_short_text_is_expected(tmp_path):
    root = game(tmp_path, "cards.yaml", [], fields="name: text, note: str")
    text = (root / "game.yaml").read_text("utf-8").replace("title: G\n", "title: G\nplayers: 2\nversion: 3\n")
    (root / "game.yaml").write_text(text, "utf-8")
    (root / "cards.yaml").write_text("cards:\n  - {id: a, name: 7, note: 2}\n  - {id: b, name: {en: 8}, note: x}\n"
                                     "  - {id: 9, name: N, note: y}\n", "utf-8")
    g = load_game(root)
    assert g.meta["players"] == "2" and g.meta["version"] == "3"
    a, b, c = g.components["cards"].items
    assert a.data["name"] == "7" and a.data["note"] == "2" and b.data["name"] == {"en": "8"}
    assert c.id == c.data["id"] == "9"


def test_a_true_or_a_fraction_is_still_no_short_text(tmp_path):
    root = game(tmp_path, "cards.yaml", [], fields="name: text, note: str")
    (root / "cards.yaml").write_text("cards:\n  - {id: a, name: A, note: true}\n  - {id: b, name: B, note: 1.5}\n",
                                     "utf-8")
    assert len(problems(root)) == 2


# ---- cases ----------------------------------------------------------------------------------------

def test_a_misspelt_case_of_an_enum_field_is_a_problem_with_a_did_you_mean(tmp_path):
    front = "{by: kind, cases: {spel: common/bridge, beast: common/mini}, default: common/poker}"
    rows = [["name", "kind", "cost"], ["A", "spell", "1"]]
    (got,) = problems(game(tmp_path, "cards.csv", rows, front=front))
    assert "game.yaml:8:31:" in got and "`front`: the case `spel` is not a value of `kind`" in got, got
    assert "did you mean `spell`?" in got, got


def test_cases_of_a_field_that_is_no_enum_are_not_checked(tmp_path):
    front = "{by: note, cases: {anything: common/bridge}, default: common/poker}"
    rows = [["name", "kind", "cost"], ["A", "spell", "1"]]
    assert len(items(game(tmp_path, "cards.csv", rows, front=front))) == 1


# ---- end to end -----------------------------------------------------------------------------------

def test_an_exported_sheet_without_ids_passes_pnp_check(tmp_path, monkeypatch):
    from click.testing import CliRunner
    from pnp.commands.cli import main
    rows = [["Name", "Kind", "Cost"], ["Fire Mage", "spell", "3"], ["Owl", "beast", "1"]]
    game(tmp_path, "cards.xlsx", rows)
    monkeypatch.chdir(tmp_path)
    r = CliRunner().invoke(main, ["check", "g"])
    assert r.exit_code == 0, r.output


def test_the_example_of_the_reference_gives_the_ids_it_says(tmp_path):
    from pnp.content import sheetids
    root = game(tmp_path, "cards.yaml", [])
    (root / "game.yaml").write_text((root / "game.yaml").read_text("utf-8").replace("cards.yaml", "cards.csv"), "utf-8")
    (root / "cards.csv").write_text(sheetids.EXAMPLE, "utf-8")
    got = items(root)
    assert tuple(i.id for i in got) == sheetids.EXAMPLE_IDS and got[0].copies == 2
    assert sheetids.EXAMPLE in sheetids.REFERENCE
    assert "`" + "`, `".join(sheetids.EXAMPLE_IDS) + "`" in sheetids.REFERENCE


def test_an_empty_cell_of_a_required_field_is_reported_at_that_cell_with_sheet_advice(tmp_path):
    rows = [["name", "kind", "cost"], ["A", "beast", "1"], ["B", "beast", ""]]
    (got,) = problems(game(tmp_path, "cards.csv", rows))
    assert "cards.csv:3:3 (column cost): card `b` lacks the field `cost` — fill in the cell (int)" in got, got
