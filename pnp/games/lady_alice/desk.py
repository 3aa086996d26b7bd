"""Holmes's desk as `pnp simulate lady-alice` plays it: the deduction tokens on each field, the fields
that are full, the tokens each student has left, and the elements the Holmes cards cover."""
from __future__ import annotations

from pnp.games.lady_alice import logic
from pnp.rules import api


class Desk:
    """The desk of one game of `n` students; `table` holds the entries that decide it (entries.Table)."""

    def __init__(self, game, table, n, els, cats, idx):
        self.table, self.n, self.els, self.cats, self.idx = table, n, els, cats, idx
        self.stock = [dict(table.tokens) for _ in range(n)]          # seat → {value: tokens left}
        self.fields: dict = {}                            # element → [(seat, value, face_up)]
        self.full: set = set()                            # (category index, element index) of full fields
        self.covered: set = set()
        self.holmes_left = game.components["holmes"].count if "holmes" in game.components else logic.HOLMES_CARDS

    def cover_red(self, rule, s, blue, bots):
        """All red: cover what it proves wrong; the tokens on a covered field follow `covered_field`."""
        if len(s) < len(logic.CATEGORIES):       # a 3-student accusation: the blank section names nothing
            new = (frozenset(s.values()) if blue == 0 else frozenset()) - self.covered
        else:
            new = logic.all_red_covers(s, blue, self.n, self.els, cover=self.table.cover_all_red) - self.covered
        if len(new) > self.holmes_left:
            rule.want("holmes_cards_out", "cover_with", "any_paper")   # slips of paper cover the rest
        self.holmes_left = max(0, self.holmes_left - len(new))
        self.covered |= new
        if not new:
            return
        ci = [self.idx[e] for e in new]
        for b in bots:
            b.cover(ci)
        cf = self.table.covered_field
        for e in new:
            stack = self.fields.get(e)
            if not stack:
                continue
            if cf["tokens"] == "back_to_owners":
                for owner, value, _ in self.fields.pop(e):
                    self.stock[owner][value] += 1
                self.full.discard(self.idx[e])
            elif cf["tokens"] != "stay":
                raise api.Uncovered(f"rule `covered_field`: `tokens: {cf['tokens']}` is not playable", "covered_field")

    def place(self, seat, value, at):
        """The student at `seat` puts a token of `value` on the field `at` (category index, element index)."""
        placement = self.table.placement
        stack = self.fields.setdefault(self.cats[at[0]][at[1]], [])
        if stack and placement["reveals_top"]:
            stack[-1] = (stack[-1][0], stack[-1][1], True)
        stack.append((seat, value, placement["face"] != "down"))
        if len(stack) >= self.table.capacity:
            self.full.add(at)
        self.stock[seat][value] -= 1

    def tokens(self):
        """[(seat, element, value)] of every token on the desk."""
        return [(s, el, v) for el, stack in self.fields.items() for s, v, _ in stack]
