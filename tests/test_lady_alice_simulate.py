"""Lady Alice played by its rules.yaml entries: the simulator scores through the same rules functions as
the checks, every published rule is judged at its line, a missing entry is a state no rule covers, and
each booklet lists every edition decision."""
from __future__ import annotations

import json
import random
import re
import shutil
import types
from pathlib import Path

import pytest

from conftest import ROOT, copy_project, run_pnp
from pnp.games.lady_alice import checks, logic, simulate
from pnp.games.lady_alice.published import RULES
from pnp.rules import api

GAME = ROOT / "content" / "lady-alice"


@pytest.fixture(scope="module")
def game():
    return api.load_game(GAME)


def without(game, name):
    """The game as the simulator sees it, with one rule entry taken out."""
    return types.SimpleNamespace(entries={k: v for k, v in game.entries.items() if k != name},
                                 components=game.components)


# ---- the simulator agrees with the rules functions ------------------------------------------------
@pytest.mark.parametrize("players", [3, 4, 5])
def test_every_simulated_end_is_what_the_rules_functions_say(game, players):
    els = logic.elements_of(game)
    ends = set()
    for i in range(150):
        played, end = simulate.play(game, players, "standard", random.Random(f"t:{players}:{i}"))
        ends.add(played.end)
        assert len(end.hands) == players == len(set(end.hands))
        if played.end == "last_student":
            assert len(end.expelled) == players - 1 and played.winners == tuple(set(range(players)) - end.expelled)
            continue
        assert played.end == "accusation"
        # the accusation that ended the game is right by the rules function, with the published numbers
        assert logic.accusation_succeeds(end.accusation, end.hands, end.missing, els)
        if players == 3:
            assert end.missing == logic.missing_category(end.hands, els) == logic.category_of(end.hidden, els)
        assert end.accuser not in end.expelled
        # the score the simulator played is the rules function's score of the final state
        # (the bonus for a token on every true element asks for one per category: rule `element_bonus`)
        want = logic.play_score(end.tokens, end.hands, end.suspicions, end.accuser, end.accusation, end.missing, els,
                                groups=logic.bonus_groups(end.hands, els),
                                all_blue_once=game.entries["all_blue_bonus"].get("per_student") == "once")
        assert {s: want.get(s, 0) for s in range(players)} == end.points
        eligible = [s for s in range(players) if s not in end.expelled]
        top = max(end.points[s] for s in eligible)
        assert played.winners == tuple(s for s in eligible if end.points[s] == top)
        assert played.tie == (len(played.winners) > 1)
        # no suspicion repeated one someone else made before it (rule `suspicion_limits`: a student's own
        # may be made again, as in the original)
        for k, (who, s) in enumerate(end.suspicions):
            assert s not in [t for other, t in end.suspicions[:k] if other != who]
        # the tokens on the desk never overfill a field
        per_field = {}
        for _, el, _ in end.tokens:
            per_field[el] = per_field.get(el, 0) + 1
        assert max(per_field.values(), default=0) <= logic.FIELD_CAPACITY[players]
    assert "accusation" in ends


def test_all_red_covers_only_what_the_rules_function_covers(game):
    # all red covers the four named elements with every number of students (rule `all_red_three` with 3:
    # the three held categories' are proven wrong, the missing category's never scores); `cover=False`
    # is what an edition that covered nothing would play
    els = logic.elements_of(game)
    s = {c: ids[0] for c, ids in els.items()}
    assert logic.all_red_covers(s, 0, 3, els) == frozenset(s.values())
    assert logic.all_red_covers(s, 0, 3, els, cover=False) == frozenset()
    assert logic.all_red_covers(s, 0, 4, els, cover=True) == frozenset(s.values())


