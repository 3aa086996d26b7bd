"""Hostile spreadsheets: every one ends as a problem at its cell or file (exit 2), never a traceback,
never silently truncated, within bounded memory (measured in a child process under RLIMIT_AS)."""
from __future__ import annotations

import io
import subprocess
import sys
import textwrap
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from pnp.content import sheets
from pnp.content.loader import load_game
from pnp.core.errors import Problems
from test_sheets import GAME, HEADER, ROWS, csv_writer, game, ods_writer, xlsx_writer

ROOT = Path(__file__).resolve().parent.parent


def problems(root) -> str:
    with pytest.raises(Problems) as e:
        load_game(root)
    return "\n".join(map(str, e.value.problems))


def ods_bytes(content_rows: str) -> bytes:
    """An .ods whose only table holds these raw `<table:table-row>` elements."""
    content = ('<?xml version="1.0" encoding="UTF-8"?>'
               '<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
               'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
               'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" office:version="1.2">'
               '<office:body><office:spreadsheet><table:table table:name="Cards">'
               f'{content_rows}</table:table></office:spreadsheet></office:body></office:document-content>')
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet")
        z.writestr("content.xml", content)
        z.writestr("META-INF/manifest.xml", '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest '
                   'xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.2">'
                   '<manifest:file-entry manifest:full-path="/" manifest:media-type="application/'
                   'vnd.oasis.opendocument.spreadsheet"/></manifest:manifest>')
    return buf.getvalue()


def s_cell(text: str, rep: int = 1) -> str:
    r = f' table:number-columns-repeated="{rep}"' if rep != 1 else ""
    return f'<table:table-cell office:value-type="string"{r}><text:p>{text}</text:p></table:table-cell>'


def f_cell(value: str) -> str:
    return f'<table:table-cell office:value-type="float" office:value="{value}"><text:p>{value}</text:p></table:table-cell>'


def row(*cells: str, rep: int = 1) -> str:
    r = f' table:number-rows-repeated="{rep}"' if rep != 1 else ""
    return f"<table:table-row{r}>{''.join(cells)}</table:table-row>"


ODS_HEAD = row(*(s_cell(h) for h in ["id", "name.en", "name.zh-TW", "suit", "value", "weight"]))


def ods_card(cid: str, value: str = "1", weight: str = "1") -> str:
    return row(s_cell(cid), s_cell("A"), s_cell("甲"), s_cell("sun"), f_cell(value), f_cell(weight))


def in_child(root: Path, limit_mb: int = 1500) -> subprocess.CompletedProcess:
    """load_game(root) in a child process whose address space is limited: (exit code, output)."""
    code = textwrap.dedent(f"""
        import resource, sys
        resource.setrlimit(resource.RLIMIT_AS, ({limit_mb} << 20, {limit_mb} << 20))
        from pnp.content.loader import load_game
        from pnp.core.errors import Problems
        try:
            from pathlib import Path
            load_game(Path({str(root)!r}))
        except Problems as e:
            print(e)
            sys.exit(2)
        print("loaded")
    """)
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)


# ---- numbers that do not fit ---------------------------------------------------------------------

@pytest.mark.parametrize("value", ["1e999", "inf", "-inf", "nan"])
def test_an_infinite_number_in_an_int_column_of_an_ods_is_a_problem_at_the_cell(tmp_path, value):
    root = game(tmp_path, "cards.ods", lambda p: p.write_bytes(ods_bytes(ODS_HEAD + ods_card("a", value))))
    text = problems(root)
    assert "cards.ods:Cards!E2: value must be a whole number" in text, text


@pytest.mark.parametrize("value", ["1e999", "inf", "-inf", "nan"])
def test_an_infinite_number_in_a_number_column_is_a_problem_at_the_cell(tmp_path, value):
    rows = [HEADER[:6], ["a", "A", "甲", "sun", "1", value]]
    text = problems(game(tmp_path, "cards.csv", csv_writer(rows)))
    assert "cards.csv:2:6 (column weight): value must be a finite number" in text, text


def _xlsx_replaced(tmp_path, member: str, old: bytes, new: bytes, rows=None) -> bytes:
    """A real workbook with `old` replaced by `new` once in one of its members."""
    src = tmp_path / "src.xlsx"
    xlsx_writer(rows or [HEADER] + ROWS)(src)
    out = io.BytesIO()
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for zi in zin.infolist():
            data = zin.read(zi)
            if zi.filename == member:
                assert old in data
                data = data.replace(old, new, 1)
            zout.writestr(zi.filename, data)
    return out.getvalue()


