"""Doomsday Files: a covered profession keeps its lasting ability readable (checked by geometry on
every resolved card face), and the printed PDFs hold what the game needs."""
import re

import pikepdf
import pypdfium2 as pdfium
import pytest

from conftest import ROOT
from pnp.pipeline.build import Project, _context, faces, prepare
from pnp.core.pieces import Run
from pnp.resolve.face import Resolver
from pnp.core.units import MM

GAME = "doomsday-files"


@pytest.fixture(scope="module")
def prep():
    return prepare(Project(ROOT), GAME)


def _fronts(prep, comp_id, lang):
    resolver = Resolver(prep.game, prep.fonts, prep.icons, lang)
    resolver.ctx = _context(prep, lang)
    comp = prep.game.components[comp_id]
    out = [(item, f) for item, (f, _b) in zip(comp.items, faces(prep, lang, resolver, comp))]
    assert not resolver.problems
    return out, resolver.ctx


def _flat(s):
    return re.sub(r"\s+", "", s)


def test_profession_layout_keeps_the_lasting_band_below_the_cover_edge(prep):
    g = prep.layouts.geometry(f"{GAME}/profession")
    edge, h, safe = g["cover_edge"]["y"], g["h"], g["safe"]
    assert g["cover_edge"]["y2"] == edge                      # a horizontal line
    band, lasting, start = g["lasting_band"], g["lasting"], g["start"]
    assert band["y"] == edge and band["y"] + band["h"] >= h + g["bleed"]
    assert edge <= lasting["y"] and lasting["y"] + lasting["h"] <= h - safe + 1e-6
    assert start["y"] + start["h"] <= edge                     # the old top ability is hidden once covered


@pytest.mark.parametrize("lang", ["zh-TW", "en"])
def test_covered_profession_shows_its_whole_lasting_ability(prep, lang):
    """Lay a new profession over each card with its bottom edge on the cover edge: the strip still
    visible is [edge, h]. All of the lasting text (and the sanity raise) must be inside that strip,
    no line may be cut by the covering card's edge, and nothing else may be printed there."""
    g = prep.layouts.geometry(f"{GAME}/profession")
    edge, h = g["cover_edge"]["y"] * MM, g["h"] * MM
    new_card_bottom = edge                                     # where the covering card ends (old card's y)
    fronts, ctx = _fronts(prep, "professions", lang)
    assert len(fronts) == 27
    labels = _flat(str(prep.layouts.get(f"{GAME}/profession", prep.game.pos).element("lasting_label").attrs["text"][lang]))
    for i, (item, face) in enumerate(fronts):
        runs = [p for p in face.pieces if isinstance(p, Run)]
        visible, hidden = [], []
        for r in runs:
            top, bottom = r.y - 0.9 * r.size, r.y + 0.15 * r.size
            assert not (top < new_card_bottom < bottom), f"{item.id}: `{r.text}` is cut by the covering card's edge"
            (visible if top >= new_card_bottom else hidden).append(r)
            if top >= new_card_bottom:
                assert bottom <= h, f"{item.id}: `{r.text}` runs off the card"
        shown = _flat("".join(r.text for r in sorted(visible, key=lambda r: (round(r.y, 1), r.x))))
        lasting = re.sub(r"\*\*", "", _flat(ctx.game["decks"]["professions"][i]["lasting"]))
        expected = labels + ("+" + str(item.get("sanity")) if item.get("sanity") else "") + lasting
        assert shown == expected, f"{item.id} ({lang}): visible when covered: {shown!r}, expected {expected!r}"


@pytest.mark.parametrize("lang", ["zh-TW", "en"])
def test_action_corners(prep, lang):
    """Every action card prints its difficulty in the top-right case box."""
    fronts, _ = _fronts(prep, "actions", lang)
    assert len(fronts) == 90
    g = prep.layouts.geometry(f"{GAME}/action")
    box = g["case_box"]
    for item, face in fronts:
        corner = [r.text for r in face.pieces if isinstance(r, Run)
                  and box["x"] * MM <= r.x and r.y <= (box["y"] + box["h"]) * MM]
        assert corner == [str(item.get("difficulty"))], (item.id, corner)


