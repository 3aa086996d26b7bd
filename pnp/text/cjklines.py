"""Lines of a CJK paragraph chosen as a whole, for `breaks.py`.

Greedy filling breaks wherever the line is full, so zh-TW readers met words torn across lines (面／前,
理／由) and paragraphs ending on one or two characters (「元素。」). Here every way of breaking the
paragraph into the fewest lines greedy needs is weighed, and the cheapest one is drawn:

- a line that ends before it is full costs what it looks like drawn (`spread_cost`): its slack, less what
  its spaces take, spread over its gaps costs SPREAD_COST times the square of the spread, so a card's
  narrow line gives up less room than a booklet's wide one, where a character's room spread over 34
  gaps does not show; a line that would need more than cjkspace.SPREAD a gap is left short at its end
  (a fault readers see) and costs RAGGED and g + EVEN g² of the g ems it leaves. Room before a word kept
  whole (a glossary name, a number with its unit) is counted like any other: the reads met such lines;
- a line spread more than LOOSE a gap costs LOOSE_COST more: readers called 6.5% letter-spaced;
- a break inside a dictionary word (`cjkwords.py`) costs IN_WORD, less than a letter-spaced line or one
  left an em short (Chinese may break between any two characters; readers flagged spread and short
  lines before torn words), between two words of a phrase BETWEEN_WORDS; where no dictionary reads the
  text, a break inside a phrase costs IN_PHRASE. Phrases are BudouX's (Google's line-break
  model for Traditional Chinese, the one browsers' `word-break: auto-phrase` uses), words jieba's
  dictionary's; the game's glossary words are already whole atoms;
- a last line of ORPHAN characters or fewer (punctuation and marks not counted) costs ORPHAN_COST;
- a line wider than the box by what its full-width marks give up (`cjkspace.py`) costs COMPRESS an em.

Boxes narrower than ORPHAN_EMS ems keep their greedy lines: there a character is a fifth of the line, and
two characters are a fair last line (a flap label's 「向後折，／上膠」).

The number of lines is greedy's (with marks compressed: `breaks.greedy`), so a text that fitted still
fits; where no way is cheaper the greedy lines stand.
"""
from __future__ import annotations

from functools import lru_cache

from pnp.text import cjkspace, cjkwords
from pnp.text.atoms import NO_END, NO_START, is_cjk

IN_WORD = 3.0          # cost of a break inside a dictionary word (`cjkwords.py`), BudouX's phrase end or not
IN_PHRASE = IN_WORD    # cost of a break inside a phrase, where no dictionary reads the text
BETWEEN_WORDS = 0.25    # cost of a break between two dictionary words inside one of BudouX's phrases
SPREAD_COST = 250.0    # a line spread p ems a gap costs SPREAD_COST p² (a 15-em line one em short: 1.28)
ICON_LABEL = 9.0       # cost of a break between an icon and the CJK text right after it (its label): more
                       # than a letter-spaced line (readers found 「[槍]／槍枝算武力」 and 「[冠]／老大」)
LOOSE = 0.06           # a line spread more than this a gap reads as letter-spaced (readers flagged 6.5% and
LOOSE_COST = 5.0       # more) and costs this more: more than a torn word, about a line left an em short,
LOOSE_RAMP = 75.0      # and this much an em a gap past LOOSE (at 0.1 em, read as heavily spaced, 3 more)
RAGGED = 3.0           # a line left short at its end (more than cjkspace.SPREAD a gap) costs this …
EVEN = 2.0             # … and g + EVEN g² of the g ems it leaves (one long gap is no better than two)
ORPHAN = 2             # a last line of this many characters or fewer is an orphan …
ORPHAN_COST = 300.0    # … costing this, two characters half (more than the short lines it takes to avoid one),
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


BRACKET_EDGE = 2       # a break this many characters or fewer inside a bracket (「（有／好幾張時…」) costs
BRACKET_COST = 3.0     # this more: as much as a torn word
_OPEN, _CLOSE = set("（「『《〈【〔〖〘〚([{“‘"), set("）」』》〉】〕〗〙〛)]}”’")


def _bracket_edges(whole: str) -> list:
    """For each offset of `whole`, whether a break there ends a line with an opening bracket and
    BRACKET_EDGE characters or fewer of what it holds (「（有／好幾張時…」, 「（自己／也不看）」, 「（至少／1 小時）」,
    flagged by the 19th reads; the end of a bracket starting a line, 「…同種的牌數值／各異）」, reads well)."""
    near = [False] * (len(whole) + 1)
    since: list = []          # characters since each unclosed bracket, innermost last
    for k, ch in enumerate(whole):
        if ch in _OPEN:
            since.append(0)
        elif ch in _CLOSE:
            if since:
                since.pop()
        elif ch not in _MARKS and since:
            since[-1] += 1
        if since and 0 < since[-1] <= BRACKET_EDGE:
            near[k + 1] = True
    return near


