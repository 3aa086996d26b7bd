"""Lady Alice's rules booklet: it builds in both languages, lists every component with the manifest's
count, gives the setup and the accusation rule of every player count, and the bonuses — all as the
data and the rules module say."""
from __future__ import annotations

import json
import re

import pytest
from pypdf import PdfReader

from conftest import run_pnp
from pnp.games.lady_alice import checks as la

SETUP = {"en": (r"{n}\s*{drawn}\s*{hidden}\s*{extra}\s*{dealt}\s*{cap}", r"{n} students"),
         "zh-TW": (r"{n}\s*人\s*{drawn}\s*張\s*{hidden}\s*張\s*{extra}\s*張\s*{dealt}\s*張\s*{cap}\s*枚", r"{n} 人遊戲")}


@pytest.fixture(scope="module")
def booklet(tmp_path_factory):
    """({lang: the booklet's text}, {lang: {component title: pieces}} from a whole build's manifest)."""
    out = tmp_path_factory.mktemp("alice-book")
    r = run_pnp("build", "lady-alice", "--lang", "all", "--booklet", "none", "--out", out / "all")
    assert r.returncode == 0, r.stdout + r.stderr
    manifest = json.loads((out / "all" / "lady-alice" / "manifest.json").read_text("utf-8"))
    counts = {pdf["language"]: {c["title"]: c["items"] for c in pdf["components"] if c["kind"] != "booklet"}
              for pdf in manifest["pdfs"]}
    r = run_pnp("build", "lady-alice", "--lang", "all", "--only", "rules", "--booklet", "none", "--no-cover",
                "--out", out / "rules")
    assert r.returncode == 0, r.stdout + r.stderr
    texts = {}
    for lang in ("en", "zh-TW"):
        pdf = out / "rules" / "lady-alice" / f"lady-alice.{lang}.a4.rules.pdf"
        texts[lang] = " ".join(" ".join((p.extract_text() or "").split()) for p in PdfReader(str(pdf)).pages)
        texts[lang] = texts[lang].replace("’", "'")   # the print sets Holmes's apostrophe as ’ (pnp.text.atoms)
    return texts, counts


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_booklet_lists_every_component_with_the_manifests_count(booklet, lang):
    text, counts = booklet[0][lang].replace("’", "'"), booklet[1][lang]   # the engine curls "Holmes's"
    assert len(counts) == 10                     # the suspicion log is the tenth
    for title, pieces in counts.items():
        m = re.search(re.escape(title) + r"\s*×\s*(\d+)", text)
        assert m, f"{title} missing from the {lang} booklet"
        assert int(m.group(1)) == pieces, title


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_booklet_gives_the_setup_of_every_player_count(booklet, lang):
    text = booklet[0][lang]
    row, para = SETUP[lang]
    for n in la.PLAYERS:
        d = la.DEAL[n]
        pat = row.format(n=n, drawn=la.DRAWN, hidden=d["hidden"], extra=d["extra"], dealt=la.dealt(n),
                         cap=la.FIELD_CAPACITY[n])
        assert re.search(pat, text), f"{lang}: setup row for {n} players"
        assert len(re.findall(para.format(n=n), text)) >= 2, f"{lang}: {n}-player rules"


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_booklet_prints_the_bonuses(booklet, lang):
    text = booklet[0][lang]
    for v in la.SCORING.values():
        assert f"+{v}" in text
