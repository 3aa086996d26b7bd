"""Booklet tables (`flow.Flow` hands them here): rows laid out as units whose column widths come from
their cells' content, a header row repeated at the top of a page, rows never split."""
from __future__ import annotations

from pnp.core.pieces import Shape
from pnp.booklet.moved import rect, shift
from pnp.booklet.unit import Unit


def units(flow, b, x, w) -> list:
    """A table's rows as units: column widths from their content (`_columns`), the header row bold and
    repeated after a page break (`Unit.header`), striped rows, and never one row alone at a page's top."""
    body, head = flow.st["table"], flow.st["table_head"]
    pad = body.pad
    ncol = max([len(b.head)] + [len(r) for r in b.rows])
    rows = [list(b.head) + [""] * (ncol - len(b.head))] + [list(r) + [""] * (ncol - len(r)) for r in b.rows]
    nat, least = [0.0] * ncol, [0.0] * ncol
    for ri, row in enumerate(rows):
        for c, cell in enumerate(row):
            tw, lw = flow.text_width(cell, head if ri == 0 else body)
            nat[c], least[c] = max(nat[c], tw + 2 * pad), max(least[c], lw + 2 * pad)
    widths = _columns(nat, least, w)
    aligns = (b.align + ["left"] * ncol)[:ncol]
    out = []
    header = None
    for ri, row in enumerate(rows):
        st = head if ri == 0 else body
        cells, hmax = [], 0.0
        cx = x
        for c, cell in enumerate(row):
            lines = flow.lines(cell, st, cx + pad, widths[c] - 2 * pad, align=aligns[c]) if cell else []
            pieces, yy = [], pad
            for ln in lines:
                pieces += shift(ln.pieces, 0, yy)
                yy += ln.h
            cells.append(pieces)
            hmax = max(hmax, yy + pad)
            cx += widths[c]
        u = Unit(max(hmax, st.size * st.leading + 2 * pad))
        if ri == 0 and head.fill:
            u.pieces.append(rect(x, 0, sum(widths), u.h, fill=head.fill))
        elif ri % 2 == 0 and body.fill:
            u.pieces.append(rect(x, 0, sum(widths), u.h, fill=body.fill))
        for pc in cells:
            u.pieces += pc
        rule = head.stroke if ri == 0 else body.stroke
        if rule:
            u.pieces.append(Shape((("M", x, u.h), ("L", x + sum(widths), u.h)), stroke=rule, width=0.8 if ri == 0 else 0.3))
        if ri == 0:
            u.before, u.keep_next = body.before, True
            header = u
        else:
            u.header = header
        out.append(u)
    out[-1].h += body.after
    if len(out) > 2:
        out[-2].keep_next = True     # never one row alone at the top of a page (Clue's hand-size table)
    return out


def _columns(nat, least, avail):
    """Column widths: natural widths when they fit (stretched to the full width). Else short columns
    (a quarter of the width or less: numbers, names, CJK labels that would wrap one character a line)
    keep their natural width, and the long ones share the rest in proportion to their natural widths,
    each keeping its longest word."""
    total = sum(nat)
    if total <= avail:
        return [n + (avail - total) * n / total for n in nat] if total else nat
    short = [n <= avail / 4 for n in nat]
    rest = [i for i, sh in enumerate(short) if not sh]
    fixed = sum(n for n, sh in zip(nat, short) if sh)
    if rest and fixed + sum(least[i] for i in rest) <= avail:
        room = avail - fixed - sum(least[i] for i in rest)
        extra = sum(nat[i] - least[i] for i in rest) or 1.0
        return [nat[i] if short[i] else least[i] + room * (nat[i] - least[i]) / extra for i in range(len(nat))]
    least_total = sum(least)
    if least_total >= avail:
        return [v * avail / least_total for v in least]
    extra = sum(n - m for n, m in zip(nat, least)) or 1.0
    return [m + (avail - least_total) * (n - m) / extra for n, m in zip(nat, least)]
