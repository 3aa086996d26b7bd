"""Hostile inputs for `pnp studio`, `pnp watch` and `pnp new`: planted links, odd request bodies, links
out of content/, and names too long for the file system. Each ends in a refusal with a sentence (HTTP 4xx
or exit 2), never a traceback or HTTP 500, and changes nothing outside the project."""
from __future__ import annotations

import itertools
import json
import os
import queue
import shutil
import signal
import subprocess
import sys
import threading
import time
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import ROOT, run_pnp
from studio_game import CARDS, make

TOKEN = "test-token-123"


# ---- the studio ---------------------------------------------------------------------------------
def _client(studio):
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from pnp.studio.app import create_app
    client = TestClient(create_app(studio, token=TOKEN, poll=None), base_url="http://127.0.0.1")
    client.headers["X-Studio-Token"] = TOKEN
    return client


@pytest.fixture
def env(tmp_path):
    pytest.importorskip("starlette")
    from pnp.studio.engine import Studio
    root = make(tmp_path)
    studio = Studio(root, out=tmp_path / "out")
    return root, studio, _client(studio), root / "content" / "mini" / "cards.yaml"


def _base(client, card="blue-two"):
    return client.get(f"/api/card/mini/cards/{card}").json()["base"]


def _save(client, edits, card="blue-two", **extra):
    body = {"game": "mini", "component": "cards", "card": card, "edits": edits, "base": _base(client, card), **extra}
    return client.post("/api/save", json=body)


EDIT = {"field": "name", "lang": "en", "value": "Blue 2"}


def test_a_link_planted_at_a_temporary_name_changes_nothing_outside(env, tmp_path, monkeypatch):
    root, _studio, client, cards = env
    victim = tmp_path / "elsewhere" / "victim.txt"
    victim.parent.mkdir()
    victim.write_text("keep me", "utf-8")
    folder = cards.parent
    planted = [f".cards.yaml.studio-{os.getpid()}.tmp", ".cards.yaml.tmp", "cards.yaml.tmp", ".cards.yaml.planted.tmp"]
    for name in planted:
        (folder / name).symlink_to(victim)
    # the random part of the name is made to hit a planted link first: it must be skipped, not followed
    from pnp.studio import files
    names = itertools.chain(["planted"], (f"fresh{i}" for i in itertools.count()))
    monkeypatch.setattr(files, "_random", lambda: next(names), raising=False)
    r = _save(client, [EDIT])
    assert r.status_code == 200, r.text
    assert victim.read_text("utf-8") == "keep me"
    assert cards.is_file() and not cards.is_symlink()
    assert "Blue 2" in cards.read_text("utf-8")
    for name in planted:   # the links stay links to the untouched file; no temporary file is left
        assert (folder / name).is_symlink()
    assert sorted(p.name for p in folder.iterdir() if not p.is_symlink()) == ["cards.yaml", "game.yaml"]
    # undo writes the same way
    assert client.post("/api/undo", json={}).status_code == 200
    assert victim.read_text("utf-8") == "keep me" and cards.read_text("utf-8") == CARDS and not cards.is_symlink()


def test_the_temporary_file_is_created_exclusively_without_following_links(tmp_path, monkeypatch):
    from pnp.studio import files
    target = tmp_path / "deck.yaml"
    target.write_text("a: 1\n", "utf-8")
    victim = tmp_path.parent / f"{tmp_path.name}-victim"
    victim.write_text("keep", "utf-8")
    (tmp_path / ".deck.yaml.x.tmp").symlink_to(victim)
    (tmp_path / ".deck.yaml.y.tmp").write_text("someone's file", "utf-8")
    names = iter(["x", "y", "z"])
    monkeypatch.setattr(files, "_random", lambda: next(names), raising=False)
    files.write_atomic(target, b"a: 2\n", expect=b"a: 1\n")
    assert target.read_bytes() == b"a: 2\n" and victim.read_text("utf-8") == "keep"
    assert (tmp_path / ".deck.yaml.y.tmp").read_text("utf-8") == "someone's file"
    assert not (tmp_path / ".deck.yaml.z.tmp").exists()


