"""Breaking paragraphs of atoms (`atoms.py`) into lines, for `fit.py`.

Lines are filled greedily: Latin text breaks at spaces, CJK text between any two atoms (kinsoku,
number lists and glossary words are already glued into atoms), so a space inside CJK text is no
better a break than any other place. Then, per paragraph:

- a CJK paragraph takes the cheapest of all the ways into as many lines (`cjklines.py`): no word torn
  where a line can give up one character to keep it, no last line of one or two characters (`張。`),
  no line left much short; where that search finds nothing, the last line takes an atom or two from
  the line before (`orphan`);
- other text, when `balance` is asked and the last line is short, takes the fewest words down from the
  line before that make it a third of the widest line (no even split: it leaves lines broken short);
  running text (not balanced) whose last line is one short word takes one more (`runt`);
- in a box narrower than NARROW characters (a flap label), a CJK paragraph breaks only after
  punctuation or a space (`向後折，／上膠`) when every phrase fits; where one does not, the lines are
  broken between characters and marked torn, as is a glossary word wider than the line: the fitter
  then shrinks the text, and reports it when it cannot.
"""
from __future__ import annotations

from pnp.text import cjklines, cjkspace
from pnp.text.atoms import NO_END, NO_START, Atom, is_cjk

SHORT_LAST = 1 / 3       # a last line narrower than this share of the paragraph's longest is balanced …
LAST_EMS = 6             # … or than this many ems, whichever is less: in a wide box (a cover's bullets) a
                         # third of the line pulled down half a line of words ("thin paper / lets a front…")
ORPHAN = 1               # a CJK paragraph's last line holds more characters (not counting punctuation) than this
PULL = 2                 # (a lone 張。 or †), taking at most this many atoms from the line before: pulling more
                         # leaves the line before visibly short, which readers took for a broken word
NARROW = 4               # a box narrower than this many characters of the text's size breaks by phrases
RUNT_EMS = 4             # a last line of one word narrower than this many ems is a runt …
RUNT_KEEP = 3            # … taking a word from the line before when that keeps this many
NO_BEST = 10.0           # the cost a line of a CJK paragraph is taken to have where cjklines found no way
INSET = 2.0              # the cost of setting a text's lines an em inside its box (`inset`) …
INSETS = (0.25, 0.5, 0.75, 1.0)   # … at these ems
SMALLER = 1.5            # the cost of setting a card's text a step (SMALLER_STEP) below the size that fits,
SMALLER_STEP = 0.25      # in points (two steps at most, never below its min_size): another size is another
                         # grid of ems, where its lines may break better (a 3% smaller text does not show)

_SOFT = set("，。、；：！？,.;:!?」』）)]") | {" "}   # a line may end well after these


def _first(a: Atom) -> str:
    p = a.parts
    return p[0][1][:1] if p and p[0][0] == "t" else ""


def _last(a: Atom) -> str:
    p = a.parts
    return p[-1][1][-1:] if p and p[-1][0] == "t" else ""


def cjk(items) -> bool:
    """Whether a paragraph of (atom, width) items is CJK text: at least half its atoms begin with a CJK
    character."""
    n = sum(1 for a, _w in items if is_cjk(_first(a) or "a"))
    return bool(items) and 2 * n >= len(items)


def line_width(line, space_w, size=0.0) -> float:
    """A line's natural width; with `size`, a squeezed bracket starting it set full (`cjkspace.lead`)."""
    return (sum([w for _a, w in line]) + sum([len(a.space) * space_w for a, _w in line[:-1]])
            + (cjkspace.lead(line[0][0], size) if line and size else 0.0))


