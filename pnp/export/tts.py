"""`pnp export GAME --to tts`: Tabletop Simulator deck sheets.

TTS's custom deck takes a sheet image of at most 10 x 7 cards and 4096 px a side, whose last slot
(bottom right) is the face shown for hidden cards, and one back image (or a sheet of backs in the
same grid, "unique backs"). Per deck this writes `<deck>.<n>.png` sheets (trimmed faces, no bleed),
`<deck>.back.png` (or `<deck>.<n>.back.png` sheets when the backs really differ: faces are compared
by what prints), and `<deck>.json` with what the dialog asks: for each sheet its file, width and
height in cards, and number of cards. Other components become tile images and everything goes into
one saved object (`pnp/export/tts_save.py`).

A sheet holds each distinct card once: cards that print alike (copies, or two ids with the same
faces) share a slot, and the saved object's deck lists that slot's CardID once per card, as TTS
itself saves a deck of copies. `<deck>.json` says which slot each card of the deck uses (`order`).
"""
from __future__ import annotations

import json
import math
from pathlib import Path

from pnp.export import distinct, faces_pdf, printed, raster, safe_name

MAX_COLS, MAX_ROWS, MAX_PX = 10, 7, 4096
PER_SHEET = MAX_COLS * MAX_ROWS - 1          # the last slot holds the hidden-card face
CARD_PX = 744                                 # cap: a poker card's width at 300 dpi


def grid(n: int) -> tuple[int, int]:
    """Columns and rows for n cards plus the hidden-card slot."""
    slots = n + 1
    cols = min(MAX_COLS, slots)
    rows = math.ceil(slots / cols)
    return cols, rows


