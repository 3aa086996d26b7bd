"""Lady Alice print files: structure, the verdict folders' window (raster), the notebook's pages and
binding holes (text and raster), every paper and duplex mode."""
from __future__ import annotations

import numpy as np
import pypdfium2 as pdfium
import pytest
import yaml
from pypdf import PdfReader

from conftest import ROOT
from pnp.layout.layouts import Layouts

MM = 72 / 25.4
PX_PER_MM = 8
SCALE = PX_PER_MM / MM                      # pixels per point
GAME = yaml.safe_load((ROOT / "content" / "lady-alice" / "game.yaml").read_text("utf-8"))
CLUES = yaml.safe_load((ROOT / "content" / "lady-alice" / "clues.yaml").read_text("utf-8"))["cards"]
GEOM = Layouts(ROOT / "layouts").geometry


def sections(path) -> dict:
    """Bookmark title → (first page, last page) of every component."""
    r = PdfReader(str(path))
    marks = sorted((r.get_destination_page_number(o), o.title) for o in r.outline if not isinstance(o, list))
    out = {}
    for i, (page, title) in enumerate(marks):
        end = marks[i + 1][0] - 1 if i + 1 < len(marks) else len(r.pages) - 1
        out[title] = (page, end)
    return out


def title(component, lang="zh-TW"):
    return GAME["components"][component]["title"][lang]


def render(page) -> np.ndarray:
    return np.asarray(page.render(scale=SCALE).to_pil().convert("RGB")).astype(np.int16)


def rgb(hexcolour):
    return np.array([int(hexcolour[i:i + 2], 16) for i in (1, 3, 5)])


def crop_mm(img, page_h_pt, x_pt, top_pt, w_mm, h_mm):
    """The pixels of a w x h mm box whose top-left corner is at (x, top) in PDF points."""
    x0 = int(round(x_pt * SCALE))
    y0 = int(round((page_h_pt - top_pt) * SCALE))
    return img[y0:y0 + int(round(h_mm * PX_PER_MM)), x0:x0 + int(round(w_mm * PX_PER_MM))]


# ---- structure -------------------------------------------------------------------------------------
@pytest.mark.parametrize("lang,names", [("zh-TW", ["瑪麗‧霍布斯", "倫敦塔", "菸斗", "13:00", "夏洛克‧福爾摩斯"]),
                                        ("en", ["Mary Hobbs", "Tower of London", "Pipe", "13:00", "SHERLOCK HOLMES"])])
def test_pdf_has_every_component_and_the_names(built, lang, names):
    path = built("lady-alice", lang, *({"zh-TW": ("a4", "long"), "en": ("letter", "long")}[lang]))
    secs = sections(path)
    pieces = [title(c, lang) for c, v in GAME["components"].items() if v["kind"] != "booklet"]
    # every component has its outline entry (small ones share sheets, so the order is the pages')
    assert sorted(t for t in secs if t in pieces) == sorted(pieces)
    doc = pdfium.PdfDocument(str(path))
    text = "".join(doc[i].get_textpage().get_text_range() for i in range(len(doc))).replace("’", "'")  # curled
    for name in names:
        assert name in text
    for card in CLUES:                      # every clue's name is printed (cards, desk, notebook)
        n = card["name"][lang] if isinstance(card["name"], dict) else card["name"]
        n = n.replace("{{ card.hour }}", str(card.get("hour")))     # time names are templates
        assert text.count(n) >= 3, n


@pytest.mark.parametrize("paper,duplex", [("letter", "long"), ("a4", "short"), ("a4", "fold"), ("letter", "none")])
def test_builds_on_every_paper_and_duplex_mode(built, paper, duplex):
    path = built("lady-alice", "en", paper, duplex)
    r = PdfReader(str(path))
    w, h = (595.28, 841.89) if paper == "a4" else (612.0, 792.0)
    assert len(r.pages) >= 15
    for p in r.pages:
        pw, ph = float(p.mediabox.width), float(p.mediabox.height)
        assert {round(pw), round(ph)} == {round(w), round(h)}
    pieces = [title(c, "en") for c, v in GAME["components"].items() if v["kind"] != "booklet"]
    assert sorted(t for t in sections(path) if t in pieces) == sorted(pieces)


