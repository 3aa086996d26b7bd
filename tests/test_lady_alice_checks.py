"""Lady Alice: the rules engine catches edits that make the print contradict the rules — names and
hours of clue elements, the published numbers in `data:`, printed texts that stop taking them from
data, the order of desk, notebook and card codes — each reported at the line that changed."""
from __future__ import annotations

import re

import pytest

from conftest import ROOT, copy_project
from pnp.content.loader import load_game
from pnp.games.lady_alice import checks as la
from pnp.games.lady_alice import printed as lap


def _broken(tmp_path, edits):
    proj = copy_project(tmp_path, games=("lady-alice",))
    for rel, old, new in edits:
        p = proj / rel
        text = p.read_text("utf-8")
        assert text.count(old) == 1, old
        p.write_text(text.replace(old, new), "utf-8")
    from pnp import rules  # the rules plug-in and the checks game.yaml declares
    return [str(f) for f in rules.run(load_game(proj / "content" / "lady-alice"))[0]]


GAME, CLUES = "content/lady-alice/game.yaml", "content/lady-alice/clues.yaml"
DESK = "layouts/lady-alice/desk.yaml"


def test_shipped_game_is_clean():
    assert list(la.check(load_game(ROOT / "content" / "lady-alice"))) == []


@pytest.mark.parametrize("edits,pattern", [
    ([(CLUES, "en: Colonel Thorne", "en: Mary Hobbs")], r"clues\.yaml:\d+:\d+: .*`s-thorne` has the same en name as `s-mary`"),
    ([(CLUES, "zh-TW: 奈兒‧柯特", "zh-TW: 拉克夫人")], r"clues\.yaml:\d+:\d+: .*`s-nell` has the same zh-TW name as `s-lark`"),
    ([(CLUES, 'hour: 9, name:', 'hour: 7, name:')], r"clues\.yaml:\d+:\d+: .*`t-0900` has the hour 7, like `t-0700`"),
    ([(CLUES, 'hour: 9, name: "{{ card.hour }}:00"', 'hour: 9, name: "10:00"')], r"clues\.yaml:\d+:\d+: .*`t-0900` is named “10:00” but its clock shows 9:00"),
    ([(CLUES, "art: cane,", "art: pipe,")], r"clues\.yaml:\d+:\d+: .*`i-cane` has the same picture `pipe`"),
    ([(GAME, "capacity: {3: 3, 4: 4, 5: 5}", "capacity: {3: 4, 4: 4, 5: 5}")], r"game\.yaml:\d+:\d+: .*`data\.capacity\.3` is 4 — the published rules say 3"),
    ([(GAME, "scoring: {accuser: 3,", "scoring: {accuser: 5,")], r"game\.yaml:\d+:\d+: .*`data\.scoring\.accuser` is 5"),
    ([(GAME, "all_blue: {3: 3, 4: 4, 5: 4}", "all_blue: {3: 3, 4: 4, 5: 5}")], r"`data\.all_blue\.5` is 5 — the published rules say 4"),
    ([(GAME, "5: {hidden: 0, extra: 1}", "5: {hidden: 0, extra: 2}")], r"`data\.deal\.5\.extra` is 2"),
    ([(GAME, "token_values: {0: 3, 1: 3, 2: 3}", "token_values: {0: 3, 1: 3, 2: 4}")], r"`data\.token_values\.2` is 4"),
    ([(GAME, "icon: clock, letter: B", "icon: clock, letter: C"), (GAME, "icon: pin, letter: C", "icon: pin, letter: B")], r"game\.yaml:\d+:\d+: .*the time code letter is 'C'"),
    ([(GAME, "  desk:\n    suspect: [s-mary, s-thorne, s-quill, s-vane, s-finch, s-lark, s-moreby, s-nell]\n    time: [t-0700, t-0900, t-1100, t-1300, t-1500, t-1700, t-1900, t-2100]\n    place: [p-tower, p-museum, p-society, p-stpauls, p-covent, p-docks, p-regents, p-paddington]",
       "  desk:\n    suspect: [s-mary, s-thorne, s-quill, s-vane, s-finch, s-lark, s-moreby, s-nell]\n    place: [p-tower, p-museum, p-society, p-stpauls, p-covent, p-docks, p-regents, p-paddington]\n    time: [t-0700, t-0900, t-1100, t-1300, t-1500, t-1700, t-1900, t-2100]")],
     r"game\.yaml:\d+:\d+: .*desk lists its panels as suspect, place, time, item"),
    ([("content/lady-alice/tokens.yaml", "  - {id: tk-grey-%d-%s, colour: grey, value: %d}\n" % (v, x, v), "")
      for v in range(3) for x in "bc"],
     r"tokens\.yaml:\d+:\d+: .*a grey student has 3 tokens: with 5 students there are 5 true elements"),
    ([(GAME, '    grey: {name: {zh-TW: 灰, en: Grey}, symbol: mark-plus, ink: white, mark: "#a9b4ba"}\n', "")], r"4 token colours for up to 5 students"),
    ([(DESK, "每格標記上限：{% for", "每格標記上限：3 人遊戲 3 枚、{% for")], r"desk\.yaml:\d+:\d+: .*zh-TW `text` types the number “3”"),
    ([(DESK, "{{ n }} 人遊戲 {{ c }} 枚", "{{ n }} 人遊戲 {{ n }} 枚")], r"desk\.yaml:\d+:\d+: .*zh-TW `text` does not show every value of `data\.capacity`"),
    ([(DESK, '"{{ (data.capacity | list)[index % (data.capacity | length)] }} 人上限"', '"{{ index % 3 + 3 }} 人上限"')],
     r"desk\.yaml:\d+:\d+: .*element `limit`: the zh-TW `text` does not take its numbers from `data\.capacity`"),
    ([("layouts/lady-alice/token.yaml", 'text: "{{ card.value }}"', 'text: "1"')], r"token\.yaml:\d+:\d+: .*does not take its numbers from `card\.value`"),
])
def test_rule_breaking_edit_is_reported_at_its_line(tmp_path, edits, pattern):
    msgs = _broken(tmp_path, edits)
    assert any(re.search(pattern, m) for m in msgs), "\n".join(msgs)


