"""Writing one cell of a spreadsheet deck back into its file, keeping the rest of the file.

- CSV / TSV: only the edited record changes, and in it only the edited field (quoted when it must
  be); every other byte stays as it was (other records, their quoting, line endings, a BOM).
- XLSX: openpyxl sets the cell; other cells, sheets, styles and number formats are kept (what openpyxl
  cannot round-trip, such as charts, is lost: the studio says so before the first save).
- ODS: the cell is rewritten in content.xml (a repeated row or cell is split around it); every other
  member of the package is copied as it was, the mimetype first and stored.

A cell is found by the card's row (the row number the deck reader gave its position) and the column
whose header names the field (`name`, or `name.en` for one language), matched as the reader matches
headers: case and surrounding spaces do not count.
"""
from __future__ import annotations

import csv
import io
import re
import zipfile


class SheetEditError(ValueError):
    pass


def key(header) -> str:
    return re.sub(r"\s+", "", str(header or "")).lower()


def column(headers, field: str, lang: str | None) -> int | None:
    """The index of the column holding `field` (in `lang`, for a text field written per language)."""
    want = [key(f"{field}.{lang}")] if lang else []
    want.append(key(field))
    found = {key(h): i for i, h in reversed(list(enumerate(headers))) if h not in (None, "")}
    for w in want:
        if w in found:
            return found[w]
    return None


def _column_or_refuse(headers, field: str, lang: str | None) -> int:
    i = column(headers, field, lang)
    if i is None:
        raise SheetEditError(f"no column `{field}.{lang}` or `{field}`: add it to the header row first"
                             if lang else f"no column `{field}`: add it to the header row first")
    return i


# ---- CSV / TSV -----------------------------------------------------------------------------------
def _records(text: str, delim: str):
    """(fields, first line, last line) of each record, lines counted from 1 as csv.reader counts them."""
    lines = re.split(r"(?<=\n)", text)
    if lines and lines[-1] == "":
        lines.pop()
    consumed = [0]

    def feed():
        for ln in lines:
            consumed[0] += 1
            yield ln
    start = 0
    for rec in csv.reader(feed(), delimiter=delim):
        yield rec, start, consumed[0], lines
        start = consumed[0]


def _split_raw(raw: str, delim: str) -> tuple[list, str]:
    """A record's text as its fields' raw texts (quotes kept) and its line ending."""
    end = re.search(r"\r?\n$", raw)
    ending = end.group(0) if end else ""
    body = raw[:len(raw) - len(ending)]
    out, cur, quoted = [], [], False
    for ch in body:
        if ch == '"':
            quoted = not quoted
        if ch == delim and not quoted:
            out.append("".join(cur))
            cur = []
        else:
            cur.append(ch)
    out.append("".join(cur))
    return out, ending


def _quote(value: str, delim: str) -> str:
    if any(c in value for c in (delim, '"', "\n", "\r")) or value != value.strip():
        return '"' + value.replace('"', '""') + '"'
    return value


def set_csv(data: bytes, delim: str, edits) -> bytes:
    """edits: (row, field, lang, value); row is the record's last line (the reader's row number)."""
    bom = b"\xef\xbb\xbf" if data.startswith(b"\xef\xbb\xbf") else b""
    text = data[len(bom):].decode("utf-8")
    recs = list(_records(text, delim))
    header = next((r for r, *_ in recs if any(c.strip() for c in r)), None)
    if header is None:
        raise SheetEditError("the file has no header row")
    lines = recs[0][3] if recs else []
    for row, field, lang, value in edits:
        i = _column_or_refuse(header, field, lang)
        hit = next(((s, e) for _r, s, e, _l in recs if e == row), None)
        if hit is None:
            raise SheetEditError(f"row {row} is not a card of this file any more: reload the card")
        s, e = hit
        fields, ending = _split_raw("".join(lines[s:e]), delim)
        fields += [""] * (i + 1 - len(fields))
        fields[i] = _quote(value, delim)
        new = delim.join(fields) + ending
        lines[s:e] = [new] + [""] * (e - s - 1)    # keep line indices of the later records
    return bom + "".join(lines).encode("utf-8")


# ---- XLSX ----------------------------------------------------------------------------------------
def set_xlsx(data: bytes, sheet: str | None, edits) -> bytes:
    import openpyxl
    wb = openpyxl.load_workbook(io.BytesIO(data))
    ws = wb[sheet] if sheet else wb.worksheets[0]
    header = None
    for row in ws.iter_rows(values_only=True):
        if any(v not in (None, "") for v in row):
            header = list(row)
            break
    if header is None:
        raise SheetEditError("the sheet has no header row")
    for row, field, lang, value in edits:
        i = _column_or_refuse(header, field, lang)
        ws.cell(row=row, column=i + 1).value = value
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


