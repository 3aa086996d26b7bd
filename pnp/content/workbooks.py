"""Workbooks are zip files: their members' sizes are checked before any is decompressed (Python's
zipfile never returns more than a member declares, so a decompression bomb is refused unread), an
.xlsx sheet's cells are counted with lxml before openpyxl reads them, and an .ods sheet's rows are
read as a stream with lxml's iterparse (entities not resolved, no network), cell by cell as odfpy
would. The limits of every sheet are here too (pnp.content.sheets applies them to the rows)."""
from __future__ import annotations

import io
import zipfile
from pathlib import Path

from pnp.core.errors import Collector, Pos, display_path

MAX_ROWS = 10_000              # cards of one sheet (rows that hold a value)
MAX_COLUMNS = 1_000            # columns of the header row: a deck has a few dozen fields
MAX_PHYSICAL_ROWS = 1_048_576  # rows a workbook may have at all (Excel's and LibreOffice's last row)
MAX_MEMBER_BYTES = 32_000_000  # one member of a workbook, decompressed: a 10,000-card sheet is 5-10 MB; openpyxl
                               # holds a row whole, about 1 kB a cell: a row of 32 MB (800,000 cells) takes 1 GB
MAX_ZIP_BYTES = 64_000_000     # all members together
MAX_ZIP_MEMBERS = 10_000
MAX_CELLS = 500_000            # of a sheet up to its header's width (of an .xlsx: all cells of all its sheets):
                               # 10,000 cards of 50 fields; openpyxl reads some 25,000 a second
MAX_RATIO = 500                # decompressed / compressed of a member over 1 MB: real sheets stay under 100,
                               # a run of one byte (whitespace, a giant string) compresses about 1,000 times


def _zip_ok(data: bytes, path: Path, col: Collector) -> bool:
    """Whether a workbook's members, as their sizes are declared, may be decompressed: each at most
    MAX_MEMBER_BYTES and not compressed more than MAX_RATIO times, all together MAX_ZIP_BYTES. Python's
    zipfile returns at most the declared size of a member (more is a CRC error), so the check holds."""
    at = Pos(display_path(path))
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            infos = z.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError):
        return True     # reported by the reader as a damaged workbook
    todo = "open it in your spreadsheet program and save it again (or split the cards)"
    if len(infos) > MAX_ZIP_MEMBERS:
        col.add(at, f"`{path.name}` holds {len(infos):,} files, more than the {MAX_ZIP_MEMBERS:,} a workbook may", todo)
        return False
    total = 0
    for zi in infos:
        total += zi.file_size
        if zi.file_size > MAX_MEMBER_BYTES:
            col.add(at, f"`{path.name}` holds `{zi.filename[:80]}` of {zi.file_size / 1e6:,.0f} MB decompressed, "
                    f"more than the {MAX_MEMBER_BYTES // 1_000_000} MB allowed", todo)
            return False
        if zi.file_size > 1_000_000 and zi.file_size > MAX_RATIO * max(1, zi.compress_size):
            col.add(at, f"`{path.name}` holds `{zi.filename[:80]}` compressed {zi.file_size / max(1, zi.compress_size):,.0f} "
                    f"times, more than any sheet is ({MAX_RATIO} times at most): a decompression bomb?", todo)
            return False
    if total > MAX_ZIP_BYTES:
        col.add(at, f"`{path.name}` is {total / 1e6:,.0f} MB decompressed, more than the "
                f"{MAX_ZIP_BYTES // 1_000_000} MB allowed", todo)
        return False
    return True


_SHEET_ROW = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}row"


def _xlsx_cells_ok(data: bytes, path: Path, col: Collector) -> bool:
    """Whether the worksheets of an .xlsx hold at most MAX_CELLS cells and no row more than
    MAX_COLUMNS + 1, counted by lxml (a microsecond a cell) before openpyxl reads any: openpyxl takes
    some 40 microseconds a cell and holds a row whole, so a 32 MB row would take 30 s and 1 GB."""
    from lxml import etree
    at = Pos(display_path(path))
    total = 0
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        for zi in z.infolist():
            if not (zi.filename.startswith("xl/worksheets/") and zi.filename.endswith(".xml")):
                continue
            with z.open(zi) as f:
                for _ev, row in etree.iterparse(f, events=("end",), tag=_SHEET_ROW, resolve_entities=False,
                                                no_network=True, huge_tree=False, load_dtd=False):
                    n = len(row)
                    total += n
                    if n > MAX_COLUMNS + 1:
                        col.add(at, f"row {str(row.get('r'))[:12]} of `{zi.filename[:80]}` in `{path.name}` has "
                                f"{n:,} cells, more than the {MAX_COLUMNS:,} columns a sheet of cards may have",
                                "delete the columns past the fields of the cards")
                        return False
                    if total > MAX_CELLS:
                        col.add(at, f"`{path.name}` holds more than {MAX_CELLS:,} cells", "split the cards into "
                                "several components, each with a spreadsheet of its own, or delete unused sheets")
                        return False
                    row.clear()
                    while row.getprevious() is not None:
                        del row.getparent()[0]
    return True


_OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_TEXT_P = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}p"


def _repeat(el, attr: str) -> int:
    try:
        return max(0, int(el.get(_TABLE + attr) or 1))
    except ValueError:
        return 1


def _ods_value(tc):
    kind = tc.get(_OFFICE + "value-type")
    if kind in ("float", "percentage", "currency"):
        raw = tc.get(_OFFICE + "value") or ""
        try:
            v = float(raw)
        except ValueError:
            return raw      # not a number: the cell's text, which its field's type check reports
        return int(v) if v.is_integer() else v
    if kind == "boolean":
        return tc.get(_OFFICE + "boolean-value") == "true"
    if kind:
        return "\n".join("".join(p.itertext()) for p in tc if p.tag == _TEXT_P)
    return None


def _ods_rows(table_rows):
    """(cells, row number) of `<table:table-row>` elements: repeated cells expanded up to MAX_COLUMNS + 1
    (empty cells at a row's end not at all), repeated rows one by one (an empty row once)."""
    n = 0
    for tr in table_rows:
        cells, empty_run = [], 0
        for tc in tr:
            if tc.tag not in (_TABLE + "table-cell", _TABLE + "covered-table-cell"):
                continue
            v, rep = _ods_value(tc), _repeat(tc, "number-columns-repeated")
            if v is None or v == "":
                empty_run += rep
                continue
            room = MAX_COLUMNS + 1 - len(cells)
            if room <= 0:
                break
            if empty_run:
                cells += [None] * min(empty_run, room)
                room -= min(empty_run, room)
                empty_run = 0
            cells += [v] * min(rep, room)
        rep = _repeat(tr, "number-rows-repeated")
        if not cells:
            n += rep
            yield cells, n
            continue
        for _ in range(min(rep, MAX_ROWS + 2)):   # more than MAX_ROWS is a problem anyway
            n += 1
            yield cells, n
