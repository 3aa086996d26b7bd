"""`pnp export GAME --to printshop`: card images the way print shops ask for them.

A profile lists a shop's card products by trim size, and for each the full image size in pixels
(trim plus the shop's bleed) at the shop's resolution. A deck goes to the product whose trim is
within 2.5 mm of the card's; the face is scaled so the card's trim covers the product's trim exactly,
centred, and the bleed area is filled from the face's own bleed (its outermost pixels extended where
the shop asks for more bleed than the layout has).

Per deck: `fronts/NN-<card-id>.png` (one file per physical card, in deck order, so the upload's
card count is the deck's) and `back.png` when all cards share a back, else `backs/NN-<card-id>.png`.
Every image is RGB (no alpha), with its DPI recorded. Each shop folder has a README.txt.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.export import distinct, faces_pdf, raster, safe_name
from pnp.core.units import MM

IN = 25.4


@dataclass(frozen=True)
class Product:
    name: str
    trim_in: tuple      # trimmed card, inches
    px: tuple           # full image with bleed, pixels


@dataclass(frozen=True)
class Profile:
    id: str
    shop: str
    dpi: int
    products: tuple
    readme: str


TGC = Profile("thegamecrafter", "The Game Crafter", 300, (
    Product("poker deck", (2.5, 3.5), (825, 1125)),
    Product("bridge deck", (2.25, 3.5), (750, 1125)),
    Product("mini deck", (1.75, 2.5), (600, 825)),
    Product("tarot deck", (2.75, 4.75), (900, 1500)),
    Product("square deck", (3.5, 3.5), (1125, 1125)),
), """The Game Crafter — {title} ({lang})

One folder per deck; the list at the end names the product each deck is for.

1. In your game on thegamecrafter.com, add the component (e.g. "Poker Deck").
2. Set the back: upload `back.png` as the deck's card back. If the deck has a `backs/` folder instead,
   each card has its own back: choose a double-sided/unique-back deck and pair the files by number.
3. Add the faces: upload every file in `fronts/` at once (bulk upload). The files are numbered in
   deck order; a card printed several times has one file per copy, so the deck's count is right.
4. Check the proofs: the blue line is the cut; everything outside it is bleed and will be trimmed.

Images are RGB PNG at 300 dpi with 1/8 in (3.2 mm) bleed on each side ({sizes}).
""")

MPC = Profile("makeplayingcards", "MakePlayingCards", 300, (
    Product("poker size (63 x 88 mm)", (2.5, 3.5), (822, 1122)),
), """MakePlayingCards — {title} ({lang})

One folder per deck; the list at the end names the product each deck is for.

1. On makeplayingcards.com choose Playing Cards → Poker size, the card stock, and the number of cards
   (the number of files in `fronts/`; round up to the next size MPC offers and fill with duplicates).
2. Front design: choose "different images", upload every file in `fronts/` (numbered in deck order),
   and check each preview fits the red bleed line.
3. Back design: "same image" and upload `back.png`; or, when the deck has a `backs/` folder,
   "different images" and upload those files in the same order as the fronts.

Images are RGB PNG at 300 dpi: {sizes} (the trimmed card plus about 3 mm bleed on each side).
""")

PROFILES = {p.id: p for p in (TGC, MPC)}
SHOP_ALIASES = {"tgc": "thegamecrafter", "mpc": "makeplayingcards"}


def product_for(profile: Profile, w_pt: float, h_pt: float):
    """The product whose trim is within 2.5 mm of the card's (w, h in points), or None."""
    w, h = w_pt / MM, h_pt / MM
    best = None
    for p in profile.products:
        pw, ph = p.trim_in[0] * IN, p.trim_in[1] * IN
        d = max(abs(pw - w), abs(ph - h))
        if d <= 2.5 and (best is None or d < best[0]):
            best = (d, p)
    return best[1] if best else None


def export(col, target: Path, shops=("thegamecrafter", "makeplayingcards")) -> dict:
    """Write one folder per shop and deck under target; returns {shop: {deck: product or reason}}."""
    plan = []
    report: dict = {}
    for shop in shops:
        prof = PROFILES[shop]
        rep = report.setdefault(shop, {})
        for deck in col.decks:
            w, h = deck.trim
            prod = product_for(prof, w, h)
            if deck.kind != "deck":
                rep[deck.id] = f"skipped: kind `{deck.kind}`; only decks of cards go to print shops"
                continue
            if prod is None:
                rep[deck.id] = (f"skipped: {w / MM:.0f} x {h / MM:.0f} mm matches no {prof.shop} product "
                                f"({', '.join(p.name for p in prof.products)}); use `--to png`")
                continue
            rep[deck.id] = f"{prod.name}, {prod.px[0]} x {prod.px[1]} px"
            plan.append((prof, prod, deck))
    faces = [c.front for _p, _q, d in plan for c in d.cards] + [c.back for _p, _q, d in plan for c in d.cards]
    order, index = distinct(faces)
    if not order:
        return report
    pdf = faces_pdf(order, col.fonts.name("sans"))
    jobs = []
    for prof, prod, deck in plan:
        base = target / prof.id / safe_name(deck.id)
        (base / "fronts").mkdir(parents=True, exist_ok=True)
        trim_px = (prod.trim_in[0] * prof.dpi, prod.trim_in[1] * prof.dpi)
        width = len(str(len(deck.cards)))

        def job(face, path):
            scale = max(trim_px[0] / face.w, trim_px[1] / face.h)  # the card's trim covers the product's
            return raster.Job(index[face], scale, bleed=True, out=str(path), dpi=prof.dpi, canvas=prod.px)
        shared = deck.shared_back()
        for n, card in enumerate(deck.cards, 1):
            stem = f"{n:0{max(2, width)}d}-{safe_name(card.id)}.png"
            jobs.append(job(card.front, base / "fronts" / stem))
            if card.back is not None and shared is None:
                (base / "backs").mkdir(exist_ok=True)
                jobs.append(job(card.back, base / "backs" / stem))
        if shared is not None:
            jobs.append(job(shared, base / "back.png"))
    raster.run(pdf, [f.bleed for f in order], jobs)
    for shop in shops:
        prof = PROFILES[shop]
        if (target / prof.id).is_dir():
            sizes = ", ".join(sorted({f"{q.name} {q.px[0]} x {q.px[1]} px" for p, q, _d in plan if p is prof}))
            lines = [prof.readme.format(title=col.game.meta.get("id"), lang=col.lang, sizes=sizes)]
            lines.append("Decks:")
            for deck_id, what in report[shop].items():
                lines.append(f"  {deck_id}: {what}")
            (target / prof.id / "README.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return report
