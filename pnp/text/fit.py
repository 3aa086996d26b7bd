"""Text layout: inline markup, CJK-aware line breaking, and fitting by shrinking.

Markup in running text: `**bold**`, `:icon-name:` (an icon drawn at text size on the baseline),
the span markup of `pnp/render/spans.py` when `markup=True` (card text),
and line breaks. Lines break between CJK characters and between Latin words (never inside a word);
closing punctuation never starts a line and opening brackets never end one (kinsoku); a number stays
with the word after it, its measure word or unit (`抽 1 張`, `+1 doom`); and a paragraph whose last
line would be short gets its last two lines broken again more evenly, after punctuation or a space
where one is near — CJK text instead fills its lines and never ends on a line of one or two characters
(`breaks.py`). A CJK line may take what its full-width marks give up when compressed, and CJK lines,
justified or left-aligned, fill their width by widening their spaces, then spreading their characters a
little or not at all (`cjkspace.py`); justified Latin lines widen their spaces.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.core.pieces import Run, Shape
from pnp.text import breaks, cjkspace, paragraphs, spans
from pnp.text.atoms import NO_END, NO_START, Atom, Words, _tokens, is_cjk, squeezed, tokens

__all__ = ["ASCENT", "DESCENT", "NO_END", "NO_START", "Atom", "Laid", "Words", "is_cjk", "layout", "missing_glyphs",
           "tokens"]

ASCENT, DESCENT = 0.88, 0.12
_MARK = re.compile(r"(\*\*|\x02|:[a-z][a-z0-9_-]*:|\n)")


@dataclass(frozen=True)
class Laid:
    runs: tuple          # Run pieces
    icons: tuple         # (name, x, y_top, size, color)
    size: float
    lines: int
    overflow: float      # points by which the text exceeds the box at the smallest size (0 = fits)
    deco: tuple = ()     # underline and strike shapes
    torn: str = ""       # the lines, joined by ／, when a glossary word or a narrow box's phrase had to break


def _atom_width(a: Atom, fonts, role, size) -> float:
    w = 0.0
    for j, (kind, val, st) in enumerate(a.parts):
        sz = size * st.size if st.size else size
        w += sz if kind == "i" else fonts.width(val, _face(fonts, st, role)[0], sz) - (squeezed(a.squeeze[j]) * sz if j in a.squeeze else 0)
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
        for j, mode in a.squeeze.items():   # a full-width bracket beside a mark, set narrow (`atoms.squeezed`)
            r = a.spec[j][3]
            w -= squeezed(mode) * (size * r if r else size)
        out.append(w)
    return out


def _ratio(line) -> float:
    """The largest span size in a line, as a ratio of the element's size (at least 1)."""
    return max([1.0] + [st.size for a, _w in line for _k, _v, st in a.parts if st.size])


def _break(atoms, paras, ws, space_w, width, size, fonts) -> list:
    """`paragraphs.break_all` at `size`, an atom's width measured as `_widths` does."""
    return paragraphs.break_all(atoms, paras, ws, space_w, width, size, lambda a: _widths([a], fonts, size)[0])


KEPT = 4096   # laid-out texts kept per FontSet (card backs, repeated labels); the least recently used go


def layout(text: str, fonts, role: str, size: float, box: tuple, *, min_size: float | None = None,
           leading: float = 1.25, align: str = "left", valign: str = "top", color: str = "#000000",
           icon_names=(), balance: bool = True, markup: bool = False, color_of=None,
           words: Words | None = None, inset: bool = False) -> tuple[Laid, set]:
    """Lay out text in box (x, y, w, h), shrinking from size down to min_size until it fits (and, where
    a smaller size keeps them whole, until no glossary word `words` nor a narrow box's phrase breaks).
    A FontSet keeps results (`laid_memo`): the same arguments with the same fonts give the same
    result, and span colours are asked of `color_of` again before one is reused. `inset`: CJK lines
    may end up to an em inside the box, where they break better (`breaks.inset`: a card's text block,
    not a booklet's column, whose paragraphs share one edge)."""
    memo = getattr(fonts, "laid_memo", None)
    key = hit = None
    if memo is not None:
        key = (text, role, size, box, min_size, leading, align, valign, color, balance, markup, color_of is None,
               type(size), type(min_size), type(leading), tuple(map(type, box)), words or None, inset)
        try:
            hit = memo.pop(key, None)
        except TypeError:   # unhashable arguments (a list for a box): laid out every time
            key = None
    if hit is not None and _same_colours(color_of, hit[2]):
        memo[key] = hit     # now the most recently used
        return hit[0], {n for n in hit[1] if n not in icon_names}
    calls: list = []
    laid, used = _layout(text, fonts, role, size, box, min_size, leading, align, valign, color, balance, markup,
                         _asking(color_of, calls) if color_of is not None else None, words or None, inset)
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


