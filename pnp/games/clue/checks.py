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

from pnp.rules import api
from pnp.rules.api import data_pos, error
from pnp.games.clue.logic import (ENVELOPE, HANDS, PLAYERS, Deduction, Suggestion, _passed,  # noqa: F401
                                      deduce, hand_sizes)

__all__ = ["ENVELOPE", "HANDS", "Deduction", "Suggestion", "categories", "check", "deduce", "hand_sizes", "report", "summary"]
REQUIRED = {"suspect": 6, "weapon": 6, "room": 9}


# ---- the deal -------------------------------------------------------------------------------------
def categories(game) -> dict[str, list[str]]:
    """Category → card ids, in the order of `data.category_order` (else of first appearance)."""
    comp = _cards(game)
    order = game.data.get("category_order") or []
    out: dict[str, list[str]] = {c: [] for c in (order if isinstance(order, list) else []) if isinstance(c, str)}
    for item in comp.items if comp else ():
        out.setdefault(str(item.get("category")), []).append(item.id)
    return out


from pnp.games.clue.board import SIDES, Board, _board_item, board  # noqa: F401  (the board as data)


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
    yield from _check_categories(game, comp)
    yield from _check_hands(game, comp)
    yield from _check_board(game, comp)
    yield from _check_entries(game)
    from pnp.games.clue import printed as clue_print
    cats = categories(game)
    yield from clue_print.check(game, cats.get("suspect", []), cats.get("weapon", []))


def _check_entries(game):
    """rules.yaml restates the published rules (published.RULES), and the first player it names is the one
    the booklet prints (data.first_player)."""
    from pnp.games.clue.published import RULES
    yield from api.judge(game, RULES)
    entry = (game.entries or {}).get("first_player")
    first = game.data.get("first_player")
    if isinstance(entry, dict) and first is not None and entry.get("suspect") != first:
        yield error(data_pos(game, "first_player"), f"data.first_player is {first!r}, but rules.yaml's "
                    f"`first_player` names {entry.get('suspect')!r} — the booklet must print the rule the "
                    f"edition plays: make them the same", check="rules:first_player")


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
    yield from api.require(game, comp.id, "unique", ("name",), "cards")  # every card its own name
    order = game.data.get("category_order") or []
    if order and sorted(map(str, order if isinstance(order, list) else [order])) != sorted(REQUIRED):
        yield error(game.meta["data"].at("category_order"), f"`category_order` should list {', '.join(REQUIRED)}",
                    check="cards")


def _check_hands(game, comp):
    """data.hands (printed in the rules) restates the published deal; the deck deals exactly that many."""
    hands = game.data.get("hands")
    data_pos = game.meta["data"].at("hands") if "hands" in game.meta.get("data", {}) else game.pos
    if hands is None:
        yield error(game.pos, "data.hands is missing: the rules print the hand sizes per player count from it — "
                    f"add `hands: {{{', '.join(f'{n}: {list(v)}' for n, v in HANDS.items())}}}`", check="hands")
        return
    if not isinstance(hands, dict):
        yield error(data_pos, "data.hands should map each player count to its hand sizes", check="hands")
        return
    dealt = comp.total - len(REQUIRED)
    where = game.meta["data"]["hands"]
    for n in PLAYERS:
        want = list(HANDS[n])
        got = hands.get(n, hands.get(str(n)))
        key = n if n in hands else str(n)
        pos = where.at(key) if key in hands else data_pos
        if got is None:
            yield error(pos, f"`hands` has no entry for {n} players — add `{n}: {want}`", check="hands")
        elif not isinstance(got, list) or list(got) != want:
            yield error(pos, f"hand sizes for {n} players are {got}, but the game deals {want} (the {dealt} cards "
                        f"outside the envelope, round-robin from the dealer's left) — write `{n}: {want}`",
                        check="hands")
        elif sum(want) != dealt:
            yield error(pos, f"the deck deals {dealt} cards, but {n} players' hands hold {sum(want)}", check="hands")
    for key in hands:
        if key not in PLAYERS and str(key) not in map(str, PLAYERS):
            yield error(where.at(key), f"`hands` has an entry for {key} players; Clue is for "
                        f"{PLAYERS[0]}–{PLAYERS[-1]} players — remove it", check="hands")


