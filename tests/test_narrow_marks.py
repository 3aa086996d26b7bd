"""English set in the built-in CJK fonts: the dagger (the edition mark) and curly quotes are drawn a
full em wide by a CJK font, which printed "refute † ." and “ quote ” in every English booklet. The
conversion gives them proportional advances; a font whose marks are proportional keeps them."""
import io
from pathlib import Path

import reportlab
from fontTools.ttLib import TTFont

from pnp.text import fonts as fontmod


def _advances(path) -> dict:
    font = TTFont(str(path), lazy=True)
    cmap, hmtx = font.getBestCmap(), font["hmtx"]
    return {ch: hmtx[cmap[ord(ch)]][0] / font["head"].unitsPerEm for ch in fontmod.NARROW + "a中"}


def test_the_built_in_fonts_set_marks_and_quotes_narrow():
    for name in ("noto-sans-tc", "noto-serif-tc"):
        adv = _advances(fontmod.to_truetype(fontmod.builtin_path(name)))
        assert all(adv[ch] < 0.7 for ch in fontmod.NARROW), (name, adv)
        assert adv["“"] < 0.5 and adv["’"] < 0.35, adv
        assert adv["中"] == 1.0 and 0.5 < adv["a"] < 0.6, adv      # ideographs and Latin letters untouched


def test_the_ink_keeps_its_shape_and_sits_between_equal_bearings():
    src = TTFont(str(fontmod.builtin_path("noto-sans-tc")), lazy=True)
    conv = TTFont(str(fontmod.to_truetype(fontmod.builtin_path("noto-sans-tc"))))
    name = conv.getBestCmap()[ord("†")]
    g = conv["glyf"][name]
    g.recalcBounds(conv["glyf"])
    adv, lsb = conv["hmtx"][name]
    side = round(conv["head"].unitsPerEm * fontmod.NARROW_SIDE)
    assert lsb == g.xMin == side and adv - g.xMax == side
    bounds = src.getGlyphSet()[src.getBestCmap()[ord("†")]]
    from fontTools.pens.boundsPen import BoundsPen
    pen = BoundsPen(src.getGlyphSet())
    bounds.draw(pen)
    x0, _y0, x1, _y1 = pen.bounds
    assert abs((g.xMax - g.xMin) - (x1 - x0)) <= 2          # the same ink, moved left


def test_a_proportional_font_is_left_alone():
    vera = Path(reportlab.__file__).parent / "fonts" / "Vera.ttf"
    font = TTFont(str(vera))
    before = {n: font["hmtx"][n] for n in font.getGlyphOrder()}
    fontmod.narrow_marks(font)
    assert {n: font["hmtx"][n] for n in font.getGlyphOrder()} == before
    buf = io.BytesIO()
    font.save(buf)   # still a font
    assert buf.getvalue()[:4] == b"\x00\x01\x00\x00"


def test_typewriter_quotes_print_as_curly_ones():
    """“The Mayor's Gala” printed a typewriter apostrophe beside curly quotes (a sixth read), and the
    eighth found straight plural apostrophes (creators', cards') and straight "the deck" beside curly
    ones: every typewriter quote is set as a printed one, opening after a space, a bracket or a dash,
    or first, closing elsewhere, across the spans of one text."""
    from pnp.text.atoms import tokens

    def printed(text, full=False):
        atoms = tokens(text, set(), full=full, nominal=9)[0]
        return "".join("".join(v for k, v, _s in a.parts if k == "t") + a.space for a in atoms)

    got = printed("The Mayor's Gala: the creators' cards, \"the deck\" and (\"draw\") — 'once a round'.")
    assert got == "The Mayor’s Gala: the creators’ cards, “the deck” and (“draw”) — ‘once a round’."
    assert printed('"Once" a round') == "“Once” a round"
    assert printed('say <b>"stop"</b> now', full=True) == "say “stop” now"   # the quote's context is the span before
    # the CJK font draws … centred (⋯, Clue's "(A1, A2, ⋯)"): in Latin text three full stops; Chinese keeps ……
    assert printed("tiles (A1, A2, …)") == "tiles (A1, A2, ...)" and printed("他說……然後") == "他說……然後"
