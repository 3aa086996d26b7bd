"""Rules printed through phrases made from their rules.yaml entries (pnp.templates.phrases), and what
`pnp check` says of rules printed in other words (pnp.rules.phrasing): each check is shown failing for
the reason it names, and rewording is shown not to alarm."""
from __future__ import annotations

import os

import pytest

import booklet_game
from conftest import run_pnp
from pnp.content.loader import load_game
from pnp.rules import run
from pnp.templates.context import GameContext

RULES = """\
turn_order: {direction: left}
hand: {size: 3}
empty_deck:
  then: reshuffle
  edition: true
  why: {en: "The original never says what happens when the deck runs out.", zh-TW: "原規則沒說牌堆用完時怎麼辦。"}
"""
PHRASES_EN = """\
phrases:
  turn_order: "Then the player {{ direction }} takes a turn."
  hand: "Each player holds {{ size }} cards."
  empty_deck: "When the deck runs out, {{ then }} the discards."
words:
  direction: {left: on your left, right: on your right}
  then: {reshuffle: shuffle, stop: stop drawing and keep}
about:
  turn_order: 'takes? a turn|plays? next'
  hand: '\\bholds?\\b|hand'
  empty_deck: 'deck runs out|deck is empty'
"""
PHRASES_ZH = """\
phrases:
  turn_order: "接著輪到{{ direction }}的玩家。"
  hand: "每位玩家手上有 {{ size }} 張牌。"
  empty_deck: "牌堆用完時，{{ then }}棄牌堆。"
words:
  direction: {left: 左手邊, right: 右手邊}
  then: {reshuffle: 洗勻, stop: 不再抽牌並保留}
about:
  turn_order: '輪到'
  hand: '手上'
  empty_deck: '牌堆用完'
"""
BODY_EN = "# Playing\n\n{{ rule('hand') }}\n\n{{ rule('turn_order') }}\n\n{{ rule('empty_deck') }}\n"
BODY_ZH = "# 進行遊戲\n\n{{ rule('hand') }}\n\n{{ rule('turn_order') }}\n\n{{ rule('empty_deck') }}\n"


@pytest.fixture(autouse=True)
def _cwd(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)   # restored after the test; _game moves into the project


def _game(tmp_path, en=BODY_EN, zh=BODY_ZH, phrases_en=PHRASES_EN, phrases_zh=PHRASES_ZH, rules=RULES):
    root = booklet_game.make(tmp_path, rules_en=booklet_game.RULES_EN + en, rules_zh=booklet_game.RULES_ZH + zh)
    folder = root / "content" / "tiny"
    (folder / "rules.yaml").write_text(rules, "utf-8")
    (folder / "phrases.en.yaml").write_text(phrases_en, "utf-8")
    if phrases_zh is not None:
        (folder / "phrases.zh-TW.yaml").write_text(phrases_zh, "utf-8")
    os.chdir(root)   # findings name files as a user in the project sees them
    return root, folder


def _phrase_findings(folder):
    found, _ran = run(load_game(folder))
    return [str(f) for f in found if f.check == "rules:phrase"]


def test_a_rule_prints_through_its_phrase_with_its_words_and_an_edition_mark(tmp_path):
    _root, folder = _game(tmp_path)
    en = GameContext(load_game(folder), "en")
    assert en.rule("turn_order") == "Then the player on your left takes a turn."
    assert en.rule("hand") == "Each player holds 3 cards."
    assert en.rule("empty_deck") == "When the deck runs out, shuffle the discards†."   # an edition decision
    assert en.rule("turn_order", "direction") == "on your left"
    zh = GameContext(load_game(folder), "zh-TW")
    assert zh.rule("turn_order") == "接著輪到左手邊的玩家。"
    assert _phrase_findings(folder) == []


def test_the_words_follow_the_entry(tmp_path):
    _root, folder = _game(tmp_path, rules=RULES.replace("direction: left", "direction: right"))
    assert GameContext(load_game(folder), "en").rule("turn_order") == "Then the player on your right takes a turn."


def test_a_rule_the_booklet_does_not_print_is_a_finding(tmp_path):
    _root, folder = _game(tmp_path, en=BODY_EN.replace("{{ rule('hand') }}", "Hold some cards."))
    found = _phrase_findings(folder)
    assert found == ["content/tiny/rules.en.md:1:1: error: the rules booklet (en) does not print the rule `hand` — "
                     "add `{{ rule('hand') }}` where it belongs"]


