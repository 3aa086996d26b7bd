"""Draw the faces of a small synthetic game (tests/lintkit.py) as the print renderer does, and
rasterise them, so a test looks at what prints."""
from __future__ import annotations

import numpy as np
import pypdfium2 as pdfium

import lintkit

PX_PER_MM = 10


def faces(tmp_path, elements, **kw):
    """The Collected export view of game `g` (one deck `c`)."""
    from pnp.export import collect
    return collect(lintkit.project(tmp_path, elements, **kw), "g")


def pixels(col, face=None, card=0) -> np.ndarray:
    """RGB pixels (int) of one face's trim area at PX_PER_MM; rows top to bottom."""
    from pnp.export import faces_pdf
    f = face or col.decks[0].cards[card].front
    pdf = pdfium.PdfDocument(faces_pdf([f], col.fonts.name("sans")))
    scale = PX_PER_MM * 25.4 / 72
    img = np.asarray(pdf[0].render(scale=scale).to_pil().convert("RGB")).astype(int)
    b = round(f.bleed * scale)
    return img[b:b + round(f.h * scale), b:b + round(f.w * scale)]


def draw(tmp_path, elements, **kw) -> np.ndarray:
    return pixels(faces(tmp_path, elements, **kw))


def problems(tmp_path, elements, **kw) -> list[str]:
    """The problem messages (exit 2) that resolving the game gives."""
    from pnp.core.errors import Problems
    try:
        faces(tmp_path, elements, **kw)
    except Problems as e:
        return [str(p) for p in e.problems]
    return []


def box_of(mask: np.ndarray):
    """(x0, y0, x1, y1) in mm of the True pixels of a mask, or None."""
    ys, xs = np.nonzero(mask)
    if not len(xs):
        return None
    return xs.min() / PX_PER_MM, ys.min() / PX_PER_MM, (xs.max() + 1) / PX_PER_MM, (ys.max() + 1) / PX_PER_MM
