"""Which tests `make test` leaves to `make test-slow`: every test whose setup and call took half a second
or more in a measured run. `make test` must stay under 3 minutes on 2 cores; CI runs both halves.

    .venv/bin/python -m pytest -q -n 2 --dist loadfile --durations=0 > durations.log
    .venv/bin/python bench/slow_tests.py durations.log [--reset] [--limit S]   # adds to tests/slow_tests.txt

A run of the fast half alone (`-m "not slow" --durations=0`) finds what pays a fixture the slow tests
used to pay; its log adds those. `--reset` starts the list again from this log alone. Prints the
seconds each half took in the measured run.
"""
from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

LIMIT = 0.5   # seconds: a test at or over this is slow
OUT = Path(__file__).resolve().parent.parent / "tests" / "slow_tests.txt"
LINE = re.compile(r"([\d.]+)s (call|setup|teardown)\s+(tests/.+?)\s*$")


def main(log: str, reset: bool = False, limit: float = LIMIT) -> int:
    took: Counter = Counter()
    for line in Path(log).read_text(encoding="utf-8", errors="replace").splitlines():
        m = LINE.match(line)
        if m:
            took[m.group(3)] += float(m.group(1))
    if not took:
        print(f"{log}: no durations in it — run pytest with --durations=0", file=sys.stderr)
        return 2
    kept = set() if reset or not OUT.is_file() else {
        line.strip() for line in OUT.read_text(encoding="utf-8").splitlines() if line.strip() and not line.startswith("#")}
    slow = sorted(kept | {t for t, s in took.items() if s >= limit})
    head = ("# Tests `make test` leaves to `make test-slow` (CI runs both): each took half a second or more in a\n"
            "# measured run. Made by bench/slow_tests.py from a `pytest --durations=0` log; edit by running it.\n")
    OUT.write_text(head + "".join(f"{t}\n" for t in slow), encoding="utf-8")
    fast = sum(s for t, s in took.items() if t not in slow)
    print(f"{len(slow)} slow tests, {sum(took[t] for t in slow):.0f} s; the rest {fast:.0f} s "
          f"(test time, summed over workers) -> {OUT.name}")
    return 0


if __name__ == "__main__":
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("log")
    ap.add_argument("--reset", action="store_true", help="start the list again from this log alone")
    ap.add_argument("--limit", type=float, default=LIMIT, help=f"seconds that make a test slow (default {LIMIT})")
    a = ap.parse_args()
    sys.exit(main(a.log, a.reset, a.limit))
