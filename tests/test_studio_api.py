"""`pnp studio` over HTTP (Starlette's TestClient): token, previews, saves, undo, conflicts, confinement."""
from __future__ import annotations

import warnings

import pytest

pytest.importorskip("starlette", reason="the studio's web packages are the optional extra `studio`")
pytest.importorskip("httpx", reason="Starlette's TestClient needs httpx")

with warnings.catch_warnings():   # Starlette suggests httpx2 for its TestClient; httpx works the same
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient  # noqa: E402

from pnp.studio.app import create_app  # noqa: E402
from pnp.studio.engine import Studio  # noqa: E402
from studio_game import CARDS, make  # noqa: E402

TOKEN = "test-token-123"
LONG = "A name far too long for its little box on the card, " * 6


@pytest.fixture
def env(tmp_path):
    root = make(tmp_path)
    studio = Studio(root, out=tmp_path / "out")
    client = TestClient(create_app(studio, token=TOKEN, poll=None), base_url="http://127.0.0.1")
    client.headers["X-Studio-Token"] = TOKEN
    return root, studio, client, root / "content" / "mini" / "cards.yaml"


def post(client, path, **body):
    return client.post(path, json={"game": "mini", "component": "cards", **body})


def base_of(client, card):
    return client.get(f"/api/card/mini/cards/{card}").json()["base"]


def test_every_request_needs_the_token(env):
    _root, _studio, client, _cards = env
    bare = TestClient(client.app, base_url="http://127.0.0.1")
    assert bare.get("/game/mini").status_code == 403
    assert bare.get("/game/mini?token=wrong").status_code == 403
    assert bare.post("/api/save", json={}).status_code == 403
    assert bare.get("/events").status_code == 403
    assert bare.get(f"/game/mini?token={TOKEN}").status_code == 200
    assert bare.get(f"/game/mini?token={TOKEN}", headers={"Host": "evil.example"}).status_code == 400


def test_game_page_shows_every_face_and_escapes_text(env):
    root, _studio, client, cards = env
    cards.write_text(CARDS.replace("Red one", '"Red & \\"one\\""'), "utf-8")
    page = client.get("/game/mini").text
    assert page.count("<figure") == 2 and page.count("/img/") == 4
    assert 'red & "one"' not in page and "red &amp; &#34;one&#34;" in page
    key = page.split("/img/")[1].split(".png")[0]
    img = client.get(f"/img/{key}.png")
    assert img.status_code == 200 and img.content.startswith(b"\x89PNG")
    card = client.get("/card/mini/cards/red-one")
    assert card.status_code == 200 and 'data-lang="zh-TW"' in card.text and "Red &amp; &#34;one&#34;" in card.text
    # card text is markup (`<b>`, `<span>` …): an unknown tag is a problem the page shows, escaped
    cards.write_text(CARDS.replace("Red one", "<script>x</script>"), "utf-8")
    page = client.get("/game/mini").text
    assert "<script>x</script>" not in page and "&lt;script&gt;" in page


def test_preview_shows_the_finding_an_edit_causes_and_fixes_without_writing(env):
    _root, _studio, client, cards = env
    calm = post(client, "/api/preview", card="blue-two", edits=[]).json()
    bad = post(client, "/api/preview", card="blue-two", edits=[{"field": "name", "lang": "en", "value": LONG}]).json()
    assert bad["front"] != calm["front"]
    assert any(f["check"] == "text-fits" and f["card"] == "blue-two" for f in bad["caused"])
    assert not any(f["check"] == "text-fits" for f in calm["findings"])
    assert cards.read_text("utf-8") == CARDS              # a preview writes nothing


def test_save_changes_only_that_value_and_undo_restores_the_bytes(env):
    _root, studio, client, cards = env
    r = post(client, "/api/save", card="blue-two", base=base_of(client, "blue-two"),
             edits=[{"field": "name", "lang": "en", "value": "Blue: two, #2"}])
    assert r.status_code == 200, r.text
    assert cards.read_text("utf-8") == CARDS.replace('"Blue two"', '"Blue: two, #2"')
    r = post(client, "/api/save", card="red-one", base=r.json()["base"],
             edits=[{"field": "name", "lang": "zh-TW", "value": "紅色一"}])
    assert cards.read_text("utf-8") == CARDS.replace('"Blue two"', '"Blue: two, #2"').replace("紅一", "紅色一")
    assert client.post("/api/undo", json={}).status_code == 200
    assert client.post("/api/undo", json={}).status_code == 200
    assert cards.read_text("utf-8") == CARDS
    assert client.post("/api/undo", json={}).status_code == 409


