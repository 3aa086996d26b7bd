"""The `colour-only` and `greyscale` rules over the faces of one component (a set of pieces), and the
set part of `secret-backs` (pnp.lint.secret).

1. Two faces that are the same once every colour is ignored differ only by colour: a player who
   cannot tell those colours apart (or prints in black and white) cannot tell the pieces apart.
2. Fill colours that tell the faces of a component apart (a large fill on some faces and not on
   others) must stay apart under protanopia, deuteranopia and tritanopia (Machado 2009): CIEDE2000
   at least DELTA_E_MIN between each pair as a dichromat sees them.
3. greyscale: pnp.lint.grey, fed from here.
"""
from __future__ import annotations

from itertools import combinations

from pnp.core.pieces import Run, Shape, Stencil
from pnp.core.units import MM
from pnp.lint import DELTA_E_MIN, colour, geometry, grey, secret

KEY_AREA = 0.03        # a fill covering this share of a face (by its box) can tell faces apart
DEFICIENCIES = ("protanopia", "deuteranopia", "tritanopia")


def _colourless(p):
    """What a piece is without its colours: equal for two pieces exactly when they are equal once every
    colour is the same (a tuple of the other fields: cheaper than a changed copy of the piece)."""
    if isinstance(p, Shape):
        return (Shape, p.ops, "X" if p.fill else None, "X" if p.stroke else None, p.width, p.dash, p.role,
                p.opacity, p.join, p.transform)
    if isinstance(p, Run):
        return (Run, p.x, p.y, p.text, p.font, p.size, p.bold, p.transform, p.italic)
    if isinstance(p, Stencil):
        return (Stencil, p.x, p.y, p.w, p.h, p.rows, p.transform)
    return p


def _fills(face) -> tuple:
    """(key fill colours, (colourless shape, fill) of each of them): the large opaque fills of a face."""
    area = max(face.w * face.h, 1e-9)
    out, shaped = set(), set()
    ink = geometry.boxes(face.pieces)
    for p, b in zip(face.pieces, ink):
        if isinstance(p, Shape) and p.opacity >= 1:
            f = geometry.fill(p)
            if not f:
                continue
            if geometry.stroke(p):
                b = geometry.box(p, strokes=False)   # without strokes (the ink box has them)
            if b and (min(b[2], face.w) - max(b[0], 0)) * (min(b[3], face.h) - max(b[1], 0)) >= KEY_AREA * area:
                out.add(f)
                inner = b[0] >= 0 and b[1] >= 0 and b[2] <= face.w and b[3] <= face.h
                shaped.add((hash(_colourless(p)), f, inner))
    return frozenset(out), frozenset(shaped)


def butted(comp) -> bool:
    """Whether the build prints the component's pieces edge to edge (pnp.pipeline.build._plan's defaults)."""
    if comp.kind == "board":
        return False
    try:
        return float(comp.options.get("gap_mm", 0 if comp.kind == "deck" else 4)) == 0
    except (TypeError, ValueError):
        return False


def free_gap(comp, w, h, bleed) -> float:
    """The widest gap (mm, at most twice the bleed, at least 1 mm) between pieces that costs no piece
    per sheet on A4 nor on US Letter; 0 when every gap costs some."""
    from pnp import impose
    outline = comp.options.get("cut", "marks" if comp.kind == "deck" else "outline") == "outline"
    reserve = bleed + (0 if outline else impose.MARK_GAP + impose.MARK_LEN)
    reserve = max(reserve, impose.MARGIN) if outline else reserve

    def per_page(gap):
        n = []
        for pw, ph in (impose.PAPERS[k] for k in impose.HOME_PAPERS):
            g = impose.grid_for(pw, ph, w, h, bleed, gap, reserve)
            n.append(g.per_page if g else 0)
        return n
    butted = per_page(0.0)
    for gap_mm in (6, 5, 4, 3, 2.5, 2, 1.5, 1):
        if gap_mm * MM <= 2 * bleed + 1e-6 and per_page(gap_mm * MM) == butted:
            return gap_mm
    return 0.0


