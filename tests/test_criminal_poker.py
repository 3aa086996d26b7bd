"""Criminal Poker's murderer rules, straight from the rule text, and its deck checks."""
import pytest

from conftest import ROOT, copy_project, run_pnp
from gamekit import EVIDENCE, murderers
from pnp.games.criminal_poker.logic import decide, innocence, physical_in_play, simulate

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


def test_help_cards_are_one_per_player_up_to_the_authors_nine(tmp_path):
    """8 help cards (the setup card takes the ninth place on their sheet): fewer than the 6 players strands
    one, more than the kit's 9 is not the author's game; `card_mix` prints the count the deck holds."""
    root = copy_project(tmp_path)
    deck = root / "content" / "criminal-poker" / "help.yaml"
    text = deck.read_text("utf-8")
    for copies, ok in ((5, False), (10, False), (6, True)):
        deck.write_text(text.replace("    copies: 8\n", f"    copies: {copies}\n"), "utf-8")
        r = run_pnp("--project", root, "check", "criminal-poker")
        if ok:   # the printed count no longer matches the deck: `card_mix` says so
            assert "`help_cards` is 8, but the decks hold 6" in r.stdout, r.stdout
        else:
            assert r.returncode == 1 and "one per player, 6 to 9" in r.stdout, r.stdout


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


# ---- independent reimplementations, compared on many random cases -------------------------------
import random as _random
from collections import Counter as _Counter

from pnp.games.criminal_poker.logic import (REVOTE, SPECIAL, SUSPECTS, VOTE_TIE, arrest_succeeds, deal, special_max)


def _ref_score(hand):
    """Innocence and valid cards, written from the seed's sentences one card at a time."""
    total = valid = 0
    statements = sorted((v for t, v in hand if t == "statement"), reverse=True)
    witnesses = [v for t, v in hand if t == "witness"]
    for t, _v in hand:
        if t == "physical":          # every physical card is worth 2, and they add up
            total, valid = total + 2, valid + 1
    if statements:                   # only the most credible statement counts
        total, valid = total + statements[0], valid + 1
    if len(witnesses) == 1:          # a person can be in one place only: two or more accounts are void
        total, valid = total + witnesses[0], valid + 1
    return total, valid


def _ref_decide(hands):
    armed = sorted(p for p, h in hands.items() if "weapon" in {t for t, _ in h})
    if armed:
        return set(armed), "weapon"
    ranked = sorted(hands, key=lambda p: _ref_score(hands[p]))   # lowest innocence, then fewer valid cards
    best = _ref_score(hands[ranked[0]])
    same_score = [p for p in hands if _ref_score(hands[p])[0] == best[0]]
    winners = {p for p in hands if _ref_score(hands[p]) == best}
    if len(same_score) == 1:
        return winners, "innocence"
    return winners, "valid-cards" if len(winners) == 1 else "co-murderers"


