"""Tiny Epic Crimes, played: what the rules do once an officer has chosen — the force and suspect
decks, alibis and interrogations, the badge track, clues and evidence, the events (drawn, set up,
solved), troubled times, arrests, each action's effect and the mobster roll that ends a turn.

`Actions` is a part of simulate.Crimes and works on the state table.Table sets up.
"""
from __future__ import annotations

from pnp.rules import api
from pnp.games.tiny_epic_crimes.table import CLUE_OF


class Actions:
    """The rules an officer's action sets off (mixed into simulate.Crimes)."""

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

    def _holders(self, off):
        """The other officers whose hands a blind pick may reach (`officer_down`: also those whose car is down)."""
        down_too = self.rule("officer_down")["cards"] == "still_held"
        return [o for o in self.o if o is not off and o.hand and (down_too or not o.down)]

    def gain_alibi(self, off):
        """A suspect card for `off`: the deck's top card, or blind from an opponent's hand."""
        src = self.R["alibi_source"]
        opponents = [] if self.coop else self._holders(off)
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
        others = self._holders(off)
        if not others:
            self.rule("interrogate_none")
            return
        victim = self.rng.choice(others)
        self._learn(off, self.rng.choice(victim.hand))      # blind pick, looked at, returned

    # ---- the badge -----------------------------------------------------------------------------
    def badge(self, off, steps):
        b, rewards = self.R["badge"], self.R["badge_rewards"]
        for _ in range(steps):
            if off.flips and off.badge == b["last"]:      # `badge_top`: the 10+ side's last space
                if self.rule("badge_top")["past_end"] == "stays":
                    return                                # later steps are lost, with their rewards
                raise api.Uncovered("a badge past the last space of its flipped side", "badge_top")
            off.badge += 1
            if off.badge > b["last"]:
                off.flips, off.badge = off.flips + 1, b["start"]
            got = rewards.get(f"space_{off.badge}")
            if got is None or (off.flips and rewards.get("laps") != "every"):
                continue              # after the flip the gold spaces pay only if `laps` says so
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
            order = self.rule("evidence_reward_order")
            if (order["first"], order["then"]) != ("finder", "clockwise"):
                raise api.Uncovered("an evidence reward order other than the finder, then clockwise",
                                    "evidence_reward_order")
            for o in self.o[off.seat:] + self.o[:off.seat]:       # finder first, then clockwise (by seat)
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
                cell = self._event_roll(e.mobster, e.marker and e.kind == "stop")
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
                elif self.rule("event_several_mobsters")["unmarked"] != "ordinary":
                    raise api.Uncovered("an event's mobsters put out with no event marker", "event_several_mobsters")
            if e.marker and e.kind == "stop":
                self.markers[cell] = e_state
        if e.marker and any(s is not e_state for s in (*self.markers.values(), *self.marked.values())):
            # two open events with markers in the city: which marker is whose
            if self.rule("event_markers")["numbered"] != "by_slot":
                raise api.Uncovered("two open events' markers told apart", "event_markers")
        if e.kind == "arrest" and not e_state["cells"]:
            if self.rule("event_no_mobster")["nothing_to_arrest"] != "discarded":
                raise api.Uncovered("an event with no mobster to arrest", "event_no_mobster")
            self.slots[slot] = None                   # discarded unsolved

    def _event_roll(self, mobster, marker=False):
        setup = self.R["event_setup"]
        if mobster and all(c in self.mob for c in self.cells if c != self.hq):
            return None
        if marker and all(c in self.markers or c in self.named_cells or c == self.hq
                          or (mobster and c in self.mob) for c in self.cells):
            return None                               # no block a rolled marker may take
        while True:
            w, b = self._dice()
            if marker and (w, b) in self.markers:     # a block that already has an event marker
                if self.rule("event_marker_taken")["then"] != "reroll":
                    raise api.Uncovered("two event markers on one block", "event_marker_taken")
                continue
            if marker and (w, b) in self.named_cells:  # a block an event card names: its marker may come
                if self.rule("event_marker_taken")["named"] != "reroll":
                    raise api.Uncovered("a rolled event marker on a block an event card names",
                                        "event_marker_taken")
                continue
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
        if e.everyone and self.rule("event_several_mobsters")["everyone_reward"] != "all_took_part":
            raise api.Uncovered("who took part in an event that rewards every player", "event_several_mobsters")
        if e.everyone:   # `officer_down`: an officer whose car is down takes a share, or is left out
            who = [o for o in self.o if not o.down or self.rule("officer_down")["every_player"] == "counts"]
        else:
            who = [self.o[s] for s in sorted(st["participants"])]
        if self.R["event_solve"]["reward"] != "each_participant":
            raise api.Uncovered("an event's reward goes to someone the simulation cannot choose", "event_solve")
        got = e.coop if (self.coop and e.coop) else {"alibis": e.alibis, "force": e.force, "badge": e.badge}
        for off in who:
            for _ in range(got["alibis"]):
                if self.gain_alibi(off) or self.rule("alibi_none")["badge_step"] == "moves":
                    self.badge(off, self.R["badge"]["per_event_alibi"])
            for _ in range(got["force"]):
                self._draw_force(off)
            self.badge(off, got["badge"])
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
        gone = self.rule("look_unavailable")
        if not held:
            if gone["nothing_to_see"] != "solved_no_look":
                raise api.Uncovered("a look kept for later when there is nothing to look at", "look_unavailable")
            return
        if rule["needs"] == "one_suspect_card" and not off.hand:
            if gone["no_card"] != "no_look":
                raise api.Uncovered("a look without a suspect card to pay", "look_unavailable")
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
            elif self.rule("event_several_mobsters")["open"] != "until_card_met":
                raise api.Uncovered("an event with several marked mobsters after the first arrest",
                                    "event_several_mobsters")
        return colour

    def _city_events(self, off):
        for st in list(self.slots):
            if st is not None and st["event"].kind == "city" and len(self.mob) < st["event"].fewer_than:
                st["participants"].add(off.seat)
                self._solved(st)

    # ---- an action's effect, and the roll that ends the turn ---------------------------------
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
