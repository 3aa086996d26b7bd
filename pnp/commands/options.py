"""What the commands share: `--back-offset` (build, calibrate, watch); the exit codes and how bad input
ends a command are pnp.core.exits (export and the studio end the same way). Each command module imports
this one and it imports none of them, so no command module has to import the CLI back."""
from __future__ import annotations

import math

from pnp.core.errors import Pos, Problem, Problems
# `--paper` is shared with `pnp report`, a floor below the commands: it lives with the papers
from pnp.core.papers import PAPER_HELP, paper_option  # noqa: F401


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
