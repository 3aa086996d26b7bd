"""Load `content/<game>/` into the typed model, reporting every problem with its position."""
from __future__ import annotations

import os
from pathlib import Path

from pnp.content.entries import load_entries
from pnp.content.phrases import load_phrases
from pnp.content.credits import check_credits, check_links
from pnp.content.model import Component, Game, Item
from pnp.content.schema import ID_RE, LANG_RE, check_map, short_text, slug, type_problem
from pnp.content.specs import COMPONENT_SPEC, FIELD_TYPES, GAME_SPEC, RESERVED, _WRITE  # noqa: F401  (re-exported)
from pnp.content import glossary, pieces, printing, sheets
from pnp.content.yamlfile import YList, YMap, load_file, special_file
from pnp.core import paths
from pnp.core.paths import inside
from pnp.core.errors import Collector, Pos, Problems, display_path, did_you_mean
from pnp.core import colors, papers


def load_game(root: Path) -> Game:
    col = Collector()
    home = Path(os.path.abspath(root))
    try:
        leads_out = not home.resolve().is_relative_to(home.parent.resolve())   # the rule of layouts/<folder> too
    except (OSError, RuntimeError):   # a link to itself: there is no game.yaml here (below)
        leads_out = False
    if leads_out:
        raise Problems([_problem(Pos(display_path(root)), f"the game folder `{home.name}` is a link that leads "
                                 "outside content/", "copy the folder into content/")])
    game_file = root / "game.yaml"
    if not game_file.is_file():
        raise Problems([_problem(Pos(display_path(game_file)), "there is no game.yaml here",
                                 "create one with `pnp new GAME` (the keys: `pnp docs` writes the reference)")])
    if not game_file.resolve().is_relative_to(root.resolve()):
        raise Problems([_problem(Pos(display_path(game_file)), "game.yaml is a link that leads outside the game folder",
                                 "copy the file into the game folder")])
    meta = load_file(game_file)
    g = check_map(meta, GAME_SPEC, col, "game.yaml")
    langs = tuple(g["languages"] or ())
    for i, lang in enumerate(langs):
        if not isinstance(lang, str) or not LANG_RE.match(lang):
            col.add(meta["languages"].at(i), f"`{lang}` is not a language code", "write e.g. `zh-TW` or `en`")
    langs = tuple(lang for lang in langs if isinstance(lang, str) and LANG_RE.match(lang))  # check the rest with these
    if g["id"] and g["id"] != root.name:
        col.add(meta.at("id"), f"the id `{g['id']}` differs from the folder name `{root.name}`",
                f"write `id: {root.name}` or rename the folder")
    palette = {}
    for name, value in (g["palette"] or {}).items():
        try:
            got = colors.parse(value) if isinstance(value, str) else None
        except colors.ColorError:
            got = None
        if got is None or isinstance(got, colors.Rgba):
            col.add(meta["palette"].at(name), f"palette colour `{name}` is `{value}`",
                    "write an opaque colour: `#rrggbb`, a CSS name such as `crimson`, `rgb(…)` or `hsl(…)`")
        else:
            palette[name] = got
    if g["title"] is not None:
        _check_text(g["title"], meta.at("title"), langs, col, "title")
    credits = check_credits(meta, col, langs)
    entries = load_entries(root, col, langs)
    phrases = load_phrases(root, col, langs)
    check_links(meta, col)
    _check_lint(meta, g["lint"] or {}, col)
    paper = None
    if g["paper"] is not None:
        try:
            paper = papers.paper_key(g["paper"])
        except papers.PaperError as e:
            col.add(meta.at("paper"), f"`paper:` {e.args[0]}", e.args[1])
    comps: dict[str, Component] = {}
    dups: set = set()
    raw = g["components"] or {}
    for cid, decl in raw.items():
        pos = raw.key_at(cid)
        if not isinstance(cid, str) or not ID_RE.match(cid):
            col.add(pos, f"`{cid}` is not a valid component id", "use lower-case letters, digits and `-`")
            continue
        if not isinstance(decl, YMap):
            col.add(pos, f"component `{cid}` should be a map", "give it `kind:`, `title:`, `front:` …")
            continue
        comp = _component(root, cid, decl, langs, col, comps, raw, g["data"] or {}, dups)
        if comp:
            comps[cid] = comp
    _unique_ids(comps, col, dups)
    words = glossary.check(meta, comps, langs, col)
    col.raise_if_any()
    return Game(id=g["id"], root=root, meta=meta, title=g["title"], languages=langs, components=comps,
                data=g["data"] or {}, rules=g["rules"], palette=palette, fonts=dict(g["fonts"] or {}),
                pos=Pos(display_path(game_file)), credits=credits, entries=entries, phrases=phrases,
                glossary=words, paper=paper)


