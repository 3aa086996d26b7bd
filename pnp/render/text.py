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

from pnp.layout.pieces import Run, Shape
from pnp.render import spans

NO_START = set("，。、！？：；」』）》〉】〕〗〙〛”’)]}>,.!?:;%％·・…‥ー〜～々ゝゞヽヾっゃゅょァィゥェォッャュョ")
NO_END = set("「『（《〈【〔〖〘〚“‘([{<")
ASCENT, DESCENT = 0.88, 0.12
_MARK = re.compile(r"(\*\*|:[a-z][a-z0-9_-]*:|\n)")
_NUMBER = re.compile(r"[+\-−±×x]?\d+(?:[.,:/]\d+)*%?")
SHORT_LAST = 1 / 3       # a last line narrower than this share of the paragraph's longest is balanced
SOFT_MIN = 1 / 4         # … preferring a break after punctuation or a space that leaves both lines this wide


def is_cjk(ch: str) -> bool:
    o = ord(ch)
    return (0x2E80 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0xFF00 <= o <= 0xFFEF
            or 0x3000 <= o <= 0x303F or 0x20000 <= o <= 0x3FFFF)


@dataclass
class Atom:
    parts: list          # [(kind, value, spans.Style)] kind: "t" text | "i" icon
    space: str = ""      # trailing spaces (dropped at a line end)
    newline: bool = False
    number: bool = False  # a number waiting for its measure word or unit


@dataclass(frozen=True)
class Laid:
    runs: tuple          # Run pieces
    icons: tuple         # (name, x, y_top, size, color)
    size: float
    lines: int
    overflow: float      # points by which the text exceeds the box at the smallest size (0 = fits)
    deco: tuple = ()     # underline and strike shapes


def tokens(text: str, icon_names, full: bool = False, nominal: float | None = None, color_of=None,
           roles=None) -> tuple[list, set]:
    """Split markup into atoms; returns (atoms, unknown icon names). `full`: the span markup of
    `pnp/render/spans.py` (raises MarkupError); else only `**bold**`, `:icon:` and new lines. A part's
    style is a spans.Style; its `size` becomes a ratio of `nominal`."""
    atoms: list[Atom] = []
    unknown = set()
    word: Atom | None = None
    for kind, piece, st in spans.split(text, full, color_of, roles):
        if st.size is not None:
            st = st._replace(size=st.size / nominal if nominal else 1.0)
        if kind == "n":
            atoms.append(Atom([], newline=True))
            word = None
            continue
        if kind == "i":
            if piece not in icon_names:
                unknown.add(piece)
            atoms.append(Atom([("i", piece, st)]))
            word = None
            continue
        for ch in piece:
            if ch == " ":
                if atoms and not atoms[-1].newline:
                    atoms[-1].space += " "
                word = None
            elif is_cjk(ch) or word is None:
                atoms.append(Atom([("t", ch, st)]))
                word = None if is_cjk(ch) else atoms[-1]
            else:
                k, val, b = word.parts[-1]
                if b == st and k == "t":
                    word.parts[-1] = ("t", val + ch, b)
                else:
                    word.parts.append(("t", ch, st))
    return _numbers(_kinsoku(atoms)), unknown


def _numbers(atoms: list) -> list:
    """Glue a number to the atom after it (its measure word or unit), keeping the space between."""
    out: list[Atom] = []
    for a in atoms:
        prev = out[-1] if out else None
        if prev is not None and not a.newline and not prev.newline and getattr(prev, "number", False) and a.parts:
            prev.parts += ([("t", prev.space, prev.parts[-1][2])] if prev.space else []) + a.parts
            prev.space = a.space
            prev.number = False
            continue
        text = "".join(v for k, v, _b in a.parts if k == "t") if all(k == "t" for k, _v, _b in a.parts) else ""
        a.number = bool(text) and _NUMBER.fullmatch(text) is not None
        out.append(a)
    return out