BAD_BODIES = [
    ({"game": "mini", "component": "cards", "card": "blue-two", "base": "x"}, "edits"),          # edits missing
    ({"game": "mini", "component": "cards", "card": "blue-two", "edits": [{"field": ["name"], "lang": "en",
                                                                           "value": "x"}], "base": "x"}, "field"),
    ({"game": "mini", "component": "cards", "card": "blue-two", "edits": [{"lang": "en", "value": "x"}]}, "field"),
    ({"game": "mini", "component": "cards", "card": "blue-two", "edits": [{"field": "name", "value": 3}]}, "value"),
    ({"game": "mini", "component": "cards", "card": "blue-two", "edits": "name"}, "edits"),
    ({"game": ["mini"], "component": "cards", "card": "blue-two", "edits": []}, "game"),
    ({"game": "mini", "component": {"a": 1}, "card": "blue-two", "edits": []}, "component"),
    ({"game": "mini", "component": "cards", "card": "blue-two", "edits": [], "base": 5}, "base"),
    ({"game": None, "component": "cards", "card": "blue-two", "edits": []}, "game"),
    ({"game": "mini", "component": "cards", "card": "blue-two", "edits": [], "surprise": 1}, "surprise"),
    ({"game": "mini", "component": "cards", "card": "blue-two", "edits": [EDIT | {"colour": "red"}]}, "colour"),
    ([1, 2], "object"),
]


@pytest.mark.parametrize("body,named", BAD_BODIES)
def test_a_body_of_the_wrong_shape_is_a_400_naming_what_is_wrong(env, body, named):
    _root, studio, client, cards = env
    studio.lock = CountingLock(studio.lock)
    for path in ("/api/save", "/api/preview"):
        r = client.post(path, content=json.dumps(body), headers={"Content-Type": "application/json"})
        assert r.status_code == 400, (path, r.status_code, r.text)
        assert named in r.json()["error"], r.json()
    assert cards.read_text("utf-8") == CARDS and studio.lock.taken == 0


