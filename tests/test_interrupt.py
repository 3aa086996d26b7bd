"""Ctrl-C stops a build at once, even in the middle of a long template, with one line, no traceback,
exit 130 and the previous output intact (also when games build in worker processes)."""
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT, copy_project

LOOP = "{%% for i in range(10000) %%}{%% for j in range(10000) %%}{%% endfor %%}{%% endfor %%}%d"


def _cpu(pid: int) -> float:
    """CPU seconds of a process and of its children."""
    total = 0.0
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        total = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        for task in Path(f"/proc/{pid}/task").iterdir():
            for child in (task / "children").read_text().split():
                total += _cpu(int(child))
    except OSError:
        pass
    return total


def _in_a_terminal():
    """Ctrl-C as in a terminal's foreground: a test run in the background (`cmd &`, nohup, some CI
    runners) has SIGINT ignored, every program it starts inherits that, and Python then installs no
    KeyboardInterrupt handler — rightly: a background job is not to be stopped by Ctrl-C."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture(scope="module")
def slow_project(tmp_path_factory):
    """Two games; the card texts of one are loops that run until the 2 s CPU limit stops them."""
    root = copy_project(tmp_path_factory.mktemp("slow"), games=("criminal-poker", "lady-alice"))
    deck = root / "content" / "criminal-poker" / "evidence.yaml"
    n = iter(range(1000))
    deck.write_text(re.sub(r"text: \{zh-TW: [^\n]*", lambda m: f'text: {{zh-TW: "{LOOP % next(n)}", en: x}}',
                           deck.read_text("utf-8")), "utf-8")
    return root


@pytest.mark.skipif(not Path("/proc/self/stat").is_file(), reason="needs /proc to see the build's CPU time")
@pytest.mark.parametrize("games", [["criminal-poker"], ["-j", "2"]], ids=["one-game", "worker-processes"])
def test_ctrl_c_stops_a_build_running_a_long_template(slow_project, tmp_path, games):
    out = tmp_path / "out"
    pdf = out / "criminal-poker" / "criminal-poker.zh-TW.a4.pdf"
    pdf.parent.mkdir(parents=True)
    pdf.write_bytes(b"%PDF-1.4 the previous build\n")
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "--project", str(slow_project), "build", *games,
                             "--out", str(out)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True, preexec_fn=_in_a_terminal)
    try:
        deadline = time.monotonic() + 120
        while _cpu(proc.pid) < 1.2 and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)   # imports and loading done: the template loop is running
        assert proc.poll() is None, f"the build ended before the interrupt: {proc.communicate()}"
        os.killpg(proc.pid, signal.SIGINT)   # what Ctrl-C in a terminal does
        _, err = proc.communicate(timeout=10)  # a hang guard, not a timing assertion
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    assert proc.returncode == 130, err
    assert "Traceback" not in err, err
    assert err.strip().splitlines()[-1].startswith("interrupted"), err
    assert pdf.read_bytes() == b"%PDF-1.4 the previous build\n"
    assert sorted(p.name for p in pdf.parent.iterdir()) == [pdf.name]


@pytest.mark.skipif(not Path("/proc/self/stat").is_file(), reason="needs /proc to find the build's workers")
def test_a_killed_worker_is_reported_in_one_line(slow_project, tmp_path):
    """A worker killed from outside (the out-of-memory killer, kill -9) ends the build with a
    sentence, not a traceback, and nothing half-written."""
    out = tmp_path / "out"
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "--project", str(slow_project), "build", "-j", "2",
                             "--out", str(out)], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    try:
        deadline, workers = time.monotonic() + 120, []
        while not workers and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
            workers = [int(c) for t in Path(f"/proc/{proc.pid}/task").iterdir()
                       for c in (t / "children").read_text().split()]
        assert workers, f"no worker process appeared: {proc.communicate()}"
        os.kill(workers[0], signal.SIGKILL)
        _, err = proc.communicate(timeout=30)  # a hang guard, not a timing assertion
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    assert proc.returncode == 1, err
    assert "Traceback" not in err and "ended abruptly" in err.strip().splitlines()[-1], err
    assert not [p for p in out.rglob("*") if p.name.startswith(".") or p.suffix == ".tmp"]   # whole files or none


@pytest.mark.parametrize("command", [["check", "clue"], ["export", "clue", "--to", "png", "--out", "x"], ["report", "clue"]])
def test_ctrl_c_in_any_command_is_exit_130_with_one_line(command, monkeypatch, tmp_path):
    """Not click's "Aborted!" with exit 1: a shell (and make) must see an interrupted program."""
    from click.testing import CliRunner
    import pnp.pipeline.build
    import pnp.report.make
    from pnp.commands.cli import main

    def interrupted(*_a, **_k):
        raise KeyboardInterrupt
    monkeypatch.setattr(pnp.pipeline.build, "prepare", interrupted)
    monkeypatch.setattr(pnp.pipeline.build, "check_game", interrupted)
    monkeypatch.setattr(pnp.report.make, "prepare", interrupted)
    command = [str(tmp_path / "x") if c == "x" else c for c in command]
    result = CliRunner().invoke(main, ["--project", str(ROOT), *command])
    assert result.exit_code == 130, result.output
    assert "interrupted" in result.output and "Aborted" not in result.output


@pytest.mark.skipif(not Path("/proc/self/stat").is_file(), reason="needs /proc to find the conversion's workers")
def test_ctrl_c_while_fonts_convert_stops_the_workers_and_leaves_no_file(tmp_path):
    """The first run converts the built-in fonts in worker processes (a minute of CPU each): Ctrl-C
    then ends with one line and exit 130, stops both conversions, and leaves no temporary file."""
    cache = tmp_path / "cache"
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "fonts"], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, start_new_session=True, preexec_fn=_in_a_terminal,
                            env=dict(os.environ, PNP_CACHE=str(cache)))
    try:
        deadline, workers = time.monotonic() + 60, []
        while len(workers) < 2 and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
            workers = [int(c) for t in Path(f"/proc/{proc.pid}/task").iterdir()
                       for c in (t / "children").read_text().split()]
        assert len(workers) == 2, f"the conversion workers never appeared: {proc.communicate()}"
        time.sleep(0.5)                       # into the conversion
        os.killpg(proc.pid, signal.SIGINT)
        _, err = proc.communicate(timeout=30)  # a hang guard, not a timing assertion
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()
    assert proc.returncode == 130 and "Traceback" not in err, err
    assert err.strip().splitlines()[-1].startswith("interrupted"), err
    deadline = time.monotonic() + 10
    while any(Path(f"/proc/{w}").exists() for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not [w for w in workers if Path(f"/proc/{w}").exists()], "a conversion went on"
    assert not list((cache / "fonts").glob("*.tmp")) and not list((cache / "fonts").glob("*.ttf"))
