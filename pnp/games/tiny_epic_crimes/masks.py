"""Tiny Epic Crimes: the hole masks, read from the same layouts the build draws.

Every suspect back shows each of the ten evidence icons equally often (slots + decoys); window k of the
evidence envelopes lies over slot k with room for the card to shift by `data.envelope.tolerance` mm in
any direction and still show all of slot k and nothing else (no decoy, no other slot, not the arrow);
windows do not overlap; the arrow notch shows the whole arrow and nothing else; the murderer envelope
has no window; the pocket gives the card room to slide in (`data.envelope.play`), and the card rests on
the bottom fold against the spine, where `card_at` lies; a card anywhere else in the pocket may cut its
own icon but shows no other evidence icon.
"""
from __future__ import annotations

import itertools
from collections import Counter

from pnp.rules import api
from pnp.rules.api import error, warning

GAME = "tiny-epic-crimes"
BACK, ENVELOPE = f"{GAME}/suspect-back", f"{GAME}/envelope"
Rect = tuple  # (x, y, w, h) in mm
PLAY_MIN = 1.5  # mm of play the pocket gives a card (issue 13: it must slide in without catching)


def _pos(game, key):
    env = game.meta.get("data", {}).get("envelope")
    return env.at(key) if hasattr(env, "at") else game.pos


# ---- geometry helpers ----------------------------------------------------------------------------
def grow(r: Rect, d: float) -> Rect:
    return (r[0] - d, r[1] - d, r[2] + 2 * d, r[3] + 2 * d)


def overlaps(a: Rect, b: Rect) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def contains(outer: Rect, inner: Rect, eps=1e-6) -> bool:
    return (outer[0] <= inner[0] + eps and outer[1] <= inner[1] + eps and
            inner[0] + inner[2] <= outer[0] + outer[2] + eps and inner[1] + inner[3] <= outer[1] + outer[3] + eps)


def distance(a: Rect, b: Rect) -> float:
    dx = max(b[0] - (a[0] + a[2]), a[0] - (b[0] + b[2]), 0.0)
    dy = max(b[1] - (a[1] + a[3]), a[1] - (b[1] + b[3]), 0.0)
    return max(dx, dy) if (dx == 0 or dy == 0) else (dx * dx + dy * dy) ** 0.5


