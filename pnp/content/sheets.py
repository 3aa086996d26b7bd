"""Cards from spreadsheets: `cards: cards.csv` (or .tsv, .xlsx, .ods) in a component.

The first row names the fields; every other row is a card. `name.en` / `name.zh-TW` columns make one
translated text field; `id` and `copies` work as in a deck file; an empty cell means "not given".
Values are converted to the declared field types (int, number, bool, enum, list split on the field's
`sep`, default `;`), and every problem points at its cell: `cards.csv:7:4 (column cost)`, or
`cards.xlsx:Sheet1!D7` in a workbook. The rows become the same positioned maps a deck file gives, so
everything after this (defaults, ids, copies, type checks) is the YAML path.

Readers: the csv module; openpyxl for .xlsx (read-only, cached values); odfpy for .ods, walking its
table cells (odfpy is the OpenDocument reference library in Python; no pandas).
"""
from __future__ import annotations

import csv
import io
from pathlib import Path

from pnp.content.yamlfile import YList, YMap, read_bytes
from pnp.core.errors import Collector, Pos, Problems, did_you_mean, display_path

SUFFIXES = (".csv", ".tsv", ".xlsx", ".ods")
MAX_ROWS = 10_000
_TRUE, _FALSE = {"true", "yes", "y", "x", "1"}, {"false", "no", "n", "0"}


def is_sheet(name: str) -> bool:
    return str(name).lower().endswith(SUFFIXES)


def _col_letter(i: int) -> str:
    s = ""
    i += 1
    while i:
        i, r = divmod(i - 1, 26)
        s = chr(65 + r) + s
    return s


class _Where:
    def __init__(self, path: Path, sheet: str | None):
        self.file = display_path(path)
        self.sheet = sheet

    def cell(self, row: int, col: int, header: str = "") -> Pos:
        """row, col from 1; the label a user sees."""
        if self.sheet is None:
            label = f"{self.file}:{row}:{col}" + (f" (column {header})" if header else "")
        else:
            label = f"{self.file}:{self.sheet}!{_col_letter(col - 1)}{row}"
        return Pos(self.file, row, col, label)


def _read(path: Path, sheet, pos: Pos, col: Collector):
    """(where, rows): rows are lists of (value, row number) per physical row; values str, int, float, bool or None."""
    suffix = path.suffix.lower()
    if sheet is not None and suffix in (".csv", ".tsv"):
        col.add(pos, f"`sheet: {sheet}` is for workbooks, and `{path.name}` is a {suffix[1:].upper()} file",
                "remove `sheet:`")
    try:
        data = read_bytes(path)   # a pipe or device is refused unread, an oversized file before reading
    except Problems as e:
        col.extend(e.problems)
        return None, []
    try:
        if suffix in (".csv", ".tsv"):
            with io.StringIO(data.decode("utf-8-sig"), newline="") as f:
                reader = csv.reader(f, delimiter="\t" if suffix == ".tsv" else ",")
                rows = []
                for r in reader:
                    rows.append((r, reader.line_num))
                    if len(rows) > MAX_ROWS:
                        break
            return _Where(path, None), rows
        if suffix == ".xlsx":
            import openpyxl
            wb = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
            try:
                name = sheet or wb.sheetnames[0]
                if name not in wb.sheetnames:
                    col.add(pos, f"`{path.name}` has no sheet `{name}`", did_you_mean(name, wb.sheetnames))
                    return None, []
                rows = []
                for i, r in enumerate(wb[name].iter_rows(values_only=True), 1):
                    rows.append((list(r), i))
                    if i > MAX_ROWS:
                        break
            finally:
                wb.close()
            return _Where(path, name), rows
        if suffix == ".ods":
            return _read_ods(path, io.BytesIO(data), sheet, pos, col)
    except (OSError, UnicodeDecodeError, csv.Error) as e:
        col.add(pos, f"`{path.name}` cannot be read: {e}", "save it again as UTF-8 (CSV) or as a workbook")
        return None, []
    except Exception as e:  # a damaged workbook: zip, XML or format errors of the reader
        col.add(pos, f"`{path.name}` cannot be opened as a {suffix[1:].upper()} file ({type(e).__name__})",
                "open it in your spreadsheet program and save it again")
        return None, []
    return None, []