def _booklet_findings(tmp_path, lang, old, new):
    proj = copy_project(tmp_path, games=("lady-alice",))
    book = proj / "content" / "lady-alice" / f"rules.{lang}.md"
    text = book.read_text("utf-8")
    assert text.count(old) == 1, old
    book.write_text(text.replace(old, new), "utf-8")
    return [str(m) for m in la.check(load_game(proj / "content" / "lady-alice")) if f"rules.{lang}.md" in str(m.pos)]


def test_booklet_numbers_come_from_data(tmp_path):
    line = next(i for i, t in enumerate((ROOT / "content/lady-alice/rules.en.md").read_text("utf-8").splitlines(), 1)
                if "{{ rule('scoring') }}" in t)
    msgs = _booklet_findings(tmp_path / "b", "en", "{{ rule('scoring') }}", "Bonus: +3 to the right accuser.")
    assert any(re.search(rf"rules\.en\.md:{line}:\d+: .*types the bonus “\+3”", m) for m in msgs), msgs
    # a capacity printed from the wrong key (the player count): caught by the stand-ins
    msgs = _booklet_findings(tmp_path / "c", "en", "Tokens are bets:",
                             "A field holds {{ data.deal | list | first }} tokens. Tokens are bets:")
    assert any(re.search(r"rules\.en\.md:\d+:1: .*prints “3 tokens”, a rule number that does not come from the data", m)
               for m in msgs), msgs
    # the setup table no longer gives the capacities
    msgs = _booklet_findings(tmp_path / "d", "zh-TW", "| {{ data.capacity[n] }} 枚 |", "| 見下文 |")
    assert any("never states `data.capacity` for 3" in m for m in msgs), msgs


def test_shipped_booklets_are_clean():
    game = load_game(ROOT / "content" / "lady-alice")
    assert [str(f) for f in lap.check_printed(game)] == []


# ---- print craft (issue 13) -----------------------------------------------------------------------------
def test_token_colours_each_have_their_own_symbol_on_both_faces():
    import yaml
    from pnp.layout.layouts import Layouts
    data = yaml.safe_load((ROOT / GAME).read_text("utf-8"))["data"]["token_colours"]
    symbols = [v["symbol"] for v in data.values()]
    assert len(set(symbols)) == len(symbols) == 5
    lays = Layouts(ROOT / "layouts")
    for name, element in (("lady-alice/token", "symbol"), ("lady-alice/token-back", "mark")):
        el = lays.get(name, None).element(element)
        assert el is not None and "token_colours[card.colour].symbol" in el.attrs["name"], name


def test_desk_notebook_and_codes_share_one_order():
    import yaml
    data = yaml.safe_load((ROOT / GAME).read_text("utf-8"))["data"]
    order = list(data["notebook"])
    assert list(data["desk"]) == order
    assert [data["categories"][c]["letter"] for c in order] == ["A", "B", "C", "D"]


def test_verdict_folder_shows_the_fold_direction_on_every_fold():
    from pnp.layout.layouts import Layouts
    lay = Layouts(ROOT / "layouts").get("lady-alice/verdict-folder", None)
    folds = [e.name for e in lay.elements if e.attrs.get("type") == "fold"]
    arrows = [e.name for e in lay.elements if e.attrs.get("name") == "fold-back"]
    assert len(folds) == 4 and len(arrows) == 4, (folds, arrows)


def test_notebook_cover_spine_runs_into_the_bleed_on_the_right():
    """The cover's spine is on the right of its front, so the duplex back puts it under the pages' spine."""
    from pnp.layout.layouts import Layouts
    g = Layouts(ROOT / "layouts").geometry("lady-alice/notebook-cover")
    sp = g["spine"]
    assert sp["x"] + sp["w"] >= g["w"] + g["bleed"] and sp["y"] <= -g["bleed"] and sp["y"] + sp["h"] >= g["h"] + g["bleed"]


@pytest.mark.parametrize("layout,elements", [("lady-alice/notebook-cover", ("background",)),
                                             ("lady-alice/desk", ("background",))])
def test_full_colour_edges_run_into_the_bleed(layout, elements):
    from pnp.layout.layouts import Layouts
    g = Layouts(ROOT / "layouts").geometry(layout)
    assert g["bleed"] >= 3
    for el in elements:
        assert g[el]["x"] <= -g["bleed"] and g[el]["y"] <= -g["bleed"]
        assert g[el]["y"] + g[el]["h"] >= g["h"] + g["bleed"]
    assert g["background"]["x"] + g["background"]["w"] >= g["w"] + g["bleed"]
