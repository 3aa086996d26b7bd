"""pnp outside this repository: the built-in layouts and icons ship in the package, every command
defaults to the game's first language, and a wheel installed into a fresh virtual environment builds
a project that holds only content/ and layouts/<game>/."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from conftest import ROOT, run_pnp

GAME = """\
id: solo
title: Solo
languages: [en]
components:
  cards:
    kind: deck
    title: Cards
    front: solo/card
    back: common/poker
    fields: {name: text}
    items: [{id: one, name: One}, {id: two, name: Two}]
"""
CARD = """\
extends: common/poker
elements:
  name: {type: text, x: 5, y: 40, w: 53, h: 10, text: "{{ card.name }}", size: 14, align: center}
  mark: {type: icon, name: star, x: 26.5, y: 60, w: 10, h: 10}
"""


def english_project(tmp_path: Path) -> Path:
    root = tmp_path / "designer"
    (root / "content" / "solo").mkdir(parents=True)
    (root / "layouts" / "solo").mkdir(parents=True)
    (root / "content" / "solo" / "game.yaml").write_text(GAME, "utf-8")
    (root / "layouts" / "solo" / "card.yaml").write_text(CARD, "utf-8")
    return root


def test_build_defaults_to_the_games_first_language(tmp_path):
    proj = english_project(tmp_path)
    r = run_pnp("--project", proj, "build", "--out", tmp_path / "out", "--no-cover")
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "out" / "solo" / "solo.en.a4.pdf").is_file()


def test_a_project_may_override_a_builtin_common_layout(tmp_path):
    proj = english_project(tmp_path)
    (proj / "layouts" / "common").mkdir()
    (proj / "layouts" / "common" / "poker.yaml").write_text("size: [50mm, 50mm]\nelements:\n  background: {type: rect, x: 0, y: 0, w: 50, h: 50, fill: white}\n", "utf-8")
    from pnp.layout.layouts import Layouts
    assert round(Layouts(proj / "layouts").get("common/poker", None).w / 72 * 25.4) == 50
    assert round(Layouts(tmp_path / "nowhere").get("common/poker", None).w / 72 * 25.4) == 63


def test_the_repository_has_no_common_layouts_of_its_own():
    """The built-ins live in the package only (one copy): the repository's games use them like any project."""
    assert not (ROOT / "layouts" / "common").exists()
    assert (ROOT / "pnp" / "builtin" / "layouts" / "common" / "poker.yaml").is_file()


