"""Write one card field back into its YAML source, changing only the bytes of that value.

Why a span edit and not a round-trip library: ruamel.yaml's round trip keeps comments and key order
but re-emits the whole document (indentation of sequences, line folding of long flow maps, spacing in
`{ a: 1 }`), so a one-word change can touch many lines. Here the file is composed with PyYAML (the
parser the loader already uses), whose nodes carry exact start and end offsets; the value's span is
replaced by the new scalar in the original's style (plain, 'single', "double", |block), or a missing
key is inserted after the map's last entry. Everything else in the file stays byte for byte. The
result is read again and must equal the file's data before the edit with only that value changed: if
it does not (a plain scalar that YAML would read as a number, a `: ` that splits a flow map…), the
value is written double-quoted instead, and failing that the edit is refused. No new dependency.
"""
from __future__ import annotations

import json

import yaml

STR = "tag:yaml.org,2002:str"
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)   # libyaml when present (~10x faster); same offsets


class EditError(Exception):
    """The edit cannot be made (the card or field is not where the file says)."""


def _key(node, name):
    for k, v in node.value:
        if isinstance(k, yaml.ScalarNode) and k.value == name:
            return k, v
    return None, None


def items_node(root, component: str, inline: bool):
    """The sequence of items: `cards:` of a deck file, or `components.<id>.items` of game.yaml."""
    if not isinstance(root, yaml.MappingNode):
        raise EditError("the file does not hold a map")
    if inline:
        _, comps = _key(root, "components")
        _, comp = _key(comps, component) if isinstance(comps, yaml.MappingNode) else (None, None)
        _, seq = _key(comp, "items") if isinstance(comp, yaml.MappingNode) else (None, None)
    else:
        _, seq = _key(root, "cards")
    if not isinstance(seq, yaml.SequenceNode):
        raise EditError("the file holds no list of cards")
    return seq


def card_node(text: str, component: str, card: str, inline: bool):
    root = yaml.compose(text, Loader=_Loader)
    seq = items_node(root, component, inline)
    for i, item in enumerate(seq.value):
        if not isinstance(item, yaml.MappingNode):
            continue
        _, idn = _key(item, "id")
        if (idn is not None and getattr(idn, "value", None) == card) or (idn is None and f"{component}-{i + 1}" == card):
            return item
    raise EditError(f"card `{card}` is not in the file")


def read_value(text: str, component: str, card: str, field: str, lang: str | None, inline: bool):
    node = card_node(text, component, card, inline)
    _, v = _key(node, field)
    if v is not None and lang is not None and isinstance(v, yaml.MappingNode):
        _, v = _key(v, lang)
    if isinstance(v, yaml.ScalarNode) and v.tag == STR:
        return v.value
    return None


# ---- scalars ----------------------------------------------------------------------------------
def _double(value: str) -> str:
    return json.dumps(value, ensure_ascii=False)   # JSON strings are valid YAML double-quoted scalars