def test_three_students_all_red_covers_no_true_element_and_never_runs_out_of_holmes_cards(game):
    # with 3 students a covered element is never a dealt card (all red proves the held categories wrong),
    # and every all-red suspicion covers exactly one new element per category, so at most 7 per held
    # category: the 28 Holmes cards always suffice
    els = logic.elements_of(game)
    rng = random.Random(11)
    for i in range(300):
        d = logic.deal(3, rng, els)
        covered, history = set(), []
        for _ in range(400):
            s = {c: rng.choice(els[c]) for c in logic.CATEGORIES}
            if not logic.suspicion_legal(s, history, covered, els)[0]:
                continue
            history.append(s)
            blue = logic.verdict_count(s, d.hands, els)
            covered |= logic.all_red_covers(s, blue, 3, els)
        assert not covered & set(d.hands)
        assert len(covered) <= logic.HOLMES_CARDS


# ---- the published rules, judged at their lines ---------------------------------------------------
def _bad(value):
    if isinstance(value, bool):
        return "false" if value else "true"
    if isinstance(value, int):
        return str(value + 1)
    return "reversed"


def _broken(text, line, key, value):
    """rules.yaml with `key` of the entry on `line` set to a value the published rules do not allow."""
    lines = text.split("\n")
    yaml_value = {True: "true", False: "false"}.get(value, value) if isinstance(value, bool) else value
    new, k = re.subn(rf"\b{key}: {re.escape(str(yaml_value))}\b", f"{key}: {_bad(value)}", lines[line - 1], count=1)
    assert k == 1, (line, key, lines[line - 1])
    lines[line - 1] = new
    return "\n".join(lines)


CASES = [(name, key) for name, spec in RULES.items() for key in spec if key != "rule"]


@pytest.mark.parametrize("name,key", CASES, ids=[f"{n}.{k}" for n, k in CASES])
def test_an_entry_that_leaves_the_published_rule_is_a_finding_at_its_line(tmp_path, game, name, key):
    text = (GAME / "rules.yaml").read_text("utf-8")
    line = game.entries.at(name).line
    assert not list(api.judge(game, RULES)), "the shipped entries follow the published rules"
    folder = tmp_path / "lady-alice"
    shutil.copytree(GAME, folder)
    (folder / "rules.yaml").write_text(_broken(text, line, key, game.entries[name][key]), "utf-8")
    broken = api.load_game(folder)
    found = [f for f in api.judge(broken, RULES) if f.check == f"rules:{name}"]
    assert len(found) == 1, found
    assert found[0].pos.line == line and found[0].pos.file.endswith("rules.yaml")
    assert RULES[name]["rule"] in found[0].message and f"`{key}`" in found[0].message


def test_pnp_check_reports_a_reversed_rule_at_its_line(tmp_path, game):
    proj = copy_project(tmp_path, games=("lady-alice",))
    path = proj / "content/lady-alice/rules.yaml"
    text = path.read_text("utf-8")
    line = game.entries.at("notebook_passes").line
    # reversed to a value the phrases can word (to the right), so the aid that prints it still renders
    path.write_text(text.replace("notebook_passes: {to: left}", "notebook_passes: {to: right}"), "utf-8")
    r = run_pnp("--project", proj, "check", "lady-alice", "--json")
    found = [f for f in json.loads(r.stdout)["lady-alice"]["findings"] if f["check"] == "rules:notebook_passes"]
    assert r.returncode == 1 and len(found) == 1, r.stdout + r.stderr
    assert found[0]["file"].endswith("rules.yaml") and found[0]["line"] == line
    assert "passes clockwise, to the left" in found[0]["message"]


def test_the_shipped_game_checks_clean(game):
    bad = [f for f in checks.check(game) if f.check.startswith("rules:")]
    assert bad == []


# ---- a missing entry is a state no rule covers ----------------------------------------------------
# every entry but those play does not reach: no suspicion left (which needs 4,096), and a round in which
# nobody suspects or bets (the bots always do one or the other; the simulator reads `stalemate` only if
# such a round comes, which none did in 600 games), and more than 28 fields covered (`holmes_cards_out`)
UNREACHED = {"no_legal_suspicion", "stalemate", "holmes_cards_out"}
PLAYED = [n for n in api.load_game(GAME).entries if n not in UNREACHED]


