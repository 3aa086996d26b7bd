"""Text into atoms, the units line breaking works on (`pnp/render/text.py`): a Latin word, one CJK
character, a word of the game's glossary (`Words`), an icon or a line break, with its trailing spaces.
Closing punctuation is glued to the atom before it and opening brackets to the atom after (kinsoku);
a list of numbers (`6、3、3`) is one atom, and a number is glued to its measure word or unit. A space
after full-width punctuation before a CJK character is dropped (the punctuation has its own room).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from pnp.text import spans

NO_START = set("，。、！？：；」』）》〉】〕〗〙〛”’)]}>,.!?:;%％·‧・…‥ー〜～々ゝゞヽヾっゃゅょァィゥェォッャュョ†‡※")   # † ※: an edition mark stays with its sentence
WIDE_NO_START = set("，。、！？：；」』）》〉】〕")   # full-width marks: a space before one is dropped, never a break
NO_END = set("「『（《〈【〔〖〘〚“‘([{<·‧・第")   # a name's middle dot (瑪麗·霍布斯) glues both sides; 第 stays with its number
ORDINAL = set("第×")   # … even across a space (第 48 小時, × 4)
_NUMBER = re.compile(r"[+\-−±×x]?\d+(?:[.,:/–\-~～、]\d+)*%?")   # 3, +1, 3/4, 1–4, 6、3、3
_LISTED = "、，,"        # a number ending in one of these, followed by a number, is a list: one atom
FULL_STOPS = set("。，、；：！？")   # full-width punctuation that needs no space after it


def is_cjk(ch: str) -> bool:
    o = ord(ch)
    return (0x2E80 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0xFF00 <= o <= 0xFFEF
            or 0x3000 <= o <= 0x303F or 0x20000 <= o <= 0x3FFFF)


@dataclass(slots=True)
class Atom:
    parts: list          # [(kind, value, spans.Style)] kind: "t" text | "i" icon
    space: str = ""      # trailing spaces (dropped at a line end)
    newline: bool = False
    number: bool = False  # a number waiting for its measure word or unit
    keep: bool = False    # a glossary word: split only when it is wider than the line
    spec: list | None = field(default=None, repr=False, compare=False)   # parts with their faces (_specs)
    squeeze: dict = field(default_factory=dict, repr=False, compare=False)   # part index → "l" | "r" | "m" (_squeeze)
    soft: list | None = field(default=None, repr=False, compare=False)   # marks that may give up room (cjkspace)
    lead: bool = False    # its opening bracket is squeezed against the mark ending the atom before (「；《」),
                          # except where it starts a line (`cjkspace.lead`)


_QUOTE = re.compile("[\"']")
_OPENS_AFTER = set(" \t\n([{<—–-/「『（“‘") | {""}   # a quote after these (or first) opens; elsewhere it closes


def curly(piece: str, before: str = "") -> str:
    """Typewriter quotes set as printed ones, as a typesetter would: an apostrophe in a word or after it
    (card's, players') is ’; a quote after a space, a bracket or a dash, or first in the text, opens (“ ‘)
    and any other closes (” ’). A lone … outside CJK text is three full stops: the built-in CJK font
    draws it centred (⋯), as Chinese sets it. `before` is the character before `piece` (the last of the
    span before)."""
    if "'" not in piece and '"' not in piece and "…" not in piece:
        return piece
    out, prev = [], before
    for i, ch in enumerate(piece):
        if ch == '"':
            ch = "“" if prev in _OPENS_AFTER else "”"
        elif ch == "'":
            ch = "‘" if prev in _OPENS_AFTER else "’"
        elif ch == "…" and not is_cjk(prev or "a") and not is_cjk(piece[i + 1:i + 2] or "a") and prev != "…":
            ch = "..." if piece[i + 1:i + 2] != "…" else ch    # the CJK font's … is centred (⋯): in Latin
        out.append(ch)                                          # text, three full stops on the line
        prev = ch[-1]
    return "".join(out)
_CJK = "\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\U00020000-\U0003ffff"   # the ranges of is_cjk
_CHUNK = re.compile(f"( +)|([{_CJK}](?:[{_CJK}]|[·‧](?=[{_CJK}]))*)|[^ {_CJK}]+")   # spaces | CJK characters (a
# name's middle dot between two of them included, so the glossary's 瑪麗·霍布斯 is found whole) | other characters


class Words:
    """A game's glossary in one language: words never broken across lines (`glossary:` in game.yaml).
    Hashable with its hash kept (it is part of every laid-out text's memo key)."""
    __slots__ = ("words", "_hash", "_re")

    def __init__(self, words=()):
        self.words = tuple(sorted({w for w in words if isinstance(w, str) and len(w) > 1}, key=lambda w: (-len(w), w)))
        self._hash = hash(self.words)
        self._re = re.compile("|".join(map(re.escape, self.words))) if self.words else None

    def __hash__(self):
        return self._hash

    def __eq__(self, other):
        return isinstance(other, Words) and other.words == self.words

    def __bool__(self):
        return bool(self.words)

    def __repr__(self):
        return f"Words({list(self.words)!r})"

    def spans(self, run: str) -> list:
        """(start, end) of the glossary words in a run of CJK characters, longest first, left to right."""
        return [m.span() for m in self._re.finditer(run)] if self._re is not None else []


def tokens(text: str, icon_names, full: bool = False, nominal: float | None = None, color_of=None,
           roles=None, words: Words | None = None) -> tuple[list, set]:
    """Split markup into atoms; returns (atoms, unknown icon names). `full`: the span markup of
    `pnp/render/spans.py` (raises MarkupError); else only `**bold**`, `:icon:` and new lines. A part's
    style is a spans.Style; its `size` becomes a ratio of `nominal`."""
    atoms, used = _tokens(text, full, nominal, color_of, roles, words)
    return atoms, {n for n in used if n not in icon_names}


def _tokens(text, full, nominal, color_of, roles, words=None) -> tuple[list, list]:
    """(atoms, names of the icons the text shows)."""
    atoms: list[Atom] = []
    used = []
    word: Atom | None = None
    before = ""        # the character before a piece of text, for its quotes (curly)
    for kind, piece, st in spans.split(text, full, color_of, roles):
        if st.size is not None:
            st = st._replace(size=st.size / nominal if nominal else 1.0)
        if kind == "n":
            atoms.append(Atom([], newline=True))
            word, before = None, ""
            continue
        if kind == "i":
            used.append(piece)
            atoms.append(Atom([("i", piece, st)]))
            word, before = None, "x"
            continue
        piece = curly(piece, before)   # card's → card’s, "draw" → “draw”: typewriter quotes set as printed ones
        before = piece[-1:] or before
        for m in _CHUNK.finditer(piece):
            got = m.lastindex
            if got == 1:     # spaces
                if atoms and not atoms[-1].newline and not _needless(atoms[-1], piece, m.end()):
                    atoms[-1].space += m.group(1)
                word = None
            elif got == 2:   # a CJK character is an atom of its own, a glossary word too
                run = m.group(2)
                at = 0
                for s, e in _kept(run, st, words):
                    atoms.extend(Atom([("t", ch, st)]) for ch in run[at:s])
                    atoms.append(Atom([("t", run[s:e], st)], keep=True))
                    at = e
                atoms.extend(Atom([("t", ch, st)]) for ch in run[at:])
                word = None
            elif word is None:
                word = Atom([("t", m.group(), st)])
                atoms.append(word)
            else:            # a word going on in another style
                k, val, b = word.parts[-1]
                if b == st and k == "t":
                    word.parts[-1] = ("t", val + m.group(), b)
                else:
                    word.parts.append(("t", m.group(), st))
    return _squeeze(_ordinals(_numbers(_counts(_kinsoku(atoms))))), used


_TITLE = re.compile("《[^《》]{1,10}》")   # a book's or game's title in its brackets (《妙探尋兇》)
BOLD_LABEL = 6                           # a bold CJK run this short is a run-in label (「理由：」): kept whole


def _kept(run: str, st, words) -> list:
    """(start, end) of the parts of a CJK run never broken across lines: a short bold run whole, titles
    in 《》, the glossary's words (`Words.spans`), left to right and not overlapping."""
    if st.bold and len(run) <= BOLD_LABEL:
        return [(0, len(run))] if len(run) > 1 else []
    spans = [m.span() for m in _TITLE.finditer(run)]
    if words:
        spans += [(a, b) for a, b in words.spans(run) if not any(a < e and s < b for s, e in spans)]
    return sorted(spans)


def _needless(prev: Atom, piece: str, end: int) -> bool:
    """Whether spaces ending at `end` of `piece`, after `prev`, follow full-width punctuation (`準備。 內文`,
    `）、 1 張`) or a full-width closing bracket (`（每欄一個） × 5` showed an em and a half): the mark's
    own half em of white is the space, so they print as nothing."""
    p = prev.parts
    if not (p and p[-1][0] == "t"):
        return False
    last = p[-1][1][-1:]
    return last in FULL_STOPS or last in _WIDE_CLOSE   # 「）、 1 張」: the mark's own white is the space


_WIDE_CLOSE = set("）」』】》〉〕〗〙〛")


def _text(a: Atom) -> str:
    return "".join(v for k, v, _b in a.parts if k == "t") if all(k == "t" for k, _v, _b in a.parts) else ""


def _numbers(atoms: list) -> list:
    """Glue a list of numbers into one atom (`6、3、3`), and a number to the atom after it (its measure
    word or unit), keeping the space between; a lone capital letter likewise to the CJK character after
    it (「A 嫌疑人」: a 19th read met 「再把 A／嫌疑人」)."""
    out: list[Atom] = []
    prev = None
    listed = False     # prev is a number followed by a list separator
    lettered = False   # prev is a lone capital letter: glued only to a CJK word after it
    for a in atoms:
        if (listed and not prev.space and a.parts and a.parts[0][0] == "t" and a.parts[0][1][:1].isdecimal()
                and not a.newline):
            prev.parts += a.parts
            prev.space = a.space
            text = _text(prev)
            prev.number = bool(text) and _NUMBER.fullmatch(text) is not None
            listed = bool(text) and text[-1] in _LISTED and _NUMBER.fullmatch(text[:-1]) is not None
            continue
        listed = False
        if (prev is not None and prev.number and not a.newline and not prev.newline and a.parts
                and not (a.parts[0][0] == "t" and a.parts[0][1][:1] in NO_END)   # `3（HQ）`: not a unit
                and (not lettered or (a.parts[0][0] == "t" and is_cjk(a.parts[0][1][:1] or "a")))):
            prev.parts += ([("t", prev.space, prev.parts[-1][2])] if prev.space else []) + a.parts
            prev.space = a.space
            prev.number = False
            continue
        lettered = False
        parts = a.parts
        if len(parts) == 1:
            text = parts[0][1] if parts[0][0] == "t" else ""
        else:
            text = "".join(v for k, v, _b in parts if k == "t") if all(k == "t" for k, _v, _b in parts) else ""
        # a number starts with a digit or a sign (_NUMBER): most atoms are told apart by their first character;
        # the edition's mark after it (`9†`, a value the edition chose) keeps it a number
        a.number = (bool(text) and (text[0] in _SIGNS or text[0].isdecimal())
                    and _NUMBER.fullmatch(text.rstrip("†‡※")) is not None)
        if not a.number and len(text) == 1 and "A" <= text <= "Z":   # a letter naming what follows
            a.number = lettered = True                               # (「A 嫌疑人」): kept with a CJK word
        listed = (not a.number and bool(text) and text[-1] in _LISTED and text[0].isdecimal()
                  and _NUMBER.fullmatch(text[:-1]) is not None)
        out.append(a)
        prev = a
    return out


_SIGNS = "+-−±×x"


NUMERALS = set("一二三四五六七八九十兩幾半")   # a count in words …
MEASURES = set("張個枚點人次格輪名位顆種類頁區步局份件條")   # … and the measure words a count takes


def _counts(atoms: list) -> list:
    """A count written in Chinese numerals and its measure word, one atom (「三張」「兩個」「一種」): the
    thirteenth reads found 「三／張」 and 「選一／種」 broken, as 「3／張」 never is (`_numbers`)."""
    out: list[Atom] = []
    for a in atoms:
        p = a.parts
        if p and p[0][0] == "t" and p[0][1][:1] in MEASURES and not a.newline:
            k = len(out)
            while (k > 0 and not out[k - 1].space and not out[k - 1].newline and len(out[k - 1].parts) == 1
                   and out[k - 1].parts[0][0] == "t" and out[k - 1].parts[0][1] in NUMERALS):
                k -= 1
            if k < len(out):
                merged = Atom([q for b in out[k:] for q in b.parts] + list(p), space=a.space)
                del out[k:]
                out.append(merged)
                continue
        out.append(a)
    return out


OPERATORS = ("+", "=", "−", "＋", "＝")   # a lone operator between spaced terms ends a line, never starts one


def _ordinals(atoms: list) -> list:
    """第 and the number after it, across a space (第 48 小時, 第 4、6、8 頁): one atom, the space kept;
    a count (`× 6`) and the word it counts (`房間卡 × 6、`: a line began 「× 6、」) likewise; a lone operator
    and the term before it (「駕駛時數 + 行動時數」: a 22nd read met a line starting 「+ 行動時數」)."""
    out: list[Atom] = []
    for a in atoms:
        prev = out[-1] if out else None
        if (prev is not None and not a.newline and not prev.newline and prev.parts
                and prev.parts[-1][0] == "t" and a.parts and a.parts[0][0] == "t"
                and ((prev.space and prev.parts[-1][1][-1:] in ORDINAL and a.parts[0][1][:1].isdecimal())
                     or (a.parts[0][1][:1] == "×" and prev.parts[-1][1][-1:] not in ORDINAL)
                     or (prev.space and a.space and _text(a) in OPERATORS))):
            prev.parts += ([("t", prev.space, prev.parts[-1][2])] if prev.space else []) + a.parts
            prev.space = a.space
            continue
        out.append(a)
    return out


def _last_char(a: Atom) -> str:
    p = a.parts
    return p[-1][1][-1:] if p and p[-1][0] == "t" else ""


def _kinsoku(atoms: list) -> list:
    """Closing marks glued to the atom before, opening ones to the atom after, and 「）（」 to each other
    (so the pair is squeezed, `_squeeze`: the contents' 「（封面）（1）」 showed a full em between)."""
    out: list[Atom] = []
    glue_next = False
    prev = None
    for a in atoms:
        parts = a.parts
        first = parts[0][1][:1] if parts and parts[0][0] == "t" else ""
        if prev is not None and prev.space and not a.newline and not prev.newline and first in WIDE_NO_START:
            prev.space = ""   # `windskald ，`: a full-width mark carries its own space; it never starts a line
        if (prev is not None and prev.space and not a.newline and not prev.newline and first in MARKS
                and is_cjk(_last_char(prev) or "a")):   # 「都標有 †，」: an edition mark named in CJK text
            prev.parts.append(("t", " ", parts[0][2]))   # keeps its space (one that widens) and its word:
            prev.space = ""                             # it never starts a line
        if (prev is not None and not a.newline and not prev.newline and not prev.space
                and (glue_next or first in NO_START or (first in OPEN_BRACKETS and _last_char(prev) in CLOSE_BRACKETS))):
            prev.parts.extend(parts)
            prev.space = a.space
        else:
            out.append(a)
            prev = a
        p = prev.parts
        glue_next = not prev.space and bool(p) and p[-1][0] == "t" and p[-1][1][-1:] in NO_END
    return out


# Full-width punctuation side by side: a closing bracket's right half and an opening bracket's left half
# are empty, so 「），」 or 「，「」 printed an em of white between two marks. Half of it goes (CLREQ's
# squeeze): the bracket is set half an em narrow. Inside an atom, which never breaks across lines (kinsoku
# glues the marks together); across two (「；《」), only where the bracket does not start a line (`Atom.lead`),
# so a squeezed bracket never hangs into a margin.
CLOSE_BRACKETS, OPEN_BRACKETS = set("）」』】》〉〕〗〙〛"), set("（「『【《〈〔〖〘〚")
SQUEEZABLE = CLOSE_BRACKETS | OPEN_BRACKETS | set("，。、；：！？")
SQUEEZE = 0.5   # of the mark's size
MARKS = set("†‡※")   # the edition's marks: after a closing bracket, a quarter of its em goes ("m"): a
SQUEEZE_MARK = 0.25  # full em of white read as a gap (tenth read), half an em as a half-width 「)」 (17th)


def squeezed(mode: str) -> float:
    """The share of its em a squeezed bracket (`Atom.squeeze`'s "l", "r" or "m") gives up."""
    return SQUEEZE_MARK if mode == "m" else SQUEEZE


def _squeeze(atoms: list) -> list:
    """Squeeze full-width marks side by side (CLREQ): inside an atom, and an opening bracket starting an
    atom after a mark ending the one before (「採用；《妙探尋兇》」: a line may break between them, so that
    bracket is squeezed only where it does not start a line, `Atom.lead`)."""
    prev = None
    for a in atoms:
        p = a.parts
        if (prev is not None and not prev.space and not prev.newline and p and p[0][0] == "t"
                and p[0][1][:1] in OPEN_BRACKETS and _last_char(prev) in SQUEEZABLE - OPEN_BRACKETS):
            a.squeeze[0] = "l"
            a.lead = True
        prev = a
        p = a.parts
        for j in range(1, len(p)):
            if p[j - 1][0] != "t" or p[j][0] != "t":
                continue
            last, first = p[j - 1][1][-1:], p[j][1][:1]
            if last in CLOSE_BRACKETS and first in SQUEEZABLE:
                a.squeeze[j - 1] = "r"
            elif last in CLOSE_BRACKETS and first in MARKS:   # 「）†」: a quarter
                a.squeeze[j - 1] = "m"
            elif first in OPEN_BRACKETS and last in SQUEEZABLE and j not in a.squeeze:
                a.squeeze[j] = "l"
    return atoms