class Masks:
    """The printed geometry of the suspect backs and the envelopes, in mm (card coordinates for masks)."""

    def __init__(self, game, lang=None):
        self._t, self._u = api, api
        self.game = game
        self.layouts = api.layouts(game)
        self.ctx = api.context(game, lang or game.languages[0])
        self.back = self.layouts.get(BACK, game.pos)
        self.env = self.layouts.get(ENVELOPE, game.pos)
        self.g_back = self.layouts.geometry(BACK)
        self.g_env = self.layouts.geometry(ENVELOPE)
        self.types = list(game.data["types"])

    def _ctx(self, comp, index):
        c = self.ctx.face(comp, index)
        c["geometry"] = self.layouts.geometry
        return c

    def value(self, layout, el, key, ctx, kind="len"):
        raw = layout.element(el).attrs.get(key)
        if self._t.is_template(raw):
            raw = self._t.render(raw, ctx)
        if kind == "len":
            return self._u.mm(self._u.length(raw))
        return raw

    def rect(self, layout, el, ctx) -> Rect:
        return tuple(self.value(layout, el, k, ctx) for k in ("x", "y", "w", "h"))

    def shown(self, layout, el, ctx) -> bool:
        when = layout.element(el).attrs.get("when", True)
        return bool(self._t.evaluate(when, ctx)) if isinstance(when, str) else bool(when)

    def card(self, comp, index):
        """Ink boxes of one suspect back: {'slots': {type: (rect, icon)}, 'decoys': [(rect, icon)], 'arrow': rect}."""
        with self._t.deadline():   # one timer for the face's templates, as the build arms it
            return self._card(comp, index)

    def _card(self, comp, index):
        ctx = self._ctx(comp, index)
        slots = {t: (self.rect(self.back, f"slot_{t}", ctx), self.value(self.back, f"slot_{t}", "name", ctx, "str"))
                 for t in self.types}
        v = {k: self.value(self.back, "decoys", k, ctx, kind) for k, kind in
             (("x", "len"), ("y", "len"), ("w", "len"), ("h", "len"), ("size", "len"), ("clearance", "len"),
              ("cols", "num"), ("rows", "num"), ("each", "num"), ("pool", "str"), ("shown", "str"),
              ("avoid", "str"), ("seed", "str"))}
        plan = api.icon_field.plan(v["x"], v["y"], v["w"], v["h"], float(v["cols"]), float(v["rows"]), v["size"],
                               api.icon_field.parse_pool(v["pool"]), float(v["each"]),
                               [n for n, _c in api.icon_field.parse_pool(v["shown"])],
                               api.icon_field.parse_rects(v["avoid"]), v["clearance"], v["seed"])
        decoys = [((x, y, v["size"], v["size"]), name) for x, y, name, _c in plan]
        return {"slots": slots, "decoys": decoys, "arrow": self.rect(self.back, "arrow", {"data": {}})}

    def envelope(self, comp, index):
        """Window and notch of one envelope, in card coordinates (the card at `card_at`)."""
        with self._t.deadline():
            return self._envelope(comp, index)

    def _envelope(self, comp, index):
        ctx = self._ctx(comp, index)
        ca = self.g_env["card_at"]
        to_card = lambda r: (r[0] - ca["x"], r[1] - ca["y"], r[2], r[3])  # noqa: E731
        window = to_card(self.rect(self.env, "window", ctx)) if self.shown(self.env, "window", ctx) else None
        notch = to_card(self.rect(self.env, "notch", ctx))
        return {"window": window, "notch": notch}


