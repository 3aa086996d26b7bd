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
