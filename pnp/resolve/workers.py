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
from collections import deque

from pnp.core.processes import quiet_worker, can_fork, stop_now

MIN_FACES = 256     # a component with fewer copies is resolved in this process
CHUNK_MAX = 64      # cards per task: small enough to keep every worker busy to the end

_STATE = None       # (prep, resolver, lang): what forked workers inherit


def worth_it(comp, jobs: int, cache) -> bool:
    """Whether `comp`'s faces are resolved by workers: several jobs, a fork, enough cards, no session
    cache (a warm session re-resolves few faces: its cost is elsewhere)."""
    return jobs > 1 and cache is None and comp.total >= MIN_FACES and can_fork()


def faces(prep, lang, resolver, comp, jobs: int):
    """(front, back) pairs of `comp` in deck order, as `pnp.resolve.faces.faces` yields them, resolved by
    `jobs` forked workers. Problems and findings join `resolver`'s. After the first chunk with a
    problem the rest is resolved here, so problems are reported exactly as a one-process build does."""
    from concurrent.futures import ProcessPoolExecutor

    from pnp.resolve import faces as component
    from pnp.layout import qr
    from pnp.lint import geometry, sets
    global _STATE
    n = len(comp.items)
    size = max(8, min(CHUNK_MAX, -(-n // (jobs * 6))))
    chunks = [(lo, min(n, lo + size)) for lo in range(0, n, size)]
    _STATE = (prep, resolver, lang)
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("fork"),
                               initializer=quiet_worker)
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
                yield from component.faces(prep, lang, resolver, comp, items=range(lo, n))
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


def _chunk(comp_id: str, lo: int, hi: int):
    """In a worker: the faces of cards lo..hi-1 with their ink boxes, and what resolving them found."""
    from pnp.resolve import faces as component
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
    for f, b in component.faces(prep, lang, resolver, comp, items=range(lo, hi)):
        out.append(made(f) + made(b))
    return out, resolver.problems - problems, resolver.findings - findings, qr.take_new(), set(prep.fonts.names.values())
