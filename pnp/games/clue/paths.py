"""Clue's board as the simulator walks it (`pnp simulate clue`): corridor squares, each room's doorways
(the corridor squares in front of its doors), secret passages, start squares, and every square's
distance to each room, built once per game from board.yaml."""
from __future__ import annotations

from collections import deque

from pnp.rules.api import Uncovered
from pnp.games.clue.board import SIDES, board
from pnp.games.clue.checks import categories


class Map:
    """The board as the simulator walks it: corridor squares, each room's doorways (the corridor squares
    in front of its doors), secret passages, start squares, and every square's distance to each room."""

    def __init__(self, game):
        b = board(game)
        cats = categories(game)
        self.room_card = dict(b.rooms)                      # letter → room card id
        self.rooms = sorted(b.rooms)
        self.floor = {(r, c) for r, c, _ch in b.cells() if b.walkable(r, c)}
        self.entry = {}                                     # doorway square → rooms entered from it
        self.exits = {}                                     # room → doorway squares
        for room, _door, sq in b.doors():
            self.entry.setdefault(sq, set()).add(room)
            self.exits.setdefault(room, set()).add(sq)
        by_id = {v: k for k, v in b.rooms.items()}
        self.passage = {}
        for pair in b.passages:
            if len(pair) == 2 and all(x in by_id for x in pair):
                self.passage[by_id[pair[0]]] = by_id[pair[1]]
                self.passage[by_id[pair[1]]] = by_id[pair[0]]
        self.start = {}
        for r, c, ch in b.cells():
            if ch in b.starts:
                self.start[b.starts[ch]] = (r, c)
        missing = [s for s in cats.get("suspect", []) if s not in self.start]
        if missing:
            raise Uncovered(f"the board has no start square for {', '.join(missing)}: the rule `pawns` puts "
                            f"every pawn on its start square", "pawns")
        # square → its floor neighbours, in the order of SIDES (every walk below steps through these)
        self.nbrs = {(r, c): [(r + dr, c + dc) for dr, dc in SIDES if (r + dr, c + dc) in self.floor]
                     for r, c in self.floor}
        self.dist = {room: self._from(room) for room in self.rooms}
        self._towards = {}
        self.nearest = {sq: sorted((d[sq], room) for room, d in self.dist.items() if sq in d) for sq in self.floor}

    def to(self, sq, targets):
        """Moves from a square to the nearest of the rooms `targets`."""
        return self.towards(targets).get(sq, 999)

    def towards(self, targets) -> dict:
        """Square → moves to the nearest of the rooms `targets` (kept per set of rooms)."""
        key = frozenset(targets)
        got = self._towards.get(key)
        if got is None:
            got = self._towards[key] = {sq: next((d for d, room in near if room in key), 999)
                                        for sq, near in self.nearest.items()}
        return got

    def _from(self, room):
        """Squares → moves to enter `room` (ignoring pawns)."""
        dist = {sq: 1 for sq in self.exits.get(room, ())}
        queue = deque(dist)
        while queue:
            sq = queue.popleft()
            for n in self.nbrs[sq]:
                if n not in dist:
                    dist[n] = dist[sq] + 1
                    queue.append(n)
        return dist


MAPS: dict = {}


def board_map(game) -> Map:
    """The game's Map, kept while the same game is played (the tests clear MAPS between games)."""
    key = id(game)
    got = MAPS.get(key)
    if got is None or got[0] is not game:
        got = (game, Map(game))
        MAPS.clear()
        MAPS[key] = got
    return got[1]