def _check_categories(game, comp):
    """data.categories (names and the counts the rules print) restates the deck's composition."""
    cats = game.data.get("categories")
    pos = game.meta["data"].at("categories") if "categories" in game.meta.get("data", {}) else game.pos
    if not isinstance(cats, list):
        yield error(pos, "data.categories should list the suspect, weapon and room categories", check="cards")
        return
    raw = game.meta["data"]["categories"]
    in_deck = {}
    for item in comp.items:
        in_deck[item.get("category")] = in_deck.get(item.get("category"), 0) + 1
    ids = []
    for i, cat in enumerate(cats):
        at = raw.at(i) if hasattr(raw, "at") else pos
        if not isinstance(cat, dict):
            yield error(at, "each category needs `id`, `name`, `one` and `count`", check="cards")
            continue
        cid, n = cat.get("id"), cat.get("count")
        ids.append(cid)
        if not isinstance(cid, str) or cid not in REQUIRED:
            yield error(at, f"category `{cid}` is not one of {', '.join(REQUIRED)}", check="cards")
        elif n != REQUIRED[cid]:
            yield error(at, f"the rules print {n} {cid} cards, but the game has {REQUIRED[cid]} — write "
                        f"`count: {REQUIRED[cid]}`", check="cards")
        elif in_deck.get(cid, 0) != n:
            yield error(at, f"data says {n} {cid} cards, the deck has {in_deck.get(cid, 0)}", check="cards")
    for cid in REQUIRED:
        if cid not in ids:
            yield error(pos, f"data.categories has no `{cid}` category — add it", check="cards")


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
        elif len(_parts(b, ch)) > 1:
            parts = _parts(b, ch)
            r, c = min(min(p) for p in parts[1:])
            yield error(row_pos[r], f"board row {r + 1}, square {c + 1}: room `{b.rooms[ch]}` (`{ch}`) is split into "
                        f"{len(parts)} separate parts — join them or make the stray squares corridor", None, "board")
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
            rows = sorted({r for r, c, _x in b.cells() if b.room_at(r, c) == ch})
            yield error(row_pos[rows[0]], f"board rows {rows[0] + 1}–{rows[-1] + 1}: room `{rid}` (`{ch}`) has no door "
                        f"— write a door square (`{ch.lower()}`) on its edge, next to a corridor", None, "board")
    # start squares: one per suspect, each once on the board
    placed = {}                                   # start character → its square, when it is there once
    for ch, sid in b.starts.items():
        if sid not in suspects:
            yield error(at_start(ch), f"start square `{ch}` belongs to `{sid}`, which is not a suspect card",
                        None, "board")
        where = [(r, c) for r, c, x in b.cells() if x == ch]
        if not where:
            yield error(at_start(ch), f"the start square of `{sid}` (`{ch}`) is missing from the grid — write `{ch}` "
                        f"on a corridor square at the board's edge", None, "board")
        elif len(where) > 1:
            for r, c in where[1:]:
                yield error(row_pos[r], f"board row {r + 1}, square {c + 1}: a second start square of `{sid}` "
                            f"(`{ch}`) — a suspect starts on one square", None, "board")
        else:
            placed[ch] = where[0]
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
    # every room reachable from every start square; a walled-in start or room is one finding, and rooms
    # already reported (no squares, no door) and missing start squares are not reported again here
    reported = {ch for ch in b.rooms if ch not in counts or (ch not in doors and b.rooms[ch] not in passage_rooms)}
    missed = {}
    for ch, (r, c) in placed.items():
        sid = b.starts[ch]
        dist = b.distances(ch)
        if not dist:
            yield error(row_pos[r], f"board row {r + 1}, square {c + 1}: the start square of `{sid}` (`{ch}`) is walled "
                        f"in: no room can be reached from it — open a corridor square next to it", None, "board")
            continue
        for rch, rid in b.rooms.items():
            if rid not in dist and rch not in reported:
                missed.setdefault(rch, []).append(sid)
    for rch, sids in missed.items():
        rid = b.rooms[rch]
        door = next((sq for room, sq, _o in b.doors() if room == rch), None)
        pos, where = (row_pos[door[0]], f"board row {door[0] + 1}, square {door[1] + 1}: ") if door else (at_room(rch), "")
        yield error(pos, f"{where}room `{rid}` cannot be reached from the start square{'s' if len(sids) > 1 else ''} "
                    f"of {', '.join(f'`{x}`' for x in sids)} — give it a door onto a connected corridor", None, "board")


