"""Simulation speed: 10,000 complete games of each shipped game (spread over its player counts and
modes), as `pnp simulate GAME --games N -j J` plays them. Prints wall and CPU seconds per game and
the per-configuration figures' size; the target is under 60 s a game on 2 cores.

    python bench/simulate.py [-j N] [--games 10000]
"""
from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("clue", "criminal-poker", "doomsday-files", "lady-alice", "tiny-epic-crimes")


def main() -> int:
    jobs = sys.argv[sys.argv.index("-j") + 1] if "-j" in sys.argv else "2"
    total = int(sys.argv[sys.argv.index("--games") + 1]) if "--games" in sys.argv else 10_000
    bad = 0
    for game in GAMES:
        probe = subprocess.run([sys.executable, "-m", "pnp", "simulate", game, "--games", "1", "--json"],
                               cwd=ROOT, capture_output=True, text=True)
        configs = len(json.loads(probe.stdout)["runs"]) if probe.stdout.strip() else 0
        if not configs:
            print(f"{game}: cannot be simulated ({probe.stderr.strip()[:200]})")
            bad += 1
            continue
        per = -(-total // configs)
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t = time.perf_counter()
        r = subprocess.run([sys.executable, "-m", "pnp", "simulate", game, "--games", str(per), "-j", jobs, "--json"],
                           cwd=ROOT, capture_output=True, text=True, env=dict(os.environ))
        wall = time.perf_counter() - t
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        runs = json.loads(r.stdout)["runs"] if r.stdout.strip() else []
        uncovered = sum(len(x["uncovered"]) for x in runs)
        print(f"{game}: {per * configs:,} games in {configs} configurations: {wall:.1f} s wall, {cpu:.1f} s CPU "
              f"(-j {jobs}), {uncovered} uncovered state(s), exit {r.returncode}")
        bad += r.returncode != 0
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
