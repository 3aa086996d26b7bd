"""Declared checks (`checks:` in game.yaml): each kind passes on a deck that keeps it and fails, at the
line of the item to blame (or of the check), on one that breaks it; bad declarations are bad input."""
from __future__ import annotations

import json
import textwrap

import pytest

from conftest import ROOT, run_pnp
from pnp import rules
from pnp.content.loader import load_game
from pnp.core.errors import Problems

CARDS = """\
cards:
  - id: a1
    colour: red
    rank: 1
    name: {en: Ann}
    clue: b1
  - id: a2
    colour: red
    rank: 2
    name: {en: Bob}
    clue: b2
  - id: a3
    colour: blue
    rank: 1
    name: {en: Cid}
    clue: b1
  - id: a4
    colour: blue
    rank: 2
    name: {en: Dee}
    copies: 2
    clue: b2
"""


def game(tmp_path, checks: str, cards: str = CARDS, top: str = ""):
    root = tmp_path / "proj" / "content" / "g"
    root.mkdir(parents=True, exist_ok=True)
    (root / "game.yaml").write_text(textwrap.dedent("""\
        id: g
        title: {en: G}
        languages: [en]
        data: {most: 3, witnesses: 1}
        components:
          tokens:
            kind: tokens
            title: {en: Tokens}
            front: common/token-round
            items:
              - {id: b1, kind: witness}
              - {id: b2, kind: weapon}
            fields: {kind: {enum: [witness, weapon]}}
          cards:
            kind: deck
            title: {en: Cards}
            cards: cards.yaml
            front: common/poker
            fields: {colour: {enum: [red, blue]}, rank: int, name: text, clue: id}
            checks:
        """) + textwrap.indent(textwrap.dedent(checks), "      ") + top, encoding="utf-8")
    (root / "cards.yaml").write_text(cards, encoding="utf-8")
    return root


def findings(root):
    found, ran = rules.run(load_game(root))
    return [(f.pos.file.rsplit("/", 1)[-1], f.pos.line, f.check, f.severity, f.message) for f in found], ran


def bad(root) -> str:
    with pytest.raises(Problems) as e:
        rules.run(load_game(root))
    return str(e.value)


def test_unique_passes_and_fails_at_the_second_item(tmp_path):
    assert findings(game(tmp_path, "- unique: [name]\n"))[0] == []
    f, ran = findings(game(tmp_path, "- unique: [name]\n", CARDS.replace("Bob", "Ann")))
    assert [x[:4] for x in f] == [("cards.yaml", 10, "cards/unique-1", "error")]
    assert "`a2` has the same name Ann as `a1`" in f[0][4] and "(check `cards/unique-1`)" in f[0][4]
    assert "declared:cards/unique-1" in ran


def test_combinations_every_one_once(tmp_path):
    assert findings(game(tmp_path, "- combinations: [colour, rank]\n"))[0] == []
    f, _ = findings(game(tmp_path, "- combinations: [colour, rank]\n", CARDS.replace("rank: 2\n    name: {en: Dee}", "rank: 1\n    name: {en: Dee}")))
    assert [(x[0], x[1]) for x in f] == [("cards.yaml", 17), ("game.yaml", 21)]
    assert "1 combination(s) of colour, rank have no item" in f[1][4] and "blue, 2" in f[1][4]
    assert "`a4` has the same colour, rank as `a3`" in f[0][4]


def test_count_counts_pieces_where_and_points_at_the_check(tmp_path):
    ok = "- count: {where: \"card.colour == 'blue'\", is: 3}\n- count: {min: 5, max: 5}\n"
    assert findings(game(tmp_path, ok))[0] == []
    f, _ = findings(game(tmp_path, "- count: {where: \"card.colour == 'blue'\", max: 2}\n  severity: warning\n"))
    assert [x[:4] for x in f] == [("game.yaml", 21, "cards/count-1", "warning")]
    assert "3 pieces of `cards` where `card.colour == 'blue'`" in f[0][4] and "at most 2" in f[0][4]


