"""Safe YAML loading that remembers where every key and value came from.

We compose PyYAML nodes with the SafeLoader (no object construction at all) and build plain Python
values ourselves: `YMap` (a dict) and `YList` (a list) carry the position of each key and item, so
any later check can say `file:line:col`. Duplicate keys, unsafe or unknown tags, alias bombs, aliases
inside their own anchor, nesting deeper than MAX_DEPTH, non-UTF-8 bytes, oversized files, files of more
than MAX_NODES values (counted on the parser's events, before any node is built) and pipes or devices
(refused before they are read) are reported as problems, never as tracebacks or hangs.
"""
from __future__ import annotations

import os
import re
import stat
from contextlib import contextmanager
from contextvars import ContextVar
from pathlib import Path

import yaml

from pnp.core.paths import special_file  # noqa: F401  (readers of content files ask it here too)
from pnp.core.errors import Pos, Problem, Problems, display_path

MAX_FILE_BYTES = 32_000_000  # a 10,000-card deck is ~2 MB; far larger is a mistake (or an attack)
MAX_SCALAR = 100_000         # characters in one value: no card text is that long
MAX_NODES = 200_000          # values in one file, and the alias expansion budget ("billion laughs")
MAX_DEPTH = 100              # maps and lists inside each other: a card needs a handful

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


_STR, _INT, _DIGITS = "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", tuple("123456789")
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

    def build(self, node, depth=0, path=()):
        if node.__class__ is yaml.ScalarNode and depth <= MAX_DEPTH:   # most values: the checks of _build, inline
            self.nodes += 1
            if self.nodes <= MAX_NODES and len(node.value) <= MAX_SCALAR:
                if node.tag == _STR:
                    return node.value
                if node.tag == _INT and node.value[:1] in _DIGITS and node.value.isdigit() and node.value.isascii():
                    return int(node.value)   # a plain decimal (what SafeConstructor makes of it)
            self.nodes -= 1
        return self._build(node, depth, path)

    def _build(self, node, depth, path):
        if depth > MAX_DEPTH:
            raise Problems([Problem(_mark(self.file, node.start_mark),
                                    f"values nested more than {MAX_DEPTH} levels deep",
                                    "flatten the structure (cards need only a few levels)")])
        if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)):
            if any(node is p for p in path):
                raise Problems([Problem(_mark(self.file, node.start_mark), "an alias (*name) refers to the list or "
                                        "map that contains it, so the value would never end",
                                        "refer only to anchors (&name) outside the value")])
            path = (*path, node)
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise Problems([Problem(_mark(self.file, node.start_mark),
                                    f"the document expands to more than {MAX_NODES} values through its aliases (alias bomb?)",
                                    "remove the repeated aliases (*name)")])
        if node.tag not in _SAFE_TAGS:
            raise Problems([Problem(_mark(self.file, node.start_mark),
                                    f"the tag `{node.tag}` is not allowed",
                                    "use plain YAML values (strings, numbers, lists, maps) without tags")])
        if isinstance(node, yaml.MappingNode):
            return self._map(node, depth, path)
        if isinstance(node, yaml.SequenceNode):
            out = YList()
            out.pos = _mark(self.file, node.start_mark)
            out.item_pos = []
            for item in node.value:
                out.append(self.build(item, depth + 1, path))
                out.item_pos.append(_mark(self.file, item.start_mark))
            return out
        if isinstance(node.value, str) and len(node.value) > MAX_SCALAR:
            raise Problems([Problem(_mark(self.file, node.start_mark),
                                    f"a value of {len(node.value):,} characters (more than {MAX_SCALAR:,})",
                                    "shorten it: card text this long cannot fit on a card")])
        return self._scalars.construct_object(node)

    def _map(self, node, depth, path):
        out = YMap()
        out.pos = _mark(self.file, node.start_mark)
        out.key_pos, out.val_pos = {}, {}
        problems = []
        for knode, vnode in node.value:
            if knode.tag == "tag:yaml.org,2002:merge":
                merged = self.build(vnode, depth + 1, path)
                for src in merged if isinstance(merged, list) else [merged]:
                    if not isinstance(src, YMap):
                        problems.append(Problem(_mark(self.file, vnode.start_mark), "`<<:` merges maps only, "
                                                f"and this is a {_kind(src)}", "write `<<: *name` where &name is a map"))
                    else:
                        for k, v in src.items():
                            if k not in out:
                                out[k] = v
                                out.key_pos[k] = src.key_at(k)
                                out.val_pos[k] = src.at(k)
                continue
            key = self.build(knode, depth + 1, path)
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
            out[key] = self.build(vnode, depth + 1, path)
            out.key_pos[key] = kpos
            out.val_pos[key] = _mark(self.file, vnode.start_mark)
        if problems:
            raise Problems(problems)
        return out


