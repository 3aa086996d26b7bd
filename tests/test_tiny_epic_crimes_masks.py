"""Proof on the printed PDF that the Tiny Epic Crimes envelopes work.

For every suspect and every envelope: rasterise the suspect back and the envelope die-line from the
built PDF, lay the card under the envelope's back panel as it sits when assembled (at `card_at`, then
shifted by up to ±1.5 mm in x and y), and recognise what shows through the holes (the pink cut-out
areas): the arrow in the notch, and in evidence envelope k exactly that suspect's icon for type k —
all of it, and nothing else. The murderer envelope shows the arrow only. Pages are rendered once.
"""
from __future__ import annotations

import io
from collections import deque
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest

from tests.conftest import ROOT

GAME = "tiny-epic-crimes"
PX_PER_MM = 10                       # 254 dpi: whole pixels for every 0.1 mm
SCALE = PX_PER_MM * 25.4 / 72        # pixels per point
PINK = np.array([0xF3, 0xD6, 0xD6])  # the renderer's fill for `window` die-lines (holes to cut out)
SHIFTS = [(dx, dy) for dx in (-1.5, 0, 1.5) for dy in (-1.5, 0, 1.5)]


def _plan_pages(lang="zh-TW", paper="a4", duplex="long"):
    """The build's own imposition plan: face name → (page index, slot, page)."""
    from pnp.pipeline.build import Project, _context, duplex_document, faces, prepare
    from pnp.resolve.face import Resolver
    from pnp import impose
    prep = prepare(Project(ROOT), GAME)
    resolver = Resolver(prep.game, prep.fonts, prep.icons, lang)
    resolver.ctx = _context(prep, lang)
    from pnp.pipeline.units import plan_unit, units
    from pnp.pipeline.build import Options
    where, n = {}, 0
    comps = [c for c in prep.game.components.values() if c.kind != "booklet"]   # booklets: printed first,
    two_sided = duplex_document(prep.game, duplex)                               # counted from the PDF below
    opts = Options(paper=paper, duplex=duplex)
    made = {}

    def pairs_of(part):                    # as the build: a deck split onto shared sheets is made once
        if part.comp.id not in made:
            made[part.comp.id] = list(faces(prep, lang, resolver, part.comp))
        return made[part.comp.id][part.start:part.stop]

    for unit in units(prep, comps, impose.PAPERS[paper], opts):
        pages = plan_unit(unit, pairs_of, impose.PAPERS[paper], opts, {c.id: c.id for c in comps}, two_sided, lang)
        for page in pages:
            for slot in page.slots:
                where.setdefault(slot.face.name, (n, slot, page))
            n += 1
    return prep, where, n


class Raster:
    def __init__(self, pdf_path):
        self.pdf = pdfium.PdfDocument(str(pdf_path))
        self.pages = {}

    def page(self, i):
        if i not in self.pages:
            self.pages[i] = np.asarray(self.pdf[i].render(scale=SCALE).to_pil().convert("RGB")).astype(np.int16)
        return self.pages[i]

    def face(self, where, name):
        i, slot, page = where[name]
        img = self.page(i)
        f = slot.face
        left = int(round(slot.x * SCALE))
        top = int(round((page.h - slot.y - f.h) * SCALE))
        return img[top:top + int(round(f.h * SCALE)), left:left + int(round(f.w * SCALE))]


def _components(mask):
    """Connected components (4-neighbour) of a boolean mask, as arrays of (row, col)."""
    seen = np.zeros_like(mask, dtype=bool)
    out = []
    for r0, c0 in zip(*np.nonzero(mask)):
        if seen[r0, c0]:
            continue
        q, pts = deque([(r0, c0)]), []
        seen[r0, c0] = True
        while q:
            r, c = q.popleft()
            pts.append((r, c))
            for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
                if 0 <= rr < mask.shape[0] and 0 <= cc < mask.shape[1] and mask[rr, cc] and not seen[rr, cc]:
                    seen[rr, cc] = True
                    q.append((rr, cc))
        out.append(np.array(pts))
    return out