# ---- verdict folders --------------------------------------------------------------------------------
WINDOW_PINK = rgb("#f3d6d6")     # the renderer's fill for `window` die-lines (the part to cut out)


@pytest.fixture(scope="module")
def verdict(built):
    """The folder's window (folder mm coordinates) and both faces of a verdict card, as rasters."""
    # --no-pack: the verdict cards on sheets of their own, their first card in the top-left corner
    path = built("lady-alice", "zh-TW", "a4", "long", "--no-pack")
    secs = sections(path)
    doc = pdfium.PdfDocument(str(path))
    folder = GEOM("lady-alice/verdict-folder")
    card = GEOM("lady-alice/verdict-blue")
    # the folder in the top-left cell of its first page
    fpage = doc[secs[title("verdict-folders")][0]]
    fx0, _fy0, _fx1, ftop = fpage.get_trimbox()
    img = render(fpage)
    region = crop_mm(img, fpage.get_size()[1], fx0, ftop, folder["w"], folder["h"])
    pink = np.abs(region - WINDOW_PINK).max(axis=2) <= 8
    ys, xs = np.nonzero(pink)
    window = ((xs + 0.5) / PX_PER_MM, (ys + 0.5) / PX_PER_MM)          # mm, folder coordinates
    # card 0: front (blue) top-left on the first page, its back (red) mirrored on the next page
    first = secs[title("verdict-cards")][0]
    front, back = doc[first], doc[first + 1]
    cx0, _cy0, _cx1, ctop = front.get_trimbox()
    pw, ph = front.get_size()
    faces = {
        "blue": crop_mm(render(front), ph, cx0, ctop, card["w"], card["h"]),
        "red": crop_mm(render(back), ph, pw - cx0 - card["w"] * MM, ctop, card["w"], card["h"]),
    }
    return {"window": window, "folder": folder, "card": card, "faces": faces}


def seen_through_window(v, face, rotated, dx, dy):
    """The card pixels the window shows when the card lies in the pocket shifted by (dx, dy) mm;
    None if the window shows something that is not the card."""
    pocket, card = v["folder"]["pocket"], v["card"]
    left = pocket["x"] + (pocket["w"] - card["w"]) / 2 + dx
    top = pocket["y"] + (pocket["h"] - card["h"]) / 2 + dy
    u, w = v["window"]
    a, b = u - left, w - top                                    # mm on the card as inserted
    if rotated:
        a, b = card["w"] - a, card["h"] - b
    if a.min() < 0 or b.min() < 0 or a.max() >= card["w"] or b.max() >= card["h"]:
        return None
    img = v["faces"][face]
    return img[(b * PX_PER_MM).astype(int), (a * PX_PER_MM).astype(int)]


def test_folder_has_one_window_of_useful_size(verdict):
    u, w = verdict["window"]
    assert u.size > 30 * 15 * PX_PER_MM ** 2                       # at least 30 x 15 mm
    pocket = verdict["folder"]["pocket"]
    assert pocket["x"] < u.min() and u.max() < pocket["x"] + pocket["w"]
    assert pocket["y"] < w.min() and w.max() < pocket["y"] + pocket["h"]


WHITE = np.array([255, 255, 255])


def colour_and_mark(pixels, colour, tol=40):
    """The window shows the card's colour and its white mark, nothing else: (share of mark pixels) or None."""
    if pixels is None:
        return None
    on_colour = np.abs(pixels - rgb(GAME["palette"][colour])).max(axis=1) <= tol
    on_white = np.abs(pixels - WHITE).max(axis=1) <= tol
    between = ~on_colour & ~on_white                     # anti-aliased edges of the mark
    if between.mean() > 0.05 or on_colour.mean() < 0.5:
        return None
    return float(on_white.mean())


