"""`pnp export GAME --to png`: every face as a PNG with its bleed, at 300 dpi by default.

Files: `<deck>/<card-id>.<front|back>.png` (RGBA, transparent outside the cut line, for round and
rounded pieces). A card printed in several copies is written once; when
copies differ (a template that uses `copy`), the later ones are `<card-id>~<n>.<face>.png`.
"""
from __future__ import annotations

from pathlib import Path

from pnp.export import distinct, faces_pdf, raster, safe_name
from pnp.core.units import MM

PT_PER_IN = 72.0


def face_files(decks):
    """(face, relative path) for each distinct face file to write, in deck order."""
    out, done = [], set()
    for deck in decks:
        by_card: dict = {}
        for card in deck.cards:
            for side, face in (("front", card.front), ("back", card.back)):
                if face is None:
                    continue
                known = by_card.setdefault((card.id, side), [])
                if face in known:
                    continue
                known.append(face)
                n = len(known)
                name = safe_name(card.id) + (f"~{n}" if n > 1 else "") + f".{side}.png"
                rel = f"{safe_name(deck.id)}/{name}"
                if rel not in done:
                    done.add(rel)
                    out.append((face, rel))
    return out


def cut_line(face):
    """(shape, radius) of a piece that is not cut as a rectangle (tokens, rounded tiles), else None:
    its PNG is transparent outside the cut line."""
    if face.shape == "circle":
        return ("circle", 0.0)
    if face.shape == "rounded":
        return ("rounded", face.radius or 3 * MM)
    return None


def export(col, target: Path, dpi: float = 300.0) -> dict:
    files = face_files(col.decks)
    order, index = distinct(f for f, _ in files)
    pdf = faces_pdf(order, col.fonts.name("sans"))
    jobs = []
    for face, rel in files:
        path = target / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        jobs.append(raster.Job(index[face], dpi / PT_PER_IN, bleed=True, out=str(path), dpi=dpi, cut=cut_line(face)))
    results = raster.run(pdf, [f.bleed for f in order], jobs)
    return {"files": len(jobs), "sizes": sorted({r[0] for r in results}),
            "size_mm": sorted({(round((f.w + 2 * f.bleed) / MM, 1), round((f.h + 2 * f.bleed) / MM, 1)) for f, _ in files})}
