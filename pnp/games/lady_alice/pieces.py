"""Lady Alice: the checks of the pieces besides the clue cards (Holmes cards, verdict sets, reminder
cards, the notebook and how its strips are bound, the deduction tokens) and of the numbers that link
them (a colour, a verdict set and enough tokens for the most students the game takes)."""
from __future__ import annotations

from collections import Counter

from pnp.rules import api
from pnp.rules.api import data_pos, error
from pnp.games.lady_alice.logic import (CLUE_CARDS, DEAL, HOLMES_CARDS, NOTEBOOK_PAGES, NOTEBOOK_SECTIONS, PLAYERS,
                                        TOKEN_COLOURS, TOKEN_VALUES, VERDICT_SETS, dealt)


CLEARANCE = 1.0   # mm between neighbouring notebook sections on the spine (sixteenth read)


def check_binding(game):
    """The notebook's strips stack into the cover, and every strip gets punch marks to bind it by."""
    b = game.data.get("binding")
    if not isinstance(b, dict) or not all(isinstance(b.get(k), (int, float)) for k in ("first", "pitch", "count", "diameter")):
        yield error(data_pos(game, "binding"), "`data.binding` needs numbers first, pitch, count and diameter (mm)",
                    check="binding")
        return
    try:
        geo = api.layouts(game).geometry
        page_h, cover_h = geo("lady-alice/notebook-page")["h"], geo("lady-alice/notebook-cover")["h"]
    except Exception:  # noqa: BLE001 (a missing or broken layout is reported by the build)
        return
    slot = cover_h / NOTEBOOK_SECTIONS          # each section's share of the spine; its strip sits in the middle
    if slot - page_h < CLEARANCE - 0.01:
        yield error(data_pos(game, "notebook"), f"{NOTEBOOK_SECTIONS} notebook strips of {page_h:g} mm on a "
                    f"{cover_h:g} mm cover leave {slot - page_h:g} mm between sections — they need {CLEARANCE:g} mm "
                    f"so that each turns without catching its neighbour (strips at most {slot - CLEARANCE:g} mm)",
                    check="binding")
    holes = [b["first"] + i * b["pitch"] for i in range(int(b["count"]))]
    r = b["diameter"] / 2
    if holes and (holes[0] - r < 0 or holes[-1] + r > cover_h):
        yield error(data_pos(game, "binding"), f"punch marks from {holes[0]:g} to {holes[-1]:g} mm run off the "
                    f"{cover_h:g} mm cover", check="binding")
    for i in range(NOTEBOOK_SECTIONS):
        top = i * slot + (slot - page_h) / 2
        bottom = top + page_h
        if not any(top + r <= h <= bottom - r for h in holes):
            yield error(data_pos(game, "binding"), f"notebook section {i + 1} ({top:g}–{bottom:g} mm on the spine) "
                        f"gets no whole punch mark — it could not be bound", check="binding")


def check_pieces(game):
    """Counts of the other pieces, and the linked numbers between them."""
    comps = game.components
    expected = {"holmes": HOLMES_CARDS, "verdict-cards": VERDICT_SETS, "verdict-folders": VERDICT_SETS,
                "aids": max(PLAYERS)}                        # a reminder card for every student
    for cid, n in expected.items():
        comp = comps.get(cid)
        if comp is None:
            yield error(game.pos, f"no `{cid}` component — Lady Alice needs {n}", check="components")
        elif comp.total != n:
            yield error(comp.pos, f"`{cid}` has {comp.total} pieces — the game needs {n}", check="components")
    notebook = comps.get("notebook")
    if notebook is not None and notebook.total != NOTEBOOK_SECTIONS * NOTEBOOK_PAGES:
        yield error(notebook.pos, f"the notebook has {notebook.total} pages — it needs {NOTEBOOK_SECTIONS} "
                    f"sections of {NOTEBOOK_PAGES}", check="components")
    # linked: the most students the game takes each need a colour, a verdict set and a token per true element
    most = max(PLAYERS)
    colours = game.data.get("token_colours")
    if isinstance(colours, dict) and len(colours) < most:
        yield error(data_pos(game, "token_colours"), f"{len(colours)} token colours for up to {most} students — "
                    f"each student needs a colour", check="linked")
    true_most = max(dealt(p) for p in PLAYERS)           # true elements in play at most (5 players)
    tokens = comps.get("tokens")
    if tokens is not None:
        per_colour = Counter()
        for item in tokens.items:
            per_colour[item.get("colour")] += item.copies
        for colour, n in per_colour.items():
            if n < true_most:
                yield error(_first(tokens, colour).pos, f"a {colour} student has {n} tokens: with {max(PLAYERS)} students there are "
                            f"{true_most} true elements, so the bonus for a token on every one could never be "
                            f"earned", check="linked")
        if len(per_colour) < most:
            yield error(tokens.pos, f"{len(per_colour)} token colours for up to {most} students", check="linked")
    elements_ruled_out = CLUE_CARDS - min(dealt(p) + DEAL[p]["hidden"] for p in PLAYERS)
    holmes = comps.get("holmes")
    if holmes is not None and holmes.total < elements_ruled_out:
        yield error(holmes.pos, f"{holmes.total} Holmes cards, but up to {elements_ruled_out} elements can be ruled "
                    f"out", check="linked")


def check_tokens(game):
    """Each student colour: the published tokens of each value, and a symbol of its own."""
    comp = game.components.get("tokens")
    if comp is None:
        yield error(game.pos, "no `tokens` component — Lady Alice needs 5 colours of deduction tokens", check="tokens")
        return
    sets: dict = {}
    for item in comp.items:
        sets.setdefault(item["colour"], Counter())[item["value"]] += item.copies
    if len(sets) != TOKEN_COLOURS:
        yield error(comp.pos, f"{len(sets)} token colours — the game has {TOKEN_COLOURS}", check="tokens")
    colours = game.data.get("token_colours")
    want = ", ".join(f"{n} x {v}" for v, n in sorted(TOKEN_VALUES.items()))
    for colour, counts in sets.items():
        if dict(counts) != TOKEN_VALUES:
            have = ", ".join(f"{n} x {v}" for v, n in sorted(counts.items()))
            yield error(_first(comp, colour).pos if comp.source else comp.pos, f"the {colour} tokens are {have} — "
                        f"each colour has {want}", check="tokens")
        if isinstance(colours, dict) and colour not in colours:
            yield error(comp.source or comp.pos, f"token colour `{colour}` is not in `data.token_colours`",
                        check="tokens")
    if isinstance(colours, dict):      # colour is never the only cue: each student's colour has its own symbol
        seen = {}
        for colour, spec in colours.items():
            symbol = spec.get("symbol") if isinstance(spec, dict) else None
            if not symbol:
                yield error(data_pos(game, "token_colours", colour), f"token colour `{colour}` has no `symbol` — "
                            f"tokens that differ only by colour cannot be told apart in black and white", check="tokens")
            elif symbol in seen:
                yield error(data_pos(game, "token_colours", colour, "symbol"), f"token colours `{colour}` and "
                            f"`{seen[symbol]}` share the symbol `{symbol}` — give each colour its own", check="tokens")
            else:
                seen[symbol] = colour


def _first(tokens, colour):
    """The first token of `colour`: where its colour's problems are reported."""
    return next(it for it in tokens.items if it.get("colour") == colour)