def _check_lint(meta, levels, col):
    from pnp.core.findings import LEVELS, RULES, level_of
    for rule, level in levels.items():
        level = level_of(level)
        if rule not in RULES:
            col.add(meta["lint"].key_at(rule), f"`{rule}` is not a print lint rule", did_you_mean(rule, RULES))
        elif not isinstance(level, str) or level not in LEVELS:
            col.add(meta["lint"].at(rule), f"lint rule `{rule}` is set to `{level}`", did_you_mean(str(level), LEVELS))


def _problem(pos, what, todo):
    from pnp.core.errors import Problem
    return Problem(pos, what, todo)


def _check_text(value, pos, langs, col, name):
    problem = type_problem(value, "text", languages=langs)
    if problem:
        col.add(pos, f"`{name}`: {problem}", "write text or `{zh-TW: …, en: …}`")


def _fields(decl: YMap, col: Collector) -> dict:
    out = {}
    fields = decl.get("fields") or {}
    if not isinstance(fields, YMap):
        return out
    for name, spec in fields.items():
        pos = fields.at(name)
        required, choices = True, ()
        if isinstance(spec, str) and spec.endswith("?"):
            spec, required = spec[:-1], False
        if isinstance(spec, YMap) and "enum" in spec:
            choices = tuple(spec["enum"]) if isinstance(spec["enum"], list) else ()
            required = bool(spec.get("required", True))
            typ = "enum"
        elif isinstance(spec, YMap) and "type" in spec:
            typ, required = spec["type"], bool(spec.get("required", True))
        else:
            typ = spec
        if typ not in FIELD_TYPES and typ != "enum":
            col.add(pos, f"field `{name}` has the unknown type `{typ}`", did_you_mean(typ, FIELD_TYPES))
            continue
        if name in RESERVED:
            col.add(fields.key_at(name), f"`{name}` is reserved and needs no declaration", "remove it from `fields`")
            continue
        out[name] = (typ, required, choices)
    return out