def test_a_file_changed_on_disk_meanwhile_is_a_conflict(env):
    _root, _studio, client, cards = env
    base = base_of(client, "red-one")
    outside = CARDS.replace("the first card", "edited in another editor")
    cards.write_text(outside, "utf-8")
    r = post(client, "/api/save", card="red-one", base=base, edits=[{"field": "name", "lang": "en", "value": "Mine"}])
    assert r.status_code == 409 and "changed on disk" in r.json()["error"]
    assert cards.read_text("utf-8") == outside


def test_undo_after_an_outside_edit_is_refused(env):
    _root, _studio, client, cards = env
    post(client, "/api/save", card="red-one", base=base_of(client, "red-one"),
         edits=[{"field": "name", "lang": "en", "value": "Mine"}])
    cards.write_text(cards.read_text("utf-8") + "# later\n", "utf-8")
    assert client.post("/api/undo", json={}).status_code == 409
    assert cards.read_text("utf-8").endswith("# later\n")


def test_an_edit_that_would_not_load_is_never_written(env):
    _root, _studio, client, cards = env
    r = post(client, "/api/save", card="red-one", base=base_of(client, "red-one"),
             edits=[{"field": "name", "lang": "en", "value": "{{ data.nothing_here"}])
    assert r.status_code == 422 and r.json()["problems"]
    assert cards.read_text("utf-8") == CARDS


def test_undeclared_and_non_text_fields_are_refused(env):
    _root, _studio, client, cards = env
    base = base_of(client, "red-one")
    for edit in ({"field": "secret", "lang": None, "value": "x"}, {"field": "copies", "lang": None, "value": "9"},
                 {"field": "name", "lang": "fr", "value": "x"}, {"field": "name", "lang": "en", "value": 3}):
        r = post(client, "/api/save", card="red-one", base=base, edits=[edit])
        assert r.status_code == 400, edit
    assert cards.read_text("utf-8") == CARDS


def test_paths_stay_inside_the_project(env, tmp_path):
    root, _studio, client, cards = env
    assert client.get("/game/..%2F..%2Fetc").status_code == 404
    assert client.get("/card/mini/cards/..%2Fgame").status_code == 404
    assert client.get("/img/..%2F..%2Fgame.yaml.png").status_code == 404
    assert client.get("/static/..%2Fengine.py").status_code == 404
    assert client.get("/pdf/mini/..%2Fcontent%2Fmini%2Fgame.yaml").status_code == 404
    outside = tmp_path / "outside.yaml"
    outside.write_text(CARDS, "utf-8")
    cards.unlink()
    cards.symlink_to(outside)                         # a deck file that leads out of the game folder
    r = post(client, "/api/save", card="red-one", base="x", edits=[{"field": "name", "lang": "en", "value": "x"}])
    assert r.status_code in (403, 422)
    assert outside.read_text("utf-8") == CARDS


def test_outside_edits_are_seen(env):
    _root, studio, client, cards = env
    v = studio.version
    cards.write_text(CARDS.replace("Red one", "Red changed"), "utf-8")
    assert studio.poll() and studio.version == v + 1
    assert client.get("/api/card/mini/cards/red-one").json()["fields"][0]["values"]["en"] == "Red changed"


def test_translation_table_marks_missing_and_saves_in_place(env):
    _root, _studio, client, cards = env
    cards.write_text(CARDS.replace(", zh-TW: 紅一", ""), "utf-8")
    page = client.get("/translate/mini").text
    assert "1 missing" in page and 'class="missing"' in page
    r = post(client, "/api/save", card="red-one", base=base_of(client, "red-one"),
             edits=[{"field": "name", "lang": "zh-TW", "value": "紅一"}])
    assert r.status_code == 200
    assert cards.read_text("utf-8") == CARDS.replace("{en: Red one, zh-TW: 紅一}", "{en: Red one, zh-TW: 紅一}")
    assert "0 missing" in client.get("/translate/mini").text


