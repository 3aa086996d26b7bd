"""SVG path data (`M L H V C S Q T Z`, absolute and relative) to Shape ops, scaled and moved."""
from __future__ import annotations

import re

_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtZzAa]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "Z": 0}


class PathError(ValueError):
    pass


def parse(d: str, sx=1.0, sy=1.0, dx=0.0, dy=0.0) -> tuple:
    tokens = _TOKEN.findall(d)
    if "".join(tokens).replace(" ", "") == "" and d.strip():
        raise PathError(f"no path commands in `{d[:30]}`")
    ops, i = [], 0
    cx = cy = sx0 = sy0 = 0.0
    last_ctrl = None
    cmd = None

    def pt(x, y):
        return (dx + x * sx, dy + y * sy)

    while i < len(tokens):
        tok = tokens[i]
        if tok.isalpha():
            cmd = tok
            i += 1
            if cmd in "Aa":
                raise PathError("arcs (`A`) are not supported: draw them with `C` curves or a circle shape")
            if cmd in "Zz":
                ops.append(("Z",))
                cx, cy = sx0, sy0
                last_ctrl = None
                continue
        elif cmd is None:
            raise PathError(f"path data must start with a command such as `M`, found `{tok}`")
        n = _ARGS[cmd.upper()]
        try:
            a = [float(t) for t in tokens[i:i + n]]
        except ValueError:
            raise PathError(f"command `{cmd}` needs {n} numbers") from None
        if len(a) < n:
            raise PathError(f"command `{cmd}` needs {n} numbers")
        i += n
        rel = cmd.islower()
        up = cmd.upper()
        ox, oy = (cx, cy) if rel else (0.0, 0.0)
        if up == "M":
            cx, cy = ox + a[0], oy + a[1]
            sx0, sy0 = cx, cy
            ops.append(("M", *pt(cx, cy)))
            cmd = "l" if rel else "L"
            last_ctrl = None
        elif up in "LHV":
            if up == "L":
                cx, cy = ox + a[0], oy + a[1]
            elif up == "H":
                cx = (cx if rel else 0.0) + a[0]
            else:
                cy = (cy if rel else 0.0) + a[0]
            ops.append(("L", *pt(cx, cy)))
            last_ctrl = None
        elif up in "CS":
            if up == "C":
                x1, y1, x2, y2, x, y = ox + a[0], oy + a[1], ox + a[2], oy + a[3], ox + a[4], oy + a[5]
            else:
                x1, y1 = (2 * cx - last_ctrl[0], 2 * cy - last_ctrl[1]) if last_ctrl else (cx, cy)
                x2, y2, x, y = ox + a[0], oy + a[1], ox + a[2], oy + a[3]
            ops.append(("C", *pt(x1, y1), *pt(x2, y2), *pt(x, y)))
            last_ctrl = (x2, y2)
            cx, cy = x, y
        elif up in "QT":
            if up == "Q":
                qx, qy, x, y = ox + a[0], oy + a[1], ox + a[2], oy + a[3]
            else:
                qx, qy = (2 * cx - last_ctrl[0], 2 * cy - last_ctrl[1]) if last_ctrl else (cx, cy)
                x, y = ox + a[0], oy + a[1]
            c1 = (cx + 2 / 3 * (qx - cx), cy + 2 / 3 * (qy - cy))
            c2 = (x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y))
            ops.append(("C", *pt(*c1), *pt(*c2), *pt(x, y)))
            last_ctrl = (qx, qy)
            cx, cy = x, y
    return tuple(ops)