# ---- ODS -----------------------------------------------------------------------------------------
_T = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_O = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
_X = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
_CALC = "{urn:org:documentfoundation:names:experimental:calc:xmlns:calcext:1.0}"


def _rep(el, attr) -> int:
    try:
        return max(1, int(el.get(_T + attr) or 1))
    except ValueError:
        return 1


def _split(el, attr: str, at: int):
    """Make the `at`-th (from 0) of a repeated element its own element; returns it."""
    import copy
    n = _rep(el, attr)
    if n == 1:
        return el
    parent = el.getparent()
    idx = parent.index(el)
    parts = [(at, "before"), (1, "it"), (n - at - 1, "after")]
    made = []
    for count, _name in parts:
        if count <= 0:
            made.append(None)
            continue
        c = copy.deepcopy(el)
        if count > 1:
            c.set(_T + attr, str(count))
        elif _T + attr in c.attrib:
            del c.attrib[_T + attr]
        made.append(c)
    parent.remove(el)
    for c in reversed([m for m in made if m is not None]):
        parent.insert(idx, c)
    return made[1]


def _rows(table):
    """(row element, first row number, repeat) in document order, nested tables excluded."""
    n = 0
    for tr in table.iter(_T + "table-row"):
        if next((a for a in tr.iterancestors(_T + "table")), None) is not table:
            continue
        rep = _rep(tr, "number-rows-repeated")
        yield tr, n + 1, rep
        n += rep


def _cells(tr):
    for tc in tr:
        if tc.tag in (_T + "table-cell", _T + "covered-table-cell"):
            yield tc


def _text(tc) -> str:
    return "\n".join("".join(p.itertext()) for p in tc if p.tag == _X + "p")


def set_ods(data: bytes, sheet: str | None, edits) -> bytes:
    from lxml import etree
    src = zipfile.ZipFile(io.BytesIO(data))
    root = etree.fromstring(src.read("content.xml"), etree.XMLParser(resolve_entities=False, no_network=True))
    tables = list(root.iter(_T + "table"))
    table = next((t for t in tables if sheet is None or t.get(_T + "name") == sheet), None)
    if table is None:
        raise SheetEditError(f"the workbook has no sheet `{sheet}`")
    header = None
    for tr, _n, _rep_ in _rows(table):
        vals = []
        for tc in _cells(tr):
            vals += [_text(tc)] * _rep(tc, "number-columns-repeated")
        if any(v.strip() for v in vals):
            header = vals
            break
    if header is None:
        raise SheetEditError("the sheet has no header row")
    for row, field, lang, value in edits:
        i = _column_or_refuse(header, field, lang)
        hit = next(((tr, first) for tr, first, rep in _rows(table) if first <= row < first + rep), None)
        if hit is None:
            raise SheetEditError(f"row {row} is not a card of this file any more: reload the card")
        tr = _split(hit[0], "number-rows-repeated", row - hit[1])
        x, cell = 0, None
        for tc in _cells(tr):
            rep = _rep(tc, "number-columns-repeated")
            if x <= i < x + rep:
                cell = _split(tc, "number-columns-repeated", i - x)
                break
            x += rep
        if cell is None:
            for _ in range(i - x):
                etree.SubElement(tr, _T + "table-cell")
            cell = etree.SubElement(tr, _T + "table-cell")
        for a in list(cell.attrib):
            if a.startswith(_O) or a.startswith(_CALC):
                del cell.attrib[a]
        for child in list(cell):
            cell.remove(child)
        cell.set(_O + "value-type", "string")
        for line in value.split("\n"):
            p = etree.SubElement(cell, _X + "p")
            p.text = line
    content = etree.tostring(root, xml_declaration=True, encoding="UTF-8")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as dst:
        for info in src.infolist():
            dst.writestr(info, content if info.filename == "content.xml" else src.read(info.filename))
    return out.getvalue()


def set_cells(suffix: str, data: bytes, sheet: str | None, edits) -> bytes:
    """The file's bytes with the edits ((row, field, lang, value), …) written into their cells."""
    suffix = suffix.lower()
    if suffix in (".csv", ".tsv"):
        return set_csv(data, "\t" if suffix == ".tsv" else ",", edits)
    if suffix == ".xlsx":
        return set_xlsx(data, sheet, edits)
    if suffix == ".ods":
        return set_ods(data, sheet, edits)
    raise SheetEditError(f"`{suffix}` files are not spreadsheets the studio can write")
