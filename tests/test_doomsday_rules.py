"""Doomsday Files: the game logic, and every deck rule against a deck broken on purpose."""
import json
import re

import pytest
from click.testing import CliRunner

from conftest import ROOT, copy_project, run_pnp
from pnp.commands.cli import main
from pnp.games.doomsday_files.checks import (Card, Case, deal_secrets, end_of_turn, failed_claim_doom, guardian_claim,
                                      heretic_wins, lose_sanity, resolve, sanity_limit, sanity_zero, setup)

GAME = "doomsday-files"
GUN, LENS, STAR = Card("force"), Card("investigate"), Card("either")
FORBIDDEN_GUN = Card("force", 2, True)


# ---- logic ------------------------------------------------------------------------------------
def test_monster_beaten_stops_showing_and_draws():
    r = resolve(Case("monster", 3), [GUN, STAR, GUN, LENS, GUN])
    assert (r.success, r.total, r.shown, r.sanity_lost, r.doom, r.draw, r.solved) == (True, 3, 3, 0, 0, 1, False)


def test_monster_failed_costs_the_shortfall_in_sanity():
    r = resolve(Case("monster", 5), [GUN, LENS, LENS, STAR])
    assert (r.success, r.total, r.shown, r.sanity_lost, r.doom, r.draw) == (False, 2, 4, 3, 0, 0)


def test_mystery_solved_is_kept_and_failed_raises_doom():
    ok = resolve(Case("mystery", 4), [LENS, GUN, STAR, LENS, LENS])
    assert (ok.success, ok.total, ok.shown, ok.solved, ok.doom, ok.sanity_lost) == (True, 4, 5, True, 0, 0)
    bad = resolve(Case("mystery", 4), [GUN, GUN, LENS])
    assert (bad.success, bad.solved, bad.doom, bad.sanity_lost) == (False, False, 1, 0)


def test_forbidden_cards_shown_cost_their_holder_sanity():
    # a forbidden card shows two symbols but costs 1 sanity when shown; a forbidden case costs 1 when turned up
    r = resolve(Case("monster", 6, forbidden=True), [FORBIDDEN_GUN, GUN, FORBIDDEN_GUN, GUN, LENS])
    assert r.success and r.total == 6 and r.shown == 4 and r.sanity_lost == 1 + 2
    unshown = resolve(Case("monster", 3), [GUN, STAR, GUN, FORBIDDEN_GUN])
    assert unshown.sanity_lost == 0          # never shown: no cost
    failed = resolve(Case("mystery", 6, forbidden=True), [FORBIDDEN_GUN, LENS])
    assert (failed.success, failed.total, failed.sanity_lost, failed.doom) == (False, 1, 2, 1)


def test_bonus_counts_and_can_make_showing_unneeded():
    assert resolve(Case("monster", 4), [GUN, GUN], bonus=2).success
    r = resolve(Case("mystery", 3), [FORBIDDEN_GUN], bonus=3)
    assert r.success and r.shown == 0 and r.sanity_lost == 0


def test_sanity_zero_consequences():
    z = sanity_zero(open_cases=2, own_turn=True, passed=False)
    assert (z.doom, z.discarded, z.rest_of_turn) == (3, 2, "pass-only")
    assert sanity_zero(0, own_turn=True, passed=True).rest_of_turn == "turn-ends"
    assert sanity_zero(3).doom == 4 and sanity_zero(3).rest_of_turn == "—"
    assert lose_sanity(2, 3) == (0, True)
    assert lose_sanity(4, 1) == (3, False)
    assert lose_sanity(0, 2) == (0, False)   # at 0 a player is untouched by effects
    assert sanity_limit([1, 0, 1]) == 6


@pytest.mark.parametrize("doom, rise", [(0, 7), (1, 6), (5, 4), (6, 4), (11, 1), (12, 1), (13, 0)])
def test_failed_guardian_claim_doom(doom, rise):
    assert failed_claim_doom(doom) == rise


def test_guardian_claim():
    assert guardian_claim(4, 9, [("guardian", 6)]) == (True, 4)
    assert guardian_claim(4, 9, [("guardian", 5)]) == (False, 9)           # 14 < 15: doom + ⌈9/2⌉
    assert guardian_claim(4, 15, [("seeker", 0)]) == (False, 9)            # a wrong ally
    assert guardian_claim(12, 15, [("heretic", 0)]) == (False, 13) and heretic_wins(13)


def test_end_of_turn():
    assert end_of_turn(cases=3, hand=7) == (2, 2)
    assert end_of_turn(cases=2, hand=5) == (0, 0)


@pytest.mark.parametrize("players, guardians", [(4, 2), (5, 2), (6, 3), (7, 3), (8, 3)])
def test_setup_composition(players, guardians):
    s = setup(players)
    assert s == {"guardian": guardians, "heretic": 1, "others": players - guardians - 1}
    roles = deal_secrets(players)
    assert len(roles) == players and roles.count("guardian") == guardians and roles.count("heretic") == 1
    assert len(set(r for r in roles if r not in ("guardian", "heretic"))) == players - guardians - 1


