"""The papers pnp prints on: `--paper` and game.yaml `paper:` keys, their sizes, the names the cover
gives them, and the `--paper` option of every command that prints. Here, at the bottom of the house,
because the content loader checks game.yaml's `paper:`, the imposition (pnp.impose.page) lays sheets
out on them, and `pnp report` (below the commands) takes `--paper` as `pnp build` does."""
from __future__ import annotations

import re

from pnp.core.errors import did_you_mean
from pnp.core.units import MM, SIZES

# The papers `--paper` names (portrait, points), what the cover calls them, and the two home papers
# `pnp check` lints every page on. Any other sheet: `custom-WxH` (mm, as given: 210x148 is landscape).
PAPERS = {k: (SIZES[k][0] * MM, SIZES[k][1] * MM) for k in ("a4", "letter", "a3", "a5", "legal", "tabloid")}
PAPER_NAMES = {"a4": "A4", "letter": "US Letter", "a3": "A3", "a5": "A5", "legal": "US Legal",
               "tabloid": "Tabloid (11 x 17 in)"}
HOME_PAPERS = ("a4", "letter")
CUSTOM_MM = (50.0, 2000.0)   # a custom sheet's sides: no smaller than a small card, no larger than a board
_CUSTOM = re.compile(r"^custom[:\-]\s*(\d+(?:\.\d+)?)\s*x\s*(\d+(?:\.\d+)?)\s*(?:mm)?$")


class PaperError(ValueError):
    """A paper that cannot be: the message says what is wrong and what to write."""


def paper_key(value) -> str:
    """A paper as written → its key, which names the output files: `A3` → `a3`; `custom:210x148`,
    `custom-210x148` or `{custom: [210, 148]}` (mm) → `custom-210x148`."""
    if isinstance(value, dict) and set(value) == {"custom"}:
        dims = value["custom"]
        if not (isinstance(dims, (list, tuple)) and len(dims) == 2
                and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in dims)):
            raise PaperError(f"`custom: {dims}` is not a width and a height in mm", "write `custom: [210, 148]`")
        w, h = (float(v) for v in dims)
    elif isinstance(value, str) and value.strip().lower() in PAPERS:
        return value.strip().lower()
    elif isinstance(value, str) and _CUSTOM.match(value.strip().lower()):
        w, h = (float(v) for v in _CUSTOM.match(value.strip().lower()).groups())
    else:
        close = did_you_mean(value.strip().lower(), PAPERS) if isinstance(value, str) else ""
        raise PaperError(f"`{value}` is not a paper", close if close.startswith("did you mean") else
                         f"write one of {', '.join(PAPERS)}, or `custom:WxH` in mm (e.g. `custom:210x148`; in "
                         "game.yaml also `{custom: [210, 148]}`)")
    lo, hi = CUSTOM_MM
    if not (lo <= w <= hi and lo <= h <= hi):
        raise PaperError(f"a custom paper of {w:g} x {h:g} mm is {'too small' if min(w, h) < lo else 'too large'}",
                         f"give each side from {lo:g} to {hi:g} mm")
    return f"custom-{w:g}x{h:g}"


def paper_size(key: str) -> tuple[float, float]:
    """The width and height (points) of a paper key (`a4`, `custom-210x148`)."""
    if key in PAPERS:
        return PAPERS[key]
    m = _CUSTOM.match(key)
    if not m:
        raise PaperError(f"`{key}` is not a paper", f"write one of {', '.join(PAPERS)} or `custom:WxH`")
    return float(m.group(1)) * MM, float(m.group(2)) * MM


def paper_name(key: str) -> str:
    """What the cover calls a paper: `A3`, `custom 210 x 148 mm`."""
    if key in PAPER_NAMES:
        return PAPER_NAMES[key]
    w, h = paper_size(key)
    return f"custom {w / MM:g} x {h / MM:g} mm"


PAPER_HELP = ("Paper: a4, letter, a3, a5, legal, tabloid (11 x 17 in), or custom:WxH in mm (e.g. custom:210x148); "
              "names the file: <game>.<lang>.a3.pdf, <game>.<lang>.custom-210x148.pdf. Default: the game's "
              "`paper:` in game.yaml, else a4.")


def _paper(ctx, param, value):
    from pnp.core.errors import Pos, Problem, Problems
    from pnp.core.exits import fail_input
    if value is None:   # not given: each game's own `paper:` (pnp.pipeline.build), else a4
        return None
    try:
        return paper_key(value)
    except PaperError as e:
        fail_input(Problems([Problem(Pos("--paper"), *e.args)]))


def paper_option(help_text: str = PAPER_HELP):
    """`--paper` for every command that prints (build, watch, calibrate, report): a paper key, checked, or
    None when not given (the game's `paper:`, else a4)."""
    import click
    return click.option("--paper", default=None, callback=_paper, metavar="PAPER", help=help_text)