def greedy(items, width, space_w, gives=None, ends=None, leads=None):
    """Greedy lines of one paragraph of (atom, width) items; returns (lines, widest overflow of an atom).
    With `gives` and `ends` (points each item's full-width marks can give up inside a line, and more
    ending one: `cjkspace.give`, `cjkspace.end_give`), a line takes an item that fits once its marks
    are compressed; `leads`, points each item is wider starting a line (`cjkspace.lead`)."""
    lines, line, x, over, g = [], [], 0.0, 0.0, 0.0
    limit = width + 1e-6
    for n, item in enumerate(items):
        a, w = item
        gi = gives[n] if gives else 0.0
        ei = ends[n] if ends else 0.0
        if line and x + w - g - gi - ei > limit:
            lines.append(line)
            line, x, g = [], 0.0, 0.0
        if not line and leads:
            x = leads[n]
        over = max(over, w + (leads[n] if leads else 0.0) - gi - ei - width)
        line.append(item)
        x += w + len(a.space) * space_w
        g += gi
    lines.append(line)
    return lines, over


def phrased(items, width, space_w, size=0.0):
    """Lines of a narrow box broken only after punctuation or a space; None when a phrase is wider than
    the line."""
    phrases, cur = [], []
    for item in items:
        cur.append(item)
        a = item[0]
        if a.space or _last(a) in _SOFT:
            phrases.append(cur)
            cur = []
    if cur:
        phrases.append(cur)
    lines, line, x = [], [], 0.0
    limit = width + 1e-6
    for ph in phrases:
        pw = line_width(ph, space_w, size)
        if pw > limit:
            return None
        gap = len(line[-1][0].space) * space_w if line else 0.0
        if line and x + gap + pw > limit:
            lines.append(line)
            line, x, gap = [], 0.0, 0.0
        line = line + ph
        x += gap + pw
    lines.append(line)
    return lines


def _chars(line) -> int:
    """The characters of a line that are not punctuation or marks (「使用。」 holds 2: an orphan)."""
    return sum(cjklines.chars(a) for a, _w in line)


def orphan(lines, width, space_w, size=0.0):
    """A CJK paragraph's last line of ORPHAN characters or fewer takes up to PULL atoms from the line
    before (which keeps at least one), as long as it still fits and no atom ending in punctuation moves."""
    if len(lines) < 2 or _chars(lines[-1]) > ORPHAN:
        return lines
    prev, last = lines[-2], lines[-1]
    for _ in range(PULL):
        if len(prev) < 2 or _chars(last) > ORPHAN or _last(prev[-1][0]) in _SOFT:   # a break after punctuation
            break                                                              # is a phrase's end: kept
        moved = [prev[-1]] + last
        if line_width(moved, space_w, size) - cjkspace.line_give(moved, size) > width + 1e-6:
            break
        prev, last = prev[:-1], moved
    return lines[:-2] + [prev, last]


def balanced(lines, over, width, space_w, size=0.0):
    """A short last line (under SHORT_LAST of the widest) takes words from the line before, one at a
    time, until it is not: the fewest that do it. An even split of the last two lines would leave a line
    broken short in running text, which reads as a sentence broken off ("flipping on / the long edge")."""
    if len(lines) < 2 or over > 0:
        return lines
    widths = [line_width(line, space_w) for line in lines]
    widest = max(widths)
    enough = min(SHORT_LAST * widest, LAST_EMS * size) if size else SHORT_LAST * widest
    if widths[-1] >= enough:
        return lines
    tail = lines[-2] + lines[-1]
    for k in range(len(lines[-2]) - 1, 0, -1):      # k atoms stay on the line before
        first, second = tail[:k], tail[k:]
        w1, w2 = line_width(first, space_w), line_width(second, space_w)
        if w2 > width + 1e-6:
            return lines
        if w2 >= enough or w2 >= w1:
            return lines[:-2] + [first, second]
    return lines


def split_kept(items, width, width_of):
    """Items with every glossary word wider than the line split into its characters (new atoms, their
    widths from `width_of(atom)`); returns (items, whether a word was split)."""
    out, torn = [], False
    for a, w in items:
        if not (a.keep and w > width + 1e-6):
            out.append((a, w))
            continue
        torn = True
        chars: list = []
        for (k, v, st), (_k, _v, *rest) in zip(a.parts, a.spec):
            for ch in (v if k == "t" else [v]):
                glue = chars and k == "t" and (ch in NO_START or _last(chars[-1]) in NO_END)   # kinsoku still
                if glue:
                    chars[-1].parts.append((k, ch, st))
                    chars[-1].spec.append((k, ch, *rest))
                else:
                    chars.append(Atom([(k, ch, st)], spec=[(k, ch, *rest)]))
        chars[-1].space = a.space
        out += [(c, width_of(c)) for c in chars]
    return out, torn


