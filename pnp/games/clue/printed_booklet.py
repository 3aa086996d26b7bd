"""Clue: the rules booklet prints what the rules say (split from printed.py, which checks the pieces):
its numbers come from data, its deal table matches the deal, read either way round, and it lists every
edition decision with its reason."""
from __future__ import annotations

from pathlib import Path

from pnp.rules import api
from pnp.rules.api import BookletSource as Source, Pos, error

# The rules booklet prints the deal, the composition and the first player's name from data.
BOOKLET_REFS = ("data.hands", "data.categories", "data.first_player", "game.components")


def _deal(lines):
    """{player count: (hand sizes as printed, line index)} from the booklet's deal table, read either way
    round: a row per player count (`| 4 | 5 / 5 / 4 / 4 |`), or a header row of player counts over one row
    of hand sizes (`| Players | 3 | 4 | …` then `| Cards … | 6 / 6 / 6 | 5 / 5 / 4 / 4 | …`), which is two
    rows tall and so never split across pages."""
    import re

    def cells(line):
        return [c.strip() for c in line.strip().strip("|").split("|")]

    found, i = {}, 0
    while i < len(lines):
        if not lines[i].lstrip().startswith("|"):
            i += 1
            continue
        j = i
        while j < len(lines) and lines[j].lstrip().startswith("|"):
            j += 1
        rows = [(k, cells(lines[k])) for k in range(i, j) if not re.fullmatch(r"[\s|:-]+", lines[k])]
        if rows:
            head = rows[0][1]
            if len(head) > 1 and all(c.isdigit() for c in head[1:]):      # player counts across the top
                for k, row in rows[1:]:
                    if any("/" in c for c in row[1:]):
                        for n, c in zip(head[1:], row[1:]):
                            found.setdefault(int(n), (c, k))
            for k, row in rows:                                           # a row per player count
                if len(row) > 1 and row[0].isdigit():
                    found.setdefault(int(row[0]), (row[1], k))
        i = j
    return found


def check(game):
    """The booklet prints the deal, the composition and the first player from data (BOOKLET_REFS), gives
    every player count's hands as the rule deals them, and lists every edition decision."""
    from pnp.games.clue.logic import HANDS

    comp = next((c for c in game.components.values() if c.kind == "booklet"), None)
    source = (comp.options.get("source") if comp is not None and hasattr(comp, "options") else None) or "rules"
    folder = Path(game.pos.file).parent
    for lang in game.languages:
        path = Path(game.root) / f"{source}.{lang}.md"
        if not path.is_file():
            continue
        shown = f"{folder}/{path.name}"
        text = path.read_text("utf-8")
        for ref in BOOKLET_REFS:
            if ref not in text:
                yield error(Pos(shown, 1, 1), f"the rules booklet ({lang}) does not print `{ref}`: numbers and rule "
                            f"phrases come from data, so they cannot drift from the cards — use `{{{{ {ref} … }}}}`",
                            check="print")
        try:
            ctx = api.context(game, lang).base()   # data, game, palette, lang and rule(…), as the build has them
        except Exception:       # the build reports untranslatable data itself
            continue
        src = Source(path, shown, game, None)
        out = src.render(ctx)
        if out is None:
            continue            # a template error: the build reports it at its line
        yield from _decisions(game, lang, shown, out)
        deal = _deal(out.splitlines())
        for p, h in HANDS.items():
            want = " / ".join(map(str, h))
            if p not in deal:
                yield error(Pos(shown, 1, 1), f"the rules booklet ({lang}) no longer gives the hands for {p} players "
                            f"(“{want}”) — the game's deal; write it from data", check="print")
            elif deal[p][0] != want:
                yield error(Pos(shown, src.src_line(deal[p][1]), 1), f"the rules booklet ({lang}) prints "
                            f"“{deal[p][0]}” for {p} players, but the rule is “{want}”", check="print")


DECISIONS = {"en": "Edition decisions", "zh-TW": "本版自訂規則"}


def _decisions(game, lang, shown, out):
    """The booklet lists every edition decision of rules.yaml (`edition: true`) with its why, under the
    section DECISIONS names, so a player can tell the edition's rulings from the original's."""
    import re

    entries = getattr(game, "entries", None) or {}
    mine = {name: e for name, e in entries.items() if isinstance(e, dict) and e.get("edition") is True}
    if not mine or lang not in DECISIONS:
        return
    flat = " ".join(out.split())
    title = DECISIONS[lang]
    if not re.search(rf"(?m)^# {re.escape(title)}\s*$", out):
        yield error(Pos(shown, 1, 1), f"the rules booklet ({lang}) has no section “# {title}”: it lists the "
                    f"{len(mine)} edition decisions of rules.yaml with their reasons — add it", check="print")
        return
    after = flat[flat.index(f"# {title}"):]
    for name, entry in mine.items():
        why = entry.get("why")
        text = why.get(lang) if isinstance(why, dict) else why
        if isinstance(text, str) and " ".join(text.split()) not in after:
            pos = (why.at(lang) if isinstance(why, dict) and hasattr(why, "at") else
                   entry.at("why") if hasattr(entry, "at") else Pos(shown, 1, 1))
            yield error(pos, f"the edition decision `{name}` is not listed with this reason in the rules booklet "
                        f"({lang}) under “{title}” — print it there with `{{{{ game.rules.{name}.why }}}}`",
                        check="print")