def break_costs(atoms) -> list:
    """The cost of ending a line after each atom but the last, BRACKET_COST more BRACKET_EDGE characters or
    fewer inside a bracket (`_bracket_edges`): 0 at a space, after punctuation or beside a non-CJK atom; else by the words and phrases on both sides: IN_WORD inside a dictionary word (even
    where BudouX ends a phrase: 然／後), BETWEEN_WORDS between words inside a phrase (包括／你自己), 0 where
    a phrase ends; IN_PHRASE inside a phrase of a text no dictionary reads."""
    texts = [_text(a) for a in atoms]
    ends, at = [], 0
    for t in texts:
        at += len(t)
        ends.append(at)
    whole = "".join(texts)
    phrase_ends, word_ends = _phrase_ends(whole), cjkwords.word_ends(whole)
    near = _bracket_edges(whole) if any(ch in _OPEN for ch in whole) else None
    out = []
    for i in range(len(atoms) - 1):
        a, left, right = atoms[i], texts[i], texts[i + 1]
        if left and right and left[-1] == _OBJECT and is_cjk(right[0]):
            out.append(ICON_LABEL)     # an icon and the word it labels (「[槍] 槍枝算武力」, 「[冠] 老大」)
        elif (a.space or not left or not right or left[-1] in _SOFT or not is_cjk(left[-1])
                or not is_cjk(right[0])):
            out.append(0.0)
        elif word_ends is None:
            out.append(0.0 if ends[i] in phrase_ends else IN_PHRASE)
        elif ends[i] not in word_ends:
            out.append(IN_WORD)
        else:
            out.append(0.0 if ends[i] in phrase_ends else BETWEEN_WORDS)
        if near is not None and near[ends[i]] and left and right and is_cjk(left[-1]) and is_cjk(right[0]):
            out[-1] += BRACKET_COST    # 「（有／好幾張時」: a bracket's first or last characters torn from it
    return out


def spread_cost(slack: float, spaces: int, gaps: int) -> float:
    """What a line `slack` ems short costs as drawn (`cjkspace.stretch`): its spaces take SPACE_STRETCH
    each, the rest is spread over its gaps, costing SPREAD_COST times the square of an em's share a gap;
    a line that would need more than cjkspace.SPREAD a gap stays short at its end and costs RAGGED and
    the room it leaves."""
    if slack <= 0:
        return 0.0
    per_gap = max(0.0, slack - spaces * cjkspace.SPACE_STRETCH) / max(1, gaps)
    if per_gap <= cjkspace.SPREAD:
        loose = per_gap - LOOSE
        return SPREAD_COST * per_gap * per_gap + (LOOSE_COST + LOOSE_RAMP * loose if loose > 1e-9 else 0.0)
    return RAGGED + slack + EVEN * slack * slack     # not spread: what shows is the room left


def best(items, width, space_w, size, n_lines, gives=None, ends=None, leads=None):
    """(The cheapest lines (lists of items) of one CJK paragraph in `n_lines` lines, their cost), or None
    when the search finds no such way (the caller keeps its greedy lines). `gives`: points each item's marks can
    give up inside a line (`cjkspace.give`), `ends` what more ending one (`cjkspace.end_give`): a line
    may be that much wider than the box, at COMPRESS an em; `leads`, points each item is wider starting a
    line (`cjkspace.lead`)."""
    n = len(items)
    if n < 2 or n_lines < 2 or width < ORPHAN_EMS * (size or 1.0):
        return None       # a narrow label: greedy lines, or phrases (`breaks.phrased`)
    atoms = [a for a, _w in items]
    cost_at = break_costs(atoms)
    wsum, ssum, gsum = [0.0], [0.0], [0.0]
    between, inside = [0], [0]        # spaces after atoms, and inside them (`1 張`): they stretch first
    kept = [0]                        # gaps between the characters of a kept word: they spread too
    for k, (a, w) in enumerate(items):
        wsum.append(wsum[-1] + w)
        ssum.append(ssum[-1] + len(a.space) * space_w)
        gsum.append(gsum[-1] + (gives[k] if gives else 0.0))
        between.append(between[-1] + bool(a.space))
        inside.append(inside[-1] + cjkspace.inner_spaces(a))
        kept.append(kept[-1] + cjkspace.inner_gaps(a))
    csum = [0]
    for a in atoms:
        csum.append(csum[-1] + chars(a))
    limit = width + 1e-6
    em = size or 1.0
    INF = float("inf")
    cost = [INF] * (n + 1)
    lines = [0] * (n + 1)
    prev = [-1] * (n + 1)
    cost[0] = 0.0
    for j in range(1, n + 1):        # a line of items[i:j]
        last = j == n
        for i in range(j - 1, -1, -1):
            w = wsum[j] - wsum[i] + ssum[j - 1] - ssum[i] + (leads[i] if leads else 0.0)
            if w - gsum[j] + gsum[i] - (ends[j - 1] if ends else 0.0) > limit and i < j - 1:
                break
            if cost[i] == INF:
                continue
            if last:
                held = csum[j] - csum[i]
                c = ORPHAN_COST * (ORPHAN + 1 - held) / ORPHAN if held <= ORPHAN and i > 0 else 0.0
            else:
                spaces = between[j - 1] - between[i] + inside[j] - inside[i]
                gaps = j - i - 1 + inside[j] - inside[i] + kept[j] - kept[i]
                c = spread_cost((limit - w) / em, spaces, gaps) + cost_at[j - 1]
            c += COMPRESS * max(0.0, w - limit) / em
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
    return out[::-1], cost[n] - LINE * n_lines
