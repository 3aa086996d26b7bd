"""Text layout: inline markup, CJK-aware line breaking, and fitting by shrinking.

Markup in running text: `**bold**`, `:icon-name:` (an icon drawn at text size on the baseline),
the span markup of `pnp/render/spans.py` when `markup=True` (card text),
and line breaks. Lines break between CJK characters and between Latin words (never inside a word);
closing punctuation never starts a line and opening brackets never end one (kinsoku); a number stays
with the word after it, its measure word or unit (`抽 1 張`, `+1 doom`); and a paragraph whose last
line would be short gets its last two lines broken again more evenly, after punctuation or a space
where one is near.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.core.pieces import Run, Shape
from pnp.text import spans
from pnp.text.atoms import NO_END, NO_START, Atom, _tokens, is_cjk, tokens

__all__ = ["ASCENT", "DESCENT", "NO_END", "NO_START", "Atom", "Laid", "is_cjk", "layout", "missing_glyphs", "tokens"]

ASCENT, DESCENT = 0.88, 0.12
_MARK = re.compile(r"(\*\*|\x02|:[a-z][a-z0-9_-]*:|\n)")
SHORT_LAST = 1 / 3       # a last line narrower than this share of the paragraph's longest is balanced
SOFT_MIN = 1 / 4         # … preferring a break after punctuation or a space that leaves both lines this wide


@dataclass(frozen=True)
class Laid:
    runs: tuple          # Run pieces
    icons: tuple         # (name, x, y_top, size, color)
    size: float
    lines: int
    overflow: float      # points by which the text exceeds the box at the smallest size (0 = fits)
    deco: tuple = ()     # underline and strike shapes


def _atom_width(a: Atom, fonts, role, size) -> float:
    w = 0.0
    for kind, val, st in a.parts:
        sz = size * st.size if st.size else size
        w += sz if kind == "i" else fonts.width(val, _face(fonts, st, role)[0], sz)
    return w


def _face(fonts, st, role) -> tuple:
    """(font key, synthetic bold, synthetic italic) of a part's style."""
    face = getattr(fonts, "face", None)
    return face(st.font or role, st.bold, st.italic) if face else (st.font or role, st.bold, st.italic)


def _specs(atoms, fonts, role, color) -> bool:
    """Give each atom its parts with their styles resolved once: (kind, value, style, size ratio, font key,
    synthetic bold, synthetic italic, colour, underlined or struck) — a plain tuple, not a record: this
    runs for every part of every text laid out, and a NamedTuple doubled its cost. Returns whether a
    span is larger than the text."""
    faces: dict = {}   # id of a style (the atoms hold it) -> its resolved form
    sized = False
    for a in atoms:
        spec = []
        for kind, val, st in a.parts:
            f = faces.get(id(st))
            if f is None:
                key, fake_bold, fake_italic = _face(fonts, st, role)
                f = faces[id(st)] = (st.size, key, fake_bold, bool(fake_italic), st.color or color, st.underline or st.strike)
                sized = sized or bool(st.size and st.size > 1)
            spec.append((kind, val, st, *f))
        a.spec = spec
    return sized


def _widths(atoms, fonts, size) -> list:
    """Each atom's width at size (as _atom_width, operation for operation)."""
    fw = fonts.width
    out = []
    for a in atoms:
        w = 0.0
        for kind, val, _st, r, key, _b, _i, _c, _d in a.spec:
            sz = size * r if r else size
            w += sz if kind == "i" else fw(val, key, sz)
        out.append(w)
    return out


def _ratio(line) -> float:
    """The largest span size in a line, as a ratio of the element's size (at least 1)."""
    return max([1.0] + [st.size for a, _w in line for _k, _v, st in a.parts if st.size])


def _greedy(items, width, space_w):
    """Greedy lines of one paragraph of (atom, width) items; returns (lines, widest overflow of an atom)."""
    lines, line, x, over = [], [], 0.0, 0.0
    limit = width + 1e-6
    for item in items:
        a, w = item
        if line and x + w > limit:
            lines.append(line)
            line, x = [], 0.0
        over = max(over, w - width)
        line.append(item)
        x += w + len(a.space) * space_w
    lines.append(line)
    return lines, over


def _line_width(line, space_w) -> float:
    return sum([w for _a, w in line]) + sum([len(a.space) * space_w for a, _w in line[:-1]])


_SOFT = set("，。、；：！？,.;:!?」』）)]") | {" "}   # a line may end well after these


