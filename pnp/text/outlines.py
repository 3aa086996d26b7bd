"""A CFF-outlined font made TrueType (ReportLab embeds only TrueType outlines), and the marks a CJK font
draws a full em wide made proportional. pnp/text/fonts.py converts once and caches the result."""
from __future__ import annotations


def _cff_to_glyf(font, label: str | None = None) -> None:
    """fontTools' otf2ttf recipe: cubic CFF outlines → quadratic glyf table. With a label, a progress
    bar on a terminal (a whole CJK font is 65,000 glyphs: half a minute or more)."""
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import newTable
    from pnp.core.progress import Progress

    order = font.getGlyphOrder()
    gs = font.getGlyphSet()
    glyphs = {}
    bar = Progress(len(order), label) if label else None
    for k, name in enumerate(order, 1):
        pen = TTGlyphPen(gs)
        gs[name].draw(Cu2QuPen(pen, 1.0, reverse_direction=True))
        glyphs[name] = pen.glyph()
        if bar is not None and k % 1000 == 0:
            bar.advance(1000)
    if bar is not None:
        bar.close()
    font["loca"] = newTable("loca")
    font["glyf"] = glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = glyphs
    del font["CFF "]
    if "VORG" in font:
        del font["VORG"]
    glyf.compile(font)
    maxp = font["maxp"] = newTable("maxp")
    maxp.tableVersion = 0x00010000
    for attr in ("maxZones",):
        setattr(maxp, attr, 1)
    for attr in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                 "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
        setattr(maxp, attr, 0)
    post = font["post"]
    post.formatType, post.extraNames, post.mapping, post.glyphOrder = 2.0, [], {}, order
    font.sfntVersion = "\000\001\000\000"


NARROW = "†‡‘’“”"   # marks a CJK font draws a full em wide, which English sets as "refute † ." and “ quote ”
NARROW_SIDE = 0.06   # the side bearing each gets, in ems


def narrow_marks(font) -> None:
    """Give the dagger, double dagger and curly quotes of a converted font a proportional advance (their
    ink plus a small side bearing each side) where the font draws them a full em wide, as CJK fonts
    do: English sets them beside Latin letters, and zh-TW text never needs them wide (its quotes are
    「」, its edition mark sits before 。). A font whose marks are already proportional is left alone."""
    from fontTools.pens.transformPen import TransformPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    upm, cmap = font["head"].unitsPerEm, font.getBestCmap() or {}
    glyf, hmtx, gs = font["glyf"], font["hmtx"], font.getGlyphSet()
    side = round(upm * NARROW_SIDE)
    for ch in NARROW:
        name = cmap.get(ord(ch))
        if name is None or hmtx[name][0] < 0.9 * upm:
            continue
        g = glyf[name]
        g.recalcBounds(glyf)
        if g.numberOfContours == 0 or g.xMax <= g.xMin:
            continue
        pen = TTGlyphPen(gs)
        gs[name].draw(TransformPen(pen, (1, 0, 0, 1, side - g.xMin, 0)))
        new = glyf[name] = pen.glyph()
        new.recalcBounds(glyf)
        hmtx[name] = (new.xMax - new.xMin + 2 * side, new.xMin)
