"""Fuzzing: mutate the shipped content (delete, duplicate, retype, rename keys, change values) and
check that the loader and the rules engine either accept it or report problems/findings — they never
raise anything else.

A game's rules module that meets data of a shape it does not expect is stopped by the core and
reported as a problem (never a traceback); PNP_FUZZ_STRICT=1 counts that as a failure too, to harden
the rules modules themselves. The normal suite runs a bounded number of examples (PNP_FUZZ_EXAMPLES,
default 150, a few seconds); `make fuzz` (bench/fuzz.py) runs many more and lists every distinct
place that failed.
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import ROOT
from pnp import rules
from pnp.content.loader import find_games, load_game
from pnp.core.errors import Problems

EXAMPLES = int(os.environ.get("PNP_FUZZ_EXAMPLES", "150"))
STRICT = os.environ.get("PNP_FUZZ_STRICT") == "1"
GAMES = find_games(ROOT / "content")
FILES = [(g, p.name) for g in GAMES for p in sorted((ROOT / "content" / g).glob("*.yaml"))]
TEXTS = {(g, f): (ROOT / "content" / g / f).read_text("utf-8") for g, f in FILES}
DOCS = {k: yaml.safe_load(v) for k, v in TEXTS.items()}

ODD = ["", " ", "0", "-1", "1e309", "{{ card.id }}", "{% for %}", "../../etc/passwd", "/etc/passwd", "zh-TW", "en",
       "#ffffff", "#zzz", "deck", "board", "tokens", "sheet", "63x88", "poker", "?", "null", "✓", "犯", "\t", "a" * 300]
SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-10**9, 10**9), st.floats(allow_nan=True, allow_infinity=True),
                    st.text(max_size=12), st.sampled_from(ODD))
VALUES = st.one_of(SCALARS, st.lists(SCALARS, max_size=3), st.dictionaries(st.text(max_size=6), SCALARS, max_size=3))


def _paths(node, prefix=()):
    """Every path (tuple of keys and indexes) into a document, the root excluded."""
    if isinstance(node, dict):
        items = list(node.items())
    elif isinstance(node, list):
        items = list(enumerate(node))
    else:
        return
    for k, v in items:
        yield prefix + (k,)
        yield from _paths(v, prefix + (k,))


def _scalars(node):
    if isinstance(node, dict):
        for k, v in node.items():
            yield k
            yield from _scalars(v)
    elif isinstance(node, list):
        for v in node:
            yield from _scalars(v)
    else:
        yield node


def _parent(doc, path):
    for k in path[:-1]:
        doc = doc[k]
    return doc


@st.composite
def mutated(draw):
    """(game, file, text): one content file of a shipped game with 1 to 4 mutations."""
    game, name = draw(st.sampled_from(FILES))
    doc = yaml.safe_load(TEXTS[(game, name)])
    same = list(dict.fromkeys(s for s in _scalars(DOCS[(game, name)]) if isinstance(s, (str, int, float, bool))))
    text = None
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["delete", "duplicate", "retype", "rename", "change", "swap", "duplicate-line"]))
        paths = list(_paths(doc))
        if op == "duplicate-line" or not paths:  # a duplicate key or list item, in the text itself
            lines = yaml.safe_dump(doc, allow_unicode=True, sort_keys=False).splitlines(keepends=True)
            i = draw(st.integers(0, max(0, len(lines) - 1)))
            text = "".join(lines[: i + 1] + lines[i:])
            break
        path = draw(st.sampled_from(paths))
        parent, key = _parent(doc, path), path[-1]
        if op == "delete":
            del parent[key]
        elif op == "duplicate":
            if isinstance(parent, list):
                parent.insert(key, parent[key])
            else:
                parent[f"{key}_"] = parent[key]
        elif op == "retype":
            parent[key] = draw(VALUES)
        elif op == "rename" and isinstance(parent, dict):
            new = draw(st.one_of(st.text(min_size=1, max_size=10), st.just(str(key)[:-1] or "x"),
                                 st.sampled_from([str(s) for s in same if isinstance(s, str)] or ["x"])))
            parent[new] = parent.pop(key)
        elif op == "change":
            parent[key] = draw(SCALARS)
        elif op == "swap" and same:  # a value taken from elsewhere in the file: plausible, often still valid
            parent[key] = draw(st.sampled_from(same))
    if text is None:
        text = yaml.safe_dump(doc, allow_unicode=True, sort_keys=False)
    return game, name, text


def check_never_raises(project: Path, game: str, name: str, text: str):
    folder = project / "content" / game
    path = folder / name
    path.write_text(text, "utf-8")
    try:
        try:
            g = load_game(folder)
            findings, ran = rules.run(g)
        except Problems as e:
            assert e.problems, "Problems without a problem"
            for p in e.problems:
                assert p.pos.file and p.what, p
            if STRICT and e.__cause__ is not None:  # the core stopped a crashing rules module
                raise e.__cause__
            return
        assert ran
        for f in findings:
            assert str(f)
    finally:
        path.write_text(TEXTS[(game, name)], "utf-8")


def test_shipped_content_is_accepted(tmp_path):
    for g in GAMES:
        load_game(ROOT / "content" / g)


def test_mutated_content_never_raises(tmp_path_factory):
    project = tmp_path_factory.mktemp("fuzz")
    for g in GAMES:
        shutil.copytree(ROOT / "content" / g, project / "content" / g)

    @settings(max_examples=EXAMPLES, deadline=None, database=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(mutated())
    def run(case):
        check_never_raises(project, *case)

    run()