def _layout(text, fonts, role, size, box, min_size, leading, align, valign, color, balance, markup, color_of,
            words=None, inset=False):
    x0, y0, w, h = box
    atoms, used = _tokens(text, markup, size, color_of, getattr(fonts, "roles", None), words)
    min_size = size if min_size is None else min(min_size, size)
    sized = _specs(atoms, fonts, role, color)
    paras = paragraphs.paragraphs(atoms)
    at: dict = {}    # size -> greedy lines of each paragraph

    def height(lines, s):
        if not sized:
            return s * (ASCENT + DESCENT) + (len(lines) - 1) * s * leading if lines else 0
        r = [_ratio(line) for line in lines]   # a line with larger spans is taller
        return s * (ASCENT * r[0] + DESCENT * r[-1]) + sum(s * leading * x for x in r[1:]) if lines else 0

    wl = w   # the width lines break at: the box's, or a little less (`breaks.inset`)

    def attempt(s, bal=False):  # balancing keeps the number of lines: fitting need not balance
        space_w = fonts.width(" ", role, s)
        got = at.get((s, wl))
        if got is None:
            got = at[(s, wl)] = _break(atoms, paras, _widths(atoms, fonts, s), space_w, wl, s, fonts)
        lines, over, hard, torn, hangs = paragraphs.join(got, wl, space_w, bal, s)
        return lines, max(over, 0.0), max(height(lines, s) - h, 0.0), hard, torn, hangs

    def fits(m, whole):   # whole: and no glossary word or narrow box's phrase broken
        return not (m[1] or m[2] or (whole and m[4]))

    m = attempt(size)
    chosen = at_size = size
    if not fits(m, True):
        low = attempt(min_size) if min_size < size else m
        whole = fits(low, True)
        if whole or not fits(m, False):   # else torn at every size: the size asked, reported torn
            m, chosen = low, min_size
            at_size = chosen
            if fits(low, False):
                lo, hi = min_size, size  # binary search on 0.25 pt steps for the largest size that fits
                while hi - lo > 0.25:
                    mid = round((lo + hi) / 2 * 4) / 4
                    if fits(attempt(mid), whole):
                        lo, chosen = mid, mid
                    else:
                        hi = mid
    if inset and align in ("left", "justify") and any(is_cjk(ch) for ch in text):
        best, lines0 = None, None   # (cost, size, width, paragraphs): the box's width or an em inside, at
        for k in range(3):          # the size that fits or up to two steps smaller (`breaks.SMALLER`)
            sz = chosen - k * breaks.SMALLER_STEP
            if k and (sz < min_size - 1e-9 or best[0] <= 0.0):
                break
            ws, sw = _widths(atoms, fonts, sz), fonts.width(" ", role, sz)
            wl_k, got_k, cost = breaks.inset(
                lambda e, sz=sz, ws=ws, sw=sw: at.get((sz, e)) or _break(atoms, paras, ws, sw, e, sz, fonts),
                w, sz)    # (the box's own width at the size that fits: broken already while fitting)
            n_lines = sum(len(p[0]) for p in got_k)
            if k == 0:
                lines0 = n_lines
            elif n_lines > lines0:
                continue
            cost += breaks.SMALLER * k
            if best is None or cost < best[0] - 1e-9:
                best = (cost, sz, wl_k, got_k)
        _cost, sz, wl, got = best
        if wl != w or sz != chosen:
            at[(sz, wl)] = got
            chosen, at_size = sz, None
    if balance or at_size != chosen:   # the lines of the size drawn (the search may have ended below it)
        m = attempt(chosen, balance)
        at_size = chosen
    lines, wover, hover, hard, torn, hangs = m
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
        extra, spread, sp_extra, shrink = 0.0, False, 0.0, None
        hang, bullet = hangs[n]    # a bulleted paragraph's lines start at its text (`_hang`); its first holds
        head = 1 if hang and bullet else 0   # the bullet, drawn before that start, never spread
        body = line[head:]
        lw = breaks.line_width(body, space_w, s)   # (a squeezed bracket starting it set full: `cjkspace.lead`)
        kanji = breaks.cjk(body)
        target = cjkspace.edge(wl - hang, s) if kanji else w - hang   # a CJK line ends on the paragraph's common edge
        x0l = x0 + hang
        if lw > target + 0.01:   # a CJK line its marks make fit (cjkspace)
            shrink = {(i + head, j): q for (i, j), q in cjkspace.compress(body, lw - target, s).items()}
            lw -= sum(q for q, _m in shrink.values())
        inner = n < last and len(body) > 1 and n not in hard and not shrink   # a line a paragraph goes on from
        if align == "justify" or (align == "left" and inner and kanji):   # CJK text left-aligned fills its
            if inner:                   # lines all the same, as Chinese is set (a line left short before a
                extra, spread, sp_extra = _justify(body, target - lw, s)   # kept word read as a fault)
                lw = target if (extra or sp_extra) else lw
            x = x0l
        elif align in ("center", "right"):
            lw += hang if head else 0.0
            x = x0 + {"center": (w - lw) / 2, "right": w - lw}[align]
        else:
            x = x0l
        if head and align not in ("center", "right"):
            x -= hang            # the bullet, then the text at its start
        tail = len(line) - 1
        for i, (a, wd) in enumerate(line):
            if head and i == 1 and align not in ("center", "right"):
                x = x0l
            cx = x
            spec, sq = a.spec, a.squeeze
            if i == head and a.lead:   # starting a line, the bracket squeezed against the mark before is set full
                sq = {k: v for k, v in sq.items() if k}
                wd += cjkspace.lead(a, s)
            han_before = False   # the atom's text so far ends on a CJK character (a spread line's gap follows)
            for j, (kind, val, st, r, key, fake_bold, it, col, lined) in enumerate(spec):
                sz = s * r if r else s
                if kind == "i":
                    icons.append((val, cx, base - sz * 0.8, sz, col))
                    adv = sz
                    han_before = False
                else:
                    if spread and han_before and val and cjkspace.han(val[0]):   # 「一／張」: parts of one atom
                        cx += extra
                        wd += extra
                    han_before = bool(val) and cjkspace.han(val[-1])
                    font = names.get(key) or names.setdefault(key, name(key))
                    adv = wd if same and len(spec) == 1 and not sq else fw(val, key, sz)   # (wd is 0.0 + this width)
                    px = cx
                    if sq and j in sq:   # a squeezed bracket: narrower, an opening one set back
                        adv -= squeezed(sq[j]) * sz
                        px = cx - (squeezed(sq[j]) * sz if sq[j] == "l" else 0.0)
                    elif shrink and (i, j) in shrink:   # a mark compressed for the line to fit
                        q, mode = shrink[(i, j)]
                        adv -= q
                        px = cx - cjkspace.shift(mode, q)
                        wd -= q
                    elif val == " " and (sp_extra or spread):   # a space inside an atom (`1 張`) widens
                        more = sp_extra + (extra if spread else 0.0)   # as the gaps between atoms do
                        adv += more
                        wd += more
                    pieces = ((px, val),)
                    if spread and len(val) > 1:   # a kept word's characters spread as the line's do
                        cut = cjkspace.han_pieces(val)
                        if len(cut) > 1:
                            pieces, at_x = [], px
                            for piece in cut:
                                pieces.append((at_x, piece))
                                at_x += fw(piece, key, sz) + extra
                            more = extra * (len(cut) - 1)
                            adv += more
                            wd += more
                    for px, val in pieces:
                        # neighbouring runs on one baseline in one style are joined (fewer text operators,
                        # and extracted text keeps its spaces) where the gap is exactly none or a space
                        if (cur is not None and cur[1] == base and cur[3] == font and cur[4] == sz
                                and cur[5] == col and cur[6] == fake_bold and cur[7] == it
                                and (abs(px - end) < 0.01 or abs(px - end - space_w) < 0.01)):
                            if px - end > 0.01:
                                cur[2].append(" ")
                            cur[2].append(val)
                        else:
                            if cur is not None:
                                runs.append(Run(cur[0], cur[1], "".join(cur[2]), *cur[3:7], italic=cur[7]))
                            cur = [px, base, [val], font, sz, col, fake_bold, it]
                        if len(pieces) > 1:   # each spread character ends where its glyph does
                            end = px + fw(val, key, sz)
                    if len(pieces) == 1:
                        natural = (sq and j in sq) or (shrink and (i, j) in shrink) or (val == " " and (sp_extra or spread))
                        end = px + (fw(val, key, sz) if natural else adv)   # where the run's own text ends: a
                        # squeezed mark or a widened space starts a new run after it (a joined run would
                        # draw the next characters at their natural places)
                if lined and st.underline:
                    deco.append([base + sz * 0.12, cx, cx + adv, col, sz * 0.06])
                if lined and st.strike:
                    deco.append([base + sz * -0.28, cx, cx + adv, col, sz * 0.06])
                cx += adv
            x += wd + (len(a.space) * (space_w + sp_extra) if i < tail else 0) + (extra if spread or a.space else 0.0)
    if cur is not None:
        runs.append(Run(cur[0], cur[1], "".join(cur[2]), *cur[3:7], italic=cur[7]))
    torn = "／".join("".join(v for a, _w in ln for k, v, _s in a.parts if k == "t") for ln in lines) if torn else ""
    laid = Laid(tuple(runs), tuple(icons), s, len(lines), max(wover, hover), _lines(deco, space_w), torn)
    return laid, used


def _justify(line, slack, size) -> tuple:
    """(extra width per gap, whether every gap takes it, extra per space) of a justified line. A line
    with CJK widens its spaces first, then spreads every gap by at most cjkspace.SPREAD of the size (more
    would tear its words apart: it stays at the start; `cjkspace.stretch`); a Latin line widens its
    spaces."""
    if any(breaks.is_cjk(breaks._first(a) or "a") for a, _w in line):
        per_space, extra = cjkspace.stretch(line, slack, size, cjkspace.SPREAD)
        return extra, bool(extra), per_space
    gaps = sum(1 for a, _w in line[:-1] if a.space)
    return (slack / gaps, False, 0.0) if gaps else (0.0, False, 0.0)


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
