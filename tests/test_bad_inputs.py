"""Every broken input gets exit 2 (or 1 for rule errors), a `file:line:col:` message saying what is
wrong and what to do, no traceback, and nothing written or changed in the output folder."""
import re
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from conftest import copy_project
from pnp.cli import main

CASES = yaml.safe_load((Path(__file__).parent / "bad" / "cases.yaml").read_text("utf-8"))
GAME = "criminal-poker"


def _apply(root: Path, edit: dict):
    path = root / edit["file"]
    if "find" in edit:
        text = path.read_text("utf-8")
        assert edit["find"] in text, f"case is stale: {edit['find']!r} not in {edit['file']}"
        path.write_text(text.replace(edit["find"], edit["replace"], 1), "utf-8")
    elif "write" in edit:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(edit["write"], "utf-8")
    elif "write_hex" in edit:
        path.write_bytes(bytes.fromhex(edit["write_hex"]))
    elif "symlink" in edit:
        path.unlink(missing_ok=True)
        path.symlink_to(edit["symlink"])
    elif edit.get("delete"):
        path.unlink()


@pytest.fixture(scope="module")
def good_project(tmp_path_factory):
    return copy_project(tmp_path_factory.mktemp("good"))


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_bad_input(case, tmp_path, good_project, monkeypatch):
    import shutil
    root = tmp_path / "proj"
    shutil.copytree(good_project, root, symlinks=True)
    for edit in case.get("edit", []):
        _apply(root, edit)
    out = root / "output"
    old = out / GAME / f"{GAME}.zh-TW.a4.pdf"
    old.parent.mkdir(parents=True)
    old.write_bytes(b"%PDF previous build")
    before = sorted(p.name for p in out.rglob("*"))
    monkeypatch.chdir(root)
    args = case.get("args_only") or ["build", GAME, *case.get("args", [])]
    result = CliRunner().invoke(main, ["--project", str(root), *args, "--out", str(out)] if args[0] == "build"
                                else ["--project", str(root), *args], catch_exceptions=True)
    output = result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        f"crashed: {result.exception!r}\n{output}"
    assert "Traceback" not in output
    assert result.exit_code == case["exit"], output
    assert re.search(case["expect"], output), f"expected /{case['expect']}/ in:\n{output}"
    for line in output.strip().splitlines():
        if ": " in line and not line.startswith(GAME) and not line[0].isdigit():
            assert re.match(r"^[^:\s]+:\d+:\d+: ", line) or line.startswith("--"), f"no file:line:col: {line}"
    assert sorted(p.name for p in out.rglob("*")) == before
    assert old.read_bytes() == b"%PDF previous build"
