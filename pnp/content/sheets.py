"""Cards from spreadsheets: `cards: cards.csv` (or .tsv, .xlsx, .ods) in a component.

The first row names the fields (matched whatever their case and the spaces around them); every other row
is a card. `name.en` / `name.zh-TW` columns make one translated text field; `copies` works as in a deck
file; an empty cell means "not given". `id` is optional: a card without one gets the slug of its `name`,
or `row-N` (pnp.content.sheetids).
Values are converted to the declared field types (int, number, bool, enum, list split on the field's
`sep`, default `;`), and every problem points at its cell: `cards.csv:7:4 (column cost)`, or
`cards.xlsx:Sheet1!D7` in a workbook. The rows become the same positioned maps a deck file gives, so
everything after this (defaults, ids, copies, type checks) is the YAML path.

Readers: the csv module; openpyxl for .xlsx (read-only, cached values); .ods streamed with lxml's
iterparse (entities not resolved, no network), reading cells as odfpy does (no pandas). A workbook is a
zip: the sizes its members declare are checked before any is decompressed (Python's zipfile never
returns more than a member declares), so a decompression bomb is refused unread.

Nothing is truncated silently: more than MAX_ROWS cards, or a header wider than MAX_COLUMNS, is a
problem; rows wider than that are cut while they are read (no field lies past the header).
"""
from __future__ import annotations

import csv
import difflib
import io
import math
import re
import zipfile
from pathlib import Path

from pnp.content.sheetids import derive_id, duplicates
from pnp.content.yamlfile import MAX_SCALAR, YList, YMap, read_bytes
from pnp.core.errors import Collector, Pos, Problems, did_you_mean, display_path
from pnp.content.workbooks import (MAX_CELLS, MAX_COLUMNS, MAX_MEMBER_BYTES, MAX_PHYSICAL_ROWS, MAX_RATIO,  # noqa: F401
                                   MAX_ROWS, MAX_ZIP_BYTES, MAX_ZIP_MEMBERS, _OFFICE, _TABLE, _ods_rows,
                                   _xlsx_cells_ok, _zip_ok)

SUFFIXES = (".csv", ".tsv", ".xlsx", ".ods")
_TRUE, _FALSE = {"true", "yes", "y", "x", "1"}, {"false", "no", "n", "0"}
_WHOLE = re.compile(r"[+-]?[0-9]+\.0*")   # `3.0`: a whole number with a decimal point


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
    """(where, rows): rows are lists of (value, row number) per row that holds a value, the header first;
    values str, int, float, bool or None. At most MAX_ROWS + 1 rows, each cut after MAX_COLUMNS + 1 cells."""
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
            where = _Where(path, None)
            with io.StringIO(data.decode("utf-8-sig"), newline="") as f:
                reader = csv.reader(f, delimiter="\t" if suffix == ".tsv" else ",")
                return where, _take(((r, reader.line_num) for r in reader), path, where, col)
        if suffix in (".xlsx", ".ods") and not _zip_ok(data, path, col):
            return None, []
        if suffix == ".xlsx" and not _xlsx_cells_ok(data, path, col):
            return None, []
        if suffix == ".xlsx":
            import openpyxl
            wb = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
            try:
                name = sheet or wb.sheetnames[0]
                if name not in wb.sheetnames:
                    col.add(pos, f"`{path.name}` has no sheet `{name}`", did_you_mean(name, wb.sheetnames))
                    return None, []
                where = _Where(path, name)
                ws = wb[name]
                # the size a sheet declares is not believed: openpyxl would drop the rows past it unread
                # (and pad every row to its width); max_col bounds the width, _take the rows
                ws.reset_dimensions()
                got = ws.iter_rows(max_col=MAX_COLUMNS + 1, values_only=True)
                return where, _take(((r, i) for i, r in enumerate(got, 1)), path, where, col)
            finally:
                wb.close()
        if suffix == ".ods":
            return _read_ods(path, data, sheet, pos, col)
    except (OSError, UnicodeDecodeError, csv.Error) as e:
        col.add(pos, f"`{path.name}` cannot be read: {e}", "save it again as UTF-8 (CSV) or as a workbook")
        return None, []
    except Exception as e:  # a damaged workbook: zip, XML or format errors of the reader
        col.add(pos, f"`{path.name}` cannot be opened as a {suffix[1:].upper()} file ({type(e).__name__})",
                "open it in your spreadsheet program and save it again")
        return None, []
    return None, []


