"""SVG path data (`M L H V C S Q T A Z`, absolute and relative) to Shape ops, scaled and moved.
Arcs become cubic Béziers (at most 90° each), per the SVG arc implementation notes. Every number
given must be finite and within ±MAX_NUMBER, every point made within 5 m (checks.MAX_LENGTH): no
`inf` or `nan` reaches a PDF, and no number too large for it."""
from __future__ import annotations

import math
import re

from pnp.layout.checks import MAX_LENGTH

_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtZzAa]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARGS = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2, "A": 7, "Z": 0}
MAX_NUMBER = 1e9   # squares (arc radii) stay far from overflow


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
            if cmd in "Zz":
                ops.append(("Z",))
                cx, cy = sx0, sy0
                last_ctrl = None
                continue
        elif cmd is None:
            raise PathError(f"path data must start with a command such as `M`, found `{tok}`")
        n = _ARGS[cmd.upper()]
        if n == 0:   # numbers after `Z` (read as more `Z`s they would loop for ever)
            raise PathError(f"`{cmd}` takes no numbers, found `{tok}`: start the next part with a command such as `M`")
        try:
            a = [float(t) for t in tokens[i:i + n]]
        except ValueError:
            raise PathError(f"command `{cmd}` needs {n} numbers") from None
        if len(a) < n:
            raise PathError(f"command `{cmd}` needs {n} numbers")
        if not all(-MAX_NUMBER <= v <= MAX_NUMBER for v in a):
            raise PathError(f"command `{cmd}` has a number that is not finite or beyond ±{MAX_NUMBER:,.0f}: "
                            f"`{' '.join(tokens[i:i + n])}`")
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
        elif up == "A":
            x, y = ox + a[5], oy + a[6]
            if a[3] not in (0, 1) or a[4] not in (0, 1):
                raise PathError(f"arc flags must be 0 or 1, found `{a[3]:g}` and `{a[4]:g}`")
            for c in arc(cx, cy, a[0], a[1], a[2], bool(a[3]), bool(a[4]), x, y):
                ops.append(("C", *pt(c[0], c[1]), *pt(c[2], c[3]), *pt(c[4], c[5])))
            last_ctrl = None
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
    for op in ops:
        if not all(-MAX_LENGTH <= v <= MAX_LENGTH for v in op[1:]):   # also NaN
            raise PathError(f"the path reaches beyond 5 m (a point at {max(op[1:], key=abs):.3g} pt), past any page")
    return tuple(ops)


def arc(x1, y1, rx, ry, phi_deg, large, sweep, x2, y2) -> list:
    """Cubic Bézier segments (x1', y1', x2', y2', x, y) of an SVG elliptical arc from (x1, y1)."""
    if (x1, y1) == (x2, y2):
        return []
    rx, ry = abs(rx), abs(ry)
    if rx * rx == 0 or ry * ry == 0:   # (also radii too small to square in floats)
        return [(x1, y1, x2, y2, x2, y2)]   # a straight line, as SVG says
    phi = math.radians(phi_deg % 360)
    cp, sp = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    xp, yp = cp * dx + sp * dy, -sp * dx + cp * dy
    lam = xp * xp / (rx * rx) + yp * yp / (ry * ry)
    if not math.isfinite(lam):   # radii next to nothing against the distance: a straight line
        return [(x1, y1, x2, y2, x2, y2)]
    if lam > 1:   # radii too small: scaled up just enough
        rx, ry = rx * math.sqrt(lam), ry * math.sqrt(lam)
    num = rx * rx * ry * ry - rx * rx * yp * yp - ry * ry * xp * xp
    den = rx * rx * yp * yp + ry * ry * xp * xp
    if not den > 0:   # radii or distance too small to square in floats: a straight line
        return [(x1, y1, x2, y2, x2, y2)]
    k = math.sqrt(max(0.0, num / den)) * (-1 if large == sweep else 1)
    cxp, cyp = k * rx * yp / ry, -k * ry * xp / rx
    ccx = cp * cxp - sp * cyp + (x1 + x2) / 2
    ccy = sp * cxp + cp * cyp + (y1 + y2) / 2

    def angle(ux, uy, vx, vy):
        return math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)
    t1 = angle(1, 0, (xp - cxp) / rx, (yp - cyp) / ry)
    dt = angle((xp - cxp) / rx, (yp - cyp) / ry, (-xp - cxp) / rx, (-yp - cyp) / ry)
    if not sweep and dt > 0:
        dt -= 2 * math.pi
    elif sweep and dt < 0:
        dt += 2 * math.pi
    n = max(1, math.ceil(abs(dt) / (math.pi / 2) - 1e-9))
    step = dt / n
    alpha = 4 / 3 * math.tan(step / 4)
    out = []

    def point(t):
        ex, ey = rx * math.cos(t), ry * math.sin(t)
        return ccx + cp * ex - sp * ey, ccy + sp * ex + cp * ey

    def deriv(t):
        ex, ey = -rx * math.sin(t), ry * math.cos(t)
        return cp * ex - sp * ey, sp * ex + cp * ey
    t = t1
    for i in range(n):
        t_next = t + step
        p0, p3 = point(t), point(t_next)
        d0, d3 = deriv(t), deriv(t_next)
        if i == n - 1:
            p3 = (x2, y2)
        out.append((p0[0] + alpha * d0[0], p0[1] + alpha * d0[1], p3[0] - alpha * d3[0], p3[1] - alpha * d3[1], *p3))
        t = t_next
    return out
