"""Tiny Epic Crimes, played: complete games by the rules.yaml entries, with simple greedy bots.

Every rule the game applies is read through `api.rule(game, name)`; a rule needed only in a rare
state (an empty deck, a tracker stuck on the last hour …) is read when that state arises, so an
edition without it is a state no rule covers (`pnp simulate` exits 1 naming it). The turn order, the
time track, the candidates left and the winners are the plug-in's own rules functions (checks.py),
the same ones `pnp check` and the tests hold to the published rules.

The bots: each turn an officer looks over every block it could drive to and every action the hour
allows, and takes the best by a fixed preference (clues, then events, then arrests, then coffee),
the nearer the better, with some noise from the game's random source. At the end each officer (or
the team) accuses one suspect among those `checks.candidates` leaves from what it has seen. Not
played: the text of ability, force and event penalty cards, and the officers' co-op powers (the
cards are held and drawn, not used).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from pnp.rules import api
from pnp.games.tiny_epic_crimes import checks

TYPES = ("gang", "rank", "forensics", "getaway", "weapon")
CLUE_OF = {"witness": "gang", "informant": "rank", "search_success": "forensics", "search_fail": "forensics",
           "stakeout": "getaway",
           "holding": "weapon"}


# ---- the game's pieces, read once per loaded game --------------------------------------------------
@dataclass
class Pieces:
    suspects: list            # plain dicts: id and the five evidence values
    districts: list           # (id, mark, en name) of the city cards other than HQ
    events: list              # parsed event cards
    search: list              # search tokens: True = success
    stakeout: list            # stakeout numbers
    mobsters: list            # mobster colours, one per piece
    holding: list             # holding token colours
    abilities: int
    force: int


@dataclass
class Event:
    id: str
    late: bool
    rolls: int                # blocks rolled at setup
    place: str | None         # a named block ("hq" or a city card id) instead of a roll
    mobster: bool
    marker: bool
    kind: str                 # arrest | stop | city
    hours: int = 0
    when: str = "any"
    fewer_than: int = 0
    badge: int = 0
    alibis: int = 0
    force: int = 0
    everyone: bool = False


_PIECES: dict = {}


def _pieces(game) -> Pieces:
    got = _PIECES.get(id(game))
    if got is not None and got[0] is game:
        return got[1]
    suspects = [{"id": it.id, **{t: it.get(t) for t in TYPES}} for it in game.components["suspects"].items]
    city = game.components["city"].items
    names = {str(game.text(it.get("name"), "en")).lower().removeprefix("the "): it for it in city}
    districts = [(it.id, it.get("mark")) for it in city if it.get("kind") != "hq" for _ in range(it.copies)]
    tokens = [it for cid in ("tokens", "mobsters") for it in game.components[cid].items for _ in range(it.copies)]
    pieces = Pieces(
        suspects=suspects, districts=districts,
        events=[_event(game, it, names) for it in game.components["events"].items for _ in range(it.copies)],
        search=[it.get("value") == "success" for it in tokens if it.get("kind") == "search"],
        stakeout=[int(it.get("value")) for it in tokens if it.get("kind") == "stakeout"],
        mobsters=[it.get("value") for it in tokens if it.get("kind") == "mobster"],
        holding=[it.get("value") for it in tokens if it.get("kind") == "holding"],
        abilities=game.components["abilities"].total, force=game.components["force"].total)
    _PIECES.clear()
    _PIECES[id(game)] = (game, pieces)
    return pieces


def _event(game, it, names) -> Event:
    """An event card read from its English text: how it is set up, solved and rewarded."""
    setup, solve, reward = (str(game.text(it.get(k), "en")) for k in ("setup", "resolve", "reward"))
    low = setup.lower()
    rolls = 3 if "three times" in low else 2 if "twice" in low else 1 if "roll" in low else 0
    place = None
    if not rolls:
        place = "hq" if re.search(r"\bhq\b", low) else next(
            (c.id for n, c in names.items() if n and n in low), None)
        if place is None:
            raise api.Uncovered(f"event `{it.id}`: its setup names no block the simulation knows ({setup})")
    e = Event(it.id, bool(it.get("late")), rolls, place, "mobster" in low, "marker" in low, "arrest")
    m = re.search(r"spend (\d+) hour", solve)
    if m:
        e.kind, e.hours = "stop", int(m.group(1))
        e.when = "night" if "night" in solve.lower() else "day" if "by day" in solve.lower() else "any"
    elif re.search(r"fewer than (\d+)", solve.lower()):
        e.kind, e.fewer_than = "city", int(re.search(r"fewer than (\d+)", solve.lower()).group(1))
    elif "arrest" not in solve.lower():
        raise api.Uncovered(f"event `{it.id}`: the simulation cannot read how it is solved ({solve})")
    b = re.search(r"[Bb]adge \+(\d+)", reward)
    e.badge = int(b.group(1)) if b else 0
    e.alibis = len(re.findall(r"suspect card", reward))
    e.force = len(re.findall(r"force card", reward))
    e.everyone = "every player" in reward.lower()
    return e


_GRIDS: dict = {}


def _grid(size):
    """Blocks driven between any two blocks of a `size` × `size` city (up, down, left, right)."""
    if size not in _GRIDS:
        cells = [(c, r) for r in range(1, size + 1) for c in range(1, size + 1)]
        _GRIDS[size] = {a: {b: abs(a[0] - b[0]) + abs(a[1] - b[1]) for b in cells} for a in cells}
    return _GRIDS[size]


# ---- state -------------------------------------------------------------------------------------
@dataclass
class Officer:
    seat: int
    at: tuple = (3, 3)
    hand: list = field(default_factory=list)     # suspect ids held
    known: set = field(default_factory=set)      # suspects seen to be innocent
    seen: dict = field(default_factory=dict)     # evidence type → value seen
    clues: dict = field(default_factory=dict)    # type → clue tokens of it on the mat
    evidence: set = field(default_factory=set)   # evidence tokens held
    badge: int = 0                               # position on the track
    flips: int = 0                               # times flipped to the 10+ side
    force: int = 0
    car: str | None = None                       # a mobster in the car (holding)
    car_night: int = -1                          # the night it was put there
    down: bool = False

    @property
    def level(self):
        return self.flips * 10 + self.badge


class Crimes:
    def __init__(self, game, players, mode, rng):
        self.game, self.rng, self.mode, self.log, self._rules = game, rng, mode, None, {}
        R = self.R = {n: api.rule(game, n) for n in (
            "time_track", "turn_order", "start_stack", "start_stack_top", "tracker_lands", "turn_steps", "drive",
            "tracker_move", "track_end", "action_time", "day_night", "adjacent", "arrest", "coffee", "backup",
            "informant", "witness", "search", "stakeout", "holding", "accuse", "clue_tokens", "evidence_found",
            "evidence_holder", "evidence_reward", "evidence_look", "alibi_source", "interrogate", "badge",
            "badge_rewards", "events", "event_lines", "late_events", "event_setup", "event_solve", "event_stop",
            "troubled_times", "mobster_roll", "one_mobster", "setup_mobsters", "setup", "game_end", "winner",
            "hours_used", "modes")}
        self.coop = mode in ("coop", "solo")
        if self.coop:
            R["coop"] = api.rule(game, "coop")
        modes = R["modes"]
        officers = modes["solo_officers"] if mode == "solo" else players
        self.first, self.last = R["time_track"]["first"], R["time_track"]["last"]
        self.p = _pieces(game)
        self.turns, self.deck_out = 0, False
        # the city: HQ in the middle, the city cards shuffled round it
        size = 5
        self.size, self.hq = size, ((size + 1) // 2, (size + 1) // 2)
        cards = list(self.p.districts)
        rng.shuffle(cards)
        cells = [(c, r) for r in range(1, size + 1) for c in range(1, size + 1) if (c, r) != self.hq]
        self.block = dict(zip(cells, cards))
        self.block[self.hq] = ("hq", "none")
        self.cell_of = {cid: cell for cell, (cid, _m) in self.block.items()}
        self.cells = cells + [self.hq]
        self.near = {cell: self._next_to(cell) for cell in self.cells}
        self.dist = _grid(size)
        self.informants = set(range(1, size + 1))     # rows that still have their informant
        self.witnesses = set(range(1, size + 1))      # columns that still have their witness
        search, stake = list(self.p.search), list(self.p.stakeout)
        rng.shuffle(search)
        rng.shuffle(stake)
        self.search = dict(zip([c for c, (_i, m) in self.block.items() if m == "magnifier"], search))
        self.stake = dict(zip([c for c, (_i, m) in self.block.items() if m == "binoculars"], stake))
        self.hold = set(self.p.holding)
        self.taken = {t: 0 for t in TYPES}            # clues of each type taken by all
        self.found = {}                               # type → holder seat
        self.bag = list(self.p.mobsters)
        rng.shuffle(self.bag)
        self.mob = {}                                 # cell → colour
        self.force_deck = list(range(self.p.force))
        rng.shuffle(self.force_deck)
        self.force_discards = []
        # officers, the time track (youngest on top: seat 0 is the youngest)
        self.o = [Officer(i) for i in range(officers)]
        if self.coop:                                 # nothing is secret: one knowledge for the team
            shared_known, shared_seen = set(), {}
            for off in self.o:
                off.known, off.seen = shared_known, shared_seen
        start = 0                                     # beside the first hour
        order = list(range(officers))
        self.stacks = {start: (order[::-1] if R["start_stack_top"]["top"] == "youngest" else order)}
        for off in self.o:
            off.at = self.hq
            off.badge = R["setup"]["badges"]
            for _ in range(R["setup"]["force_dealt"]):
                self._draw_force(off)
        self.hour = {off.seat: start for off in self.o}
        # the murderer and the suspect deck
        self.deck = [s["id"] for s in self.p.suspects]
        rng.shuffle(self.deck)
        self.murderer = self.deck.pop()
        self.by_id = {s["id"]: s for s in self.p.suspects}
        # events
        every = R["event_lines"]["coop_every" if self.coop else "standard_every"]
        self.lines = {h: False for h in range(every, self.last, every)}
        self.event_deck = list(self.p.events)
        rng.shuffle(self.event_deck)
        self.slots = [None] * R["events"]["slots"]
        self.markers = {}                             # cell → event
        self.marked = {}                              # cell → event whose mobster it is
        n = 0
        while n < R["setup_mobsters"]["count"] and self.bag:
            cell = self._roll_free()
            if cell is not None:
                self.mob[cell] = self.bag.pop()
                n += 1
        self._draw_event(first=True)

    # ---- the city ------------------------------------------------------------------------------
    def _next_to(self, cell):
        if self.R["adjacent"]["means"] != "orthogonal":
            raise api.Uncovered(f"`adjacent: {self.R['adjacent']['means']}` is not a neighbourhood the simulation plays",
                                "adjacent")
        c, r = cell
        return [(c + dc, r + dr) for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1))
                if 1 <= c + dc <= self.size and 1 <= r + dr <= self.size]

    def _dice(self):
        rnd = self.rng.random
        return 1 + int(rnd() * 6), 1 + int(rnd() * 6)

    def rule(self, name):
        """A rule needed only in some states, read (through api.rule) the first time it is."""
        got = self._rules.get(name)
        if got is None:
            got = self._rules[name] = api.rule(self.game, name)
        return got

    def _roll_free(self):
        """A block rolled for a new mobster at setup: rolled again on a six, HQ or a taken block."""
        if all(c in self.mob for c in self.cells if c != self.hq):
            return None
        while True:
            w, b = self._dice()
            if 6 in (w, b) or (w, b) == self.hq or (w, b) in self.mob:
                continue
            return (w, b)

    # ---- time ----------------------------------------------------------------------------------
    def is_day(self, hour):
        dn = self.R["day_night"]
        block = max(hour - self.first, 0) // dn["block"]
        return (block % 2 == 0) == (dn["first"] == "day")

    def night_no(self, hour):
        return max(hour - self.first, 0) // self.R["day_night"]["block"]

    def _move(self, off, hours):
        """Move a tracker `hours` forward with the rules function; event lines crossed first draw."""
        before = self.hour[off.seat]
        self.stacks = checks.advance(self.stacks, off.seat, hours, self.last, self.R["tracker_lands"]["lands"])
        self.hour[off.seat] = before + hours
        return before, before + hours

    def _lines_crossed(self, before, after):
        for line, crossed in self.lines.items():
            if not crossed and before <= line < after:
                self.lines[line] = True
                if self.R["event_lines"]["draws"] == "one_per_line":
                    self._draw_event()

    # ---- decks ---------------------------------------------------------------------------------
    def _draw_force(self, off):
        if not self.force_deck:
            self.deck_out = True
            rule = self.rule("force_deck_empty")
            if rule["then"] == "reshuffle_discards" and self.force_discards:
                self.force_deck, self.force_discards = self.force_discards, []
                self.rng.shuffle(self.force_deck)
            elif rule.get("none_left") == "no_card" or rule["then"] == "no_card":
                return
        if self.force_deck:
            self.force_deck.pop()
            off.force += 1

    def _learn(self, off, sid):
        off.known.add(sid)

    def gain_alibi(self, off):
        """A suspect card for `off`: the deck's top card, or blind from an opponent's hand."""
        src = self.R["alibi_source"]
        opponents = [] if self.coop else [o for o in self.o if o is not off and o.hand]
        if self.deck and (src["choose"] != "deck_or_opponent" or not opponents or self.rng.random() < 0.8):
            sid = self.deck.pop()
        elif opponents and (self.deck or src["deck_empty"] == "opponent_only"):
            if not self.deck:
                self.deck_out = True
            victim = self.rng.choice(opponents)
            sid = victim.hand.pop(self.rng.randrange(len(victim.hand)))
        else:
            self.deck_out = True
            if self.rule("alibi_none")["then"] == "no_card":
                return False
            raise api.Uncovered("no suspect card can be gained and `alibi_none` gives none", "alibi_none")
        off.hand.append(sid)
        self._learn(off, sid)
        return True

    def interrogate(self, off):
        if self.coop:
            if self.rule("coop_interrogate")["gives"] == "top_suspect":
                self.gain_alibi(off)
            return
        others = [o for o in self.o if o is not off and o.hand]
        if not others:
            self.rule("interrogate_none")
            return
        victim = self.rng.choice(others)
        self._learn(off, self.rng.choice(victim.hand))      # blind pick, looked at, returned

    # ---- the badge -----------------------------------------------------------------------------
    def badge(self, off, steps):
        b, rewards = self.R["badge"], self.R["badge_rewards"]
        for _ in range(steps):
            off.badge += 1
            if off.badge > b["last"]:
                off.flips, off.badge = off.flips + 1, b["start"]
            got = rewards.get(f"space_{off.badge}")
            if got is None:
                continue
            if got == "interrogate":
                self.interrogate(off)
            elif got == "force_card":
                self._draw_force(off)
            elif got == "suspect_card":
                self.gain_alibi(off)

    # ---- clues and evidence --------------------------------------------------------------------
    def clue(self, off, token):
        t = CLUE_OF[token]
        off.clues[t] = off.clues.get(t, 0) + 1
        self.badge(off, self.R["badge"]["per_clue"])
        if token == "search_fail":
            return
        self.taken[t] += 1
        if self.taken[t] == self.R["evidence_found"][t] and t not in self.found:
            self.found[t] = off.seat                  # the last clue's taker holds it, and reads it
            off.evidence.add(t)
            off.seen[t] = self.by_id[self.murderer][t]
            if t == "forensics" and self.R["search"]["after_found"] == "remove_rest":
                self.search.clear()
            if t == "getaway" and self.R["stakeout"]["after_found"] == "remove_rest":
                self.stake.clear()
            for o in self.o:
                if o.clues.get(t):
                    for _ in range(self.R["evidence_reward"]["suspect_cards"]):
                        self.gain_alibi(o)

    # ---- events --------------------------------------------------------------------------------
    def _draw_event(self, first=False):
        if None not in self.slots:
            return self.troubled()
        while True:
            if not self.event_deck:
                self.deck_out = True
                if self.rule("event_deck_empty")["then"] == "troubled_times":
                    return self.troubled()
                return
            e = self.event_deck.pop()
            late = self.R["late_events"]["from"]
            if e.late and not any(h >= late for h in self.hour.values()):
                continue                              # discarded, draw again
            break
        slot = self.slots.index(None)
        self.slots[slot] = e
        e_state = {"event": e, "participants": set(), "cells": set()}
        self.slots[slot] = e_state
        for _ in range(max(e.rolls, 1 if e.place else 0)):
            cell = self.cell_of.get(e.place) if e.place and e.place != "hq" else self.hq if e.place else None
            if cell is None:
                cell = self._event_roll(e.mobster)
                if cell is None:
                    self.rule("event_no_block")
                    continue
            if e.mobster:
                if not self.bag and cell not in self.mob:
                    if self.rule("event_no_mobster")["each_missing"] != "troubled_times":
                        raise api.Uncovered("an event's mobster from an empty cup", "event_no_mobster")
                    self.troubled()
                    continue
                if cell in self.mob:                  # a named block already holding one: it is the event's
                    pass
                else:
                    self.mob[cell] = self.bag.pop()
                if e.kind == "arrest":
                    self.marked[cell] = e_state
                    e_state["cells"].add(cell)
            if e.marker and e.kind == "stop":
                self.markers[cell] = e_state
        if e.kind == "arrest" and not e_state["cells"]:
            if self.rule("event_no_mobster")["nothing_to_arrest"] != "discarded":
                raise api.Uncovered("an event with no mobster to arrest", "event_no_mobster")
            self.slots[slot] = None                   # discarded unsolved

    def _event_roll(self, mobster):
        setup = self.R["event_setup"]
        if mobster and all(c in self.mob for c in self.cells if c != self.hq):
            return None
        while True:
            w, b = self._dice()
            if setup["reroll_six"] and 6 in (w, b):
                continue
            if (w, b) == self.hq and setup["hq"] == "only_if_card_says":
                continue
            if mobster and setup["reroll_occupied"] and (w, b) in self.mob:
                continue
            return (w, b)

    def troubled(self):
        rule = self.R["troubled_times"]
        if self.deck:
            self.deck.pop()                           # discarded unseen
            return
        self.deck_out = True
        if rule["deck_empty"] != "every_tracker_forward":
            raise api.Uncovered(f"troubled times with an empty deck: `{rule['deck_empty']}` is not played",
                                "troubled_times")
        move = self.rule("troubled_move")
        if move["on_last"] != "stays":
            raise api.Uncovered("a tracker on the last hour in troubled times", "troubled_move")
        order = [p for h in sorted(self.stacks, reverse=True) for p in self.stacks[h]]
        for seat in order:
            if self.hour[seat] + rule["hours"] <= self.last:
                before, after = self._move(self.o[seat], rule["hours"])
                if move["draws_event"]:
                    self._lines_crossed(before, after)

    def _solved(self, st):
        e = st["event"]
        self.slots[self.slots.index(st)] = None
        for cell in [c for c, s in self.markers.items() if s is st]:
            del self.markers[cell]
        for cell in [c for c, s in self.marked.items() if s is st]:
            del self.marked[cell]
            if cell in self.mob:
                self.bag.append(self.mob.pop(cell))
        who = list(self.o) if e.everyone else [self.o[s] for s in sorted(st["participants"])]
        if self.R["event_solve"]["reward"] != "each_participant":
            raise api.Uncovered("an event's reward goes to someone the simulation cannot choose", "event_solve")
        for off in who:
            for _ in range(e.alibis):
                if self.gain_alibi(off):
                    self.badge(off, self.R["badge"]["per_event_alibi"])
            for _ in range(e.force):
                self._draw_force(off)
            self.badge(off, e.badge)
        if self.coop and self.R["coop"]["looks"] == "none":
            return
        if not self.coop:
            look = self.rule("evidence_look_who")
            for off in (who if look["who"] == "each_participant" else who[:1]):
                self.look(off)

    def look(self, off):
        """After a solved event: look at one evidence another officer holds, paying a suspect card."""
        rule = self.R["evidence_look"]
        held = [t for t, s in self.found.items() if s != off.seat and t not in off.seen]
        if not held or (rule["needs"] == "one_suspect_card" and not off.hand):
            return
        t = self.rng.choice(held)
        holder = self.o[self.found[t]]
        if rule["pays"] == "one_suspect_card":
            sid = off.hand.pop(self.rng.randrange(len(off.hand)))   # the holder picks blind
            holder.hand.append(sid)
            self._learn(holder, sid)
        off.seen[t] = self.by_id[self.murderer][t]

    def _arrested(self, off, cell):
        """The mobster on `cell` is arrested by `off`: back into the bag; an event marking it is solved."""
        colour = self.mob.pop(cell)
        st = self.marked.pop(cell, None)
        if st is not None:
            st["participants"].add(off.seat)
            st["cells"].discard(cell)
            if not st["cells"]:
                self._solved(st)
        return colour

    def _city_events(self, off):
        for st in list(self.slots):
            if st is not None and st["event"].kind == "city" and len(self.mob) < st["event"].fewer_than:
                st["participants"].add(off.seat)
                self._solved(st)

    # ---- a turn --------------------------------------------------------------------------------
    def options(self, off):
        """The bot's choice among the legal ones: (score, cell, action, drive hours, action hours,
        event) — drive to `cell`, then take `action` there; None when no action fits."""
        R, h = self.R, self.hour[off.seat]
        day = self.is_day(h)
        left = self.last - h
        per = R["drive"]["hours_per_block"]
        far = self.dist[off.at]
        rnd = self.rng.random
        best = [None]

        def add(prio, cell, action, hours, arg=None):
            dist = far[cell] * per
            if dist + hours <= left:
                score = prio * 4 - dist - hours + rnd() * 3
                if best[0] is None or score > best[0][0]:
                    best[0] = (score, cell, action, dist, hours, arg)

        ok = {name: R[name]["when"] == "any" or (R[name]["when"] == "day") == day
              for name in ("coffee", "arrest", "backup", "informant", "witness", "search", "stakeout", "holding")}
        if ok["coffee"]:
            add(0, off.at, "coffee", R["coffee"]["hours"])
        mob = self.mob
        around = {}
        if ok["backup"]:
            k = self.rng.randint(R["backup"]["hours_min"], R["backup"]["hours_max"])
            for m in mob:
                for c in self.near[m]:
                    around[c] = around.get(c, 0) + 1
            for cell, n in around.items():
                if n > 1 and cell not in mob:
                    add(1 + n * 0.5, cell, "backup", k)
        hold = ok["holding"] and off.car is None
        for cell in mob:                              # on a mobster's block: the bot's best action there
            if ok["informant"] and cell[1] in self.informants:
                add(3, cell, "informant", R["informant"]["hours"])
            elif ok["witness"] and cell[0] in self.witnesses:
                add(3, cell, "witness", R["witness"]["hours"])
            elif hold and cell != self.hq:
                add(2, cell, "hold", R["holding"]["hours"])
            elif ok["backup"] and cell in around:
                add(1 + around[cell] * 0.5, cell, "backup", k)
            elif ok["arrest"]:
                add(1 + (cell in self.marked), cell, "arrest", R["arrest"]["hours"])
        if ok["search"]:
            for cell in self.search:
                add(3, cell, "search", R["search"]["hours"])
        if ok["stakeout"] and self.stake:
            k = self.rng.randint(max(R["stakeout"]["hours_min"], 3), R["stakeout"]["hours_max"])
            for cell in self.stake:
                add(2.5, cell, "stakeout", k)
        if ok["holding"] and off.car is not None and self.night_no(h) != off.car_night:
            add(3, self.hq, "jail", R["holding"]["hours"])
        for cell, st in self.markers.items():
            e = st["event"]
            if e.when == "any" or (e.when == "day") == day:
                add(2.5, cell, "stop", e.hours, st)
        return best[0]

    def turn(self):
        R = self.R
        active = {h: [p for p in ps if not self.o[p].down] for h, ps in self.stacks.items()}
        seat = checks.next_to_act(active, R["turn_order"]["acts"], R["turn_order"]["tie"])
        if self.log is not None:
            self.log.append(({h: list(ps) for h, ps in active.items() if ps}, seat))
        off = self.o[seat]
        self.turns += 1
        choice = self.options(off)
        if choice is None:                            # no action fits before the end of the track
            if self.rule("stuck_at_end")["then"] != "game_over":
                raise api.Uncovered("an officer who can take no action", "stuck_at_end")
            off.down = True
            return
        _score, cell, action, drive, hours, arg = choice
        if action == "stop" and self.rule("event_stop")["counts_as"] != "action":
            raise api.Uncovered("an event stop that is not an action", "event_stop")
        off.at = cell
        self.act(off, action, cell, hours, arg)
        if R["tracker_move"]["by"] != "drive_plus_action":
            raise api.Uncovered("a tracker that moves by other than the hours spent", "tracker_move")
        before, after = self._move(off, drive + hours)
        self._city_events(off)
        if R["events"]["draw_when"] == "first_across_line":
            self._lines_crossed(before, after)
        self.mobster_roll()
        h = self.hour[off.seat]
        if h >= R["accuse"]["from"] and (h >= self.last or self.rng.random() < (h - R["accuse"]["from"] + 1) / 6):
            off.down = True                           # car laid on its side

    def act(self, off, action, cell, hours, st):
        R = self.R
        if action == "arrest":
            self._arrested(off, cell)
        elif action == "backup":
            roll = self.rng.randint(1, 6)
            if roll <= hours and R["backup"]["success"] == "roll_at_most_hours":
                for c in [cell] + self.near[cell]:
                    if c in self.mob:
                        self._arrested(off, c)
                self._draw_force(off)
            elif cell in self.mob:
                self._arrested(off, cell)
        elif action == "informant":
            self._arrested(off, cell)
            self.informants.discard(cell[1])
            self.clue(off, "informant")
        elif action == "witness":
            self._arrested(off, cell)
            self.witnesses.discard(cell[0])
            self.clue(off, "witness")
        elif action == "search":
            ok = self.search.pop(cell)
            if ok:
                self.clue(off, "search_success")
            elif self.rule("failed_search")["counts_as_clue"]:
                self.clue(off, "search_fail")
            else:
                self.badge(off, R["badge"]["per_clue"])
        elif action == "stakeout":
            if self.stake[cell] <= hours:
                del self.stake[cell]
                self.clue(off, "stakeout")
        elif action == "hold":
            off.car, off.car_night = self._arrested(off, cell), self.night_no(self.hour[off.seat])
        elif action == "jail":
            colour, off.car = off.car, None
            self.bag.append(colour)
            if colour in self.hold:
                self.hold.discard(colour)
                self.clue(off, "holding")
            elif R["holding"]["colour_gone"] == "force_card":
                self._draw_force(off)
        elif action == "stop":
            if st in self.slots:
                st["participants"].add(off.seat)
                self._solved(st)

    def mobster_roll(self):
        R = self.R["mobster_roll"]
        while True:
            w, b = self._dice()
            if 6 in (w, b) or (w, b) == self.hq:
                return                                # quiet streets
            cell = (w, b)
            if cell in self.mob:
                self._draw_event()
            elif self.bag:
                self.mob[cell] = self.bag.pop()
            elif R["bag_empty"] == "troubled_times":
                self.troubled()
            if w != b:
                return
            if self.rule("crime_spree")["reroll"] != "every_double":
                return

    # ---- the end -------------------------------------------------------------------------------
    def play(self):
        while not all(o.down for o in self.o):
            self.turn()
        R = self.R
        if R["game_end"]["when"] != "all_cars_down":
            raise api.Uncovered("a game that ends otherwise than with every car down", "game_end")
        if self.coop:
            left = checks.candidates(self.p.suspects, self.o[0].known, self.o[0].seen)
            accused = self.rng.choice(left)["id"]
            self.accusations = [{"player": 0, "accused": accused}]
            right = accused == self.murderer
            seats = tuple(range(len(self.o) if self.mode != "solo" else 1)) if right else ()
            return api.Played(length=self.turns, end="team_right" if right else "team_wrong", winners=seats,
                              rounds=max(self.hour.values()), deck_out=self.deck_out)
        if R["hours_used"]["is"] != "tracker_hour":
            raise api.Uncovered("hours used counted otherwise than by the tracker", "hours_used")
        self.accusations = []
        for o in self.o:
            left = checks.candidates(self.p.suspects, o.known, o.seen)
            self.accusations.append({"player": o.seat, "accused": self.rng.choice(left)["id"], "badge": o.level,
                                     "hours": self.hour[o.seat], "evidence": len(o.evidence)})
        won = checks.winners(self.accusations, self.murderer, tuple(R["winner"]["order"]))
        right = sum(a["accused"] == self.murderer for a in self.accusations)
        return api.Played(length=self.turns, end="named" if won else "nobody_right", winners=tuple(won),
                          rounds=max(self.hour.values()), deck_out=self.deck_out, tie=right > 1)


def configs(game):
    m = api.rule(game, "modes")
    return ([("standard", n) for n in range(m["standard_min"], m["standard_max"] + 1)]
            + [("coop", n) for n in range(m["coop_min"], m["coop_max"] + 1)] + [("solo", 1)])


def play(game, players, mode, rng, log=False) -> Crimes:
    """One complete game; the finished state (the tests read it), its result in `.result`; with `log`,
    `.log` holds each turn's time track (active trackers) and the seat that acted."""
    g = Crimes(game, players, mode, rng)
    g.log = [] if log else None
    g.result = g.play()
    return g


def simulate(game, players, mode, rng) -> api.Played:
    return play(game, players, mode, rng).result
