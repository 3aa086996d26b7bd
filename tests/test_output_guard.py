"""One output guard for every command that writes: an --out folder inside the project's content/ or
layouts/ is refused (exit 2, one sentence), and nothing is written there."""
from __future__ import annotations

import pytest

from conftest import copy_project, run_pnp

COMMANDS = [["build", "criminal-poker"], ["watch", "criminal-poker"], ["report", "criminal-poker"],
            ["export", "criminal-poker", "--to", "png", "--dpi", "36"], ["export", "criminal-poker", "--to", "tts"],
            ["export", "criminal-poker", "--to", "printshop"], ["preview", "criminal-poker", "ev-cctv"],
            ["calibrate"], ["icons"]]


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    return copy_project(tmp_path_factory.mktemp("guard"))


@pytest.mark.parametrize("cmd", COMMANDS, ids=lambda c: "-".join(c[:3:2]) if len(c) > 2 else c[0])
@pytest.mark.parametrize("into", ["content", "layouts/criminal-poker"])
def test_out_inside_the_sources_is_refused(project, cmd, into):
    before = sorted(p for p in (project / into.split("/")[0]).rglob("*"))
    r = run_pnp("--project", project, *cmd, "--out", project / into / "out", timeout=120)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert f"--out is inside {into.split('/')[0]}/, which pnp never writes to" in r.stderr
    assert "Traceback" not in r.stderr
    assert sorted(p for p in (project / into.split("/")[0]).rglob("*")) == before