@pytest.mark.parametrize("lang, literal, word", [
    ("en", "Then the player on your right takes a turn.", "on your right"),     # reversed
    ("en", "Then the player on your left takes a turn.", "on your left"),       # restated, right today
    ("en", "Each player holds 4 cards.", "4"),
    ("zh-TW", "接著輪到右手邊的玩家。", "右手邊"),
    ("zh-TW", "每位玩家手上有 5 張牌。", "5"),
])
def test_a_literal_restating_a_rule_is_a_finding_at_its_line(tmp_path, lang, literal, word):
    body = (BODY_EN if lang == "en" else BODY_ZH) + "\nSome prose.\n\n" + literal + "\n"
    _root, folder = _game(tmp_path, **({"en": body} if lang == "en" else {"zh": body}))
    text = (folder / f"rules.{lang}.md").read_text("utf-8")
    line = text.splitlines().index(literal) + 1
    found = _phrase_findings(folder)
    assert len(found) == 1, found
    assert found[0].startswith(f"content/tiny/rules.{lang}.md:{line}:1: error: “{literal}” restates the rule ")
    assert f"(“{word}”)" in found[0]


def test_rewording_a_phrase_or_the_prose_around_it_never_alarms(tmp_path):
    reworded = PHRASES_EN.replace("Then the player {{ direction }} takes a turn.",
                                  "After you, it is the turn of the player {{ direction }}: they take a turn next.")
    reworded = reworded.replace("Each player holds {{ size }} cards.", "Your hand is {{ size }} cards, never more.")
    prose = BODY_EN.replace("{{ rule('turn_order') }}", "When you are done, {{ rule('turn_order') }} That is "
                            "the whole turn, and the deck keeps going round.")
    _root, folder = _game(tmp_path, en=prose, phrases_en=reworded)
    assert _phrase_findings(folder) == []


def test_a_phrase_that_says_a_parameter_in_its_own_words_or_drops_it_is_a_finding(tmp_path):
    hard = PHRASES_EN.replace("Then the player {{ direction }} takes a turn.", "Then the player on your right takes a turn.")
    _root, folder = _game(tmp_path, phrases_en=hard)
    found = _phrase_findings(folder)
    assert any("phrases.en.yaml:2:" in f and "does not print its `direction`" in f for f in found), found
    assert any("phrases.en.yaml:2:" in f and "says “on your right” in its own words" in f for f in found), found


def test_a_call_that_expects_another_value_is_a_finding_at_its_line(tmp_path):
    body = BODY_EN.replace("{{ rule('turn_order') }}", "{{ rule('turn_order', direction='right') }}")
    _root, folder = _game(tmp_path, en=body)
    text = (folder / "rules.en.md").read_text("utf-8")
    line = next(i for i, s in enumerate(text.splitlines(), 1) if "direction='right'" in s)
    found = _phrase_findings(folder)
    assert f"content/tiny/rules.en.md:{line}:1: error: rule('turn_order', direction='right') expects direction " \
           f"'right', but rules.yaml says 'left' — the text around it is written for another rule" in found


def test_words_that_mean_another_value_are_a_finding_when_the_plugin_holds_their_meaning(tmp_path, monkeypatch):
    from conftest import install_plugin
    install_plugin(tmp_path, monkeypatch, "tinyrules",
                   "from pnp.rules.api import Plugin\n"
                   "MEANS = {'direction': {'left': {'en': 'left', 'zh-TW': '左'}, 'right': {'en': 'right', 'zh-TW': '右'}}}\n"
                   "plugin = Plugin('tiny', phrasing=lambda game: {'means': MEANS})\n", "tiny = tinyrules:plugin")
    swapped = PHRASES_EN.replace("{left: on your left, right: on your right}", "{left: on your right, right: on your left}")
    root, folder = _game(tmp_path, phrases_en=swapped)
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(game_yaml.read_text("utf-8") + "rules: tiny\n", "utf-8")
    found = _phrase_findings(folder)
    assert sum("the words “on your right” print `direction: left`, but they say `right`" in f for f in found) == 1, found
    assert sum("the words “on your left” print `direction: right`, but they say `left`" in f for f in found) == 1, found


def test_a_rule_without_a_phrase_in_a_language_is_a_finding_at_the_entry(tmp_path):
    _root, folder = _game(tmp_path, phrases_zh=PHRASES_ZH.replace("  hand: \"每位玩家手上有 {{ size }} 張牌。\"\n", ""))
    found = _phrase_findings(folder)
    assert "content/tiny/rules.yaml:2:7: error: rule `hand` has no phrase in phrases.zh-TW.yaml, so it cannot be " \
           "printed in zh-TW — add `hand: …` under `phrases:`" in found