def edge_colours(face) -> set:
    """The colours along the four trim edges (sampled just inside), paper where nothing is painted."""
    inset = 0.3 * MM
    out = set()
    items = geometry.paints(face.pieces, geometry.boxes(face.pieces))
    for k in (0.2, 0.5, 0.8):
        for x, y in ((inset, k * face.h), (face.w - inset, k * face.h), (k * face.w, inset), (k * face.w, face.h - inset)):
            c = geometry.colour_at(items, x, y)
            if c is not None:
                out.add(c)
    return out


_RECORDS: dict = {}   # id(face) → (face, record) made ahead (by the worker that resolved the face)


def record(face, edges: bool, keep: bool = False) -> tuple:
    """What the set rules keep of a face: hashes without and with colours, key fills and their shapes, edge colours (when
    `edges`). Workers make it beside the face (`remember`); the same hash seed holds in forked workers.
    keep: remember it for the next build (a warm session reuses unchanged faces, the same objects)."""
    hit = _RECORDS.get(id(face)) if keep else _RECORDS.pop(id(face), None)
    if hit is not None and hit[0] is face and (hit[1][4] is not None or not edges):   # [4]: the edge colours
        return hit[1]
    plain = tuple(hash(_colourless(p)) for p in face.pieces)   # each piece hashed once: the face's hash and its marks
    rec = (hash(plain), hash(face.pieces), *_fills(face), edge_colours(face) if edges else None, frozenset(plain))
    if keep:
        remember(face, rec)
    return rec


def remember(face, rec) -> None:
    _RECORDS[id(face)] = (face, rec)
    if len(_RECORDS) > 50_000:      # records of faces never observed (a build that stopped): forget them
        _RECORDS.clear()


