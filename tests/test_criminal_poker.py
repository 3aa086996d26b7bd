"""Criminal Poker's murderer rules, straight from the rule text, and its deck checks."""
import pytest

from conftest import ROOT, copy_project, run_pnp
from pnp.rules.criminal_poker import decide, innocence, murderers, physical_in_play, simulate

PHYS = ["ev-train-ticket", "ev-cctv", "ev-receipt", "ev-mud", "ev-parking", "ev-gloves"]


def test_weapon_holder_is_the_murderer_even_hidden_and_with_high_innocence():
    hands = {"amy": ["ev-weapon", "ev-train-ticket", "ev-cctv"], "bo": ["ev-statement-1"], "cy": ["ev-witness-1"]}
    assert murderers(hands) == {"amy"}


def test_physical_cards_add_up():
    # amy: 3 physical = 6; bo: 2 physical = 4 → bo is lowest
    assert murderers({"amy": PHYS[:3], "bo": PHYS[3:5]}) == {"bo"}


def test_only_the_highest_self_statement_counts():
    # amy: statements 1 + 4 → 4 (not 5); bo: physical + statement 3 → 5
    assert innocence([("statement", 1), ("statement", 4)]) == (4, 1)
    assert murderers({"amy": ["ev-statement-1", "ev-statement-4"], "bo": ["ev-cctv", "ev-statement-3"]}) == {"amy"}


def test_two_eyewitness_accounts_are_void():
    # amy: witnesses 3 + 4 → void → 0 innocence, 0 valid; bo: one witness 1 → 1
    assert innocence([("witness", 3), ("witness", 4)]) == (0, 0)
    assert murderers({"amy": ["ev-witness-3", "ev-witness-4"], "bo": ["ev-witness-1"]}) == {"amy"}


def test_single_eyewitness_counts():
    assert innocence([("witness", 3), ("physical", 2)]) == (5, 2)


def test_tie_goes_to_fewer_valid_cards():
    # both innocence 4: amy two physical (2 valid cards), bo statement 4 (1 valid card) → bo
    assert decide({"amy": [("physical", 2), ("physical", 2)], "bo": [("statement", 4)]}) == ({"bo"}, "valid-cards")
    assert murderers({"amy": PHYS[:2], "bo": ["ev-statement-4", "ev-witness-3", "ev-witness-2"]}) == {"bo"}


def test_full_tie_gives_co_murderers():
    assert murderers({"amy": ["ev-cctv", "ev-statement-2"], "bo": ["ev-mud", "ev-witness-2"],
                      "cy": PHYS[:3]}) == {"amy", "bo"}
    assert decide({"a": [("physical", 2)], "b": [("physical", 2)]})[1] == "co-murderers"


def test_unknown_card_is_an_error():
    with pytest.raises(KeyError):
        murderers({"amy": ["no-such-card"]})


def test_physical_cards_per_player_count():
    assert [physical_in_play(n) for n in (3, 4, 5)] == [3, 6, 9]


def test_simulation_accounts_for_every_deal():
    cards = [("physical", 2)] * 9 + [("weapon", 0)] + [("statement", v) for v in (1, 2, 3, 4)] + \
            [("witness", v) for v in (1, 2, 3, 4)]
    c = simulate(cards, 4, deals=2000)
    assert sum(c.values()) == 2000 and c["weapon"] > 0 and c["innocence"] > 0


def test_check_prints_fairness_summary():
    r = run_pnp("check", "criminal-poker")
    assert r.returncode == 0, r.stderr
    assert "fairness" in r.stdout and "co-murder" in r.stdout
    assert sum(1 for line in r.stdout.splitlines() if line.strip()[:1] in "345") == 3


def test_wrong_physical_value_is_a_rule_error(tmp_path):
    root = copy_project(tmp_path)
    deck = root / "content" / "criminal-poker" / "evidence.yaml"
    text = deck.read_text("utf-8")
    text = text.replace("  - id: ev-cctv\n    type: physical\n", "  - id: ev-cctv\n    type: physical\n    value: 3\n")
    deck.write_text(text, "utf-8")
    line = text.splitlines().index("    value: 3") + 1
    r = run_pnp("--project", root, "check", "criminal-poker")
    assert r.returncode == 1
    assert f"evidence.yaml:{line}:" in r.stdout and "innocence 2" in r.stdout


def test_missing_weapon_is_a_rule_error_and_build_writes_nothing(tmp_path):
    root = copy_project(tmp_path)
    deck = root / "content" / "criminal-poker" / "evidence.yaml"
    text = deck.read_text("utf-8").replace("    type: weapon\n", "    type: physical\n")
    deck.write_text(text, "utf-8")
    out = tmp_path / "out"
    r = run_pnp("--project", root, "build", "criminal-poker", "--out", out)
    assert r.returncode == 1
    assert "`weapon`" in r.stderr
    assert not list(out.rglob("*.pdf"))
