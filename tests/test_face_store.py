"""Faces kept on disk between builds (pnp.pipeline.facestore): a rebuild resolves only what changed, and
its PDF and findings are those of a build with an empty cache."""
from __future__ import annotations

import json
import sys

import pytest

from conftest import ROOT, run_pnp

EPOCH = {"SOURCE_DATE_EPOCH": "1700000000"}


def _share_fonts(folder):
    """A cache folder of its own with the machine's converted fonts (converting them takes a minute)."""
    from pnp.core.cache import cache_root
    home = cache_root() / "fonts"
    (folder / "fonts").mkdir(parents=True, exist_ok=True)
    for ttf in home.glob("*.ttf"):     # links to the files, not the folder: what this test writes stays here
        if not (folder / "fonts" / ttf.name).exists():
            (folder / "fonts" / ttf.name).symlink_to(ttf)


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A cache folder of the test's own (with the machine's fonts); SOURCE_DATE_EPOCH set."""
    folder = tmp_path / "cache"
    _share_fonts(folder)
    monkeypatch.setenv("PNP_CACHE", str(folder))
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    return folder


NAME = {"type": "text", "x": 5, "y": 10, "w": 30, "h": 10, "text": "{{ card.name }}", "size": 9}


def _synth(tmp_path, n=12):
    sys.path.insert(0, str(ROOT / "bench"))
    import synth
    return synth.write_game(tmp_path / "proj", n)


def _counting(monkeypatch):
    """A list that collects the name of every face resolved from here on."""
    from pnp.resolve.face import Resolver
    seen, real = [], Resolver.face
    monkeypatch.setattr(Resolver, "face", lambda self, layout, ctx, cid, pos, name: seen.append(name) or
                        real(self, layout, ctx, cid, pos, name))
    return seen


def _build(root, out, **kw):
    from pnp.pipeline.build import Options, Project, build_game
    return build_game(Project(root), "synth", Options(out=out, jobs=1, **kw))


def _pdf(out):
    return (out / "synth" / "synth.zh-TW.a4.pdf").read_bytes()


def test_a_rebuild_in_another_process_reads_every_face_and_writes_the_same_bytes(tmp_path, monkeypatch, cache):
    root = _synth(tmp_path)
    # the first build in its own process (its own hash seed): the keys must not depend on the process
    r = run_pnp("--project", root, "build", "synth", "-j", "1", "--no-cover", "--out", tmp_path / "first",
                env={"PNP_CACHE": str(cache), "PYTHONHASHSEED": "1", **EPOCH})
    assert r.returncode == 0, r.stderr
    assert len(list((cache / "faces").glob("*.bin"))) == 1
    seen = _counting(monkeypatch)
    _build(root, tmp_path / "second")
    assert seen == []                                     # not one face resolved again
    assert _pdf(tmp_path / "second") == _pdf(tmp_path / "first")


def test_an_edited_card_alone_is_resolved_again(tmp_path, monkeypatch, cache):
    root = _synth(tmp_path)
    _build(root, tmp_path / "warm")
    deck = root / "content/synth/cards.yaml"
    deck.write_text(deck.read_text("utf-8").replace("卡片 6 Card", "卡片 6 Card 龍", 1), "utf-8")
    seen = _counting(monkeypatch)
    _build(root, tmp_path / "warm")
    assert sorted(seen) == ["cards/c00005.back", "cards/c00005.front"]   # the card "卡片 6"
    _share_fonts(tmp_path / "empty")
    monkeypatch.setenv("PNP_CACHE", str(tmp_path / "empty"))
    _build(root, tmp_path / "fresh")
    assert _pdf(tmp_path / "warm") == _pdf(tmp_path / "fresh")


def test_edits_beyond_the_cards_reach_the_faces(tmp_path, monkeypatch):
    """Game data, the palette, game.yaml `qr:` and an image file are read by faces though no card
    changed: the rebuild draws them anew, as a build with an empty cache does."""
    import lintkit
    from test_session import _picture, _replace, beyond_the_cards
    from pnp.pipeline.build import Options, build_game
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    els, extra, edits = beyond_the_cards()
    edits["layout"] = lambda r: _replace(r / "layouts/g/face.yaml", '"w": 38', '"w": 30')
    for what, edit in edits.items():
        base = tmp_path / what
        _share_fonts(base / "cache")
        _share_fonts(base / "empty")
        proj = lintkit.project(base, els, items=[{"id": "a", "name": "A"}], game_extra=extra)
        _picture(proj.root / "content/g/art.png", (40, 40))
        monkeypatch.setenv("PNP_CACHE", str(base / "cache"))
        build_game(proj, "g", Options(out=base / "warm"))
        edit(proj.root)
        build_game(proj, "g", Options(out=base / "warm"))
        monkeypatch.setenv("PNP_CACHE", str(base / "empty"))
        build_game(proj, "g", Options(out=base / "fresh"))
        warm, fresh = [(base / d / "g/g.en.a4.pdf").read_bytes() for d in ("warm", "fresh")]
        assert warm == fresh, what


def test_findings_of_a_face_read_back_are_reported_again(tmp_path, monkeypatch, cache):
    import lintkit
    from pnp.pipeline.build import Options, build_game
    near_edge = dict(NAME, x=1)
    proj = lintkit.project(tmp_path, {"t": near_edge}, items=[{"id": "a", "name": "A"}, {"id": "b", "name": "B"}])
    first = build_game(proj, "g", Options(out=tmp_path / "o"))
    seen = _counting(monkeypatch)
    second = build_game(proj, "g", Options(out=tmp_path / "o"))
    assert seen == []
    safe = [f for f in first["checks"]["findings"] if f["check"] == "lint:safe-area"]
    assert len(safe) == 1 and safe[0]["card"] == "a" and "(and 1 more card)" in safe[0]["message"]
    assert second["checks"] == first["checks"]


def test_a_damaged_or_foreign_store_is_not_read(tmp_path, monkeypatch, cache):
    from pnp.pipeline import facestore
    root = _synth(tmp_path, 4)
    _build(root, tmp_path / "a")
    [store] = (cache / "faces").glob("*.bin")
    good = store.read_bytes()
    store.write_bytes(good[: len(good) // 2])             # cut short
    seen = _counting(monkeypatch)
    _build(root, tmp_path / "b")
    assert len(seen) == 8                                 # 4 cards, front and back: resolved again
    assert _pdf(tmp_path / "b") == _pdf(tmp_path / "a")
    assert store.read_bytes() == good                     # and written whole again
    # another pnp (its source differs) or other fonts: the store is someone else's
    monkeypatch.setattr(facestore, "code_stamp", lambda: "another pnp")
    seen.clear()
    _build(root, tmp_path / "c")
    assert len(seen) == 8
    monkeypatch.undo()


def test_draft_faces_are_kept_apart(tmp_path, monkeypatch, cache):
    """--draft draws placeholders for missing pictures: its faces never stand in for a real build's."""
    import lintkit
    from pnp.pipeline.build import Options, build_game
    from pnp.core.errors import Problems
    art = {"type": "image", "src": "art.png", "x": 5, "y": 5, "w": 30, "h": 30}
    proj = lintkit.project(tmp_path, {"art": art})
    build_game(proj, "g", Options(out=tmp_path / "o", draft=True))
    with pytest.raises(Problems) as e:
        build_game(proj, "g", Options(out=tmp_path / "o"))
    assert "art.png" in str(e.value.problems)


