"""`pnp build` of several games: one process per game when there are cores to spare (the largest game
first, results reported in the order given), or one after another; each game's result is its exit code
and the lines it prints."""
from __future__ import annotations

import time
from pathlib import Path

from pnp.core.errors import Problems
from pnp.core.exits import EXIT_INPUT, EXIT_OK, EXIT_RULES


def build_all(tasks, jobs):
    """(exit code, stdout lines, stderr lines) of each build task (root, game, lang, options)."""
    if jobs > 1 and len(tasks) > 1:
        # games build in separate processes; each writes its own files, so the bytes are the same
        from concurrent.futures import ProcessPoolExecutor
        from pnp.core.progress import Progress
        pool = ProcessPoolExecutor(max_workers=min(jobs, len(tasks)), initializer=_worker_init)
        try:
            with Progress(len(tasks), "games") as bar:
                # the largest game first, so no core waits idle for it at the end; reported in the given order
                futures = {i: pool.submit(_build_one, tasks[i]) for i in sorted(range(len(tasks)), key=lambda i: -_weight(tasks[i]))}
                from concurrent.futures import as_completed
                for _ in as_completed(futures.values()):  # a bar on a terminal once it takes over a second
                    bar.advance()
                results = [futures[i].result() for i in range(len(tasks))]
        except BaseException:  # Ctrl-C (or a broken worker): the workers stop now, not after their game
            from pnp.core.processes import stop_now
            stop_now(pool)
            raise
        pool.shutdown()
        return results
    return [_build_one(t) for t in tasks]


def _weight(task) -> int:
    """A game's expected build time, for ordering: the size of its content and layout text."""
    root, name, _lang, _opts = task
    total = 0
    for folder in (Path(root) / "content" / name, Path(root) / "layouts" / name):
        for p in folder.rglob("*") if folder.is_dir() else ():
            if p.suffix in (".yaml", ".yml", ".md", ".csv", ".tsv"):
                try:
                    total += p.stat().st_size
                except OSError:
                    pass
    return total


def _worker_init():
    import signal
    # Ctrl-C is the main process's to handle: it stops the workers at once and says so. A worker that
    # died of it first would break the pool, and the main process could see that before its own Ctrl-C.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    from pnp.core.processes import die_with_parent
    die_with_parent()


def _build_one(task):
    """Build one game; returns (exit code, lines for stdout, lines for stderr). Runs in a worker."""
    from dataclasses import replace

    from pnp.pipeline.build import Project, RuleErrors, build_game
    from pnp.content.loader import load_game
    root, name, lang, opts = task
    proj = Project(Path(root))
    t0 = time.perf_counter()
    out, err = [], []
    try:
        langs = load_game(proj.content / name).languages if lang == "all" else ((lang,) if lang else ())
        m = build_game(proj, name, replace(opts, langs=langs))
    except Problems as e:
        err += [str(p) for p in e.problems]
        err.append(f"{name}: {len(e.problems)} problem(s) in the input; nothing was written.")
        return EXIT_INPUT, out, err
    except RuleErrors as e:
        err += [str(f) for f in e.findings]
        err.append(f"{name}: {len(e.findings)} rule error(s); nothing was written.")
        return EXIT_RULES, out, err
    for f in m["checks"]["findings"]:
        if f["severity"] != "error":
            err.append(f"{f['file']}:{f['line']}:{f['col']}: {f['severity']}: {f['message']}")
    for pdf in m["pdfs"]:
        if (not langs or pdf["language"] in langs) and opts.paper in (None, pdf["paper"]):
            out.append(f"wrote {opts.out / pdf['path']} ({pdf['pages']} pages)")
    out.append(f"{name}: ok in {time.perf_counter() - t0:.2f} s")
    return EXIT_OK, out, err
