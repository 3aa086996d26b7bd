"""QR matrices come out the same from the encoder and from the on-disk cache; a damaged cache is
ignored."""
from pnp.layout import qr


def _fresh(monkeypatch, tmp_path):
    monkeypatch.setattr(qr, "_path", lambda: tmp_path / "qr-v1.json")
    monkeypatch.setattr(qr, "_disk", None)
    monkeypatch.setattr(qr, "_new", {})
    qr.matrix.cache_clear()


def test_cache_round_trip(tmp_path, monkeypatch):
    _fresh(monkeypatch, tmp_path)
    data = "https://example.org/feedback?card=ev-cctv"
    first = qr.matrix(data)
    assert len(first) == len(first[0]) >= 21 and any(any(r) for r in first)
    qr.flush()
    assert (tmp_path / "qr-v1.json").is_file()
    _fresh(monkeypatch, tmp_path)
    assert qr.matrix(data) == first == qr._encode(data)
    assert not qr._new  # answered from the cache


def test_damaged_cache_is_ignored(tmp_path, monkeypatch):
    _fresh(monkeypatch, tmp_path)
    (tmp_path / "qr-v1.json").write_text('{"x": ["10", "1"], "y": 5', "utf-8")
    assert qr.matrix("x") == qr._encode("x")
    (tmp_path / "qr-v1.json").write_text('{"x": ["10", "1"]}', "utf-8")
    _fresh(monkeypatch, tmp_path)
    (tmp_path / "qr-v1.json").write_text('{"x": ["10", "1"]}', "utf-8")
    assert qr.matrix("x") == qr._encode("x")  # rows of the wrong shape are not trusted
