"""The `px` unit (issue 28): a pixel at the layout's `dpi:` (default 300, inherited through `extends`), in
every length the layout draws; a bad `dpi:` is an error at its line."""
from __future__ import annotations

import re

import pytest

import facekit
import lintkit
from pnp.commands import docs
from pnp.core import units
from pnp.core.errors import Pos
from pnp.layout.layouts import Layouts


def test_px_is_a_pixel_at_the_dpi_in_force():
    assert units.mm(units.length("150px")) == pytest.approx(12.7)
    with units.at_dpi(150):
        assert units.mm(units.length("150px")) == pytest.approx(25.4)
        assert [round(units.mm(v), 2) for v in units.size(["825px", "1125px"])] == [139.7, 190.5]
    assert units.dpi() == units.DEFAULT_DPI
    with pytest.raises(units.UnitError, match="use mm, cm, in, pt or px"):
        units.length("3em")


@pytest.mark.parametrize("bad", [0, -300, "high", True, 20000])
def test_a_dpi_must_be_a_sensible_number(bad):
    with pytest.raises(units.UnitError, match="dots per inch"):
        units.parse_dpi(bad)


def _layouts(tmp_path, files: dict) -> Layouts:
    for name, text in files.items():
        p = tmp_path / "layouts" / f"{name}.yaml"
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    return Layouts(tmp_path / "layouts")


def test_a_layout_reads_px_at_its_own_dpi_and_a_child_inherits_it(tmp_path):
    ls = _layouts(tmp_path, {
        "g/base": "dpi: 150\nsize: [300px, 450px]\nbleed: 18px\nelements:\n  box: {type: rect, x: 150px, y: 30px, w: 60px, h: 60px}\n",
        "g/child": "extends: g/base\nelements:\n  box: {x: +=15px}\n",
        "g/plain": "size: [750px, 1050px]\nelements:\n  box: {type: rect, x: 0, y: 0, w: 5, h: 5}\n"})
    base, child, plain = (ls.get(n, Pos("t")) for n in ("g/base", "g/child", "g/plain"))
    assert (base.dpi, child.dpi, plain.dpi) == (150, 150, units.DEFAULT_DPI)
    assert [round(units.mm(v), 2) for v in (base.w, base.h, base.bleed)] == [50.8, 76.2, 3.05]
    assert [round(units.mm(v), 2) for v in (plain.w, plain.h)] == [63.5, 88.9]
    assert ls.geometry("g/base")["box"]["x"] == pytest.approx(25.4)
    assert ls.geometry("g/child")["box"]["x"] == pytest.approx(27.94)   # 165 px at 150 dpi


def test_a_bad_dpi_is_reported_at_its_line(tmp_path):
    msgs = facekit.problems(tmp_path, {"r": {"type": "rect", "x": 1, "y": 1, "w": 5, "h": 5}}, size="[40, 40]\ndpi: fast")
    assert any(re.search(r"face\.yaml:2:6: `dpi`: expected a number of dots per inch .*found `fast` — fix `dpi`", m)
               for m in msgs), msgs


def test_elements_are_drawn_at_the_layouts_dpi(tmp_path):
    # 150 px at 300 dpi (the default) is 12.7 mm; the same rect in a 150 dpi layout is twice as far and wide
    for dpi_line, x0, x1 in (("", 12.7, 17.78), ("\ndpi: 150", 25.4, 35.56)):
        px = facekit.draw(tmp_path / f"d{len(dpi_line)}", {"r": {"type": "rect", "x": "150px", "y": "0px", "w": "60px",
                                                                 "h": "60px", "fill": "#000000"}},
                          size="[40, 40]" + dpi_line, bleed="0mm")
        box = facekit.box_of(px.max(axis=2) < 128)
        assert box[0] == pytest.approx(x0, abs=0.15) and box[2] == pytest.approx(x1, abs=0.15)


def test_the_reference_example_of_px_builds(tmp_path):
    text = docs.generate()
    assert "`dpi`" in text.split("Top-level keys:", 1)[1].split("\n", 1)[0]
    example = re.search(r"\*\*Lengths\*\*.*?Example: `(\{.*?\})`\.", text).group(1)
    import yaml
    lay = yaml.safe_load(example)
    project = lintkit.project(tmp_path, lay["elements"], size=f"[{', '.join(lay['size'])}]\ndpi: {lay['dpi']}")
    from pnp.export import collect
    face = collect(project, "g").decks[0].cards[0].front
    assert (round(units.mm(face.w), 1), round(units.mm(face.h), 1)) == (63.5, 88.9)