def test_murderer_rules_agree_with_a_reimplementation_on_random_hands():
    rng = _random.Random(2024)
    deck = EVIDENCE
    ids = sorted(deck)
    seen = _Counter()
    for case in range(2000):
        n = rng.choice(SUSPECTS)
        cards = ids[:]
        rng.shuffle(cards)
        if case % 2:   # half the cases without the weapon, so innocence decides more often
            cards.remove("ev-weapon")
        hands = {f"p{i}": [cards.pop() for _ in range(rng.randint(1, len(cards) // n))] for i in range(n)}
        typed = {p: [deck[c] for c in h] for p, h in hands.items()}
        got = decide(typed)
        assert got == _ref_decide(typed), (hands, got)
        assert murderers(hands) == got[0]
        for h in typed.values():
            if not any(t == "weapon" for t, _ in h):
                assert innocence(h) == _ref_score(h), h
        seen[got[1]] += 1
    # every way of deciding was exercised
    assert all(seen[k] > 20 for k in ("weapon", "innocence", "valid-cards", "co-murderers")), seen


def test_murderer_rules_agree_on_random_decks_of_other_values():
    rng = _random.Random(7)
    for _ in range(2000):
        hands = {p: [(rng.choice(["physical", "statement", "witness", "statement", "witness"]), rng.randint(1, 4))
                     for _ in range(rng.randint(0, 5))] for p in "abcde"[:rng.randint(2, 5)]}
        hands = {p: [(t, 2 if t == "physical" else v) for t, v in h] for p, h in hands.items()}
        assert decide(hands) == _ref_decide(hands), hands


def _ref_vote(votes, guilty):
    most = max(_Counter(votes.values()).values())
    top = [p for p in set(votes.values()) if list(votes.values()).count(p) == most]
    if len(top) > 2:                 # three or more tied: vote again
        return None
    return any(p in guilty for p in top)   # one arrested, or two tied: either being a murderer is enough


def test_vote_ties_agree_with_a_reimplementation():
    assert (VOTE_TIE, REVOTE) == (2, 3)
    rng = _random.Random(3)
    for _ in range(2000):
        players = list("abcdef")[:rng.randint(3, 6)]
        votes = {v: rng.choice([p for p in players if p != v]) for v in players}
        guilty = set(rng.sample(players, rng.randint(1, 2)))
        assert arrest_succeeds(votes, guilty) == _ref_vote(votes, guilty), (votes, guilty)


def test_deal_and_special_role_limits_by_brute_force():
    for n in SUSPECTS:
        assert deal("sheriff", n) == {"sheriff": 1, "citizen": n}
        assert deal("detective", n) == {"detective": 1, "citizen": n - 1}
        # every number of special roles (each replacing a citizen) for which detective + specials <= citizens
        ok = [s for s in range(len(SPECIAL) + 1) if 1 + s <= (n - 1) - s]
        assert special_max("detective", n) == max(ok)
        assert special_max("sheriff", n) == len(SPECIAL)
    assert [special_max("detective", n) for n in SUSPECTS] == [0, 1, 1]   # the seed's plain-words summary


def test_shipped_game_passes_its_rules_in_both_languages():
    from pnp.pipeline.build import Project, prepare
    from conftest import ROOT
    prep = prepare(Project(ROOT), "criminal-poker")
    mine = [f for f in prep.findings if f.check in ("composition", "values", "data", "setup", "rule-text")]
    assert not mine, [str(f) for f in mine]
    for lang in ("zh-TW", "en"):
        r = run_pnp("check", "criminal-poker", "--lang", lang)
        assert r.returncode == 0, r.stdout + r.stderr


def _pictures(path) -> int:
    """Images drawn on the card pages: image XObjects and inline images (pnp draws QR codes inline)."""
    import re
    import pikepdf
    n = 0
    with pikepdf.open(path) as pdf:
        def walk(res, depth=0):
            nonlocal n
            xo = res.get("/XObject") if res is not None else None
            for _k, x in (xo.items() if xo is not None else ()):
                if x.get("/Subtype") == "/Image":
                    n += 1
                else:
                    n += len(re.findall(rb"(?:^|\s)BI\s", x.read_bytes()))
                    if depth < 4:
                        walk(x.get("/Resources"), depth + 1)
        for page in pdf.pages:
            n += len(re.findall(rb"(?:^|\s)BI\s", b"".join(c.read_bytes() for c in (
                page.obj.Contents if isinstance(page.obj.Contents, pikepdf.Array) else [page.obj.Contents]))))
            walk(page.obj.get("/Resources"))
    return n


def test_no_qr_code_prints_on_the_cards(built, tmp_path):
    """No placeholder address: without a real `qr:` no card carries a QR code."""
    assert _pictures(built("criminal-poker", lang="en")) == 0
    # the same count sees QR codes where a layout draws them (the test can fail)
    root = copy_project(tmp_path)
    lay = root / "layouts" / "criminal-poker" / "evidence.yaml"
    lay.write_text(lay.read_text("utf-8") + '  code: {type: qr, x: 50, y: 75, w: 7, h: 7, data: "CP-{{ card.id }}"}\n', "utf-8")
    r = run_pnp("--project", root, "build", "criminal-poker", "--lang", "en", "--no-cover", "--out", tmp_path / "o")
    assert r.returncode == 0, r.stderr
    assert _pictures(tmp_path / "o" / "criminal-poker" / "criminal-poker.en.a4.pdf") >= 1


@pytest.mark.parametrize("card,lang", [("ev-weapon", "en"), ("ev-cctv", "zh-TW"), ("id-sheriff", "en"),
                                       ("id-citizen", "zh-TW")])
def test_secret_backs_look_the_same_turned_half_a_turn(tmp_path, card, lang):
    # A sheet of backs printed upside-down must not mark its cards: the evidence and identity backs
    # are drawn to look the same turned 180° about the card's centre (a playtest read found the old
    # back's word and magnifier had an up and a down).
    from PIL import Image, ImageChops
    r = run_pnp("preview", "criminal-poker", card, "--face", "back", "--dpi", "60", "--lang", lang,
                "--out", tmp_path)
    assert r.returncode == 0, r.stderr
    png = next(tmp_path.rglob("*.back.png"))
    im = Image.open(png).convert("L")
    diff = ImageChops.difference(im, im.rotate(180))
    strong = sum(diff.histogram()[64:])
    assert strong <= im.size[0] * im.size[1] // 500, f"{card} back differs from itself turned: {strong} pixels"