def test_a_phrase_for_no_rule_is_a_finding(tmp_path):
    _root, folder = _game(tmp_path, phrases_en=PHRASES_EN.replace("phrases:\n", "phrases:\n  handz: \"Hold cards.\"\n"))
    assert any("phrases.en.yaml:2:" in f and "phrase `handz` names no rule" in f for f in _phrase_findings(folder))


def test_the_build_prints_the_phrases_and_stops_on_a_contradicting_call(tmp_path):
    root, folder = _game(tmp_path)
    out = tmp_path / "out"
    r = run_pnp("build", "tiny", "--out", str(out), cwd=root)
    assert r.returncode == 0, r.stdout + r.stderr
    import pypdf
    pdf = next(out.glob("tiny/*en*.pdf"))
    text = " ".join(" ".join(p.extract_text() for p in pypdf.PdfReader(pdf).pages).split())
    assert "Then the player on your left takes a turn." in text
    assert "When the deck runs out, shuffle the discards†." in text
    (folder / "rules.en.md").write_text(BODY_EN.replace("{{ rule('hand') }}", "{{ rule('hand', size=4) }}"), "utf-8")
    r = run_pnp("build", "tiny", "--out", str(out), cwd=root)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "rule('hand', size=4) expects size 4, but rules.yaml says 3" in r.stdout + r.stderr


def test_a_value_without_words_prints_as_such_and_is_a_finding(tmp_path):
    _root, folder = _game(tmp_path, rules=RULES.replace("direction: left", "direction: across"),
                          en=BODY_EN + "\nPass {{ rule('turn_order', 'direction') }}.\n")
    en = GameContext(load_game(folder), "en")
    assert en.rule("turn_order") == "Then the player ‹direction: across› takes a turn."
    found = _phrase_findings(folder)
    assert any("phrases.en.yaml:" in f and "has no words for `direction: across` (rule `turn_order`)" in f
               for f in found), found
    assert any("rules.en.md:" in f and "rule('turn_order', 'direction') prints `direction: across`, but "
               "phrases.en.yaml has no words for it" in f for f in found), found


def test_one_parameter_of_no_such_name_is_a_finding(tmp_path):
    _root, folder = _game(tmp_path, en=BODY_EN + "\nPass {{ rule('turn_order', 'way') }}.\n")
    assert any("rule('turn_order', 'way'): `turn_order` has no parameter `way`" in f for f in _phrase_findings(folder))


def test_a_bold_line_ends_a_sentence():
    from pnp.rules import phrasescan
    got = [s for _o, s in phrasescan.sentences("**Accusing**\nWith 3 players you need all blue")]
    assert got == ["Accusing", "With 3 players you need all blue"]


def test_a_phrase_that_computes_from_its_number_is_a_finding(tmp_path):
    _root, folder = _game(tmp_path, phrases_en=PHRASES_EN.replace("holds {{ size }} cards", "holds {{ raw.size + 1 }} cards"))
    found = _phrase_findings(folder)
    assert any("phrases.en.yaml:3:" in f and "prints “Each player holds 4 cards.”, where its `size` (3) does not show"
               in f for f in found), found


def test_a_list_prints_as_the_words_of_its_items(tmp_path):
    rules = RULES + "winner: {order: [badge, hours]}\n"
    en = PHRASES_EN.replace("phrases:\n", "phrases:\n  winner: \"Ties go by {{ order | join(', then ') }}.\"\n")
    en = en.replace("words:\n", "words:\n  order: {badge: the highest badge, hours: the most hours}\n")
    en = en.replace("about:\n", "about:\n  winner: 'ties?'\n")
    zh = PHRASES_ZH.replace("phrases:\n", "phrases:\n  winner: \"平手時依序比較{{ order | join('、') }}。\"\n")
    zh = zh.replace("words:\n", "words:\n  order: {badge: 警徽, hours: 時數}\n").replace("about:\n", "about:\n  winner: '平手'\n")
    body = BODY_EN + "\n{{ rule('winner') }} In short: {{ rule('winner', 'order') }}.\n"
    _root, folder = _game(tmp_path, rules=rules, phrases_en=en, phrases_zh=zh, en=body,
                          zh=BODY_ZH + "\n{{ rule('winner') }}\n")
    ctx = GameContext(load_game(folder), "en")
    assert ctx.rule("winner") == "Ties go by the highest badge, then the most hours."
    assert ctx.rule("winner", "order") == "the highest badge, the most hours"
    assert _phrase_findings(folder) == []
    (folder / "rules.yaml").write_text(rules.replace("[badge, hours]", "[badge, luck]"), "utf-8")
    found = _phrase_findings(folder)
    assert any("has no words for `order: luck` (rule `winner`)" in f for f in found), found
