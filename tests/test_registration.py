"""Backs register with fronts: rasterise a front sheet and its back sheet, simulate turning the paper
over (mirror on the flip edge), and compare where each card's trim box lands."""
import numpy as np
import pypdfium2 as pdfium
import pytest

from conftest import run_pnp

DPI = 254  # 0.1 mm per pixel
PX_MM = DPI / 25.4
COLORS = ["#ff0000", "#00ff00", "#0000ff", "#ffff00", "#ff00ff", "#00ffff", "#800000", "#008000", "#000080",
          "#808000", "#800080"]


def _project(tmp_path, size="poker"):
    root = tmp_path / "proj"
    (root / "content" / "reg").mkdir(parents=True)
    (root / "layouts" / "reg").mkdir(parents=True)
    cards = "\n".join(f"  - {{id: c{i}, color: \"{c}\"}}" for i, c in enumerate(COLORS))
    (root / "content" / "reg" / "game.yaml").write_text(f"""
id: reg
title: Registration
languages: [en]
lint: {{out-of-bounds: warn}}   # the grey fill is oversized on purpose: the clip to the bleed is under test
components:
  cards:
    title: Cards
    cards: cards.yaml
    front: reg/face
    back: reg/face
    fields: {{color: str}}
""")
    (root / "content" / "reg" / "cards.yaml").write_text("cards:\n" + cards + "\n")
    (root / "layouts" / "reg" / "face.yaml").write_text(f"""
size: {size}
bleed: 3mm
elements:
  bleed: {{type: rect, x: -3, y: -3, w: 200, h: 200, fill: "#808080"}}
  trim: {{type: rect, x: 0, y: 0, w: 63, h: 88, fill: "{{{{ card.color }}}}"}}
""")
    return root


def _boxes(img: np.ndarray) -> dict:
    """Bounding box (px) of each card colour; anti-aliased edge pixels do not match exactly."""
    packed = (img[..., 0].astype(np.int32) << 16) | (img[..., 1].astype(np.int32) << 8) | img[..., 2]
    out = {}
    for c in COLORS:
        mask = packed == int(c[1:], 16)
        if mask.any():
            cols, rows = np.flatnonzero(mask.any(axis=0)), np.flatnonzero(mask.any(axis=1))
            out[c] = (cols[0], rows[0], cols[-1] + 1, rows[-1] + 1)
    return out


@pytest.mark.parametrize("duplex", ["long", "short"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_backs_register_with_fronts(tmp_path, duplex, paper):
    root = _project(tmp_path)
    out = tmp_path / "out"
    r = run_pnp("--project", root, "build", "reg", "--lang", "en", "--paper", paper, "--duplex", duplex, "--no-cover",
                "--out", out)
    assert r.returncode == 0, r.stderr
    name = f"reg.en.{paper}.pdf" if duplex == "long" else f"reg.en.{paper}.{duplex}.pdf"   # the mode names the file
    pdf = pdfium.PdfDocument(str(out / "reg" / name))
    assert len(pdf) == 4  # 11 cards: 9 + 2, each sheet followed by its backs
    for front_i, back_i in ((0, 1), (2, 3)):
        front = np.asarray(pdf[front_i].render(scale=DPI / 72).to_pil().convert("RGB"))
        back = np.asarray(pdf[back_i].render(scale=DPI / 72).to_pil().convert("RGB"))
        # turning the sheet over: a long-edge flip mirrors left↔right, a short-edge flip top↔bottom
        seen_from_front = back[:, ::-1] if duplex == "long" else back[::-1, :]
        fb, bb = _boxes(front), _boxes(seen_from_front)
        assert fb and set(fb) == set(bb)
        for c in fb:
            for a, b in zip(fb[c], bb[c]):
                assert abs(a - b) / PX_MM <= 0.2, f"{c}: back off by {(a - b) / PX_MM:.2f} mm"
            w = (fb[c][2] - fb[c][0]) / PX_MM
            h = (fb[c][3] - fb[c][1]) / PX_MM
            assert abs(w - 63) <= 0.2 and abs(h - 88) <= 0.2, (w, h)


def test_back_offset_moves_backs(tmp_path):
    root = _project(tmp_path)
    out = tmp_path / "out"
    r = run_pnp("--project", root, "build", "reg", "--lang", "en", "--back-offset", "1.5,-2", "--no-cover", "--out", out)
    assert r.returncode == 0, r.stderr
    pdf = pdfium.PdfDocument(str(out / "reg" / "reg.en.a4.pdf"))
    front = _boxes(np.asarray(pdf[0].render(scale=DPI / 72).to_pil().convert("RGB")))
    back = _boxes(np.asarray(pdf[1].render(scale=DPI / 72).to_pil().convert("RGB"))[:, ::-1])
    for c in front:
        # +x on the back page is −x as seen from the front; +y (up) is −y in image rows
        dx = (front[c][0] - back[c][0]) / PX_MM
        dy = (back[c][1] - front[c][1]) / PX_MM
        assert abs(dx - 1.5) <= 0.2 and abs(dy - 2.0) <= 0.2, (c, dx, dy)