def _read_ods(path: Path, data, sheet, pos, col):
    from odf.opendocument import load
    from odf.table import Table, TableCell, TableRow
    from odf.namespaces import OFFICENS, TABLENS
    doc = load(data)
    tables = doc.spreadsheet.getElementsByType(Table)
    names = [t.getAttrNS(TABLENS, "name") for t in tables]
    name = sheet or (names[0] if names else None)
    if name not in names:
        col.add(pos, f"`{path.name}` has no sheet `{name}`", did_you_mean(str(name), names))
        return None, []
    table = tables[names.index(name)]
    rows, n = [], 0
    for tr in table.getElementsByType(TableRow):
        cells = []
        for tc in tr.childNodes:
            if tc.qname[1] not in ("table-cell", "covered-table-cell"):
                continue
            kind = tc.getAttrNS(OFFICENS, "value-type")
            if kind in ("float", "percentage", "currency"):
                v = float(tc.getAttrNS(OFFICENS, "value"))
                v = int(v) if v.is_integer() else v
            elif kind == "boolean":
                v = tc.getAttrNS(OFFICENS, "boolean-value") == "true"
            elif kind:
                v = "\n".join(str(p) for p in tc.childNodes if p.qname[1] == "p")
            else:
                v = None
            rep = int(tc.getAttrNS(TABLENS, "number-columns-repeated") or 1)
            cells += [v] * min(rep, 1000)
        rep = int(tr.getAttrNS(TABLENS, "number-rows-repeated") or 1)
        for _ in range(min(rep, MAX_ROWS)):
            n += 1
            rows.append((cells, n))
        if n > MAX_ROWS or all(v is None for v in cells) and rep > 100:
            break
    return _Where(path, name), rows


def _convert(v, typ: str, choices, sep: str):
    """(value, problem) — the cell as the declared type."""
    if isinstance(v, str):
        v = v.strip()
    if typ == "int":
        if isinstance(v, bool):
            return None, "value must be a whole number"
        if isinstance(v, float) and v.is_integer():
            return int(v), None
        try:
            return int(v), None
        except (TypeError, ValueError):
            return None, f"value must be a whole number ({v!r})"
    if typ == "number":
        try:
            f = float(v)
            return (int(f) if f.is_integer() and not (isinstance(v, str) and "." in v) else f), None
        except (TypeError, ValueError):
            return None, f"value must be a number ({v!r})"
    if typ == "bool":
        if isinstance(v, bool):
            return v, None
        s = str(v).strip().lower()
        if s in _TRUE or s in _FALSE:
            return s in _TRUE, None
        return None, f"value must be true or false ({v!r})"
    if typ == "list":
        return [p.strip() for p in str(v).split(sep) if p.strip()], None
    text = str(int(v)) if isinstance(v, float) and v.is_integer() else str(v)
    if typ == "enum" and text not in choices:
        for c in choices:   # enum of numbers
            if str(c) == text:
                return c, None
    return text, None


def load_sheet(path: Path, sheet, pos: Pos, fields: dict, raw_fields, langs, col: Collector) -> YList:
    """The rows of a spreadsheet as a YList of positioned YMaps (the `cards:` of a deck file)."""
    where, rows = _read(path, sheet, pos, col)
    out = YList()
    out.pos, out.item_pos = pos, []
    out.reported = set()   # cells already reported (a value that did not convert)
    if where is None:
        return out
    rows = [(r, n) for r, n in rows if any(v not in (None, "") for v in r)]
    if not rows:
        col.add(pos, f"`{path.name}` has no header row", "write the field names in the first row")
        return out
    header, hrow = rows[0]
    names = list(fields) + ["id", "copies"]
    cols = {}   # column index → (field, lang or None, header text)
    for i, h in enumerate(header):
        if h in (None, ""):
            continue
        h = str(h).strip()
        field, _, lang = h.partition(".")
        at = where.cell(hrow, i + 1, h)
        if field not in names:
            col.add(at, f"the column `{h}` is not a declared field",
                    did_you_mean(field, names) + " (declare it under `fields:` in game.yaml)")
        elif lang and (fields.get(field, ("",))[0] != "text" or lang not in langs):
            col.add(at, f"the column `{h}`: `.{lang}` is for a text field in one of the game's languages "
                    f"({', '.join(langs)})", f"name the column `{field}`" + (f" or `{field}.{langs[0]}`" if langs else ""))
        elif any(c[:2] == (field, lang or None) for c in cols.values()):
            col.add(at, f"the column `{h}` appears twice", "remove one of them")
        else:
            cols[i] = (field, lang or None, h)
    for cells, n in rows[1:]:
        card = YMap()
        card.pos = where.cell(n, 1)
        card.key_pos, card.val_pos = {}, {}
        for i, (field, lang, h) in cols.items():
            v = cells[i] if i < len(cells) else None
            if v is None or (isinstance(v, str) and not v.strip()):
                continue
            at = where.cell(n, i + 1, h)
            typ, _req, choices = fields.get(field, ("int" if field == "copies" else "id", True, ()))
            spec = raw_fields.get(field) if isinstance(raw_fields, dict) else None
            sep = str(spec.get("sep", ";")) if isinstance(spec, dict) else ";"
            value, problem = _convert(v, typ, choices, sep)
            if problem:
                col.add(at, problem, "correct the cell")
                value = v   # kept, so the card does not also lack the field; its type check is skipped
                out.reported.add(at)
            if lang:
                cur = card.get(field) if isinstance(card.get(field), dict) else {}
                card[field] = {**cur, lang: value}
            else:
                card[field] = value
            card.key_pos[field] = card.val_pos[field] = at
        out.append(card)
        out.item_pos.append(card.pos)
    return out
