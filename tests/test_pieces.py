"""`pieces:` — the cover and the booklet list a component's pieces per type, counted from its items, so
a crafter can check what they cut ("search tokens, success on the back ×4", not "Tokens (43)")."""
from __future__ import annotations

import re
from collections import Counter

import pypdfium2 as pdfium
import yaml

from conftest import ROOT, copy_project, run_pnp
from pnp.content.model import Item
from pnp.content.pieces import Pieces, counts
from pnp.core.errors import Pos


class _Comp:
    def __init__(self, items, pieces=None, title="Tokens"):
        self.items, self.pieces, self.title, self.id = items, pieces, title, "tokens"

    @property
    def total(self):
        return sum(i.copies for i in self.items)


def _item(i, copies=1, **data):
    return Item(id=i, data={"id": i, **data}, pos=Pos("t.yaml", 1), field_pos={}, copies=copies)


def _text(v, lang):
    return v.get(lang) if isinstance(v, dict) else v


def test_a_shorter_key_names_every_value_below_it_and_counts_add_copies():
    items = [_item("a", 4, kind="search", value="ok"), _item("b", 3, kind="search", value="fail"),
             _item("c", 5, kind="witness", value=""), _item("d", 1, kind="witness", value="x")]
    spec = Pieces(("kind", "value"), {"witness": {"en": "witness tokens"}, "search/ok": "search (success)",
                                      "search/fail": "search (fail)"}, Pos("g.yaml", 3))
    assert counts(_Comp(items, spec), "en", _text) == [("witness tokens", 6), ("search (success)", 4),
                                                       ("search (fail)", 3)]


def test_without_pieces_a_component_is_one_type_named_by_its_title():
    assert counts(_Comp([_item("a", 2), _item("b")]), "en", _text) == [("Tokens", 3)]


def test_the_cover_lists_the_evidence_per_type_with_counts_from_the_deck(tmp_path):
    r = run_pnp("build", "criminal-poker", "--lang", "en", "--out", tmp_path)
    assert r.returncode == 0, r.stderr
    cover = pdfium.PdfDocument(tmp_path / "criminal-poker" / "criminal-poker.en.a4.pdf")[0]
    text = cover.get_textpage().get_text_range()
    deck = yaml.safe_load((ROOT / "content/criminal-poker/evidence.yaml").read_text(encoding="utf-8"))
    want = Counter(c["type"] for c in deck["cards"] for _ in range(c.get("copies", 1)))
    names = yaml.safe_load((ROOT / "content/criminal-poker/game.yaml").read_text(encoding="utf-8"))["data"]["types"]
    for t, n in want.items():
        assert re.search(rf"{re.escape(names[t]['en'])} ×{n}\b", text), (t, n, text[:800])
    # and says to count pieces, not places: a fold sheet's empty slot read as a missing card (17th read)
    assert "empty places are not missing pieces" in " ".join(text.split()), text[-900:]
    r = run_pnp("build", "criminal-poker", "--lang", "zh-TW", "--out", tmp_path)
    assert r.returncode == 0, r.stderr
    zh = "".join(pdfium.PdfDocument(tmp_path / "criminal-poker" / "criminal-poker.zh-TW.a4.pdf")[0]
                 .get_textpage().get_text_range().split())
    assert "證據牌（18）" in zh and "紙上空著的位置並不是少印了配件" in zh, zh[:900]   # one label no longer hides another


def _edit(proj, old, new):
    p = proj / "content/criminal-poker/game.yaml"
    s = p.read_text(encoding="utf-8")
    assert s.count(old) == 1, old
    p.write_text(s.replace(old, new), encoding="utf-8")
    return s[:s.index(old)].count("\n") + 1


def test_a_field_that_does_not_exist_is_bad_input_at_its_line(tmp_path):
    proj = copy_project(tmp_path)
    line = _edit(proj, "pieces: {by: type, names: data.types}", "pieces: {by: tpye, names: data.types}")
    r = run_pnp("check", "criminal-poker", cwd=proj)
    assert r.returncode == 2, r.stdout + r.stderr
    assert re.search(rf"game\.yaml:{line}:\d+: `pieces` of component `evidence`: `tpye` is not a field .*did you mean `type`",
                     r.stdout + r.stderr), r.stdout + r.stderr


def test_a_type_without_a_name_is_a_warning_and_an_error_when_strict(tmp_path):
    proj = copy_project(tmp_path)
    _edit(proj, "pieces: {by: type, names: data.types}", "pieces: {by: type, names: {physical: Physical}}")
    r = run_pnp("check", "criminal-poker", cwd=proj)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "no name for the piece types `statement`, `witness`, `weapon`" in r.stdout + r.stderr
    assert run_pnp("check", "criminal-poker", "--strict", cwd=proj).returncode == 1