def test_a_lone_surrogate_is_a_400_and_nothing_is_written(env):
    _root, _studio, client, cards = env
    for raw in ('"\\ud800"', '"a\\udfffb"'):
        for where in ("value", "field", "lang"):
            edit = {"field": '"name"', "lang": '"en"', "value": '"x"'} | {where: raw}
            body = ('{"game": "mini", "component": "cards", "card": "blue-two", "base": "%s", "edits": [{%s}]}'
                    % (_base(client), ", ".join(f'"{k}": {v}' for k, v in edit.items())))
            r = client.post("/api/save", content=body.encode(), headers={"Content-Type": "application/json"})
            assert r.status_code == 400 and "surrogate" in r.json()["error"], r.text
        r = client.post("/api/save", content=('{"gam\\ud800e": 1}').encode(), headers={"Content-Type": "application/json"})
        assert r.status_code == 400, r.text
    r = client.post("/api/save", content=b'{"game": "\xff"}', headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and "UTF-8" in r.json()["error"]
    assert cards.read_text("utf-8") == CARDS


def test_deep_nesting_and_big_bodies_are_refused_before_parsing(env):
    _root, _studio, client, cards = env
    deep = "[" * 100_000 + "]" * 100_000
    for body in (deep, '{"edits": ' + deep + "}", '{"game": "mini", "edits": [' + "{\"a\": " * 50_000 + "1" + "}" * 50_000 + "]}"):
        r = client.post("/api/save", content=body.encode(), headers={"Content-Type": "application/json"})
        assert r.status_code == 400 and "deep" in r.json()["error"], r.text[:300]
    # brackets inside strings do not count
    r = client.post("/api/preview", json={"game": "mini", "component": "cards", "card": "blue-two",
                                          "edits": [{"field": "name", "lang": "en", "value": "[{" * 100}]})
    assert r.status_code == 200, r.text
    big = json.dumps({"game": "mini", "component": "cards", "card": "blue-two",
                      "edits": [{"field": "name", "lang": "en", "value": "x" * 2_000_000}]})
    r = client.post("/api/save", content=big.encode(), headers={"Content-Type": "application/json"})
    assert r.status_code == 413 and "MB" in r.json()["error"]
    r = client.post("/api/save", content=iter([b"{" + b" " * 600_000, b" " * 600_000 + b"}"]),
                    headers={"Content-Type": "application/json"})   # no Content-Length: counted while read
    assert r.status_code == 413
    r = client.post("/api/save", content=b'{"game": ' + b"1" * 100_000 + b"}", headers={"Content-Type": "application/json"})
    assert r.status_code == 400
    assert cards.read_text("utf-8") == CARDS


class CountingLock:
    def __init__(self, lock):
        self.lock, self.taken = lock, 0

    def __enter__(self):
        self.taken += 1
        return self.lock.__enter__()

    def __exit__(self, *a):
        return self.lock.__exit__(*a)

    def acquire(self, *a, **k):
        self.taken += 1
        return self.lock.acquire(*a, **k)

    def release(self):
        return self.lock.release()


def test_too_many_edits_are_refused_before_the_lock_is_taken(env):
    _root, studio, client, cards = env
    base = _base(client)
    studio.lock = CountingLock(studio.lock)
    many = [{"field": "nope", "lang": "en", "value": "x"}] * 1_001
    for path in ("/api/save", "/api/preview"):
        r = client.post(path, json={"game": "mini", "component": "cards", "card": "blue-two", "edits": many, "base": base})
        assert r.status_code == 400 and "1,000" in r.json()["error"], r.text
    assert studio.lock.taken == 0
    r = client.post("/api/save", json={"game": "mini", "component": "cards", "card": "blue-two",
                                       "edits": [EDIT] * 100_000, "base": base})
    assert r.status_code == 413 and studio.lock.taken == 0
    assert cards.read_text("utf-8") == CARDS


def test_repeated_edits_of_one_value_are_applied_once(env, monkeypatch):
    _root, _studio, client, cards = env
    from pnp.studio import yamledit
    calls = []
    real = yamledit.set_field
    monkeypatch.setattr(yamledit, "set_field", lambda *a, **k: calls.append(a) or real(*a, **k))
    edits = [{"field": "name", "lang": "en", "value": f"v{i}"} for i in range(1_000)]
    r = _save(client, edits)
    assert r.status_code == 200 and r.json()["saved"], r.text
    assert len(calls) == 1 and "v999" in cards.read_text("utf-8")


def test_a_save_past_its_time_limit_writes_nothing_and_frees_the_lock(env, monkeypatch):
    _root, studio, client, cards = env
    from pnp.studio import engine
    monkeypatch.setattr(engine, "SAVE_SECONDS", 0.0)
    r = _save(client, [EDIT])
    assert r.status_code == 503 and "nothing was written" in r.json()["error"], r.text
    assert cards.read_text("utf-8") == CARDS
    assert studio.lock.acquire(blocking=False)
    studio.lock.release()


def test_the_test_host_name_is_not_let_in(env):
    _root, studio, _client_, _cards = env
    pytest.importorskip("httpx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    from pnp.studio.app import create_app
    app = create_app(studio, token=TOKEN, poll=None)
    r = TestClient(app).get(f"/game/mini?token={TOKEN}")   # TestClient's default host is `testserver`
    assert r.status_code == 400
    ok = TestClient(app, base_url="http://localhost:8123").get(f"/game/mini?token={TOKEN}")
    assert ok.status_code == 200


_text = st.text(max_size=8) | st.sampled_from(["name", "en", "zh-TW", "mini", "cards", "\ud800", "a\udc80"])
_json = st.recursive(st.none() | st.booleans() | st.integers(-10, 10) | _text,
                     lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_text, inner, max_size=3), max_leaves=8)
_edit = st.fixed_dictionaries({}, optional={"field": _json, "lang": _json, "value": _json, "x": _json})
_body = st.fixed_dictionaries({}, optional={"game": _json | st.just("mini"), "component": _json | st.just("cards"),
                                            "card": _json | st.just("blue-two"), "base": _json,
                                            "lang": _json, "edits": st.lists(_edit, max_size=3) | _json})


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(body=_body | _json, path=st.sampled_from(["/api/save", "/api/preview", "/api/build", "/api/undo"]))
def test_any_json_body_answers_with_a_sentence_never_500(tmp_path_factory, body, path):
    from pnp.studio.engine import Studio
    global _fuzz_env
    if "_fuzz_env" not in globals():
        root = make(tmp_path_factory.mktemp("fuzz"))
        studio = Studio(root, out=root.parent / "out")
        studio.build = lambda game: {"ok": True, "pdfs": []}   # the web layer is what is tried here
        _fuzz_env = root, _client(studio)
    root, client = _fuzz_env
    r = client.post(path, content=json.dumps(body).encode(), headers={"Content-Type": "application/json"})
    assert r.status_code < 500, (body, r.text)
    if r.status_code >= 400:
        assert r.json()["error"], r.text
    assert (root / "content" / "mini" / "cards.yaml").read_text("utf-8") == CARDS


# ---- pnp watch -------------------------------------------------------------------------------------
def test_affected_survives_a_link_to_itself(tmp_path):
    from pnp.pipeline.build import Project
    from pnp.pipeline.watch import affected
    root = make(tmp_path)
    deck = root / "content" / "mini" / "cards.yaml"
    deck.unlink()
    deck.symlink_to(deck)
    assert affected(Project(root), ["mini"], {str(deck)}) == ["mini"]


def test_watch_reports_a_deck_linked_to_itself_and_keeps_watching(tmp_path):
    root = make(tmp_path)
    deck = root / "content" / "mini" / "cards.yaml"
    env = dict(os.environ, PYTHONUNBUFFERED="1", PYTHONPATH=str(ROOT))
    p = subprocess.Popen([sys.executable, "-m", "pnp", "--project", str(root), "watch", "mini", "--lang", "en",
                          "--out", str(tmp_path / "out"), "--interval", "0.1"], stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, env=env, cwd=root)
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [lines.put(x.rstrip("\n")) for x in p.stdout], daemon=True).start()
    seen: list = []

    def wait_for(text):
        end = time.monotonic() + 60   # a bound for a slow machine, not a timing assertion
        while time.monotonic() < end:
            try:
                line = lines.get(timeout=0.5)
            except queue.Empty:
                assert p.poll() is None, f"watch exited: {seen}"
                continue
            seen.append(line)
            if text in line:
                return line
        raise AssertionError(f"no `{text}`: {seen}")
    try:
        wait_for("mini: ok")
        deck.unlink()
        deck.symlink_to(deck)
        wait_for("problem(s) in the input")
        assert any("cards.yaml" in s for s in seen), seen
        deck.unlink()
        deck.write_text(CARDS, "utf-8")
        wait_for("mini: ok")
        assert p.poll() is None
        assert not any("Traceback" in s or "internal error" in s for s in seen), seen
    finally:
        p.send_signal(signal.SIGINT)
        try:
            p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


