"""Small synthetic games for the print lint's tests: one component, inline items, one layout."""
from __future__ import annotations

import json
from pathlib import Path

from pnp.pipeline.build import Project, check_game

ROOT = Path(__file__).resolve().parent.parent


def project(tmp_path: Path, elements: dict, *, items=None, size="[40, 40]", bleed="3mm", safe="3mm", shape="rect",
            kind="deck", game_extra: str = "", fields: str = "{name: str?, colour: str?}", back: dict | None = None,
            options: str = "{}", comp_extra: str = "", layouts: dict | None = None, langs: str = "[en]") -> Project:
    """A project with game `g`: component `c` of `items` drawn by layout `g/face` with `elements`.
    comp_extra: more lines of the component's declaration; layouts: more layouts, name → YAML text."""
    root = tmp_path / "proj"
    (root / "content" / "g").mkdir(parents=True, exist_ok=True)
    (root / "layouts" / "g").mkdir(parents=True, exist_ok=True)
    items = items if items is not None else [{"id": "one"}]
    back_line = "    back: g/back\n" if back is not None else ""
    (root / "content" / "g" / "game.yaml").write_text(
        f"id: g\ntitle: G\nlanguages: {langs}\n" + game_extra +
        "components:\n  c:\n    kind: " + kind + "\n    title: C\n    front: g/face\n" + back_line +
        f"    fields: {fields}\n    options: {options}\n    items: {json.dumps(items)}\n" + comp_extra, encoding="utf-8")
    for name, text in (layouts or {}).items():
        (root / "layouts" / f"{name}.yaml").write_text(text, encoding="utf-8")
    (root / "layouts" / "g" / "face.yaml").write_text(_layout(elements, size, bleed, safe, shape), encoding="utf-8")
    if back is not None:
        (root / "layouts" / "g" / "back.yaml").write_text(_layout(back, size, bleed, safe, shape), encoding="utf-8")
    return Project(root)


def _layout(elements, size, bleed, safe, shape):
    lines = [f"size: {size}", f"bleed: {bleed}", f"safe: {safe}", f"shape: {shape}", "elements:"]
    for name, el in elements.items():
        lines.append(f"  {name}: {json.dumps(el, ensure_ascii=False)}")
    return "\n".join(lines) + "\n"


def lint(tmp_path, elements, rule=None, **kw) -> list:
    """The lint findings of check_game on a synthetic game (only `rule`'s when given)."""
    _prep, findings = check_game(project(tmp_path, elements, **kw), "g")
    return [f for f in findings if f.check.startswith("lint:") and (rule is None or f.check == f"lint:{rule}")]
