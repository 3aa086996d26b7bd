"""CJK-aware spacing of a line: full-width marks give up white to fit, spaces stretch before characters.

zh-TW readers met lines left short before a word kept whole (a glossary name, a number with its unit,
an icon with its label) and lines whose characters were spread apart to fill the width. A typesetter
of Chinese has two tools before spreading characters (CLREQ, JIS X 4051):

- **compression**: a full-width mark gives up some of its white when a line needs the room. A closing
  bracket sits in the left half of its em and an opening one in its right half: each gives half an em.
  Taiwan's 「，。、；：」 sit centred (their ink from 0.4 to 0.6 of the em): inside a line each gives a
  quarter em (squeezed to half an em it reads as a half-width comma), and ending a line the white
  after its ink. A line may be as much wider than its box as its marks can give (`give`, `end_give`);
  it is then drawn with the mark ending it squeezed first and the others by equal shares (`compress`). The line breakers (`breaks.greedy`, `cjklines.best`)
  count that room, so 「……理由：總要有人決定哪些特殊角色加入發牌。」 takes its last word on the line
  instead of leaving a gap;
- **expansion at spaces first**: the spaces between CJK text and a number or a Latin word (`抽 1 張`)
  stretch by up to SPACE_STRETCH of an em each before any character is moved (`stretch`), so a line
  with spaces fills its width without looking letter-spaced.

「！？」 are not compressed (their glyphs fill the em's middle), nor a mark already squeezed beside
another (`atoms._squeeze`).
"""
from __future__ import annotations

from pnp.text.atoms import CLOSE_BRACKETS, OPEN_BRACKETS, SQUEEZE

CENTRED = set("，。、；：")   # Taiwan's forms: the glyph in the middle of its em
SPREAD = 0.15               # of the size: the most a CJK line's characters are spread apart, a gap
SPACE_STRETCH = 0.1         # of the size: a space between CJK and Latin text widens by at most this (more
                            # read as a double space: 「達到  15  以上」)


# What a mark may give up, in ems of its size: a bracket the empty half of its em; a centred mark a
# quarter inside a line (more and 「，」 reads as a half-width comma, which zh-TW readers flag) but at a
# line's end the white after its ink (its glyph stays where it is: the white was in the margin anyway)
CAP = {"c": 0.25, "r": SQUEEZE, "l": SQUEEZE}
END_CAP = 0.34         # a centred mark ending a line: the ink of 「。」 ends at 0.655 of its em


def marks(a) -> list:
    """(part index, "c" centred | "r" closing | "l" opening) of each full-width mark of an atom that
    may give up room; kept on the atom (its parts never change once laid out)."""
    got = a.soft
    if got is None:
        got = []
        for j, (kind, val, _st) in enumerate(a.parts):
            if kind != "t" or len(val) != 1 or j in a.squeeze:
                continue
            if val in CENTRED:
                got.append((j, "c"))
            elif val in CLOSE_BRACKETS:
                got.append((j, "r"))
            elif val in OPEN_BRACKETS:
                got.append((j, "l"))
        a.soft = got
    return got


def _size(a, j, size) -> float:
    r = a.spec[j][3] if a.spec is not None else None
    return size * r if r else size


def give(a, size: float) -> float:
    """Points an atom can give up at `size` by compressing its marks inside a line (0 for most atoms)."""
    m = marks(a)
    return sum(CAP[mode] * _size(a, j, size) for j, mode in m) if m else 0.0


def end_give(a, size: float) -> float:
    """Points more an atom can give up when it ends a line: a centred mark last in it gives the white
    after its ink instead of a quarter em."""
    m = marks(a)
    if not m or m[-1][1] != "c" or m[-1][0] != len(a.parts) - 1:
        return 0.0
    return (END_CAP - CAP["c"]) * _size(a, m[-1][0], size)


def line_give(line, size: float) -> float:
    """Points a whole line of (atom, width) items can give up."""
    return sum(give(a, size) for a, _w in line) + (end_give(line[-1][0], size) if line else 0.0)


def compress(line, excess: float, size: float) -> dict:
    """{(atom index, part index): (points, mode)} squeezing a line's marks to take up `excess`: a centred
    mark ending the line first (its white is in the margin), then every mark by an equal share of what
    it can give: the line then fits its box."""
    if excess <= 0:
        return {}
    slots = []
    for i, (a, _w) in enumerate(line):
        for j, mode in marks(a):
            slots.append(((i, j), mode, CAP[mode] * _size(a, j, size)))
    out = {}
    last = len(line) - 1
    tail = end_give(line[-1][0], size) if line else 0.0
    if tail and slots and slots[-1][0] == (last, len(line[-1][0].parts) - 1):
        key, _mode, cap = slots.pop()
        q = min(excess, cap + tail)
        out[key] = (q, "r")            # the glyph stays; the white after it goes
        excess -= q
    room = sum(cap for _k, _m, cap in slots)
    if excess <= 1e-9 or room <= 0:
        return out
    share = min(1.0, excess / room)
    out.update({k: (cap * share, mode) for k, mode, cap in slots})
    return out


def shift(mode: str, q: float) -> float:
    """How far a mark squeezed by q moves left: a centred one by half, an opening bracket by all."""
    return q / 2 if mode == "c" else q if mode == "l" else 0.0


def _inside(line) -> int:
    return sum(1 for a, _w in line for kind, val, _st in a.parts if kind == "t" and val == " ")


def spaces(line) -> int:
    """The spaces of a CJK line that may stretch: between its atoms and inside them (`1 張`)."""
    return sum(1 for a, _w in line[:-1] if a.space) + _inside(line)


def stretch(line, slack: float, size: float, spread: float) -> tuple:
    """(extra per space, extra per gap) filling a CJK line's `slack`: spaces first, up to SPACE_STRETCH
    of the size each, then every gap — between atoms, and a space inside one (`1 張`), so both sides of
    a number stay alike — by at most `spread` of the size. (0, 0) when that does not fill it: the line
    stays at its start rather than be torn apart."""
    n = spaces(line)
    per_space = min(slack / n, SPACE_STRETCH * size) if n else 0.0
    rest = slack - per_space * n
    gaps = len(line) - 1 + _inside(line)
    if rest <= 1e-6:
        return per_space, 0.0
    if gaps and rest / gaps <= spread * size:
        return per_space, rest / gaps
    return 0.0, 0.0
