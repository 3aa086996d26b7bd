"""Text into atoms, the units line breaking works on (`pnp/render/text.py`): a Latin word, one CJK
character, an icon or a line break, with its trailing spaces. Closing punctuation is glued to the atom
before it and opening brackets to the atom after (kinsoku), and a number to its measure word or unit.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from pnp.text import spans

NO_START = set("，。、！？：；」』）》〉】〕〗〙〛”’)]}>,.!?:;%％·・…‥ー〜～々ゝゞヽヾっゃゅょァィゥェォッャュョ")
NO_END = set("「『（《〈【〔〖〘〚“‘([{<")
_NUMBER = re.compile(r"[+\-−±×x]?\d+(?:[.,:/]\d+)*%?")


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
    spec: list | None = field(default=None, repr=False, compare=False)   # parts with their faces (_specs)


_CJK = "\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\U00020000-\U0003ffff"   # the ranges of is_cjk
_CHUNK = re.compile(f"( +)|([{_CJK}]+)|[^ {_CJK}]+")    # spaces | CJK characters | a run of other characters


def tokens(text: str, icon_names, full: bool = False, nominal: float | None = None, color_of=None,
           roles=None) -> tuple[list, set]:
    """Split markup into atoms; returns (atoms, unknown icon names). `full`: the span markup of
    `pnp/render/spans.py` (raises MarkupError); else only `**bold**`, `:icon:` and new lines. A part's
    style is a spans.Style; its `size` becomes a ratio of `nominal`."""
    atoms, used = _tokens(text, full, nominal, color_of, roles)
    return atoms, {n for n in used if n not in icon_names}


def _tokens(text, full, nominal, color_of, roles) -> tuple[list, list]:
    """(atoms, names of the icons the text shows)."""
    atoms: list[Atom] = []
    used = []
    word: Atom | None = None
    for kind, piece, st in spans.split(text, full, color_of, roles):
        if st.size is not None:
            st = st._replace(size=st.size / nominal if nominal else 1.0)
        if kind == "n":
            atoms.append(Atom([], newline=True))
            word = None
            continue
        if kind == "i":
            used.append(piece)
            atoms.append(Atom([("i", piece, st)]))
            word = None
            continue
        for m in _CHUNK.finditer(piece):
            got = m.lastindex
            if got == 1:     # spaces
                if atoms and not atoms[-1].newline:
                    atoms[-1].space += m.group(1)
                word = None
            elif got == 2:   # a CJK character is an atom of its own
                for ch in m.group(2):
                    atoms.append(Atom([("t", ch, st)]))
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
    return _numbers(_kinsoku(atoms)), used


def _numbers(atoms: list) -> list:
    """Glue a number to the atom after it (its measure word or unit), keeping the space between."""
    out: list[Atom] = []
    prev = None
    for a in atoms:
        if prev is not None and prev.number and not a.newline and not prev.newline and a.parts:
            prev.parts += ([("t", prev.space, prev.parts[-1][2])] if prev.space else []) + a.parts
            prev.space = a.space
            prev.number = False
            continue
        parts = a.parts
        if len(parts) == 1:
            text = parts[0][1] if parts[0][0] == "t" else ""
        else:
            text = "".join(v for k, v, _b in parts if k == "t") if all(k == "t" for k, _v, _b in parts) else ""
        # a number starts with a digit or a sign (_NUMBER): most atoms are told apart by their first character
        a.number = bool(text) and (text[0] in _SIGNS or text[0].isdecimal()) and _NUMBER.fullmatch(text) is not None
        out.append(a)
        prev = a
    return out


_SIGNS = "+-−±×x"


def _kinsoku(atoms: list) -> list:
    out: list[Atom] = []
    glue_next = False
    prev = None
    for a in atoms:
        parts = a.parts
        if (prev is not None and not a.newline and not prev.newline and not prev.space
                and (glue_next or (parts and parts[0][0] == "t" and parts[0][1][:1] in NO_START))):
            prev.parts.extend(parts)
            prev.space = a.space
        else:
            out.append(a)
            prev = a
        p = prev.parts
        glue_next = not prev.space and bool(p) and p[-1][0] == "t" and p[-1][1][-1:] in NO_END
    return out
