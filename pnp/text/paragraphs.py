"""A text's paragraphs, for `fit.py`: where they begin, each broken into lines (`breaks.paragraph`, with a
bulleted paragraph's hanging indent) and their lines joined, finished (`breaks.finish`)."""
from __future__ import annotations

from pnp.text import breaks

BULLETS = set("•◦▪‣")   # a paragraph starting with one of these and a space hangs: its lines start where its text does


def hang(atoms, para, ws, space_w) -> float:
    """The indent of a bulleted paragraph's lines after its first (its bullet and the space after it), or 0."""
    if len(para) < 2:
        return 0.0
    a = atoms[para[0]]
    if not (a.space and len(a.parts) == 1 and a.parts[0][0] == "t" and a.parts[0][1] in BULLETS):
        return 0.0
    return ws[para[0]] + len(a.space) * space_w


def break_all(atoms, paras, ws, space_w, width, size, width_of) -> list:
    """breaks.paragraph of every paragraph (lists of atom indexes), atoms `ws` wide, each with its hanging
    indent (`hang`): a bulleted paragraph's text is broken at the width less its bullet, which then
    starts its first line (a read found an aid's bullet lines running back under the bullet). `width_of`:
    an atom's width (for the characters of a glossary word split when wider than the line)."""
    out = []
    for para in paras:
        indent = hang(atoms, para, ws, space_w)
        body = para[1:] if indent else para
        got = breaks.paragraph([(atoms[i], ws[i]) for i in body], width - indent, space_w, size, width_of)
        if indent:
            lines = [list(line) for line in got[0]]
            lines[0] = [(atoms[para[0]], ws[para[0]])] + lines[0]
            got = (lines, *got[1:])
        out.append((*got, indent))
    return out


def join(got, width, space_w, balance, size):
    """Lines of every paragraph, finished (breaks.finish); returns (lines, widest overflow of an unbreakable
    atom, indexes of lines ended by a line break in the text — never justified, torn, each line's hanging
    indent: (indent, whether it is the line holding the bullet))."""
    lines, over, hard, torn, hangs = [], 0.0, set(), False, []
    for para in got:
        hang = para[5] if len(para) > 5 else 0.0
        done = breaks.finish(para, width - hang, space_w, balance, size)
        lines += done
        hangs += [(hang, k == 0) for k in range(len(done))]
        over = max(over, para[1])
        torn = torn or para[2]
        hard.add(len(lines) - 1)
    return lines, over, hard, torn, hangs


def paragraphs(atoms) -> list:
    """The atom indexes of each paragraph (split at the text's line breaks)."""
    paras, para = [], []
    for i, a in enumerate(atoms):
        if a.newline:
            paras.append(para)
            para = []
        else:
            para.append(i)
    paras.append(para)
    return paras