def _balanced(lines, over, width, space_w, balance):
    """Greedy lines as they are, or when the last line is short, the last two lines broken again where
    they come out most even, preferring a break after punctuation or a space (CJK has no spaces between
    words, so an even break elsewhere may split a word: 大家同／時翻開)."""
    if not balance or len(lines) < 2 or over > 0:
        return lines, over
    widths = [_line_width(line, space_w) for line in lines]
    if widths[-1] >= SHORT_LAST * max(widths):
        return lines, over
    tail = lines[-2] + lines[-1]
    even, soft_even = None, None      # (imbalance, k): the most even break, and the most even soft one
    for k in range(1, len(tail)):
        first, second = tail[:k], tail[k:]
        w1, w2 = _line_width(first, space_w), _line_width(second, space_w)
        if w1 > width + 1e-6 or w2 > width + 1e-6 or w2 < widths[-1]:
            continue
        cand = (abs(w1 - w2), k)
        even = min(even, cand) if even else cand
        a = first[-1][0]
        last = a.parts[-1][1][-1:] if a.parts and a.parts[-1][0] == "t" else ""
        if (a.space or last in _SOFT) and min(w1, w2) >= SOFT_MIN * width:
            soft_even = min(soft_even, cand) if soft_even else cand
    pick = soft_even or even
    if pick is None:
        return lines, over
    return lines[:-2] + [tail[:pick[1]], tail[pick[1]:]], over


def _break(atoms, paras, ws, space_w, width) -> list:
    """Greedy (lines, widest overflow of an unbreakable atom) of every paragraph (lists of atom indexes),
    atoms `ws` wide."""
    return [_greedy([(atoms[i], ws[i]) for i in para], width, space_w) for para in paras]


def _join(greedy, width, space_w, balance):
    """Lines of every paragraph, balanced or not; returns (lines, widest overflow of an unbreakable atom,
    indexes of lines ended by a line break in the text — never justified)."""
    lines, over, hard = [], 0.0, set()
    for got, o in greedy:
        lines += _balanced(got, o, width, space_w, balance)[0]
        over = max(over, o)
        hard.add(len(lines) - 1)
    return lines, over, hard


def _paragraphs(atoms) -> list:
    paras, para = [], []
    for i, a in enumerate(atoms):
        if a.newline:
            paras.append(para)
            para = []
        else:
            para.append(i)
    paras.append(para)
    return paras


KEPT = 4096   # laid-out texts kept per FontSet (card backs, repeated labels); the least recently used go


def layout(text: str, fonts, role: str, size: float, box: tuple, *, min_size: float | None = None,
           leading: float = 1.25, align: str = "left", valign: str = "top", color: str = "#000000",
           icon_names=(), balance: bool = True, markup: bool = False, color_of=None) -> tuple[Laid, set]:
    """Lay out text in box (x, y, w, h), shrinking from size down to min_size until it fits.
    A FontSet keeps results (`laid_memo`): the same arguments with the same fonts give the same
    result, and span colours are asked of `color_of` again before one is reused."""
    memo = getattr(fonts, "laid_memo", None)
    key = hit = None
    if memo is not None:
        key = (text, role, size, box, min_size, leading, align, valign, color, balance, markup, color_of is None,
               type(size), type(min_size), type(leading), tuple(map(type, box)))
        try:
            hit = memo.pop(key, None)
        except TypeError:   # unhashable arguments (a list for a box): laid out every time
            key = None
    if hit is not None and _same_colours(color_of, hit[2]):
        memo[key] = hit     # now the most recently used
        return hit[0], {n for n in hit[1] if n not in icon_names}
    calls: list = []
    laid, used = _layout(text, fonts, role, size, box, min_size, leading, align, valign, color, balance, markup,
                         _asking(color_of, calls) if color_of is not None else None)
    if key is not None:
        if len(memo) >= KEPT:
            del memo[next(iter(memo))]
        memo[key] = (laid, tuple(used), tuple(calls))
    return laid, {n for n in used if n not in icon_names}


def _asking(color_of, calls):
    """color_of, noting each answer in calls (a kept layout is reused only while they still hold)."""
    def ask(v):
        c = color_of(v)
        calls.append((v, c))
        return c
    return ask


def _same_colours(color_of, calls) -> bool:
    try:
        return all(color_of(v) == c for v, c in calls)
    except Exception:   # noqa: BLE001 — a colour that no longer parses: lay out again (and report it)
        return False