def _empty(r) -> bool:
    return all(v is None or v == "" for v in r)


def _take(rows, path: Path, where: _Where, col: Collector) -> list:
    """The rows that hold a value, each cut after MAX_COLUMNS + 1 cells (the header is checked for its
    width later), until more than MAX_ROWS cards: that is a problem at the first row too many, and
    None is returned (a deck with some cards silently missing would print)."""
    out, blank, width, cells = [], None, MAX_COLUMNS + 1, 0
    for r, n in rows:
        if r is blank:      # openpyxl gives one tuple for every missing row
            continue
        if n > MAX_PHYSICAL_ROWS:
            col.add(where.cell(n, 1), f"`{path.name}` goes on past row {MAX_PHYSICAL_ROWS:,}",
                    "remove the rows at its end (no spreadsheet program writes them)")
            return None
        if len(r) > width:
            r = r[:width]   # after the header: its width (no field lies past it; rows padded to 1,001 stay small)
        if _empty(r):
            blank = r
            continue
        if not out:         # the header: without its empty cells at the end
            while r and (r[-1] is None or r[-1] == ""):
                r = r[:-1]
            width = len(r)
        if len(out) > MAX_ROWS:
            col.add(where.cell(n, 1), f"`{path.name}` holds more than {MAX_ROWS:,} cards (one a row)",
                    "split the cards into several components, each with a spreadsheet of its own")
            return None
        cells += len(r)
        if cells > MAX_CELLS:   # each is converted and checked: 10,000 rows of 1,000 fields would take minutes
            col.add(where.cell(n, 1), f"`{path.name}` holds more than {MAX_CELLS:,} cells (up to this row)",
                    "split the cards into several components, each with a spreadsheet of its own")
            return None
        out.append((list(r), n))
    return out


def _read_ods(path: Path, data: bytes, sheet, pos, col):
    from lxml import etree
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        try:
            member = z.open("content.xml")
        except KeyError:
            col.add(pos, f"`{path.name}` has no content.xml: it is no OpenDocument spreadsheet",
                    "open it in your spreadsheet program and save it again")
            return None, []
        with member:
            events = etree.iterparse(member, events=("start", "end"), resolve_entities=False, no_network=True,
                                     huge_tree=False, load_dtd=False)
            names, chosen = [], None

            def rows_of_chosen():
                depth = 0   # of tables inside the chosen one (rows of those are theirs)
                for ev, el in events:
                    if el.tag == _TABLE + "table":
                        if ev == "start":
                            depth += 1
                            continue
                        if depth == 0:
                            return
                        depth -= 1
                    elif ev == "end" and el.tag == _TABLE + "table-row" and depth == 0:
                        yield el
                        el.clear()
                        parent = el.getparent()
                        while parent is not None and el.getprevious() is not None:
                            del parent[0]

            for ev, el in events:
                if ev == "start" and el.tag == _TABLE + "table":
                    name = el.get(_TABLE + "name") or ""
                    names.append(name)
                    if chosen is None and (sheet is None or name == sheet):
                        chosen = name
                        where = _Where(path, name)
                        return where, _take(_ods_rows(rows_of_chosen()), path, where, col)
                elif ev == "end" and el.tag == _TABLE + "table":
                    el.clear()
            name = sheet
            col.add(pos, f"`{path.name}` has no sheet `{name}`", did_you_mean(str(name), names))
            return None, []


