"""Shapes as a user sees them: invisible helper shapes stay invisible, opacity is translucent."""
import numpy as np
import pypdfium2 as pdfium

from pnp.core.pieces import Face, Shape
from pnp import impose
from pnp.render.pdf import PdfWriter

MM = 72 / 25.4


def _render(tmp_path, pieces):
    from pnp.text import fonts
    name = fonts.register(str(fonts.builtin_path("noto-sans-tc")))
    path = tmp_path / "s.pdf"
    face = Face(60 * MM, 60 * MM, 0, tuple(pieces))
    with open(path, "wb") as f:
        w = PdfWriter(f, name, {})
        w.page(next(impose.plan_grid([(face, None)], impose.PAPERS["a4"], "none", outline=False, marks=False)))
        w.close()
    page = next(impose.plan_grid([(face, None)], impose.PAPERS["a4"], "none", outline=False, marks=False))
    slot = page.slots[0]
    img = np.asarray(pdfium.PdfDocument(str(path))[0].render(scale=1).to_pil().convert("RGB")).astype(int)
    top = int(page.h - slot.y - face.h)
    return img[top:top + int(face.h), int(slot.x):int(slot.x + face.w)]


def test_shape_without_fill_or_stroke_draws_nothing(tmp_path):
    img = _render(tmp_path, [Shape((("R", 0, 0, 50 * MM, 50 * MM, 0),), fill=None, stroke=None)])
    assert img.min() >= 250


def test_opacity_is_translucent(tmp_path):
    img = _render(tmp_path, [Shape((("R", 0, 0, 60 * MM, 60 * MM, 0),), fill="#000000", opacity=0.5)])
    h, w, _ = img.shape
    centre = img[h // 2, w // 2]
    assert 100 < centre.mean() < 160, centre
