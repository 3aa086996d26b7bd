"""A build killed at any moment (SIGKILL, mid-render) leaves the previous PDF and manifest intact
and no partial or temporary file in the output folder: outputs are written to an unnamed file
(O_TMPFILE) that gets its name only when complete."""
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))
import synth  # noqa: E402  (the benchmark's synthetic deck: ordinary pnp content of any size)

N_CARDS = 3000   # several seconds of rendering, so the kill lands mid-build


def _open_outputs(pid: int, folder: Path) -> list[str]:
    """The files the process has open inside folder (an O_TMPFILE shows as `folder/#inode (deleted)`)."""
    found = []
    try:
        for fd in os.listdir(f"/proc/{pid}/fd"):
            try:
                target = os.readlink(f"/proc/{pid}/fd/{fd}")
            except OSError:
                continue
            if target.startswith(str(folder) + "/"):
                found.append(target)
    except OSError:
        pass
    return found


def _processes_of(project: Path) -> list[int]:
    """Processes running pnp on `project` (forked workers have their parent's command line)."""
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if str(project).encode() in f.read():
                    found.append(int(pid))
        except OSError:
            continue
    return found


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    return synth.write_game(tmp_path_factory.mktemp("crash"), N_CARDS)


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs /proc to see the build's open files")
@pytest.mark.parametrize("after", [0.0, 0.4, 1.2])
def test_sigkill_mid_render_leaves_the_previous_build(project, tmp_path, after):
    out = tmp_path / "out"
    folder = out / "synth"
    folder.mkdir(parents=True)
    pdf, manifest = folder / "synth.zh-TW.a4.pdf", folder / "manifest.json"
    pdf.write_bytes(b"%PDF-1.4 the previous build\n")
    manifest.write_text('{"game": "synth"}\n')
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "--project", str(project), "build", "synth", "--out", str(out)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    try:
        writing, deadline = [], time.monotonic() + 120
        while not writing and proc.poll() is None and time.monotonic() < deadline:
            writing = _open_outputs(proc.pid, folder)
            assert sorted(p.name for p in folder.iterdir()) == sorted(before), "a named partial file appeared"
            time.sleep(0.01)
        assert writing, f"the build never opened its output: {proc.stderr.read().decode()[-2000:]}"
        if hasattr(os, "O_TMPFILE"):
            assert all(t.endswith("(deleted)") for t in writing), f"not an unnamed temporary file: {writing}"
        time.sleep(after)
        assert proc.poll() is None, "the build ended before the kill: make N_CARDS larger"
        proc.send_signal(signal.SIGKILL)
        proc.wait(30)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        proc.stderr.close()
    assert proc.returncode == -signal.SIGKILL
    deadline = time.monotonic() + 10   # its worker processes end with it (they would wait for ever)
    while _processes_of(project) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _processes_of(project), "the build's worker processes outlived it"
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before
    assert [p.name for p in out.iterdir()] == ["synth"]


def test_a_completed_build_replaces_the_previous_one(project, tmp_path):
    small = synth.write_game(tmp_path / "small", 12)
    out = tmp_path / "out"
    (out / "synth").mkdir(parents=True)
    (out / "synth" / "synth.zh-TW.a4.pdf").write_bytes(b"%PDF-1.4 the previous build\n")
    r = subprocess.run([sys.executable, "-m", "pnp", "--project", str(small), "build", "synth", "--out", str(out)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert (out / "synth" / "synth.zh-TW.a4.pdf").read_bytes().startswith(b"%PDF-1.")
    assert sorted(p.name for p in (out / "synth").iterdir()) == ["manifest.json", "synth.zh-TW.a4.pdf"]
