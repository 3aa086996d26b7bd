"""A game's languages built side by side, each in a process forked after the game is prepared."""
from __future__ import annotations

import multiprocessing

from pnp.core.processes import quiet_worker, stop_now

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
                               initializer=quiet_worker)
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
    from pnp.core.findings import RuleErrors
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
    from pnp.core.findings import RuleErrors
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
