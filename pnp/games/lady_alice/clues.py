"""Lady Alice: the checks of the clue cards (each element told apart by its printed name, a time card
named by its hour) and of where Holmes's desk and notebook list them (one panel or section per category,
in the order of the card codes)."""
from __future__ import annotations

import re

from pnp.rules import api
from pnp.rules.api import ContentTemplateError, MissingTranslation, data_pos, error
from pnp.games.lady_alice.logic import CATEGORIES, NOTEBOOK_PAGES, NOTEBOOK_SECTIONS, PER_CATEGORY

TIME_NAME = re.compile(r"^(\d{1,2}):00$")


def _rendered_names(game, clues, lang) -> dict:
    """{clue id: its name as printed in `lang`} (content text is a template); raw text if it cannot
    be rendered (the build reports the broken template at its line)."""
    try:
        deck = api.context(game, lang).game["decks"][clues.id]
        return {card["id"]: card.get("name") for card in deck}
    except (ContentTemplateError, MissingTranslation):
        return {item.id: game.text(item.get("name"), lang) for item in clues.items}


def check_names(game, clues):
    """Every element is told apart by its printed name in every language; a time card's name is its hour."""
    names = {lang: _rendered_names(game, clues, lang) for lang in game.languages}
    for lang in game.languages:
        seen = {}
        for item in clues.items:
            name = names[lang].get(item.id)
            if not isinstance(name, str):
                continue
            key = " ".join(name.split()).casefold()
            if key in seen:
                yield error(item.at("name"), f"clue `{item.id}` has the same {lang} name as `{seen[key]}` "
                            f"(“{name}”) — every element needs its own name", item.id, "names")
            else:
                seen[key] = item.id
    # every picture and every hour once: declared in game.yaml `checks:`, required here
    yield from api.require(game, clues.id, "unique", ("art",), "names")
    yield from api.require(game, clues.id, "unique", ("hour",), "names")
    for item in clues.items:
        cat = item.get("category")
        if cat == "time":
            hour = item.get("hour")
            if not isinstance(hour, int) or not 0 <= hour <= 23:
                yield error(item.at("hour") if "hour" in item.data else item.pos, f"time clue `{item.id}` needs an "
                            f"`hour` from 0 to 23 (its clock face)", item.id, "names")
                continue
            for lang in game.languages:
                name = names[lang].get(item.id)
                m = TIME_NAME.match(name if isinstance(name, str) else "")
                if not m or int(m.group(1)) != hour:
                    yield error(item.at("name"), f"time clue `{item.id}` is named “{name}” but its clock shows "
                                f"{hour}:00 — name it {hour}:00", item.id, "names")
        elif cat in CATEGORIES:
            art = item.get("art")
            if not art:
                yield error(item.pos, f"{cat} clue `{item.id}` has no `art` (its picture)", item.id, "names")


def check_categories(game, clues):
    """A card whose category differs from where the desk and the notebook both list it: the card's line
    is the root cause (the counts and lists that then disagree follow from it)."""
    desk, notebook = game.data.get("desk"), game.data.get("notebook")
    if not isinstance(desk, dict) or not isinstance(notebook, dict):
        return
    def where(lists):
        return {e: c for c, ids in lists.items() if isinstance(ids, list) for e in ids if isinstance(e, str)}
    d, n = where(desk), where(notebook)
    for item in clues.items:
        listed = d.get(item.id)
        if listed and listed == n.get(item.id) and listed != item.get("category"):
            yield error(item.at("category"), f"clue `{item.id}` is a {item.get('category')} card, but the desk and the "
                        f"notebook list it under {listed} — set `category: {listed}` (or move it in both lists)",
                        item.id, "clues")


def check_arrangement(game, name, els, by_id):
    """`data.desk` / `data.notebook`: one panel or section per category, each listing its 8 ids once."""
    data = game.data.get(name)
    what = {"desk": "Holmes's desk (`data.desk`)", "notebook": "Holmes's notebook (`data.notebook`)"}[name]
    if not isinstance(data, dict):
        yield error(data_pos(game, name), f"{what} is missing — list the clue ids of each category", check=name)
        return
    for cat in data:
        if cat not in CATEGORIES:
            yield error(data_pos(game, name, cat), f"{what}: `{cat}` is not a category ({', '.join(CATEGORIES)})",
                        check=name)
    for cat in CATEGORIES:
        ids = data.get(cat)
        if not isinstance(ids, list):
            yield error(data_pos(game, name), f"{what} has no list for `{cat}`", check=name)
            continue
        seen = set()
        for i, e in enumerate(ids):
            pos = data_pos(game, name, cat, i)
            if not isinstance(e, str):
                yield error(pos, f"{what}: `{e}` should be a clue card id", None, name)
                continue
            if e in seen:
                yield error(pos, f"{what}: `{e}` appears twice", e, name)
            seen.add(e)
            if e not in by_id:
                yield error(pos, f"{what}: `{e}` is not a clue card id", e, name)
            elif by_id[e] != cat:
                yield error(pos, f"{what}: `{e}` is a {by_id[e]} card, listed under {cat}", e, name)
        for e in els.get(cat, []):
            if e not in seen:
                yield error(data_pos(game, name, cat), f"{what}: the {cat} clue `{e}` has no "
                            f"{'field' if name == 'desk' else 'page'}", e, name)
        want = PER_CATEGORY if name == "desk" else NOTEBOOK_PAGES
        if len(ids) != want:
            yield error(data_pos(game, name, cat), f"{what}: {len(ids)} entries for {cat} — there are "
                        f"{want}", check=name)
    if name == "notebook" and len(data) != NOTEBOOK_SECTIONS:
        yield error(data_pos(game, name), f"{what} has {len(data)} sections — the notebook has "
                    f"{NOTEBOOK_SECTIONS}", check=name)


def check_order(game):
    """One order everywhere: the card codes' letters (A, B, C …) follow the notebook's sections from the
    top of the spine, and the desk's panels follow the same order (a player looks for C3 in one place)."""
    notebook = game.data.get("notebook")
    desk = game.data.get("desk")
    cats = game.data.get("categories")
    if not isinstance(notebook, dict) or not isinstance(cats, dict):
        return
    order = [c for c in notebook if c in CATEGORIES]
    letters = [cats.get(c, {}).get("letter") if isinstance(cats.get(c), dict) else None for c in order]
    want = [chr(ord("A") + i) for i in range(len(order))]
    for cat, have, w in zip(order, letters, want):
        if have != w:
            yield error(data_pos(game, "categories", cat, "letter"), f"the {cat} code letter is {have!r}, but {cat} "
                        f"is section {w} of the notebook (`data.notebook` order) — write letter: {w}", check="order")
    if isinstance(desk, dict) and [c for c in desk if c in CATEGORIES] != order:
        yield error(data_pos(game, "desk"), f"Holmes's desk lists its panels as {', '.join(desk)}, the notebook "
                    f"and the card codes as {', '.join(order)} — put the desk's panels in the notebook's order",
                    check="order")
