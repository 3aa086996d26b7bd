"""`pnp check` reports every problem at once, in every language: a missing picture on a card no longer
hides a template error in the English booklet (nor 40 'does not print the rule' errors stand in for it)."""
from __future__ import annotations

from conftest import copy_project, run_pnp


def _break(proj):
    back = proj / "layouts/criminal-poker/evidence-back.yaml"
    text = back.read_text("utf-8")
    assert "  background: {fill: ink}\n" in text
    back.write_text(text.replace("  background: {fill: ink}\n", "  background: {fill: ink}\n"
                                 "  pic: {type: image, src: missing.png, x: 1, y: 1, w: 5, h: 5}\n", 1), "utf-8")
    book = proj / "content/criminal-poker/rules.en.md"
    text = book.read_text("utf-8")
    i = text.index("{{ rule(")
    book.write_text(text[:i] + "{{ nosuch( + " + text[i + 3:], "utf-8")
    return text[:i].count("\n") + 1


def test_a_missing_picture_and_an_english_booklet_error_are_reported_together(tmp_path):
    proj = copy_project(tmp_path)
    line = _break(proj)
    r = run_pnp("check", "criminal-poker", cwd=proj)
    out = r.stdout + r.stderr
    assert r.returncode == 2, out
    assert f"rules.en.md:{line}:" in out and "template syntax error" in out, out
    assert "missing.png" in out
    assert "does not print the rule" not in out          # a booklet that does not parse is judged by nothing


def test_check_of_one_language_checks_only_it(tmp_path):
    proj = copy_project(tmp_path)
    _break(proj)
    r = run_pnp("check", "criminal-poker", "--lang", "zh-TW", cwd=proj)
    assert "rules.en.md" not in r.stdout + r.stderr and "missing.png" in r.stdout + r.stderr
