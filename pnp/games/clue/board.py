"""Clue's board as data: the grid map of content/clue/board.yaml (rooms, doors, start squares,
secret passages) and the distances the rules check. Split from pnp/rules/clue.py."""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

SIDES = ((-1, 0), (1, 0), (0, -1), (0, 1))


@dataclass
class Board:
    rows: list
    rooms: dict              # letter → room id
    starts: dict             # character → suspect id
    floor: str
    blocked: str
    passages: list = field(default_factory=list)

    def char(self, r, c):
        if 0 <= r < len(self.rows) and 0 <= c < len(self.rows[r]):
            return self.rows[r][c]
        return None

    def room_at(self, r, c):
        ch = self.char(r, c)
        if ch is None:
            return None
        if ch in self.rooms:
            return ch
        if ch.upper() in self.rooms and ch != ch.upper():
            return ch.upper()
        return None

    def walkable(self, r, c):
        ch = self.char(r, c)
        return ch is not None and (ch in self.floor or ch in self.starts)

    def cells(self):
        for r, row in enumerate(self.rows):
            for c, ch in enumerate(row):
                yield r, c, ch

    def doors(self):
        """(room letter, door square, corridor square) for every door."""
        for r, c, ch in self.cells():
            if ch not in self.rooms and ch.upper() in self.rooms and ch != ch.upper():
                for dr, dc in SIDES:
                    if self.walkable(r + dr, c + dc):
                        yield ch.upper(), (r, c), (r + dr, c + dc)

    def distances(self, start_char):
        """Fewest moves from a start square to each room (a square, entering a room or a secret passage: one move each)."""
        where = [(r, c) for r, c, ch in self.cells() if ch == start_char]
        if not where:
            return {}
        entry = {}
        for room, _door, sq in self.doors():
            entry.setdefault(sq, set()).add(room)
        by_id = {v: k for k, v in self.rooms.items()}
        links = {}
        for pair in self.passages:
            a, b = (pair + [None, None])[:2] if len(pair) == 2 else (None, None)
            if a in by_id and b in by_id:
                links.setdefault(by_id[a], set()).add(by_id[b])
                links.setdefault(by_id[b], set()).add(by_id[a])
        exits = {}
        for room, _door, sq in self.doors():
            exits.setdefault(room, set()).add(sq)
        dist, seen_rooms = {}, {}
        queue = deque([(where[0], 0)])
        dist[where[0]] = 0
        while queue:
            node, d = queue.popleft()
            if isinstance(node, str):  # a room: leave by a door or a passage
                for sq in exits.get(node, ()):
                    if sq not in dist:
                        dist[sq] = d + 1
                        queue.append((sq, d + 1))
                for other in links.get(node, ()):
                    if other not in seen_rooms:
                        seen_rooms[other] = d + 1
                        queue.append((other, d + 1))
                continue
            r, c = node
            for room in entry.get(node, ()):
                if room not in seen_rooms:
                    seen_rooms[room] = d + 1
                    queue.append((room, d + 1))
            for dr, dc in SIDES:
                nxt = (r + dr, c + dc)
                if self.walkable(*nxt) and nxt not in dist:
                    dist[nxt] = d + 1
                    queue.append((nxt, d + 1))
        return {self.rooms[k]: v for k, v in seen_rooms.items()}

    def corner_rooms(self):
        """The room nearest to each corner: {'tl': id, 'tr': …, 'bl': …, 'br': …}."""
        h = len(self.rows)
        w = max((len(r) for r in self.rows), default=0)
        out = {}
        for name, (cr, cc) in {"tl": (0, 0), "tr": (0, w - 1), "bl": (h - 1, 0), "br": (h - 1, w - 1)}.items():
            best = None
            for r, c, _ch in self.cells():
                room = self.room_at(r, c)
                if room:
                    d = max(abs(r - cr), abs(c - cc))
                    if best is None or d < best[0]:
                        best = (d, self.rooms[room])
            out[name] = best[1] if best else None
        return out


def _board_item(game):
    comp = next((c for c in game.components.values() if c.kind == "board"), None)
    if comp is None or not comp.items:
        return None, None
    return comp, comp.items[0]


def board(game) -> Board | None:
    _comp, item = _board_item(game)
    if item is None:
        return None
    return Board([str(r) for r in item.get("grid") or []], _texts(item.get("rooms")), _texts(item.get("starts")),
                 str(item.get("floor", ".")),
                 str(item.get("blocked", "#")), [_pair(p) for p in item.get("passages") or []])


def _texts(m) -> dict:
    """A character → id map with every value as text (odd values become text the checks reject)."""
    return {str(k): v if isinstance(v, str) else str(v) for k, v in (m.items() if isinstance(m, dict) else ())}


def _pair(p) -> list:
    """A passage as a list of room ids (text); anything else becomes text the check will reject."""
    return [x if isinstance(x, str) else str(x) for x in p] if isinstance(p, list) else [str(p)]
