"""Shared fixtures: run the real CLI, build games once per session into a temporary folder."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_pnp(*args, cwd=ROOT, env=None, timeout=300):
    """Run `python -m pnp …` as a user would; returns CompletedProcess with text output."""
    e = dict(os.environ)
    e.update(env or {})
    return subprocess.run([sys.executable, "-m", "pnp", *map(str, args)], cwd=cwd, capture_output=True,
                          text=True, env=e, timeout=timeout)


SLOW = Path(__file__).resolve().parent / "slow_tests.txt"   # bench/slow_tests.py writes it from a measured run


def pytest_collection_modifyitems(config, items):
    """Mark the tests tests/slow_tests.txt names `slow`: `make test` (the 3-minute suite) leaves them to
    `make test-slow`, and CI runs both."""
    slow = {line.strip() for line in SLOW.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")} if SLOW.is_file() else set()
    for item in items:
        if item.nodeid in slow:
            item.add_marker(pytest.mark.slow)


@pytest.fixture(scope="session")
def build_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("out")


_built: dict = {}


@pytest.fixture(scope="session")
def built(build_dir):
    """built(game, lang='zh-TW', paper='a4', duplex='long', *options) → Path of the PDF (built once per
    session); options: more `pnp build` options (e.g. --no-pack)."""
    def get(game, lang="zh-TW", paper="a4", duplex="long", *extra):
        key = (game, lang, paper, duplex, *extra)
        if key not in _built:
            out = build_dir / "-".join((paper, duplex, *(e.strip("-") for e in extra)))
            # --no-cover: tests count card pages from page 1 (the cover has tests of its own)
            r = run_pnp("build", game, "--lang", lang, "--paper", paper, "--duplex", duplex, "--no-cover",
                        *extra, "--out", out)
            assert r.returncode == 0, r.stderr
            _built[key] = out / game / f"{game}.{lang}.{paper}{'' if duplex == 'long' else '.' + duplex}.pdf"
        return _built[key]
    return get


def copy_project(tmp_path: Path, games=("criminal-poker",)) -> Path:
    """A throwaway project with copies of some games and all layouts, for tests that edit content."""
    import shutil
    dst = tmp_path / "proj"
    (dst / "content").mkdir(parents=True)
    for g in games:
        shutil.copytree(ROOT / "content" / g, dst / "content" / g)
    shutil.copytree(ROOT / "layouts", dst / "layouts")
    return dst


def install_plugin(tmp_path: Path, monkeypatch, package: str, code: str, entry: str) -> Path:
    """A rules plug-in installed as a third party would: package `package` holding `code`, with a
    dist-info registering `entry` (`name = module:attr`) under `pnp.rules`; returns the site folder
    (put it on PYTHONPATH for a subprocess)."""
    site = tmp_path / "site"
    (site / package).mkdir(parents=True, exist_ok=True)
    (site / package / "__init__.py").write_text(code)
    info = site / f"{package}-0.1.dist-info"
    info.mkdir(exist_ok=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {package.replace('_', '-')}\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[pnp.rules]\n{entry}\n")
    monkeypatch.syspath_prepend(str(site))
    monkeypatch.delitem(sys.modules, package, raising=False)
    return site
