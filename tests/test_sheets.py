"""Cards from spreadsheets: CSV, TSV, XLSX and ODS rows become the same cards as a deck file, and
every problem points at its cell."""
from __future__ import annotations

from pathlib import Path

import pytest

from pnp.content.loader import load_game
from pnp.core.errors import Problems

GAME = """\
id: g
title: G
languages: [en, zh-TW]
components:
  cards:
    kind: deck
    title: Cards
    front: common/poker
    cards: %s
    fields: {name: text, suit: {enum: [sun, moon]}, value: int, weight: number, wild: bool?,
             tags: {type: list, sep: "|", required: false}, note: str?}
"""
HEADER = ["id", "name.en", "name.zh-TW", "suit", "value", "weight", "wild", "tags", "copies", "note"]
ROWS = [["sun-1", "Sun", "太陽", "sun", "1", "0.5", "yes", "a|b", "2", ""],
        ["moon-2", "Moon", "月亮", "moon", "2", "2", "", "", "", "far, away"]]
EXPECT = {"sun-1": ({"id": "sun-1", "name": {"en": "Sun", "zh-TW": "太陽"}, "suit": "sun", "value": 1, "weight": 0.5,
                     "wild": True, "tags": ["a", "b"], "copies": 2}, 2),
          "moon-2": ({"id": "moon-2", "name": {"en": "Moon", "zh-TW": "月亮"}, "suit": "moon", "value": 2, "weight": 2,
                      "note": "far, away"}, 1)}


def game(tmp_path: Path, name: str, write) -> Path:
    root = tmp_path / "content" / "g"
    root.mkdir(parents=True)
    (root / "game.yaml").write_text(GAME % name, "utf-8")
    write(root / name.split()[0])
    return root


def csv_writer(rows, delim=","):
    import csv
    def w(path):
        with open(path, "w", encoding="utf-8", newline="") as f:
            csv.writer(f, delimiter=delim).writerows(rows)
    return w


def xlsx_writer(rows, title="Sheet1", typed=True):
    def w(path):
        import openpyxl
        wb = openpyxl.Workbook()
        ws = wb.active
        ws.title = title
        for r in rows:
            ws.append([(_typed(v) if typed else v) or None for v in r])
        wb.save(path)
    return w


def _typed(v):
    for conv in (int, float):
        try:
            return conv(v)
        except (TypeError, ValueError):
            pass
    return v


def ods_writer(rows, title="Cards"):
    def w(path):
        from odf.opendocument import OpenDocumentSpreadsheet
        from odf.table import Table, TableCell, TableRow
        from odf.text import P
        doc = OpenDocumentSpreadsheet()
        t = Table(name=title)
        for r in rows:
            tr = TableRow()
            for v in r:
                tv = _typed(v)
                if v == "":
                    tc = TableCell()
                elif isinstance(tv, (int, float)):
                    tc = TableCell(valuetype="float", value=tv)
                    tc.addElement(P(text=str(v)))
                else:
                    tc = TableCell(valuetype="string")
                    tc.addElement(P(text=v))
                tr.addElement(tc)
            t.addElement(tr)
        doc.spreadsheet.addElement(t)
        doc.save(str(path))
    return w


def cards(root):
    comp = load_game(root).components["cards"]
    return {i.id: (i.data, i.copies) for i in comp.items}


@pytest.mark.parametrize("name,writer", [
    ("cards.csv", csv_writer([HEADER] + ROWS)),
    ("cards.tsv", csv_writer([HEADER] + ROWS, "\t")),
    ("cards.xlsx", xlsx_writer([HEADER] + ROWS)),
    ("cards.ods", ods_writer([HEADER] + ROWS)),
])
def test_rows_become_cards_with_typed_fields(tmp_path, name, writer):
    assert cards(game(tmp_path, name, writer)) == EXPECT


def test_csv_problems_point_at_the_cell_with_the_column(tmp_path):
    rows = [HEADER[:5] + ["wieght"], ["a", "A", "甲", "sun", "tres", "1"], ["b", "B", "乙", "son", "2", "1"]]
    with pytest.raises(Problems) as e:
        load_game(game(tmp_path, "cards.csv", csv_writer(rows)))
    text = "\n".join(map(str, e.value.problems))
    assert "cards.csv:1:6 (column wieght): the column `wieght` is not a declared field — did you mean `weight`?" in text
    assert "cards.csv:2:5 (column value): value must be a whole number ('tres')" in text
    assert "cards.csv:3:4 (column suit): card `b`, field `suit`: `son` is not allowed here; did you mean `sun`?" in text
    assert "lacks the field `value`" not in text   # a cell that did not convert is reported once


def test_xlsx_problems_name_the_sheet_and_cell(tmp_path):
    rows = [HEADER[:6], ["a", "A", "甲", "sun", 1, 1], ["b", "B", "乙", "sun", "tres", 1]]
    with pytest.raises(Problems) as e:
        load_game(game(tmp_path, "cards.xlsx\n    sheet: Deck", xlsx_writer(rows, "Deck", typed=False)))
    (bad,) = [str(p) for p in e.value.problems if "tres" in str(p)]
    assert bad.endswith("/content/g/cards.xlsx:Deck!E3: value must be a whole number ('tres') — correct the cell"), bad


def test_a_missing_sheet_and_a_damaged_workbook_are_problems(tmp_path):
    root = game(tmp_path, "cards.xlsx\n    sheet: Dekc", xlsx_writer([HEADER] + ROWS, "Deck"))
    with pytest.raises(Problems) as e:
        load_game(root)
    assert "has no sheet `Dekc` — did you mean `Deck`?" in str(e.value.problems[0])
    (root / "cards.xlsx").write_bytes(b"PK\x03\x04 not really a zip")
    with pytest.raises(Problems) as e:
        load_game(root)
    assert "cannot be opened as a XLSX file" in str(e.value.problems[0])


def test_watch_rebuilds_a_game_when_its_spreadsheet_changes(tmp_path):
    from pnp.pipeline.build import Project
    from pnp.pipeline.watch import affected
    root = game(tmp_path, "cards.xlsx", xlsx_writer([HEADER] + ROWS))
    (tmp_path / "content" / "h").mkdir()
    assert affected(Project(tmp_path), ["g", "h"], [root / "cards.xlsx"]) == ["g"]


def test_a_pipe_a_bad_encoding_and_a_sheet_on_a_csv_are_problems(tmp_path):
    import os
    root = game(tmp_path, "cards.csv\n    sheet: Deck", csv_writer([HEADER] + ROWS))
    with pytest.raises(Problems) as e:
        load_game(root)
    assert "`sheet: Deck` is for workbooks" in str(e.value.problems[0])
    (root / "game.yaml").write_text(GAME % "cards.csv", "utf-8")
    (root / "cards.csv").write_bytes("id,name\nä,x\n".encode("latin-1"))
    with pytest.raises(Problems) as e:
        load_game(root)
    assert "cannot be read" in str(e.value.problems[0])
    (root / "cards.csv").unlink()
    os.mkfifo(root / "cards.csv")   # read, it would block for ever
    with pytest.raises(Problems) as e:
        load_game(root)
    assert "named pipe" in str(e.value.problems[0])
