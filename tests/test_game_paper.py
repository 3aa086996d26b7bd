"""`paper:` in game.yaml: the game's own default paper, used when `--paper` is not given; a bad value
is a problem at its line with a did-you-mean. `pnp report --paper` takes every paper `pnp build` does."""
from __future__ import annotations

import pypdfium2 as pdfium
import pytest

import lintkit
from conftest import run_pnp
from pnp import impose

CARD = {"bg": {"type": "rect", "x": 0, "y": 0, "w": 40, "h": 40, "fill": "#dddddd"}}


def _project(tmp_path, paper_line: str):
    return lintkit.project(tmp_path, CARD, game_extra=paper_line)


def _build(proj, *args):
    return run_pnp("--project", proj.root, "build", "g", "-j", "1", "--out", proj.root / "out", *args)


def test_the_games_paper_is_the_default_and_paper_on_the_command_line_wins(tmp_path):
    proj = _project(tmp_path, "paper: a5\n")
    r = _build(proj)
    assert r.returncode == 0, r.stderr
    pdf = proj.root / "out" / "g" / "g.en.a5.pdf"
    assert f"wrote {pdf}" in r.stdout
    w, h = pdfium.PdfDocument(str(pdf))[0].get_size()
    assert (round(w), round(h)) == tuple(round(v) for v in impose.paper_size("a5"))
    r = _build(proj, "--paper", "letter")
    assert r.returncode == 0 and "g.en.letter.pdf" in r.stdout, r.stderr


def test_a_custom_paper_in_game_yaml(tmp_path):
    from pnp.content.loader import load_game
    from pnp.pipeline.build import Options, build_game
    proj = _project(tmp_path, "paper: {custom: [210, 148]}\n")
    assert load_game(proj.content / "g").paper == "custom-210x148"
    m = build_game(proj, "g", Options(out=tmp_path / "out", jobs=1))
    assert [p["paper"] for p in m["pdfs"]] == ["custom-210x148"]
    assert load_game(_project(tmp_path / "none", "").content / "g").paper is None    # no key: a4, as before
    m = build_game(_project(tmp_path / "none", ""), "g", Options(out=tmp_path / "out2", jobs=1))
    assert [p["paper"] for p in m["pdfs"]] == ["a4"]


@pytest.mark.parametrize("line, says", [
    ("paper: a44", ["game.yaml:4:", "`a44` is not a paper", "did you mean `a4`?"]),
    ("paper: leter", ["game.yaml:4:", "did you mean `letter`?"]),
    ("paper: {custom: [20, 148]}", ["game.yaml:4:", "too small", "from 50 to 2000 mm"]),
    ("paper: {custom: 210}", ["game.yaml:4:", "width and a height"]),
])
def test_a_bad_paper_is_a_problem_at_its_line(tmp_path, line, says):
    proj = _project(tmp_path, line + "\n")
    r = _build(proj)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    first = r.stderr.splitlines()[0]
    assert all(s in first for s in says), first


def test_a_mistyped_paper_on_the_command_line_gets_a_did_you_mean(tmp_path):
    r = run_pnp("--project", tmp_path, "build", "--paper", "tabloyd")
    assert r.returncode == 2 and "did you mean `tabloid`?" in r.stderr, r.stderr


def test_report_takes_every_paper_build_takes(tmp_path):
    proj = _project(tmp_path, "paper: a5\n")
    for given, key in (("a3", "a3"), ("custom:300x200", "custom-300x200"), (None, "a5")):
        args = ["--paper", given] if given else []
        r = run_pnp("--project", proj.root, "report", "g", "--games", "0", "--out", tmp_path / key, *args)
        assert r.returncode == 0, r.stderr
        pdf = next((tmp_path / key / "g").glob("*.report.*.pdf"))
        w, h = pdfium.PdfDocument(str(pdf))[0].get_size()
        assert (round(w), round(h)) == tuple(round(v) for v in impose.paper_size(key)), (given, w, h)
    r = run_pnp("--project", proj.root, "report", "g", "--paper", "a44")
    assert r.returncode == 2 and "did you mean `a4`?" in r.stderr and "Traceback" not in r.stderr, r.stderr


def test_the_references_example_of_paper_loads(tmp_path):
    import re
    from pnp.commands import docs
    from pnp.content.loader import load_game
    row = next(line for line in docs.generate().splitlines() if line.startswith("| `paper` |"))
    example = re.search(r"e\.g\. `(paper: [^`]+)`", row).group(1)
    assert load_game(_project(tmp_path, example + "\n").content / "g").paper == example.split(": ")[1]


def test_a_paper_too_small_for_the_report_is_bad_input_at_where_it_was_given(tmp_path):
    proj = _project(tmp_path, "paper: {custom: [60, 60]}\n")
    for args, at in ((["--paper", "custom:60x60"], "--paper:1:1: "), ([], "game.yaml:4:")):
        r = run_pnp("--project", proj.root, "report", "g", "--games", "0", "--out", tmp_path / "out", *args)
        assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
        assert at in r.stderr.splitlines()[0] and "too small for the report" in r.stderr, r.stderr
    assert not list((tmp_path / "out").rglob("*.pdf"))
