"""What `pnp build --draft` prints instead of stopping: a placeholder box for a missing picture, and a
red flag on a text box whose text overflows (the text itself printed at its minimum size)."""
from __future__ import annotations

from pnp.core.pieces import Shape
from pnp.core.units import MM

FLAG = "#e00000"


def overflow_flag(x: float, y: float, w: float) -> Shape:
    """A red triangle in the top-right corner of the text box (top-left origin, points)."""
    s = min(3 * MM, w / 3)
    return Shape(ops=(("M", x + w - s, y), ("L", x + w, y), ("L", x + w, y + s), ("Z",)), fill=FLAG, stroke=None,
                 width=0.0, dash=None, role="art", opacity=1.0)


def placeholder(p: dict, env, src: str) -> list:
    """A grey box crossed corner to corner, with the missing file's name in it."""
    x, y, w, h = p["x"], p["y"], p["w"], p["h"]
    box = Shape(ops=(("R", x, y, w, h, 0.0),), fill="#eeeeee", stroke="#888888", width=0.5, dash=(2.0, 2.0),
                role="art", opacity=1.0)
    cross = Shape(ops=(("M", x, y), ("L", x + w, y + h), ("M", x + w, y), ("L", x, y + h)), fill=None,
                  stroke="#bbbbbb", width=0.5, dash=None, role="art", opacity=1.0)
    lp = dict(p, text=str(src), size=7.0, min_size=4.0, color="#444444", align="center", valign="middle",
              font="sans", leading=1.2, bold=False)
    return [box, cross] + env.text(str(src), lp)
