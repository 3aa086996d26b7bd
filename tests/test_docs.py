"""The README's element table and the element types' declared parameters agree (Squib's docs test)."""
import re

from conftest import ROOT
from pnp.layout.resolve import TYPES

COMMON = {"type", "x", "y", "w", "h", "when", "repeat", "opacity", "rotate", "origin"}   # "besides …" in the README


def _table():
    text = (ROOT / "README.md").read_text("utf-8")
    rows = {}
    for line in text.splitlines():
        m = re.match(r"^\| (`[a-z_]+`(?:, `[a-z_]+`)*) \| (.*) \|$", line)
        if m:
            names = re.findall(r"`([a-z_]+)`", m.group(1))
            for n in names:
                rows[n] = set(re.findall(r"\b[a-z_0-9]+\b", m.group(2).replace("`", " ")))
    return rows


def test_every_element_type_is_documented_with_all_its_parameters():
    rows = _table()
    for name, (params, _fn) in TYPES.items():
        assert name in rows, f"element type `{name}` is missing from the README table"
        missing = set(params) - COMMON - rows[name]
        assert not missing, f"`{name}`: parameters {sorted(missing)} are not documented in the README"


def test_no_documented_type_is_unknown():
    for name in _table():
        if name in ("run", "command"):  # other tables of the README
            continue
        assert name in TYPES or not name.islower(), name