def test_copies_of_a_card_read_back_are_one_face(tmp_path, monkeypatch, cache):
    """A card printed 3 times whose layout does not read `copy` is one face, read back once."""
    import pickle

    import lintkit
    from pnp.pipeline.build import Options, build_game
    proj = lintkit.project(tmp_path, {"t": NAME}, items=[{"id": "a", "name": "A", "copies": 3}])
    for _ in range(3):
        build_game(proj, "g", Options(out=tmp_path / "o"))
    [store] = (cache / "faces").glob("*.bin")
    assert len(pickle.loads(store.read_bytes())[2]) == 1


def test_a_build_of_some_components_keeps_the_other_faces(tmp_path, monkeypatch, cache):
    import lintkit
    from pnp.pipeline.build import Options, build_game
    proj = lintkit.project(tmp_path, {"t": NAME}, items=[{"id": "a", "name": "A"}])
    game = proj.root / "content/g/game.yaml"
    game.write_text(game.read_text("utf-8") + "  d:\n    kind: deck\n    title: D\n    front: g/face\n"
                    "    fields: {name: str?}\n    items: [{id: b, name: B}]\n", "utf-8")
    build_game(proj, "g", Options(out=tmp_path / "o"))
    build_game(proj, "g", Options(out=tmp_path / "o", only=("d",)))
    seen = _counting(monkeypatch)
    build_game(proj, "g", Options(out=tmp_path / "o"))
    assert seen == []


