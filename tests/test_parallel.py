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
