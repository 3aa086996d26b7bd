"""CJK-aware spacing of a line: full-width marks give up some white, spaces stretch, characters move
little.

zh-TW readers of the editions flagged, read after read, every way a justified line can be filled:
lines left short before a word kept whole (a glossary name, a number with its unit), lines whose
characters were spread apart (measured: 6% showed), and marks squeezed to half width (「，」「（」
inside a line: Taiwan's type keeps them full width). Each is kept small (CLREQ's tools before
spreading characters):

- **marks give up some white** (`give`, `end_give`): inside a line a centred 「，。、；：」 (Taiwan's forms:
  ink from 0.4 to 0.6 of the em) gives 0.15 em and a bracket a quarter (CAP: at half an em they read as
  half-width marks, which readers flagged); ending a line a centred mark gives the 0.34 em after its
  ink and a closing bracket its empty half, its glyph not moving (that white was in the margin). The
  line breakers (`breaks.greedy`, `cjklines.best`) count that room, so 「…加入發牌。」 takes its last word
  instead of leaving a gap; `compress` draws it, the mark ending the line first;
- **spaces stretch first**: the spaces between CJK text and a number or a Latin word (`抽 1 張`)
  widen by up to SPACE_STRETCH of an em each (`stretch`);
- **characters spread by at most SPREAD** (0.12 em a gap), every gap between two characters, those
  inside a kept word too (`inner_gaps`), so they stand at one pitch. A line that needs more stays at its start;
  `cjklines.py` chooses the lines so that few do, and a card's text may end up to an em inside its box
  where its lines break better (`breaks.inset`);
- **a common edge** (`edge`): in a box a fraction of an em wider than its characters, lines end where
  SPREAD can take them, together.

Over the five games' zh-TW text (`bench/zh_lines.py`, about 1,260 lines) this, the dictionary's words
(`cjkwords.py`), `cjklines.py` and the games' copy edits leave no line more than half an em short (316 at
first), none spread more than 0.06 em a gap (142), 164 more than 0.04 em, 3 lines ending inside a
dictionary word (132) and no orphan.
"""
from __future__ import annotations

from pnp.text.atoms import CLOSE_BRACKETS, OPEN_BRACKETS, SQUEEZE, is_cjk

CENTRED = set("，。、；：")   # Taiwan's forms: the glyph in the middle of its em
SPREAD = 0.12               # of the size: the most a CJK line's characters are spread apart, a gap
SPACE_STRETCH = 0.03        # of the size: a space between CJK and Latin text widens by at most this, then
                            # the characters spread: at 0.1 a number's spaces grew to 0.4 em while the
                            # characters beside them stayed put (the 18th reads' 「2–4 人」, 「38+」), and more
                            # read as a double space (「達到  15  以上」)


# What a mark may give up inside a line, in ems of its size: a centred mark 0.15 (at 0.25 readers saw
# 「，」 as a half-width comma), a bracket a quarter (its empty half is half an em; a pair side by side is
# squeezed already: `atoms._squeeze`). Ending a line, a closing mark gives the white after its ink.
CAP = {"c": 0.15, "r": 0.25, "l": 0.25}
END_CAP = {"c": 0.34, "r": SQUEEZE}   # the ink of a centred 「。」 ends at 0.655 of its em, a 「）」's at 0.3


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
    """Points more an atom can give up when it ends a line: the white after the ink of a closing mark
    last in it."""
    m = marks(a)
    if not m or m[-1][0] != len(a.parts) - 1 or m[-1][1] not in END_CAP:
        return 0.0
    j, mode = m[-1]
    return (END_CAP[mode] - CAP[mode]) * _size(a, j, size)


def lead(a, size: float) -> float:
    """Points an atom is wider than its width where it starts a line: its opening bracket, squeezed
    against the mark before (`Atom.lead`), is set full width there (0 for most atoms)."""
    return SQUEEZE * _size(a, 0, size) if a.lead else 0.0


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
    slots = [s for s in slots if s[2] > 0]
    room = sum(cap for _k, _m, cap in slots)
    if excess <= 1e-9 or room <= 0:
        return out
    share = min(1.0, excess / room)
    out.update({k: (cap * share, mode) for k, mode, cap in slots})
    return out


def shift(mode: str, q: float) -> float:
    """How far a mark squeezed by q moves left: a centred one by half, an opening bracket by all."""
    return q / 2 if mode == "c" else q if mode == "l" else 0.0


def edge(width: float, size: float) -> float:
    """Where a CJK paragraph's lines end in a box `width` wide: the box's edge where the characters'
    grid (whole ems) falls short of it by no more than SPREAD can fill; else the grid's edge plus what
    SPREAD fills. A 12.8-em card box sets 12 characters a line: spread to 12.8 they would be letter-
    spaced, left at 12 with a line holding a number ending elsewhere they would look ragged; at a
    common edge 12.3 ems in, every line is flush and none is spread."""
    if size <= 0:
        return width
    n = int(width / size + 1e-6)
    if n < 2:
        return width
    fill = SPREAD * (n - 1) * size
    return width if width - n * size <= fill + 1e-6 else n * size + fill


def inner_spaces(a) -> int:
    """The spaces inside an atom (a number and its unit, `1 張`): they widen as the gaps between atoms do."""
    return sum(1 for kind, val, _st in a.parts if kind == "t" and val == " ")


def _inside(line) -> int:
    return sum(inner_spaces(a) for a, _w in line)


def han(ch: str) -> bool:
    return is_cjk(ch) and ch.isalnum()   # a character, not a mark or a space


def han_pieces(val: str) -> list:
    """`val` cut between every two CJK characters (「搜查」 → 搜, 查): the gaps a spread line widens
    inside a word kept whole (`inner_gaps`); other text (「12」, a mark after a character) stays whole."""
    out, start = [], 0
    for k in range(1, len(val)):
        if han(val[k - 1]) and han(val[k]):
            out.append(val[start:k])
            start = k
    out.append(val[start:])
    return out


def inner_gaps(a) -> int:
    """The gaps between two CJK characters inside an atom (a glossary word kept whole, 「搜查犯罪現場」,
    a count 「一張」): a spread line widens them like the gaps between atoms, so its characters stand
    evenly (kept tight, a kept word read as a lump among spread characters) and the line's room is
    shared by more gaps."""
    n, before = 0, ""
    for kind, val, _st in a.parts:
        if kind != "t" or not val:
            before = ""
            continue
        seq = before + val
        n += sum(1 for x, y in zip(seq, seq[1:]) if han(x) and han(y))
        before = val[-1]
    return n


def spaces(line) -> int:
    """The spaces of a CJK line that may stretch: between its atoms and inside them (`1 張`)."""
    return sum(1 for a, _w in line[:-1] if a.space) + _inside(line)


def stretch(line, slack: float, size: float, spread: float) -> tuple:
    """(extra per space, extra per gap) filling a CJK line's `slack`: spaces first, up to SPACE_STRETCH
    of the size each, then every gap — between atoms, a space inside one (`1 張`), so both sides of
    a number stay alike, and between the characters of a kept word (`inner_gaps`) — by at most
    `spread` of the size. (0, 0) when that does not fill it: the line
    stays at its start rather than be torn apart."""
    n = spaces(line)
    per_space = min(slack / n, SPACE_STRETCH * size) if n else 0.0
    rest = slack - per_space * n
    gaps = len(line) - 1 + _inside(line) + sum(inner_gaps(a) for a, _w in line)
    if rest <= 1e-6:
        return per_space, 0.0
    if gaps and rest / gaps <= spread * size:
        return per_space, rest / gaps
    return 0.0, 0.0
