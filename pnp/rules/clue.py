"""Clue (妙探尋兇): deck and board rules, the deal, and an exact deduction helper.

Rules [GAMES.md §2]: 21 cards, 6 suspects, 6 weapons, 9 rooms; one of each category goes into the
envelope and the other 18 are dealt round-robin from the dealer's left (3p 6/6/6, 4p 5/5/4/4, 5p
4/4/4/3/3, 6p 3 each). The board (content/clue/board.yaml, a map of squares) has exactly the rooms
of the room cards, a start square per suspect, secret passages between opposite corner rooms, and
every room can be reached from every start square.

Public game logic: `hand_sizes(players)` (cards per player in dealing order), `categories(game)`
(category → card ids) and `deduce(…)`, the exact deduction helper of `pnp/rules/clue_deduction.py`.
"""
from __future__ import annotations

from pnp.rules.base import error
from pnp.rules.clue_deduction import (ENVELOPE, PLAYERS, Deduction, Suggestion, _passed,  # noqa: F401
                                      deduce, hand_sizes)

__all__ = ["ENVELOPE", "Deduction", "Suggestion", "categories", "check", "deduce", "hand_sizes", "report", "summary"]
REQUIRED = {"suspect": 6, "weapon": 6, "room": 9}


# ---- the deal -------------------------------------------------------------------------------------
def categories(game) -> dict[str, list[str]]:
    """Category → card ids, in the order of `data.category_order` (else of first appearance)."""
    comp = _cards(game)
    order = list(game.data.get("category_order") or [])
    out: dict[str, list[str]] = {c: [] for c in order}
    for item in comp.items if comp else ():
        out.setdefault(str(item.get("category")), []).append(item.id)
    return out


from pnp.rules.clue_board import SIDES, Board, _board_item, board  # noqa: F401  (the board as data)


# ---- checks ----------------------------------------------------------------------------------------
def _cards(game):
    comp = game.components.get("cards")
    if comp is None:
        comp = next((c for c in game.components.values() if c.kind == "deck" and "category" in c.fields), None)
    return comp


def check(game):
    comp = _cards(game)
    if comp is None:
        yield error(game.pos, "there is no deck of clue cards (a `cards` component with a `category` field)",
                    check="cards")
        return
    yield from _check_cards(game, comp)
    yield from _check_hands(game, comp)
    yield from _check_board(game, comp)


def _check_cards(game, comp):
    by_cat: dict[str, list] = {}
    for item in comp.items:
        by_cat.setdefault(str(item.get("category")), []).append(item)
        if item.copies != 1:
            yield error(item.at("copies"), f"card `{item.id}` has {item.copies} copies; every Clue card is unique "
                        f"— remove `copies`", item.id, "cards")
    for cat, need in REQUIRED.items():
        have = by_cat.get(cat, [])
        if len(have) > need:
            for extra in have[need:]:
                yield error(extra.at("category"), f"{len(have)} {cat} cards, the game has {need}: `{extra.id}` is one "
                            f"too many — remove it or change its category", extra.id, "cards")
        elif len(have) < need:
            pos = have[-1].at("category") if have else (comp.source or comp.pos)
            yield error(pos, f"only {len(have)} {cat} cards, the game needs {need} — add "
                        f"{need - len(have)} more", None, "cards")
    for lang in game.languages:
        seen = {}
        for item in comp.items:
            name = game.text(item.get("name"), lang)
            if name is None:
                continue
            if name in seen:
                yield error(item.at("name"), f"card `{item.id}` has the same {lang} name as `{seen[name]}` "
                            f"(“{name}”) — every card needs its own name", item.id, "cards")
            else:
                seen[name] = item.id
    order = list(game.data.get("category_order") or [])
    if order:
        if sorted(order) != sorted(REQUIRED):
            yield error(game.meta["data"].at("category_order"), f"`category_order` should list {', '.join(REQUIRED)}",
                        check="cards")
        else:
            last = -1
            for item in comp.items:
                k = order.index(item.get("category")) if item.get("category") in order else -1
                if k < last:
                    yield error(item.at("category"), f"card `{item.id}` is out of order: the notes list cards "
                                f"grouped by category in the order {', '.join(order)} — move it up", item.id, "cards")
                    break
                last = k


