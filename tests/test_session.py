"""A warm session (`pnp watch`) reuses unchanged faces and what the lint measured of them: after an
edit its PDF has the bytes a fresh build of the edited game has."""
import sys

from conftest import ROOT


def test_a_warm_rebuild_writes_what_a_fresh_build_writes(tmp_path, monkeypatch):
    sys.path.insert(0, str(ROOT / "bench"))
    import synth
    from pnp.pipeline.session import Session
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


def _warm_then_fresh(tmp_path, proj, edit):
    """The PDF of a warm session after `edit`, and of a fresh build of the edited game."""
    from pnp.pipeline.build import Options, build_game
    from pnp.pipeline.session import Session
    s = Session(proj.root, out=tmp_path / "warm")
    s.build(["g"])
    edit(proj.root)
    s.build(["g"])
    build_game(proj, "g", Options(out=tmp_path / "fresh"))
    return [(tmp_path / d / "g/g.en.a4.pdf").read_bytes() for d in ("warm", "fresh")]


def _replace(path, old, new):
    path.write_text(path.read_text("utf-8").replace(old, new), "utf-8")


def _picture(path, size):
    from PIL import Image
    Image.new("RGB", size, (200, 30, 30)).save(path)


def beyond_the_cards():
    """(elements, game.yaml lines, edits): a layout reading game data, the palette, game.yaml `qr:` and an
    image file, and an edit of each that changes faces though no card changed."""
    els = {"frame": {"type": "rect", "x": 1, "y": 1, "w": 38, "h": 38, "fill": "{{ data.fill }}"},
           "name": {"type": "text", "text": "{{ card.name }}", "x": 5, "y": 5, "w": 30, "h": 8, "size": 8,
                    "color": "{{ palette.ink }}"},
           "qr": {"type": "qr", "x": 5, "y": 15, "w": 12, "h": 12},
           "art": {"type": "image", "src": "art.png", "x": 20, "y": 15, "w": 15, "h": 15, "fit": "contain"}}
    extra = "data: {fill: '#dddddd'}\npalette: {ink: '#000000'}\nqr: 'https://pnp-games.net/{{ card.id }}'\n"
    edits = {
        "data": lambda r: _replace(r / "content/g/game.yaml", "#dddddd", "#ff0000"),
        "palette": lambda r: _replace(r / "content/g/game.yaml", "ink: '#000000'", "ink: '#0000ff'"),
        "qr": lambda r: _replace(r / "content/g/game.yaml", "pnp-games.net/", "pnp-games.net/v2/"),
        "image": lambda r: _picture(r / "content/g/art.png", (80, 20)),
    }
    return els, extra, edits


def test_a_warm_rebuild_sees_game_data_palette_qr_and_images(tmp_path, monkeypatch):
    """Faces that read game.yaml `data`, the palette, game.yaml `qr:` or an image file are drawn anew
    when those change, though no card changed."""
    import lintkit
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    els, extra, edits = beyond_the_cards()
    for what, edit in edits.items():
        proj = lintkit.project(tmp_path / what, els, items=[{"id": "a", "name": "A"}], game_extra=extra)
        _picture(proj.root / "content/g/art.png", (40, 40))
        warm, fresh = _warm_then_fresh(tmp_path / what, proj, edit)
        assert warm == fresh, what
