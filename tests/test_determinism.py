"""Two builds of the same inputs give byte-identical files — every game's PDFs (all languages) and
manifest, and its PNG exports — and the PDF dates come from SOURCE_DATE_EPOCH."""
import hashlib
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pikepdf
import pytest

from conftest import ROOT
from pnp.content.loader import find_games

GAMES = find_games(ROOT / "content")
EPOCH = "1700000000"   # 2023-11-14 22:13:20 UTC


def _run(out: Path, epoch: str | None):
    import os
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    if epoch:
        env["SOURCE_DATE_EPOCH"] = epoch
    cmds = [["build", *GAMES, "--lang", "all", "-j", "1"]]
    cmds += [["export", g, "--to", "png", "--dpi", "36"] for g in GAMES]
    for cmd in cmds:
        r = subprocess.run([sys.executable, "-m", "pnp", *cmd, "--out", str(out)], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=600)
        assert r.returncode in (0, 1), (cmd, r.stderr)  # 1: a game in progress may break its rules
    return {str(p.relative_to(out)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(out.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def twice(tmp_path_factory):
    base = tmp_path_factory.mktemp("det")
    with ThreadPoolExecutor(2) as ex:
        a, b = ex.map(lambda i: _run(base / f"o{i}", EPOCH), (1, 2))
    return base, a, b


def test_every_file_is_byte_identical(twice):
    base, a, b = twice
    assert {Path(k).suffix for k in a} >= {".pdf", ".json", ".png"}
    for g in GAMES:  # every game produced its print PDFs
        assert any(k.startswith(f"{g}/") and k.endswith(".pdf") for k in a), g
    assert sorted(a) == sorted(b)
    differ = [k for k in a if a[k] != b[k]]
    assert not differ, f"{len(differ)} files differ between two builds, e.g. {differ[:5]}"


def test_pdf_dates_come_from_source_date_epoch(twice):
    base, a, _ = twice
    pdfs = [k for k in a if k.endswith(".pdf")]
    for k in pdfs:
        with pikepdf.open(base / "o1" / k) as pdf:
            for key in ("/CreationDate", "/ModDate"):
                if key in pdf.docinfo:
                    assert str(pdf.docinfo[key]).startswith("D:20231114221320"), (k, key, pdf.docinfo[key])
            xmp = str(pdf.open_metadata())
            for stamp in ("CreateDate", "ModifyDate", "MetadataDate"):
                if stamp in xmp:
                    assert "2023-11-14T22:13:20" in xmp, (k, stamp)


def test_without_source_date_epoch_the_pdf_carries_no_clock_time(tmp_path):
    game = GAMES[0]
    out = tmp_path / "o"
    r = subprocess.run([sys.executable, "-m", "pnp", "build", game, "--out", str(out)], cwd=ROOT,
                       capture_output=True, text=True, timeout=300,
                       env={k: v for k, v in __import__("os").environ.items() if k != "SOURCE_DATE_EPOCH"})
    assert r.returncode in (0, 1), r.stderr
    for pdf_path in out.rglob("*.pdf"):
        with pikepdf.open(pdf_path) as pdf:
            date = str(pdf.docinfo.get("/CreationDate", ""))
            assert not date or date.startswith("D:2000"), date  # reportlab's invariant date, not now


def test_pdf_bytes_do_not_depend_on_where_the_project_lies(tmp_path):
    """The same game in two folders (two machines, two checkouts): the same bytes. reportlab would name
    each image after the md5 of its absolute path."""
    import os
    sys.path.insert(0, str(ROOT / "bench"))
    import synth
    env = dict(os.environ, SOURCE_DATE_EPOCH=EPOCH)
    out = []
    for where in ("a", "b/deeper/still"):
        root = synth.write_game(tmp_path / where, 9)
        r = subprocess.run([sys.executable, "-m", "pnp", "--project", str(root), "build", "--out", str(root / "out")],
                           cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
        assert r.returncode == 0, r.stderr
        out.append(sorted((p.name, p.read_bytes()) for p in (root / "out").rglob("*.pdf")))
    assert out[0] and out[0] == out[1]