def _dilate(mask, n):
    m = mask.copy()
    for _ in range(n):
        d = m.copy()
        d[1:] |= m[:-1]
        d[:-1] |= m[1:]
        d[:, 1:] |= m[:, :-1]
        d[:, :-1] |= m[:, 1:]
        m = d
    return m


def _holes(env_img):
    """The cut-out areas of a die-line: pink fill plus its outline (the cut runs along the line)."""
    pink = (np.abs(env_img - PINK).max(axis=2) <= 10)
    return [c for c in _components(_dilate(pink, 3)) if len(c) > 2000]   # not anti-aliased red text


def _ink(rgb, background):
    return np.abs(rgb - np.asarray(background, dtype=np.int16)).sum(axis=-1) > 90


def _crop(mask):
    rows, cols = np.nonzero(mask)
    if len(rows) == 0:
        return None
    return mask[rows.min():rows.max() + 1, cols.min():cols.max() + 1]


def _iou(a, b):
    """Best overlap of two cropped masks, centred, over ±1 px alignments (rasterisation rounds edges)."""
    if abs(a.shape[0] - b.shape[0]) > 3 or abs(a.shape[1] - b.shape[1]) > 3:
        return 0.0
    h, w = max(a.shape[0], b.shape[0]) + 2, max(a.shape[1], b.shape[1]) + 2
    A = np.zeros((h, w), bool)
    ay, ax = (h - a.shape[0]) // 2, (w - a.shape[1]) // 2
    A[ay:ay + a.shape[0], ax:ax + a.shape[1]] = a
    by, bx = (h - b.shape[0]) // 2, (w - b.shape[1]) // 2
    best = 0.0
    for dy in (-1, 0, 1):
        for dx in (-1, 0, 1):
            y0, x0 = by + dy, bx + dx
            if y0 < 0 or x0 < 0 or y0 + b.shape[0] > h or x0 + b.shape[1] > w:
                continue
            B = np.zeros((h, w), bool)
            B[y0:y0 + b.shape[0], x0:x0 + b.shape[1]] = b
            best = max(best, (A & B).sum() / (A | B).sum())
    return best


@pytest.fixture(scope="module")
def setup(built):
    pdf_path = built(GAME, "zh-TW", "a4", "long")
    prep, where, n = _plan_pages("zh-TW", "a4", "long")
    game = prep.game
    raster = Raster(pdf_path)
    booklet_pages = len(raster.pdf) - n          # the booklets come first
    where = {k: (i + booklet_pages, slot, page) for k, (i, slot, page) in where.items()}
    raster.cards = {}
    refs = _references(prep)
    geo = prep.layouts.geometry(f"{GAME}/envelope")["card_at"]
    paper = tuple(int(game.palette["paper"][i:i + 2], 16) for i in (1, 3, 5))
    return game, where, raster, refs, geo, paper


def _references(prep):
    """Each evidence icon and the arrow, drawn alone at the slot size straight from the icon files."""
    from reportlab.pdfgen import canvas
    from pnp.core.units import MM
    from pnp.render.pdf import draw_piece
    game = prep.game
    g = prep.layouts.geometry(f"{GAME}/suspect-back")
    names = [(game.data["icon"][v], game.palette[t]) for t in game.data["types"] for v in game.data["evidence"][t]]
    names.append(("arrow", game.palette["ink"]))
    size = g["slot_gang"]["w"] * MM
    W, H = (len(names) * 12 + 4) * MM, 16 * MM
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(W, H))
    for i, (name, colour) in enumerate(names):
        side = g["arrow"]["w"] * MM if name == "arrow" else size      # each drawn at its printed size
        for piece in prep.icons[name].draw((4 + i * 12) * MM, 4 * MM, side, side, colour):
            draw_piece(c, piece, H)
    c.showPage()
    c.save()
    img = np.asarray(pdfium.PdfDocument(buf.getvalue())[0].render(scale=SCALE).to_pil().convert("RGB")).astype(np.int16)
    refs = {}
    for i, (name, _colour) in enumerate(names):
        x0 = int((2 + i * 12) * PX_PER_MM)
        refs[name] = _crop(_ink(img[:, x0:x0 + 11 * PX_PER_MM], (255, 255, 255)))
    return refs


