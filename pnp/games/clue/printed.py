"""Clue: what prints is what the rules say. The pieces beside the cards (pawns, weapon tokens, the die
and the die cards) match the deck and the die; printed numbers (the deal, the categories) take their
values from game.yaml `data:` (checked here against the published rules), never from a literal typed
over them. The rules themselves print through their phrases (phrases.<lang>.yaml, checked by
pnp.rules.phrasing with the wording of pnp/games/clue/phrasing.py); the rules booklet is checked in
printed_booklet.py.

Rule parameters [GAMES.md §2, seed 002]: Miss Scarlet's player goes first; the die has six faces, 1 to
6; the envelope holds one card of each category.
"""
from __future__ import annotations

from pnp.rules import api
from pnp.rules.api import data_pos, error
from pnp.games.clue import printed_booklet

FIRST_PLAYER = "scarlet"
DIE = (1, 2, 3, 4, 5, 6)
PARAMS = {"first_player": FIRST_PLAYER}
# Printed text that carries a rule: (layout, element, attribute, the data it must be rendered from)
LAYOUT_TEXT = [
    ("clue/envelope", "slot_label", "text", "data.categories"),   # how many cards the envelope holds
    ("clue/envelope", "step4", "text", "data.categories"),       # step 4: how many cards go in
    ("clue/card", "band", "text", "data.categories"),             # the category named on each card
    ("clue/notes", "section_name", "text", "item.name"),          # notes headings: repeat over data.categories
    ("clue/notes", "section_name", "repeat", "data.categories"),
    ("clue/notes", "player_box", "repeat", "data.hands"),           # a column for every player of the largest game
    ("clue/notes", "col_line", "repeat", "data.hands"),
    ("clue/envelope", "slot", "repeat", "data.categories"),
    ("clue/pawn", "name", "text", "card.suspect"),                  # a pawn shows its suspect's name and symbol
    ("clue/pawn", "symbol", "name", "card.suspect"),
    ("clue/weapon-token", "name", "text", "card.weapon"),
    ("clue/weapon-token", "art", "name", "card.weapon"),
    ("clue/die-net", "face", "repeat", "game.decks.dice"),          # the die's faces are the die cards
]
# Repeats that print one thing per card, category, player or die face: how many they must give.
REPEATS = [("clue/notes", "row_name", "cards"), ("clue/notes", "section_name", "categories"),
           ("clue/notes", "player_box", "players"), ("clue/envelope", "slot", "categories"),
           ("clue/die-net", "face", "faces")]
# Pips: on these layouts, the pip elements (`pip_*`) shown for a value must number that value.
PIPS = [("clue/die-card", "card"), ("clue/die-net", "item")]


def check(game, suspects, weapons):
    yield from _params(game)
    yield from _identities(game)
    yield from _repeats(game)
    yield from _pieces(game, "pawns", "suspect", suspects, "pawn")
    yield from _pieces(game, "weapons", "weapon", weapons, "weapon token")
    yield from _dice(game)
    yield from _notes(game)
    yield from _layout_text(game)
    yield from _envelope(game)
    yield from _envelope_space(game)
    yield from _pips(game)
    yield from printed_booklet.check(game)


def _params(game):
    for key, want in PARAMS.items():
        got = game.data.get(key)
        if got is None:
            yield error(data_pos(game, key), f"data.{key} is missing: the rules booklet prints it — add "
                        f"`{key}: {want}`", check="print")
        elif got != want:
            yield error(data_pos(game, key), f"data.{key} is {got!r}, but the game's rule is {want!r} — write "
                        f"`{key}: {want}`", check="print")


