"""Resolve a component's faces in worker processes while this process draws them (`pnp build -j N`).

Resolving a face (templates, text fitting, QR matrices, the print lint's measurements) is most of a
card's cost and needs nothing from the PDF; drawing needs the one document (fonts are subset once, a
shared back is one form). So workers resolve chunks of cards and hand back finished faces, and the
writer places them in deck order: the PDF's bytes are the same whatever the number of workers.

Workers are forked from the process that prepared the game, so they start with its fonts registered,
its game loaded and its templates compiled, at no cost. Where the platform cannot fork (Windows, and
macOS by default), or for a small component where a pool costs more than it saves, faces are resolved
here, one after another, as before.
"""
from __future__ import annotations

import multiprocessing
import os
from collections import deque

MIN_FACES = 256     # a component with fewer copies is resolved in this process
CHUNK_MAX = 64      # cards per task: small enough to keep every worker busy to the end

_STATE = None       # (prep, resolver, lang): what forked workers inherit


def cores() -> int:
    """The cores this process may use (the default for --jobs)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def default_jobs() -> int:
    """The default for --jobs: every core this process may use (as make -j and cargo do). On a machine
    other work keeps busy the workers only add the cost of handing faces over; `-j 1` is for that."""
    return cores()


def can_fork() -> bool:
    return "fork" in multiprocessing.get_all_start_methods()


def worth_it(comp, jobs: int, cache) -> bool:
    """Whether `comp`'s faces are resolved by workers: several jobs, a fork, enough cards, no session
    cache (a warm session re-resolves few faces: its cost is elsewhere)."""
    return jobs > 1 and cache is None and comp.total >= MIN_FACES and can_fork()


def faces(prep, lang, resolver, comp, jobs: int):
    """(front, back) pairs of `comp` in deck order, as `pnp.pipeline.build.faces` yields them, resolved by
    `jobs` forked workers. Problems and findings join `resolver`'s. After the first chunk with a
    problem the rest is resolved here, so problems are reported exactly as a one-process build does."""
    from concurrent.futures import ProcessPoolExecutor

    from pnp.pipeline import build
    from pnp.layout import qr
    from pnp.lint import geometry, sets
    global _STATE
    n = len(comp.items)
    size = max(8, min(CHUNK_MAX, -(-n // (jobs * 6))))
    chunks = [(lo, min(n, lo + size)) for lo in range(0, n, size)]
    _STATE = (prep, resolver, lang)
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("fork"),
                               initializer=_quiet)
    ok = False
    try:
        todo, running = deque(chunks), deque()
        while todo or running:
            while todo and len(running) < 2 * jobs:   # a few chunks ahead: memory stays flat
                lo, hi = todo.popleft()
                running.append((lo, hi, pool.submit(_chunk, comp.id, lo, hi)))
            lo, hi, fut = running.popleft()
            got, problems, findings, new_qr, fonts = fut.result()
            qr.merge(new_qr)
            prep.fonts.need(fonts)     # the fonts the worker registered for these faces: drawn here
            resolver.findings |= findings
            if problems:   # from here on, as one process would: the same problems, said once
                for fut2 in running:
                    fut2[2].cancel()
                yield from build.faces(prep, lang, resolver, comp, items=range(lo, n))
                break
            for f, f_ink, f_rec, b, b_ink, b_rec in got:
                geometry.remember(f.pieces, f_ink)
                if f_rec is not None:
                    sets.remember(f, f_rec)
                if b is not None:
                    geometry.remember(b.pieces, b_ink)
                    if b_rec is not None:
                        sets.remember(b, b_rec)
                yield f, b
        ok = True
    finally:
        _STATE = None
        if ok:
            pool.shutdown()
        else:        # an error or Ctrl-C here: the workers stop now, not after their chunk
            stop_now(pool)


def _quiet():
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl-C is the writer's to handle
    die_with_parent()


def stop_now(pool) -> None:
    """Shut a ProcessPoolExecutor down without waiting for its running tasks: after an error or Ctrl-C
    its workers are terminated, not left to finish their chunk, game or font."""
    for proc in list((getattr(pool, "_processes", None) or {}).values()):
        proc.terminate()
    pool.shutdown(wait=False, cancel_futures=True)


def die_with_parent() -> None:
    """In a worker process: end when the process that started it ends, even killed by SIGKILL (which
    leaves it no time to stop its workers; they would wait on their task queue for ever, each holding
    its memory). On Linux the kernel kills the worker (prctl PR_SET_PDEATHSIG); elsewhere a thread
    looks at the parent every second."""
    import signal
    parent = os.getppid()
    try:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.prctl(1, signal.SIGKILL, 0, 0, 0) == 0:   # 1: PR_SET_PDEATHSIG
            if os.getppid() != parent:                    # the parent ended before that took effect
                os._exit(1)
            return
    except (OSError, AttributeError, TypeError):
        pass
    import threading
    import time

    def watch():
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)
    threading.Thread(target=watch, name="pnp-parent-watch", daemon=True).start()


def _chunk(comp_id: str, lo: int, hi: int):
    """In a worker: the faces of cards lo..hi-1 with their ink boxes, and what resolving them found."""
    from pnp.pipeline import build
    from pnp.layout import qr
    from pnp.core.pieces import Stencil
    from pnp.lint import geometry, sets
    prep, resolver, lang = _STATE
    comp = prep.game.components[comp_id]
    problems, findings = set(resolver.problems), set(resolver.findings)
    observed, edges = resolver.lint.on("colour-only"), resolver.lint.on("bleed") and sets.butted(comp)

    def made(face):   # the face, its ink boxes, what the set rules keep of it; QR bitmaps as PDF data
        if face is None:
            return None, None, None
        for p in face.pieces:
            if isinstance(p, Stencil):
                p.hexrows
        return face, geometry.boxes(face.pieces), sets.record(face, edges) if observed else None
    out = []
    for f, b in build.faces(prep, lang, resolver, comp, items=range(lo, hi)):
        out.append(made(f) + made(b))
    return out, resolver.problems - problems, resolver.findings - findings, qr.take_new(), set(prep.fonts.names.values())


_LANG = None        # the function a forked language process runs (see languages)


def languages(langs, one, jobs: int) -> dict:
    """Build each language of a game in its own forked process (after the game is prepared: the rules
    ran once), `one(lang, file, jobs)` writing its PDF into memory; returns lang → what `outcome`
    reads. The caller writes the files in language order and raises the first language's error, so
    the files and messages are those of one process building the languages one after another."""
    from concurrent.futures import ProcessPoolExecutor
    global _LANG
    _LANG = one
    share = max(1, jobs // len(langs))          # the cores each language may use for its own workers
    pool = ProcessPoolExecutor(max_workers=min(jobs, len(langs)), mp_context=multiprocessing.get_context("fork"),
                               initializer=_quiet)
    ok = False
    try:
        futures = {lang: pool.submit(_language, lang, share) for lang in langs}
        out = {lang: fut.result() for lang, fut in futures.items()}
        ok = True
        return out
    finally:
        _LANG = None
        if ok:
            pool.shutdown()
        else:
            stop_now(pool)


def _language(lang, jobs):
    """In a forked process: one language's PDF bytes and what the manifest needs, or its error."""
    import io
    from pnp.pipeline.build import RuleErrors
    from pnp.core.errors import Problems
    from pnp.layout import qr
    buf = io.BytesIO()
    try:
        comps_info, pages, found, fonts = _LANG(lang, buf, jobs)
    except Problems as e:
        return "problems", (e.problems, getattr(e, "findings", None)), qr.take_new()
    except RuleErrors as e:
        return "rules", e.findings, qr.take_new()
    return "ok", (buf.getvalue(), comps_info, pages, found, fonts), qr.take_new()


def outcome(made):
    """(PDF bytes, components, pages, findings, fonts) of one language built by `languages`, or its error raised."""
    from pnp.pipeline.build import RuleErrors
    from pnp.core.errors import Problems
    from pnp.layout import qr
    kind, payload, new_qr = made
    qr.merge(new_qr)
    if kind == "problems":
        e = Problems(payload[0])
        if payload[1] is not None:
            e.findings = payload[1]
        raise e
    if kind == "rules":
        raise RuleErrors(payload)
    return payload
