"""Lady Alice: the rules engine's checks (clues, desk, notebook, Holmes cards, tokens, verdicts, the
published numbers in `data:`, the printed texts that carry them), the summary and the report charts.

The constants and the game logic live in `lady_alice_logic` (re-exported here); the checks of printed
texts in `lady_alice_print`. Content may only restate the constants: `data:` values that differ are
reported at their line, and everything a player reads takes them from `data:`.
"""
from __future__ import annotations

import re
from collections import Counter

from pnp.rules import api
from pnp.rules.api import ContentTemplateError, MissingTranslation, data_pos, error
from pnp.games.lady_alice.logic import *  # noqa: F403 (the public game logic, used by tests and the report)
from pnp.games.lady_alice.logic import (ACCUSE_BLUE, ALL_BLUE, CATEGORIES, CLUE_CARDS, DEAL, FIELD_CAPACITY,
                                        HOLMES_CARDS, NOTEBOOK_PAGES, NOTEBOOK_SECTIONS, PER_CATEGORY, PLAYERS,
                                        SCORING, TOKEN_COLOURS, TOKEN_VALUES, VERDICT_SETS, dealt)
from pnp.games.lady_alice.printed import _context, check_printed
from pnp.games.lady_alice.published import RULES
from pnp.games.lady_alice.report import SIM_DEALS, report, summary  # noqa: F401 (found by the rules engine)

# data key → the constant it restates (the published rules); what it means, for messages
DATA_RULES = {
    "capacity": (FIELD_CAPACITY, "deduction tokens per desk field, by number of players"),
    "deal": (DEAL, "cards put away unseen (hidden) and added from the rest (extra), by number of players"),
    "accuse_blue": (ACCUSE_BLUE, "blue verdicts an accusation needs, by number of players"),
    "all_blue": (ALL_BLUE, "blue verdicts of a fully right suspicion, by number of players"),
    "scoring": (SCORING, "the bonus points"),
    "token_values": (TOKEN_VALUES, "deduction tokens of each value in one colour"),
}
TIME_NAME = re.compile(r"^(\d{1,2}):00$")


# ---- positions ----------------------------------------------------------------------------------------


def _norm(v):
    """YAML keys may be 3 or "3": compare as text."""
    if isinstance(v, dict):
        return {str(k): _norm(x) for k, x in v.items()}
    return v


def _check_data_rules(game):
    for key, (want, what) in DATA_RULES.items():
        have = game.data.get(key)
        if have is None:
            yield error(data_pos(game), f"`data.{key}` is missing — the game's {what}: {want}", check="data")
            continue
        yield from _compare(game, (key,), _norm(have), _norm(want), what)


def _compare(game, path, have, want, what):
    name = "data." + ".".join(map(str, path))
    if isinstance(want, dict):
        if not isinstance(have, dict):
            yield error(data_pos(game, *path), f"`{name}` should be a map ({what})", check="data")
            return
        for k in have:
            if k not in want:
                yield error(data_pos(game, *_real(game, path, k)), f"`{name}.{k}` is not in the rules ({what}: "
                            f"{', '.join(want)}) — remove it", check="data")
        for k, w in want.items():
            if k not in have:
                yield error(data_pos(game, *path), f"`{name}` has no `{k}` — the rules say {w} ({what})", check="data")
            else:
                yield from _compare(game, _real(game, path, k), have[k], w, what)
    elif have != want:
        yield error(data_pos(game, *path), f"`{name}` is {have} — the published rules say {want} ({what}); "
                    f"write {want}", check="data")


def _real(game, path, k):
    """The YAML key as written (an int 3 or a string "3") so that positions resolve."""
    node = game.data
    for p in path:
        node = node.get(p, {}) if isinstance(node, dict) else {}
    if isinstance(node, dict):
        for real in node:
            if str(real) == k:
                return (*path, real)
    return (*path, k)


