"""Icons files are untrusted data too: every number of an icon is finite and bounded (a box of 1e-300
or a circle of radius 1e300 ended in a reportlab traceback)."""
from __future__ import annotations

import pytest

from pnp.core.errors import Problems
from pnp.layout.icons import load_icons


@pytest.mark.parametrize("icon, says", [
    ("box: 1e-300\n  shapes:\n    - {circle: [50, 50, 10]}", "`box` is"),
    ("box: [100, .nan]\n  shapes:\n    - {circle: [50, 50, 10]}", "`box` is"),
    ("shapes:\n    - {circle: [50, 50, 1.0e+300]}", "is not a coordinate"),
    ("shapes:\n    - {rect: [0, 0, .inf, 10]}", "is not a coordinate"),
    ("shapes:\n    - {polygon: [[0, 0], [1.0e+9, 0], [0, 1]]}", "is not a coordinate"),
    ("shapes:\n    - {circle: [50, 50, 10], width: -1}", "stroke width"),
])
def test_unbounded_numbers_are_problems_at_their_line(tmp_path, icon, says):
    f = tmp_path / "layouts" / "common" / "icons.yaml"
    f.parent.mkdir(parents=True)
    f.write_text(f"bad:\n  {icon}\n", "utf-8")
    with pytest.raises(Problems) as e:
        load_icons([f])
    assert says in str(e.value) and "icons.yaml:" in str(e.value)


def test_ordinary_icons_load(tmp_path):
    f = tmp_path / "layouts" / "common" / "icons.yaml"
    f.parent.mkdir(parents=True)
    f.write_text("ok:\n  box: [100, 50]\n  shapes:\n    - {circle: [50, 25, 10], width: 2}\n"
                 "    - {path: 'M 0 0 L 100 50 Z'}\n", "utf-8")
    assert set(load_icons([f])) == {"ok"}
