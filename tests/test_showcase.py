"""`pnp showcase`: a row of cards (shadow, reflection) and, with --hand, a fanned hand, as PNGs for a game page."""
from __future__ import annotations

import re

from PIL import Image

from conftest import run_pnp
from pnp.export.showcase import GROUND


def test_showcase_writes_a_row_and_a_hand_of_the_named_cards(tmp_path):
    r = run_pnp("showcase", "criminal-poker", "ev-weapon", "id-sheriff", "id-detective", "--hand", "--dpi", "60",
                "--lang", "en", "--out", tmp_path)
    assert r.returncode == 0, r.stderr
    row = tmp_path / "criminal-poker/showcase/criminal-poker.en.row.png"
    hand = tmp_path / "criminal-poker/showcase/criminal-poker.en.hand.png"
    assert r.stdout.split() == [str(row), str(hand)]
    a, b = Image.open(row).convert("RGB"), Image.open(hand).convert("RGB")
    card_w = round(63 / 25.4 * 60)
    assert a.width > 3 * card_w and a.width > a.height          # three cards side by side
    # the ground is the soft gradient, the cards are drawn on it (not a blank image), and the reflection
    # below the cards is fainter than the cards themselves
    assert a.getpixel((2, 2)) == GROUND[0]
    mid = a.height * 0.35
    cards = [a.getpixel((x, int(mid))) for x in range(a.width)]
    assert sum(1 for p in cards if p != a.getpixel((0, int(mid)))) > 2 * card_w
    assert b.width > card_w * 2 and b.height > round(88 / 25.4 * 60)


def test_showcase_defaults_to_the_first_card_of_each_deck(tmp_path):
    r = run_pnp("showcase", "criminal-poker", "--dpi", "40", "--out", tmp_path)
    assert r.returncode == 0, r.stderr
    assert (tmp_path / "criminal-poker/showcase/criminal-poker.zh-TW.row.png").is_file()
    assert not (tmp_path / "criminal-poker/showcase/criminal-poker.zh-TW.hand.png").exists()


def test_an_unknown_card_is_bad_input_with_a_suggestion(tmp_path):
    r = run_pnp("showcase", "criminal-poker", "ev-wepon", "--out", tmp_path)
    assert r.returncode == 2, r.stdout + r.stderr
    assert re.search(r"has no card `ev-wepon` — did you mean `ev-weapon`", r.stderr), r.stderr
    assert "Traceback" not in r.stderr
