"""Clue's rules booklet: it builds in both languages, lists every component with the manifest's count,
and gives the deal for every player count, the first player and the accusation limit from data."""
from __future__ import annotations

import json
import re

import pytest

from conftest import ROOT, run_pnp
from pdfutil import page_text

HANDS = {3: "6 / 6 / 6", 4: "5 / 5 / 4 / 4", 5: "4 / 4 / 4 / 3 / 3", 6: "3 / 3 / 3 / 3 / 3 / 3"}


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    d = tmp_path_factory.mktemp("clue-booklet")
    for args in (("--no-cover",), ("--only", "rules")):
        r = run_pnp("build", "clue", "--lang", "all", "--booklet", "none", *args, "--out", d / args[-1], cwd=ROOT)
        assert r.returncode == 0, r.stderr
    return d


def _text(out, lang):
    return re.sub(r"\s+", " ", " ".join(page_text(out / "rules" / "clue" / f"clue.{lang}.a4.rules.pdf")))


@pytest.mark.parametrize("lang, first, once", [("en", "The player of Miss Scarlet goes first", "may accuse only once in a game"),
                                                ("zh-TW", "由扮演紅小姐的玩家擔任起始玩家", "每局只能指控 1 次")])
def test_the_booklet_lists_every_component_and_the_setup_of_every_player_count(out, lang, first, once):
    manifest = json.loads((out / "--no-cover" / "clue" / "manifest.json").read_text("utf-8"))
    pdf = next(p for p in manifest["pdfs"] if p["language"] == lang)
    comps = [c for c in pdf["components"] if c["kind"] != "booklet"]
    assert {c["name"] for c in comps} >= {"cards", "notes", "envelope", "pawns", "weapons", "die", "dice", "board"}
    text = _text(out, lang)
    for c in comps:
        assert f"{c['title']} ×{c['items']}" in text, (c["title"], c["items"])   # as the cover writes counts
    # the deal table lies on its side (a row of player counts over a row of hands), so it is never split
    assert re.search(r"\b" + " ".join(map(str, HANDS)) + r"\b", text), text
    assert " ".join(HANDS.values()) in text, text
    assert first in text.replace(" ", "") if lang == "zh-TW" else first in text
    assert once.replace(" ", "") in text.replace(" ", "")