@pytest.mark.parametrize("value", [b"1e999", b"-1e999"])
def test_an_infinite_number_in_an_xlsx_int_column_is_a_problem_at_the_cell(tmp_path, value):
    rows = [HEADER[:6], ["a", "A", "甲", "sun", 12345, 1]]
    blob = _xlsx_replaced(tmp_path, "xl/worksheets/sheet1.xml", b"<v>12345</v>", b"<v>" + value + b"</v>", rows)
    text = problems(game(tmp_path, "cards.xlsx", lambda p: p.write_bytes(blob)))
    assert "cards.xlsx:Sheet1!E2: value must be a whole number (" in text, text


def test_a_huge_cell_is_shown_shortened_in_its_problem(tmp_path):
    rows = [HEADER[:6], ["a", "A", "甲", "sun", "x" * 50_000, "1"]]
    text = problems(game(tmp_path, "cards.csv", csv_writer(rows)))
    (line,) = [ln for ln in text.splitlines() if "column value" in ln]
    assert "value must be a whole number" in line and len(line) < 400, line[:400]


def test_a_cell_over_100000_characters_is_a_problem_at_the_cell(tmp_path):
    rows = [HEADER[:6] + ["note"], ["a", "A", "甲", "sun", "1", "1", "n" * 100_001]]
    text = problems(game(tmp_path, "cards.csv", csv_writer(rows)))
    assert "cards.csv:2:7 (column note): a value of 100,001 characters (more than 100,000)" in text, text


# ---- rows past the limit ---------------------------------------------------------------------------

def _many_rows(n):
    return [HEADER[:6]] + [[f"c{i}", "A", "甲", "sun", "1", "1"] for i in range(n)]


@pytest.mark.parametrize("name,writer", [
    ("cards.csv", lambda rows: csv_writer(rows)),
    ("cards.tsv", lambda rows: csv_writer(rows, "\t")),
    ("cards.xlsx", lambda rows: xlsx_writer(rows)),
])
def test_more_rows_than_the_limit_is_an_error_naming_it_not_a_truncation(tmp_path, name, writer):
    text = problems(game(tmp_path, name, writer(_many_rows(sheets.MAX_ROWS + 1))))
    assert f"more than {sheets.MAX_ROWS:,} cards" in text, text[:2000]
    assert len(text.splitlines()) == 1, text[:2000]


def test_a_csv_of_more_cells_than_the_limit_is_an_error_at_its_row(tmp_path):
    width = 200
    fields = ", ".join(f"f{i}: int?" for i in range(width - 1))
    rows = [["id"] + [f"f{i}" for i in range(width - 1)]] + [[f"c{n}"] + ["1"] * (width - 1) for n in range(3_000)]
    root = game(tmp_path, "cards.csv", csv_writer(rows))
    (root / "game.yaml").write_text(GAME.replace("cards: %s", "cards: cards.csv")
                                    .split("    fields:")[0] + f"    fields: {{{fields}}}\n", "utf-8")
    text = problems(root)
    row = sheets.MAX_CELLS // width + 1
    assert f"cards.csv:{row}:1: `cards.csv` holds more than {sheets.MAX_CELLS:,} cells (up to this row)" in text, text[:2000]
    assert len(text.splitlines()) == 1, text[:2000]


def test_rows_up_to_the_limit_and_empty_rows_between_them_are_cards(tmp_path):
    rows = _many_rows(sheets.MAX_ROWS)
    rows[500:500] = [[""] * 6] * 50     # empty rows do not count
    root = game(tmp_path, "cards.csv", csv_writer(rows))
    assert len(load_game(root).components["cards"].items) == sheets.MAX_ROWS


def test_xlsx_rows_past_a_too_small_declared_dimension_are_cards_not_dropped(tmp_path):
    import re
    blob = _xlsx_replaced(tmp_path, "xl/worksheets/sheet1.xml", b"<dimension ref=", b"<dimension ref=")
    with zipfile.ZipFile(io.BytesIO(blob)) as z:
        members = {n: z.read(n) for n in z.namelist()}
    members["xl/worksheets/sheet1.xml"] = re.sub(rb'<dimension ref="[^"]*"/>', b'<dimension ref="A1:B2"/>',
                                                 members["xl/worksheets/sheet1.xml"])
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for n, b in members.items():
            z.writestr(n, b)
    root = game(tmp_path, "cards.xlsx", lambda p: p.write_bytes(buf.getvalue()))
    comp = load_game(root).components["cards"]
    assert {i.id for i in comp.items} == {"sun-1", "moon-2"}
    assert {i.id: i.data.get("note") for i in comp.items}["moon-2"] == "far, away"   # column J, past B


