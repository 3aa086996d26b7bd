"""`pnp new GAME`: a starter game that passes `pnp check --strict` and builds as written."""
from __future__ import annotations

from conftest import run_pnp


def test_new_game_checks_clean_and_builds(tmp_path, size="mini", langs="en,zh-TW"):
    """(The poker size in English alone is built by the installed-wheel test in test_install.py.)"""
    r = run_pnp("--project", tmp_path, "new", "mygame", "--size", size, "--lang", langs)
    assert r.returncode == 0, r.stderr
    assert "pnp --project" in r.stdout and "check mygame" in r.stdout and "build mygame" in r.stdout
    for f in ("content/mygame/game.yaml", "content/mygame/cards.yaml", "layouts/mygame/card.yaml",
              "layouts/mygame/back.yaml", "layouts/mygame/aid.yaml", "layouts/mygame/token.yaml"):
        assert (tmp_path / f).is_file(), f
    r = run_pnp("--project", tmp_path, "check", "mygame", "--strict")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "0 findings" in r.stdout
    r = run_pnp("--project", tmp_path, "build", "--lang", "all", "--out", tmp_path / "out")
    assert r.returncode == 0, r.stderr
    for lang in langs.split(","):
        assert (tmp_path / "out" / "mygame" / f"mygame.{lang}.a4.pdf").is_file()


def test_new_never_overwrites_and_refuses_bad_names(tmp_path):
    assert run_pnp("--project", tmp_path, "new", "g").returncode == 0
    before = (tmp_path / "content" / "g" / "cards.yaml").read_text("utf-8")
    r = run_pnp("--project", tmp_path, "new", "g")
    assert r.returncode == 2 and "already exists" in r.stderr and "Traceback" not in r.stderr
    assert (tmp_path / "content" / "g" / "cards.yaml").read_text("utf-8") == before
    r = run_pnp("--project", tmp_path, "new", "My Game")
    assert r.returncode == 2 and "not a game id" in r.stderr
    r = run_pnp("--project", tmp_path, "new", "h", "--lang", "fr")
    assert r.returncode == 2 and "fr" in r.stderr and not (tmp_path / "content" / "h").exists()


def test_new_game_declares_two_checks_that_catch_a_broken_deck(tmp_path):
    from pnp import rules
    from pnp.content.loader import load_game
    from pnp.commands.scaffold import write_game
    write_game(tmp_path, "g", langs=("en",))
    root = tmp_path / "content" / "g"
    assert rules.run(load_game(root))[0] == []
    cards = root / "cards.yaml"
    text = cards.read_text("utf-8")
    cards.write_text(text.replace("value: 3", "value: 11").replace("\"Crown\"", "\"Heart\""), "utf-8")
    found = {(f.check, f.card) for f in rules.run(load_game(root))[0]}
    assert found == {("cards/unique-1", "crown-2"), ("cards/each-2", "star-3")}


def test_a_starter_named_like_a_shipped_game_is_not_claimed_by_its_plugin(tmp_path):
    """`pnp new clue` in an empty folder: the shipped Clue plug-in runs only for games that opt in to it
    (game.yaml `rules: clue`), so the starter passes its own checks."""
    r = run_pnp("--project", tmp_path, "new", "clue")
    assert r.returncode == 0, r.stderr
    r = run_pnp("--project", tmp_path, "check", "clue", "--strict")
    assert r.returncode == 0, r.stdout + r.stderr
    with open(tmp_path / "content" / "clue" / "game.yaml", "a", encoding="utf-8") as f:
        f.write("rules: clue\n")          # opting in: now the Clue rules judge it, and the starter is no Clue
    r = run_pnp("--project", tmp_path, "check", "clue")
    assert r.returncode != 0 and "clue" in r.stdout + r.stderr
