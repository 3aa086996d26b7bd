"""Doomsday Files: the game logic agrees with independent reimplementations (written from the seed
rules, differently) on thousands of seeded random cases; and the printed-text check on small texts."""
import random

import pytest

from pnp.core.errors import Pos
from pnp.games.doomsday_files import logic as L
from pnp.games.doomsday_files.printed import Spec, check_text

N = 2000


# ---- independent reimplementations (from the seed's text, not from the module) ------------------
def ref_resolve(kind, difficulty, case_forbidden, hand, bonus):
    """Show cards until the count reaches the difficulty or the hand is spent. A gun counts for
    monsters, a magnifier for mysteries, a star for both; a forbidden card counts twice and costs 1
    sanity when shown; a forbidden case costs 1 when turned up."""
    need = "force" if kind == "monster" else "investigate"
    sanity = -1 if case_forbidden else 0
    count = bonus
    shown = 0
    i = 0
    while count < difficulty and i < len(hand):
        symbol, forbidden = hand[i]
        i += 1
        shown += 1
        if symbol == need or symbol == "either":
            count += 2 if forbidden else 1
        if forbidden:
            sanity -= 1
    won = count >= difficulty
    doom = 0
    draw = 0
    if kind == "monster":
        if won:
            draw = 1
        else:
            sanity -= difficulty - count
    elif not won:
        doom = 1
    return won, count, shown, -sanity, doom, draw, (kind == "mystery" and won)


def ref_claim_rise(doom):
    left = 13 - doom
    return left // 2 + left % 2 if left > 0 else 0


def ref_guardian(doom, own, allies):
    if any(role != "guardian" for role, _ in allies) or own + sum(s for _, s in allies) < 15:
        return False, min(13, doom + ref_claim_rise(doom))
    return True, doom


def ref_guardians(players):
    return {4: 2, 5: 2, 6: 3, 7: 3, 8: 3}[players]      # the seed's 6 overlaps: [D] 3


def _hand(rng):
    return [(rng.choice(L.SYMBOLS), rng.random() < 0.15) for _ in range(rng.randint(0, 9))]


# ---- agreement on random cases ------------------------------------------------------------------
def test_resolve_agrees_with_reimplementation():
    rng = random.Random(2024)
    for _ in range(N):
        kind = rng.choice(L.CASES)
        forbidden = rng.random() < 0.2
        diff = 6 if forbidden else rng.choice(L.DIFFICULTIES)
        hand = _hand(rng)
        bonus = rng.choice((0, 0, 0, 1, 2))
        cards = [L.Card(s, L.FORBIDDEN_POWER if f else L.PLAIN_POWER, f) for s, f in hand]
        r = L.resolve(L.Case(kind, diff, forbidden), cards, bonus)
        assert (r.success, r.total, r.shown, r.sanity_lost, r.doom, r.draw, r.solved) == \
            ref_resolve(kind, diff, forbidden, hand, bonus), (kind, diff, forbidden, hand, bonus)


def test_claims_agree_with_reimplementation():
    rng = random.Random(7)
    for _ in range(N):
        doom = rng.randint(0, 13)
        assert L.failed_claim_doom(doom) == ref_claim_rise(doom)
        allies = [(rng.choice(("guardian", "guardian", "heretic", "seeker")), rng.randint(0, 12))
                  for _ in range(rng.randint(0, 2))]
        own = rng.randint(0, 18)
        assert L.guardian_claim(doom, own, allies) == ref_guardian(doom, own, allies)
        assert L.heretic_wins(doom) == (doom == 13)


def test_sanity_and_turn_end_agree_with_reimplementation():
    rng = random.Random(11)
    for _ in range(N):
        sanity, loss = rng.randint(0, 8), rng.randint(-1, 6)
        new = sanity if sanity == 0 else max(0, sanity - max(0, loss))
        assert L.lose_sanity(sanity, loss) == (new, sanity > 0 and new == 0)
        cases, hand = rng.randint(0, 3), rng.randint(0, 10)
        assert L.end_of_turn(cases, hand) == ((2 if cases == 3 else 0), max(0, hand - 5))
        open_cases = rng.randint(0, 3)
        assert L.sanity_zero(open_cases).doom == 1 + open_cases


def test_setup_and_deal_agree_with_reimplementation():
    rng = random.Random(5)
    for _ in range(N // 4):
        players = rng.randint(4, 8)
        g = ref_guardians(players)
        assert L.setup(players) == {"guardian": g, "heretic": 1, "others": players - g - 1}
        assert L.setup_table()[players] == {"guardians": g, "heretics": 1, "others": players - g - 1}
        roles = L.deal_secrets(players, random.Random(rng.random()))
        assert sorted(roles).count("guardian") == g and roles.count("heretic") == 1
        others = [r for r in roles if r not in ("guardian", "heretic")]
        assert len(others) == len(set(others)) == players - g - 1 and set(others) <= set(L.OTHERS)


def test_linked_numbers_of_the_rules_can_be_met():
    assert L.DOOMSAYER_DOOM < L.DOOM_MAX and L.DOOM_START < L.DOOM_MAX
    assert L.SEEKER_FORBIDDEN <= L.FORBIDDEN and L.DEAL_CASES < L.DEAL
    assert L.SANITY_START < L.SANITY_TRACK and L.CASE_PENALTY <= L.SANITY_START
    assert all(s["guardian"] <= L.SECRETS["guardian"] and s["others"] <= len(L.OTHERS)
               for s in map(L.setup, L.PLAYERS))


# ---- the printed-text check, on small texts -------------------------------------------------------
POS = Pos("game.yaml", 3, 1)


def _check(value, spec, rendered=None):
    return [f.message for f in check_text("`x`", value, spec, ("zh-TW", "en"), POS,
                                          lambda src, lang: rendered[lang] if rendered else None)]


def test_text_taking_its_number_from_data_passes():
    v = {"zh-TW": "末日指數達到 {{ data.doom_max }}", "en": "Doom {{ data.doom_max }}"}
    assert _check(v, Spec(("doom_max",)), {"zh-TW": "末日指數達到 13", "en": "Doom 13"}) == []


@pytest.mark.parametrize("value, rendered, fragment", [
    ({"zh-TW": "末日指數達到 13", "en": "Doom {{ data.doom_max }}"}, None, "zh-TW text of `x` does not take `data.doom_max`"),
    ({"zh-TW": "{{ data.doom_max }} 或 12", "en": "Doom {{ data.doom_max }}"}, None, "types the number 12"),
    ({"zh-TW": "{{ data.doom_max }}", "en": "{{ data.doom_max }}"}, {"zh-TW": "13", "en": "14"}, "en text of `x` does not print 13"),
    ({"zh-TW": "{{ data.doom_max }}", "en": "{{ data.doom_max }} {{ 20 }}"}, {"zh-TW": "13", "en": "13 20"}, "prints 20"),
])
def test_text_that_drifts_from_the_rules_fails(value, rendered, fragment):
    msgs = _check(value, Spec(("doom_max",)), rendered)
    assert any(fragment in m for m in msgs), msgs


def test_rule_words_and_own_numbers():
    spec = Spec(("doom_max",), own_numbers=True, words={"en": ["rounded up"]})
    v = {"zh-TW": "抽 3 張，{{ data.doom_max }}", "en": "draw 3, {{ data.doom_max }}, rounded down"}
    msgs = _check(v, spec)
    assert len(msgs) == 1 and "no longer says “rounded up”" in msgs[0]