@pytest.mark.parametrize("name", PLAYED)
def test_removing_an_entry_the_model_plays_leaves_a_state_uncovered(game, name):
    def first_uncovered():
        for i in range(120):
            for players in (3, 4, 5):
                try:
                    simulate.simulate(without(game, name), players, "standard", random.Random(f"r:{players}:{i}"))
                except api.Uncovered as e:
                    return e
        return None

    e = first_uncovered()
    assert e is not None, f"no game needed `{name}`"
    assert f"`{name}`" in e.message and e.rule == name


def test_pnp_simulate_exits_1_naming_the_missing_rule(tmp_path):
    proj = copy_project(tmp_path, games=("lady-alice",))
    path = proj / "content/lady-alice/rules.yaml"
    text = path.read_text("utf-8")
    text = re.sub(r"(?ms)^score_tie:\n.*?(?=^\S)", "", text)          # the tie-break of the most points
    path.write_text(text, "utf-8")
    r = run_pnp("--project", proj, "simulate", "lady-alice", "--games", "200", "--players", "3")
    assert r.returncode == 1, r.stdout + r.stderr
    assert "state no rule covers: no rule `score_tie` in rules.yaml" in r.stdout


def test_a_reversed_edition_decision_the_model_cannot_play_is_uncovered(game):
    entries = dict(game.entries)
    entries["pass_run"] = {"after_accusation": "keeps_counting", "edition": True, "why": {"en": "x"}}
    fake = types.SimpleNamespace(entries=entries, components=game.components)
    with pytest.raises(api.Uncovered, match="pass_run"):
        for i in range(300):
            simulate.simulate(fake, 3, "standard", random.Random(i))


