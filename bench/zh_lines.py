"""How the zh-TW lines of the games come out: `python bench/zh_lines.py [GAME …]`.

Builds the games in zh-TW on A4 or Letter (into a temporary folder, with empty face and booklet caches so that
every text is laid out) and counts, over every CJK paragraph's lines but its last:

- short: lines left more than half an em (1.5 em) short at their end, as drawn (not spread);
- spread: lines whose characters are spread more than 0.04, 0.06 or 0.09 em a gap (after the spaces took
  their part): readers measuring character pitch called 3–4% mild, 6% and more letter-spaced, 10%
  heavily spaced;
- torn: lines ending inside a dictionary word (`pnp/text/cjkwords.py`: a word torn across lines);
- in phrase: lines ending between two words of one BudouX phrase (「包括／你自己」);
- bracket edge: lines ending two characters or fewer inside a bracket (「（有／好幾張時」);
- orphans: paragraphs ending on a line of one or two characters.

Prints the figures and, with `--show`, the short, spread, torn and in-phrase lines themselves; `--paper=letter` builds on US Letter. `--phrases-only` lays the lines out
without the dictionary (BudouX's phrases alone, as before it), counting them the same way.
"""
from __future__ import annotations

import collections
import os
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main(argv) -> None:
    show = "--show" in argv
    phrases_only = "--phrases-only" in argv
    paper = next((a.split("=", 1)[1] for a in argv if a.startswith("--paper=")), "a4")
    games = [a for a in argv if not a.startswith("--")]
    tmp = Path(tempfile.mkdtemp(prefix="pnp-zh-lines-"))
    from pnp.core.cache import cache_root
    fonts = cache_root() / "fonts"
    (tmp / "cache").mkdir()
    if fonts.is_dir():
        os.symlink(fonts, tmp / "cache" / "fonts")   # the converted fonts; no faces, no booklet lines
    os.environ["PNP_CACHE"] = str(tmp / "cache")
    from pnp.commands.cli import main as cli
    from pnp.text import breaks, cjklines, cjkspace, cjkwords, fit, paragraphs
    from pnp.text.atoms import is_cjk

    stats: collections.Counter = collections.Counter()
    shown: list = []
    last: dict = {}
    join, lay = paragraphs.join, fit._layout

    def watched_join(got, width, space_w, balance, size):
        last["args"] = (got, width, space_w, balance, size)
        return join(got, width, space_w, balance, size)

    def text(line):
        return "".join(v if k == "t" else "◆" for a, _w in line for k, v, _s in a.parts)

    def watched_layout(*a, **k):
        last.clear()
        out = lay(*a, **k)
        align = a[7] if len(a) > 7 else k.get("align", "left")
        if "args" in last:
            count(*last["args"], align)
        return out

    def count(got, box_width, space_w, balance, size, align):
        for para in got:
            if para[3] != "cjk":
                continue
            hang = para[5] if len(para) > 5 else 0.0   # a bulleted paragraph's measure (fit._hang)
            width = box_width - hang
            lines = breaks.finish(para, width, space_w, balance, size)
            atoms = [a for ln in lines for a, _w in ln]
            costs = counted_costs(atoms) if len(atoms) > 1 else []
            at = 0
            for n, line in enumerate(lines[:-1]):
                at += len(line)
                stats["lines"] += 1
                edge = (cjklines._bracket_edges(text(line) + text(lines[n + 1]))[len(text(line))]
                        and is_cjk((text(line) or " ")[-1]) and is_cjk((text(lines[n + 1]) or " ")[0]))
                cost = costs[at - 1] - (cjklines.BRACKET_COST if edge else 0.0)
                stats["torn"] += cost == cjklines.IN_WORD
                stats["in phrase"] += cost == cjklines.BETWEEN_WORDS
                stats["bracket edge"] += edge
                if show and edge:
                    shown.append(f"bracket  {text(line)[-8:]}｜{text(lines[n + 1])[:8]}")
                if show and cost == cjklines.BETWEEN_WORDS:
                    shown.append(f"phrase  {text(line)[-8:]}｜{text(lines[n + 1])[:8]}")
                if show and cost == cjklines.IN_WORD:
                    shown.append(f"torn  {text(line)}｜{text(lines[n + 1])}")
                natural = breaks.line_width(line, space_w, size)
                slack = max(0.0, cjkspace.edge(width, size) - natural) / size
                per_space, per_gap = ((0.0, 0.0) if align not in ("justify", "left") else
                                      cjkspace.stretch(line, slack * size, size, cjkspace.SPREAD))
                if slack > 1e-6 and not (per_space or per_gap) and align in ("justify", "left"):   # (centred: no fault)
                    stats["short > 0.5 em"] += slack > 0.5
                    stats["short > 1.5 em"] += slack > 1.5
                    if slack > 0.5 and show:
                        shown.append(f"{slack:4.1f} em of {width / size:4.1f}  {text(line)}｜{text(lines[n + 1])}")
                stats["spread > 0.04 em"] += per_gap / size > 0.04
                if show and per_gap / size > 0.04:
                    shown.append(f"{100 * per_gap / size:4.1f}%  {width / size:4.1f} em  {text(line)}｜{text(lines[n + 1])[:6]}")
                stats["spread > 0.06 em"] += per_gap / size > 0.06
                stats["spread > 0.09 em"] += per_gap / size > 0.09
            held = sum(cjklines.chars(a) for a, _w in lines[-1])
            stats["orphans"] += len(lines) > 1 and held <= 2

    words = cjkwords.word_ends
    counted_costs = cjklines.break_costs
    if phrases_only:
        def counted_costs(atoms):
            cjkwords.word_ends = words
            try:
                return cjklines.break_costs(atoms)
            finally:
                cjkwords.word_ends = lambda text: None
        cjkwords.word_ends = lambda text: None
    paragraphs.join, fit._layout = watched_join, watched_layout
    try:
        cli(["build", *games, "--lang", "zh-TW", "--paper", paper, "--out", str(tmp / "out"), "-j", "1"],
            standalone_mode=False)
    except SystemExit as e:     # the command's own exit: a failed build is no figure
        if e.code:
            raise
    finally:
        paragraphs.join, fit._layout = join, lay
        cjkwords.word_ends = words
        shutil.rmtree(tmp, ignore_errors=True)
    print("\n".join(shown))
    print(f"zh-TW lines (all but each paragraph's last): {stats['lines']}")
    for key in ("short > 0.5 em", "short > 1.5 em", "spread > 0.04 em", "spread > 0.06 em", "spread > 0.09 em", "torn", "in phrase",
                "bracket edge", "orphans"):
        print(f"  {key:17} {stats[key]}")


if __name__ == "__main__":
    main(sys.argv[1:])
