"""Hostile or broken files that the bad-input corpus cannot express in one edit: long `extends:`
chains, and the font cache's handling of damaged fonts."""
import pytest

from pnp.core.errors import Pos, Problems
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


def test_a_file_over_32_mb_is_refused_before_it_is_read(tmp_path):
    from pnp.content.yamlfile import read_text
    big = tmp_path / "cards.yaml"
    with open(big, "wb") as f:  # sparse: no disk space used
        f.truncate(33_000_000)
    with pytest.raises(Problems, match=r"cards\.yaml:1:1: the file is 33\.0 MB, larger than the 32 MB allowed"):
        read_text(big)


def test_a_socket_or_a_device_is_refused_without_reading(tmp_path, monkeypatch):
    import socket
    from pathlib import Path
    from pnp.content.yamlfile import read_text
    monkeypatch.chdir(tmp_path)   # AF_UNIX paths are short: bind to a relative name
    s = socket.socket(socket.AF_UNIX)
    try:
        s.bind("game.yaml")
        with pytest.raises(Problems, match="the file is a socket, not a regular file"):
            read_text(tmp_path / "game.yaml")
    finally:
        s.close()
    if Path("/dev/zero").exists():  # endless: reading it would never stop
        with pytest.raises(Problems, match="the file is a device, not a regular file"):
            read_text(Path("/dev/zero"))
