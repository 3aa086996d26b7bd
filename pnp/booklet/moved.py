"""Pieces of a booklet page moved into place: a laid-out line shifted to where its page puts it."""
from __future__ import annotations

import dataclasses

from pnp.core.pieces import Image, Run, Shape, Stencil


def shift(pieces, dx: float, dy: float) -> list:
    out = []
    for p in pieces:
        t = type(p)
        if t is Run or t is Image or t is Stencil:
            out.append(_moved(p, x=p.x + dx, y=p.y + dy))
        elif t is Shape:
            out.append(_moved(p, ops=tuple(_shift_op(op, dx, dy) for op in p.ops),
                              gradient=p.gradient and p.gradient.shifted(dx, dy)))
        elif isinstance(p, (Run, Image, Stencil)):
            out.append(dataclasses.replace(p, x=p.x + dx, y=p.y + dy))
        elif isinstance(p, Shape):
            out.append(dataclasses.replace(p, ops=tuple(_shift_op(op, dx, dy) for op in p.ops),
                                           gradient=p.gradient and p.gradient.shifted(dx, dy)))
    return out


def _moved(p, **changes):
    """`dataclasses.replace` for the pieces (frozen, nothing computed on creation) at a tenth of the
    cost: a copy of the fields with some changed."""
    q = object.__new__(type(p))
    d = q.__dict__
    d.update(p.__dict__)
    d.update(changes)
    return q


def _shift_op(op, dx, dy):
    k = op[0]
    if k in ("M", "L"):
        return (k, op[1] + dx, op[2] + dy)
    if k == "C":
        return (k, op[1] + dx, op[2] + dy, op[3] + dx, op[4] + dy, op[5] + dx, op[6] + dy)
    if k == "R":
        return (k, op[1] + dx, op[2] + dy, *op[3:])
    if k == "E":
        return (k, op[1] + dx, op[2] + dy, *op[3:])
    return op


def rect(x, y, w, h, fill=None, stroke=None, width=0.5):
    return Shape((("R", x, y, w, h, 0.0),), fill=fill, stroke=stroke, width=width)
