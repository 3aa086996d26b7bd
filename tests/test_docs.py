"""The README points at the generated reference and the tutorial, and the tutorial names only real
commands (the element tables themselves are checked in test_reference.py)."""
import re

from conftest import ROOT
from pnp.commands.cli import main


def test_readme_links_the_reference_and_the_tutorial():
    text = (ROOT / "README.md").read_text("utf-8")
    assert "(docs/reference.md)" in text and "(docs/tutorial.md)" in text
    assert (ROOT / "docs" / "tutorial.md").is_file() and (ROOT / "docs" / "reference.md").is_file()


def test_tutorial_names_only_existing_commands():
    text = (ROOT / "docs" / "tutorial.md").read_text("utf-8")
    used = set(re.findall(r"`?pnp ([a-z]+)", text))
    assert {"new", "check", "build", "watch", "icons", "calibrate"} <= used
    assert used <= set(main.commands), used - set(main.commands)


def test_the_tutorials_squib_section_checks_builds_and_showcases(tmp_path):
    """Section 7 of the tutorial, done as written: its CSV, icon, deck and layout added to `pnp new`'s
    game pass `pnp check`, and `pnp showcase` draws the cards it names."""
    from conftest import run_pnp
    from pnp.content.loader import load_game
    text = (ROOT / "docs" / "tutorial.md").read_text("utf-8").split("## 7. Coming from Squib", 1)[1]
    blocks = re.findall(r"```(\w+)\n(.*?)```", text, re.S)
    files = {kind: body for kind, body in blocks if kind in ("csv", "xml")}
    deck, layout = [body for kind, body in blocks if kind == "yaml"]
    assert run_pnp("--project", tmp_path, "new", "mygame", "--lang", "en").returncode == 0
    game = tmp_path / "content" / "mygame"
    (game / "spells.csv").write_text(files["csv"], "utf-8")
    (game / "icons").mkdir()
    (game / "icons" / "coin.svg").write_text(files["xml"], "utf-8")
    (game / "game.yaml").write_text((game / "game.yaml").read_text("utf-8") + deck, "utf-8")
    (tmp_path / "layouts" / "mygame" / "spell.yaml").write_text(layout, "utf-8")
    assert [i.id for i in load_game(game).components["spells"].items] == ["fire-mage", "ice-mage", "owl"]
    r = run_pnp("--project", tmp_path, "check", "mygame")
    assert r.returncode == 0 and "0 findings" in r.stdout, r.stdout + r.stderr
    showcase = next(line for line in text.splitlines() if line.startswith("pnp showcase"))
    args = showcase.split("#")[0].split()[1:]
    r = run_pnp("--project", tmp_path, *args, "--out", tmp_path / "out")
    assert r.returncode == 0 and list((tmp_path / "out" / "mygame" / "showcase").glob("*.png")), r.stderr
