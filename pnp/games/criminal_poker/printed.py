"""Criminal Poker: what prints says what the rules compute.

The rules print through their phrases (`rule(…)`, phrases.<lang>.yaml, made from rules.yaml); that
every booklet, help card and setup card prints them, and that nothing restates them in other words,
is `pnp check`'s `rules:phrase` (pnp.games.criminal_poker.phrasing says where and how). Here, what the
phrases cannot say: the rules booklet prints the setup tables from data, and the faces the layouts
draw show, on every evidence card, its type, its own innocence and the rule of its own type (and no
other type's), and on the setup card one table row per number of suspects with the rules' numbers.
The faces are read through the same layouts and template context as a build (no fonts needed).
"""
from __future__ import annotations

import re
from pathlib import Path

from pnp.rules import api
from pnp.rules.api import ContentTemplateError, MissingTranslation, Pos, Problems, display_path, error, localise

NUM = re.compile(r"\d+")
MARKUP = re.compile(r"\*\*|:[a-z][a-z0-9-]*:")
TYPES = ("physical", "statement", "witness", "weapon")


def check(game):
    try:
        ctxs = {lang: api.context(game, lang) for lang in game.languages}
        rendered = {(t, lang): MARKUP.sub("", ctx.rule(t)) for t in TYPES for lang, ctx in ctxs.items()}
    except (MissingTranslation, ContentTemplateError, api.TemplateError):
        return   # the build reports a missing translation, a broken template or a missing phrase (bad input)
    yield from _booklets(game)
    yield from _faces(game, ctxs, rendered, api)


# what a rules booklet must take from data: the setup tables (the rules print through their phrases)
BOOKLET = ("physical_in_play", "deal", "special_max")


def _booklets(game):
    for comp in game.components.values():
        files = getattr(comp, "files", None) or {}
        for lang, path in files.items():
            try:
                src = Path(path).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue   # the booklet engine reports an unreadable file
            for key in BOOKLET:
                if not re.search(rf"data\.{key}\b", src):
                    yield error(Pos(display_path(path), 1, 1), f"the rules booklet `{comp.id}` ({lang}) does not take "
                                f"`data.{key}` from data — write {{{{ data.{key}[n] }}}} in its setup table, so that "
                                f"it says what the setup card says", check="rule-text")


def _faces(game, ctxs, rendered, api):
    from pnp.games.criminal_poker.phrasing import PLACES
    layouts = api.layouts(game)
    for cid, comp in game.components.items():
        if cid not in ("evidence", "help", "setup"):
            continue
        for lang, ctx in ctxs.items():
            items = list(_read(layouts, game, comp, ctx, api))
            for it, texts, where, _rows in items:
                joined = "\n".join(texts).lower()
                if cid == "evidence":
                    yield from _evidence(game, it, joined, texts, lang, rendered, where)
                    continue
                flat = " ".join(joined.split())
                for name in PLACES.get(f"deck:{cid}", ()):   # the card's text prints them: its faces must show them
                    ph = " ".join(MARKUP.sub("", ctx.rule(name)).lower().split())
                    if ph not in flat:
                        yield error(where, f"the printed `{cid}` card `{it.id}` ({lang}) does not show the rule "
                                    f"`{name}` (“{ph}”) — its layouts must print the card's text", it.id, "rule-text")
            if cid == "setup":
                yield from _setup_rows(game, items, lang)


