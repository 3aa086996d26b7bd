"""docs/reference.md is generated from the schemas (`pnp docs`): the committed file must be exactly what
they give today, and a parameter added to an element type shows up in it by itself."""
from __future__ import annotations

from conftest import ROOT, run_pnp
from pnp.commands import docs
from pnp.layout.elements import TYPES


def test_committed_reference_matches_the_schemas():
    committed = (ROOT / "docs" / "reference.md").read_text("utf-8")
    assert committed == docs.generate(), "docs/reference.md is out of date: run `pnp docs` and commit it"


def test_every_element_type_and_parameter_is_in_the_reference():
    text = docs.generate()
    for name, (params, _fn) in TYPES.items():
        assert f"### `{name}`" in text
        section = text.split(f"### `{name}`", 1)[1].split("\n### ", 1)[0]
        for p in params:
            assert f"| `{p}` |" in section or f"| `{p}` |" in text.split("## Element types", 1)[1].split("### ", 1)[0], (name, p)


def test_a_new_parameter_appears_without_touching_the_generator(monkeypatch):
    params, fn = TYPES["rect"]
    monkeypatch.setitem(TYPES, "rect", (dict(params, glow=("num", 0.0)), fn))
    section = docs.generate().split("### `rect`", 1)[1].split("\n### ", 1)[0]
    assert "| `glow` | number | 0 |" in section


def test_pnp_docs_writes_the_reference(tmp_path):
    r = run_pnp("docs", "--out", tmp_path / "ref.md")
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "ref.md").read_text("utf-8") == docs.generate()
