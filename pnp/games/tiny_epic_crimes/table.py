"""Tiny Epic Crimes, played: the table — the game's pieces as the simulation reads them (suspects,
city cards, event cards parsed from their text, tokens), the officers' state, and the board set up
for one game (`Table`: the city round HQ, the time track, the decks and the first mobsters and
event), with the city's blocks and the hours of day and night.

The rules applied once an officer acts are in actions.py, the bots' choice of action in bots.py;
simulate.py puts them together into a game.
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
    coop: dict | None = None  # the card's "Co-op and solo:" reward, which replaces the other there


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
    en = api.context(game, "en")        # the event cards as they print (their texts may hold templates)
    pieces = Pieces(
        suspects=suspects, districts=districts,
        events=[_event(game, it, names, en.face(game.components["events"], i)["card"])
                for i, it in enumerate(game.components["events"].items) for _ in range(it.copies)],
        search=[it.get("value") == "success" for it in tokens if it.get("kind") == "search"],
        stakeout=[int(it.get("value")) for it in tokens if it.get("kind") == "stakeout"],
        mobsters=[it.get("value") for it in tokens if it.get("kind") == "mobster"],
        holding=[it.get("value") for it in tokens if it.get("kind") == "holding"],
        abilities=game.components["abilities"].total, force=game.components["force"].total)
    _PIECES.clear()
    _PIECES[id(game)] = (game, pieces)
    return pieces


def _event(game, it, names, card) -> Event:
    """An event card read from its printed English text: how it is set up, solved and rewarded. The
    badge step an alibi brings by the rules (`badge.per_event_alibi`) is the rules' to give: a reward
    that prints it ("badge +1 for it", "badge +2 in all (1 of it for the alibi)") is read without it."""
    setup, solve, reward = (str(card[k]) for k in ("setup", "resolve", "reward"))
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
    reward, _, coop = reward.partition("Co-op and solo:")   # a co-op line replaces the reward there
    if coop.strip():
        e.coop = {"alibis": _cards(coop, "suspect"), "force": _cards(coop, "force"),
                  "badge": sum(int(n) for n in re.findall(r"[Bb]adge \+(\d+)(?! for it| for each| in all)", coop))}
    total = re.search(r"[Bb]adge \+(\d+) in all \((\d+) of it for the alibi\)", reward)
    own = [int(n) for n in re.findall(r"[Bb]adge \+(\d+)(?! for it| in all)", reward)]
    e.badge = int(total.group(1)) - int(total.group(2)) if total else sum(own)
    e.alibis = _cards(reward, "suspect")
    e.force = _cards(reward, "force")
    e.everyone = "every player" in reward.lower()
    return e


def _cards(text, kind):
    """How many `kind` cards a reward gives: "draw 2 suspect cards" is 2, "a force card" 1."""
    return sum(int(n) if n.isdigit() else 1 for n in re.findall(rf"(\d+|\ba) {kind} cards?", text))


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


class Table:
    """One game's board and officers, set up by the rules; the turns are played by simulate.Crimes."""

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
        if mode == "solo" and R["start_stack_top"].get("solo") not in ("choose", "by_age"):
            raise api.Uncovered("which solo officer's tracker starts on top", "start_stack_top")
        # solo `choose`: the player puts seat 0 on top, as the youngest would be
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
        self.named_cells = {self.cell_of[e.place] for e in self.p.events   # blocks an event card names
                            if e.place and e.place != "hq" and e.place in self.cell_of}
        self.marked = {}                              # cell → event whose mobster it is
        n = 0
        if api.rule(game, "setup_spree").get("spree") != "ignored":
            raise api.Uncovered("crime sprees during setup", "setup_spree")
        while n < R["setup_mobsters"]["count"] and self.bag:       # a spree double places one, no more
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