def _single(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def _render(value: str, style, old: str, indent: int) -> str:
    if style == '"':
        return _double(value)
    if style == "'":
        return _single(value) if "\n" not in value else _double(value)
    if style in ("|", ">"):
        body = value[:-1] if value.endswith("\n") else value
        if not body or body[0] in " \t" or any(c in value for c in "\r\t"):
            return _double(value)
        head = "|" if value.endswith("\n") and not value.endswith("\n\n") else "|-"
        return head + "\n" + "\n".join((" " * indent + line) if line else "" for line in body.split("\n"))
    return value if value and "\n" not in value else _double(value)


def _block_indent(text: str, start: int) -> int:
    nl = text.find("\n", start)
    for line in text[nl + 1:].split("\n"):
        if line.strip():
            return len(line) - len(line.lstrip(" "))
    return 2


def _replace_scalar(text: str, node, value: str):
    start, end = node.start_mark.index, node.end_mark.index
    span = text[start:end]
    core = span.rstrip("\n \t") if node.style in ("|", ">") else span
    indent = _block_indent(text, start) if node.style in ("|", ">") else 0
    return text[:start], _render(value, node.style, node.value, indent), text[start + len(core):]


def _insert(text: str, mapnode, key: str, value_text: str):
    """(before, inserted, after) putting `key: value` as the last entry of a map."""
    end = mapnode.end_mark.index
    if mapnode.flow_style:
        close = text.rfind("}", 0, end)
        j = close
        while j > 0 and text[j - 1] in " \t\n":
            j -= 1
        sep = "" if text[j - 1] == "{" else ", "
        return text[:j], f"{sep}{key}: {value_text}", text[j:]
    if not mapnode.value:
        raise EditError("an empty block map")
    last = mapnode.value[-1][1]
    pos = last.end_mark.index
    back = pos
    while back > 0 and text[back - 1] in " \t":   # a nested block ends at the next entry's indentation
        back -= 1
    if back > 0 and text[back - 1] == "\n":
        pos = back
    if pos > 0 and text[pos - 1] != "\n":
        nl = text.find("\n", pos)
        pos = len(text) if nl < 0 else nl + 1
    col = mapnode.value[0][0].start_mark.column
    lead = "" if pos == 0 or text[pos - 1] == "\n" else "\n"
    return text[:pos], f"{lead}{' ' * col}{key}: {value_text}\n", text[pos:]


# ---- the edit ---------------------------------------------------------------------------------
def set_field(text: str, component: str, card: str, field: str, lang: str | None, value: str,
              languages=(), inline: bool = False) -> str:
    """The file's text with one field (or one language of it) of one card set to `value`."""
    card_node(text, component, card, inline)   # raises EditError when the card is not there
    want = _expected(text, component, card, field, lang, value, languages, inline)
    for safe in (False, True):
        new = _edit(text, component, card, field, lang, value, languages, inline, safe)
        try:
            if yaml.load(new, Loader=_Loader) == want:   # the whole file reads as before, but for the value
                return new
        except yaml.YAMLError:
            pass
    raise EditError(f"`{field}` could not be written as text")


def _expected(text, component, card, field, lang, value, languages, inline):
    """The file's data as it should read after the edit: the same, but for that one value."""
    data = yaml.load(text, Loader=_Loader)
    seq = data["components"][component]["items"] if inline else data["cards"]
    item = next(x for i, x in enumerate(seq) if isinstance(x, dict) and
                (x.get("id") == card or ("id" not in x and f"{component}-{i + 1}" == card)))
    old = item.get(field)
    if lang is None or (isinstance(old, str) and not languages):
        item[field] = value
    elif isinstance(old, str):
        item[field] = {lg: (value if lg == lang else old) for lg in languages}
    elif isinstance(old, dict):
        old[lang] = value
    else:
        item[field] = {lang: value}
    return data


def _edit(text, component, card, field, lang, value, languages, inline, safe):
    node = card_node(text, component, card, inline)
    _, v = _key(node, field)
    scalar = _double(value) if safe else None

    def plain_or(style):
        return scalar or _render(value, style or "", "", 0)
    if v is None:
        body = plain_or(None) if lang is None else "{" + f"{lang}: {plain_or(None)}" + "}"
        a, b, c = _insert(text, node, field, body)
        return a + b + c
    if lang is None or isinstance(v, yaml.ScalarNode) and lang is not None and not languages:
        if not isinstance(v, yaml.ScalarNode):
            raise EditError(f"`{field}` is not a single text")
        a, b, c = _replace_scalar(text, v, value)
        return a + (scalar or b) + c
    if isinstance(v, yaml.ScalarNode):  # one text for every language becomes a translation map
        old = v.value
        parts = [f"{lg}: {plain_or(None) if lg == lang else _double(old)}" for lg in languages]
        a, _b, c = _replace_scalar(text, v, old)
        return a + "{" + ", ".join(parts) + "}" + c
    if not isinstance(v, yaml.MappingNode):
        raise EditError(f"`{field}` is not text")
    _, lv = _key(v, lang)
    if lv is None:
        a, b, c = _insert(text, v, lang, plain_or(None))
        return a + b + c
    if not isinstance(lv, yaml.ScalarNode):
        raise EditError(f"`{field}.{lang}` is not text")
    a, b, c = _replace_scalar(text, lv, value)
    return a + (scalar or b) + c
