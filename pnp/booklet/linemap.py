"""Where a rendered booklet line came from: for each line of the markdown a template rendered, the line of
the template source that made it, so that a problem found in the rendered text (a broken link, a phrase
that restates a rule) is reported at the line the designer edits."""
from __future__ import annotations

import difflib


EXACT_MAP = 1_000_000   # source lines x rendered lines (after their common start and end) aligned exactly:
                        # difflib takes 0.3 s at worst (every line alike) here


def line_map(src: str, out: str) -> list[int]:
    """For each line of the rendered text, the 1-based source line it came from: lines jinja left as
    they were map exactly; lines a loop or expression wrote map to the first source line of that stretch.

    The lines both share at their start and end map to each other; what lies between is aligned by
    difflib (quadratic in repeated lines: 35,000 headings took minutes) while it is small, else by
    `_forward_map`, which is linear."""
    a, b = src.split("\n"), out.split("\n")
    result = [1] * len(b)
    head = 0
    while head < len(a) and head < len(b) and a[head] == b[head]:
        result[head] = head + 1
        head += 1
    tail = 0
    while tail < len(a) - head and tail < len(b) - head and a[-1 - tail] == b[-1 - tail]:
        result[len(b) - 1 - tail] = len(a) - tail
        tail += 1
    a_mid, b_mid = a[head:len(a) - tail], b[head:len(b) - tail]
    if len(a_mid) * len(b_mid) > EXACT_MAP:
        for j, line in enumerate(_forward_map(a_mid, b_mid)):
            result[head + j] = head + line
        return result
    sm = difflib.SequenceMatcher(None, a_mid, b_mid, autojunk=False)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        for j in range(j1, j2):
            result[head + j] = (head + i1 + (j - j1) + 1) if tag == "equal" else min(head + i1 + 1, len(a))
    return result


def _forward_map(a: list, b: list) -> list[int]:
    """1-based lines of a for the lines of b, in one pass: a line of b maps to the next line of a (at or
    after the last one matched) that reads the same, when that is the very next line or the line after
    it matches too (a blank line a loop wrote must not jump to a blank line far ahead); else it is a
    written line and maps to the line after the last match. jinja writes its template's text in order,
    in runs of lines, so those are found in order; O(n log n)."""
    import bisect
    where: dict = {}
    for i, line in enumerate(a):
        where.setdefault(line, []).append(i)
    out, at = [], 0
    for j, line in enumerate(b):
        spots = where.get(line)
        k = bisect.bisect_left(spots, at) if spots else 0
        if spots and k < len(spots) and (spots[k] == at or j + 1 == len(b)
                                         or (spots[k] + 1 < len(a) and a[spots[k] + 1] == b[j + 1])):
            at = spots[k] + 1
            out.append(at)
        else:
            out.append(min(at + 1, len(a)) if a else 1)
    return out
