"""A small declarative schema for YAML maps (in the spirit of MkDocs' config options).

`check_map(ymap, spec, col)` reports unknown keys (with a did-you-mean), missing required keys and
wrongly typed values, all into a Collector, and returns the cleaned values.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from pnp.content.yamlfile import YMap
from pnp.core.errors import Collector, did_you_mean
from pnp.core import units

LANG_RE = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*\Z")
ID_RE = re.compile(r"^[a-z0-9][a-z0-9_-]*\Z")
# letters NFKD does not take apart into a Latin letter and a mark
_LATIN = str.maketrans({"ß": "ss", "æ": "ae", "Æ": "ae", "œ": "oe", "Œ": "oe", "ø": "o", "Ø": "o", "ł": "l",
                        "Ł": "l", "đ": "d", "Đ": "d", "þ": "th", "Þ": "th", "ð": "d", "Ð": "d", "ı": "i"})
SLUG_MAX = 60


def slug(text) -> str:
    """The id a name gives: lower-case ASCII letters and digits joined by `-` (`Café Noir!` → `cafe-noir`),
    accents dropped, at most SLUG_MAX characters (cut at a `-`); "" when nothing of it is Latin (`火龍`).
    `_` is kept (`fire_mage` stays). No transliteration of other scripts: a table of one would change the
    ids when it changes, so a name in them gives no id (a sheet's row number stands in)."""
    text = unicodedata.normalize("NFKD", str(text).translate(_LATIN)).encode("ascii", "ignore").decode().lower()
    out = re.sub(r"[^a-z0-9_]+", "-", text).strip("-_")
    if len(out) > SLUG_MAX:
        out = out[:SLUG_MAX].rsplit("-", 1)[0] if "-" in out[:SLUG_MAX] else out[:SLUG_MAX]
    return out.strip("-_")


def short_text(value, typ: str):
    """A whole number where a short text is expected (`players: 2`, `note: 7`, `{en: 8}`) as its text;
    any other value as it is (true, 1.5 and the rest are still reported by type_problem)."""
    def whole(v):
        return isinstance(v, int) and not isinstance(v, bool)
    if typ in ("str", "text") and whole(value):
        return str(value)
    if typ == "text" and isinstance(value, dict) and any(whole(v) for v in value.values()):
        out = type(value)({k: str(v) if whole(v) else v for k, v in value.items()})
        for attr in ("pos", "key_pos", "val_pos"):      # a positioned map keeps its positions
            if hasattr(value, attr):
                setattr(out, attr, getattr(value, attr))
        return out
    return value


@dataclass(frozen=True)
class Opt:
    type: str                 # str text int number bool list map any length size id enum
    required: bool = False
    default: object = None
    choices: tuple = ()
    help: str = ""


def type_problem(value, typ: str, choices=(), languages=()) -> str | None:
    """None when `value` is a valid `typ`, else a phrase saying what was expected."""
    if typ == "any":
        return None
    if typ == "str":
        return None if isinstance(value, str) else "expected text"
    if typ == "id":
        if isinstance(value, str) and ID_RE.match(value):
            return None
        return "expected an id of lower-case letters, digits, `-` or `_`"
    if typ == "text":
        if isinstance(value, str):
            return None
        if isinstance(value, dict) and value:
            bad = [k for k in value if k not in languages] if languages else []
            if bad:
                hint = " (a comma in unquoted text splits it: put the text in quotes)" if len(value) > len(languages) else ""
                return f"`{bad[0]}` is not one of this game's languages ({', '.join(languages)}){hint}"
            if all(isinstance(v, str) for v in value.values()):
                return None
        return "expected text, or a map of translations such as `{zh-TW: …, en: …}`"
    if typ == "int":
        return None if isinstance(value, int) and not isinstance(value, bool) else "expected a whole number"
    if typ == "number":
        return None if isinstance(value, (int, float)) and not isinstance(value, bool) else "expected a number"
    if typ == "bool":
        return None if isinstance(value, bool) else "expected true or false"
    if typ == "list":
        return None if isinstance(value, list) else "expected a list"
    if typ == "map":
        return None if isinstance(value, dict) else "expected a map"
    if typ == "length":
        try:
            units.length(value)
            return None
        except units.UnitError as e:
            return str(e)
    if typ == "size":
        try:
            units.size(value)
            return None
        except units.UnitError as e:
            return str(e)
    if typ == "enum":
        return None if value in choices else f"`{value}` is not allowed here; " + did_you_mean(value, choices)
    raise ValueError(f"unknown schema type {typ}")


def check_map(m: YMap, spec: dict, col: Collector, what: str, languages=()) -> dict:
    out = {}
    for key in m:
        if key not in spec:
            col.add(m.key_at(key), f"unknown key `{key}` in {what}", did_you_mean(key, spec))
    for key, opt in spec.items():
        if key not in m:
            if opt.required:
                col.add(m.pos, f"{what} lacks the required key `{key}`",
                        f"add `{key}:` ({opt.help or opt.type})")
            out[key] = opt.default
            continue
        value = short_text(m[key], opt.type)
        if value is not m[key]:
            m[key] = value      # `players: 2` is "2" for everything that reads the map (the cover)
        problem = type_problem(value, opt.type, opt.choices, languages)
        if problem:
            col.add(m.at(key), f"`{key}`: {problem}", f"fix the value of `{key}` ({opt.help or opt.type})")
            out[key] = opt.default
        else:
            out[key] = value
    return out
