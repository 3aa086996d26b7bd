"""The bottom of the house: finding constructors and the cache folder are importable by every layer
without pulling in rules/ or render/; the back-offset option is shared by build, calibrate and watch
without any of them importing the CLI."""
from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT

PNP = ROOT / "pnp"


def _imports(path: Path) -> set[str]:
    out = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
    return out


def test_layout_lint_and_components_take_findings_and_cache_from_the_bottom():
    for folder in ("layout", "lint", "components", "content"):
        for path in (PNP / folder).rglob("*.py"):
            bad = {m for m in _imports(path) if m.startswith(("pnp.rules", "pnp.text.fonts"))}
            assert not bad, f"{path.relative_to(ROOT)} imports {bad}"


def test_the_bottom_modules_import_nothing_above_them():
    assert {m for m in _imports(PNP / "findings.py") if m.startswith("pnp")} == {"pnp.core.errors"}
    assert not {m for m in _imports(PNP / "cache.py") if m.startswith("pnp")}
    assert {m for m in _imports(PNP / "cli_options.py") if m.startswith("pnp")} == {"pnp.core.errors"}


def test_no_command_module_imports_the_cli():
    for name in ("calibrate.py", "watch.py"):
        assert "pnp.commands.options" in _imports(PNP / name)
    users = [p.relative_to(ROOT) for p in PNP.rglob("*.py") if "pnp.commands.cli" in _imports(p)]
    assert users == [Path("pnp/__main__.py")]


def test_the_cache_folder_follows_the_environment(monkeypatch, tmp_path):
    from pnp.core.cache import cache_root
    from pnp.layout import qr
    from pnp.text import fonts
    monkeypatch.setenv("PNP_CACHE", str(tmp_path / "c"))
    assert cache_root() == tmp_path / "c" and fonts.cache_dir() == tmp_path / "c" / "fonts"
    assert qr._path() == tmp_path / "c" / "qr-v1.json"
