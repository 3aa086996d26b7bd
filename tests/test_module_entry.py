"""`python -m pnp.commands.cli` runs the command line as `python -m pnp` does (a fixer's brief used the
module form and it silently did nothing: the module had no `__main__` guard)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_cli_module_runs_the_command_line():
    for module in ("pnp", "pnp.commands.cli"):
        r = subprocess.run([sys.executable, "-m", module, "--help"], cwd=ROOT, capture_output=True, text=True,
                           timeout=60)
        assert r.returncode == 0 and "Usage:" in r.stdout and "build" in r.stdout, (module, r.stdout, r.stderr)
