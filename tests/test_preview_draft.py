"""`pnp preview --draft`: the face as `pnp build --draft` prints it (a missing picture as a box with its
file name, overflowing text flagged, errors as warnings), into a `.draft.png`; without it, it stops."""
import numpy as np
from PIL import Image

from conftest import run_pnp
from test_draft import project


def test_preview_stops_without_draft_and_shows_placeholders_with_it(tmp_path):
    root = project(tmp_path)
    out = tmp_path / "out"
    r = run_pnp("--project", root, "preview", "solo", "two", "--dpi", "60", "--out", out)
    assert r.returncode == 2 and "art/two.png" in r.stderr and "Traceback" not in r.stderr
    r = run_pnp("--project", root, "preview", "solo", "two", "--dpi", "60", "--draft", "--out", out)
    assert r.returncode == 0, r.stderr
    assert "warning: image `art/two.png`: the file does not exist — printed as a placeholder" in r.stderr
    assert "warning: text of `name` overflows" in r.stderr
    path = r.stdout.strip()
    assert path.endswith("two.en.front.draft.png") and not (out / "solo" / "preview" / "two.en.front.png").exists()
    img = np.asarray(Image.open(path).convert("RGB")).astype(int)
    red = (img[..., 0] > 180) & (img[..., 1] < 80) & (img[..., 2] < 80)
    assert red.sum() > 20                                     # the red corner flag of the overflowing text
    r = run_pnp("--project", root, "preview", "solo", "--sheet", "--dpi", "40", "--draft", "--out", out)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip().endswith("solo.en.sheet.draft.png")