def test_the_store_names_pnps_own_source_and_stays_small(tmp_path, monkeypatch, cache):
    """The fingerprint (the one code stamp of every cache) reads every module and built-in layout of the
    pnp package (and nothing beside it); a store larger than MAX_BYTES is not written."""
    from pathlib import Path

    import pnp
    from pnp.core import cache as caches
    from pnp.pipeline import facestore
    read, real = [], Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes", lambda self: read.append(self) or real(self))
    caches.code_stamp.cache_clear()
    caches.code_stamp()
    monkeypatch.setattr(Path, "read_bytes", real)
    package = Path(pnp.__file__).resolve().parent
    assert sorted(read) == sorted([*package.rglob("*.py"), *(package / "builtin").rglob("*.yaml")])
    monkeypatch.setattr(facestore.Store, "MAX_BYTES", 1000)
    _build(_synth(tmp_path, 4), tmp_path / "o")
    assert not list((cache / "faces").glob("*.bin"))


def test_check_reads_the_faces_a_build_kept_and_finds_the_same(tmp_path, monkeypatch, cache):
    import lintkit
    from pnp.pipeline.build import Options, build_game, check_game
    near_edge = dict(NAME, x=1)
    proj = lintkit.project(tmp_path, {"t": near_edge}, items=[{"id": "a", "name": "A"}, {"id": "b", "name": "B"}])
    _prep, cold = check_game(proj, "g")
    build_game(proj, "g", Options(out=tmp_path / "o"))
    seen = _counting(monkeypatch)
    _prep, warm = check_game(proj, "g")
    assert seen == [] and warm == cold and any(f.check == "lint:safe-area" for f in warm)


def test_fonts_only_cards_use_are_registered_when_their_faces_are_read_back(tmp_path, cache):
    """A font that only cards use (no cover, no booklet) is registered by resolving a face: a face
    read back must register it too, in a new process, for `check` and `build` alike."""
    import lintkit
    serif = dict(NAME, font="serif")
    proj = lintkit.project(tmp_path, {"t": serif}, items=[{"id": "a", "name": "A"}])
    env = {"PNP_CACHE": str(cache), **EPOCH}
    runs = []
    for _ in range(2):
        runs.append(run_pnp("--project", proj.root, "build", "--no-cover", "--out", tmp_path / f"o{len(runs)}", env=env))
        assert runs[-1].returncode == 0, runs[-1].stderr
    r = run_pnp("--project", proj.root, "check", env=env)
    assert r.returncode == 0, r.stderr
    pdfs = [(tmp_path / f"o{i}" / "g/g.en.a4.pdf").read_bytes() for i in range(2)]
    assert pdfs[0] == pdfs[1]
    fonts = [json.loads((tmp_path / f"o{i}" / "g/manifest.json").read_text())["pdfs"][0]["fonts"] for i in range(2)]
    assert fonts[0] == fonts[1] and any("Serif" in f for f in fonts[0])