def _evidence(game, it, joined, texts, lang, rendered, where):
    t, v = it.get("type"), it.get("value")
    names = (game.data.get("types") or {}) if isinstance(game.data, dict) else {}
    for other, name in names.items():
        name = (name.get(lang) if isinstance(name, dict) else name) or ""
        shown = bool(name) and name.lower() in joined
        if other == t and name and not shown:
            yield error(where, f"the printed front of `{it.id}` ({lang}) does not name its type “{name}” — the layout "
                        f"must print {{{{ data.types[card.type] }}}}", it.id, "rule-text")
        elif other != t and shown:
            yield error(where, f"the printed front of `{it.id}` ({lang}) names the type “{name}” — it is a `{t}` card",
                        it.id, "rule-text")
    if t != "weapon" and str(v) not in [x.strip() for x in texts]:
        yield error(where, f"the printed front of `{it.id}` ({lang}) does not show its innocence {v} — the layout "
                    f"must print {{{{ card.value }}}}", it.id, "rule-text")
    for other in ("physical", "statement", "witness", "weapon"):
        ph = (rendered.get((other, lang)) or "").lower()
        if not ph:
            continue
        if other == t and ph not in joined:
            yield error(where, f"the printed front of `{it.id}` ({lang}) does not show the rule of its type "
                        f"“{ph}” — the layout must print its type's rule, `rule(…)`", it.id, "rule-text")
        if other != t and ph in joined:
            yield error(where, f"the printed front of `{it.id}` ({lang}) shows the rule of `{other}` evidence — "
                        f"it is a `{t}` card", it.id, "rule-text")


def _setup_rows(game, items, lang):
    """The setup table (repeated cells of the setup layout, one row per number of suspects) must read,
    row by row: suspects, physical cards, sheriff + citizens (sheriff mode), detective + citizens
    (detective mode), most special roles (detective mode) — the rules' numbers, whatever data says."""
    from pnp.games.criminal_poker import logic as cp
    for it, _texts, where, rows in items:
        got = [NUM.findall(" ".join(r)) for r in rows]
        for n in cp.SUSPECTS:
            want = [str(x) for x in (n, cp.physical_in_play(n), 1, n, 1, n - 1, cp.special_max("detective", n))]
            if want not in got:
                yield error(where, f"the printed setup card `{it.id}` ({lang}) has no table row for {n} suspects "
                            f"reading {' '.join(want)} (suspects · physical cards · sheriff + citizens · detective + "
                            f"citizens · most special roles in detective mode); it prints "
                            f"{' / '.join(' '.join(g) for g in got) or 'no table'} — print the data tables "
                            f"(data.physical_in_play, data.deal, data.special_max)", it.id, "setup")


def _read(layouts, game, comp, ctx, api):
    """(item, printed texts of its front and back, the front layout's position) for each item."""
    decl = game.meta["components"][comp.id]
    try:
        lays = [layouts.get(comp.front, decl.at("front"))]
        if comp.back:
            lays.append(layouts.get(comp.back, decl.at("back")))
    except Problems:
        return   # the build reports a broken layout
    for i, it in enumerate(comp.items):
        fctx = ctx.face(comp, i, 0)
        texts, rows, broken = [], {}, False
        for lay in lays:
            for el in lay.elements:
                if el.attrs.get("type") != "text":
                    continue
                try:
                    seq = [None]
                    if el.attrs.get("repeat") is not None:
                        seq = list(api.evaluate(str(el.attrs["repeat"]), fctx))
                    for k, item in enumerate(seq):
                        ictx = fctx if item is None and k == 0 and len(seq) == 1 and el.attrs.get("repeat") is None \
                            else dict(fctx, item=item, index=k)
                        out = _element_text(el, ictx, ctx.lang, game.languages, api, localise)
                        if out is None:
                            continue
                        texts.append(out)
                        if el.attrs.get("repeat") is not None:
                            rows.setdefault(k, []).append(out)
                except (api.TemplateError, MissingTranslation, TypeError):
                    broken = True   # a face that does not resolve is bad input, reported by the build:
                    continue        # judging its half-read text would add rule errors on top
        if not broken:
            yield it, texts, lays[0].pos, [rows[k] for k in sorted(rows)]


def _element_text(el, ictx, lang, langs, api, localise):
    when = el.attrs.get("when", True)
    if when is False or (isinstance(when, str) and not api.evaluate(when, ictx)):
        return None
    raw = el.attrs.get("text")
    if isinstance(raw, dict):
        raw = localise(raw, lang, langs, "", el.pos)
    out = api.render(raw, ictx) if api.is_template(raw) else raw
    return None if out is None else MARKUP.sub("", str(out))