def _shown(v) -> str:
    """A cell as a problem shows it: its repr, shortened past 60 characters."""
    return repr(v) if not isinstance(v, str) or len(v) <= 60 else repr(v[:50]) + f"… ({len(v):,} characters)"


def _convert(v, typ: str, choices, sep: str):
    """(value, problem) — the cell as the declared type."""
    if isinstance(v, str):
        v = v.strip()
    if typ == "int":
        # one rule for every format: a whole number, written `3` or `3.0` (a workbook's 3.0, a CSV's "3.0");
        # a fraction is a problem, never cut to its whole part (an XLSX 3.5 is not 3)
        if isinstance(v, bool):
            return None, "value must be a whole number"
        if isinstance(v, float):
            if v.is_integer():
                return int(v), None
            return None, f"value must be a whole number ({_shown(v)})"
        if isinstance(v, str) and _WHOLE.fullmatch(v):
            return int(v.split(".")[0]), None
        try:
            return int(v), None
        except (TypeError, ValueError, OverflowError):   # OverflowError: int(inf) of a workbook's 1e999
            return None, f"value must be a whole number ({_shown(v)})"
    if typ == "number":
        try:
            f = float(v)
        except (TypeError, ValueError):
            return None, f"value must be a number ({_shown(v)})"
        if not math.isfinite(f):
            return None, f"value must be a finite number ({_shown(v)})"
        return (int(f) if f.is_integer() and not (isinstance(v, str) and "." in v) else f), None
    if typ == "bool":
        if isinstance(v, bool):
            return v, None
        s = str(v).strip().lower()
        if s in _TRUE or s in _FALSE:
            return s in _TRUE, None
        return None, f"value must be true or false ({_shown(v)})"
    if typ == "list":
        return [p.strip() for p in str(v).split(sep) if p.strip()], None
    text = str(int(v)) if isinstance(v, float) and v.is_integer() else str(v)
    if typ == "enum" and text not in choices:
        for c in choices:   # enum of numbers
            if str(c) == text:
                return c, None
    return text, None


def _key(h: str) -> str:
    """A header as it is matched: `Name`, ` name `, `NAME` are `name`; `Flavour Text` is `flavour_text`."""
    return "_".join(h.split()).casefold()


def _columns(header, hrow, where, fields, langs, col):
    """(column index → (field, lang or None, header text), required fields without a column). A header
    names a field whatever its case and the spaces around it, `.lang` a language likewise; an unknown
    header is one problem with one did-you-mean (the field it is close to is then not also missing)."""
    names = list(fields) + ["id", "copies"]
    by_key = {}
    for n in reversed(names):       # two fields differing only in case: the first declared wins
        by_key[_key(n)] = n
    lang_of = {lg.casefold(): lg for lg in langs}
    cols, meant = {}, set()
    bad: dict = {}   # (what, todo) → [first cell, count]: one problem for a header repeated in many columns
    for i, h in enumerate(header):
        if h in (None, ""):
            continue
        h = str(h).strip()
        if len(h) > 60:     # no field name is that long: shown shortened
            h = h[:50] + "…"
        field, _, lang = h.partition(".")
        field, lang = field.strip(), lang.strip()
        field = field if field in names else by_key.get(_key(field), field)
        lang = lang_of.get(lang.casefold(), lang)
        at = where.cell(hrow, i + 1, h)
        if field not in names:
            close = difflib.get_close_matches(_key(field), sorted(by_key), n=1, cutoff=0.6)
            if close:
                meant.add(by_key[close[0]])
            hint = f"did you mean `{by_key[close[0]]}`?" if close else did_you_mean(field, names)
            key = (f"the column `{h}` is not a declared field", hint + " (declare it under `fields:` in game.yaml)")
        elif lang and (fields.get(field, ("",))[0] != "text" or lang not in langs):
            meant.add(field)
            key = (f"the column `{h}`: `.{lang}` is for a text field in one of the game's languages "
                   f"({', '.join(langs)})", f"name the column `{field}`" + (f" or `{field}.{langs[0]}`" if langs else ""))
        elif any(c[:2] == (field, lang or None) for c in cols.values()):
            key = (f"the column `{h}` appears", "remove all but one of them")
        else:
            cols[i] = (field, lang or None, h)
            continue
        bad.setdefault(key, [at, 0])[1] += 1
    for (what, todo), (at, count) in bad.items():
        if what.endswith(" appears"):
            what = f"{what} {count + 1} times" if count > 1 else f"{what} twice"
            todo = todo if count > 1 else "remove one of them"
        elif count > 1:
            what = f"{what} ({count:,} columns)"
        col.add(at, what, todo)
    have = {c[0] for c in cols.values()}
    missing = {f for f, (_t, required, _c) in fields.items() if required and f not in have}
    for f in [f for f in fields if f in missing - meant]:    # in the order declared
        typ = fields[f][0]
        optional = f"`{f}: {typ}?`" if typ != "enum" else "`required: false` in its `{enum: …}`"
        col.add(where.cell(hrow, 1), f"no column for the required field `{f}` (every card needs one)",
                f"add a column `{f}` to the header row, or declare the field optional in game.yaml: {optional}")
    return cols, missing


