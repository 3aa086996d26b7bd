"""The rules.yaml entries `pnp simulate lady-alice` plays, each read through `api.rule(game, name)` the
first time a state needs it: a missing entry, or a value this model does not play, raises `api.Uncovered`
naming the entry exactly when play reaches it."""
from __future__ import annotations

from pnp.rules import api

SIZE = {3: "three", 4: "four", 5: "five"}
SIDE = {"left": 1, "right": -1}          # which way the notebook or the deduction passes: the step of a seat


class Rules:
    """The rule entries of one game as the simulation reaches them: each read through `api.rule` the
    first time a state needs it (so a missing entry is named exactly when play reaches it)."""

    def __init__(self, game):
        self.game, self.read = game, {}

    def __call__(self, name):
        got = self.read.get(name)
        if got is None:
            got = self.read[name] = api.rule(self.game, name)
        return got

    def want(self, name, key, value):
        """The parameter `key` of rule `name`, which this model plays only as `value`."""
        have = self(name).get(key)
        if have != value:
            raise api.Uncovered(f"rule `{name}`: `{key}: {have}` is a rule this model cannot play "
                                f"(it plays `{key}: {value}`)", name)
        return have


class Table:
    """The entries that decide the rounds of a game of `n` students, read after the deal, in this order."""

    def __init__(self, rule, n):
        tokens = rule("tokens")
        self.tokens = {0: int(tokens["zero"]), 1: int(tokens["one"]), 2: int(tokens["two"])}   # each student's
        self.capacity = int(rule("field_capacity")[SIZE[n]])
        rule("first_asker")                     # seat 0 is whoever last read a detective story
        rule.want("suspicion_log", "writes", "asker")     # `suspicions` is the log: repeats and all-blue ticks
        rule.want("expelled_turns", "notebook", "skips")  # next_active passes an expelled seat by
        rule.want("round", "parts", "suspicion_then_deduction")
        self.step = SIDE.get(rule("notebook_passes")["to"])
        self.dstep = SIDE.get(rule("deduction")["passes"])
        if self.step is None or self.dstep is None:
            raise api.Uncovered("the notebook and the deduction pass to the left or the right (rules `notebook_passes`, "
                                "`deduction`)", "notebook_passes")
        rule.want("deduction", "starts", "left_of_asker")
        rule.want("suspicion", "names", "one_per_category")
        self.limits = rule("suspicion_limits")
        rule("verdict")
        rule.want("verdict", "who", "everyone")
        rule.want("verdict", "public", "count")
        if rule("verdict_folders")["mixed"] not in ("bag", "alike", "before_each_verdict"):   # only the count is known
            raise api.Uncovered("the simulator plays count-only verdicts: folders in a bag, alike or mixed (rule "
                                "`verdict_folders`)", "verdict_folders")
        if n == 3:
            self.cover_all_red = rule("all_red_three")["cover"] != "nothing"
        else:
            self.cover_all_red = rule("all_red")["cover"] == "named_elements"
        self.all_blue_need = int(rule("all_blue_five")["blue"]) if n == 5 else n
        self.accuse_need = int(rule("accuse_blue")[SIZE[n]])
        self.placement = rule("token_placement")
        self.covered_field = rule("covered_field")
        # the bots bet only on cases still possible, and a covered element is in none: never on it
        rule.want("covered_field", "place", "forbidden")
        rule.want("known_wrong", "barred", "covered_only")     # `legal` bars only what `covered` holds