def _text(path):
    doc = pdfium.PdfDocument(str(path))
    return "\n".join(doc[i].get_textpage().get_text_range() for i in range(len(doc)))


def test_pdf_text_and_forbidden_count(built):
    pdf = built(GAME, "en", "letter", "short")
    text = _text(pdf)
    assert text.count("Showing this card costs its holder") == 10 + 1   # ten forbidden cards + the booklet's picture of one
    for word in ("Doom track", "Sanity", "Your turn", "Resolving a case", "13: the heretic wins", "Guardian",
                 "Heretic", "Apostate", "Seeker", "Doomsayer", "Cursed blood", "The ignorant"):
        assert word in text, word
    zh = _text(built(GAME, "zh-TW", "a4", "long"))
    for word in ("末日指數", "神智", "禁忌", "守護者", "異教徒", "叛教者", "求知者", "末日論者", "詛咒之血", "無知者"):
        assert word in zh, word


def _ink_box(page, scale=0.4):
    img = page.render(scale=scale, grayscale=True).to_pil().point(lambda v: 255 if v < 200 else 0)
    x0, y0, x1, y1 = img.getbbox()
    return x0 / scale, y0 / scale, x1 / scale, y1 / scale


@pytest.mark.parametrize("lang, paper, duplex", [("zh-TW", "a4", "long"), ("en", "letter", "short")])
def test_action_backs_register(built, lang, paper, duplex):
    """The first sheet of action fronts and its backs cover the same area once flipped."""
    path = built(GAME, lang, paper, duplex)
    with pikepdf.open(path) as p:
        n = len(p.pages)
    doc = pdfium.PdfDocument(str(path))
    assert len(doc) == n
    first = next(i for i in range(n) if re.search("霰彈槍|Shotgun", doc[i].get_textpage().get_text_range())
                 and "行動·案件" not in doc[i].get_textpage().get_text_range()
                 and "ACTION · CASE" not in doc[i].get_textpage().get_text_range()
                 and "Rules" not in doc[i].get_textpage().get_text_range()[:200]
                 and "遊戲規則" not in doc[i].get_textpage().get_text_range()[:200])
    front, back = doc[first], doc[first + 1]
    pw, ph = front.get_size()
    fx0, fy0, fx1, fy1 = _ink_box(front)
    bx0, by0, bx1, by1 = _ink_box(back)
    if duplex == "long":
        mirrored = (pw - bx1, by0, pw - bx0, by1)
    else:
        mirrored = (bx0, ph - by1, bx1, ph - by0)
    for a, b in zip((fx0, fy0, fx1, fy1), mirrored):
        assert abs(a - b) < 3, ((fx0, fy0, fx1, fy1), mirrored)


def test_fold_mode_builds(built):
    with pikepdf.open(built(GAME, "en", "a4", "fold")) as p:
        assert len(p.pages) >= 18


def test_doom_track_spaces_fit_a_coin_and_the_last_holds_a_drawn_skull(prep):
    from pnp.games.doomsday_files.tracks import DOOM, Printed
    p = Printed(prep.game)
    layout = p.layouts.get(DOOM, prep.game.pos)
    ctx = p.ctx(prep.game.components["doom"])
    cell = layout.element("cell")
    boxes = [p.box(cell, c) for c in p.instances(layout, cell, ctx)]
    assert len(boxes) == prep.game.data["doom_max"] + 1
    assert min(min(b[2], b[3]) for b in boxes) >= 26          # a 26 mm coin (NT$10, quarter, euro) fits
    skull = layout.element("skull")
    assert p.value(skull, "name", ctx) == "doom-skull"
    icon = prep.icons["doom-skull"]
    inks = {fill for _ops, fill, _stroke, _w in icon.shapes} | {stroke for _o, _f, stroke, _w in icon.shapes}
    assert "current" in inks and "#1d1b22" in inks            # eyes drawn dark: not a blank white blob


def test_professions_show_emblems_not_an_x(prep):
    arts = {it.get("art") for it in prep.game.components["professions"].items}
    assert "cross" not in arts and {"medical", "crucifix"} <= arts
    assert all(a in prep.icons for a in arts)
