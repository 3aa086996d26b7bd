"""A warm session (`pnp watch`) reuses unchanged faces and what the lint measured of them: after an
edit its PDF has the bytes a fresh build of the edited game has."""
import sys

from conftest import ROOT


def test_a_warm_rebuild_writes_what_a_fresh_build_writes(tmp_path, monkeypatch):
    sys.path.insert(0, str(ROOT / "bench"))
    import synth
    from pnp.session import Session
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    root = synth.write_game(tmp_path / "proj", 12)
    deck = root / "content/synth/cards.yaml"
    warm = Session(root, out=tmp_path / "warm")
    warm.build(["synth"])
    assert len(warm.cache) == 12
    deck.write_text(deck.read_text("utf-8").replace("卡片 3 Card", "卡片 3 Card changed", 1), "utf-8")
    [m] = warm.build(["synth"])
    [fresh] = Session(root, out=tmp_path / "fresh").build(["synth"])
    assert len(warm.cache) == 13                 # one face pair re-resolved, the rest reused
    pdf = m["pdfs"][0]["path"]
    assert (tmp_path / "warm" / pdf).read_bytes() == (tmp_path / "fresh" / pdf).read_bytes()
    assert m["checks"] == fresh["checks"]
