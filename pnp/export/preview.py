"""`pnp preview`: one card face, or a contact sheet of every face, as PNG — drawn by the PDF renderer
and rasterised, so the preview is what prints (trim plus bleed; a thin line marks the trim)."""
from __future__ import annotations

import os
from pathlib import Path

from pnp.core.errors import Problem, Problems, did_you_mean
from pnp.export import collect, distinct, faces_pdf, raster, safe_name

COLS = 8
LABEL = 22       # px under each face on a contact sheet
MAX_PIXELS = 100_000_000   # of one preview image: 300 MB of RGB, held twice (the faces, then the sheet)


def _write(img, path: Path, dpi):
    """The PNG, written whole to a new file of a random name beside `path` (created exclusively, so a
    link planted there is never followed), then renamed over it."""
    import tempfile
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name[:40]}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            img.save(f, "PNG", compress_level=raster.PNG_LEVEL, dpi=(dpi, dpi))
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
    return path


def _images(col, faces, dpi):
    from PIL import Image
    faces = list(faces)
    order, index = distinct(faces)
    pdf = faces_pdf(order, col.fonts.name("sans"))
    jobs = [raster.Job(n, dpi / 72, bleed=True) for n in range(len(order))]
    res = raster.run(pdf, [f.bleed for f in order], jobs)
    images = [Image.frombytes("RGB", size, data) for size, data in res]
    return {f: images[index[f]] for f in faces if f is not None}


def _trim_line(img, face, dpi):
    """A hairline on the trim box, so the bleed is visible as such."""
    from PIL import ImageDraw
    s = dpi / 72
    b = face.bleed * s
    d = ImageDraw.Draw(img)
    d.rectangle((round(b), round(b), round(b + face.w * s) - 1, round(b + face.h * s) - 1), outline=(0, 170, 255))
    return img


def _px(face, dpi) -> tuple[int, int]:
    """The size in pixels of a face with its bleed at dpi (as pdfium renders it, give or take one)."""
    s = dpi / 72
    return round((face.w + 2 * face.bleed) * s), round((face.h + 2 * face.bleed) * s)


def _too_big(col, what: str, w: int, h: int, dpi, todo: str):
    """A problem when an image of w x h px at dpi is past MAX_PIXELS (found before anything is drawn)."""
    if w * h <= MAX_PIXELS:
        return
    most = int(dpi * (MAX_PIXELS / (w * h)) ** 0.5)
    raise Problems([Problem(col.game.pos, f"{what} at {dpi} dpi would be {w:,} x {h:,} px ({w * h / 1e6:,.0f} "
                            f"megapixels), more than the {MAX_PIXELS // 1_000_000} megapixels allowed",
                            f"use --dpi {max(1, most)} or less" + todo)])


def _check_sheet(col, entries, dpi) -> None:
    """Problems when the contact sheet of entries ((label, face)) would be past MAX_PIXELS."""
    if not entries:
        return
    sizes = [_px(f, dpi) for _label, f in entries]
    cw = max(w for w, _h in sizes) + 10
    ch = max(h for _w, h in sizes) + LABEL + 10
    cols = min(COLS, len(entries))
    rows = -(-len(entries) // cols)
    _too_big(col, f"the contact sheet of {len(entries)} faces", cols * cw, rows * ch, dpi,
             ", or preview single cards (`pnp preview GAME CARD_ID`)")


def _name(stem: str, col) -> str:
    """`<stem>.png`, or `<stem>.draft.png` for a draft (as a draft PDF never takes the final name)."""
    return f"{stem}{'.draft' if col.draft else ''}.png"


def card(project, game_id, card_id, side, lang, dpi, out: Path, draft: bool = False, warn=None) -> Path:
    """One face as a PNG. `draft`: as `pnp build --draft`, each warning handed to `warn`."""
    col = collect(project, game_id, lang, draft)
    for f in col.findings:
        (warn or print)(f)
    cards = {c.id: c for d in col.decks for c in d.cards if c.copy == 0}
    if card_id not in cards:
        raise Problems([Problem(col.game.pos, f"`{game_id}` has no card `{card_id}`", did_you_mean(card_id, cards))])
    c = cards[card_id]
    face = c.front if side == "front" else c.back
    if face is None:
        raise Problems([Problem(col.game.meta["components"].at(c.deck), f"card `{card_id}` has no back (component "
                                f"`{c.deck}` names no `back:` layout)", "preview its front, or give the component a back")])
    _too_big(col, f"card `{card_id}` ({side})", *_px(face, dpi), dpi, "")
    img = _images(col, [face], dpi)[face]
    return _write(img, out / game_id / "preview" / _name(f"{safe_name(card_id)}.{col.lang}.{side}", col), dpi)


def sheet(project, game_id, lang, dpi, out: Path, draft: bool = False, warn=None) -> Path:
    from PIL import Image, ImageDraw, ImageFont
    col = collect(project, game_id, lang, draft)
    for f in col.findings:
        (warn or print)(f)
    entries = []  # (label, face)
    seen = set()
    for d in col.decks:
        for c in d.cards:
            for side, f in (("front", c.front), ("back", c.back)):
                if f is not None and (c.id, side) not in seen and f not in {e[1] for e in entries if e[0].endswith(side)}:
                    seen.add((c.id, side))
                    entries.append((f"{c.id}.{side}", f))
    _check_sheet(col, entries, dpi)
    imgs = _images(col, [f for _l, f in entries], dpi)
    cw = max(im.width for im in imgs.values()) + 10
    ch = max(im.height for im in imgs.values()) + LABEL + 10
    cols = min(COLS, len(entries))
    rows = -(-len(entries) // cols)
    page = Image.new("RGB", (cols * cw, rows * ch), (255, 255, 255))
    draw = ImageDraw.Draw(page)
    try:
        font = ImageFont.load_default(size=14)
    except TypeError:
        font = ImageFont.load_default()
    for i, (label, f) in enumerate(entries):
        x, y = (i % cols) * cw + 5, (i // cols) * ch + 5
        im = _trim_line(imgs[f].copy(), f, dpi)
        page.paste(im, (x + (cw - 10 - im.width) // 2, y))
        draw.text((x, y + ch - LABEL - 8), label, fill=(40, 40, 40), font=font)
    return _write(page, out / game_id / "preview" / _name(f"{game_id}.{col.lang}.sheet", col), dpi)
