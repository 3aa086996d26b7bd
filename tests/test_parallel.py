"""Games built in parallel (-j) give the same bytes as a serial build."""
from conftest import run_pnp


def test_parallel_build_matches_serial(tmp_path):
    games = ["criminal-poker", "clue"]
    outs = {}
    for jobs in ("1", "2"):
        out = tmp_path / f"j{jobs}"
        r = run_pnp("build", *games, "-j", jobs, "--out", out, env={"SOURCE_DATE_EPOCH": "1700000000"})
        assert r.returncode == 0, r.stderr
        outs[jobs] = {p.relative_to(out): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}
    assert len(outs["1"]) == 4  # a PDF and a manifest per game
    assert outs["1"] == outs["2"]


# ---- one game's cards resolved by worker processes (pnp.resolve.workers) -----------------------------------

from pnp.resolve import workers as _parallel  # noqa: E402

_REAL_FACES = _parallel.faces


def _deck(tmp_path, n=40):
    import sys
    from conftest import ROOT
    sys.path.insert(0, str(ROOT / "bench"))
    import synth
    return synth.write_game(tmp_path / "proj", n)


def _build(root, out, jobs, monkeypatch):
    from pnp.resolve import workers as parallel
    from pnp.pipeline.build import Options, Project, build_game
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    monkeypatch.setattr(parallel, "MIN_FACES", 1)     # a small deck, split as a large one would be
    monkeypatch.setattr(parallel, "CHUNK_MAX", 3)
    used = []
    monkeypatch.setattr(parallel, "faces", lambda *a: used.append(a[-1]) or _REAL_FACES(*a))
    m = build_game(Project(root), "synth", Options(out=out, jobs=jobs))
    return (out / m["pdfs"][0]["path"]).read_bytes(), used


def test_workers_give_the_same_bytes_as_one_process(tmp_path, monkeypatch):
    import pytest
    from pnp.resolve import workers as parallel
    if not parallel.can_fork():
        pytest.skip("no fork on this platform: builds run in one process")
    root = _deck(tmp_path)
    one, used1 = _build(root, tmp_path / "j1", 1, monkeypatch)
    two, used2 = _build(root, tmp_path / "j2", 2, monkeypatch)
    assert used1 == [] and used2 == [2]    # the second build really went through the workers
    assert one == two


def test_workers_report_the_same_problems_as_one_process(tmp_path, monkeypatch):
    import pytest
    from pnp.resolve import workers as parallel
    from pnp.core.errors import Problems
    if not parallel.can_fork():
        pytest.skip("no fork on this platform")
    root = _deck(tmp_path)
    deck = root / "content/synth/cards.yaml"   # two bad cards in later chunks: an image that does not exist
    deck.write_text(deck.read_text("utf-8").replace("art: art/art3.png", "art: art/nope.png"), "utf-8")
    said = {}
    for jobs in (1, 2):
        with pytest.raises(Problems) as e:
            _build(root, tmp_path / f"j{jobs}", jobs, monkeypatch)
        said[jobs] = sorted(map(str, e.value.problems))
    assert said[1] and said[1] == said[2]
    assert not (tmp_path / "j2" / "synth").exists() or not list((tmp_path / "j2" / "synth").glob("*.pdf"))


# ---- one game's languages built side by side (pnp.pipeline.languages) ------------------------------

def _one_game_all_languages(root, out, jobs):
    r = run_pnp("--project", root, "build", "criminal-poker", "--lang", "all", "-j", jobs, "--out", out,
                env={"SOURCE_DATE_EPOCH": "1700000000"})
    files = {p.relative_to(out): p.read_bytes() for p in sorted(out.rglob("*")) if p.is_file()}
    return r.returncode, r.stdout.replace(str(out), "OUT"), r.stderr, files


def test_languages_side_by_side_write_what_one_process_writes(tmp_path):
    from conftest import copy_project
    root = copy_project(tmp_path)
    one = _one_game_all_languages(root, tmp_path / "j1", "1")
    two = _one_game_all_languages(root, tmp_path / "j2", "2")
    assert one[0] == 0 and len(one[3]) == 3       # two PDFs and the manifest (fonts of both languages)
    assert one[1].splitlines()[:-1] == two[1].splitlines()[:-1]   # the last line holds the time
    assert one[2:] == two[2:]


def test_a_problem_in_the_second_language_is_reported_as_one_process_reports_it(tmp_path):
    """English lacks a translation: zh-TW is written, en is not, and the messages are the same."""
    import re
    from conftest import copy_project
    root = copy_project(tmp_path)
    deck = root / "content" / "criminal-poker" / "evidence.yaml"
    text = deck.read_text("utf-8")
    deck.write_text(re.sub(r", en: [^}\n]*\}", "}", text, count=1), "utf-8")
    one = _one_game_all_languages(root, tmp_path / "j1", "1")
    two = _one_game_all_languages(root, tmp_path / "j2", "2")
    assert one[0] == two[0] == 2
    assert "`en`" in one[2] and one[1:] == two[1:]
    assert [p.name for p in one[3]] == ["criminal-poker.zh-TW.a4.pdf"]


def test_a_font_only_worker_resolved_cards_use_is_registered_for_drawing(tmp_path):
    """Workers register the fonts of the faces they resolve in their own process; the build that
    draws those faces must register them too (here: serif, used by no cover, booklet or other card)."""
    root = _deck(tmp_path, _parallel.MIN_FACES + 4)
    for lay in (root / "layouts").rglob("*.yaml"):
        lay.write_text(lay.read_text("utf-8").replace("min_size: 6}", "min_size: 6, font: serif}"), "utf-8")
    outs = []
    for jobs in ("2", "1"):
        out = tmp_path / f"j{jobs}"
        r = run_pnp("--project", root, "build", "--no-cover", "-j", jobs, "--out", out,
                    env={"SOURCE_DATE_EPOCH": "1700000000"})
        assert r.returncode == 0, r.stderr
        outs.append((out / "synth/synth.zh-TW.a4.pdf").read_bytes())
    assert b"NotoSerif" in outs[0] and outs[0] == outs[1]