def _identities(game):
    """What tells pieces apart: each suspect its own colour (pawn, start square), each card its own
    picture (start squares and tokens show it), each category its own printed name."""
    comp = game.components.get("cards")
    seen_colour, seen_art = {}, {}
    for item in comp.items if comp else ():
        if item.get("category") == "suspect":
            col = item.get("colour")
            if not col or col not in game.palette:
                yield error(item.at("colour") if col else item.pos, f"suspect `{item.id}` needs a `colour` of the "
                            f"palette: it colours the pawn and the start square", item.id, "pieces")
            elif col in seen_colour:
                yield error(item.at("colour"), f"suspect `{item.id}` has the colour `{col}` of `{seen_colour[col]}` — "
                            f"each suspect has their own colour", item.id, "pieces")
            else:
                seen_colour[col] = item.id
        art = item.get("art")
        if art in seen_art:
            yield error(item.at("art"), f"card `{item.id}` has the picture `{art}` of `{seen_art[art]}` — pawns, "
                        f"start squares and tokens are told apart by it", item.id, "pieces")
        else:
            seen_art[art] = item.id
    cats = game.data.get("categories")
    raw = game.meta.get("data", {}).get("categories")
    for lang in game.languages:
        seen = {}
        for i, cat in enumerate(cats if isinstance(cats, list) else ()):
            for key in ("name", "one"):
                name = game.text(cat.get(key), lang) if isinstance(cat, dict) else None
                if not isinstance(name, str):
                    continue
                if (key, name) in seen:
                    yield error(raw.at(i), f"categories `{seen[key, name]}` and `{cat.get('id')}` print the same {lang} "
                                f"{key} “{name}” — every card's band must say its own category", check="print")
                else:
                    seen[key, name] = cat.get("id")


def _repeats(game):
    from pnp.games.clue.logic import HANDS
    comp = game.components.get("cards")
    cats = game.data.get("categories")
    want = {"cards": comp.total if comp else 0, "categories": len(cats) if isinstance(cats, list) else 0,
            "players": max(HANDS), "faces": len(DIE)}
    try:
        g = api.context(game, game.languages[0]).game
    except Exception:           # untranslatable data: the build reports it
        return
    ctx = {"game": g, "data": g["data"], "palette": g["palette"], "lang": game.languages[0], "card": {}, "deck": {}}
    lays = _layouts(game)
    for name, el_name, what in REPEATS:
        lay = lays.get(name, game.pos)
        el = lay.element(el_name)
        raw = el.attrs.get("repeat") if el else None
        try:
            got = len(list(api.evaluate(raw, ctx))) if isinstance(raw, str) else None
        except Exception:
            got = None
        if got != want[what]:
            yield error(el.at.get("repeat", el.pos) if el else lay.pos, f"`{el_name}` in layout `{name}` prints "
                        f"{'?' if got is None else got} times, but there {'is' if want[what] == 1 else 'are'} "
                        f"{want[what]} {what} — repeat it over all of them", check="print")


def _pieces(game, cid, field, ids, what):
    comp = game.components.get(cid)
    if comp is None:
        yield error(game.pos, f"there is no `{cid}` component: the game needs a {what} for each of "
                    f"{', '.join(ids)}", check="pieces")
        return
    # one piece per card (no two show the same): declared in game.yaml `checks:`, required here
    yield from api.require(game, cid, "unique", (field,), "pieces")
    seen = {}
    for item in comp.items:
        ref = item.get(field)
        if ref not in ids:
            yield error(item.at(field), f"{what} `{item.id}` shows `{ref}`, which is not a {field} card — "
                        f"use one of {', '.join(ids)}", item.id, "pieces")
        seen.setdefault(ref, item.id)
        if item.copies != 1:
            yield error(item.at("copies"), f"{what} `{item.id}` has {item.copies} copies; there is one of each",
                        item.id, "pieces")
    for ref in ids:
        if ref not in seen:
            yield error(comp.pos, f"no {what} shows `{ref}` — add `{{id: …, {field}: {ref}}}`", None, "pieces")


