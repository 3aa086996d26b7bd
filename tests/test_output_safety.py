"""Writing outputs: never through a link, never stopped by a file an earlier crash left, and a folder
that cannot be written (read-only, full) is a clear problem with exit 2, the previous PDF kept."""
import errno
import os
import resource
import signal
import subprocess
import sys

import pytest
from click.testing import CliRunner

from conftest import ROOT, copy_project
from pnp.commands.cli import main

GAME = "criminal-poker"


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    return copy_project(tmp_path_factory.mktemp("out-safety"))


def _build(project, out, *extra):
    return CliRunner().invoke(main, ["--project", str(project), "build", GAME, "--out", str(out), *extra])


def _tree(folder):
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("into", ["content", "elsewhere"])
def test_an_output_subfolder_that_is_a_link_is_refused(project, tmp_path, into):
    target = project / "content" / GAME if into == "content" else tmp_path / "elsewhere"
    target.mkdir(exist_ok=True)
    before = _tree(project / "content")
    out = tmp_path / "out"
    out.mkdir()
    (out / GAME).symlink_to(target, target_is_directory=True)
    r = _build(project, out)
    assert r.exit_code == 2, r.output
    assert "is a symbolic link" in r.output and "Traceback" not in r.output
    assert _tree(project / "content") == before
    assert not list(target.glob("*.pdf")) and not list(target.glob("manifest.json"))


def test_a_stale_temporary_file_never_stops_a_build(project, tmp_path, monkeypatch):
    out = tmp_path / "out"
    folder = out / GAME
    folder.mkdir(parents=True)
    for name in (f"{GAME}.zh-TW.a4.pdf", "manifest.json"):  # what a crash of a build with our pid left
        (folder / f".{name}.{os.getpid()}.tmp").write_text("left by a crash")
    monkeypatch.setattr(os, "urandom", lambda n, _it=iter([b"\0" * 4, b"\0" * 4, b"\1" * 4] * 10): next(_it))
    (folder / f".{GAME}.zh-TW.a4.pdf.{os.getpid()}.00000000.tmp").write_text("left by a crash")
    r = _build(project, out)
    assert r.exit_code == 0, r.output
    assert (folder / f"{GAME}.zh-TW.a4.pdf").read_bytes().startswith(b"%PDF-1.")


def test_a_read_only_output_folder_is_a_clear_problem(project, tmp_path, monkeypatch):
    out = tmp_path / "out"
    pdf = out / GAME / f"{GAME}.zh-TW.a4.pdf"
    pdf.parent.mkdir(parents=True)
    pdf.write_bytes(b"%PDF previous build")
    real_open = os.open

    def read_only(path, flags, *a, **k):  # what a read-only file system answers (root ignores chmod)
        if str(path).startswith(str(out)) and flags & (os.O_WRONLY | os.O_RDWR | getattr(os, "O_TMPFILE", 0)):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(path))
        return real_open(path, flags, *a, **k)
    monkeypatch.setattr(os, "open", read_only)
    r = _build(project, out)
    assert r.exit_code == 2, r.output
    assert "cannot write the file: Read-only file system" in r.output and "Traceback" not in r.output
    assert pdf.read_bytes() == b"%PDF previous build"


def test_a_full_output_folder_is_a_clear_problem(project, tmp_path):
    """A file size limit makes every write past 20 kB fail as on a full disk (EFBIG)."""
    out = tmp_path / "out"
    pdf = out / GAME / f"{GAME}.zh-TW.a4.pdf"
    pdf.parent.mkdir(parents=True)
    pdf.write_bytes(b"%PDF previous build")

    def limit():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
        resource.setrlimit(resource.RLIMIT_FSIZE, (20_000, 20_000))
    r = subprocess.run([sys.executable, "-m", "pnp", "--project", str(project), "build", GAME, "--out", str(out)],
                       cwd=ROOT, capture_output=True, text=True, preexec_fn=limit, timeout=300)
    assert r.returncode == 2, r.stderr
    assert "cannot write the file: File too large" in r.stderr and "Traceback" not in r.stderr
    assert pdf.read_bytes() == b"%PDF previous build"
    assert sorted(p.name for p in pdf.parent.iterdir()) == [pdf.name]


def test_an_export_into_a_linked_game_folder_is_refused(project, tmp_path):
    target = project / "content" / GAME
    before = _tree(target)
    out = tmp_path / "out"
    out.mkdir()
    (out / GAME).symlink_to(target, target_is_directory=True)
    r = CliRunner().invoke(main, ["--project", str(project), "export", GAME, "--to", "png", "--dpi", "36",
                                  "--out", str(out)])
    assert r.exit_code == 2, r.output
    assert "is a symbolic link" in r.output and "Traceback" not in r.output
    assert _tree(target) == before


def test_an_export_folder_never_goes_through_a_planted_link(tmp_path, monkeypatch):
    """The temporary folder an export fills is new, of a random name, created exclusively: a link
    planted where an older pnp put its predictable `.<name>.<pid>.tmp` changes nothing outside."""
    import os

    from pnp.export import replace_dir
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "keep.txt").write_text("mine")
    out = tmp_path / "out" / "g"
    out.mkdir(parents=True)
    monkeypatch.setattr(os, "getpid", lambda: 4242)
    for name in (".png.4242.tmp", ".png.4242.old"):
        (out / name).symlink_to(outside, target_is_directory=True)
    (out / "png").mkdir()
    (out / "png" / "old.png").write_bytes(b"old")
    with replace_dir(out / "png", tmp_path / "out") as folder:
        (folder / "new.png").write_bytes(b"new")
    assert sorted(p.name for p in outside.iterdir()) == ["keep.txt"]
    assert sorted(p.name for p in (out / "png").iterdir()) == ["new.png"]
    assert not (out / "png").is_symlink()