@pytest.mark.parametrize("face", ["blue", "red"])
@pytest.mark.parametrize("rotated", [False, True])
def test_window_shows_the_chosen_colour_and_its_whole_mark_even_shifted(verdict, face, rotated):
    # the mark (a ring on blue, a cross on red) reads without colour; at every shift the window shows
    # all of it, and only it on the chosen colour
    centred = colour_and_mark(seen_through_window(verdict, face, rotated, 0, 0), face)
    assert centred and centred > 0.05, (face, rotated)
    for dx in (-1.5, 0.0, 1.5):
        for dy in (-1.5, 0.0, 1.5):
            got = colour_and_mark(seen_through_window(verdict, face, rotated, dx, dy), face)
            assert got is not None and abs(got - centred) < 0.1 * centred, (face, rotated, dx, dy)
    other = "red" if face == "blue" else "blue"
    assert colour_and_mark(seen_through_window(verdict, face, rotated, 0, 0), other) is None


def test_blue_and_red_marks_differ_in_shape(verdict):
    """Without colour the two faces still differ: the mark's pixels are not the same shape."""
    blue = seen_through_window(verdict, "blue", False, 0, 0)
    red = seen_through_window(verdict, "red", False, 0, 0)
    wb = np.abs(blue - WHITE).max(axis=1) <= 40
    wr = np.abs(red - WHITE).max(axis=1) <= 40
    assert (wb != wr).mean() > 0.05


def test_window_check_can_fail(verdict):
    """Shifted far enough, the window shows the card's words and edge marks, or cuts its mark."""
    for face, rotated, dx, dy in (("blue", False, 0.0, 7.0), ("red", True, 0.0, -7.0)):
        centred = colour_and_mark(seen_through_window(verdict, face, rotated, 0, 0), face)
        got = colour_and_mark(seen_through_window(verdict, face, rotated, dx, dy), face)
        assert got is None or abs(got - centred) >= 0.1 * centred


# ---- notebook --------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def notebook(built):
    path = built("lady-alice", "zh-TW", "a4", "long", "--no-pack")   # the cover alone, top-left on its sheet
    secs = sections(path)
    doc = pdfium.PdfDocument(str(path))
    strip = GEOM("lady-alice/notebook-page")
    gap = GAME["components"]["notebook"].get("options", {}).get("gap_mm", 0)   # strips printed apart, each with its bleed
    pw, ph = (strip["w"] + gap) * MM, (strip["h"] + gap) * MM
    first, last = secs[title("notebook")]
    strips = []                                   # (clue, page, (x, top) in points)
    order = iter(CLUES)
    for i in range(first, last + 1):
        page = doc[i]
        if page.get_trimbox(fallback_ok=False) is None:
            continue                              # the blank back of a single-sided sheet (duplex)
        x0, y0, x1, y1 = page.get_trimbox()
        cols = round((x1 - x0) / (strip["w"] * MM))
        rows = round((y1 - y0) / (strip["h"] * MM))
        for r in range(rows):
            for c in range(cols):
                clue = next(order, None)
                if clue is not None:
                    strips.append((clue, i, (x0 + c * pw, y1 - r * ph)))
    assert next(order, None) is None, "not every clue has a notebook page"
    cover_page = doc[secs[title("notebook-cover")][0]]
    cx0, _, _, ctop = cover_page.get_trimbox()
    return {"doc": doc, "strip": strip, "strips": strips, "cover": (secs[title("notebook-cover")][0], (cx0, ctop))}


def test_every_element_has_one_page_in_stacking_order(notebook):
    doc, strip = notebook["doc"], notebook["strip"]
    letters = {cat: v["letter"] for cat, v in GAME["data"]["categories"].items()}
    names = {c["id"]: (c["name"]["zh-TW"] if isinstance(c["name"], dict)
                       else c["name"].replace("{{ card.hour }}", str(c.get("hour")))) for c in CLUES}
    found = {}
    for clue, i, (x, top) in notebook["strips"]:
        text = doc[i].get_textpage().get_text_bounded(left=x + 1, bottom=top - strip["h"] * MM + 1,
                                                      right=x + strip["w"] * MM - 1, top=top - 1)
        label = [t for t in text.split() if t[:1] in letters.values() and t[1:].isdigit()]
        assert len(label) == 1, text
        assert label[0] not in found, f"page {label[0]} printed twice"
        found[label[0]] = text
    for cat, ids in GAME["data"]["notebook"].items():
        for n, element in enumerate(ids, 1):
            label = f"{letters[cat]}{n}"
            assert label in found, f"no page {label}"
            assert names[element] in found[label], (label, element)
            assert f"{n}/{len(ids)}" in found[label]
    assert len(found) == 32


