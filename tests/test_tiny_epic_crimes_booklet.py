"""Tiny Epic Crimes rules booklet: it builds in both languages, lists every component with the
manifest's count, and gives the setup for every player count and mode, with numbers from data."""
from __future__ import annotations

import json
import re

import pytest
from pypdf import PdfReader

from tests.conftest import run_pnp

GAME = "tiny-epic-crimes"


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    d = tmp_path_factory.mktemp("tec-booklet")
    r = run_pnp("build", GAME, "--lang", "all", "--no-cover", "--out", d / "all")
    assert r.returncode == 0, r.stderr
    r = run_pnp("build", GAME, "--lang", "all", "--only", "rules", "--booklet", "none", "--no-cover", "--out", d / "rules")
    assert r.returncode == 0, r.stderr
    return d


def _text(out, lang):
    pdf = next((out / "rules" / GAME).glob(f"{GAME}.{lang}.a4*.pdf"))
    return re.sub(r"[ \t]+", " ", "\n".join(p.extract_text() for p in PdfReader(str(pdf)).pages))


def _manifest_counts(out, lang):
    m = json.loads((out / "all" / GAME / "manifest.json").read_text("utf-8"))
    pdf = next(p for p in m["pdfs"] if p.get("lang", lang) == lang) if isinstance(m["pdfs"], list) else m["pdfs"]
    return {c["name"]: c for c in pdf["components"] if c["kind"] != "booklet"}


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_components_list_matches_the_manifest(out, lang):
    from pnp.content.loader import load_game
    from tests.conftest import ROOT
    game = load_game(ROOT / "content" / GAME)
    text = _text(out, lang)
    comps = _manifest_counts(out, lang)
    assert set(comps) == {c for c, v in game.components.items() if v.kind != "booklet"}
    for cid, c in comps.items():
        title = game.text(game.components[cid].title, lang)
        title = title.split(" — ")[0].split("——")[0]   # the booklet lists the short title (the cover the whole)
        count = game.data["bullet_dice"] if cid == "dice" else c["items"]   # pieces (copies counted); one sheet, two dice
        assert re.search(re.escape(title) + r"\s*×\s*" + str(count) + r"\b", text), (title, count)


@pytest.mark.parametrize("lang,words", [
    ("en", {"solo": "solo", "multi": "standard or cooperative"}),
    ("zh-TW", {"solo": "單人", "multi": "標準或合作"}),
])
def test_setup_for_every_player_count(out, lang, words):
    text = _text(out, lang)
    keep = "keep" if lang == "en" else "留"
    for n, officers in ((1, 2), (2, 2), (3, 3), (4, 4)):
        mode = words["solo"] if n == 1 else words["multi"]
        row = rf"\b{n}\s+{mode}\s+{officers}\s+{officers * 2}\s*[（(]\s*{keep}\s+{officers}\s*[）)]\s+{officers}\b"
        assert re.search(row, text), (n, row)
    for phrase in ("48", "43", "38+"):        # the track, the red hours, the late events
        assert phrase in text


def test_both_languages_have_the_same_sections(out):
    m = json.loads((out / "all" / GAME / "manifest.json").read_text("utf-8"))
    sections = [[s["page"] for s in c["sections"]] for p in m["pdfs"] for c in p["components"] if c["kind"] == "booklet"]
    assert len(sections) == 2 and len(sections[0]) == len(sections[1]) >= 10
