"""Safe YAML loading that remembers where every key and value came from.

We compose PyYAML nodes with the SafeLoader (no object construction at all) and build plain Python
values ourselves: `YMap` (a dict) and `YList` (a list) carry the position of each key and item, so
any later check can say `file:line:col`. Duplicate keys, unsafe or unknown tags, alias bombs,
non-UTF-8 bytes and oversized files are reported as problems, never as tracebacks.
"""
from __future__ import annotations

from pathlib import Path

import yaml

from pnp.errors import Pos, Problem, Problems, display_path

MAX_FILE_BYTES = 32_000_000  # a 10,000-card deck is ~2 MB; far larger is a mistake (or an attack)
MAX_SCALAR = 100_000         # characters in one value: no card text is that long
MAX_NODES = 200_000          # alias expansion budget: "billion laughs" stops here

_SAFE_TAGS = {
    "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float",
    "tag:yaml.org,2002:bool", "tag:yaml.org,2002:null", "tag:yaml.org,2002:map",
    "tag:yaml.org,2002:seq", "tag:yaml.org,2002:timestamp",
}


class YMap(dict):
    """A mapping that knows its own position and the positions of its keys and values."""

    pos: Pos
    key_pos: dict
    val_pos: dict

    def at(self, key) -> Pos:
        return self.val_pos.get(key, self.key_pos.get(key, self.pos))

    def key_at(self, key) -> Pos:
        return self.key_pos.get(key, self.pos)


class YList(list):
    pos: Pos
    item_pos: list

    def at(self, i) -> Pos:
        return self.item_pos[i] if 0 <= i < len(self.item_pos) else self.pos


_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml's parser when present: ~10x faster


def pos_of(value, default: Pos) -> Pos:
    return getattr(value, "pos", default)


def _mark(file: str, mark) -> Pos:
    return Pos(file, mark.line + 1, mark.column + 1)


class _Builder:
    def __init__(self, file: str):
        self.file = file
        self.nodes = 0
        self._scalars = yaml.SafeLoader("")  # only its scalar constructors are used

    def build(self, node):
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise Problems([Problem(_mark(self.file, node.start_mark),
                                    f"the document expands to more than {MAX_NODES} values (alias bomb?)",
                                    "remove the repeated aliases (*name)")])
        if node.tag not in _SAFE_TAGS:
            raise Problems([Problem(_mark(self.file, node.start_mark),
                                    f"the tag `{node.tag}` is not allowed",
                                    "use plain YAML values (strings, numbers, lists, maps) without tags")])
        if isinstance(node, yaml.MappingNode):
            return self._map(node)
        if isinstance(node, yaml.SequenceNode):
            out = YList()
            out.pos = _mark(self.file, node.start_mark)
            out.item_pos = []
            for item in node.value:
                out.append(self.build(item))
                out.item_pos.append(_mark(self.file, item.start_mark))
            return out
        if isinstance(node.value, str) and len(node.value) > MAX_SCALAR:
            raise Problems([Problem(_mark(self.file, node.start_mark),
                                    f"a value of {len(node.value):,} characters (more than {MAX_SCALAR:,})",
                                    "shorten it: card text this long cannot fit on a card")])
        return self._scalars.construct_object(node)

    def _map(self, node):
        out = YMap()
        out.pos = _mark(self.file, node.start_mark)
        out.key_pos, out.val_pos = {}, {}
        problems = []
        for knode, vnode in node.value:
            if knode.tag == "tag:yaml.org,2002:merge":
                merged = self.build(vnode)
                for src in merged if isinstance(merged, list) else [merged]:
                    if isinstance(src, YMap):
                        for k, v in src.items():
                            if k not in out:
                                out[k] = v
                                out.key_pos[k] = src.key_at(k)
                                out.val_pos[k] = src.at(k)
                continue
            key = self.build(knode)
            kpos = _mark(self.file, knode.start_mark)
            if isinstance(key, (dict, list)):
                problems.append(Problem(kpos, "a key must be a plain value, not a list or map",
                                        "write the key as text"))
                continue
            if key in out.key_pos and key in out:
                first = out.key_pos[key]
                problems.append(Problem(kpos, f"duplicate key `{key}` (first at line {first.line})",
                                        "keep one of them"))
                continue
            out[key] = self.build(vnode)
            out.key_pos[key] = kpos
            out.val_pos[key] = _mark(self.file, vnode.start_mark)
        if problems:
            raise Problems(problems)
        return out


def load_text(text: str, file: str):
    """Parse YAML text; returns YMap/YList/scalars. Raises Problems."""
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        pos = _mark(file, mark) if mark else Pos(file)
        what = (e.problem or e.context or "invalid YAML").strip()
        todo = "fix the YAML syntax here"
        if "\t" in text and "tab" in what.lower() or "found character '\\t'" in str(e):
            todo = "indent with spaces, not tabs"
        raise Problems([Problem(pos, f"YAML syntax error: {what}", todo)]) from None
    except yaml.reader.ReaderError as e:  # control characters and the like
        before = text[: e.position]
        pos = Pos(file, before.count("\n") + 1, e.position - (before.rfind("\n") + 1) + 1)
        ch = e.character if isinstance(e.character, str) else chr(e.character)
        raise Problems([Problem(pos, f"the control character U+{ord(ch):04X} is not allowed in YAML",
                                "delete it (it is invisible in most editors)")]) from None
    except yaml.YAMLError as e:
        raise Problems([Problem(Pos(file), f"not readable as YAML: {e}".replace("\n", " "),
                                "save the file as plain UTF-8 text")]) from None
    if node is None:
        return None
    return _Builder(file).build(node)


def read_text(path: Path) -> str:
    """Read a user text file as UTF-8 with clear problems for size and encoding."""
    shown = display_path(path)
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise Problems([Problem(Pos(shown), f"the file is {size / 1e6:.1f} MB, larger than the "
                                    f"{MAX_FILE_BYTES / 1e6:.0f} MB allowed", "split it or remove the oversized text")])
        data = path.read_bytes()
    except OSError as e:
        raise Problems([Problem(Pos(shown), f"cannot read the file: {e.strerror}", "check that it exists and is readable")]) from None
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]  # a UTF-8 byte-order mark is harmless: accept it
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        before = data[: e.start]
        line = before.count(b"\n") + 1
        col = e.start - (before.rfind(b"\n") + 1) + 1
        raise Problems([Problem(Pos(shown, line, col), f"byte 0x{data[e.start]:02x} is not valid UTF-8",
                                "save the file as UTF-8")]) from None


def load_file(path: Path, expect=dict):
    """Load a YAML file that must hold a mapping (or a list when expect=list)."""
    shown = display_path(path)
    value = load_text(read_text(path), shown)
    if value is None:
        raise Problems([Problem(Pos(shown), "the file is empty",
                                "write the expected content (see the README) or delete the file")])
    if expect is dict and not isinstance(value, dict):
        raise Problems([Problem(pos_of(value, Pos(shown)), f"expected a map of `key: value` at the top, found a {_kind(value)}",
                                "write the file as `key: value` lines")])
    if expect is list and not isinstance(value, list):
        raise Problems([Problem(pos_of(value, Pos(shown)), f"expected a list at the top, found a {_kind(value)}",
                                "write the file as `- item` lines")])
    return value


def _kind(v) -> str:
    if isinstance(v, dict):
        return "map"
    if isinstance(v, list):
        return "list"
    if isinstance(v, str):
        return "text"
    return type(v).__name__