def _check_hands(game, comp):
    hands = game.data.get("hands")
    if not hands:
        return
    if not isinstance(hands, dict):
        yield error(game.meta["data"].at("hands"), "data.hands should map each player count to its hand sizes",
                    check="hands")
        return
    dealt = comp.total - len(REQUIRED)
    where = game.meta["data"]["hands"] if "hands" in game.meta.get("data", {}) else None
    for n in PLAYERS:
        want = hand_sizes(n, dealt)
        got = hands.get(n, hands.get(str(n)))
        key = n if n in hands else str(n)
        pos = where.at(key) if where is not None and key in hands else game.meta["data"].at("hands")
        if got is None:
            yield error(pos, f"`hands` has no entry for {n} players — add `{n}: {want}`", check="hands")
        elif list(got) != want:
            yield error(pos, f"hand sizes for {n} players are {list(got)}, but dealing {dealt} cards round-robin "
                        f"gives {want}", check="hands")


def _check_board(game, comp):
    bcomp, item = _board_item(game)
    if item is None:
        yield error(game.pos, "there is no board (a component of kind `board`)", check="board")
        return
    b = board(game)
    grid = item.get("grid") or []
    row_pos = [grid.at(i) if hasattr(grid, "at") else item.at("grid") for i in range(len(grid))]
    rooms_pos = item.get("rooms")
    starts_pos = item.get("starts")

    def at_room(ch):
        return rooms_pos.at(ch) if hasattr(rooms_pos, "at") else item.at("rooms")

    def at_start(ch):
        return starts_pos.at(ch) if hasattr(starts_pos, "at") else item.at("starts")

    if not b.rows:
        yield error(item.at("grid"), "the board has no `grid` rows", None, "board")
        return
    width = len(b.rows[0])
    allowed = set(b.floor) | set(b.blocked) | set(b.rooms) | {k.lower() for k in b.rooms} | set(b.starts)
    bad_grid = False
    for i, row in enumerate(b.rows):
        if len(row) != width:
            yield error(row_pos[i], f"board row {i + 1} has {len(row)} squares, the first has {width} — every row "
                        f"must be as long", None, "board")
            bad_grid = True
        for c, ch in enumerate(row):
            if ch not in allowed:
                yield error(row_pos[i], f"board row {i + 1}, square {c + 1}: `{ch}` is not a room, door, start, "
                            f"corridor (`{b.floor}`) or blocked (`{b.blocked}`) square", None, "board")
                bad_grid = True
    room_cards = {i.id for i in comp.items if i.get("category") == "room"}
    suspects = {i.id for i in comp.items if i.get("category") == "suspect"}
    on_board = set(b.rooms.values())
    for ch, rid in b.rooms.items():
        if rid not in room_cards:
            yield error(at_room(ch), f"board room `{ch}` is `{rid}`, which is not a room card", None, "board")
    for rid in sorted(room_cards - on_board):
        yield error(item.at("rooms"), f"the room card `{rid}` has no room on the board — add it to `rooms` and the "
                    f"grid", None, "board")
    counts = {}
    for r, c, ch in b.cells():
        room = b.room_at(r, c)
        if room:
            counts[room] = counts.get(room, 0) + 1
    for ch in b.rooms:
        if ch not in counts:
            yield error(at_room(ch), f"room `{b.rooms[ch]}` (`{ch}`) has no squares in the grid", None, "board")
        elif _parts(b, ch) > 1:
            yield error(at_room(ch), f"room `{b.rooms[ch]}` (`{ch}`) is split into {_parts(b, ch)} separate parts",
                        None, "board")
    doors = {}
    for room, sq, _out in b.doors():
        doors.setdefault(room, set()).add(sq)
    for r, c, ch in b.cells():
        if ch not in b.rooms and ch.upper() in b.rooms and ch != ch.upper() and (r, c) not in doors.get(ch.upper(), ()):
            yield error(row_pos[r], f"board row {r + 1}, square {c + 1}: the door of `{b.rooms[ch.upper()]}` opens on "
                        f"no corridor square", None, "board")
    passage_rooms = {x for p in b.passages for x in p}
    for ch, rid in b.rooms.items():
        if ch in counts and ch not in doors and rid not in passage_rooms:
            yield error(at_room(ch), f"room `{rid}` has no door — write a door square (`{ch.lower()}`) on its edge",
                        None, "board")
    # start squares: one per suspect, each once on the board
    for ch, sid in b.starts.items():
        if sid not in suspects:
            yield error(at_start(ch), f"start square `{ch}` belongs to `{sid}`, which is not a suspect card",
                        None, "board")
        n = sum(row.count(ch) for row in b.rows)
        if n != 1:
            yield error(at_start(ch), f"start square `{ch}` ({sid}) appears {n} times in the grid, not once",
                        None, "board")
    for sid in sorted(suspects - set(b.starts.values())):
        yield error(item.at("starts"), f"the suspect `{sid}` has no start square — add one to `starts` and the grid",
                    None, "board")
    # secret passages join opposite corner rooms
    corners = b.corner_rooms()
    opposite = [{corners["tl"], corners["br"]}, {corners["tr"], corners["bl"]}]
    plist = item.get("passages") or []
    for i, pair in enumerate(b.passages):
        pos = plist.at(i) if hasattr(plist, "at") else item.at("passages")
        if len(pair) != 2 or any(x not in on_board for x in pair):
            yield error(pos, f"passage {pair} should name two rooms of the board", None, "board")
        elif set(pair) not in opposite:
            yield error(pos, f"the secret passage {pair[0]} – {pair[1]} does not join opposite corner rooms "
                        f"({corners['tl']} – {corners['br']}, {corners['tr']} – {corners['bl']})", None, "board")
    if bad_grid:
        return
    # every room reachable from every start square
    for ch, sid in b.starts.items():
        dist = b.distances(ch)
        for rch, rid in b.rooms.items():
            if rid not in dist and rch in counts:
                yield error(at_room(rch), f"room `{rid}` cannot be reached from the start square of `{sid}` (`{ch}`) "
                            f"— give it a door onto a connected corridor", None, "board")