def _check_example(game):
    """The booklet's worked example (game.yaml `data.example`, an example and not a rule) must be a game
    that can happen: each suspicion's blue count is what the verdicts give against the example's case."""
    ex = game.data.get("example")
    if not isinstance(ex, dict):
        return
    where = data_pos(game, "example")
    els = elements_of(game)
    case = ex.get("case") or []
    suspicions = ex.get("suspicions") or []
    try:
        for s in list(case) + [e for sus in suspicions for e in (sus.get("names") or [])]:
            category_of(s, els)
    except KeyError as e:
        yield error(where, f"`data.example`: {e.args[0]} — name clue ids from clues.yaml", check="example")
        return
    if sorted(category_of(e, els) for e in case) != sorted(CATEGORIES):
        yield error(data_pos(game, "example", "case"), "`data.example`: the case should name one element of each "
                    "category — list four clue ids, one per category", check="example")
        return
    for i, sus in enumerate(suspicions, 1):
        names, said = list(sus.get("names") or []), sus.get("blue")
        got = verdict_count(names, case, els)
        if got != said:
            yield error(data_pos(game, "example", "suspicions", i - 1, "blue"), f"`data.example`: suspicion {i} "
                        f"({', '.join(names)}) gets {got} blue against the case {', '.join(case)}, not {said} — "
                        f"change the case or the blue count, and the booklet's example with them", check="example")


EDITION_TITLE = {"en": "Edition decisions", "zh-TW": "本版自訂規則"}
SPACE = re.compile(r"\s+")


def _check_edition_list(game):
    """Each booklet lists every edition decision of rules.yaml under its "Edition decisions" heading,
    with the entry's own sentence of why (rendered as the build renders the booklet)."""
    entries = getattr(game, "entries", None) or {}
    decided = [(name, e) for name, e in entries.items() if isinstance(e, dict) and e.get("edition") is True]
    if not decided:
        return
    layouts = api.layouts(game)
    for lang in game.languages:
        path = game.root / f"rules.{lang}.md"
        if not path.is_file():
            continue
        rel = api.display_path(path)
        try:
            text = api.render(path.read_text("utf-8"), _context(game, layouts, lang))
        except Exception:  # noqa: BLE001 (a broken booklet template is the build's error, at its line)
            continue
        title = EDITION_TITLE.get(lang, EDITION_TITLE["en"])
        at = re.search(rf"(?m)^#+\s*{re.escape(title)}\s*$", text)
        if at is None:
            yield error(api.Pos(rel, 1, 1), f"the {lang} rules booklet has no section “{title}” — add it and list each "
                        f"edition decision of rules.yaml with its why", check="rules:edition")
            continue
        section = SPACE.sub(" ", text[at.end():].split("\n# ", 1)[0])
        for name, entry in decided:
            why = entry.get("why")
            said = why.get(lang) if isinstance(why, dict) else why
            if not isinstance(said, str):
                continue
            if SPACE.sub(" ", said.strip()) not in section:
                pos = entry.at("why") if hasattr(entry, "at") and "why" in entry else entries.at(name)
                yield error(pos, f"rule `{name}` is an edition decision the {lang} rules booklet does not list — "
                            f"write its why, “{said.strip()}”, under “{title}” in {path.name}", check="rules:edition")


