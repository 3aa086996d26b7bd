"""`pnp report` in the built language throughout (titles, axes, kinds, the simulation), with the game
simulated by its rules beside the deck statistics, and a simulated state no rule covers as an error."""
from __future__ import annotations

import os

import booklet_game
from conftest import install_plugin, run_pnp
from test_report import _squash, page_text


def _report(tmp_path, lang, game="clue", games="20"):
    out = tmp_path / lang
    r = run_pnp("report", game, "--lang", lang, "--games", games, "--out", out)
    return r, out / game


def test_a_zh_tw_report_speaks_zh_tw_and_shows_the_simulation(tmp_path):
    r, folder = _report(tmp_path, "zh-TW")
    assert r.returncode == 0, r.stdout + r.stderr
    text = "\n".join(page_text(folder / "clue.report.zh-TW.pdf"))
    assert "模擬：每種設定 20 局" in text
    for title in ("遊戲如何結束", "各座位的勝率", "遊戲長度", "各類別的牌數", "從起點到各房間的步數"):
        assert title in text, title
    assert "張數（含重複張）" in text and "cards (copies counted)" not in text   # the generic charts' words too
    assert "Cards per category" not in text and "Hand sizes" not in text
    assert "規則書" in text and "0 × 0" not in text           # a booklet: its kind, pages and page size
    assert "148 × 210" in text
    r_en, folder_en = _report(tmp_path, "en")
    assert r_en.returncode == 0
    names = sorted(p.name for p in (folder / "report" / "zh-TW").glob("*.png"))
    assert names == sorted(p.name for p in (folder_en / "report" / "en").glob("*.png"))   # same files in every language
    assert any("sim-ends" in n for n in names)


def test_a_state_no_rule_covers_is_an_error_of_the_report(tmp_path, monkeypatch):
    site = install_plugin(tmp_path, monkeypatch, "stuckrules",
                          "from pnp.rules.api import Plugin, Uncovered\n"
                          "def simulate(game, players, mode, rng):\n"
                          "    raise Uncovered('the deck ran out and no rule says what then', 'empty_deck')\n"
                          "plugin = Plugin('tiny', configs=lambda game: [('standard', 3)], simulate=simulate)\n",
                          "tiny = stuckrules:plugin")
    root = booklet_game.make(tmp_path, extra="rules: tiny")
    r = run_pnp("report", "tiny", "--lang", "en", "--games", "5", "--out", tmp_path / "out", cwd=root,
                env={"PYTHONPATH": os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH")]))})
    assert r.returncode == 1, r.stdout + r.stderr
    assert "a simulated game reached a state no rule covers: standard, 3: the deck ran out and no rule says what " \
           "then (5 of 5 games)" in r.stderr
    text = "\n".join(page_text(tmp_path / "out" / "tiny" / "tiny.report.en.pdf"))
    assert _squash("no rule says what then") in _squash(text)
