"""The faces of one component, card by card in deck order: the layout each card chooses, copies that
share a face, and a warm session's cache of faces whose inputs did not change."""
from __future__ import annotations

from dataclasses import dataclass

from pnp.core.cache import digest
from pnp.core.pieces import Run
from pnp.layout.choice import Faces
from pnp.lint import geometry
from pnp.resolve import reuse
from pnp.resolve.face import Resolver


@dataclass(frozen=True)
class Kept:
    """A resolved pair of faces as a warm session or the face store keeps it: the faces, the findings
    resolving them reported, the print lint's ink boxes of each, and the fonts their text uses."""
    front: object
    back: object
    findings: frozenset
    front_ink: object
    back_ink: object
    fonts: frozenset


def faces(prep, lang: str, resolver: Resolver, comp, cache: dict | None = None, items=None):
    """(front, back) face pairs of one component, one per physical copy, in deck order.

    With a cache (a warm session, e.g. `pnp watch`), a face whose inputs did not change is reused:
    the key holds the layout, the card's translated data and fingerprints of what else the layout's
    templates read (pnp.resolve.reuse.Beyond).
    items: the indices of the cards to resolve (default: all; pnp.core.processes hands chunks to workers).
    """
    game = prep.game
    ctx_all = resolver.ctx
    chooser = Faces(prep, comp, resolver)
    reprs: dict = {}      # layout → a digest of its repr, for cache keys (once per layout, not per card)
    beyond: dict = {}     # (front, back) → fingerprints of what their templates read beyond the card
    seen = None
    if cache is not None:   # one per resolver: its fingerprints hold for every component
        seen = resolver.beyond = resolver.beyond or reuse.Beyond(prep, resolver)
    for i in range(len(comp.items)) if items is None else items:
        item = comp.items[i]
        front, back = chooser(item)
        if front is None:
            continue
        if cache is not None and (id(front), id(back)) not in beyond:
            beyond[id(front), id(back)] = seen((front, back))
        same = None   # copies of a card whose layouts do not read `copy` are the first copy's faces
        alike = item.copies > 1 and not any(reuse.reads(x, "copy", game) for x in (front, back) if x is not None)
        for copy in range(item.copies):
            if same is not None:
                yield same
                continue
            ctx = ctx_all.face(comp, i, copy)
            ctx["geometry"] = prep.layouts.geometry
            key = None
            if cache is not None:
                drawn_by = tuple(reprs.get(id(x)) or reprs.setdefault(id(x), digest(x)) for x in (front, back))
                key = digest((lang, drawn_by, ctx["card"], copy, beyond[id(front), id(back)]))
                hit = cache.get(key)
                if hit is not None:
                    prep.fonts.need(hit.fonts)
                    resolver.findings.update(hit.findings)
                    for face, ink in ((hit.front, hit.front_ink), (hit.back, hit.back_ink)):
                        if face is not None:   # the lint's measurements travel with the face
                            geometry.remember(face.pieces, ink)
                    if alike:
                        same = hit.front, hit.back
                    yield hit.front, hit.back
                    continue
                problems, before = len(resolver.problems), set(resolver.findings)
            pictured = resolver.pictured if key is None and copy == 0 else {}   # faces a rules booklet shows
            f = pictured.get((comp.id, i, "front")) or resolver.face(front, ctx, item.id, item.pos, f"{comp.id}/{item.id}.front")
            b = (pictured.get((comp.id, i, "back")) or resolver.face(back, ctx, item.id, item.pos, f"{comp.id}/{item.id}.back")
                 if back else None)
            if alike:
                same = f, b
            if key is not None and len(resolver.problems) == problems:
                cache[key] = Kept(f, b, resolver.findings - before, geometry.boxes(f.pieces),
                                  geometry.boxes(b.pieces) if b is not None else None,
                                  frozenset(p.font for face in (f, b) if face is not None for p in face.pieces
                                            if isinstance(p, Run)))
            yield f, b