def load_sheet(path: Path, sheet, pos: Pos, fields: dict, raw_fields, langs, col: Collector,
               id_from: tuple | None = None) -> YList:
    """The rows of a spreadsheet as a YList of positioned YMaps (the `cards:` of a deck file). id_from:
    (column, the position of `id_from:`) when the component names the column its ids are made from."""
    where, rows = _read(path, sheet, pos, col)
    out = YList()
    out.pos, out.item_pos = pos, []
    out.reported = set()   # cells already reported (a value that did not convert)
    if where is None or rows is None:     # rows None: a problem reported while reading them
        return out
    if not rows:
        col.add(pos, f"`{path.name}` has no header row", "write the field names in the first row")
        return out
    header, hrow = rows[0]
    width = len(header)
    while width and header[width - 1] in (None, ""):
        width -= 1
    if width > MAX_COLUMNS:
        h = header[MAX_COLUMNS]
        col.add(where.cell(hrow, MAX_COLUMNS + 1, "" if h is None else str(h).strip()[:40]),
                f"the header row has more than {MAX_COLUMNS:,} columns",
                "remove the columns past the fields of the cards")
        return out
    cols, out.no_column = _columns(header[:width], hrow, where, fields, langs, col)
    out.where, out.col_of = where, {}   # a field's (first) column: an empty cell of a required field is shown there
    for i, (field, _lang, h) in cols.items():
        out.col_of.setdefault(field, (i + 1, h))
    source = id_from[0] if id_from else "name"
    if id_from and source not in out.col_of:
        have = [f for f in out.col_of if f not in ("id", "copies")]
        col.add(id_from[1], f"`id_from: {source}` names no column of `{path.name}`", did_you_mean(source, have))
    for cells, n in rows[1:]:
        card = YMap()
        card.pos = where.cell(n, 1)
        card.key_pos, card.val_pos = {}, {}
        for i, (field, lang, h) in cols.items():
            v = cells[i] if i < len(cells) else None
            if v is None or (isinstance(v, str) and not v.strip()):
                continue
            at = where.cell(n, i + 1, h)
            if isinstance(v, str) and len(v) > MAX_SCALAR:
                col.add(at, f"a value of {len(v):,} characters (more than {MAX_SCALAR:,})", "shorten the cell")
                out.reported.add(at)
                continue
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
        if card.get("id") in (None, ""):
            derive_id(card, n, langs, source)
        out.append(card)
        out.item_pos.append(card.pos)
    out.dup_ids = duplicates(out, col)
    return out
