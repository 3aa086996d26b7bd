"""Start-up: `pnp --help` loads neither reportlab nor Pillow, and `pnp check` no PDF canvas (they
import what their command needs; measured with `python -X importtime`, see bench/RESULTS.md)."""
import json
import subprocess
import sys

from conftest import ROOT

PROBE = """
import json, sys
from click.testing import CliRunner
from pnp.commands.cli import main
r = CliRunner().invoke(main, sys.argv[1:])
heavy = sorted(m for m in sys.modules if m.split('.')[0] in ('reportlab', 'PIL') or m == 'pnp.render.pdf')
print(json.dumps({'code': r.exit_code, 'heavy': heavy, 'out': r.output[-2000:]}))
"""


def _loaded(*args):
    r = subprocess.run([sys.executable, "-c", PROBE, *map(str, args)], capture_output=True, text=True, cwd=ROOT,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout.strip().splitlines()[-1])


def test_help_loads_no_pdf_library():
    got = _loaded("--help")
    assert got["code"] == 0 and "build" in got["out"]
    assert got["heavy"] == []


def test_check_loads_no_pdf_canvas(tmp_path):
    sys.path.insert(0, str(ROOT / "bench"))
    import synth
    root = synth.write_game(tmp_path / "proj", 3)
    got = _loaded("--project", root, "check", "synth")
    assert got["code"] == 0, got["out"]
    assert not [m for m in got["heavy"] if m.startswith("reportlab.pdfgen") or m == "pnp.render.pdf"]