def _notes(game):
    """Every player of the largest game needs a detective notes sheet (linked to the deal)."""
    from pnp.games.clue.logic import HANDS
    comp = game.components.get("notes")
    most = max(HANDS)
    if comp is None:
        yield error(game.pos, f"there is no `notes` component: each of up to {most} players needs a detective "
                    f"notes sheet", check="pieces")
    elif comp.total < most:
        item = comp.items[0] if comp.items else None
        yield error(item.at("copies") if item else comp.pos, f"{comp.total} detective notes sheets, but a "
                    f"{most}-player game needs {most} — print {most} copies", item.id if item else None, "pieces")


def _dice(game):
    comp = game.components.get("dice")
    if comp is None:
        yield error(game.pos, "there is no `dice` component: the die cards (and the die net drawn from them) "
                    "stand for the six-sided die", check="pieces")
        return
    values = sorted(v for i in comp.items for v in [i.get("value")] * i.copies)
    if values != list(DIE):
        bad = next((i for i in comp.items if values.count(i.get("value")) != 1 or i.get("value") not in DIE),
                   comp.items[0] if comp.items else None)
        pos = bad.at("value") if bad else comp.pos
        yield error(pos, f"the die cards show {values}; a die has the faces {list(DIE)}, each once",
                    bad.id if bad else None, "pieces")


def _layouts(game):
    return api.layouts(game)


def _layout_text(game):
    lays = _layouts(game)
    for name, el_name, attr, ref in LAYOUT_TEXT:
        lay = lays.get(name, game.pos)
        el = lay.element(el_name)
        if el is None:
            yield error(lay.pos, f"layout `{name}` has no `{el_name}` element: it prints the rule that needs "
                        f"`{ref}`", check="print")
            continue
        raw = el.attrs.get(attr)
        texts = raw.values() if isinstance(raw, dict) else [raw]
        if not all(isinstance(t, str) and ref in t for t in texts):
            yield error(el.at.get(attr, el.pos), f"`{el_name}.{attr}` in layout `{name}` must be rendered from "
                        f"`{ref}` in every language (a typed value can drift from the rules) — write "
                        f"`{{{{ {ref} … }}}}`", check="print")


def _pips(game):
    lays = _layouts(game)
    for name, var in PIPS:
        lay = lays.get(name, game.pos)
        pips = [e for e in lay.elements if e.name.startswith("pip_")]
        for v in DIE:
            ctx = {var: {"value": v}, "card": {"value": v}, "item": {"value": v}}
            shown = []
            for e in pips:
                when = e.attrs.get("when", True)
                try:
                    on = bool(api.evaluate(when, ctx)) if isinstance(when, str) else bool(when)
                except Exception:
                    on = None
                if on is None:
                    yield error(e.at.get("when", e.pos), f"`{e.name}.when` in layout `{name}` cannot be judged for "
                                f"the value {v}: write it over `{var}.value` only", check="print")
                    return
                if on:
                    shown.append(e)
            if len(shown) != v:
                pos = (shown[0] if shown else (pips[0] if pips else lay)).pos
                yield error(pos, f"a die face of value {v} on layout `{name}` shows {len(shown)} pip"
                            f"{'' if len(shown) == 1 else 's'} — the `when:` of the `pip_*` elements must show "
                            f"exactly {v}", check="print")


def _envelope(game):
    lays = _layouts(game)
    lay = lays.get("clue/envelope", game.pos)
    g = lays.geometry("clue/envelope")
    try:
        top, flap, title = g["front_fill"]["y"], g["flap_fill"]["h"], g["stamp_box"]["y"]
    except KeyError as e:
        yield error(lay.pos, f"the envelope layout needs `front_fill`, `flap_fill` (with `h`) and `stamp_box` "
                    f"(missing {e}) to check that the closed flap leaves the title visible", check="print")
        return
    if title < top + flap:
        el = lay.element("stamp_box")
        yield error(el.at.get("y", el.pos), f"the closed flap covers the envelope's title: it reaches "
                    f"{top + flap:g} mm down the front, the title starts at {title:g} mm — move the title down or "
                    f"shorten `flap_fill.h`", check="print")