def test_a_watch_session_starts_from_the_store_and_edits_stay_in_memory(tmp_path, monkeypatch, cache):
    """`pnp watch`'s first build reads the faces a build kept; the edits after it are not written to
    disk (a write per save of a card would cost more than it gives)."""
    from pnp.pipeline.session import Session
    root = _synth(tmp_path)
    _build(root, tmp_path / "built", cover=True)
    [store] = (cache / "faces").glob("*.bin")
    written = store.stat().st_mtime_ns
    seen = _counting(monkeypatch)
    s = Session(root, out=tmp_path / "warm", jobs=1, cover=True)
    s.build(["synth"])
    assert seen == [] and _pdf(tmp_path / "warm") == _pdf(tmp_path / "built")
    deck = root / "content/synth/cards.yaml"
    deck.write_text(deck.read_text("utf-8").replace("卡片 6 Card", "卡片 6 Card 龍", 1), "utf-8")
    s.build(["synth"])
    assert sorted(seen) == ["cards/c00005.back", "cards/c00005.front"]
    assert store.stat().st_mtime_ns == written


def test_a_build_whose_workers_resolve_the_deck_leaves_the_store_alone(tmp_path, monkeypatch, cache):
    """Faces resolved by worker processes (large decks) are not kept: such a build neither reads the
    store nor empties it."""
    from pnp.resolve import workers as parallel
    if not parallel.can_fork():
        pytest.skip("no fork on this platform: builds run in one process")
    root = _synth(tmp_path, 6)
    _build(root, tmp_path / "o")
    [store] = (cache / "faces").glob("*.bin")
    before = store.read_bytes()
    monkeypatch.setattr(parallel, "MIN_FACES", 1)     # this small deck goes to the workers, as a large one
    from pnp.pipeline.build import Options, Project, build_game
    build_game(Project(root), "synth", Options(out=tmp_path / "o2", jobs=2))
    assert store.read_bytes() == before
    assert _pdf(tmp_path / "o2") == _pdf(tmp_path / "o")


def test_a_changed_secret_or_lint_level_is_not_answered_from_the_store(tmp_path, cache):
    """A face's findings depend on the game's print-lint settings (`lint:` levels, `secret:`), which are
    not in a face's key: a component marked secret after a build was still checked as not secret."""
    import lintkit
    from pnp.pipeline.build import Options, build_game
    bg = {"type": "rect", "x": -3, "y": -3, "w": 46, "h": 46, "fill": "#ffffff"}
    frame = {"type": "rect", "x": 4, "y": 4, "w": 32, "h": 32, "stroke": "#c8a24a", "stroke_width": 1.2}
    items = [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}]

    def secret_findings(**kw):
        proj = lintkit.project(tmp_path, {"bg": bg}, back={"bg": bg, "frame": frame}, items=items, **kw)
        got = build_game(proj, "g", Options(out=tmp_path / "o"))["checks"]["findings"]
        return [f for f in got if f["check"] == "lint:secret-backs"]

    assert secret_findings() == []
    assert len(secret_findings(comp_extra="    secret: true\n")) == 1          # the same faces, now secret
    assert secret_findings(comp_extra="    secret: true\n", game_extra="lint: {secret-backs: off}\n") == []


def test_an_edited_phrase_reaches_the_cards_that_print_it(tmp_path, cache):
    """Lady Alice's Holmes cards print `rule('suspicion_limits', 'covered_element')`: after its phrase
    was edited, a rebuild read the cards back from the store in their old words (ninth read's fixer).
    The phrases and entries are part of what a face that prints a rule depends on."""
    from conftest import copy_project
    from pdfutil import page_text
    root = copy_project(tmp_path, games=("lady-alice",))

    def build():
        r = run_pnp("--project", root, "build", "lady-alice", "--lang", "zh-TW", "--only", "holmes", "--out", tmp_path / "o")
        assert r.returncode == 0, r.stderr
        return "".join(page_text(tmp_path / "o" / "lady-alice" / "lady-alice.zh-TW.a4.holmes.pdf"))

    assert "名片蓋住的元素" in build()
    p = root / "content" / "lady-alice" / "phrases.zh-TW.yaml"
    text = p.read_text("utf-8")
    old = next(line for line in text.splitlines() if "suspicion_limits.covered_element" in line)
    p.write_text(text.replace(old, old.replace("forbidden: ", "forbidden: 改寫過的", 1)), "utf-8")
    got = build()
    assert "改寫過的" in got and got.count("改寫過的") >= 28, got[:400]