def test_an_xlsx_row_past_the_last_row_a_workbook_may_have_is_a_problem(tmp_path):
    at = str(sheets.MAX_PHYSICAL_ROWS + 1).encode()
    blob = _xlsx_replaced(tmp_path, "xl/worksheets/sheet1.xml", b"</sheetData>",
                          b'<row r="' + at + b'"><c r="A' + at + b'" t="inlineStr"><is><t>zz</t></is></c></row></sheetData>')
    text = problems(game(tmp_path, "cards.xlsx", lambda p: p.write_bytes(blob)))
    assert f"cards.xlsx:Sheet1!A{sheets.MAX_PHYSICAL_ROWS + 1}: `cards.xlsx` goes on past row 1,048,576" in text, text


def test_an_ods_row_repeated_a_million_times_is_an_error_not_a_million_cards(tmp_path):
    body = ODS_HEAD + row(s_cell("x"), s_cell("A"), s_cell("甲"), s_cell("sun"), f_cell("1"), f_cell("1"), rep=1_000_000)
    text = problems(game(tmp_path, "cards.ods", lambda p: p.write_bytes(ods_bytes(body))))
    assert f"more than {sheets.MAX_ROWS:,} cards" in text, text[:2000]
    assert f"cards.ods:Cards!A{sheets.MAX_ROWS + 2}:" in text, text[:2000]


def test_empty_ods_rows_repeated_past_the_limit_are_no_cards(tmp_path):
    # LibreOffice ends every table with a run of a million empty rows
    body = ODS_HEAD + ods_card("a") + row('<table:table-cell table:number-columns-repeated="1024"/>', rep=1_048_000) + ods_card("b")
    root = game(tmp_path, "cards.ods", lambda p: p.write_bytes(ods_bytes(body)))
    assert [i.id for i in load_game(root).components["cards"].items] == ["a", "b"]


# ---- headers ---------------------------------------------------------------------------------------

def test_one_problem_per_bad_header_with_its_count(tmp_path):
    rows = [HEADER[:6] + ["wieght"] * 500 + ["name.en"] * 3, ["a", "A", "甲", "sun", "1", "1"]]
    text = problems(game(tmp_path, "cards.csv", csv_writer(rows)))
    lines = text.splitlines()
    assert len(lines) == 2, lines
    assert "cards.csv:1:7 (column wieght): the column `wieght` is not a declared field (500 columns)" in lines[0] \
        or "cards.csv:1:7 (column wieght): the column `wieght` is not a declared field (500 columns)" in lines[1], lines
    assert any("the column `name.en` appears 4 times" in ln for ln in lines), lines


def test_an_ods_header_cell_repeated_a_million_times_is_one_problem(tmp_path):
    body = row(*(s_cell(h) for h in ["id", "name.en", "name.zh-TW", "suit", "value", "weight"]),
               *(s_cell(f"bad{i}", 1_000_000) for i in range(100))) + ods_card("a")
    text = problems(game(tmp_path, "cards.ods", lambda p: p.write_bytes(ods_bytes(body))))
    assert len(text.splitlines()) == 1, text[:2000]
    assert f"the header row has more than {sheets.MAX_COLUMNS:,} columns" in text, text


def test_an_ods_header_cell_repeated_within_the_limit_is_one_problem_with_its_count(tmp_path):
    body = row(*(s_cell(h) for h in ["id", "name.en", "name.zh-TW", "suit", "value", "weight"]),
               s_cell("bad", 900)) + ods_card("a")
    text = problems(game(tmp_path, "cards.ods", lambda p: p.write_bytes(ods_bytes(body))))
    assert text.splitlines() == [text], text[:2000]
    assert "cards.ods:Cards!G1: the column `bad` is not a declared field (900 columns)" in text, text


def test_a_csv_header_of_ten_million_columns_is_one_problem_in_bounded_memory(tmp_path):
    root = game(tmp_path, "cards.csv", lambda p: p.write_text("id," + "x," * 10_000_000 + "\na\n"))
    r = in_child(root, 1000)
    assert r.returncode == 2, (r.stdout, r.stderr[-2000:])
    assert f"cards.csv:1:{sheets.MAX_COLUMNS + 1} (column x): the header row has more than " \
           f"{sheets.MAX_COLUMNS:,} columns" in r.stdout, r.stdout[:2000]
    assert len(r.stdout.splitlines()) == 1


