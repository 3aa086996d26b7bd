"""The print lint: what makes a print hard to read, cut or play, reported as rule findings.

Lint is a rule: its findings are `pnp.core.findings.Finding`s with `check="lint:<rule>"`, shown by
`pnp check` and every build with the other checks. Rules and their default level:

- `min-text-size`     text smaller than MIN_TEXT_PT after fitting (the size the fitter chose)
- `safe-area`         text or icons inside the layout's `safe` margin
- `out-of-bounds`     anything reaching outside the trim + bleed (the renderer would clip it): error
- `bleed`             a coloured fill that stops at the trim edge (no bleed beyond it), and pieces
                      printed butted whose edges differ in colour (they need a gap with bleed)
- `contrast`          text against the colour behind it below 4.5:1 (3:1 at ≥ 14 pt), WCAG 2
- `colour-only`       pieces of a set that differ only by colour; colours telling cards apart that
                      come closer than ΔE2000 10 under protanopia, deuteranopia or tritanopia
- `printable-margin`  crop marks or ink closer than 5 mm to the paper edge on an imposed page
- `stray-marks`       crop marks in line with no piece edge
- `text-breaks`       a glossary word, or a phrase of a box narrower than four characters, broken across
                      lines at every size the text may take (`typeset.py`)
- `zh-punctuation`    half-width `, : ; ? ! ( )` between CJK characters, a space after `。`, in the content
                      as written (`typeset.py`)
- `greyscale`         the same shape in two colours on pieces of a component (a large fill: what tells
                      them apart) printing as greys closer than GREY_MIN on a black-and-white printer
- `fit`               a piece declared to sit on a space (`sits_on:`) larger than the space, less its clearance
- `secret-backs`      on a `secret:` component: backs that differ, lines near the back's trim (a duplex
                      shift shows), dark front areas showing through a light back as a pattern that differs
- `ink-saver`         the contrast rule on the faces `--ink-saver` prints

game.yaml `lint: {contrast: error, safe-area: off}` sets a rule's level (off | warn | error);
`--strict` makes every warning an error.
"""
from __future__ import annotations

from pnp.core.findings import LEVELS, RULES, Finding, level_of  # noqa: F401  (the rules' names and levels)

MIN_TEXT_PT = 6.0
CONTRAST_MIN, CONTRAST_LARGE, LARGE_PT = 4.5, 3.0, 14.0
DELTA_E_MIN = 10.0           # CIEDE2000: below this two type colours are easily confused
PRINTABLE_MM = 5.0           # most home printers cannot print closer to the paper edge
TOLERANCE_MM = 0.05          # measurement slack (rounding of mm to points)
SLIVER_DELTA_E = 5.0         # a fill this different from white paper shows as a sliver when a cut is off
GREY_MIN = 32                # grey levels (of 255, Rec. 601 luma) two colours need on a black-and-white print
SECRET_EDGE_MM = 6.0         # a line this close to a secret back's trim shows a 1-2 mm duplex shift …
SECRET_EDGE_SHARE = 0.25     # … or this share of a small piece's shorter side (a 14 mm token: 3.5 mm), where 6 mm
                             # would leave no room for the symbol a back needs
SHOW_DARK, SHOW_LIGHT = 0.2, 0.5   # WCAG luminance: front ink this dark shows through a back this light
SHOW_PITCH_MM = 4.0          # show-through is sampled on this grid …
SHOW_CELLS = 2               # … and fronts whose see-through patterns differ in this many cells are told apart
SHOW_TEXT_PT = 14.0          # text this large counts as a dark area (smaller text shows too faintly)


class Config:
    """The level of each lint rule for one game (game.yaml `lint:` over the defaults)."""

    def __init__(self, levels: dict | None = None, secret: dict | None = None):
        self.levels = dict(RULES)
        self.levels.update(levels or {})
        self.secret = secret or {}     # component id → its `secret:` (pnp.content.printing.Secret)

    @classmethod
    def of(cls, game) -> "Config":
        raw = game.meta.get("lint") if hasattr(game, "meta") and game.meta else None
        levels = {k: level_of(v) for k, v in (raw or {}).items()}
        secret = {c.id: c.secret for c in getattr(game, "components", {}).values() if getattr(c, "secret", None)}
        return cls({k: v for k, v in levels.items() if k in RULES and v in LEVELS}, secret)

    def secret_back(self, face_name: str):
        """The `secret:` of the component whose back `face_name` (`<component>/<card>.back`) is, or None."""
        if not self.secret or not face_name or not face_name.endswith(".back"):
            return None
        return self.secret.get(face_name.split("/", 1)[0])

    def kept_as_printed(self, face_name: str) -> bool:
        """Whether the ink saver prints this face unchanged: a `secret:` component's back, and its front
        too with `keep_fronts: true`."""
        if not self.secret or not face_name or "/" not in face_name:
            return False
        s = self.secret.get(face_name.split("/", 1)[0])
        return s is not None and (face_name.endswith(".back") or s.keep_fronts)

    def on(self, rule: str) -> bool:
        return self.levels.get(rule, "off") != "off"

    def finding(self, rule: str, pos, message: str, card: str | None = None, measure: float | None = None):
        """A finding at the rule's level (None when the rule is off). `measure` ranks findings of one
        element on many cards (lower = worse) so that `collapse` keeps the worst."""
        level = self.levels.get(rule, "off")
        if level == "off":
            return None
        return Finding("error" if level == "error" else "warning", pos, message, card, f"lint:{rule}", measure)


def strict(findings) -> list:
    """`--strict`: every warning becomes an error."""
    return sorted({Finding("error", f.pos, f.message, f.card, f.check, f.measure) if f.severity == "warning" else f
                   for f in findings})


def draft(findings) -> list:
    """`--draft`: every error becomes a warning (the PDF is written, marked DRAFT on every page)."""
    return sorted({Finding("warning", f.pos, f.message, f.card, f.check, f.measure) if f.severity == "error" else f
                   for f in findings})


def collapse(findings) -> list:
    """One finding per lint rule and layout element: the worst case, naming how many cards share it.

    Face findings are made per card; a 5 pt footer on 60 cards is one thing to fix, not 60 lines (a text
    that overflows on every card of a shared layout, too: `text-fits` at the layout's line)."""
    groups: dict = {}
    out = []
    for f in findings:
        if f.measure is None or not (f.check.startswith("lint:") or f.check == "text-fits"):
            out.append(f)
            continue
        groups.setdefault((f.check, f.pos, f.severity), []).append(f)
    for fs in groups.values():
        worst = min(fs, key=lambda f: (f.measure, f.card or "", f.message))
        cards = sorted({f.card for f in fs if f.card})
        text = worst.message
        if len(cards) > 1:
            text += f" (and {len(cards) - 1} more card{'s' if len(cards) > 2 else ''})"
        out.append(Finding(worst.severity, worst.pos, text, worst.card, worst.check))
    return sorted(set(out))
