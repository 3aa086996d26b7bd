"""`pnp studio` edits decks kept in spreadsheets (CSV, TSV, XLSX, ODS): a cell written in place, the rest
of the file kept (other rows and their quoting, other cells, formatting, other sheets), with the same
conflict detection and undo as a YAML deck."""
from __future__ import annotations

import io
import warnings
import zipfile

import pytest

pytest.importorskip("starlette", reason="the studio's web packages are the optional extra `studio`")
pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from pnp.studio.app import create_app  # noqa: E402
from pnp.studio.engine import Studio  # noqa: E402
from pnp.studio import sheetedit  # noqa: E402
from studio_game import GAME_YAML, make  # noqa: E402

TOKEN = "t0ken"
CSV = ('id,name.en,name.zh-TW,colour\r\n'
       'red-one,Red one,紅一,red\r\n'
       'blue-two,"Blue, two",藍二,blue\r\n')


def _env(tmp_path, cards_file, data):
    root = make(tmp_path)
    game = root / "content" / "mini"
    (game / "cards.yaml").unlink()
    (game / cards_file).write_bytes(data)
    (game / "game.yaml").write_text(GAME_YAML.replace("cards: cards.yaml", f"cards: {cards_file}"), "utf-8")
    client = TestClient(create_app(Studio(root, out=tmp_path / "out"), token=TOKEN, poll=None),
                        base_url="http://127.0.0.1")
    client.headers["X-Studio-Token"] = TOKEN
    return client, game / cards_file


def _save(client, card, edits):
    base = client.get(f"/api/card/mini/cards/{card}").json()["base"]
    return client.post("/api/save", json={"game": "mini", "component": "cards", "card": card, "base": base,
                                          "edits": edits})


def test_a_csv_cell_is_written_in_place_and_undo_restores_the_bytes(tmp_path):
    client, path = _env(tmp_path, "cards.csv", CSV.encode("utf-8"))
    view = client.get("/api/card/mini/cards/blue-two").json()
    assert next(f for f in view["fields"] if f["name"] == "name")["editable"]
    r = _save(client, "blue-two", [{"field": "name", "lang": "en", "value": 'Blue "two", again'}])
    assert r.status_code == 200, r.text
    assert path.read_bytes().decode("utf-8") == CSV.replace('"Blue, two"', '"Blue ""two"", again"')
    r = _save(client, "red-one", [{"field": "name", "lang": "zh-TW", "value": "紅色一"}])
    assert r.status_code == 200, r.text
    assert path.read_bytes().decode("utf-8") == CSV.replace('"Blue, two"', '"Blue ""two"", again"').replace("紅一", "紅色一")
    assert client.post("/api/undo", json={}).status_code == 200
    assert client.post("/api/undo", json={}).status_code == 200
    assert path.read_bytes() == CSV.encode("utf-8")


def test_a_spreadsheet_changed_on_disk_meanwhile_is_a_conflict(tmp_path):
    client, path = _env(tmp_path, "cards.csv", CSV.encode("utf-8"))
    base = client.get("/api/card/mini/cards/red-one").json()["base"]
    outside = CSV.replace("red\r\n", "red \r\n")
    path.write_bytes(outside.encode("utf-8"))
    r = client.post("/api/save", json={"game": "mini", "component": "cards", "card": "red-one", "base": base,
                                       "edits": [{"field": "name", "lang": "en", "value": "Mine"}]})
    assert r.status_code == 409 and "changed on disk" in r.json()["error"]
    assert path.read_bytes() == outside.encode("utf-8")


def _xlsx():
    import openpyxl
    from openpyxl.styles import Font
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Deck"
    for row in (["id", "name.en", "name.zh-TW", "colour"], ["red-one", "Red one", "紅一", "red"],
                ["blue-two", "Blue two", "藍二", "blue"]):
        ws.append(row)
    ws["B1"].font = Font(bold=True)
    other = wb.create_sheet("Notes")
    other["A1"] = "keep me"
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def test_an_xlsx_cell_is_written_keeping_other_cells_styles_and_sheets(tmp_path):
    import openpyxl
    client, path = _env(tmp_path, "cards.xlsx", _xlsx())
    r = _save(client, "blue-two", [{"field": "name", "lang": "en", "value": "Bleu deux"}])
    assert r.status_code == 200, r.text
    wb = openpyxl.load_workbook(path)
    assert wb.sheetnames == ["Deck", "Notes"] and wb["Notes"]["A1"].value == "keep me"
    ws = wb["Deck"]
    assert ws["B3"].value == "Bleu deux" and ws["B2"].value == "Red one" and ws["C3"].value == "藍二"
    assert ws["B1"].font.bold
    page = client.get("/game/mini").text
    assert "Bleu deux" in page or "/img/" in page