def _parts(b: Board, ch) -> int:
    cells = {(r, c) for r, c, _x in b.cells() if b.room_at(r, c) == ch}
    parts = 0
    while cells:
        parts += 1
        stack = [cells.pop()]
        while stack:
            r, c = stack.pop()
            for dr, dc in SIDES:
                n = (r + dr, c + dc)
                if n in cells:
                    cells.remove(n)
                    stack.append(n)
    return parts


# ---- summary and report ---------------------------------------------------------------------------------
def _steps(game):
    b = board(game)
    if b is None:
        return {}
    return {sid: b.distances(ch) for ch, sid in b.starts.items()}


def summary(game) -> list[str]:
    cats = categories(game)
    comp = _cards(game)
    dealt = (comp.total if comp else 0) - len(cats)
    lines = ["cards: " + ", ".join(f"{len(v)} {k}" for k, v in cats.items())]
    if dealt > 0:
        lines.append("hands: " + "; ".join(f"{n}p " + "/".join(map(str, hand_sizes(n, dealt))) for n in PLAYERS))
    steps = _steps(game)
    b = board(game)
    if steps and b:
        squares = sum(1 for _r, _c, ch in b.cells() if ch in b.floor)
        rooms = sorted(set(b.rooms.values()))
        reach = all(r in d for d in steps.values() for r in rooms)
        nearest = {sid: min(d.values()) for sid, d in steps.items() if d}
        lines.append(f"board: {len(rooms)} rooms, {squares} corridor squares, {len(steps)} start squares; every room "
                     f"reachable from every start: {'yes' if reach else 'NO'}")
        lines.append("moves from each start to its nearest room: " +
                     ", ".join(f"{k} {v}" for k, v in nearest.items()))
    return lines


def report(game) -> list[dict]:
    cats = categories(game)
    comp = _cards(game)
    dealt = (comp.total if comp else 0) - len(cats)
    charts = [{"title": "Cards per category", "labels": list(cats),
               "series": {"cards": [len(v) for v in cats.values()]}}]
    if dealt > 0:
        sizes = {n: hand_sizes(n, dealt) for n in PLAYERS}
        charts.append({"title": "Hand sizes by player count", "labels": [f"{n} players" for n in PLAYERS],
                       "series": {"largest hand": [max(s) for s in sizes.values()],
                                  "smallest hand": [min(s) for s in sizes.values()]}})
    steps = _steps(game)
    if steps:
        rooms = sorted({r for d in steps.values() for r in d})
        charts.append({"title": "Moves from the start squares to each room", "labels": rooms,
                       "series": {"nearest start": [min(d.get(r, 0) for d in steps.values()) for r in rooms],
                                  "farthest start": [max(d.get(r, 0) for d in steps.values()) for r in rooms]}})
    return charts