def _component(root, cid, decl, langs, col, done, raw, data=None, dups=None):
    c = check_map(decl, COMPONENT_SPEC, col, f"component `{cid}`", langs)
    dups = set() if dups is None else dups   # ids a sheet reported on each of their rows
    if c["kind"] == "booklet":
        return _booklet(root, cid, decl, c, langs, col)
    if c["source"] is not None:
        col.add(decl.key_at("source"), f"`source` is for booklets, and `{cid}` is a {c['kind']}",
                "remove `source:`, or write `kind: booklet`")
    fields = _fields(decl, col)
    choose = {}
    for side in ("front", "back"):
        c[side], rule = _choice(decl, side, c[side], fields, col)
        if rule:
            choose[side] = rule
    if not c["front"]:
        col.add(decl.pos, f"component `{cid}` lacks the required key `front`",
                "add `front:` (a layout name such as `common/poker`)")
    source = None
    items: list[Item] = []
    sources = [k for k in ("cards", "items", "from") if c[k] is not None]
    if len(sources) > 1:
        col.add(decl.pos, f"component `{cid}` has {', '.join(sources)}", "give only one source of items")
    if c["id_from"] is not None and not (c["cards"] and sheets.is_sheet(c["cards"])):
        col.add(decl.at("id_from"), "`id_from` is for spreadsheet decks (`cards:` naming a .csv, .tsv, .xlsx or .ods "
                "file)", "remove it: items in YAML give their own `id:`")
    if c["cards"]:
        path = _inside(root, c["cards"], decl.at("cards"), col)
        if path is not None and sheets.is_sheet(c["cards"]):
            id_from = (str(c["id_from"]), decl.at("id_from")) if c["id_from"] is not None else None
            rows = sheets.load_sheet(path, c["sheet"], decl.at("cards"), fields, decl.get("fields"), langs, col, id_from)
            source = rows.pos
            items = _items(rows, cid, fields, langs, col, need_id=True)
            dups.update(getattr(rows, "dup_ids", ()))
        elif path is not None:
            try:
                deck = load_file(path)
            except Problems as e:
                col.extend(e.problems)
                return None
            source = deck.pos
            items = _deck(deck, cid, fields, langs, col)
    elif c["items"] is not None:
        items = _items(decl["items"], cid, fields, langs, col, need_id=False)
    elif c["from"]:
        if c["from"] in done:
            items = list(done[c["from"]].items)
        else:
            col.add(decl.at("from"), f"`from: {c['from']}` names no component declared before this one",
                    did_you_mean(c["from"], list(done) or list(raw)))
    else:
        items = [Item(id=cid, data={"id": cid}, pos=decl.pos, field_pos={})]
    if c["title"] is not None:
        _check_text(c["title"], decl.at("title"), langs, col, "title")
    if c["count"] is not None and c["count"] < 0:
        col.add(decl.at("count"), "`count` is negative", "write the number of pieces")
    return Component(id=cid, kind=c["kind"] or "deck", title=c["title"], front=c["front"] or "",
                     back=c["back"], items=tuple(items), count=c["count"], pos=decl.key_pos.get("kind", decl.pos),
                     source=source, options=dict(c["options"] or {}), fields=fields, choose=choose,
                     secret=printing.secret(decl, col, cid), sits_on=printing.sits_on(decl, col, cid, fields),
                     pieces=pieces.parse(decl, col, cid, fields, items, langs, data))


def _choice(decl, side, value, fields, col):
    """(default layout, rule or None) of a component's `front:` or `back:`: a layout name, or a map
    choosing the layout per card by a field: `{by: type, cases: {weapon: g/weapon}, default: g/card}`;
    without `cases` the field's value is the layout name itself (a card names its own layout)."""
    if value is None or isinstance(value, str):
        return value, None
    pos = decl.at(side)
    if not isinstance(value, YMap):
        col.add(pos, f"`{side}` is `{value}`", "write a layout name, or `{by: FIELD, cases: {VALUE: LAYOUT}, default: LAYOUT}`")
        return None, None
    for key in value:
        if key not in ("by", "cases", "default"):
            col.add(value.key_at(key), f"`{side}` has an unknown key `{key}`", did_you_mean(key, ("by", "cases", "default")))
    by, cases, default = value.get("by"), value.get("cases") or {}, value.get("default")
    if not isinstance(default, str) or not default:
        col.add(pos, f"`{side}` chooses a layout by a field but has no `default:` layout",
                "add `default: LAYOUT` for the cards no case names")
        return None, None
    if by not in fields and by != "id":
        col.add(value.at("by") if "by" in value else pos, f"`{side}`: `by: {by}` is not a declared field",
                did_you_mean(str(by), list(fields) + ["id"]))
        return default, None
    if not isinstance(cases, dict) or not all(isinstance(v, str) for v in cases.values()):
        col.add(value.at("cases"), f"`{side}`: `cases` must map field values to layout names",
                "write e.g. `cases: {weapon: my-game/weapon}`")
        return default, None
    where = {str(k): cases.at(k) for k in cases} if isinstance(cases, YMap) else {}
    typ, _req, values = fields.get(by, ("id", True, ()))
    if typ == "enum" and values:    # a case no card can have is a typo (it would fall back to the default)
        for k in cases:
            if str(k) not in map(str, values):
                col.add(cases.key_at(k) if isinstance(cases, YMap) else value.at("cases"),
                        f"`{side}`: the case `{k}` is not a value of `{by}` ({', '.join(map(str, values))})",
                        did_you_mean(str(k), values))
    return default, (by, {str(k): v for k, v in cases.items()}, default, where)