def _layout(text, fonts, role, size, box, min_size, leading, align, valign, color, balance, markup, color_of):
    x0, y0, w, h = box
    atoms, used = _tokens(text, markup, size, color_of, getattr(fonts, "roles", None))
    min_size = size if min_size is None else min(min_size, size)
    sized = _specs(atoms, fonts, role, color)
    paras = _paragraphs(atoms)
    at: dict = {}    # size -> greedy lines of each paragraph

    def height(lines, s):
        if not sized:
            return s * (ASCENT + DESCENT) + (len(lines) - 1) * s * leading if lines else 0
        r = [_ratio(line) for line in lines]   # a line with larger spans is taller
        return s * (ASCENT * r[0] + DESCENT * r[-1]) + sum(s * leading * x for x in r[1:]) if lines else 0

    def attempt(s, bal=False):  # balancing keeps the number of lines: fitting need not balance
        space_w = fonts.width(" ", role, s)
        greedy = at.get(s)
        if greedy is None:
            greedy = at[s] = _break(atoms, paras, _widths(atoms, fonts, s), space_w, w)
        lines, over, hard = _join(greedy, w, space_w, bal)
        return lines, max(over, 0.0), max(height(lines, s) - h, 0.0), hard

    lines, wover, hover, hard = attempt(size)
    chosen = at_size = size
    if wover or hover:
        lo, hi = min_size, size  # binary search on 0.25 pt steps for the largest size that fits
        lines, wover, hover, hard = attempt(lo)
        chosen = at_size = lo
        if not (wover or hover):
            while hi - lo > 0.25:
                mid = round((lo + hi) / 2 * 4) / 4
                m = attempt(mid)
                if m[1] or m[2]:
                    hi = mid
                else:
                    lo, chosen = mid, mid
    if balance or at_size != chosen:   # the lines of the size drawn (the search may have ended below it)
        lines, wover, hover, hard = attempt(chosen, balance)
        at_size = chosen
    s = chosen
    same = at_size == s   # lines broken at the size drawn (not so unbalanced after shrinking): atoms as wide
    space_w = fonts.width(" ", role, s)
    total = height(lines, s) if sized else s * (ASCENT + DESCENT) + (len(lines) - 1) * s * leading
    top = y0 + {"top": 0, "middle": (h - total) / 2, "bottom": h - total}.get(valign, 0)
    name, fw, names = fonts.name, fonts.width, {}
    runs, icons, deco = [], [], []
    cur, end = None, 0.0   # the run being joined (x, y, texts, font, size, colour, bold, italic), where it ends
    base = top + s * ASCENT * (_ratio(lines[0]) if sized and lines else 1)
    last = len(lines) - 1
    for n, line in enumerate(lines):
        if not sized:
            base = top + s * ASCENT + n * s * leading
        elif n:
            base += s * leading * _ratio(line)
        extra = 0.0
        if align in ("center", "right", "justify"):
            lw = sum([wd for _a, wd in line]) + sum([len(a.space) * space_w for a, _w in line[:-1]])
            if align == "justify" and n < last and len(line) > 1 and n not in hard:
                extra = (w - lw) / (len(line) - 1)
                lw = w
            x = x0 + {"left": 0, "center": (w - lw) / 2, "right": w - lw}.get(align, 0)
        else:
            x = x0 + 0
        tail = len(line) - 1
        for i, (a, wd) in enumerate(line):
            cx = x
            spec = a.spec
            for kind, val, st, r, key, fake_bold, it, col, lined in spec:
                sz = s * r if r else s
                if kind == "i":
                    icons.append((val, cx, base - sz * 0.8, sz, col))
                    adv = sz
                else:
                    font = names.get(key) or names.setdefault(key, name(key))
                    adv = wd if same and len(spec) == 1 else fw(val, key, sz)   # (wd is 0.0 + this width)
                    # neighbouring runs on one baseline in one style are joined (fewer text operators, and
                    # extracted text keeps its spaces) where the gap is exactly none or a space
                    if (cur is not None and cur[1] == base and cur[3] == font and cur[4] == sz and cur[5] == col
                            and cur[6] == fake_bold and cur[7] == it
                            and (abs(cx - end) < 0.01 or abs(cx - end - space_w) < 0.01)):
                        if cx - end > 0.01:
                            cur[2].append(" ")
                        cur[2].append(val)
                    else:
                        if cur is not None:
                            runs.append(Run(cur[0], cur[1], "".join(cur[2]), *cur[3:7], italic=cur[7]))
                        cur = [cx, base, [val], font, sz, col, fake_bold, it]
                    end = cx + adv
                if lined and st.underline:
                    deco.append([base + sz * 0.12, cx, cx + adv, col, sz * 0.06])
                if lined and st.strike:
                    deco.append([base + sz * -0.28, cx, cx + adv, col, sz * 0.06])
                cx += adv
            x += wd + (len(a.space) * space_w if i < tail else 0) + extra
    if cur is not None:
        runs.append(Run(cur[0], cur[1], "".join(cur[2]), *cur[3:7], italic=cur[7]))
    laid = Laid(tuple(runs), tuple(icons), s, len(lines), max(wover, hover), _lines(deco, space_w))
    return laid, used


def _lines(deco, space_w) -> tuple:
    """Underlines and strike lines as shapes, joined across the spaces between underlined words."""
    out: list = []
    for d in deco:
        p = out[-1] if out else None
        if p and p[0] == d[0] and p[3] == d[3] and p[4] == d[4] and -0.01 <= d[1] - p[2] <= space_w * 1.5:
            p[2] = d[2]
        else:
            out.append(list(d))
    return tuple(Shape((("M", x0, y), ("L", x1, y)), stroke=col, width=wd) for y, x0, x1, col, wd in out)


_SPECIAL = re.compile(r"[*:\n<&]")   # where markup may begin: text without these prints as written


def missing_glyphs(text: str, fonts, role: str, markup: bool = False) -> set:
    if not _SPECIAL.search(text):
        plain = text
    else:
        plain = _MARK.sub("", text) if not markup else spans.plain(text, True)
    chars = set(plain)
    lacking = getattr(fonts, "lacking", None)
    if lacking is not None and chars:
        return lacking(role, chars)
    return {ch for ch in chars if not fonts.has(role, ch)}
