"""What the commands share: `--back-offset` (build, calibrate, watch); the exit codes and how bad input
ends a command are pnp.core.exits (export and the studio end the same way). Each command module imports
this one and it imports none of them, so no command module has to import the CLI back."""
from __future__ import annotations

import math

from pnp.core.errors import Pos, Problem, Problems

def back_offset_points(text: str) -> tuple[float, float]:
    """`--back-offset X,Y` in mm → points; anything else is bad input."""
    try:
        x, y = (float(v) for v in text.split(","))
        if not all(math.isfinite(v) and abs(v) <= 50 for v in (x, y)):
            raise ValueError
        return (x * 72 / 25.4, y * 72 / 25.4)
    except ValueError:
        raise Problems([Problem(Pos("--back-offset"), f"`{text}` is not X,Y in mm (each within ±50 mm)",
                                "write e.g. `0.5,-1`")]) from None


PAPER_HELP = ("Paper: a4, letter, a3, a5, legal, tabloid (11 x 17 in), or custom:WxH in mm (e.g. custom:210x148); "
              "names the file: <game>.<lang>.a3.pdf, <game>.<lang>.custom-210x148.pdf.")


def _paper(ctx, param, value):
    from pnp.core.exits import fail_input
    from pnp.impose.page import PaperError, paper_key
    try:
        return paper_key(value)
    except PaperError as e:
        fail_input(Problems([Problem(Pos("--paper"), *e.args)]))


def paper_option(help_text: str = PAPER_HELP):
    """`--paper` for every command that prints (build, watch, calibrate, report): a paper key, checked."""
    import click
    return click.option("--paper", default="a4", show_default=True, callback=_paper, metavar="PAPER",
                        help=help_text)