# ---- the checks -----------------------------------------------------------------------------------------
def check(game):
    yield from api.judge(game, RULES)
    comps = game.components
    clues = comps.get("clues")
    if clues is None:
        yield error(game.pos, "Lady Alice needs a `clues` component with the 32 clue cards", check="clues")
        return
    yield from _check_example(game)
    yield from _check_edition_list(game)
    els = {c: [] for c in CATEGORIES}
    for item in clues.items:
        els.setdefault(item["category"], []).append(item.id)
        if item.copies != 1:
            yield error(item.at("copies"), f"clue `{item.id}` is printed {item.copies} times — every element "
                        f"exists once", item.id, "clues")
    for cat in CATEGORIES:
        if len(els[cat]) != PER_CATEGORY:
            yield error(clues.source or clues.pos, f"{len(els[cat])} {cat} clue cards — the game has "
                        f"{PER_CATEGORY} of each category", check="clues")
    total = sum(len(v) for v in els.values())
    if total != CLUE_CARDS:
        yield error(clues.source or clues.pos, f"{total} clue cards — the game has {CLUE_CARDS}", check="clues")
    yield from _check_names(game, clues)
    yield from _check_categories(game, clues)
    by_id = {e: c for c, ids in els.items() for e in ids}
    for name in ("desk", "notebook"):
        yield from _check_arrangement(game, name, els, by_id)
    yield from _check_order(game)
    yield from _check_binding(game)
    yield from _check_data_rules(game)
    yield from _check_pieces(game)
    players = game.meta.get("players")
    want = f"{min(PLAYERS)}-{max(PLAYERS)}"
    if str(players).replace("–", "-").replace(" ", "") != want:
        yield error(game.meta.at("players") if "players" in game.meta else game.pos, f"`players: {players}` — "
                    f"Lady Alice is for {want} players; write `players: \"{want}\"`", check="players")
    yield from _check_tokens(game)
    yield from check_printed(game)


def _rendered_names(game, clues, lang) -> dict:
    """{clue id: its name as printed in `lang`} (content text is a template); raw text if it cannot
    be rendered (the build reports the broken template at its line)."""
    try:
        deck = api.context(game, lang).game["decks"][clues.id]
        return {card["id"]: card.get("name") for card in deck}
    except (ContentTemplateError, MissingTranslation):
        return {item.id: game.text(item.get("name"), lang) for item in clues.items}


def _check_names(game, clues):
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


def _check_categories(game, clues):
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


def _check_binding(game):
    """The notebook's strips stack into the cover, and every strip gets punch marks to bind it by."""
    b = game.data.get("binding")
    if not isinstance(b, dict) or not all(isinstance(b.get(k), (int, float)) for k in ("first", "pitch", "count", "diameter")):
        yield error(data_pos(game, "binding"), "`data.binding` needs numbers first, pitch, count and diameter (mm)",
                    check="binding")
        return
    try:
        geo = api.layouts(game).geometry
        page_h, cover_h = geo("lady-alice/notebook-page")["h"], geo("lady-alice/notebook-cover")["h"]
    except Exception:  # noqa: BLE001 (a missing or broken layout is reported by the build)
        return
    if abs(page_h * NOTEBOOK_SECTIONS - cover_h) > 0.01:
        yield error(data_pos(game, "notebook"), f"{NOTEBOOK_SECTIONS} notebook strips of {page_h:g} mm make "
                    f"{page_h * NOTEBOOK_SECTIONS:g} mm, the cover is {cover_h:g} mm — they must stack to the cover's "
                    f"height", check="binding")
    holes = [b["first"] + i * b["pitch"] for i in range(int(b["count"]))]
    r = b["diameter"] / 2
    if holes and (holes[0] - r < 0 or holes[-1] + r > cover_h):
        yield error(data_pos(game, "binding"), f"punch marks from {holes[0]:g} to {holes[-1]:g} mm run off the "
                    f"{cover_h:g} mm cover", check="binding")
    for i in range(NOTEBOOK_SECTIONS):
        top, bottom = i * page_h, (i + 1) * page_h
        if not any(top + r <= h <= bottom - r for h in holes):
            yield error(data_pos(game, "binding"), f"notebook section {i + 1} ({top:g}–{bottom:g} mm on the spine) "
                        f"gets no whole punch mark — it could not be bound", check="binding")


def _check_arrangement(game, name, els, by_id):
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


def _check_order(game):
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


