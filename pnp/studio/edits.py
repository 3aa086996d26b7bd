"""The bounds of one studio edit request, checked before the session's lock is taken: how many edits a
preview or save may carry (only the last of each field and language counts) and how long it may work
under the lock before it is refused with nothing written."""
from __future__ import annotations

import time

from pnp.studio.files import Refused

MAX_EDITS = 1_000        # edits in one preview or save (a card has a few fields, each in a few languages)
SAVE_SECONDS = 20.0      # the longest a preview or save may work under the lock; past it nothing is written


def distinct(edits) -> list:
    """The edits to make, the last one of each (field, language) only, checked before any lock is taken:
    what a save costs is then bounded by the card's fields, not by the request."""
    if not isinstance(edits, list) or len(edits) > MAX_EDITS:
        raise Refused(400, f"a save takes a list of at most {MAX_EDITS:,} edits: save fewer at once")
    last: dict = {}
    for e in edits:
        key = (e.get("field"), e.get("lang")) if isinstance(e, dict) else None
        if not all(k is None or isinstance(k, str) for k in key or (0,)):
            raise Refused(400, "an edit must be {field, lang, value} with text for its field and language")
        last.pop(key, None)
        last[key] = e
    return list(last.values())


def in_time(end: float | None):
    if end is not None and time.monotonic() > end:
        raise Refused(503, f"the edit took longer than {SAVE_SECONDS:g} s, so nothing was written — "
                           "edit fewer fields at once, or make the file smaller")
