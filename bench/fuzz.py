"""The long fuzz run (`make fuzz`): mutate the shipped content many times and list every distinct
place where the loader or a game's rules module raised instead of reporting a problem.

    python bench/fuzz.py [EXAMPLES] [--seed N]

Uses the mutations of tests/test_fuzz.py. Unlike the test (which stops at the first failure and
accepts a rules module stopped by the core), this counts rules-module crashes too, and keeps going
to give the whole list with one reproducing example each. Each failure's example is written to bench/out/fuzz/ (git-ignored). Exit status 1 when anything was
found.
"""
from __future__ import annotations

import argparse
import collections
import random
import shutil
import sys
import tempfile
import time
import traceback
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("examples", nargs="?", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=None)
    args = ap.parse_args()
    warnings.simplefilter("ignore")  # hypothesis warns that .example() is meant for interactive use
    import test_fuzz as tf
    from hypothesis import given, settings, HealthCheck
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    found: dict = {}
    counts: collections.Counter = collections.Counter()
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp)
        for g in tf.GAMES:
            shutil.copytree(ROOT / "content" / g, project / "content" / g)

        @settings(max_examples=args.examples, deadline=None, database=None, derandomize=False,
                  suppress_health_check=list(HealthCheck), phases=["generate"])
        @given(tf.mutated())
        def run(case):
            try:
                tf.check_never_raises(project, *case)
            except Exception as e:
                cause = e.__cause__ if e.__cause__ is not None else e
                last = traceback.extract_tb(cause.__traceback__)[-1]
                where = f"{type(cause).__name__} at {Path(last.filename).relative_to(ROOT) if last.filename.startswith(str(ROOT)) else last.filename}:{last.lineno}"
                counts[where] += 1
                found.setdefault(where, (case, str(cause)))

        t0 = time.perf_counter()
        tf.STRICT = True
        random.seed(seed)
        from hypothesis import seed as hseed
        hseed(seed)(run)()
        took = time.perf_counter() - t0
    print(f"{args.examples} mutated examples in {took:.0f} s (seed {seed}): {len(found)} distinct failure(s)")
    out = ROOT / "bench" / "out" / "fuzz"
    if found:
        out.mkdir(parents=True, exist_ok=True)
    for i, (where, n) in enumerate(counts.most_common(), 1):
        (game, name, text), msg = found[where]
        example = out / f"{i}-{game}-{name}"
        example.write_text(text, "utf-8")
        print(f"{n:5d} x {where}: {msg[:160]}\n        reproduce: copy {example.relative_to(ROOT)} over content/{game}/{name}")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
