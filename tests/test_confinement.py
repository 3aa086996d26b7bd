"""pnp never writes outside --out and never modifies content/ or layouts/: build, export, report
and check a copy of the project and compare every file around it before and after."""
import hashlib
import os
import subprocess
import sys
from pathlib import Path

from conftest import ROOT, copy_project
from pnp.content.loader import find_games

GAMES = find_games(ROOT / "content")


def _snapshot(folder: Path, skip=()) -> dict:
    out = {}
    for p in sorted(folder.rglob("*")):
        if any(p == s or s in p.parents for s in skip):
            continue
        st = p.lstat()
        out[str(p.relative_to(folder))] = (st.st_mode, hashlib.sha256(p.read_bytes()).hexdigest()
                                           if p.is_file() and not p.is_symlink() else None)
    return out


def test_pnp_writes_only_inside_out(tmp_path):
    project = copy_project(tmp_path, games=GAMES)
    cwd = tmp_path / "elsewhere"          # the working directory must not receive anything either
    cwd.mkdir()
    out = tmp_path / "out"
    from pnp.text.fonts import cache_dir
    # a cache folder of its own (the converted fonts linked, their record copied): other tests running
    # beside this one write to the shared cache
    cache, home = tmp_path / "cache" / "fonts", cache_dir()
    cache.mkdir(parents=True)
    for f in home.glob("*") if home.is_dir() else ():
        if f.suffix == ".ttf":
            (cache / f.name).symlink_to(f)
        elif f.name == "digests.json":
            (cache / f.name).write_bytes(f.read_bytes())
    before, cache_before = _snapshot(tmp_path, skip=(out, cache.parent)), _snapshot(cache)
    env = dict(os.environ, SOURCE_DATE_EPOCH="1700000000", PNP_CACHE=str(tmp_path / "cache"))
    g = "criminal-poker" if "criminal-poker" in GAMES else GAMES[0]
    for cmd in (["build", "--lang", "all"], ["check"], ["export", g, "--to", "png", "--dpi", "36"],
                ["report", g], ["list"]):
        r = subprocess.run([sys.executable, "-m", "pnp", "--project", str(project), *cmd,
                            *(["--out", str(out)] if cmd[0] in ("build", "export", "report") else [])],
                           cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
        assert r.returncode in (0, 1), (cmd, r.stderr)
        assert "Traceback" not in r.stderr
    assert any(out.rglob("*.pdf")), "nothing was built"
    assert _snapshot(tmp_path, skip=(out, cache.parent)) == before, "files changed outside --out (content/, layouts/ or the cwd)"
    assert _snapshot(cache) == cache_before   # the fonts were converted: builds only read them
    leftovers = [p for p in out.rglob("*") if p.name.startswith(".") or p.suffix == ".tmp"]
    assert not leftovers, leftovers
