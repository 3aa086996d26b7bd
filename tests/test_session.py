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
    deck.write_text(deck.read_text("utf-8").replace("卡片 9 Card", "卡片 9 Card 鳳", 1), "utf-8")
    warm = Session(root, out=tmp_path / "warm")
    warm.build(["synth"])
    assert len(warm.cache) == 12
    # card 6 gains a character no card had: 鳳 (first on card 9) is then encoded one place later in
    # the font subset, so the code saved for card 9 no longer holds; cards 1-5 are drawn as before
    deck.write_text(deck.read_text("utf-8").replace("卡片 6 Card", "卡片 6 Card 龍", 1), "utf-8")
    from pnp.render import pdf
    replays = []
    real = pdf._replay
    monkeypatch.setattr(pdf, "_replay", lambda *a: replays.append(real(*a)) or replays[-1])
    [m] = warm.build(["synth"])
    monkeypatch.setattr(pdf, "_replay", real)
    [fresh] = Session(root, out=tmp_path / "fresh").build(["synth"])
    assert len(warm.cache) == 13                 # one face pair re-resolved, the rest reused
    path = m["pdfs"][0]["path"]
    assert (tmp_path / "warm" / path).read_bytes() == (tmp_path / "fresh" / path).read_bytes()
    assert m["checks"] == fresh["checks"]
    assert True in replays                       # drawn code of unchanged faces was put in again …
    assert False in replays                      # … unless their text now encodes differently