def _parts(b: Board, ch) -> list:
    """The connected parts of a room, as sets of squares, in reading order of their first square."""
    cells = {(r, c) for r, c, _x in b.cells() if b.room_at(r, c) == ch}
    parts = []
    while cells:
        first = min(cells)
        cells.remove(first)
        part, stack = {first}, [first]
        while stack:
            r, c = stack.pop()
            for dr, dc in SIDES:
                n = (r + dr, c + dc)
                if n in cells:
                    cells.remove(n)
                    part.add(n)
                    stack.append(n)
        parts.append(part)
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
    zh_cat = {"suspect": "嫌疑人", "weapon": "凶器", "room": "房間"}
    lines = [{"en": "cards: " + ", ".join(f"{len(v)} {k}" for k, v in cats.items()),
              "zh-TW": "卡牌：" + "、".join(f"{zh_cat.get(k, k)} {len(v)} 張" for k, v in cats.items())}]
    if dealt > 0:
        hands = {n: "/".join(map(str, hand_sizes(n, dealt))) for n in PLAYERS}
        lines.append({"en": "hands: " + "; ".join(f"{n}p {h}" for n, h in hands.items()),
                      "zh-TW": "手牌：" + "；".join(f"{n} 人 {h}" for n, h in hands.items())})
    steps = _steps(game)
    b = board(game)
    if steps and b:
        squares = sum(1 for _r, _c, ch in b.cells() if ch in b.floor)
        rooms = sorted(set(b.rooms.values()))
        reach = all(r in d for d in steps.values() for r in rooms)
        nearest = {sid: min(d.values()) for sid, d in steps.items() if d}
        lines.append({"en": f"board: {len(rooms)} rooms, {squares} corridor squares, {len(steps)} start squares; "
                            f"every room reachable from every start: {'yes' if reach else 'NO'}",
                      "zh-TW": f"圖板：{len(rooms)} 個房間、{squares} 格走廊、{len(steps)} 個起點；"
                               f"每個起點都能走到每個房間：{'是' if reach else '否'}"})
        near = ", ".join(f"{k} {v}" for k, v in nearest.items())
        lines.append({"en": "moves from each start to its nearest room: " + near,
                      "zh-TW": "各起點到最近房間的步數：" + near})
    return lines


def report(game) -> list[dict]:
    cats = categories(game)
    comp = _cards(game)
    dealt = (comp.total if comp else 0) - len(cats)
    T = lambda en, zh: {"en": en, "zh-TW": zh}   # noqa: E731  (every chart text in both languages)
    data_cats = {c.get("id"): c.get("name") for c in game.data.get("categories") or () if isinstance(c, dict)}
    names = api.deck_names(game, "cards")
    name_of = lambda cid: {lang: names[lang].get(cid, cid) for lang in names}   # noqa: E731
    charts = [{"title": T("Cards per category", "各類別的牌數"), "labels": [data_cats.get(c) or c for c in cats],
               "series": [[T("cards", "張數"), [len(v) for v in cats.values()]]], "y_label": T("cards", "張數")}]
    if dealt > 0:
        sizes = {n: hand_sizes(n, dealt) for n in PLAYERS}
        charts.append({"title": T("Hand sizes by player count", "各人數的手牌張數"),
                       "labels": [T(f"{n} players", f"{n} 人") for n in PLAYERS],
                       "series": [[T("largest hand", "最多"), [max(s) for s in sizes.values()]],
                                  [T("smallest hand", "最少"), [min(s) for s in sizes.values()]]],
                       "y_label": T("cards", "張數")})
    steps = _steps(game)
    if steps:
        rooms = sorted({r for d in steps.values() for r in d})
        charts.append({"title": T("Moves from the start squares to each room", "從起點到各房間的步數"),
                       "labels": [name_of(r) for r in rooms],
                       "series": [[T("nearest start", "最近的起點"), [min(d.get(r, 0) for d in steps.values()) for r in rooms]],
                                  [T("farthest start", "最遠的起點"), [max(d.get(r, 0) for d in steps.values()) for r in rooms]]],
                       "y_label": T("squares", "格數")})
    return charts