def _ods(rows, filler='<table:table-cell/>'):
    cells = "".join("<table:table-row>" + "".join(
        f'<table:table-cell office:value-type="string"><text:p>{v}</text:p></table:table-cell>' for v in r)
        + "</table:table-row>" for r in rows)
    content = ('<?xml version="1.0" encoding="UTF-8"?>'
               '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
               'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
               'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">'
               '<office:body><office:spreadsheet><table:table table:name="Deck">'
               f'{cells}<table:table-row table:number-rows-repeated="3">{filler}</table:table-row>'
               '</table:table></office:spreadsheet></office:body></office:document-content>')
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        z.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr("content.xml", content, compress_type=zipfile.ZIP_DEFLATED)
        z.writestr("styles.xml", "<styles-kept/>", compress_type=zipfile.ZIP_DEFLATED)
    return out.getvalue()


def test_an_ods_cell_is_written_and_the_other_members_are_copied(tmp_path):
    rows = [["id", "name.en", "name.zh-TW", "colour"], ["red-one", "Red one", "紅一", "red"],
            ["blue-two", "Blue two", "藍二", "blue"]]
    client, path = _env(tmp_path, "cards.ods", _ods(rows))
    r = _save(client, "red-one", [{"field": "name", "lang": "en", "value": "Rouge\nun"}])
    assert r.status_code == 200, r.text
    with zipfile.ZipFile(path) as z:
        assert z.namelist()[0] == "mimetype" and z.getinfo("mimetype").compress_type == zipfile.ZIP_STORED
        assert z.read("styles.xml") == b"<styles-kept/>"
        xml = z.read("content.xml").decode("utf-8")
    assert "<text:p>Rouge</text:p><text:p>un</text:p>" in xml and "Blue two" in xml and "紅一" in xml
    view = client.get("/api/card/mini/cards/red-one").json()
    assert next(f for f in view["fields"] if f["name"] == "name")["values"]["en"] == "Rouge\nun"


def test_a_repeated_ods_cell_is_split_around_the_edited_one():
    rows = [["id", "name"], ["a", "x"]]
    data = _ods(rows, '<table:table-cell table:number-columns-repeated="4"/>')
    new = sheetedit.set_ods(data, "Deck", [(4, "name", None, "mid")])
    with zipfile.ZipFile(io.BytesIO(new)) as z:
        xml = z.read("content.xml").decode("utf-8")
    assert 'number-rows-repeated="3"' not in xml          # rows 3-5 were one element: now 3, 4 (edited), 5
    assert xml.count("<table:table-row") == 5
    row4 = xml.split("<table:table-row")[4]
    assert "<text:p>mid</text:p>" in row4 and 'number-columns-repeated="2"' in row4   # cells 0, 1 (edited), 2-3


def test_a_missing_column_is_refused_with_what_to_do():
    with pytest.raises(sheetedit.SheetEditError, match="no column `note.en` or `note`: add it"):
        sheetedit.set_csv(CSV.encode(), ",", [(2, "note", "en", "x")])


def test_a_sheet_exported_without_an_id_column_edits_and_round_trips(tmp_path):
    """The designer's sheet has no `id` column: cards take ids from their names (red-one), and a cell
    edited in the studio changes that cell only."""
    plain = "Name.en,Name.zh-TW,Colour\nRed one,紅一,red\nBlue two,藍二,blue\n"
    client, path = _env(tmp_path, "cards.csv", plain.encode("utf-8"))
    r = _save(client, "blue-two", [{"field": "name", "lang": "zh-TW", "value": "藍色二"}])
    assert r.status_code == 200, r.text
    assert path.read_text("utf-8") == plain.replace("藍二", "藍色二")
