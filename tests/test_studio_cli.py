"""`pnp studio` as a user starts it: a command that prints a 127.0.0.1 address carrying a token."""
from __future__ import annotations

import subprocess
import sys
import urllib.error
import urllib.request

import pytest

from conftest import ROOT, run_pnp
from studio_game import make

pytest.importorskip("uvicorn", reason="the studio's web packages are the optional extra `studio`")


def test_unknown_game_is_bad_input(tmp_path):
    r = run_pnp("studio", "nosuch", "--project", make(tmp_path))
    assert r.returncode == 2 and "there is no game `nosuch`" in r.stderr and "Traceback" not in r.stderr


def test_the_printed_address_is_local_and_needs_its_token(tmp_path):
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "studio", "mini", "--project", str(make(tmp_path))],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert line.startswith("pnp studio: http://127.0.0.1:"), line + proc.stderr.read()
        url = line.split()[-1]
        assert "/game/mini?token=" in url
        with urllib.request.urlopen(url, timeout=30) as r:
            assert r.status == 200 and "<figure" in r.read().decode()
        with pytest.raises(urllib.error.HTTPError) as e:
            urllib.request.urlopen(url.split("?")[0], timeout=30)
        assert e.value.code == 403
    finally:
        proc.terminate()
        proc.wait(10)
