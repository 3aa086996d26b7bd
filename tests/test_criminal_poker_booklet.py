"""Criminal Poker's rules booklet: it builds in both languages, lists every component with the count
the manifest gives, and says how to set up every number of suspects in both modes."""
import json
import re

import pytest
from pypdf import PdfReader

from conftest import run_pnp
from pnp.games.criminal_poker import logic as cp

GAME = "criminal-poker"
WORDS = {"zh-TW": {"sheriff": "警長", "detective": "偵探", "citizen": "市民", "vote": "重新討論再投票"},
         "en": {"sheriff": "sheriff", "detective": "detective", "citizen": "citizens", "vote": "vote again"}}


@pytest.fixture(scope="module")
def booklet(tmp_path_factory):
    out = tmp_path_factory.mktemp("cp-booklet")
    r = run_pnp("build", GAME, "--lang", "all", "--only", "rules", "--booklet", "none", "--no-cover", "--out", out)
    assert r.returncode == 0, r.stderr
    r = run_pnp("build", GAME, "--lang", "en", "--no-cover", "--out", out / "all")
    assert r.returncode == 0, r.stderr
    manifest = json.loads((out / "all" / GAME / "manifest.json").read_text("utf-8"))
    texts = {}
    for lang in ("zh-TW", "en"):
        pdf = out / GAME / f"{GAME}.{lang}.a4.rules.pdf"
        texts[lang] = "\n".join(p.extract_text() for p in PdfReader(str(pdf)).pages)
    return texts, manifest


def _flat(s: str) -> str:
    return re.sub(r"\s+", "", s)


@pytest.mark.parametrize("lang", ["zh-TW", "en"])
def test_components_list_matches_the_manifest(booklet, lang):
    texts, manifest = booklet
    from pnp.content.loader import load_game
    from conftest import ROOT
    game = load_game(ROOT / "content" / GAME)
    pdf = next(p for p in manifest["pdfs"] if p["language"] == "en")
    counts = {c["name"]: c["items"] for c in pdf["components"] if c["kind"] != "booklet"}
    assert set(counts) == {"evidence", "identities", "help", "setup"}
    for cid, n in counts.items():
        title = game.components[cid].title[lang]
        assert _flat(f"{title} × {n}") in _flat(texts[lang]), (lang, title, n)


@pytest.mark.parametrize("lang", ["zh-TW", "en"])
def test_setup_for_every_number_of_suspects_and_both_modes(booklet, lang):
    text = _flat(booklet[0][lang])
    w = WORDS[lang]
    for n in cp.SUSPECTS:
        s, d = cp.deal("sheriff", n), cp.deal("detective", n)
        row = (f"{n}{'人' if lang == 'zh-TW' else ''}{cp.physical_in_play(n)}{'張' if lang == 'zh-TW' else ''}")
        assert _flat(row) in text, (lang, n, row)
        if lang == "zh-TW":
            cells = [f"警長{s['sheriff']}、市民{s['citizen']}", f"偵探{d['detective']}、市民{d['citizen']}"]
        else:
            cells = [f"{s['sheriff']}sheriff,{s['citizen']}citizens", f"{d['detective']}detective,{d['citizen']}citizens"]
        for c in cells:
            assert c in text, (lang, n, c)
        limit = f"{n}人局最多{cp.special_max('detective', n)}個" if lang == "zh-TW" else \
            f"atmost{cp.special_max('detective', n)}with{n}suspects"
        assert limit in text, (lang, limit)
    assert _flat(w["vote"]) in text