def _kinsoku(atoms: list) -> list:
    out: list[Atom] = []
    glue_next = False
    for a in atoms:
        first = a.parts[0][1][:1] if a.parts and a.parts[0][0] == "t" else ""
        if out and not a.newline and not out[-1].newline and not out[-1].space and (first in NO_START or glue_next):
            out[-1].parts.extend(a.parts)
            out[-1].space = a.space
        else:
            out.append(a)
        last = out[-1].parts[-1][1][-1:] if out[-1].parts and out[-1].parts[-1][0] == "t" else ""
        glue_next = last in NO_END and not out[-1].space
    return out


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


def _ratio(line) -> float:
    """The largest span size in a line, as a ratio of the element's size (at least 1)."""
    return max([1.0] + [st.size for a, _w in line for _k, _v, st in a.parts if st.size])


def _greedy(atoms, fonts, role, size, width, space_w):
    """Greedy lines of one paragraph (no newline atoms); returns (lines, widest overflow of an atom)."""
    lines, line, x, over = [], [], 0.0, 0.0
    for a in atoms:
        w = _atom_width(a, fonts, role, size)
        if line and x + w > width + 1e-6:
            lines.append(line)
            line, x = [], 0.0
        over = max(over, w - width)
        line.append((a, w))
        x += w + len(a.space) * space_w
    lines.append(line)
    return lines, over


def _line_width(line, space_w) -> float:
    return sum(w for _a, w in line) + sum(len(a.space) * space_w for a, _w in line[:-1])


_SOFT = set("，。、；：！？,.;:!?」』）)]") | {" "}   # a line may end well after these


def _balanced(atoms, fonts, role, size, width, space_w, balance):
    """Greedy lines; when the last line is short, the last two lines are broken again where they
    come out most even, preferring a break after punctuation or a space (CJK has no spaces between
    words, so an even break elsewhere may split a word: 大家同／時翻開)."""
    lines, over = _greedy(atoms, fonts, role, size, width, space_w)
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


def _break(atoms, fonts, role, size, width, balance=True):
    """Lines of every paragraph; returns (lines, widest overflow of an unbreakable atom, indexes of
    lines ended by a line break in the text — never justified)."""
    lines, over, hard, para = [], 0.0, set(), []
    space_w = fonts.width(" ", role, size)
    for a in [*atoms, None]:
        if a is not None and not a.newline:
            para.append(a)
            continue
        got, o = _balanced(para, fonts, role, size, width, space_w, balance)
        lines += got
        over = max(over, o)
        hard.add(len(lines) - 1)
        para = []
    return lines, over, hard