def _mask_checks(game):
    comps = game.components
    if "suspects" not in comps or "envelopes" not in comps:
        return
    try:
        m = Masks(game)
    except Exception as e:  # a layout that does not load is reported by the build with its position
        yield warning(game.pos, f"the hole masks could not be checked ({e})", check="masks")
        return
    env = game.data.get("envelope", {})
    tol = float(env.get("tolerance", 1.5))
    suspects, envelopes = comps["suspects"], comps["envelopes"]
    slot_pos = lambda t: m.back.element(f"slot_{t}").pos  # noqa: E731
    # the pocket: inner size = card + play; a card anywhere in it lies within the tolerance of `card_at`
    ge = m.g_env
    try:
        inner = (ge["fold_flap"]["x"], ge["fold_flap"]["y"], ge["fold_side"]["x"] - ge["fold_flap"]["x"],
                 ge["fold_bottom"]["y"] - ge["fold_flap"]["y"])
        ca = ge["card_at"]
        at = (float(ca["x"]), float(ca["y"]), float(ca["w"]), float(ca["h"]))
    except (KeyError, TypeError, ValueError):
        yield error(m.env.pos, "the envelope's fold lines and `card_at` must be plain numbers: the rules measure the "
                    "pocket from them", check="masks")
        return
    cw, ch = m.g_back["w"], m.g_back["h"]
    want = float(env.get("play", PLAY_MIN))
    rest = float(env.get("rest", 0))
    for axis, play in (("width", inner[2] - cw), ("height", inner[3] - ch)):
        if play < PLAY_MIN - 1e-9:
            yield error(m.env.element("fold_side").pos, f"the envelope pocket {axis} leaves {play:.2f} mm of play for "
                        f"the card; it must be at least {PLAY_MIN} mm (the card slides in easily)", check="masks")
        elif abs(play - want) > 0.05:
            yield error(_pos(game, "play"), f"data.envelope.play says {want} mm but the pocket {axis} leaves "
                        f"{play:.2f} mm — the assembly sheet prints data.envelope.play", check="masks")
    # the card rests on the bottom fold and against the spine (fold_side): `card_at` lies there, `rest` mm
    # off each fold, whatever the play; the other two sides are free room
    gaps = (at[0] - inner[0], at[1] - inner[1], inner[0] + inner[2] - at[0] - at[2], inner[1] + inner[3] - at[1] - at[3])
    if (at[2], at[3]) != (cw, ch) or min(gaps) < -1e-6 or any(abs(g - rest) > 0.05 for g in gaps[2:]) or rest > tol:
        yield error(m.env.element("card_at").pos, f"`card_at` must be the card's size and rest on the bottom fold and "
                    f"against the spine, data.envelope.rest ({rest:g} mm, at most the {tol:g} mm tolerance) off each "
                    f"(gaps {', '.join(f'{g:.2f}' for g in gaps)} mm)", check="masks")
    # a card anywhere in the pocket, printed off register by the tolerance: it lies up to gaps[0] left of
    # `card_at` and gaps[1] above it (and the rest right and below), so a window sees that much more of it
    loose = lambda w: (w[0] - gaps[2] - tol, w[1] - gaps[3] - tol, w[2] + gaps[0] + gaps[2] + 2 * tol,  # noqa: E731
                       w[3] + gaps[1] + gaps[3] + 2 * tol)
    # every back: equal icon counts; collect ink boxes
    cards = []
    for i, item in enumerate(suspects.items):
        try:
            c = m.card(suspects, i)
        except ValueError as e:
            yield error(item.pos, f"suspect back of `{item.id}`: {e}", item.id, "masks")
            continue
        icons = Counter([ic for _r, ic in c["slots"].values()] + [ic for _r, ic in c["decoys"]])
        pool = {game.data["icon"][v] for t in m.types for v in game.data["evidence"][t]}
        if set(icons) != pool or len(set(icons.values())) != 1:
            yield error(item.pos, f"the back of `{item.id}` shows the icons unevenly ({dict(sorted(icons.items()))}); "
                        f"each of the ten must appear equally often", item.id, "masks")
        cards.append((item, c))
    windows = {}
    for j, e_item in enumerate(envelopes.items):
        kind = e_item["type"]
        e = m.envelope(envelopes, j)
        if kind == "murderer":
            if e["window"] is not None:
                yield error(e_item.pos, "the murderer envelope must have no window", e_item.id, "masks")
        elif e["window"] is None:
            yield error(e_item.pos, f"envelope `{e_item.id}` has no window", e_item.id, "masks")
        else:
            windows[kind] = (e_item, e["window"])
        notch = e["notch"]
        for item, c in cards[:1]:
            if not contains(notch, grow(c["arrow"], tol)):
                yield error(m.env.element("notch").pos, f"the arrow notch of `{e_item.id}` does not show the whole arrow "
                            f"with the card shifted by {tol} mm", e_item.id, "masks")
        for item, c in cards:
            others = [r for r, _ic in c["slots"].values()] + [r for r, _ic in c["decoys"]]
            if any(overlaps(grow(notch, tol), r) for r in others):
                yield error(m.env.element("notch").pos, f"the arrow notch of `{e_item.id}` can show an evidence icon of "
                            f"`{item.id}` when the card shifts by {tol} mm", e_item.id, "masks")
                break
    for kind, (e_item, w) in windows.items():
        if kind not in m.types:
            continue
        for item, c in cards:
            slot = c["slots"][kind][0]
            if not contains(w, grow(slot, tol)):
                yield error(slot_pos(kind), f"window `{kind}` does not show all of slot `{kind}` when the card shifts by "
                            f"{tol} mm — raise data.envelope.margin to at least {tol} mm", e_item.id, "masks")
                break
            others = [r for t, (r, _ic) in c["slots"].items() if t != kind] + [r for r, _ic in c["decoys"]] + [c["arrow"]]
            hit = next((r for r in others if overlaps(grow(w, tol), r)), None)
            if hit:
                yield error(slot_pos(kind), f"window `{kind}` can show another icon of `{item.id}` (at {hit[0]:.1f}, "
                            f"{hit[1]:.1f} mm) when the card shifts by {tol} mm — move the slot away from its "
                            f"neighbours or lower data.envelope.margin", item.id, "masks")
                break
        for item, c in cards:   # not resting in its corner, a card may cut its own icon but never shows another
            w_ = windows[kind][1]
            ink = [r for t, (r, _ic) in c["slots"].items() if t != kind] + [r for r, _ic in c["decoys"]]
            if any(overlaps(loose(w_), r) for r in ink):
                yield error(slot_pos(kind), f"window `{kind}` can show another evidence icon of `{item.id}` when the "
                            f"card lies anywhere in the pocket, away from its corner — empty the cells around the "
                            f"slot or lower data.envelope.play", item.id, "masks")
                break
    for (ka, (_ea, wa)), (kb, (_eb, wb)) in itertools.combinations(windows.items(), 2):
        if overlaps(wa, wb):
            yield error(slot_pos(kb), f"the windows of `{ka}` and `{kb}` overlap — move one of the slots", check="masks")
    holes = [(f"window `{k}`", w) for k, (_e, w) in windows.items()] + [("the arrow notch", notch)]
    yield from _wrong_way(game, m, cards, holes, tol)