# ---- one rule for links, and pnp new ------------------------------------------------------------------
def test_a_game_folder_linked_from_outside_content_is_refused(tmp_path):
    from pnp.content.loader import load_game
    from pnp.core.errors import Problems
    root = make(tmp_path)
    outside = tmp_path / "elsewhere"
    shutil.move(root / "content" / "mini", outside / "mini")
    (root / "content" / "mini").symlink_to(outside / "mini", target_is_directory=True)
    with pytest.raises(Problems) as e:
        load_game(root / "content" / "mini")
    assert "link that leads outside content/" in str(e.value)
    r = run_pnp("--project", root, "build", "mini", "--out", tmp_path / "out")
    assert r.returncode == 2 and "link that leads outside content/" in r.stderr, r.stderr
    assert "Traceback" not in r.stderr and not (tmp_path / "out" / "mini").exists()
    # a link inside content/ to another game folder there stays allowed, as for layouts/
    (root / "content" / "mini").unlink()
    shutil.move(outside / "mini", root / "content" / "real")
    (root / "content" / "mini").symlink_to("real", target_is_directory=True)
    assert load_game(root / "content" / "mini").id == "mini"


@pytest.mark.parametrize("which", ["content", "layouts"])
def test_new_never_writes_through_a_linked_folder(tmp_path, which):
    project, elsewhere = tmp_path / "p", tmp_path / "elsewhere"
    project.mkdir()
    elsewhere.mkdir()
    (project / which).symlink_to(elsewhere, target_is_directory=True)
    r = run_pnp("--project", project, "new", "g")
    assert r.returncode == 2 and "link" in r.stderr and "Traceback" not in r.stderr, r.stderr
    assert list(elsewhere.iterdir()) == [] and not (project / ({"content": "layouts", "layouts": "content"}[which])).exists()


@pytest.mark.parametrize("which", ["content", "layouts"])
def test_new_over_a_dangling_link_writes_nothing(tmp_path, which):
    (tmp_path / which).mkdir()
    (tmp_path / which / "g").symlink_to(tmp_path / "nowhere")
    r = run_pnp("--project", tmp_path, "new", "g")
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert f"{which}/g" in r.stderr and "exists" in r.stderr
    assert sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*")) == [which, f"{which}/g"]
    assert not (tmp_path / "nowhere").exists()


def test_new_with_a_name_too_long_is_exit_2(tmp_path):
    r = run_pnp("--project", tmp_path, "new", "a" * 300)
    assert r.returncode == 2 and "Traceback" not in r.stderr, r.stderr
    assert "characters" in r.stderr and not (tmp_path / "content").exists() and not (tmp_path / "layouts").exists()


def test_new_that_cannot_write_everything_takes_back_what_it_wrote(tmp_path):
    (tmp_path / "layouts").write_text("a file where the folder belongs", "utf-8")
    r = run_pnp("--project", tmp_path, "new", "g")
    assert r.returncode == 2 and "Traceback" not in r.stderr and "cannot be written" in r.stderr, r.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["layouts"] and (tmp_path / "layouts").is_file()