def test_each_blames_the_field_it_reads(tmp_path):
    assert findings(game(tmp_path, "- each: \"1 <= card.rank <= 2\"\n"))[0] == []
    f, _ = findings(game(tmp_path, "- each: \"card.rank <= 1\"\n  where: \"card.colour == 'red'\"\n"))
    assert [(x[1], x[2]) for x in f] == [(9, "cards/each-1")] and "`a2` breaks `card.rank <= 1`" in f[0][4]


def test_sum_with_a_message_template(tmp_path):
    assert findings(game(tmp_path, "- sum: {of: card.rank * card.copies, is: 8}\n"))[0] == []
    f, _ = findings(game(tmp_path, "- sum: {of: card.copies, is: 4}\n  name: pieces\n"
                                   "  message: \"{{ value }} pieces, {{ data.most }} at most\"\n"))
    assert [(x[1], x[2]) for x in f] == [(21, "pieces")] and f[0][4] == "5 pieces, 3 at most (check `pieces`)"


def test_refs_to_another_component(tmp_path):
    assert findings(game(tmp_path, "- refs: {field: clue, to: tokens}\n"))[0] == []
    f, _ = findings(game(tmp_path, "- refs: {field: clue, to: tokens}\n", CARDS.replace("clue: b2\n", "clue: b9\n", 1)))
    assert [(x[0], x[1]) for x in f] == [("cards.yaml", 11)] and "`clue: b9` names no item of `tokens`" in f[0][4]


def test_a_game_level_rule_sees_the_decks(tmp_path):
    rule = "checks:\n  - rule: \"game.decks.tokens | selectattr('kind', 'eq', 'witness') | list | length >= data.witnesses\"\n" \
           "    message: \"gang evidence needs {{ data.witnesses }} witness tokens\"\n"
    root = game(tmp_path, "- unique: [name]\n", top=rule)
    assert findings(root)[0] == []
    text = (root / "game.yaml").read_text().replace("witnesses: 1", "witnesses: 2")
    (root / "game.yaml").write_text(text)
    f, ran = findings(root)
    assert [(x[0], x[1], x[2]) for x in f] == [("game.yaml", 23, "game/rule-1")]
    assert f[0][4] == "gang evidence needs 2 witness tokens (check `game/rule-1`)" and "declared:game/rule-1" in ran


@pytest.mark.parametrize("checks, said", [
    ("- uniq: [name]\n", "game.yaml:21:9: unknown key `uniq` in check 1 of component `cards` — did you mean `unique`"),
    ("- unique: [nam]\n", "game.yaml:21:17: `unique` names the unknown field `nam` of `cards`"),
    ("- each: \"card.rank <=\"\n", "game.yaml:21:15: `each: card.rank <=` is not an expression"),
    ("- count: {where: \"card.rank ==\", is: 1}\n", "`where: card.rank ==` is not an expression"),
    ("- count: {is: 1, most: 2}\n", "unknown key `most` in `count`"),
    ("- refs: {field: clue, to: clues}\n", "`to: clues` names no component with items"),
    ("- unique: [name]\n  severity: fatal\n", "`severity: fatal` in check 1"),
    ("- rule: \"true\"\n", "`rule` is a game-level check"),
    ("- each: \"card.rnk > 0\"\n", "check `cards/each-1`: `card.rnk > 0` fails on `a1`"),
    ("- unique: [name]\n  message: \"{{ oops\"\n", "`message` is not a valid template"),
    ("- each: card.nothing\n", "check `cards/each-1`: `card.nothing` fails on `a1`"),
    ("- sum: {of: card.name, is: 1}\n", "is `Ann` on `a1`, not a number"),
    ("- refs: {field: clue, to: {a: 1}}\n", "names no component with items"),
    ("- unique: {a: 1}\n", "`unique` names the unknown field"),
    ("- 3\n", "check 1 of component `cards` should be a map"),
    ("- unique: [name]\n  each: card.rank\n", "has kinds unique, each"),
    ("- unique: [name]\n  where: \"true\"\n", "`where:` has no meaning for a `unique` check"),
])
def test_bad_declarations_are_bad_input_at_their_line(tmp_path, checks, said):
    assert said in bad(game(tmp_path, checks))