def hole_centres(img, page_h, x, top, h_mm, band_mm=11.5, edge_mm=0.8):
    """Centres (mm from the piece's top-left) of the dark punch marks in a piece's spine band."""
    band = crop_mm(img, page_h, x, top, band_mm, h_mm)
    dark = band.mean(axis=2) < 110
    e = int(edge_mm * PX_PER_MM)
    dark[:e, :] = dark[-e:, :] = False
    dark[:, :e] = False
    rows = np.nonzero(dark.any(axis=1))[0]
    out = []
    if rows.size == 0:
        return out
    groups = np.split(rows, np.nonzero(np.diff(rows) > PX_PER_MM)[0] + 1)
    for g in groups:
        ys, xs = np.nonzero(dark[g[0]:g[-1] + 1])
        out.append(((xs.mean() + 0.5) / PX_PER_MM, (ys.mean() + g[0] + 0.5) / PX_PER_MM))
    return out


def test_binding_holes_of_all_sections_line_up_on_one_spine(notebook):
    doc, strip = notebook["doc"], notebook["strip"]
    binding = GAME["data"]["binding"]
    section_of = {e: k for k, ids in enumerate(GAME["data"]["notebook"].values()) for e in ids}
    images = {}
    per_section: dict = {}
    for clue, i, (x, top) in notebook["strips"]:
        if i not in images:
            images[i] = render(doc[i])
        holes = hole_centres(images[i], doc[i].get_size()[1], x, top, strip["h"])
        assert holes, clue["id"]
        k = section_of[clue["id"]]
        slot = GEOM("lady-alice/notebook-cover")["h"] / len(GAME["data"]["notebook"])   # a section's share of the spine
        spine = sorted(((round(hx, 1), round(k * slot + (slot - strip["h"]) / 2 + hy, 1)) for hx, hy in holes),
                       key=lambda p: p[1])
        # every page of a section punches at the same places
        per_section.setdefault(k, spine)
        assert all(abs(a[0] - b[0]) <= 0.3 and abs(a[1] - b[1]) <= 0.3 for a, b in zip(per_section[k], spine)), clue["id"]
        assert len(per_section[k]) == len(spine)
    cover_i, (cx, ctop) = notebook["cover"]
    # the cover's spine is on the right of its front: duplex mirrors it to the left of the instruction face,
    # under the pages' own spine (step 4 lays the pages on that face)
    cw, start = GEOM("lady-alice/notebook-cover")["w"], GEOM("lady-alice/notebook-cover")["w"] - 11.5
    cover = hole_centres(render(doc[cover_i]), doc[cover_i].get_size()[1], cx + start * MM, ctop,
                         GEOM("lady-alice/notebook-cover")["h"], band_mm=10.5)   # short of the cut line at the right edge
    cover = [(start + hx, hy) for hx, hy in cover]             # mm from the front's left edge
    assert len(cover) == binding["count"]
    stacked = sorted((h for k in sorted(per_section) for h in per_section[k]), key=lambda p: p[1])
    assert len(per_section) == 4 and len(stacked) == len(cover)
    for (sx, sy), (kx, ky) in zip(stacked, sorted(cover, key=lambda p: p[1])):
        assert abs(sx - binding["x"]) <= 0.3 and abs(cw - kx - binding["x"]) <= 0.3   # one spine line, seen from the inside
        assert abs(sy - ky) <= 0.3                                                   # same places as the cover
    ys = [y for _x, y in sorted(cover, key=lambda p: p[1])]
    assert np.allclose(np.diff(ys), binding["pitch"], atol=0.3)