def paragraph(items, width, space_w, size, width_of):
    """(lines, widest overflow of an unbreakable atom, torn, mode, cost) of one paragraph at one size;
    mode "phrase" (a narrow box), "cjk" or "latin"; cost, of a CJK paragraph's lines (`cjklines.best`)."""
    items, torn = split_kept(items, width, width_of) if any(a.keep for a, _w in items) else (items, False)
    mode = "cjk" if cjk(items) else "latin"
    if mode == "cjk" and width < NARROW * size and len(items) > 1:
        got = phrased(items, width, space_w, size)
        if got is not None:
            return got, 0.0, torn, "phrase", 0.0
        torn = True
    gives = ends = leads = None
    edge = width
    if mode == "cjk":
        gives = [cjkspace.give(a, size) for a, _w in items]
        ends = [cjkspace.end_give(a, size) for a, _w in items]
        leads = [cjkspace.lead(a, size) for a, _w in items] if any(a.lead for a, _w in items) else None
        edge = cjkspace.edge(width, size)     # lines end on the characters' grid (`cjkspace.edge`)
    lines, over = greedy(items, edge, space_w, gives, ends, leads)
    cost = 0.0
    if mode == "cjk":
        got = cjklines.best(items, edge, space_w, size, len(lines), gives, ends, leads)
        lines, cost = got if got else (lines, NO_BEST * len(lines))
    return lines, over - (width - edge), torn, mode, cost


def finish(para, width, space_w, balance, size=0.0):
    """A paragraph's lines as drawn: orphan control for CJK, balancing (when asked) for the rest."""
    lines, over, _torn, mode = para[:4]
    if mode == "cjk":
        return orphan(lines, cjkspace.edge(width, size), space_w, size)
    if mode == "latin" and balance:
        return balanced(lines, over, width, space_w, size)
    if mode == "latin":
        return runt(lines, width, space_w, size)
    return lines


def runt(lines, width, space_w, size=0.0):
    """Running Latin text (not balanced) whose last line is one short word (「turn*.」, 「it.」 alone: readers
    flagged them) takes the word before it down too, where the line before keeps at least RUNT_KEEP of
    its atoms and the two fit."""
    if len(lines) < 2 or len(lines[-1]) != 1 or len(lines[-2]) < RUNT_KEEP + 1 or not size:
        return lines
    last = lines[-1]
    if line_width(last, space_w) >= RUNT_EMS * size:
        return lines
    prev = lines[-2]
    moved = [prev[-1]] + last
    if not prev[-1][0].space or line_width(moved, space_w) > width + 1e-6:   # only across a space
        return lines
    return lines[:-2] + [prev[:-1], moved]


def inset(break_at, width, size):
    """(The line width (the box's, or up to an em less) at which a text's CJK paragraphs break best,
    their paragraphs there, and their cost with INSET's). A card's text block may end a little inside
    its box: a common edge every line reaches, where at the box's edge some lines would be spread or
    left short before a word kept whole. Each em inside costs INSET; a width that takes more lines, or overflows, is not taken.
    `break_at(w)` breaks every paragraph at w."""
    base = break_at(width)
    lines_now = sum(len(p[0]) for p in base)
    best_cost = sum(p[4] for p in base)
    if best_cost <= 0.0:
        return width, base, best_cost
    chosen, got = width, base
    for ems in INSETS:
        w = width - ems * size
        paras = break_at(w)
        if sum(len(p[0]) for p in paras) > lines_now or any(p[1] > 0 for p in paras):
            continue
        cost = sum(p[4] for p in paras) + INSET * ems
        if cost < best_cost - 1e-9:
            chosen, got, best_cost = w, paras, cost
    return chosen, got, best_cost
