"""The ids of a spreadsheet's cards: an `id` column is optional (a designer's exported sheet has none).

A card without an id gets the slug of its `name` (or of the column the component's `id_from:` names) (`pnp.content.schema.slug`: lower-case ASCII, `-`,
accents dropped), or `row-N` where the name has no Latin letters (`火龍`) or there is no name: no
other script is transliterated, since a transliteration table that changed would change the ids. The
row number is stable for the file as it is, and changes when rows move, which the reference says.
One id on several rows is a problem at each of them, naming the others (the loader then does not
report the second again).
"""
from __future__ import annotations

from pnp.content.schema import slug
from pnp.content.yamlfile import YList, YMap
from pnp.core.errors import Collector

# the reference's section on spreadsheets (`pnp docs`); the example is loaded by tests/test_sheets_first.py
EXAMPLE = "Name,Kind,Cost,Copies\nFire Mage,spell,3,2\nCafé Noir,beast,1,\n火龍,beast,5,\n"
EXAMPLE_IDS = ("fire-mage", "cafe-noir", "row-4")
ID_FROM, ID_FROM_SHEET = "id_from: title", "Name,Title,Cost\nMage,Fire Mage,3\nMage,Ice Mage,2\nOwl,,1\n"
ID_FROM_IDS = ("fire-mage", "ice-mage", "row-4")
REFERENCE = (
    "`cards:` may name a `.csv`, `.tsv`, `.xlsx` or `.ods` file (`sheet: NAME` picks a workbook's sheet, default "
    "the first). The first row names the fields, whatever their case and the spaces around them (`Name`, `NAME` "
    "and `name` between spaces are the field `name`, `Flavour Text` is `flavour_text`, `name.EN` is `name.en`); "
    "each further row is a card. `name.en` / `name.zh-TW` columns make the text field `name`; `copies` works as in a deck file; an empty "
    "cell means \"not given\".\n\n"
    "**Ids.** An `id` column is optional (a declared one still works, and an empty cell in it is derived). A card "
    "without an id gets the slug of its `name`: lower-case ASCII letters, digits and `-`, accents dropped "
    "(`Café Noir!` is `cafe-noir`; a translated name: the first of the game's languages whose name has Latin "
    "letters). Where the name gives none (`火龍`, no other script is transliterated, or no `name` column) the id "
    "is `row-N`, N the card's row in the sheet: it changes when rows move, so give such a card an `id` cell where "
    "something refers to it. One id on two rows is a problem at both rows; an id that is not valid suggests its "
    "slug (`My Card`: did you mean `my-card`?). This sheet\n\n```\n" + EXAMPLE + "```\n\ngives the cards "
    + ", ".join(f"`{i}`" for i in EXAMPLE_IDS) + " (the first twice).\n\n"
    "**`id_from:`** A component may make its ids from another column than `name`: with `" + ID_FROM + "` the "
    "cards of this sheet\n\n```\n" + ID_FROM_SHEET + "```\n\nare " + ", ".join(f"`{i}`" for i in ID_FROM_IDS)
    + " (an empty cell there: `row-N`; an `id` cell still wins). A column the sheet does not have is a problem at "
    "the `id_from:` line with a did-you-mean (`id_from: titel`: did you mean `title`?); `id_from` on a YAML deck "
    "is a problem too (its items give their own `id:`).\n\n"
    "**Types** are the same in every format: `int` (a whole number: `3.0` is 3, and `3.5` is a problem at its cell "
    "in a CSV as in a workbook), `number`, `bool` (true/false, yes/no, 1/0, x), `enum`, `list` (split on the "
    "field's `sep`, default `;`); a number in a `str` or `text` column is its text (`2`). Problems name the cell: "
    "`cards.csv:7:4 (column cost): …`, `cards.xlsx:Deck!D7: value must be a whole number ('tres')`. A header that "
    "is no declared field is one problem with a did-you-mean (the field it is close to is then not also missing "
    "on every card), a required field without a column one problem at the header row. More than 10,000 cards is "
    "an error, never a truncation.")


def derive_id(card: YMap, row: int, langs, source: str = "name") -> None:
    """A card without an id gets the slug of its `name` (or of the field `source`, the component's
    `id_from:`; a translated text: of the first of the game's languages whose text has Latin letters), or
    `row-N` (N its row in the sheet) where that gives none."""
    name = card.get(source)
    texts = [name] if isinstance(name, str) else []
    if isinstance(name, dict):
        texts = [name[lg] for lg in langs if isinstance(name.get(lg), str)]
        texts += [v for k, v in name.items() if k not in langs and isinstance(v, str)]
    for text in texts:
        if slug(text):
            card["id"], card.derived = slug(text), source
            card.key_pos["id"] = card.val_pos["id"] = card.val_pos.get(source, card.pos)
            return
    card["id"], card.derived = f"row-{row}", "row"
    card.key_pos["id"] = card.val_pos["id"] = card.pos


def duplicates(cards: YList, col: Collector) -> set:
    """An id on several rows is a problem at each of them, naming the others; the positions reported."""
    rows: dict = {}
    for card in cards:
        rows.setdefault(str(card.get("id")), []).append(card)
    done = set()
    for cid, same in rows.items():
        if len(same) < 2:
            continue
        for card in same:
            others = [c.pos.line for c in same if c is not card]
            source = getattr(card, "derived", None)
            derived = source not in (None, "row")
            what = (f"the id `{cid}`" + ("" if not derived else " (from the name)" if source == "name" else
                                         f" (from the column `{source}`)")
                    + f" is also the id of row{'s' if len(others) > 1 else ''} " + ", ".join(map(str, others)))
            todo = (f"give the cards different {'names' if source == 'name' else source + 's'}, or an `id` column "
                    "with an id for each; the same card "
                    "twice is one row with a `copies` column" if derived else
                    "give each card its own id; the same card twice is one row with a `copies` column")
            col.add(card.at("id"), what, todo)
            done.add(card.at("id"))
    return done