def cell_size(w: float, h: float, cols: int, rows: int) -> tuple[int, int]:
    """The largest cell of the card's aspect that keeps the sheet within MAX_PX (and CARD_PX wide)."""
    cw = min(CARD_PX, MAX_PX // cols, int(MAX_PX / rows * w / h))
    ch = int(cw * h / w)
    while rows * ch > MAX_PX:
        cw -= 1
        ch = int(cw * h / w)
    return cw, ch


def slots(cards, unique: bool) -> tuple[list, list]:
    """The distinct cards of a deck (by what prints: the front, and the back when backs differ) in
    first-seen order, and for each card the index of its slot."""
    first: dict = {}
    out, where = [], []
    for c in cards:
        key = (printed(c.front), printed(c.back) if unique else None)
        if key not in first:
            first[key] = len(out)
            out.append(c)
        where.append(first[key])
    return out, where


def hidden_face(size, colour=(70, 70, 78)):
    """A plain card with a question mark: what others see of a hidden card."""
    from PIL import Image, ImageDraw, ImageFont
    w, h = size
    img = Image.new("RGB", size, colour)
    d = ImageDraw.Draw(img)
    try:
        font = ImageFont.load_default(size=int(h * 0.4))
    except TypeError:  # Pillow < 10.1: fixed-size bitmap font
        font = ImageFont.load_default()
    d.text((w / 2, h / 2), "?", fill=(235, 235, 235), font=font, anchor="mm")
    return img


def export(col, target: Path, final: Path | None = None, base_url: str | None = None) -> dict:
    """Deck sheets, tile images and the saved object into `target` (a folder that becomes `final`,
    where the saved object's file URIs point, unless `base_url` says where the files are hosted)."""
    from pnp.export import tts_save
    report, decks = _decks(col, target)
    tiles, rep = tts_save.tiles(col, target)
    report.update(rep)
    name = tts_save.write(col, target, final or target, base_url, decks, tiles)
    report["saved object"] = f"{name} (copy it into Tabletop Simulator's Saves/Saved Objects folder)"
    return report


def _decks(col, target: Path):
    from PIL import Image
    decks = [d for d in col.decks if d.kind == "deck"]
    faces = [c.front for d in decks for c in d.cards] + [c.back for d in decks for c in d.cards]
    order, index = distinct(faces)
    report: dict = {}
    infos: list = []
    if not order:
        return report, infos
    pdf = faces_pdf(order, col.fonts.name("sans"))
    # one pass renders each distinct face at each cell size its decks need (trim only)
    need: dict = {}
    plans = []
    for deck in decks:
        w, h = deck.trim
        shared = deck.shared_back()
        unique = shared is None and any(c.back is not None for c in deck.cards)
        distinct_cards, where = slots(deck.cards, unique)
        sheets = [distinct_cards[i:i + PER_SHEET] for i in range(0, len(distinct_cards), PER_SHEET)]
        cols, rows = grid(len(sheets[0]))
        cell = cell_size(w, h, cols, rows)  # one cell size per deck: TTS scales every sheet alike
        plans.append((deck, sheets, where, shared, unique, cell))
        for c in deck.cards:
            need.setdefault((c.front, cell), None)
            if unique and c.back is not None:
                need.setdefault((c.back, cell), None)
        if shared is not None:
            need.setdefault((shared, cell), None)
    keys = list(need)
    jobs = [raster.Job(index[f], cell[0] / f.w, bleed=False, size=cell) for f, cell in keys]
    results = raster.run(pdf, [f.bleed for f in order], jobs)
    images = {k: Image.frombytes("RGB", size, data) for k, (size, data) in zip(keys, results)}
    for deck, sheets, where, shared, unique, cell in plans:
        cw, ch = cell
        name = safe_name(deck.id)
        hidden = images[(shared, cell)] if shared is not None else hidden_face(cell)
        info = {"deck": deck.id, "title": deck.title, "language": col.lang, "cards": len(deck.cards),
                "distinct": sum(map(len, sheets)),
                "card_px": [cw, ch], "unique_backs": unique, "back_is_hidden": False, "sideways": cw > ch,
                "back": None if unique else (f"{name}.back.png" if shared is not None else None), "sheets": [],
                # every card of the deck in deck order: its sheet (from 1) and slot (row by row from 0)
                "order": [{"id": c.id, "name": c.name or c.id, "sheet": s // PER_SHEET + 1, "slot": s % PER_SHEET}
                          for c, s in zip(deck.cards, where)]}
        for n, cards in enumerate(sheets, 1):
            cols, rows = grid(len(cards))
            sides = [("face", lambda c: c.front, hidden)]
            if unique:
                sides.append(("back", lambda c: c.back, hidden))
            entry = {"number": len(cards), "width": cols, "height": rows, "px": [cols * cw, rows * ch],
                     "hidden_slot": cols * rows - 1, "cards": [c.id for c in cards]}
            for side, pick, last in sides:
                sheet = Image.new("RGB", (cols * cw, rows * ch), (255, 255, 255))
                for i, c in enumerate(cards):
                    face = pick(c)
                    img = images[(face, cell)] if face is not None else hidden_face(cell, (255, 255, 255))
                    sheet.paste(img, ((i % cols) * cw, (i // cols) * ch))
                sheet.paste(last, ((cols - 1) * cw, (rows - 1) * ch))
                fname = f"{name}.{n}.png" if side == "face" else f"{name}.{n}.back.png"
                raster.save_png(sheet, target / fname, dpi=round(cw / (deck.trim[0] / 72)))
                entry[side] = fname
            info["sheets"].append(entry)
        if not unique:   # the shared back, or for a deck without backs the hidden-card face
            raster.save_png(images[(shared, cell)] if shared is not None else hidden, target / f"{name}.back.png",
                            dpi=round(cw / (deck.trim[0] / 72)))
            info["back"] = f"{name}.back.png"
        info["tts_custom_deck"] = [
            {"Face": s["face"], "Unique backs": unique, "Back": s.get("back", info["back"]),
             "Width": s["width"], "Height": s["height"], "Number": s["number"],
             "Sideways": info["sideways"], "Back is Hidden": False} for s in info["sheets"]]
        (target / f"{name}.json").write_text(json.dumps(info, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        report[deck.id] = (f"{len(sheets)} sheet(s), {len(deck.cards)} cards ({info['distinct']} distinct), "
                           f"{cw} x {ch} px a card, "
                           + ("unique backs" if unique else "one shared back"))
        infos.append(info)
    return report, infos