@pytest.fixture(scope="session")
def installed(tmp_path_factory):
    """A fresh virtual environment outside the repository with the built wheel of pnp installed.

    The wheel is built from a copy of the sources (nothing written into the repository); the venv
    sees this interpreter's site-packages (dependencies, no network) through a .pth path line, after
    its own site-packages, so `import pnp` finds the installed wheel and never the repository.
    """
    pytest.importorskip("wheel")
    tmp = tmp_path_factory.mktemp("install")
    src = tmp / "src"
    src.mkdir()
    shutil.copytree(ROOT / "pnp", src / "pnp", ignore=shutil.ignore_patterns("__pycache__"))
    for f in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / f, src / f)
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    wheels = tmp / "wheels"
    run = lambda *a, **kw: subprocess.run(list(map(str, a)), capture_output=True, text=True, env=env, timeout=300, **kw)
    r = run(sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", wheels, src, cwd=tmp)
    assert r.returncode == 0, r.stderr
    (wheel,) = wheels.glob("pnp-*.whl")
    venv = tmp / "venv"
    r = run(sys.executable, "-m", "venv", "--without-pip", venv)
    assert r.returncode == 0, r.stderr
    py = venv / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    site = Path(run(py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])").stdout.strip())
    (site / "outer-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n", "utf-8")
    r = run(sys.executable, "-m", "pip", "--python", py, "install", "--no-deps", "-q", wheel)
    assert r.returncode == 0, r.stderr
    where = run(py, "-c", "import pnp; print(pnp.__file__)", cwd=tmp).stdout.strip()
    assert Path(where).is_relative_to(venv), where
    pnp_bin = venv / "bin" / "pnp"
    return lambda *args, cwd: run(pnp_bin, *args, cwd=cwd)


def test_installed_wheel_builds_a_project_outside_the_repository(installed, tmp_path):
    proj = english_project(tmp_path)
    r = installed("build", "--out", tmp_path / "out", cwd=proj)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "out" / "solo" / "solo.en.a4.pdf").stat().st_size > 1000
    r = installed("--project", proj, "check", cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr


CARDS_CSV = "id,name.en,suit,value,effect.en,copies\nfox,Fox,heart,4,Take 2 tokens.,2\nowl,Owl,crown,5,,\nbee,Bee,star,6,Score {{ data.star_points }} points.,\n"
TOKENS = [["id", "copies"], ["gold", 5], ["silver", 3]]


def _xlsx(path: Path, rows, title="Sheet1"):
    import openpyxl
    wb = openpyxl.Workbook()
    wb.active.title = title
    for r in rows:
        wb.active.append(r)
    wb.save(path)


def test_done_new_game_with_cards_from_csv_and_xlsx_builds_from_the_installed_wheel(installed, tmp_path):
    """The issue's done test: a fresh venv outside the repository, the wheel installed, `pnp new`, its
    cards replaced by a CSV and its tokens by an XLSX, `pnp build`: the PDF shows the spreadsheet's cards."""
    pypdf = pytest.importorskip("pypdf")
    proj = tmp_path / "mine"
    proj.mkdir()
    r = installed("new", "mygame", cwd=proj)
    assert r.returncode == 0, r.stderr
    assert "pnp check mygame" in r.stdout and "pnp build mygame" in r.stdout
    game = proj / "content" / "mygame"
    (game / "cards.yaml").unlink()
    (game / "cards.csv").write_text(CARDS_CSV, "utf-8")
    _xlsx(game / "tokens.xlsx", TOKENS, "Tokens")
    text = (game / "game.yaml").read_text("utf-8")
    text = text.replace("cards: cards.yaml ", "cards: cards.csv ")
    text = text.replace("    items: [{id: token, copies: 12}]", "    cards: tokens.xlsx\n    sheet: Tokens")
    (game / "game.yaml").write_text(text, "utf-8")
    r = installed("check", "mygame", "--strict", cwd=proj)
    assert r.returncode == 0, r.stdout + r.stderr
    r = installed("build", "--no-cover", cwd=proj)
    assert r.returncode == 0, r.stderr
    pdf = proj / "output" / "mygame" / "mygame.en.a4.pdf"
    pages = [p.extract_text() for p in pypdf.PdfReader(pdf).pages]
    fronts = next(p for p in pages if "Fox" in p)
    assert all(w in fronts for w in ("Owl", "Bee", "Score 2 points.", "Take 2 tokens.")), fronts
    listing = installed("list", cwd=proj).stdout
    assert any(line.split()[:3] == ["tokens", "tokens", "8"] for line in listing.splitlines()), listing  # 5 + 3
    # same cells → same bytes: the deck from an XLSX holding the CSV's cells builds the same PDF
    first = pdf.read_bytes()
    import csv
    rows = [[_num(v) for v in row] for row in csv.reader(CARDS_CSV.splitlines())]
    _xlsx(game / "cards.xlsx", [[v if v != "" else None for v in row] for row in rows])
    (game / "game.yaml").write_text(text.replace("cards: cards.csv ", "cards: cards.xlsx "), "utf-8")
    r = installed("build", "--no-cover", cwd=proj)
    assert r.returncode == 0, r.stderr
    assert pdf.read_bytes() == first


def _num(v):
    return int(v) if v.isdigit() else v


def test_installed_wheel_runs_a_shipped_game_from_a_copy_of_its_content(installed, tmp_path):
    """The shipped games are plug-ins inside the installed package (pnp.games), found through its entry
    points, and read their decks from the project's content, never from a path beside their code."""
    import json
    proj = tmp_path / "proj"
    shutil.copytree(ROOT / "content" / "criminal-poker", proj / "content" / "criminal-poker")
    shutil.copytree(ROOT / "layouts" / "criminal-poker", proj / "layouts" / "criminal-poker")
    r = installed("check", "criminal-poker", "--json", cwd=proj)
    assert r.returncode == 0, r.stdout + r.stderr
    got = json.loads(r.stdout)["criminal-poker"]
    # the plug-in's checks ran and found nothing (print lint warnings on the content are not its business)
    assert "criminal-poker:deck-rules" in got["checks"]
    assert [f for f in got["findings"] if not f["check"].startswith("lint:")] == []
    r = installed("plugins", cwd=proj)
    assert "tiny-epic-crimes" in r.stdout and "pnp.games.tiny_epic_crimes:plugin" in r.stdout