def _wrong_way(game, m, cards, holes, tol):
    """A card slid in the wrong way round shows nothing readable: upside down, the holes fall on empty
    parts of the back; front to the window (either way up), they miss the name and the number."""
    cw, ch = m.g_back["w"], m.g_back["h"]
    rot = lambda r: (cw - r[0] - r[2], ch - r[1] - r[3], r[2], r[3])  # noqa: E731
    for what, hole in holes:
        view = grow(rot(hole), tol)
        for item, c in cards:
            ink = [(f"slot `{t}`", r) for t, (r, _ic) in c["slots"].items()] + \
                  [("a decoy", r) for r, _ic in c["decoys"]] + [("the arrow", c["arrow"])]
            hit = next((n for n, r in ink if overlaps(view, r)), None)
            if hit:
                yield error(m.back.element("decoys").pos, f"{what}: a card slid in upside down shows {hit} of "
                            f"`{item.id}` — keep the cell a half turn away from every slot (and the bottom band "
                            f"under the notch) empty", item.id, "masks")
                break
    suspects = game.components["suspects"]
    front = m.layouts.get(suspects.front, suspects.pos)
    ctx = m._ctx(suspects, 0)
    for el in front.elements:
        text = el.attrs.get("text")
        src = " ".join(map(str, text.values())) if isinstance(text, dict) else str(text or "")
        if "card.name" not in src and "card.id" not in src:
            continue
        box = m.rect(front, el.name, ctx)
        for what, hole in holes:
            views = {"front to the window": (cw - hole[0] - hole[2], hole[1], hole[2], hole[3]),
                     "front to the window, upside down": (hole[0], ch - hole[1] - hole[3], hole[2], hole[3])}
            bad = [k for k, v in views.items() if overlaps(grow(v, tol), box)]
            if bad:
                yield error(el.pos, f"`{el.name}` on the suspect front (it names the suspect) shows through {what} "
                            f"when a card is slid in {bad[0]} — move it where no hole reaches", check="masks")


def clearances(game):
    """The smallest gap (mm) between a window grown by the tolerance and any other icon, over all cards."""
    m = Masks(game)
    tol = float(game.data["envelope"]["tolerance"])
    comps = game.components
    best = float("inf")
    wins = {}
    for j, it in enumerate(comps["envelopes"].items):
        e = m.envelope(comps["envelopes"], j)
        if e["window"] is not None:
            wins[it["type"]] = e["window"]
    for i in range(len(comps["suspects"].items)):
        c = m.card(comps["suspects"], i)
        for kind, w in wins.items():
            others = [r for t, (r, _ic) in c["slots"].items() if t != kind] + [r for r, _ic in c["decoys"]] + [c["arrow"]]
            best = min(best, min(distance(grow(w, tol), r) for r in others))
    return best