def layout(text: str, fonts, role: str, size: float, box: tuple, *, min_size: float | None = None,
           leading: float = 1.25, align: str = "left", valign: str = "top", color: str = "#000000",
           icon_names=(), balance: bool = True, markup: bool = False, color_of=None) -> tuple[Laid, set]:
    """Lay out text in box (x, y, w, h), shrinking from size down to min_size until it fits."""
    x0, y0, w, h = box
    atoms, unknown = tokens(text, icon_names, markup, size, color_of, getattr(fonts, "roles", None))
    min_size = size if min_size is None else min(min_size, size)
    sized = any(st.size and st.size > 1 for a in atoms for _k, _v, st in a.parts)

    def height(lines, s):
        if not sized:
            return s * (ASCENT + DESCENT) + (len(lines) - 1) * s * leading if lines else 0
        r = [_ratio(line) for line in lines]   # a line with larger spans is taller
        return s * (ASCENT * r[0] + DESCENT * r[-1]) + sum(s * leading * x for x in r[1:]) if lines else 0

    def attempt(s, bal=False):  # balancing keeps the number of lines: fitting need not balance
        lines, over, hard = _break(atoms, fonts, role, s, w, bal)
        return lines, max(over, 0.0), max(height(lines, s) - h, 0.0), hard

    lines, wover, hover, hard = attempt(size)
    chosen = size
    if wover or hover:
        lo, hi = min_size, size  # binary search on 0.25 pt steps for the largest size that fits
        lines, wover, hover, hard = attempt(lo)
        chosen = lo
        if not (wover or hover):
            while hi - lo > 0.25:
                mid = round((lo + hi) / 2 * 4) / 4
                m = attempt(mid)
                if m[1] or m[2]:
                    hi = mid
                else:
                    lo, chosen = mid, mid
    if balance:
        lines, wover, hover, hard = attempt(chosen, True)
    s = chosen
    space_w = fonts.width(" ", role, s)
    total = height(lines, s) if sized else s * (ASCENT + DESCENT) + (len(lines) - 1) * s * leading
    top = y0 + {"top": 0, "middle": (h - total) / 2, "bottom": h - total}.get(valign, 0)
    runs, icons, deco = [], [], []
    base = top + s * ASCENT * (_ratio(lines[0]) if sized and lines else 1)
    for n, line in enumerate(lines):
        if not sized:
            base = top + s * ASCENT + n * s * leading
        elif n:
            base += s * leading * _ratio(line)
        widths = [wd for _a, wd in line]
        spaces = [len(a.space) * space_w for a, _w in line[:-1]]
        lw = sum(widths) + sum(spaces)
        extra = 0.0
        if align == "justify" and n < len(lines) - 1 and len(line) > 1 and n not in hard:
            extra = (w - lw) / (len(line) - 1)
            lw = w
        x = x0 + {"left": 0, "center": (w - lw) / 2, "right": w - lw}.get(align, 0)
        for i, (a, wd) in enumerate(line):
            cx = x
            for kind, val, st in a.parts:
                sz = s * st.size if st.size else s
                col = st.color or color
                if kind == "i":
                    icons.append((val, cx, base - sz * 0.8, sz, col))
                    adv = sz
                else:
                    key, fake_bold, fake_italic = _face(fonts, st, role)
                    r = Run(cx, base, val, fonts.name(key), sz, col, fake_bold)
                    runs.append(_italic(r, fake_italic))
                    adv = fonts.width(val, key, sz)
                for on, dy in ((st.underline, 0.12), (st.strike, -0.28)):
                    if on:
                        deco.append([base + sz * dy, cx, cx + adv, col, sz * 0.06])
                cx += adv
            x += wd + (spaces[i] if i < len(spaces) else 0) + extra
    laid = Laid(tuple(_merge(runs, space_w)), tuple(icons), s, len(lines), max(wover, hover), _lines(deco, space_w))
    return laid, unknown


def _italic(r: Run, oblique: bool) -> Run:
    if not oblique:
        return r
    from dataclasses import replace
    return replace(r, italic=True)


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


def _merge(runs, space_w):
    """Join neighbouring runs on one baseline with the same style (fewer text operators, and
    extracted text keeps its spaces). Runs are joined only where the gap is exactly none or a space."""
    from reportlab.pdfbase.pdfmetrics import stringWidth
    out, end = [], 0.0
    for r in runs:
        if out:
            p = out[-1]
            if (p.y == r.y and p.font == r.font and p.size == r.size and p.color == r.color and p.bold == r.bold
                    and p.italic == r.italic):
                gap = r.x - end
                if abs(gap) < 0.01 or abs(gap - space_w) < 0.01:
                    out[-1] = Run(p.x, p.y, p.text + (" " if gap > 0.01 else "") + r.text, p.font, p.size, p.color, p.bold,
                                  italic=p.italic)
                    end = r.x + stringWidth(r.text, r.font, r.size)
                    continue
        out.append(r)
        end = r.x + stringWidth(r.text, r.font, r.size)
    return out


def missing_glyphs(text: str, fonts, role: str, markup: bool = False) -> set:
    plain = _MARK.sub("", text) if not markup else spans.plain(text, True)
    return {ch for ch in set(plain) if not fonts.has(role, ch)}
