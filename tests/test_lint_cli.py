"""The print lint on the command line: `pnp check` prints it with the other findings, `--json` carries it,
`--strict` makes its warnings errors (exit 1), and `pnp build --strict` writes nothing."""
from __future__ import annotations

import json

from conftest import run_pnp
from tests.lintkit import project

SMALL = {"type": "text", "x": 5, "y": 5, "w": 30, "h": 10, "text": "tiny", "size": 5}


def _proj(tmp_path):
    return project(tmp_path, {"bg": {"type": "rect", "x": -3, "y": -3, "w": 46, "h": 46, "fill": "#ffffff"},
                              "t": SMALL}).root


def test_check_prints_lint_warnings_and_exits_0(tmp_path):
    r = run_pnp("--project", _proj(tmp_path), "check", "g")
    assert r.returncode == 0, r.stderr
    assert "face.yaml:7:3: warning: text of element `t`" in r.stdout and "5 pt after fitting" in r.stdout


def test_check_json_carries_lint_findings(tmp_path):
    r = run_pnp("--project", _proj(tmp_path), "check", "g", "--json")
    found = json.loads(r.stdout)["g"]["findings"]
    assert [f["check"] for f in found] == ["lint:min-text-size"] and found[0]["severity"] == "warning"
    assert found[0]["card"] == "one" and found[0]["line"] == 7


def test_strict_turns_warnings_into_errors(tmp_path):
    root = _proj(tmp_path)
    r = run_pnp("--project", root, "check", "g", "--strict")
    assert r.returncode == 1 and "error: text of element `t`" in r.stdout
    out = tmp_path / "out"
    r = run_pnp("--project", root, "build", "g", "--lang", "en", "--strict", "--out", out)
    assert r.returncode == 1 and "nothing was written" in r.stderr
    assert not list(out.glob("g/*.pdf"))
    r = run_pnp("--project", root, "build", "g", "--lang", "en", "--out", out)
    assert r.returncode == 0 and "warning: text of element `t`" in r.stderr and list(out.glob("g/*.pdf"))


def test_a_gap_that_is_not_a_number_is_bad_input(tmp_path):
    root = project(tmp_path, {"t": SMALL}, options="{gap_mm: wide}").root
    r = run_pnp("--project", root, "build", "g", "--lang", "en", "--out", tmp_path / "out")
    assert r.returncode == 2 and "gap_mm: wide" in r.stderr and "Traceback" not in r.stderr