# ---- zip containers --------------------------------------------------------------------------------

def _xlsx_with_member(tmp_path, member: str, blob_size: int) -> bytes:
    """A real workbook with `blob_size` spaces in one of its members (valid XML still)."""
    return _xlsx_replaced(tmp_path, member, b"<sheetData>", b"<sheetData>" + b" " * blob_size)


def test_an_xlsx_member_larger_than_the_limit_is_refused_before_it_is_decompressed(tmp_path):
    blob = _xlsx_with_member(tmp_path, "xl/worksheets/sheet1.xml", sheets.MAX_MEMBER_BYTES)
    root = game(tmp_path, "cards.xlsx", lambda p: p.write_bytes(blob))
    r = in_child(root, 600)
    assert r.returncode == 2, (r.stdout, r.stderr[-2000:])
    assert "cards.xlsx:1:1: `cards.xlsx` holds `xl/worksheets/sheet1.xml` of" in r.stdout, r.stdout
    assert f"more than the {sheets.MAX_MEMBER_BYTES // 1_000_000} MB allowed" in r.stdout, r.stdout


def test_the_widest_xlsx_row_within_the_member_limit_is_one_problem_in_bounded_memory(tmp_path):
    cell = b'<c t="inlineStr"><is><t>x</t></is></c>'
    cells = cell * ((sheets.MAX_MEMBER_BYTES - 10_000) // len(cell))    # openpyxl holds a row whole
    blob = _xlsx_replaced(tmp_path, "xl/worksheets/sheet1.xml", b'<row r="1">', b'<row r="1">' + cells)
    root = game(tmp_path, "cards.xlsx", lambda p: p.write_bytes(blob))
    r = in_child(root, 1000)
    assert r.returncode == 2, (r.stdout, r.stderr[-2000:])
    assert f"cards.xlsx:1:1: row 1 of `xl/worksheets/sheet1.xml` in `cards.xlsx` has {len(cells) // len(cell) + len(HEADER):,} " \
           f"cells, more than the {sheets.MAX_COLUMNS:,} columns" in r.stdout, r.stdout


def test_an_xlsx_of_more_cells_than_the_limit_is_refused_before_openpyxl_reads_it(tmp_path):
    row = b"".join(b'<c t="n"><v>1</v></c>' for _ in range(100))
    rows = b"".join(b'<row r="%d">' % i + row + b"</row>" for i in range(3, 3 + sheets.MAX_CELLS // 100))
    blob = _xlsx_replaced(tmp_path, "xl/worksheets/sheet1.xml", b"</sheetData>", rows + b"</sheetData>")
    text = problems(game(tmp_path, "cards.xlsx", lambda p: p.write_bytes(blob)))
    assert f"cards.xlsx:1:1: `cards.xlsx` holds more than {sheets.MAX_CELLS:,} cells" in text, text


def test_an_xlsx_member_compressed_beyond_any_real_sheet_is_refused(tmp_path):
    blob = _xlsx_with_member(tmp_path, "xl/worksheets/sheet1.xml", 20_000_000)
    root = game(tmp_path, "cards.xlsx", lambda p: p.write_bytes(blob))
    text = problems(root)
    assert "compressed" in text and "cards.xlsx:1:1:" in text, text


def test_an_ods_content_larger_than_the_limit_is_refused(tmp_path):
    body = ODS_HEAD + ods_card("a") + " " * (sheets.MAX_MEMBER_BYTES + 1)
    root = game(tmp_path, "cards.ods", lambda p: p.write_bytes(ods_bytes(body)))
    r = in_child(root, 600)
    assert r.returncode == 2, (r.stdout, r.stderr[-2000:])
    assert "`cards.ods` holds `content.xml` of" in r.stdout, r.stdout


def test_an_ods_entity_is_not_expanded(tmp_path):
    doc = ods_bytes(ODS_HEAD + row(s_cell("&e;"), s_cell("A"), s_cell("甲"), s_cell("sun"), f_cell("1"), f_cell("1")))
    doc = doc  # the DOCTYPE goes into content.xml
    buf = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(doc)) as zin, zipfile.ZipFile(buf, "w") as zout:
        for zi in zin.infolist():
            data = zin.read(zi)
            if zi.filename == "content.xml":
                data = data.replace(b"?>", b'?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>', 1)
            zout.writestr(zi.filename, data)
    root = game(tmp_path, "cards.ods", lambda p: p.write_bytes(buf.getvalue()))
    try:
        comp = load_game(root).components["cards"]
        assert "root:" not in repr([i.data for i in comp.items])
    except Problems as e:
        assert "root:" not in str(e)


# ---- any bytes at all ------------------------------------------------------------------------------

@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_mutated_workbooks_are_problems_or_cards_never_a_crash(tmp_path_factory, data):
    tmp = tmp_path_factory.mktemp("fuzz")
    kind = data.draw(st.sampled_from(["csv", "xlsx", "ods"]))
    root = game(tmp, f"cards.{kind}", {"csv": csv_writer([HEADER] + ROWS), "xlsx": xlsx_writer([HEADER] + ROWS),
                                       "ods": ods_writer([HEADER] + ROWS)}[kind])
    path = root / f"cards.{kind}"
    raw = bytearray(path.read_bytes())
    if kind == "csv":
        for _ in range(data.draw(st.integers(1, 5))):
            at = data.draw(st.integers(0, 10**6)) % (len(raw) + 1)   # the file's size may vary (a workbook's dates)
            raw[at:at] = data.draw(st.sampled_from([b"1e999", b"inf", b"nan", b",,,,,,", b'"', b"\x00", b"\xff",
                                                    b"\n" * 3, b"x" * 1000, b"-0", b"9" * 5000]))
    else:
        with zipfile.ZipFile(io.BytesIO(bytes(raw))) as z:
            members = {zi.filename: z.read(zi) for zi in z.infolist()}
        name = "content.xml" if kind == "ods" else "xl/worksheets/sheet1.xml"
        xml = bytearray(members[name])
        for _ in range(data.draw(st.integers(1, 5))):
            at = data.draw(st.integers(0, 10**6)) % (len(xml) + 1)   # the file's size may vary (a workbook's dates)
            xml[at:at] = data.draw(st.sampled_from([
                b'table:number-columns-repeated="99999999" ', b'table:number-rows-repeated="99999999" ',
                b'office:value="1e999" ', b'office:value="nan" ', b"<", b">", b"&", b'"', b"<v>inf</v>",
                b'r="XFD1048576" ', b"\xff", b"]]>"]))
        members[name] = bytes(xml)
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
            for n, b in members.items():
                z.writestr(n, b)
        raw = buf.getvalue()
    path.write_bytes(bytes(raw))
    try:
        load_game(root)
    except Problems as e:
        assert all(str(p.pos).startswith(str(p.pos.file)) for p in e.problems)


def test_a_workbook_whose_members_together_are_too_large_is_refused(tmp_path):
    import random
    block = random.Random(1).randbytes(16_000)    # compresses about 80 times: under the ratio limit
    part = block * (sheets.MAX_ZIP_BYTES // 3 // len(block) + 100)
    src = tmp_path / "src.xlsx"
    xlsx_writer([HEADER] + ROWS)(src)
    out = io.BytesIO()
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as zout:
        for zi in zin.infolist():
            zout.writestr(zi.filename, zin.read(zi))
        for i in range(3):
            zout.writestr(f"xl/media/pad{i}.bin", part)
    root = game(tmp_path, "cards.xlsx", lambda p: p.write_bytes(out.getvalue()))
    text = problems(root)
    assert f"decompressed, more than the {sheets.MAX_ZIP_BYTES // 1_000_000} MB allowed" in text, text


def test_an_ods_sheet_is_chosen_by_name_and_a_missing_one_is_a_problem(tmp_path):
    first = '<table:table table:name="Notes">' + row(s_cell("not a header")) + "</table:table>"
    doc = ods_bytes(ODS_HEAD + ods_card("b"))
    buf = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(doc)) as zin, zipfile.ZipFile(buf, "w") as zout:
        for zi in zin.infolist():
            data = zin.read(zi)
            if zi.filename == "content.xml":
                data = data.replace(b"<office:spreadsheet>", b"<office:spreadsheet>" + first.encode(), 1)
            zout.writestr(zi.filename, data)
    root = game(tmp_path, "cards.ods\n    sheet: Cards", lambda p: p.write_bytes(buf.getvalue()))
    assert [i.id for i in load_game(root).components["cards"].items] == ["b"]
    (root / "game.yaml").write_text(GAME % "cards.ods\n    sheet: Crads", "utf-8")
    assert "has no sheet `Crads` — did you mean `Cards`?" in problems(root)