def _booklet(root, cid, decl, c, langs, col):
    """A rules booklet: one markdown file per language, `<source>.<lang>.md` in the game folder."""
    for key in ("cards", "items", "from", "back", "count", "fields", "checks"):
        if key in decl:
            col.add(decl.key_at(key), f"`{key}` has no meaning for a booklet", "remove it")
    if c["front"] is not None and not isinstance(c["front"], str):
        col.add(decl.at("front"), "a booklet's `front` is one layout name", "write e.g. `front: common/booklet`")
        c["front"] = None
    stem = c["source"] or cid
    pos = decl.at("source") if c["source"] else decl.key_pos.get("kind", decl.pos)
    files = {}
    if "/" in stem or "\\" in stem or stem.startswith("."):
        col.add(pos, f"`source: {stem}` should name files in the game folder", "write a name such as `rules`")
    else:
        for lang in langs:
            name = f"{stem}.{lang}.md"
            if special_file(root / name):  # a named pipe would block the build for ever
                col.add(pos, f"`{name}` is {special_file(root / name)}, not a regular file", "replace it with a .md file")
                continue
            if not (root / name).is_file():
                col.add(pos, f"booklet `{cid}` has no `{lang}` text: `{name}` is missing",
                        f"write content/{root.name}/{name} (every language of the game needs one)")
                continue
            path = _inside(root, name, pos, col)
            if path is not None:
                files[lang] = path
    if c["title"] is not None:
        _check_text(c["title"], decl.at("title"), langs, col, "title")
    return Component(id=cid, kind="booklet", title=c["title"], front=c["front"] or "common/booklet", back=None,
                     items=(), count=None, pos=decl.key_pos.get("kind", decl.pos), options=dict(c["options"] or {}),
                     files=files)


def _inside(root: Path, rel: str, pos: Pos, col: Collector):
    """A path named in content must stay inside the game folder (no `..`, no absolute, no escaping links)."""
    got = inside(root, rel, special=False)
    if not got:
        todo = {paths.MISSING: "check the file name", paths.LINK_OUT: "copy the file into the game folder"}
        col.add(pos, f"`{rel}` {got.wrong.replace('the folder', 'the game folder')}",
                todo.get(got.wrong, "name a file inside content/<game>/"))
        return None
    return got.path


def _deck(deck: YMap, cid, fields, langs, col):
    allowed = {"cards", "defaults"}
    for key in deck:
        if key not in allowed:
            col.add(deck.key_at(key), f"unknown key `{key}` in a deck file", did_you_mean(key, allowed))
    cards = deck.get("cards")
    if not isinstance(cards, YList):
        col.add(deck.pos, "a deck file needs `cards:` with a list of cards", "write `cards:` then `- id: …` entries")
        return []
    defaults = deck.get("defaults", {})
    if "defaults" in deck and not isinstance(defaults, YMap):
        col.add(deck.at("defaults"), "`defaults` should be a map", "write `defaults:` then `field: value` lines")
        defaults = {}
    for key in [k for k in defaults if k not in fields and k not in RESERVED]:
        col.add(defaults.key_at(key), f"unknown field `{key}` under `defaults:`",
                did_you_mean(key, list(fields)) + f" (declare it under `fields:` of `{cid}` in game.yaml)")
    return _items(cards, cid, fields, langs, col, need_id=True, defaults=defaults)


