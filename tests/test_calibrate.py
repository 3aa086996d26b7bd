"""`pnp calibrate`: side 2's zero ticks sit behind side 1's centre lines, and move by --back-offset
(the same convention as `pnp build --back-offset`: + is right and up on the back page)."""
import numpy as np
import pikepdf
import pypdfium2 as pdfium
import pytest

from conftest import run_pnp

DPI = 254
PX_MM = DPI / 25.4


def _red(page):
    a = np.asarray(page.render(scale=DPI / 72).to_pil().convert("RGB")).astype(int)
    return (a[..., 0] > 180) & (a[..., 1] < 90) & (a[..., 2] < 90)


def _pages(tmp_path, *args):
    r = run_pnp("calibrate", *args, "--out", tmp_path)
    assert r.returncode == 0, r.stderr
    assert "--back-offset X,Y" in r.stdout
    return r.stdout.split()[1]


@pytest.mark.parametrize("paper,size", [("a4", (210, 297)), ("letter", (215.9, 279.4))])
def test_zero_ticks_behind_the_centre_lines(tmp_path, paper, size):
    path = _pages(tmp_path, "--paper", paper)
    with pikepdf.open(path) as pdf:
        assert len(pdf.pages) == 2
        for p in pdf.pages:
            w, h = (float(v) * 25.4 / 72 for v in p.MediaBox[2:])
            assert abs(w - size[0]) < 0.1 and abs(h - size[1]) < 0.1
    doc = pdfium.PdfDocument(path)
    front, back = _red(doc[0]), _red(doc[1])
    # side 1: a red line down the whole page at the centre, and one across it
    col = np.flatnonzero(front.sum(axis=0) > front.shape[0] * 0.9)
    row = np.flatnonzero(front.sum(axis=1) > front.shape[1] * 0.9)
    assert col.size and row.size
    # turned over on the long edge, side 1's vertical line lands at the mirrored column
    seen_from_back = front.shape[1] - 1 - col.mean()
    ys, xs = np.nonzero(back)
    assert xs.size, "no red zero ticks on side 2"
    x_tick = xs[ys < row.mean() - 5 * PX_MM].mean()      # the X scale's zero tick, above the centre
    y_tick = ys[xs > col.mean() + 5 * PX_MM].mean()      # the Y scale's zero tick, right of the centre
    assert abs(x_tick - seen_from_back) / PX_MM < 0.15
    assert abs(y_tick - row.mean()) / PX_MM < 0.15


def test_back_offset_moves_side_two(tmp_path):
    base = _red(pdfium.PdfDocument(_pages(tmp_path / "a"))[1])
    moved = _red(pdfium.PdfDocument(_pages(tmp_path / "b", "--back-offset", "1.5,-2"))[1])
    centre_row, centre_col = base.shape[0] / 2, base.shape[1] / 2

    def ticks(m):
        ys, xs = np.nonzero(m)
        return xs[ys < centre_row - 5 * PX_MM].mean(), ys[xs > centre_col + 5 * PX_MM].mean()
    (x0, y0), (x1, y1) = ticks(base), ticks(moved)
    assert abs((x1 - x0) / PX_MM - 1.5) < 0.15          # +X: right
    assert abs((y1 - y0) / PX_MM - 2.0) < 0.15          # −2 in Y: down (image rows grow downwards)


def test_bad_offset_is_a_message(tmp_path):
    r = run_pnp("calibrate", "--back-offset", "1;2", "--out", tmp_path)
    assert r.returncode == 2 and "--back-offset" in r.stderr and "Traceback" not in r.stderr
