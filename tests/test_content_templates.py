"""Text in content is a template: a number a player reads is written once in `data:` and referred to."""
import re

from conftest import copy_project, run_pnp
from pdfutil import page_text

from pnp.pipeline.build import Project, check_game, resolver_for, prepare
from pnp.templates.context import GameContext


def _edit(path, old, new):
    s = path.read_text(encoding="utf-8")
    assert s.count(old) == 1, old
    path.write_text(s.replace(old, new), encoding="utf-8")


def test_card_text_and_data_strings_render_from_data(tmp_path):
    proj = copy_project(tmp_path)
    game = proj / "content" / "criminal-poker" / "game.yaml"
    _edit(game, "data:\n", "data:\n  phys_value: 7\n  phys_rule: {zh-TW: '每張 +{{ data.phys_value }}', en: '+{{ data.phys_value }} each'}\n")
    help_ = proj / "content" / "criminal-poker" / "help.yaml"
    _edit(help_, "      en: \"{{ rule('all_cards_count') }}\"",
          "      en: \"{{ rule('all_cards_count') }} Note {{ data.phys_rule }} ({{ game.components.evidence.count }} cards).\"")
    prep = prepare(Project(proj), "criminal-poker")
    ctx = GameContext(prep.game, "en")
    assert ctx.game["data"]["phys_rule"] == "+7 each"
    rules = ctx.game["decks"]["help"][0]["rules"]
    assert "Note +7 each (18 cards)." in rules
    assert "{{" not in rules
    # the zh-TW side is untouched text; it renders as written
    zh = GameContext(prep.game, "zh-TW").game["decks"]["help"][0]
    assert "Note" not in zh["rules"] and "+2" in zh["physical"]
    out = tmp_path / "out"
    r = run_pnp("build", "criminal-poker", "--lang", "en", "--no-cover", "--out", out, cwd=proj)
    assert r.returncode == 0, r.stderr
    text = " ".join(page_text(out / "criminal-poker" / "criminal-poker.en.a4.pdf"))
    assert "+7 each" in re.sub(r"\s+", " ", text)


def test_a_broken_template_in_card_text_names_the_file_line_and_card(tmp_path):
    proj = copy_project(tmp_path)
    help_ = proj / "content" / "criminal-poker" / "help.yaml"
    _edit(help_, "title: {zh-TW: 回合流程, en: Your turn}", "title: {zh-TW: 回合流程, en: 'Turn {{ data.no_such_key }}'}")
    r = run_pnp("check", "criminal-poker", "--lang", "en", cwd=proj)
    assert r.returncode == 2, r.stdout + r.stderr
    line = next(i for i, s in enumerate(help_.read_text(encoding="utf-8").splitlines(), 1) if "no_such_key" in s)
    assert re.search(rf"help\.yaml:{line}:\d+: card `help`, field `title`.*no_such_key", r.stderr), r.stderr
    assert "Traceback" not in r.stderr


def test_plain_text_is_not_changed():
    from conftest import ROOT
    prep, findings = check_game(Project(ROOT), "criminal-poker", "en")
    res = resolver_for(prep, "en")
    assert res.ctx.game["decks"]["evidence"][0]["name"] == prep.game.components["evidence"].items[0]["name"]["en"]