def test_cli_json_names_the_check_and_bad_input_exits_2(tmp_path):
    game(tmp_path, "- unique: [name]\n  name: names\n", CARDS.replace("Bob", "Ann"))
    (tmp_path / "proj" / "layouts").mkdir()  # the common layouts are built into pnp
    r = run_pnp("--project", tmp_path / "proj", "check", "g", "--json")
    assert r.returncode == 1, r.stderr
    found = [f for f in json.loads(r.stdout)["g"]["findings"] if f["check"] == "names"]
    assert [(f["line"], f["card"], f["severity"]) for f in found] == [(10, "a2", "error")]
    game(tmp_path, "- unique: [nam]\n")
    r = run_pnp("--project", tmp_path / "proj", "check", "g")
    assert r.returncode == 2 and "game.yaml:21:17: `unique` names the unknown field `nam`" in r.stderr
    assert "Traceback" not in r.stderr


def test_the_readme_example_shows_every_kind_and_runs(tmp_path):
    import yaml
    from pnp.rules.declared_spec import GAME_KINDS, ITEM_KINDS
    text = (ROOT / "README.md").read_text("utf-8")
    block = text.split("### Declared checks", 1)[1].split("```yaml\n", 1)[1].split("```", 1)[0]
    doc = yaml.safe_load(block)
    kinds = {k for c in doc["components"]["suspects"]["checks"] + doc["checks"] for k in c}
    assert set(ITEM_KINDS) | set(GAME_KINDS) <= kinds
    # the example, made a whole game: it loads, and its checks run and pass on a deck that keeps them
    suspects = doc["components"]["suspects"]
    suspects.update(title="Suspects", front="common/poker", items=[
        {"id": f"s{i}", "name": f"N{i}", "gang": g, "rank": r, "value": 2, "clue": "c1"}
        for i, (g, r) in enumerate([("rhinos", "boss"), ("rhinos", "underboss"), ("bees", "boss"), ("bees", "underboss")])])
    doc["components"]["clues"] = {"title": "Clues", "front": "common/poker", "items": [{"id": "c1"}]}
    doc["components"]["tokens"] = {"kind": "tokens", "title": "Tokens", "front": "common/token-round",
                                   "fields": {"kind": "str"}, "items": [{"id": "w1", "kind": "witness"}]}
    doc.update(id="g", title="G", languages=["en"], data={"gang_witnesses": 1})
    root = tmp_path / "g"
    root.mkdir()
    (root / "game.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    assert findings(root)[0] == []
    doc["data"]["gang_witnesses"] = 2
    (root / "game.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    assert [f[2] for f in findings(root)[0]] == ["witnesses"]


def test_expression_checks_run_in_every_language(tmp_path):
    """A translated text may break a check in one language only: that finding names the language; one
    broken in every language is said once."""
    cards = CARDS.replace("name: {en: Ann}", "name: {en: Ann, fr: Annette}").replace(
        "name: {en: Bob}", "name: {en: Bob, fr: Bob}").replace("name: {en: Cid}", "name: {en: Cid, fr: Cid}").replace(
        "name: {en: Dee}", "name: {en: Deedee, fr: Deedee}")
    root = game(tmp_path, "- each: \"card.name | length <= 4\"\n", cards=cards)
    (root / "game.yaml").write_text((root / "game.yaml").read_text("utf-8").replace(
        "languages: [en]", "languages: [en, fr]").replace("{en: Tokens}", "{en: Tokens, fr: Jetons}").replace(
        "{en: Cards}", "{en: Cards, fr: Cartes}").replace("title: {en: G}", "title: {en: G, fr: G}"), "utf-8")
    f, _ = findings(root)
    said = sorted((x[1], x[4]) for x in f)
    assert len(said) == 2, said
    assert "`a1` breaks" in said[0][1] and said[0][1].endswith("(fr)")          # Annette: French only
    assert "`a4` breaks" in said[1][1] and not said[1][1].endswith(("(en)", "(fr)"))   # Deedee: both, once
