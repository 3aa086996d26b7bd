"""Sheet labels of a build: "game — component(s) — sheet n of m" in the margin of every sheet of pieces
(pnp.impose.label places them). m counts the sheets of pieces the build prints (booklets and the cover
have their own page numbers), from the plan of blank faces the cover is counted by."""
from __future__ import annotations

from pnp.impose import label as _label
from pnp.text.atoms import curly   # Holmes's → Holmes’s, as the pieces print it

FIRST = ("front", "fold", "tile")   # the page that starts a sheet (backs and blank backs belong to it)


def count(pages) -> int:
    return sum(1 for p in pages if p.side in FIRST)


SHEET = {"en": "sheet {n} of {m}", "zh-TW": "第 {n} 張紙，共 {m} 張"}   # in the build's language; 張 alone read as "card n of m"


def titles(joined_title: str) -> list:
    """The component titles a shared sheet's title joins (either separator of `joined`)."""
    import re
    return re.split(r", |、", joined_title or "")


def joined(titles, lang: str) -> str:
    """Component titles sharing a sheet, as the language lists them (zh-TW: 、, not a half-width comma)."""
    return ("、" if lang.split("-")[0] in ("zh", "ja") else ", ").join(titles)


class Sheets:
    """`per_unit`: the sheets of each call of `label` in turn (a component, or components sharing sheets),
    so a label also numbers the sheets of its own component: "Cards 2/4 — sheet 6 of 19" (a reader took
    "Cards — sheet 1 of 19" for 19 sheets of cards)."""
    def __init__(self, game: str, total: int, duplex: str = "long", lang: str = "en", per_unit=()):
        self.game, self.total, self.n, self.duplex = game, total, 0, duplex
        self.per_unit = iter(per_unit)
        self.words = SHEET.get(lang) or SHEET.get(lang.split("-")[0]) or SHEET["en"]
        self.cjk = lang.split("-")[0] in ("zh", "ja")
        self.sep = "——" if self.cjk else " — "   # Chinese dash, full width and unspaced, in zh-TW (21st read)

    def label(self, pages, title: str, registration: bool = False, numbered: bool = True):
        """The pages with their labels; a back page gets its front's label where the flip puts it (the
        front's margin strip, mirrored, is free on the back too; a label read upwards in a side margin
        too, so a Letter sheet's backs are labelled as its fronts are). With `registration` (a component's
        `options: {registration: true}`) and a duplex flip, a target beside the label, and the same target
        on the back where the flip puts it: held to the light, the two crosses show the back's offset."""
        last = side = aim = None
        registration = registration and self.duplex in ("long", "short")
        own, k = next(self.per_unit, 1), 0
        if not numbered:   # components sharing sheets: "Dice, Tokens 2/2" read as a count of the first
            own = 1        # (a read); the file's "sheet n of m" orders them
        for page in pages:
            if page.side == "back" and aim is not None:
                x, y = aim
                t = _label.TARGET
                page.targets.append((x, page.h - y - t, t) if self.duplex == "short" else (page.w - x - t, y, t))
            aim = None
            if page.side == "back" and last is not None:
                x, y, text = last
                if self.duplex == "short":
                    page.labels.append((x, page.h - y - _label.SIZE + 0.25 * _label.SIZE, text))
                else:
                    page.labels.append((page.w - x - _label.width(text), y, text))
            if page.side == "back" and side is not None:   # read upwards: its box mirrored, still upwards
                x, y, text = side
                if self.duplex == "short":
                    page.side_labels.append((x, page.h - y - _label.width(text), text))
                else:
                    page.side_labels.append((page.w - x + 0.75 * _label.SIZE, y, text))
            last = side = None
            if page.side in FIRST:
                self.n += 1
                k += 1
                tail = self.words.format(n=self.n, m=self.total)
                named = f"{page.title or title} {k}/{own}" if own > 1 else (page.title or title)
                before = len(page.side_labels)
                if page.side == "tile" and page.labels:    # the tile's own label: its name and place
                    x, y, text = page.labels[0]
                    if self.cjk:   # 「A1 (2 × 2)」: full-width brackets in zh-TW
                        text = text.replace(" (", "（").replace(")", "）").replace(" — ", self.sep)
                    page.labels[0] = (x, y, curly(self.sep.join((self.game, text, tail))))
                elif _label.put(page, curly(self.sep.join((self.game, named, tail)))):
                    if len(page.side_labels) > before:
                        side = page.side_labels[-1]
                    elif page.labels:
                        last = page.labels[-1]
                    if registration and page.side == "front":
                        aim = _label.target(page)
            yield page
