"""`pnp showcase GAME [CARD…] [--hand]`: images for a game's page (a forum post, a shop listing).

- `<game>.<lang>.row.png`: the cards side by side on a soft light ground, each with a drop shadow and
  a reflection fading into the floor;
- with `--hand`, also `<game>.<lang>.hand.png`: the same cards fanned as a hand of cards is held.

The cards are the faces as they print (rasterised from the PDF drawing, as `pnp preview`), trimmed at
the cut line: no bleed, no crop marks; round and rounded pieces are cut to their shape. Without CARD
ids the first card of each deck is shown (then more of the largest deck), up to DEFAULT cards.
"""
from __future__ import annotations

import math
from pathlib import Path

from pnp.core.errors import Problem, Problems, did_you_mean
from pnp.export import collect, png, raster, safe_name
from pnp.export import preview

DEFAULT = 5          # cards shown when none are named
MOST = 12            # cards a showcase may hold
GAP = 0.12           # between cards in a row, in card widths
REFLECT = 0.32       # the reflection's height, in card heights, and its opacity at the card's foot
FAN = 11.0           # degrees between neighbouring cards of a hand
PIVOT = 2.4          # the hand's pivot below the cards' centre, in card heights
GROUND = ((246, 244, 240), (214, 210, 203))   # top and bottom of the background


def pick(col, ids) -> list:
    """The cards to show: the named ones (first copies), else the first of each deck, then more."""
    cards = {c.id: c for d in col.decks for c in d.cards if c.copy == 0 and c.front is not None}
    if ids:
        bad = [i for i in ids if i not in cards]
        if bad:
            raise Problems([Problem(col.game.pos, f"`{col.game.id}` has no card `{bad[0]}`",
                                    did_you_mean(bad[0], cards))])
        if len(ids) > MOST:
            raise Problems([Problem(col.game.pos, f"{len(ids)} cards are more than a showcase holds ({MOST})",
                                    "name fewer cards")])
        return [cards[i] for i in dict.fromkeys(ids)]
    decks = [[c for c in d.cards if c.copy == 0 and c.front is not None] for d in col.decks if d.kind == "deck"]
    decks = [d for d in decks if d]
    if not decks:
        raise Problems([Problem(col.game.pos, f"`{col.game.id}` has no deck of cards to show",
                                "name the pieces to show: `pnp showcase GAME ID…`")])
    out = [d[0] for d in decks][:DEFAULT]
    rest = sorted(decks, key=len, reverse=True)[0][1:]
    out += [c for c in rest if c not in out][:DEFAULT - len(out)]
    return out


def _cut(img, face, dpi):
    """The face's image trimmed at its cut line (RGBA)."""
    s = dpi / 72
    b = round(face.bleed * s)
    cut = png.cut_line(face)
    if cut is not None:
        img = raster.cut_out(img, cut, s, b)
    else:
        img = img.convert("RGBA")
    return img.crop((b, b, img.width - b, img.height - b))


def _ground(w, h):
    from PIL import Image
    top, bottom = GROUND
    col = Image.new("RGB", (1, h))
    for y in range(h):
        t = y / max(1, h - 1)
        col.putpixel((0, y), tuple(round(a + (b - a) * t) for a, b in zip(top, bottom)))
    return col.resize((w, h)).convert("RGBA")


def _shadow(card, blur):
    """A soft shadow of the card's shape (its alpha), as an RGBA image with room for the blur."""
    from PIL import Image, ImageFilter
    pad = blur * 3
    sh = Image.new("RGBA", (card.width + 2 * pad, card.height + 2 * pad), (0, 0, 0, 0))
    alpha = card.getchannel("A").point(lambda a: a * 0.45)
    sh.paste((20, 16, 12, 255), (pad, pad), alpha)
    return sh.filter(ImageFilter.GaussianBlur(blur)), pad


def _reflection(card):
    from PIL import Image
    flipped = card.transpose(Image.FLIP_TOP_BOTTOM)
    h = max(1, round(card.height * REFLECT))
    flipped = flipped.crop((0, 0, card.width, h))
    fade = Image.new("L", (1, h))
    for y in range(h):
        fade.putpixel((0, y), round(255 * REFLECT * (1 - y / h) ** 1.6))
    alpha = Image.composite(flipped.getchannel("A"), Image.new("L", flipped.size, 0), fade.resize(flipped.size))
    flipped.putalpha(alpha)
    return flipped