def _envelope_space(game):
    """The folded envelope lies on the board's centre (rule `envelope`), and game.yaml says so with a
    `sits_on:` the print lint measures: its space must be the board's centre — the `X` squares of
    board.yaml, a full rectangle, where the gridmap draws them — and its `piece:` the envelope's front
    panel (`front_fill`), what a folded envelope measures."""
    MM = api.MM
    from pnp.games.clue.board import board

    comp = game.components.get("envelope")
    spot = next((s for s in (comp.sits_on if comp is not None else ()) if s.layout == "clue/board"), None)
    if spot is None:
        if comp is not None:
            yield error(comp.pos, "the envelope lies on the board's centre: declare it — `sits_on: {layout: "
                        "clue/board, element: envelope_space, piece: WxH}` — so the print lint proves it fits",
                        check="print")
        return
    lays = _layouts(game)
    env = lays.geometry("clue/envelope").get("front_fill") or {}
    if spot.piece and env.get("w") is not None and env.get("h") is not None:
        pw, ph = spot.piece[0] / MM, spot.piece[1] / MM
        if abs(pw - env["w"]) > 0.05 or abs(ph - env["h"]) > 0.05:
            yield error(spot.at.get("piece", spot.pos), f"the envelope's `sits_on` says it is {pw:g} x {ph:g} mm "
                        f"folded, but its front panel (`front_fill` of clue/envelope) is {env['w']:g} x {env['h']:g} "
                        f"mm — write `piece: {env['w']:g}x{env['h']:g}`", check="print")
    elif not spot.piece:
        yield error(spot.pos, "the envelope's `sits_on` needs `piece:` (its folded size, the front panel "
                    "`front_fill`): the sheet it is printed on is much larger", check="print")
    b = board(game)
    g = lays.geometry("clue/board")
    cells = [(r, c) for r, c, ch in (b.cells() if b else ()) if ch == "X"]
    space, grid = g.get(spot.element or "") or {}, g.get("map") or {}
    if not cells or not {"x", "y", "w", "h"} <= set(space) or not {"x", "y"} <= set(grid):
        return
    r0, r1 = min(r for r, _c in cells), max(r for r, _c in cells)
    c0, c1 = min(c for _r, c in cells), max(c for _r, c in cells)
    lay = lays.get("clue/board", game.pos)
    cell = lay.element("map").attrs.get("cell") if lay.element("map") else None
    try:
        size = float(str(cell).removesuffix("mm"))
    except ValueError:
        return
    if len(cells) != (r1 - r0 + 1) * (c1 - c0 + 1):
        where = next((c.pos for c in game.components.values() if c.kind == "board"), game.pos)
        yield error(where, f"the board's centre (`X`) is not a rectangle: the envelope "
                    f"lies on it", check="print")
        return
    want = (grid["x"] + c0 * size, grid["y"] + r0 * size, (c1 - c0 + 1) * size, (r1 - r0 + 1) * size)
    got = (space["x"], space["y"], space["w"], space["h"])
    if any(abs(a - w) > 0.05 for a, w in zip(got, want)):
        el = lay.element(spot.element)
        yield error(el.pos if el is not None else lay.pos, f"`{spot.element}` of clue/board is {got[2]:g} x "
                    f"{got[3]:g} mm at ({got[0]:g}, {got[1]:g}), but the board's centre (the `X` squares of "
                    f"board.yaml, rows {r0 + 1}–{r1 + 1}, columns {c0 + 1}–{c1 + 1}) is {want[2]:g} x {want[3]:g} mm "
                    f"at ({want[0]:g}, {want[1]:g}) — write `x: {want[0]:g}, y: {want[1]:g}, w: {want[2]:g}, "
                    f"h: {want[3]:g}`", check="print")
