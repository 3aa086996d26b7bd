"""How the booklet steps that once were quadratic scale: the paginator over a chain of headings that
all keep with the next, and the map from rendered lines to source lines. Prints seconds for n and 4n
headings and their ratio (about 4 when linear, about 16 when quadratic). A benchmark, not a test.

usage: python bench/booklet_scaling.py [N]   (default 2000)
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from pnp.booklet.flow import Flow, Unit, rect  # noqa: E402
from pnp.booklet.md import line_map  # noqa: E402


def paginate(n: int) -> float:
    units = [Unit(10.0, [rect(0, 0, 50, 8)], keep_next=True, heading=(1, f"H{i}")) for i in range(n)]
    t = time.perf_counter()
    Flow(None, {}, {"note": None}, 100.0, None).paginate(units, 500.0)
    return time.perf_counter() - t


def line_map(n: int) -> float:
    body = "".join(f"# Heading {i % 7}\n\n" for i in range(n))
    t = time.perf_counter()
    line_map("{{ 1 }}\n" + body + "{{ 2 }}", "1\n" + body + "2")
    return time.perf_counter() - t


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    for name, step in (("paginate", paginate), ("line map", line_map)):
        a, b = step(n), step(4 * n)
        print(f"{name:9} {n:>7,}: {a:7.3f} s  {4 * n:>7,}: {b:7.3f} s  ratio {b / max(a, 1e-9):5.1f}")