def recognise(view_ink, refs):
    """(name, score) of the reference the visible ink matches best, or (None, 0) for no ink."""
    crop = _crop(view_ink)
    if crop is None:
        return None, 0.0
    scores = {name: _iou(crop, ref) for name, ref in refs.items()}
    name = max(scores, key=scores.get)
    return name, scores[name]


def _view(card, hole, card_at_px, shift_px):
    """Ink of the card seen through one hole (face pixels, cropped to the hole's box) with the card at
    card_at + shift."""
    top, left = hole[:, 0].min(), hole[:, 1].min()
    ink = np.zeros((hole[:, 0].max() - top + 1, hole[:, 1].max() - left + 1), bool)
    r = hole[:, 0] - (card_at_px[1] + shift_px[1])
    c = hole[:, 1] - (card_at_px[0] + shift_px[0])
    inside = (r >= 0) & (r < card.shape[0]) & (c >= 0) & (c < card.shape[1])
    ink[hole[inside, 0] - top, hole[inside, 1] - left] = card[r[inside], c[inside]]
    return ink


def _card(raster, where, sid, paper):
    if sid not in raster.cards:
        raster.cards[sid] = _ink(raster.face(where, f"suspects/{sid}.back"), paper)
    return raster.cards[sid]


def _envelopes(game, where, raster):
    if getattr(raster, "envelopes", None):
        return raster.envelopes
    out = raster.envelopes = []
    for item in game.components["envelopes"].items:
        img = raster.face(where, f"envelopes/{item.id}.front")
        holes = sorted(_holes(img), key=lambda h: h[:, 0].min())
        out.append((item, img.shape[:2], holes))
    return out


def test_every_window_shows_exactly_the_slot_icon(setup):
    game, where, raster, refs, geo, paper = setup
    card_at = (int(round(geo["x"] * PX_PER_MM)), int(round(geo["y"] * PX_PER_MM)))
    envelopes = _envelopes(game, where, raster)
    suspects = game.components["suspects"].items
    assert len(suspects) == 32
    checked = 0
    for item, shape, holes in envelopes:
        kind = item["type"]
        assert len(holes) == (1 if kind == "murderer" else 2), f"{item.id}: {len(holes)} holes"
        notch = holes[0]
        assert notch[:, 0].min() <= card_at[1], f"{item.id}: the first hole should be the notch at the top edge"
        for s in suspects:
            card = _card(raster, where, s.id, paper)
            for dx, dy in SHIFTS:
                shift = (int(round(dx * PX_PER_MM)), int(round(dy * PX_PER_MM)))
                name, score = recognise(_view(card, notch, card_at, shift), refs)
                assert (name, score > 0.8) == ("arrow", True), \
                    f"{item.id} notch, {s.id} shifted ({dx}, {dy}) mm: saw {name} ({score:.2f}), not only the arrow"
                if kind == "murderer":
                    continue
                want = game.data["icon"][s[kind]]
                name, score = recognise(_view(card, holes[1], card_at, shift), refs)
                assert name == want and score > 0.8, \
                    f"{item.id} window, {s.id} shifted ({dx}, {dy}) mm: saw {name} ({score:.2f}), expected {want}"
                checked += 1
    assert checked == 32 * 5 * len(SHIFTS)


def test_the_proof_can_fail(setup):
    """The same recognition sees the leak when the card is shifted far beyond the tolerance."""
    game, where, raster, refs, geo, paper = setup
    card_at = (int(round(geo["x"] * PX_PER_MM)), int(round(geo["y"] * PX_PER_MM)))
    item, shape, holes = _envelopes(game, where, raster)[0]
    card = _card(raster, where, game.components["suspects"].items[0].id, paper)
    wrong = 0
    for shift in ((60, 0), (0, 60), (-60, 0), (0, -60)):           # 6 mm
        name, score = recognise(_view(card, holes[1], card_at, shift), refs)
        want = game.data["icon"][game.components["suspects"].items[0][item["type"]]]
        wrong += not (name == want and score > 0.8)
    assert wrong >= 3


