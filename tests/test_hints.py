"""Hints name what an installed pnp has: `pnp docs` (the reference it writes), never "the README" (a
checkout's file, not installed); a missing extra is named as pip installs it."""
import re

from conftest import ROOT


def test_no_message_points_at_the_readme():
    said = []
    for path in sorted((ROOT / "pnp").rglob("*")):
        if path.suffix not in (".py", ".html", ".js") or not path.is_file():
            continue
        for n, line in enumerate(path.read_text("utf-8").splitlines(), 1):
            code = line.split("#", 1)[0] if path.suffix == ".py" else line
            # a string literal that names the README (README.txt is a file the print-shop export writes)
            if re.search(r"[\"'][^\"']*README(?!\.txt)", code) and not line.lstrip().startswith(('"""', "'''")):
                said.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert not said, "\n".join(said)


def test_the_studio_extra_is_named_as_pip_installs_it():
    from pnp.studio.cli import MISSING
    assert "pip install 'pnp[studio]'" in MISSING and "-e" not in MISSING


def test_the_reference_names_no_readme():
    from pnp.commands.docs import generate
    assert "README" not in generate()