def _count_values(text: str, file: str) -> None:
    n = 0
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, (yaml.ScalarEvent, yaml.AliasEvent, yaml.CollectionStartEvent)):
            n += 1
            if n > MAX_NODES:
                raise Problems([Problem(_mark(file, event.start_mark), f"the file holds more than {MAX_NODES:,} "
                                        "values, the most one file may hold", "split it into several files")])


_NO_SPACE = re.compile(r"^\s*(?:- )?([A-Za-z_][\w.-]*):(?![\s/])(\S.*)$")
_STAR = re.compile(r"^\s*(?:- )?[\w.-]+:\s+(\*\S.*)$")
_COLON_IN_VALUE = re.compile(r"^\s*(?:- )?([\w.-]+):\s+([^\s\"'{\[|>][^#]*?:\s.*)$")


def yaml_hint(text: str, line: int) -> str:
    """A fix for the mistakes designers make most, read from the line of a YAML error (and the one
    before it, where the parser often only notices on the next line); "" when none applies."""
    lines = text.splitlines()
    for n in (line, line - 1):
        if not 0 <= n < len(lines):
            continue
        src = lines[n]
        if "\t" in src[: len(src) - len(src.lstrip())]:
            return f"line {n + 1} is indented with a tab: indent with spaces"
        m = _STAR.match(src)
        if m:
            return (f"a value starting with `*` is read as a YAML alias: quote it — "
                    f"`{src.split(':', 1)[0].strip()}: \"{m.group(1)}\"`")
        m = _COLON_IN_VALUE.match(src)
        if m:
            return f"the value of `{m.group(1)}` contains `: `: quote it — `{m.group(1)}: \"{m.group(2).strip()}\"`"
        m = _NO_SPACE.match(src)
        if m and "://" not in src:
            return f"put a space after the colon on line {n + 1}: `{m.group(1)}: {m.group(2)}`"
    return ""


# Parsed files by (shown name, text): a layout or icons file read by several games, checks and workers
# is parsed once per process; every caller gets its own copy. Bounded: small files, LRU over the total.
PARSED_MAX_FILE = 256_000     # characters of one file kept (a large deck file is read once anyway)
PARSED_MAX_TOTAL = 8_000_000  # characters kept in all
_parsed: dict = {}


def load_text(text: str, file: str):
    """Parse YAML text; returns YMap/YList/scalars (a fresh value each call). Raises Problems."""
    if len(text) > PARSED_MAX_FILE:
        return _parse(text, file)
    key = (file, text)
    value = _parsed.pop(key, _parsed)
    if value is _parsed:
        value = _parse(text, file)
        while _parsed and sum(len(t) for _f, t in _parsed) + len(text) > PARSED_MAX_TOTAL:
            del _parsed[next(iter(_parsed))]
    _parsed[key] = value   # most recently used last
    return _copy(value, {})


