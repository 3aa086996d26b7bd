"""The ink saver keeps a card's small icons readable: a light icon whose coloured ground it lightens turns
dark, with its own near-white parts on it (ninth and tenth reads of Clue: the house icon with its white
door, the fan with its ribs), while a white disc carrying a coloured symbol stays a plate (Doomsday
Files' symbol discs turned black with their red symbol on them, eleventh read)."""
from __future__ import annotations

from pnp.core import ink
from pnp.core.pieces import Shape

MM = 72 / 25.4
W, H = 63 * MM, 88 * MM


def rect(x, y, w, h, **kw):
    return Shape((("R", x * MM, y * MM, w * MM, h * MM, 0),), **kw)


def test_a_white_icon_with_a_white_door_on_a_lightened_band_turns_dark():
    ground = rect(-3, -3, 69, 94, fill="#5c7031")             # the room card's green, full bleed (its header band)
    panel = rect(3.5, 12, 56, 72, fill="#f7f1e3")             # the cream panel below the band
    house = rect(5.4, 3.6, 6.2, 6, fill="#f4f4f0")            # an off-white house in the band …
    door = rect(7.9, 7.3, 1.1, 2.1, fill="#ffffff")           # … with a white door on it
    got = ink.transform([(ground, None), (panel, None), (house, None), (door, None)], W, H)
    assert got[0] is None or got[0].fill.lower() != "#5c7031"   # the ground is dropped or lightened
    assert got[2].fill == ink.DARK                            # the house stands out again
    assert got[3].fill.lower() == "#ffffff"                   # its door stays a door


def test_a_white_disc_under_a_coloured_symbol_stays_a_plate():
    ground = rect(-3, -3, 69, 94, fill="#8b1e2d")             # the card's colour, full bleed
    disc = rect(2.5, 2.5, 13, 13, fill="#ffffff")             # a white disc …
    symbol = rect(4, 4, 10, 10, fill="#8b1e2d")               # … carrying the symbol in the card's colour
    got = ink.transform([(ground, None), (disc, None), (symbol, None)], W, H)
    assert got[1] is None or got[1].fill.lower() == "#ffffff"
    assert got[2].fill.lower() == "#8b1e2d"                   # a red symbol on white, not on black
