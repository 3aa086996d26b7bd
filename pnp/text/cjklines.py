"""Lines of a CJK paragraph chosen as a whole, for `breaks.py`.

Greedy filling breaks wherever the line is full, so zh-TW readers met words torn across lines (面／前,
理／由) and paragraphs ending on one or two characters (「元素。」). Here every way of breaking the
paragraph into the fewest lines greedy needs is weighed, and the cheapest one is drawn:

- a line that ends before it is full costs what it gives up (ems it could still hold, g) as g + EVEN g²,
  so short lines stay rare and, where some must be, even; room a line cannot fill (the next atom is
  wider, a number with its unit) costs nothing;
- a break inside a phrase costs IN_PHRASE (a little more than one em of slack, less than two): a line
  gives up one character to keep a word whole, never more. Phrases are BudouX's (Google's line-break
  model for Traditional Chinese, the one browsers' `word-break: auto-phrase` uses), so the engine needs
  no dictionary of its own; the game's glossary words are already whole atoms;
- a last line of ORPHAN characters or fewer (punctuation and marks not counted) costs ORPHAN_COST;
- a line wider than the box by what its full-width marks give up (`cjkspace.py`) costs COMPRESS an em.

Boxes narrower than ORPHAN_EMS ems keep their greedy lines: there a character is a fifth of the line, and
two characters are a fair last line (a flap label's 「向後折，／上膠」).

The number of lines never changes (a text that fitted still fits, a booklet keeps its pages), and where
no way is cheaper the greedy lines stand.
"""
from __future__ import annotations

from functools import lru_cache

from pnp.text.atoms import NO_END, NO_START, is_cjk

IN_PHRASE = 1.5        # cost of a break inside a phrase …
EVEN = 0.25            # … while a line giving up g ems costs g + EVEN g²: one character (1.25) to keep a
                       # word whole, never two (3)
ORPHAN = 2             # a last line of this many characters or fewer is an orphan …
ORPHAN_COST = 40.0     # … costing this (more than the short lines it takes to avoid one),
ORPHAN_EMS = 6         # boxes narrower than this many ems keep their greedy lines
LINE = 1e6             # cost of each line: the fewest lines always win
COMPRESS = 0.5         # cost of an em given up by a line's full-width marks (`cjkspace`): less than an em
                       # left empty

_MARKS = NO_START | NO_END | {" "}   # not counted as an orphan's characters
_SOFT = set("，。、；：！？,.;:!?」』）)]—…") | {" "}
_OBJECT = "\ufffc"     # an icon, as one character of the text BudouX reads


@lru_cache(maxsize=1)
def _parser():
    import budoux   # imported on first CJK paragraph: Latin-only builds never load the model
    return budoux.load_default_traditional_chinese_parser()


@lru_cache(maxsize=8192)
def _phrase_ends(text: str) -> frozenset:
    """Offsets in `text` where BudouX ends a phrase."""
    ends, at = set(), 0
    for chunk in _parser().parse(text):
        at += len(chunk)
        ends.add(at)
    return frozenset(ends)


def _text(a) -> str:
    return "".join(v if k == "t" else _OBJECT for k, v, _s in a.parts)


def chars(a) -> int:
    """An atom's characters that are not punctuation or marks (「使用。」 holds 2)."""
    return sum(sum(1 for ch in v if ch not in _MARKS) if k == "t" else 1 for k, v, _s in a.parts)


def break_costs(atoms) -> list:
    """The cost of ending a line after each atom but the last: 0 at a space, after punctuation or beside
    a non-CJK atom; IN_PHRASE where BudouX reads one phrase on both sides."""
    texts = [_text(a) for a in atoms]
    ends, at = [], 0
    for t in texts:
        at += len(t)
        ends.append(at)
    phrase_ends = _phrase_ends("".join(texts))
    out = []
    for i in range(len(atoms) - 1):
        a, left, right = atoms[i], texts[i], texts[i + 1]
        if (a.space or not left or not right or left[-1] in _SOFT or not is_cjk(left[-1])
                or not is_cjk(right[0]) or ends[i] in phrase_ends):
            out.append(0.0)
        else:
            out.append(IN_PHRASE)
    return out


def best(items, width, space_w, size, n_lines, gives=None):
    """The cheapest lines (lists of items) of one CJK paragraph in `n_lines` lines, or None when the
    search finds no such way (the caller keeps its greedy lines). `gives`: points each item's marks can
    give up (`cjkspace.give`): a line may be that much wider than the box, at COMPRESS an em."""
    n = len(items)
    if n < 2 or n_lines < 2 or width < ORPHAN_EMS * (size or 1.0):
        return None       # a narrow label: greedy lines, or phrases (`breaks.phrased`)
    atoms = [a for a, _w in items]
    cost_at = break_costs(atoms)
    wsum, ssum, gsum = [0.0], [0.0], [0.0]
    for k, (a, w) in enumerate(items):
        wsum.append(wsum[-1] + w)
        ssum.append(ssum[-1] + len(a.space) * space_w)
        gsum.append(gsum[-1] + (gives[k] if gives else 0.0))
    csum = [0]
    for a in atoms:
        csum.append(csum[-1] + chars(a))
    limit = width + 1e-6
    em = size or 1.0
    full, f = [], 0                   # the widest line starting at each atom (compressed to fit: no
    for i in range(n):                # wider than the box)
        f = max(f, i + 1)
        while f < n and wsum[f + 1] - wsum[i] + ssum[f] - ssum[i] - gsum[f + 1] + gsum[i] <= limit:
            f += 1
        full.append(min(limit, wsum[f] - wsum[i] + ssum[f - 1] - ssum[i]))
    INF = float("inf")
    cost = [INF] * (n + 1)
    lines = [0] * (n + 1)
    prev = [-1] * (n + 1)
    cost[0] = 0.0
    for j in range(1, n + 1):        # a line of items[i:j]
        last = j == n
        for i in range(j - 1, -1, -1):
            w = wsum[j] - wsum[i] + ssum[j - 1] - ssum[i]
            if w - gsum[j] + gsum[i] > limit and i < j - 1:
                break
            squeezed = max(0.0, w - limit) / em
            if cost[i] == INF:
                continue
            if last:
                held = csum[j] - csum[i]
                c = ORPHAN_COST * (ORPHAN + 1 - held) / ORPHAN if held <= ORPHAN and i > 0 else 0.0
            else:
                given = max(0.0, full[i] - w) / em
                c = given + EVEN * given * given + cost_at[j - 1]
            c += COMPRESS * squeezed
            total = cost[i] + LINE + c
            if total < cost[j]:
                cost[j], lines[j], prev[j] = total, lines[i] + 1, i
    if lines[n] != n_lines:
        return None
    out, j = [], n
    while j > 0:
        i = prev[j]
        out.append(items[i:j])
        j = i
    return out[::-1]