def test_backs_show_each_icon_equally_often(setup):
    """Count the icons on every rasterised back by matching each ink blob cluster to the references."""
    game, where, raster, refs, geo, paper = setup
    from pnp.layout.components.icon_field import cells
    from pnp.layout.layouts import Layouts
    gb = Layouts(ROOT / "layouts").geometry(f"{GAME}/suspect-back")
    d = gb["decoys"]
    boxes = cells(d["x"], d["y"], d["w"], d["h"], d["cols"], d["rows"], d["size"])
    for s in game.components["suspects"].items[:8]:
        card = _card(raster, where, s.id, paper)
        counts = {}
        for x, y in boxes:
            r0, c0 = int(round(y * PX_PER_MM)) - 5, int(round(x * PX_PER_MM)) - 5
            cell = card[r0:r0 + int(d["size"] * PX_PER_MM) + 10, c0:c0 + int(d["size"] * PX_PER_MM) + 10]
            name, score = recognise(cell, refs)
            if name is None:
                continue                                       # an empty cell
            assert score > 0.8, f"{s.id}: unrecognised icon at {x}, {y} mm"
            counts[name] = counts.get(name, 0) + 1
        assert len(counts) == 10 and set(counts.values()) == {d["each"]}, f"{s.id}: {counts}"


def test_backs_do_not_tell_slots_by_colour(setup):
    """Every icon on a back is printed in the one ink colour: no slot stands out at a glance."""
    game, where, raster, refs, geo, paper = setup
    ink = np.array([int(game.palette["ink"][i:i + 2], 16) for i in (1, 3, 5)])
    for s in game.components["suspects"].items[:8]:
        img = raster.face(where, f"suspects/{s.id}.back")
        dark = _ink(img, paper)
        solid = np.abs(img - ink).max(axis=2) <= 40
        assert solid[dark].mean() > 0.8, f"{s.id}: back icons are not all in ink ({solid[dark].mean():.2f})"


def test_upside_down_card_shows_nothing(setup):
    """A card slid in the wrong way up (arrow at the bottom): every window and the notch show no ink."""
    game, where, raster, refs, geo, paper = setup
    card_at = (int(round(geo["x"] * PX_PER_MM)), int(round(geo["y"] * PX_PER_MM)))
    envelopes = _envelopes(game, where, raster)
    for s in game.components["suspects"].items:
        card = np.rot90(_card(raster, where, s.id, paper), 2)
        for item, shape, holes in envelopes:
            for hole in holes:
                for dx, dy in SHIFTS:
                    shift = (int(round(dx * PX_PER_MM)), int(round(dy * PX_PER_MM)))
                    view = _view(card, hole, card_at, shift)
                    assert view.sum() < 20, f"{item.id}: {s.id} upside down, shifted ({dx}, {dy}) mm shows ink"


def _front_without_text(prep, sid, lang="zh-TW"):
    """The front face of a suspect drawn twice (at the proof's resolution): as printed, and with its
    text left out; both as RGB arrays of the trimmed card. The "wrong way" label in the tab at the top
    (above 14 mm) stays in both: the notch is meant to show it on a card slid in front first."""
    from reportlab.pdfgen import canvas
    from pnp.pipeline.build import faces, resolver_for
    from pnp.core.pieces import Run
    from pnp.render.pdf import draw_piece
    comp = prep.game.components["suspects"]
    res = resolver_for(prep, lang)
    face = next(f for f, _b in faces(prep, lang, res, comp) if f.name == f"suspects/{sid}.front")
    out = []
    for keep_text in (True, False):
        buf = io.BytesIO()
        c = canvas.Canvas(buf, pagesize=(face.w, face.h))
        for piece in face.pieces:
            if keep_text or not isinstance(piece, Run) or piece.y < 14 * 72 / 25.4:
                draw_piece(c, piece, face.h)
        c.showPage()
        c.save()
        out.append(np.asarray(pdfium.PdfDocument(buf.getvalue())[0].render(scale=SCALE).to_pil().convert("RGB")).astype(np.int16))
    return out


