"""A problem of a layout every card shares (an overflowing text on a shared back) is reported once, at the
layout's line, with the number of cards it affects; not once per card at the cards' rows."""
from __future__ import annotations

from conftest import run_pnp
from lintkit import project

LONG = "This text is far too long to fit into the little box it was given on the back " * 3


def _run(tmp_path, back_text):
    proj = project(tmp_path, {"t": {"type": "text", "x": 3, "y": 3, "w": 30, "h": 8, "text": "{{ card.id }}",
                                    "size": 8}},
                   items=[{"id": f"card-{i}"} for i in range(17)],
                   back={"t": {"type": "text", "x": 3, "y": 3, "w": 20, "h": 5, "text": back_text, "size": 8,
                               "min_size": 7}})
    return run_pnp("check", "g", cwd=proj.root)


def test_an_overflow_on_a_shared_back_is_one_problem_at_the_layout_line(tmp_path):
    r = _run(tmp_path, LONG)
    out = r.stdout + r.stderr
    hits = [ln for ln in out.splitlines() if "overflows its box" in ln]
    assert len(hits) == 1, out
    assert "layouts/g/back.yaml:" in hits[0] and "(and 16 more cards)" in hits[0], hits


def test_an_overflow_that_depends_on_the_card_stays_at_the_card(tmp_path):
    r = _run(tmp_path, "{{ card.id }} " + LONG)
    hits = [ln for ln in (r.stdout + r.stderr).splitlines() if "overflows its box" in ln]
    assert len(hits) == 17, hits
