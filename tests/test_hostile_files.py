"""Hostile or broken files that the bad-input corpus cannot express in one edit: long `extends:`
chains, and the font cache's handling of damaged fonts."""
import pytest

from pnp.errors import Pos, Problems
from pnp.layout.layouts import MAX_EXTENDS, Layouts


def _chain(root, n):
    (root / "t").mkdir(parents=True)
    (root / "t" / "l0.yaml").write_text("size: poker\nelements:\n  bg: {type: rect, x: 0, y: 0, w: 63, h: 88}\n")
    for i in range(1, n):
        (root / "t" / f"l{i}.yaml").write_text(f"extends: t/l{i - 1}\nelements:\n  bg: {{fill: \"#000000\"}}\n")
    return Layouts(root)


def test_a_chain_of_extends_within_the_limit_works(tmp_path):
    layout = _chain(tmp_path, MAX_EXTENDS).get(f"t/l{MAX_EXTENDS - 1}", Pos("game.yaml", 1, 1))
    assert [e.name for e in layout.elements] == ["bg"]


@pytest.mark.parametrize("n", [MAX_EXTENDS + 1, 2000])
def test_a_long_chain_of_extends_is_a_problem_not_a_recursion_error(tmp_path, n):
    with pytest.raises(Problems, match=f"more than {MAX_EXTENDS} layouts extend each other in a chain"):
        _chain(tmp_path, n).get(f"t/l{n - 1}", Pos("game.yaml", 1, 1))