def row(cards) -> object:
    """The row image of card images (RGBA, one size or several)."""
    w = max(c.width for c in cards)
    h = max(c.height for c in cards)
    gap, margin = round(GAP * w), round(0.4 * w)
    width = sum(c.width for c in cards) + gap * (len(cards) - 1) + 2 * margin
    floor = margin // 2 + h
    height = floor + round(h * REFLECT) + margin // 2
    img = _ground(width, height)
    x = margin
    blur = max(2, round(w * 0.03))
    for c in cards:
        top = floor - c.height
        sh, pad = _shadow(c, blur)
        img.alpha_composite(sh, (x - pad + blur, top - pad + blur))
        img.alpha_composite(_reflection(c), (x, floor + max(1, h // 200)))
        img.alpha_composite(c, (x, top))
        x += c.width + gap
    return img.convert("RGB")


def hand(cards) -> object:
    """The cards fanned round a pivot below them, the first on the left, as a hand is held."""
    from PIL import Image
    w = max(c.width for c in cards)
    h = max(c.height for c in cards)
    n = len(cards)
    radius = PIVOT * h
    angles = [FAN * (i - (n - 1) / 2) for i in range(n)]
    blur = max(2, round(w * 0.03))
    placed = []
    for c, a in zip(cards, angles):
        big = Image.new("RGBA", (c.width + 8 * blur, c.height + 8 * blur), (0, 0, 0, 0))
        sh, pad = _shadow(c, blur)
        big.alpha_composite(sh, (4 * blur - pad + blur, 4 * blur - pad + blur))
        big.alpha_composite(c, (4 * blur, 4 * blur))
        rot = big.rotate(-a, resample=Image.BICUBIC, expand=True)
        t = math.radians(a)
        cx, cy = radius * math.sin(t), -radius * math.cos(t) + radius   # the card centre, from the top card's
        placed.append((rot, cx, cy))
    xs = [cx - r.width / 2 for r, cx, _cy in placed] + [cx + r.width / 2 for r, cx, _cy in placed]
    ys = [cy - r.height / 2 for r, _cx, cy in placed] + [cy + r.height / 2 for r, _cx, cy in placed]
    margin = round(0.3 * w)
    x0, y0 = min(xs) - margin, min(ys) - margin
    img = _ground(round(max(xs) - x0 + margin), round(max(ys) - y0 + margin))
    for r, cx, cy in placed:
        img.alpha_composite(r, (round(cx - r.width / 2 - x0), round(cy - r.height / 2 - y0)))
    return img.convert("RGB")


def showcase(project, game_id, ids, lang, dpi, out: Path, fan: bool = False) -> list[Path]:
    """Write the row (and with `fan` the hand) image of GAME; returns the paths written."""
    col = collect(project, game_id, lang)
    chosen = pick(col, list(ids or ()))
    for c in chosen:
        preview._too_big(col, f"card `{c.id}`", *preview._px(c.front, dpi), dpi, "")
    images = preview._images(col, [c.front for c in chosen], dpi)
    cards = [_cut(images[c.front], c.front, dpi) for c in chosen]
    total = sum(c.width for c in cards) * 1.5 * max(c.height for c in cards) * 1.6
    if total > preview.MAX_PIXELS:
        most = int(dpi * (preview.MAX_PIXELS / total) ** 0.5)
        raise Problems([Problem(col.game.pos, f"a showcase of {len(cards)} cards at {dpi} dpi is more than "
                                f"{preview.MAX_PIXELS // 1_000_000} megapixels", f"use --dpi {max(1, most)} or less")])
    where = out / game_id / "showcase"
    base = f"{safe_name(game_id)}.{col.lang}"
    paths = [preview._write(row(cards), where / f"{base}.row.png", dpi)]
    if fan:
        paths.append(preview._write(hand(cards), where / f"{base}.hand.png", dpi))
    return paths