def test_front_to_the_window_shows_no_name(setup):
    """A card slid in front to the window (either way up): what shows through every hole is the same
    with and without the card's text, so the name and number never show."""
    game, where, raster, refs, geo, paper = setup
    from pnp.pipeline.build import Project, prepare
    prep = prepare(Project(ROOT), GAME)
    card_at = (int(round(geo["x"] * PX_PER_MM)), int(round(geo["y"] * PX_PER_MM)))
    envelopes = _envelopes(game, where, raster)
    for s in game.components["suspects"].items[:6]:
        full, bare = _front_without_text(prep, s.id)
        text = np.abs(full - bare).max(axis=2) > 60          # the pixels the text prints
        assert text.sum() > 500, f"{s.id}: the front should carry its name"
        for flip in (np.fliplr(text), np.flipud(text)):      # the front seen from the back panel's side
            for item, shape, holes in envelopes:
                for hole in holes:
                    for dx, dy in SHIFTS:
                        shift = (int(round(dx * PX_PER_MM)), int(round(dy * PX_PER_MM)))
                        assert _view(flip, hole, card_at, shift).sum() == 0, \
                            f"{item.id}: the name of {s.id} shows through a hole, shifted ({dx}, {dy}) mm"


def test_the_wrong_way_proof_can_fail(setup):
    """The same views do see the evidence of an upside-down card when nothing is kept empty: read the
    correct-way card through the holes turned a half turn (the cells that must stay empty hold slots)."""
    game, where, raster, refs, geo, paper = setup
    card_at = (int(round(geo["x"] * PX_PER_MM)), int(round(geo["y"] * PX_PER_MM)))
    card = _card(raster, where, game.components["suspects"].items[0].id, paper)
    seen = 0
    for item, shape, holes in _envelopes(game, where, raster):
        if len(holes) > 1:
            seen += _view(card, holes[1], card_at, (0, 0)).sum() > 20
    assert seen == 5


def test_window_panel_has_an_opaque_pattern_inside(setup):
    """Printed double-sided (long edge), the back of every envelope sheet puts a dark security pattern
    right behind both panels: around each hole the paper's other side is mostly dark, and so is the
    front panel's inside (the murderer card's light name plate faces it), so a card in the pocket does
    not show through either side."""
    game, where, raster, refs, geo, paper = setup
    from pnp.layout.layouts import Layouts
    g = Layouts(ROOT / "layouts").geometry(f"{GAME}/envelope")
    for item in game.components["envelopes"].items:
        i, slot, page = where[f"envelopes/{item.id}.front"]
        front, back = raster.page(i), raster.page(i + 1)
        assert front.shape == back.shape
        W = front.shape[1]
        left = int(round(slot.x * SCALE))
        top = int(round((page.h - slot.y - slot.face.h) * SCALE))
        dark = back.mean(axis=2) < 160
        def behind(x0, y0, x1, y1):                       # face mm → the mirrored box on the back page
            c0, c1 = W - (left + int(x1 * PX_PER_MM)), W - (left + int(x0 * PX_PER_MM))
            return dark[top + int(y0 * PX_PER_MM):top + int(y1 * PX_PER_MM), c0:c1]
        b = behind(g["fold_flap"]["x"] + 1, g["fold_flap"]["y"] + 1, g["fold_side"]["x"] - 1, g["fold_bottom"]["y"] - 1)
        assert b.mean() > 0.9, f"{item.id}: only {b.mean():.0%} of the window panel's inside is covered"
        f = behind(g["fold_side"]["x"] + 2, g["fold_flap"]["y"] + 2, g["fold_side"]["x"] + 40, g["fold_bottom"]["y"] - 20)
        assert f.mean() > 0.9, f"{item.id}: only {f.mean():.0%} of the front panel's inside is covered"