def _items(cards: YList, cid, fields, langs, col, need_id, defaults=None):
    items = []
    for i, card in enumerate(cards):
        pos = cards.at(i)
        if not isinstance(card, YMap):
            hint = "write `- id: …` then its fields"
            if isinstance(card, str) and ":" in card and ": " not in card:
                key, _, rest = card.partition(":")
                hint = f"put a space after the colon: `{key}: {rest}`"
            col.add(pos, f"item {i + 1} of `{cid}` should be a map", hint)
            continue
        data = dict(defaults or {})
        data.update(card)
        field_pos = {k: card.at(k) for k in card}
        for k in defaults or {}:
            field_pos.setdefault(k, defaults.at(k))
        cid_ = data["id"] = short_text(data.get("id"), "str")    # `id: 7` is the id "7"
        if cid_ is None:
            if need_id:
                col.add(pos, f"card {i + 1} of `{cid}` has no `id`", "add `id: some-name` (unique in the game)")
            cid_ = f"{cid}-{i + 1}"
            data["id"] = cid_
        elif not isinstance(cid_, str) or not ID_RE.match(cid_):
            better = slug(cid_)
            col.add(card.at("id"), f"`{cid_}` is not a valid id", (f"did you mean `{better}`? " if better else "")
                    + "(lower-case letters, digits, `-` or `_`)")
            continue
        copies = data.get("copies", 1)
        if not isinstance(copies, int) or isinstance(copies, bool) or copies < 1:
            col.add(field_pos.get("copies", pos), f"`copies: {copies}` on card `{cid_}`", "write a whole number ≥ 1")
            copies = 1
        for key in card:
            if key not in fields and key not in RESERVED:
                col.add(card.key_at(key), f"unknown field `{key}` on card `{cid_}`",
                        did_you_mean(key, list(fields)) + f" (declare it under `fields:` of `{cid}` in game.yaml)")
        for name, (typ, required, choices) in fields.items():
            if name not in data or data[name] is None:
                if required and name in getattr(cards, "col_of", {}):    # a sheet's empty cell
                    col.add(cards.where.cell(pos.line, *cards.col_of[name]), f"card `{cid_}` lacks the field `{name}`",
                            f"fill in the cell ({typ}), or declare the field optional in game.yaml")
                elif required and name not in getattr(cards, "no_column", ()):   # a sheet said it once
                    col.add(pos, f"card `{cid_}` lacks the field `{name}`", f"add `{name}:` ({typ})")
                continue
            data[name] = short_text(data[name], typ)
            problem = type_problem(data[name], typ, choices, langs)
            if problem and field_pos.get(name) not in getattr(cards, "reported", ()):
                col.add(field_pos.get(name, pos), f"card `{cid_}`, field `{name}`: {problem}", _WRITE.get(typ, f"write a {typ} value"))
        items.append(Item(id=cid_, data=data, pos=pos, field_pos=field_pos, copies=copies))
    return items


def _unique_ids(comps, col, reported=frozenset()):
    """Each id once in the game (a sheet has reported its own twice at each row: `reported`)."""
    seen = {}
    for comp in comps.values():
        if comp.kind == "sheet" and comp.items and comp.items[0].id == comp.id:
            continue
        for item in comp.items:
            key = item.id
            if key in seen and seen[key][0] != comp.id and comp.id not in _shared(comps, seen[key][0]):
                col.add(item.at("id"), f"the id `{key}` is used twice (also at {seen[key][1]})", "give each card its own id")
            elif key in seen and seen[key][0] == comp.id and item.at("id") in reported:
                continue
            elif key in seen and seen[key][0] == comp.id:
                col.add(item.at("id"), f"the id `{key}` is used twice in `{comp.id}` (also at {seen[key][1]})",
                        "give each card its own id, or use `copies:`")
            else:
                seen.setdefault(key, (comp.id, item.at("id")))


def _shared(comps, cid):
    """Components that reuse the items of `cid` through `from:` (their ids are the same on purpose)."""
    return {c.id for c in comps.values() if c.items and comps[cid].items and c.items[0] is comps[cid].items[0]}


def find_games(content_dir: Path) -> list[str]:
    if not content_dir.is_dir():
        return []
    return sorted(p.name for p in content_dir.iterdir() if (p / "game.yaml").is_file())