# ---- pnp simulate ---------------------------------------------------------------------------------
def test_every_config_plays_with_no_uncovered_state_and_a_seed_is_one_run():
    r = run_pnp("simulate", "lady-alice", "--games", "200", "--seed", "3", "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    runs = json.loads(r.stdout)["runs"]
    assert [(x["mode"], x["players"], x["games"]) for x in runs] == [("standard", n, 200) for n in (3, 4, 5)]
    for x in runs:
        assert x["uncovered"] == []
        assert abs(sum(x["ends"].values()) - 1) < 1e-3 and set(x["ends"]) <= {"accusation", "last_student"}
        assert x["length"]["max"] >= x["length"]["mean"] > 0
    again = run_pnp("simulate", "lady-alice", "--games", "200", "--seed", "3", "--json", "-j", "2")
    assert json.loads(again.stdout) == json.loads(r.stdout)
    other = run_pnp("simulate", "lady-alice", "--games", "200", "--seed", "4", "--json", "--players", "4")
    assert json.loads(other.stdout)["runs"][0] != runs[1]


# ---- the booklets list the edition decisions, and the worked example is one real game -------------
def test_each_booklet_lists_every_edition_decision(tmp_path, game):
    assert not [f for f in checks._check_edition_list(game)]
    proj = copy_project(tmp_path, games=("lady-alice",))
    path = proj / "content/lady-alice/rules.zh-TW.md"
    text = path.read_text("utf-8")
    line = next(ln for ln in text.splitlines() if ln.startswith("- **最高分同分**"))
    path.write_text(text.replace(line + "\n", ""), "utf-8")
    found = list(checks._check_edition_list(api.load_game(proj / "content/lady-alice")))
    assert len(found) == 1 and "`score_tie`" in found[0].message and "zh-TW" in found[0].message
    assert found[0].pos.file.endswith("rules.yaml") and found[0].pos.line == game.entries["score_tie"].at("why").line


def test_a_worked_example_that_contradicts_its_case_is_a_finding(tmp_path, game):
    assert not list(checks._check_example(game))
    proj = copy_project(tmp_path, games=("lady-alice",))
    path = proj / "content/lady-alice/game.yaml"
    # the example as it first stood: the final case names three of the first suspicion's four elements
    text = path.read_text("utf-8")
    path.write_text(text.replace("case: [s-mary, t-1300, p-regents, i-umbrella]", "case: [s-mary, t-1300, p-tower, i-pipe]"),
                    "utf-8")
    found = list(checks._check_example(api.load_game(proj / "content/lady-alice")))
    assert len(found) == 1 and "gets 3 blue" in found[0].message and "not 1" in found[0].message
    # reported at the blue count that does not follow, in game.yaml
    blue_line = next(i for i, ln in enumerate(text.splitlines(), 1) if "blue: 1}" in ln and "s-mary" in ln)
    assert found[0].pos.file.endswith("game.yaml") and found[0].pos.line == blue_line


def test_the_example_is_no_rule(game):
    # an example is not a rule of the edition: it is data for the booklet, not an entry (nor marked †)
    assert "worked_example" not in game.entries and game.data["example"]["players"] == 4


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_booklet_example_names_the_example_case(game, lang):
    text = (GAME / f"rules.{lang}.md").read_text("utf-8")
    example = text.split("# Example" if lang == "en" else "# 範例", 1)[1].split("\n# ", 1)[0]
    items = {c.id: c for c in game.components["clues"].items}
    for el in game.data["example"]["case"]:
        item = items[el]
        name = f"{item['hour']}:00" if item.get("hour") else item["name"][lang]   # a time's name is its hour
        assert name in example, (lang, name)


def test_a_three_student_claim_is_checked_by_the_three_judged_sections(game):
    # the edition's reading of "name the missing category": the claimed category's section is not judged,
    # so three blue on the other three sections happens only when the claim is right
    els = logic.elements_of(game)
    rng = random.Random(5)
    for _ in range(200):
        d = logic.deal(3, rng, els)
        truth = logic.missing_category(d.hands, els)
        held = {logic.category_of(h, els): h for h in d.hands}
        for claim in logic.CATEGORIES:
            acc = {c: held.get(c, els[c][0]) for c in logic.CATEGORIES if c != claim}
            blue = logic.verdict_count(acc, d.hands, els)
            assert (blue == 3) == (claim == truth)
            assert logic.accusation_succeeds(acc, d.hands, claim, els) == (claim == truth)


def test_a_three_student_all_red_accusation_covers_its_three_named_elements_safely(game):
    # rule `accusation_verdicts` (all red covers) with 3 students: the blank section names nothing and its
    # holder gives red, so each of the three named elements is wrong or in the missing category (which
    # never scores): covering them never hides a dealt card
    els = logic.elements_of(game)
    rng = random.Random(17)
    seen = 0
    for _ in range(400):
        d = logic.deal(3, rng, els)
        for claim in logic.CATEGORIES:
            acc = {c: rng.choice(els[c]) for c in logic.CATEGORIES if c != claim}
            if logic.verdict_count(acc, d.hands, els) == 0:
                seen += 1
                assert not set(acc.values()) & set(d.hands)
    assert seen
    # and the simulator plays it: 3-student games still end with no state uncovered
    for i in range(60):
        simulate.play(game, 3, "standard", random.Random(f"acc-red:{i}"))


def test_a_student_may_repeat_their_own_suspicion_but_not_one_someone_else_made(game):
    # rule `suspicion_limits` (`exact_repeat: by_others`): the original bars "a combination someone else
    # made"; a student's own may be made again, and it is no news for rule `stalemate`
    from pnp.games.lady_alice.desk import Desk
    from pnp.games.lady_alice.entries import Rules, Table
    assert game.entries["suspicion_limits"]["exact_repeat"] == "by_others"
    els = logic.elements_of(game)
    cats = [els[c] for c in logic.CATEGORIES]
    idx = {e: (j, i) for j, ids in enumerate(cats) for i, e in enumerate(ids)}
    rng = random.Random(11)
    rule, d = Rules(game), logic.deal(4, rng, els)
    table = Table(rule, 4)
    g = simulate._Game(rule, table, rng, els, cats, idx, d.hands, Desk(game, table, 4, els, cats, idx))
    s = {c: els[c][0] for c in logic.CATEGORIES}
    assert g.legal(s, 0) and g.legal(s, 1)
    g.history.append((0, dict(s)))
    assert g.legal(s, 0) and not g.legal(s, 1)
