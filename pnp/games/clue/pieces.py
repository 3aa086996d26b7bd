"""The pieces on Clue's board as `pnp simulate clue` plays them: where each pawn and weapon stands,
which rooms pawns close, how a pawn may move with a roll, and where a suggestion or a wrong accusation
puts a pawn."""
from __future__ import annotations

from collections import deque

from pnp.rules.api import Uncovered


class Pieces:
    """The pawns and weapons of one game. `wrong` (the seats that accused wrongly) is the game's set."""

    def __init__(self, m, rules, rng, suspects, played, where, weapon_room, wrong):
        self.m, self.rules, self.rng = m, rules, rng
        self.suspects, self.played = suspects, played
        self.seat_of = {s: i for i, s in enumerate(played)}
        self.where = where                  # suspect → a square (r, c) or a room letter
        self.weapon_room = weapon_room      # weapon → room letter
        self.wrong = wrong
        self.moved_in = set()               # seats whose pawn a suggestion moved into a room

    # ---- rooms pawns close ------------------------------------------------------------------------
    def blocks_room(self, s):
        """Whether the pawn of suspect `s` closes the room it stands in to other pawns."""
        if s not in self.seat_of:
            return self.rules.block_all
        if self.seat_of[s] in self.wrong:
            return self.rules.wrong_block
        return True

    def closed(self, room, me):
        if not self.rules.closed_rooms:
            return False
        return any(self.where[s] == room and s != me and self.blocks_room(s) for s in self.suspects)

    def closed_set(self, me):
        """The rooms the pawn of `me` may not enter now (rule `occupied_room`)."""
        if not self.rules.closed_rooms:
            return frozenset()
        return frozenset(w for s, w in self.where.items() if s != me and isinstance(w, str) and self.blocks_room(s))

    def occupied_squares(self, me):
        if self.rules.share:
            return set()
        return {w for s, w in self.where.items() if s != me and isinstance(w, tuple)}

    # ---- a pawn's move ----------------------------------------------------------------------------
    def move(self, seat, cand_rooms):
        """The pawn of `seat` moves towards a room whose card its bot has not ruled out (`cand_rooms`):
        the room it enters, or None."""
        m, r, rng = self.m, self.rules, self.rng
        me = self.played[seat]
        here = self.where[me]
        entered = None
        targets = [rm for rm in m.rooms if m.room_card[rm] in cand_rooms] or list(m.rooms)
        if seat in self.moved_in and r.stay_ok and isinstance(here, str) and m.room_card[here] in cand_rooms:
            entered = here                                  # stays and suggests where a suggestion put it
        elif (r.passage_ok and isinstance(here, str) and here in m.passage and m.passage[here] in targets
              and not (r.by_passage and self.closed(m.passage[here], me))):
            self.where[me] = entered = m.passage[here]
        else:
            roll = rng.randint(1, r.sides)
            got = None if r.exact else self.walk(me, roll, targets)
            if got is not None:
                self.where[me] = got
                entered = got if isinstance(got, str) else None
            else:
                ends, rooms, short = self.moves(me, roll)
                if short and r.partway == "stop_short":
                    ends = short                            # as far as it can get (blocked_partway)
                good = [rm for rm in rooms if rm in targets]
                if good:
                    self.where[me] = entered = rng.choice(sorted(good))
                elif ends:
                    tset = set(targets)
                    far = {sq: m.to(sq, tset) for sq in ends}
                    best = min(far.values())
                    self.where[me] = rng.choice(sorted(sq for sq, d in far.items() if d == best))
                elif rooms:
                    self.where[me] = entered = rng.choice(sorted(rooms))
                else:
                    r.want("no_legal_move", "then", ("stay",))
        self.moved_in.discard(seat)
        return entered

    def moves(self, me, roll):
        """(squares the pawn may end on, rooms it may enter, the squares furthest along when neither: a
        pawn stopped partway) with this roll."""
        m, r = self.m, self.rules
        here = self.where[me]
        taken = self.occupied_squares(me)
        left_room = here if isinstance(here, str) else None
        rooms = set()

        def enter_from(sq):
            for room in m.entry.get(sq, ()):
                if room == left_room and r.no_room_twice:
                    continue
                if not self.closed(room, me) or room == here:
                    rooms.add(room)

        if left_room:
            firsts = [sq for sq in m.exits.get(left_room, ()) if sq not in taken]
        else:
            firsts = [here]
        if not r.exact:
            dist = {}
            queue = deque()
            for sq in firsts:
                d0 = 1 if left_room else 0
                dist[sq] = d0
                queue.append(sq)
            while queue:
                sq = queue.popleft()
                d = dist[sq]
                if d < roll:
                    enter_from(sq)
                    for nb in m.nbrs[sq]:
                        if nb not in taken and nb not in dist:
                            dist[nb] = d + 1
                            queue.append(nb)
            ends = {sq for sq, d in dist.items() if r.least <= d <= roll}
            return ends, rooms, set()
        ends = set()
        far = {}                                        # steps taken → squares reached (short of the roll)

        def follow(sq, d, seen):
            if d == roll:
                ends.add(sq)
                return
            if d:
                far.setdefault(d, set()).add(sq)
            enter_from(sq)
            for nb in m.nbrs[sq]:
                if nb not in taken and nb not in seen:
                    seen.add(nb)
                    follow(nb, d + 1, seen)
                    seen.discard(nb)
        for sq in firsts:
            follow(sq, 1 if left_room else 0, {sq})
        short = far[max(far)] if far and not ends and not rooms else set()
        return ends, rooms, short

    def walk(self, me, roll, targets):
        """The greedy move (up to the roll): straight along the shortest way to the nearest open room of
        `targets`, entering it when the roll reaches; None when that way is blocked at once (the full
        search then decides)."""
        m = self.m
        here = self.where[me]
        taken = self.occupied_squares(me)
        shut = self.closed_set(me)
        tset = frozenset(rm for rm in targets if rm != here and rm not in shut)
        if not tset:
            return None
        far = m.towards(tset)
        if isinstance(here, str):
            exits = [sq for sq in m.exits.get(here, ()) if sq not in taken]
            if not exits:
                return None
            sq, used = min(exits, key=lambda q: (far.get(q, 999), q)), 1
        else:
            sq, used = here, 0
        while used < roll:
            d = far.get(sq, 999)
            if d == 1:
                return next(rm for _d, rm in m.nearest[sq] if rm in tset)
            nxt = [nb for nb in m.nbrs[sq] if nb not in taken and far.get(nb, 999) < d]
            if not nxt:
                break
            sq, used = min(nxt), used + 1
        return sq if used >= max(self.rules.least, 1) else None

    # ---- pawns moved by others --------------------------------------------------------------------
    def gather(self, seat, suspect, weapon, room):
        """The suspect and weapon `seat` names move into its room."""
        if self.where[suspect] != room or self.rules.in_place:   # named in its own room: moved there too
            self.where[suspect] = room                           # (named_in_own_room)
            if suspect in self.seat_of and self.seat_of[suspect] != seat:
                self.moved_in.add(self.seat_of[suspect])
        self.weapon_room[weapon] = room

    def send_off(self, seat):
        """Where the pawn of a wrong accuser goes (rules `accuse_wrong`, `wrong_accuser_pawn`)."""
        m, r = self.m, self.rules
        pawn = self.played[seat]
        if r.doorway == "into_room":
            sq = self.where[pawn]
            if isinstance(sq, tuple) and sq in m.entry:
                rooms = sorted(m.entry[sq])
                if len(rooms) > 1:
                    raise Uncovered(f"rule `accuse_wrong`: the doorway {sq} opens on {', '.join(rooms)}: "
                                    f"which room the pawn goes into", "accuse_wrong")
                self.where[pawn] = rooms[0]
        sq = self.where[pawn]
        if r.corridor == "nearest_room" and isinstance(sq, tuple):
            near = m.nearest.get(sq)
            if not near:
                raise Uncovered(f"rule `wrong_accuser_pawn`: no room can be reached from {sq}", "wrong_accuser_pawn")
            if not r.into_closed:
                near = [(d, rm) for d, rm in near if not self.closed(rm, pawn)] or near
            self.where[pawn] = near[0][1]         # the nearest room (the accuser's choice among equals)