class SetLint:
    """Watches the faces of each component go by (`observe`) and judges them at the end (`findings`)."""

    def __init__(self, cfg, game, keep: bool = False):
        self.cfg, self.game, self.keep = cfg, game, keep
        self.seen: dict = {}      # (component id, side) → [(card id, pos, colourless hash, hash, fills)]
        self.comps: dict = {}
        self.edges: dict = {}     # (component id, side) → {edge colour: first card}
        self.sizes: dict = {}     # component id → (w, h, bleed) of its faces
        self.grey = grey.GreyLint()
        self.show = secret.ShowThrough()

    def observe(self, comp, pairs):
        if not any(self.cfg.on(r) for r in ("colour-only", "greyscale", "secret-backs")):
            yield from pairs
            return
        self.comps[comp.id] = comp
        items = {i.id: i for i in comp.items}
        edges = self.cfg.on("bleed") and butted(comp)
        shows = comp.secret is not None and self.cfg.on("secret-backs")
        for front, back in pairs:
            if shows and front is not None:
                self.show.observe(comp, front.name.split("/")[-1].rsplit(".", 1)[0], front, back)
            for side, face in (("front", front), ("back", back)):
                if face is None:
                    continue
                plain, full, fills, shaped, edge, marks = record(face, edges, self.keep)
                if edges:
                    seen = self.edges.setdefault((comp.id, side), {})
                    self.sizes[comp.id] = (face.w, face.h, face.bleed)
                    for c in edge:
                        seen.setdefault(c, face.name)
                card = face.name.split("/")[-1].rsplit(".", 1)[0] if face.name else "?"
                self.grey.observe(comp.id, side, card, shaped, marks,
                                  record(front, edges, self.keep)[3] if side == "back" and front is not None else None)
                item = items.get(card)
                self.seen.setdefault((comp.id, side), []).append((card, item.pos if item else comp.pos, plain, full, fills,
                                                                  shaped))
            yield front, back

    def findings(self) -> list:
        out, close = [], {}
        for (cid, side), faces in self.seen.items():
            comp = self.comps[cid]
            if side == "back" and comp.secret is not None and self.cfg.on("secret-backs"):
                out += secret.backs_differ(self.cfg, comp, faces)
            if not self.cfg.on("colour-only"):
                continue
            out += self._only_colour(comp, side, faces)
            for key, value in self._close_colours(comp, side, faces):
                close.setdefault(key, []).append(value)
        for (cid, side), seen in self.edges.items():
            differ = sorted(seen)
            if any(colour.delta_e(a, b) >= DELTA_E_MIN for a, b in combinations(differ, 2)):
                comp = self.comps[cid]
                gap = free_gap(comp, *self.sizes[cid])
                if gap:
                    shown = ", ".join(differ[:4]) + (" …" if len(differ) > 4 else "")
                    out.append(self.cfg.finding(
                        "bleed", comp.pos, f"the {side}s of `{cid}` are printed butted (one cut between neighbours) "
                        f"but their edges differ in colour ({shown}): a cut a little off shows a sliver of the "
                        f"neighbour — give the component `options: {{gap_mm: {gap:g}}}`: each piece keeps its own "
                        f"bleed, and as many fit on a sheet of A4 and of US Letter"))
        if self.cfg.on("greyscale"):
            out += self.grey.findings(self.cfg, self.game, self.comps)
        if self.cfg.on("secret-backs"):
            out += self.show.findings(self.cfg, self.comps)
        for (cid, a, b), found in close.items():   # one finding per pair, for fronts and backs alike
            sides = " and ".join(sorted({side for side, *_r in found}, reverse=True))
            _side, pos, card, names, what = found[0]
            out.append(self.cfg.finding("colour-only", pos, f"{names[0]} and {names[1]} tell the {sides} of `{cid}` "
                                        f"apart but look alike ({what}, under {DELTA_E_MIN:g}) — change one of them "
                                        f"in lightness, or add a symbol that differs", card))
        return [f for f in out if f is not None]

    def _only_colour(self, comp, side, faces):
        groups: dict = {}
        for card, pos, plain, full, _f, _s in faces:
            groups.setdefault(plain, {}).setdefault(full, (card, pos))
        for variants in groups.values():
            if len(variants) < 2:
                continue
            cards = sorted(variants.values(), key=lambda cp: cp[1])
            names = ", ".join(f"`{c}`" for c, _p in cards[:6]) + (" …" if len(cards) > 6 else "")
            yield self.cfg.finding("colour-only", cards[0][1], f"the {side}s of {names} (component `{comp.id}`) differ "
                                   f"only by colour — add a symbol, letter, number or pattern that differs, so that "
                                   f"colour-blind players and black-and-white prints can tell them apart", cards[0][0])

    def _close_colours(self, comp, side, faces):
        sets = [f for *_x, f, _s in faces]
        if len(set(sets)) < 2:
            return
        common = frozenset.intersection(*sets)
        palette = {v.lower(): k for k, v in self.game.palette.items()}
        # only palette colours: named colours are the ones a designer uses to mean something
        keys = sorted(c for c in frozenset.union(*sets) - common if c.lower() in palette)
        for a, b in combinations(keys, 2):
            if not any(a in s and b not in s for s in sets) or not any(b in s and a not in s for s in sets):
                continue      # never both telling faces apart
            close = []
            for kind in DEFICIENCIES:
                d = colour.delta_e(colour.simulate(a, kind), colour.simulate(b, kind))
                if d < DELTA_E_MIN:
                    close.append(f"{kind} ΔE {d:.1f}")
            normal = colour.delta_e(a, b)
            if normal < DELTA_E_MIN:
                close.insert(0, f"normal vision ΔE {normal:.1f}")
            if not close:
                continue
            names = [f"`{palette[c.lower()]}` {c}" for c in (a, b)]
            pos = self.game.meta["palette"].at(palette[a.lower()]) if "palette" in self.game.meta else comp.pos
            card = next((c for c, _p, _x, _y, s, _z in faces if a in s), None)
            yield (comp.id, a, b), (side + "s", pos, card, names, "; ".join(close))
