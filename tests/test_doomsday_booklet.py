"""Doomsday Files: the PDF is the whole game. The rules booklet builds in both languages, lists every
component with the manifest's count, gives the setup of every player count from the rules' own table,
and the player aid prints that setup too."""
import json
import re

import pypdf
import pytest

from conftest import ROOT, run_pnp
from pnp.games.doomsday_files.logic import PLAYERS, setup_table

GAME = "doomsday-files"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("doom-book")
    r = run_pnp("build", GAME, "--lang", "all", "--out", out)
    assert r.returncode == 0, r.stdout + r.stderr
    manifest = json.loads((out / GAME / "manifest.json").read_text("utf-8"))
    return out, manifest


def _flat(s):
    return re.sub(r"\s+", "", s)


def _pdf(out, manifest, lang):
    entry = next(p for p in manifest["pdfs"] if p["language"] == lang)
    path = out / GAME / (entry["path"].split("/")[-1])
    return entry, pypdf.PdfReader(path)


@pytest.mark.parametrize("lang", ["zh-TW", "en"])
def test_booklet_lists_every_component_with_the_manifest_count(built, lang):
    out, manifest = built
    entry, pdf = _pdf(out, manifest, lang)
    comps = {c["name"]: c for c in entry["components"]}
    book = comps["rules"]
    assert book["kind"] == "booklet" and book["pages"] % 4 == 0
    text = _flat(" ".join(p.extract_text() or "" for p in pdf.pages))
    for name, c in comps.items():
        if name == "rules":
            continue
        assert _flat(f"{c['title']} × {c['items']}") in text, (name, c["title"], c["items"])


@pytest.mark.parametrize("lang, row", [("zh-TW", "{n}{g}{h}{o}"), ("en", "{n}{g}{h}{o}")])
def test_booklet_and_aid_give_the_setup_of_every_player_count(built, lang, row):
    out, manifest = built
    _entry, pdf = _pdf(out, manifest, lang)
    pages = [_flat(p.extract_text() or "") for p in pdf.pages]
    text = "".join(pages)
    table = setup_table()
    assert set(table) == set(PLAYERS)
    for n, s in table.items():
        cells = row.format(n=n, g=s["guardians"], h=s["heretics"], o=s["others"])
        assert cells in text, (lang, n, cells)                       # the booklet's table row
        aid = (f"{n}人：守護者{s['guardians']}‧異教徒{s['heretics']}‧其他{s['others']}" if lang == "zh-TW" else
               f"{n}players:guardians{s['guardians']}·heretic{s['heretics']}·others{s['others']}")
        assert any(aid in p.replace("†", "") for p in pages), (lang, aid)   # the player aid (6 players marked †)


def test_booklets_say_the_same_things():
    """Same sections, same pictures, same number of list items and table rows in both languages."""
    def shape(lang):
        src = (ROOT / "content" / GAME / f"rules.{lang}.md").read_text("utf-8")
        return (len(re.findall(r"^# ", src, re.M)), len(re.findall(r"^## ", src, re.M)),
                re.findall(r"piece:[a-z/0-9-]+", src), len(re.findall(r"^- ", src, re.M)),
                len(re.findall(r"^\d+\. ", src, re.M)), len(re.findall(r"^\|", src, re.M)),
                sorted(re.findall(r"data\.[a-z_]+", src)))
    assert shape("zh-TW") == shape("en")