def _check_pieces(game):
    """Counts of the other pieces, and the linked numbers between them."""
    comps = game.components
    expected = {"holmes": HOLMES_CARDS, "verdict-cards": VERDICT_SETS, "verdict-folders": VERDICT_SETS,
                "aids": max(PLAYERS)}                        # a reminder card for every student
    for cid, n in expected.items():
        comp = comps.get(cid)
        if comp is None:
            yield error(game.pos, f"no `{cid}` component — Lady Alice needs {n}", check="components")
        elif comp.total != n:
            yield error(comp.pos, f"`{cid}` has {comp.total} pieces — the game needs {n}", check="components")
    notebook = comps.get("notebook")
    if notebook is not None and notebook.total != NOTEBOOK_SECTIONS * NOTEBOOK_PAGES:
        yield error(notebook.pos, f"the notebook has {notebook.total} pages — it needs {NOTEBOOK_SECTIONS} "
                    f"sections of {NOTEBOOK_PAGES}", check="components")
    # linked: the most students the game takes each need a colour, a verdict set and a token per true element
    most = max(PLAYERS)
    colours = game.data.get("token_colours")
    if isinstance(colours, dict) and len(colours) < most:
        yield error(data_pos(game, "token_colours"), f"{len(colours)} token colours for up to {most} students — "
                    f"each student needs a colour", check="linked")
    true_most = max(dealt(p) for p in PLAYERS)           # true elements in play at most (5 players)
    tokens = comps.get("tokens")
    if tokens is not None:
        per_colour = Counter()
        for item in tokens.items:
            per_colour[item.get("colour")] += item.copies
        for colour, n in per_colour.items():
            if n < true_most:
                first = next(it for it in tokens.items if it.get("colour") == colour)
                yield error(first.pos, f"a {colour} student has {n} tokens: with {max(PLAYERS)} students there are "
                            f"{true_most} true elements, so the bonus for a token on every one could never be "
                            f"earned", check="linked")
        if len(per_colour) < most:
            yield error(tokens.pos, f"{len(per_colour)} token colours for up to {most} students", check="linked")
    elements_ruled_out = CLUE_CARDS - min(dealt(p) + DEAL[p]["hidden"] for p in PLAYERS)
    holmes = comps.get("holmes")
    if holmes is not None and holmes.total < elements_ruled_out:
        yield error(holmes.pos, f"{holmes.total} Holmes cards, but up to {elements_ruled_out} elements can be ruled "
                    f"out", check="linked")


def _check_tokens(game):
    comp = game.components.get("tokens")
    if comp is None:
        yield error(game.pos, "no `tokens` component — Lady Alice needs 5 colours of deduction tokens", check="tokens")
        return
    sets: dict = {}
    for item in comp.items:
        sets.setdefault(item["colour"], Counter())[item["value"]] += item.copies
    if len(sets) != TOKEN_COLOURS:
        yield error(comp.pos, f"{len(sets)} token colours — the game has {TOKEN_COLOURS}", check="tokens")
    colours = game.data.get("token_colours")
    want = ", ".join(f"{n} x {v}" for v, n in sorted(TOKEN_VALUES.items()))
    for colour, counts in sets.items():
        if dict(counts) != TOKEN_VALUES:
            have = ", ".join(f"{n} x {v}" for v, n in sorted(counts.items()))
            first = next(it for it in comp.items if it["colour"] == colour)
            yield error(first.pos if comp.source else comp.pos, f"the {colour} tokens are {have} — each colour has "
                        f"{want}", check="tokens")
        if isinstance(colours, dict) and colour not in colours:
            yield error(comp.source or comp.pos, f"token colour `{colour}` is not in `data.token_colours`",
                        check="tokens")
    if isinstance(colours, dict):      # colour is never the only cue: each student's colour has its own symbol
        seen = {}
        for colour, spec in colours.items():
            symbol = spec.get("symbol") if isinstance(spec, dict) else None
            if not symbol:
                yield error(data_pos(game, "token_colours", colour), f"token colour `{colour}` has no `symbol` — "
                            f"tokens that differ only by colour cannot be told apart in black and white", check="tokens")
            elif symbol in seen:
                yield error(data_pos(game, "token_colours", colour, "symbol"), f"token colours `{colour}` and "
                            f"`{seen[symbol]}` share the symbol `{symbol}` — give each colour its own", check="tokens")
            else:
                seen[symbol] = colour