def _copy(value, seen: dict):
    """A copy of a parsed value as a new parse builds it (positions kept; shared parts stay shared)."""
    if not isinstance(value, (YMap, YList)):
        return value            # scalars are immutable
    done = seen.get(id(value))
    if done is not None:
        return done
    if isinstance(value, YMap):
        out = YMap()
        seen[id(value)] = out
        for k, v in value.items():
            out[k] = _copy(v, seen)
        out.key_pos, out.val_pos = dict(value.key_pos), dict(value.val_pos)
    else:
        out = YList()
        seen[id(value)] = out
        out.extend(_copy(v, seen) for v in value)
        out.item_pos = list(value.item_pos)
    out.pos = value.pos
    return out


def _parse(text: str, file: str):
    try:
        if len(text) > MAX_NODES:  # count values before composing them (a 30 MB file of small values
            _count_values(text, file)  # would take a minute and gigabytes before being refused)
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        pos = _mark(file, mark) if mark else Pos(file)
        what = (e.problem or e.context or "invalid YAML").strip()
        todo = "fix the YAML syntax here"
        if "\t" in text and "tab" in what.lower() or "found character '\\t'" in str(e):
            todo = "indent with spaces, not tabs"
        else:
            todo = yaml_hint(text, mark.line if mark else -1) or todo
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


def not_regular(path: Path, what: str) -> Problem:
    return Problem(Pos(display_path(path)), f"{what} is {special_file(path) or 'missing'}, not a regular file",
                   "replace it with an ordinary file")


def read_bytes(path: Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """A user file's bytes: never blocks (a pipe or device is refused before reading) and refuses
    files over limit before reading them. Raises Problems."""
    drafts = _OVERLAY.get()
    if drafts and str(Path(path).resolve()) in drafts:   # an unsaved edit of a spreadsheet (`pnp studio`)
        got = drafts[str(Path(path).resolve())]
        return got if isinstance(got, bytes) else got.encode("utf-8")
    if special_file(path):  # a socket cannot even be opened; a pipe is refused before anyone writes to it
        raise Problems([not_regular(path, "the file")])
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise Problems([not_regular(path, "the file")])
            if st.st_size > limit:
                raise Problems([Problem(Pos(display_path(path)), f"the file is {st.st_size / 1e6:.1f} MB, larger than the "
                                        f"{limit / 1e6:.0f} MB allowed", "split it or remove the oversized text")])
            with os.fdopen(os.dup(fd), "rb") as f:
                return f.read(limit + 1)
        finally:
            os.close(fd)
    except OSError as e:
        raise Problems([Problem(Pos(display_path(path)), f"cannot read the file: {e.strerror}", "check that it exists and is readable")]) from None


_OVERLAY: ContextVar = ContextVar("pnp_yaml_overlay", default=None)


@contextmanager
def overlay(texts: dict):
    """Within the block, `read_text` and `read_bytes` of these files (resolved path → text, or bytes
    for a spreadsheet) return the given content instead of the file's: `pnp studio` loads a game with
    an unsaved edit without writing it."""
    token = _OVERLAY.set({str(Path(p).resolve()): t for p, t in texts.items()})
    try:
        yield
    finally:
        _OVERLAY.reset(token)


def read_text(path: Path) -> str:
    """Read a user text file as UTF-8 with clear problems for size and encoding."""
    drafts = _OVERLAY.get()
    if drafts and str(Path(path).resolve()) in drafts:
        got = drafts[str(Path(path).resolve())]
        return got.decode("utf-8-sig") if isinstance(got, bytes) else got
    data = read_bytes(path)
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]  # a UTF-8 byte-order mark is harmless: accept it
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        before = data[: e.start]
        line = before.count(b"\n") + 1
        col = e.start - (before.rfind(b"\n") + 1) + 1
        raise Problems([Problem(Pos(display_path(path), line, col), f"byte 0x{data[e.start]:02x} is not valid UTF-8",
                                "save the file as UTF-8")]) from None


def load_file(path: Path, expect=dict):
    """Load a YAML file that must hold a mapping (or a list when expect=list)."""
    shown = display_path(path)
    value = load_text(read_text(path), shown)
    if value is None:
        raise Problems([Problem(Pos(shown), "the file is empty",
                                "write the expected content (`pnp docs` writes the reference) or delete the file")])
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
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return "number"
    return type(v).__name__