def test_build_button_builds_and_links_the_pdf(env):
    _root, _studio, client, _cards = env
    r = client.post("/api/build", json={"game": "mini"}).json()
    assert r["ok"] and "mini.en.a4.pdf" in r["pdfs"]
    pdf = client.get("/pdf/mini/mini.en.a4.pdf")
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


def test_a_game_that_does_not_load_shows_its_problems(env):
    _root, _studio, client, cards = env
    cards.write_text(CARDS.replace("colour: blue", "colour: [blue"), "utf-8")
    page = client.get("/game/mini")
    assert page.status_code == 200 and "does not load" in page.text and "cards.yaml:" in page.text
    r = post(client, "/api/save", card="red-one", base="x", edits=[{"field": "name", "lang": "en", "value": "x"}])
    assert r.status_code == 422 and r.json()["problems"]


def test_a_changed_text_makes_its_other_languages_stale_until_they_are_saved(env):
    _root, _studio, client, _cards = env
    assert "0 stale" in client.get("/translate/mini").text
    post(client, "/api/save", card="red-one", base=base_of(client, "red-one"),
         edits=[{"field": "name", "lang": "en", "value": "Red uno"}])
    page = client.get("/translate/mini").text
    assert "1 stale" in page and 'class=" stale"' in page
    post(client, "/api/save", card="red-one", base=base_of(client, "red-one"),
         edits=[{"field": "name", "lang": "zh-TW", "value": "紅壹"}])
    assert "0 stale" in client.get("/translate/mini").text


def test_cards_from_a_spreadsheet_are_shown_and_edited_in_their_cells(env):
    """Spreadsheet decks were shown but not written; now their cells are edited in place (more in
    tests/test_studio_sheets.py), with the same conflict check as a YAML deck."""
    root, _studio, client, _cards = env
    game = root / "content" / "mini"
    (game / "cards.csv").write_text("id,name.en,name.zh-TW,colour\nred-one,Red one,紅一,red\n", "utf-8")
    (game / "game.yaml").write_text((game / "game.yaml").read_text("utf-8").replace("cards.yaml", "cards.csv"), "utf-8")
    assert client.get("/game/mini").text.count("<figure") == 1
    r = post(client, "/api/save", card="red-one", base="x", edits=[{"field": "name", "lang": "en", "value": "x"}])
    assert r.status_code == 409 and "changed on disk" in r.json()["error"]
    page = client.get("/card/mini/cards/red-one")
    assert page.status_code == 200 and "<textarea" in page.text
    assert post(client, "/api/preview", card="red-one", edits=[]).json()["front"]
    r = post(client, "/api/save", card="red-one", base=base_of(client, "red-one"),
             edits=[{"field": "name", "lang": "en", "value": "Red, first"}])
    assert r.status_code == 200, r.text
    assert (game / "cards.csv").read_text("utf-8") == "id,name.en,name.zh-TW,colour\nred-one,\"Red, first\",紅一,red\n"


def test_the_card_page_previews_the_layout_the_card_chooses(tmp_path):
    """A deck with `front: {by: …}`: the studio once previewed the component's default layout while the
    build printed the chosen one (and showed that layout's problems as the card's)."""
    root = make(tmp_path)
    game = root / "content" / "mini" / "game.yaml"
    game.write_text(game.read_text("utf-8").replace(
        "front: mini/card", "front: {by: colour, cases: {blue: mini/card-blue}, default: mini/card}"), "utf-8")
    (root / "layouts" / "mini" / "card-blue.yaml").write_text(   # the chosen layout's name never fits
        "extends: mini/card\nelements:\n  name: {w: 4, h: 3, size: 16}\n", "utf-8")
    client = TestClient(create_app(Studio(root, out=tmp_path / "out"), token=TOKEN, poll=None),
                        base_url="http://127.0.0.1")
    client.headers["X-Studio-Token"] = TOKEN
    blue = post(client, "/api/preview", card="blue-two", edits=[]).json()
    red = post(client, "/api/preview", card="red-one", edits=[]).json()
    assert any(f["check"] == "text-fits" and f["card"] == "blue-two" for f in blue["findings"])
    assert not any(f["check"] == "text-fits" and f["card"] == "red-one" for f in red["findings"])
