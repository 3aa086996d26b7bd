"""File names derived from ids stay short enough for every file system, and a preview never allocates a
raster past its pixel limit: long ids and a contact sheet at 1200 dpi end in files or exit 2, never in
a traceback (ENAMETOOLONG, MemoryError)."""
from __future__ import annotations

import os
import re

import pytest
from hypothesis import given, settings, strategies as st

import booklet_game
from conftest import run_pnp
from pnp.export import safe_name
from pnp.export import preview as preview_mod

LONG = "a" + "-very-long-card-name" * 15     # 301 characters: a valid id, past NAME_MAX once a suffix is added


def test_a_long_id_becomes_a_bounded_name_with_a_hash_and_short_ids_stay_as_they_are():
    assert safe_name("red-one") == "red-one"
    assert safe_name("x" * 100) == "x" * 100
    long = safe_name(LONG)
    assert len(long.encode()) <= 100 and re.fullmatch(r"[a-z-]{80}-[0-9a-f]{12}", long), long
    assert long.startswith(LONG[:80])
    assert safe_name(LONG + "b") != long     # ids that share their start keep distinct files
    assert len(safe_name("名" * 200).encode()) <= 100
    assert safe_name("..") == "_." and safe_name(".x") == "_x"


@pytest.fixture(scope="module")
def long_game(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("long")
    root = booklet_game.make(tmp)
    cards = root / "content" / "tiny" / "cards.yaml"
    more = "".join(f"  - {{id: extra-{i}, name: {{en: Extra {i}, zh-TW: 加{i}}}, colour: blue}}\n" for i in range(10))
    cards.write_text(cards.read_text("utf-8").replace("red-one", LONG) + more, "utf-8")
    (root / "content" / "tiny" / "rules.en.md").write_text("# Rules\n\nPlay.\n", "utf-8")
    (root / "content" / "tiny" / "rules.zh-TW.md").write_text("# 規則\n\n玩。\n", "utf-8")
    return root, tmp


@pytest.mark.parametrize("args", [["export", "tiny", "--to", "png"], ["export", "tiny", "--to", "printshop"],
                                  ["preview", "tiny", LONG]])
def test_a_card_with_a_long_id_exports_and_previews(long_game, args):
    root, tmp = long_game
    out = tmp / ("out-" + args[0] + args[-1][:3])
    r = run_pnp("--project", root, *args, "--out", out)
    assert r.returncode == 0, r.stderr[-3000:]
    assert "Traceback" not in r.stderr
    names = [n for _d, _s, files in os.walk(out) for n in files]
    assert names and all(len(n.encode()) <= 255 for n in names), names
    assert any(n.startswith(LONG[:80]) or LONG[:80] in n for n in names), names


def test_a_contact_sheet_past_the_pixel_limit_is_refused_before_it_is_drawn(long_game):
    root, tmp = long_game
    r = run_pnp("--project", root, "preview", "tiny", "--sheet", "--dpi", "1200", "--out", tmp / "sheet")
    assert r.returncode == 2, r.stderr[-3000:]
    assert "Traceback" not in r.stderr
    assert f"more than the {preview_mod.MAX_PIXELS // 1_000_000} megapixels allowed" in r.stderr, r.stderr
    assert re.search(r"game\.yaml:\d+:\d+: the contact sheet", r.stderr), r.stderr
    assert "--dpi" in r.stderr
    assert not (tmp / "sheet" / "tiny" / "preview").exists()


def test_a_contact_sheet_within_the_limit_is_written(long_game):
    root, tmp = long_game
    r = run_pnp("--project", root, "preview", "tiny", "--sheet", "--dpi", "100", "--out", tmp / "ok")
    assert r.returncode == 0, r.stderr[-3000:]
    assert (tmp / "ok" / "tiny" / "preview" / "tiny.zh-TW.sheet.png").exists() or \
        any((tmp / "ok" / "tiny" / "preview").glob("*.sheet.png"))


def test_the_sheet_limit_is_checked_before_any_face_is_rasterised(monkeypatch):
    from types import SimpleNamespace
    from pnp.core.errors import Pos, Problems
    face = SimpleNamespace(w=180.0, h=250.0, bleed=9.0)
    called = []
    monkeypatch.setattr(preview_mod, "_images", lambda *a: called.append(a) or {})
    col = SimpleNamespace(game=SimpleNamespace(pos=Pos("content/g/game.yaml", 1, 1)))
    with pytest.raises(Problems, match="contact sheet of 200 faces at 1200 dpi"):
        preview_mod._check_sheet(col, [("c.front", face)] * 200, 1200)
    assert not called
    preview_mod._check_sheet(col, [("c.front", face)] * 2, 150)



@settings(max_examples=200, deadline=None, derandomize=True)
@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=400))
def test_any_id_gives_a_short_name_of_safe_characters(text):
    name = safe_name(text)
    assert 0 < len(name.encode()) <= 100
    assert "/" not in name and "\0" not in name and not name.startswith(".")
    assert name == safe_name(text)