@pytest.mark.parametrize("players", [3, 9])
def test_setup_rejects_player_counts(players):
    with pytest.raises(ValueError):
        setup(players)


# ---- the shipped deck passes --------------------------------------------------------------------
def test_shipped_deck_passes_the_cli_check():
    r = run_pnp("check", GAME, "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    report = json.loads(r.stdout)[GAME]
    assert not [f for f in report["findings"] if f["severity"] == "error"]
    assert f"{GAME}:deck-rules" in report["checks"]
    assert any("60 monsters, 30 mysteries, 10 forbidden" in line for line in report["summary"])


# ---- deck rules against broken decks ------------------------------------------------------------
@pytest.fixture(scope="module")
def project(tmp_path_factory):
    return tmp_path_factory.mktemp("dd")


def _check(root):
    r = CliRunner().invoke(main, ["--project", str(root), "check", GAME, "--json"])
    return r.exit_code, json.loads(r.output)[GAME]["findings"] if r.output.strip().startswith("{") else r.output


def _mutate(tmp_path, file, edits):
    """Copy the project, apply (old, new) text edits to content/doomsday-files/<file>, return root."""
    root = copy_project(tmp_path, games=(GAME,))
    p = root / "content" / GAME / file
    text = p.read_text("utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    p.write_text(text, "utf-8")
    return root, text


def _line(text, needle):
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def _finding(findings, check, file, line):
    hits = [f for f in findings if f["check"] == check and f["severity"] == "error"]
    assert hits, f"no {check} error in {findings}"
    at = [f for f in hits if f["file"].endswith(f"content/{GAME}/{file}") and f["line"] == line]
    assert at, f"{check} error not at {file}:{line}: {[(f['file'], f['line'], f['message']) for f in hits]}"
    return at[0]


EXTRA = "  - {id: folio-3, effect: folio, symbol: force, case: monster, difficulty: 6, power: 2, forbidden: true}\n"


def test_eleven_forbidden_cards(tmp_path):
    root, text = _mutate(tmp_path, "actions.yaml", [])
    (root / "content" / GAME / "actions.yaml").write_text(text + EXTRA, "utf-8")
    code, findings = _check(root)
    assert code == 1
    f = _finding(findings, "doomsday-files:forbidden", "actions.yaml", len(text.splitlines()) + 1)
    assert "number 11" in f["message"] and f["card"] == "folio-3"
    assert f["col"] == EXTRA.index("forbidden: true") + len("forbidden: ") + 1
    assert any("91 cards" in x["message"] for x in findings)


def test_nine_forbidden_cards(tmp_path):
    root, text = _mutate(tmp_path, "actions.yaml", [("difficulty: 6, power: 2, forbidden: true}\n", "difficulty: 5}\n")])
    code, findings = _check(root)
    assert code == 1
    hits = [f for f in findings if f["check"] == "doomsday-files:forbidden"]
    assert hits and "9 forbidden" in hits[0]["message"] and hits[0]["file"].endswith("actions.yaml")


def test_ordinary_card_of_difficulty_7(tmp_path):
    old = "{id: shotgun-1, effect: shotgun, symbol: force, case: monster, difficulty: 4}"
    root, text = _mutate(tmp_path, "actions.yaml", [(old, old.replace("difficulty: 4", "difficulty: 7"))])
    code, findings = _check(root)
    assert code == 1
    f = _finding(findings, "doomsday-files:difficulty", "actions.yaml", _line(text, "shotgun-1"))
    assert "difficulty 7" in f["message"] and f["card"] == "shotgun-1"


def test_ordinary_card_of_difficulty_6(tmp_path):
    old = "{id: lens-1, effect: lens, symbol: investigate, case: monster, difficulty: 3}"
    root, text = _mutate(tmp_path, "actions.yaml", [(old, old.replace("difficulty: 3", "difficulty: 6"))])
    code, findings = _check(root)
    assert code == 1
    f = _finding(findings, "doomsday-files:difficulty", "actions.yaml", _line(text, "lens-1"))
    assert "only forbidden cards are 6" in f["message"]


def test_forbidden_card_not_difficulty_6(tmp_path):
    old = "{id: pact-1, effect: pact, symbol: investigate, case: monster, difficulty: 6,"
    root, text = _mutate(tmp_path, "actions.yaml", [(old, old.replace("difficulty: 6", "difficulty: 5"))])
    code, findings = _check(root)
    assert code == 1
    f = _finding(findings, "doomsday-files:difficulty", "actions.yaml", _line(text, "pact-1"))
    assert f["card"] == "pact-1"


def test_too_many_mysteries(tmp_path):
    text = (ROOT / "content" / GAME / "actions.yaml").read_text("utf-8")
    monsters = re.findall(r"\{id: [a-z]+-\d, [^}]*case: monster, difficulty: [345]\}", text)[:3]
    root, text = _mutate(tmp_path, "actions.yaml", [(m, m.replace("monster", "mystery")) for m in monsters])
    code, findings = _check(root)
    assert code == 1
    hits = [f for f in findings if f["check"] == "doomsday-files:mysteries"]
    assert hits and "33 mysteries" in hits[0]["message"] and hits[0]["file"].endswith("actions.yaml")


def test_symbol_imbalance(tmp_path):
    text = (ROOT / "content" / GAME / "actions.yaml").read_text("utf-8")
    lenses = re.findall(r"\{id: (?!lens)[a-z]+-\d, effect: [a-z]+, symbol: investigate, [^}]*difficulty: [345]\}", text)[:8]
    assert len(lenses) == 8
    root, _ = _mutate(tmp_path, "actions.yaml", [(m, m.replace("investigate", "force")) for m in lenses])
    code, findings = _check(root)
    assert code == 1
    hits = [f for f in findings if f["check"] == "doomsday-files:symbols"]
    assert hits and "force 68 and investigate 52" in hits[0]["message"]


def test_unknown_effect(tmp_path):
    root, text = _mutate(tmp_path, "actions.yaml", [("{id: charm-2, effect: charm,", "{id: charm-2, effect: charms,")])
    code, findings = _check(root)
    assert code == 1
    f = _finding(findings, "doomsday-files:effects", "actions.yaml", _line(text, "charm-2"))
    assert "`charms`" in f["message"] and "charm" in f["message"]


def test_profession_missing_and_duplicate_name(tmp_path):
    root, text = _mutate(tmp_path, "professions.yaml", [("name: {zh-TW: 守墓人, en: Gravedigger}",
                                                         "name: {zh-TW: 神父, en: Gravedigger}")])
    code, findings = _check(root)
    assert code == 1
    f = _finding(findings, "doomsday-files:professions", "professions.yaml", _line(text, "zh-TW: 神父, en: Gravedigger"))
    assert "priest" in f["message"] and f["card"] == "gravedigger"


def test_no_profession_raises_sanity(tmp_path):
    root, _ = _mutate(tmp_path, "professions.yaml", [])
    p = root / "content" / GAME / "professions.yaml"
    p.write_text(p.read_text("utf-8").replace("    sanity: 1\n", ""), "utf-8")
    code, findings = _check(root)
    assert code == 1
    assert any(f["check"] == "doomsday-files:professions" and "raises the sanity limit" in f["message"] for f in findings)


def test_four_guardians(tmp_path):
    # the three guardians are written out (one per row of the sheet): a fourth copy of the last one
    g3 = "  - id: guardian-3            # the same card as `guardian`: keep the three alike\n    role: guardian\n"
    root, text = _mutate(tmp_path, "secrets.yaml", [(g3, g3.replace("    role:", "    copies: 2\n    role:"))])
    code, findings = _check(root)
    assert code == 1
    line = _line(text, "id: guardian-3") + 2
    f = _finding(findings, "doomsday-files:secrets", "secrets.yaml", line)
    assert "one `guardian` too many" in f["message"]


def test_secrets_too_few_for_eight_players(tmp_path):
    g3 = "  - id: guardian-3            # the same card as `guardian`: keep the three alike\n    role: guardian\n"
    root, text = _mutate(tmp_path, "secrets.yaml", [(g3, g3.replace("role: guardian", "role: ignorant"))])
    code, findings = _check(root)
    assert code == 1
    setup_errors = [f for f in findings if f["check"] == "doomsday-files:setup"]
    assert {re.search(r"for (\d) players", f["message"]).group(1) for f in setup_errors} == {"6", "7", "8"}


def test_printed_numbers_must_match_the_engine(tmp_path):
    root, text = _mutate(tmp_path, "game.yaml", [("  doom_max: 13", "  doom_max: 12")])
    code, findings = _check(root)
    assert code == 1
    _finding(findings, "doomsday-files:data", "game.yaml", _line(text, "doom_max: 12"))


def test_real_cli_reports_file_line_and_exit_1(tmp_path):
    old = "{id: shotgun-1, effect: shotgun, symbol: force, case: monster, difficulty: 4}"
    root, text = _mutate(tmp_path, "actions.yaml", [(old, old.replace("difficulty: 4", "difficulty: 7"))])
    r = run_pnp("check", GAME, cwd=root)
    assert r.returncode == 1
    line = _line(text, "shotgun-1")
    assert re.search(rf"content/{GAME}/actions\.yaml:{line}:\d+: error: card `shotgun-1` has difficulty 7", r.stdout + r.stderr)


def test_a_wrong_number_in_data_is_reported_once_at_its_key(tmp_path):
    """doom_max 14 is printed on the doom track, the aids and four secrets: the rules report the data
    line alone (the root cause), not each print of it."""
    root, text = _mutate(tmp_path, "game.yaml", [("  doom_max: 13 ", "  doom_max: 14 ")])
    code, findings = _check(root)
    assert code == 1
    rules = [f for f in findings if f["severity"] == "error" and f["check"].startswith("doomsday-files")]
    assert len(rules) == 1, [(f["file"], f["line"], f["message"]) for f in rules]
    f = _finding(findings, "doomsday-files:data", "game.yaml", _line(text, "  doom_max: 14"))
    assert "`data.doom_max` is 14" in f["message"]
