"""The `greyscale` rule: what colour tells apart must stay apart on a black-and-white printer.

A colour tells pieces apart when the same shape (a fill covering KEY_AREA of the face, equal once
colours are ignored: pnp.lint.sets) is filled with one colour on some faces of a component and with
another on others. Printed in black and white (colour.grey: Rec. 601 luma) the two must be at least
GREY_MIN grey levels apart, unless a symbol tells the same faces apart: something drawn (equal once
colours are ignored) on every face of one colour and on no face of the other.

The two sides of one piece count too: the same shape at the same place inside the trim on its front
and its back, in two colours, is how a window, a slot or a flip shows which side is up — and there a
symbol elsewhere on the face does not show, so only the grey can tell them apart.

Colours that print alike are grouped (one finding per component and group, at the palette entry of
the first named colour), naming each colour's grey. As for `colour-only`, a colour that tells pieces
apart is a palette colour: a group with none (a portrait's hair and skin, tints computed in data) is
decoration and not judged.
"""
from __future__ import annotations

from pnp.lint import GREY_MIN, SLIVER_DELTA_E, colour


class GreyLint:
    def __init__(self):
        self.seen: dict = {}      # (component, side) → {(shape, fill): [first card, marks on all, marks on any]}
        self.turned: dict = {}    # component → {(fill, fill): card}: one shape, two colours on two sides

    def observe(self, cid, side, card, shaped, marks, front_shaped=None):
        seen = self.seen.setdefault((cid, side), {})
        for shape, fill, _inner in shaped:
            got = seen.get((shape, fill))
            if got is None:
                seen[shape, fill] = [card, set(marks), set(marks)]
            else:
                got[1] &= marks
                got[2] |= marks
        if front_shaped:
            ahead = {shape: fill for shape, fill, inner in front_shaped if inner}
            for shape, fill, inner in shaped:
                if inner and shape in ahead and ahead[shape] != fill:
                    self.turned.setdefault(cid, {}).setdefault(tuple(sorted((ahead[shape], fill))), card)

    def _alike(self):
        """(component, a, b) → where: colours that tell faces apart and print alike."""
        out: dict = {}
        for (cid, side), seen in self.seen.items():
            by_shape: dict = {}
            for (shape, fill), rec in seen.items():
                by_shape.setdefault(shape, []).append((fill, rec))
            for fills in by_shape.values():
                fills.sort(key=lambda fr: fr[0])
                for i, (a, ra) in enumerate(fills):
                    for b, rb in fills[i + 1:]:
                        if not _close(a, b):
                            continue
                        if (ra[1] - rb[2]) or (rb[1] - ra[2]):
                            continue      # a symbol on every face of one colour and none of the other
                        out.setdefault((cid, a, b), f"on the {side}s of `{ra[0]}` and `{rb[0]}`{{more}} (component "
                                                    f"`{cid}`), and no symbol tells those {side}s apart")
        for cid, turned in self.turned.items():
            for (a, b), card in sorted(turned.items()):
                if _close(a, b):
                    out.setdefault((cid, a, b), f"at one place on the front and the back of `{card}`{{more}} "
                                                f"(component `{cid}`): where it shows alone (a window, a slot) "
                                                f"only its colour tells the sides apart")
        return out

    def findings(self, cfg, game, comps) -> list:
        groups: dict = {}      # component → [(colours, wheres)]
        for (cid, a, b), where in sorted(self._alike().items()):
            mine = groups.setdefault(cid, [])
            hit = [g for g in mine if a in g[0] or b in g[0]]
            merged = (set().union(*(g[0] for g in hit)) | {a, b}, [w for g in hit for w in g[1]] + [where])
            mine[:] = [g for g in mine if g not in hit] + [merged]
        palette = {v.lower(): k for k, v in game.palette.items()}
        out = []
        for cid, gs in groups.items():
            for cols, wheres in gs:
                if not any(c.lower() in palette for c in cols):
                    continue     # no palette colour among them: decoration (a portrait's hair), as for `colour-only`
                cols = sorted(cols, key=colour.grey)
                names = ", ".join((f"`{palette[c.lower()]}` {c}" if c.lower() in palette else c) +
                                  f" (grey {colour.grey(c)})" for c in cols)
                named = next((c for c in cols if c.lower() in palette), None)
                pos = game.meta["palette"].at(palette[named.lower()]) if named and "palette" in game.meta \
                    else comps[cid].pos
                more = f" (and {len(wheres) - 1} more)" if len(wheres) > 1 else ""
                out.append(cfg.finding(
                    "greyscale", pos, f"{names} fill the same shape {wheres[0].format(more=more)}, but a "
                    f"black-and-white printer prints them as greys under {GREY_MIN} levels apart (of 255) — make "
                    f"them differ in lightness, or add a symbol or pattern to the shape"))
        return [f for f in out if f is not None]


def _close(a: str, b: str) -> bool:
    return abs(colour.grey(a) - colour.grey(b)) < GREY_MIN and colour.delta_e(a, b) >= SLIVER_DELTA_E
