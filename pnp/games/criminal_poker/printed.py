"""Criminal Poker: what prints says what the rules compute.

Rule phrases live once in game.yaml `data:` (`type_rule.<type>`, `rule_text.<rule>`), per language, and
are built from the parameters in `data.rules` (checked in criminal_poker_data.py). Here:
- each phrase takes its numbers from `data.rules` (no literal digits in its source; the printed
  numbers are the parameters' values) and says what its rule means (words that carry the rule are
  there, words of a contradicting rule are not);
- the cards that print rules take them from data (their text refers to the phrase keys), and the faces
  the layouts actually draw show every phrase, the right value on every evidence card, and no rule
  word or number typed around the phrases.
The faces are read through the same layouts and template context as a build (no fonts needed).
"""
from __future__ import annotations

import re
from pathlib import Path

from pnp.rules import api
from pnp.rules.api import ContentTemplateError, MissingTranslation, Pos, Problems, display_path, error, localise

# phrase → (parameters of data.rules it must take its numbers from, {lang: (must match, must not match)})
ADD_ZH, ADD_EN = "相加|加總|加起來", r"\badd|\bsum\b|\btotal"
PHRASES = {
    "type_rule.physical": (("physical_value",), {"zh-TW": (ADD_ZH, "最高|最低|作廢|無效|不算|只"),
                                                  "en": (ADD_EN, r"highest|lowest|void|cancel|\bonly\b")}),
    "type_rule.statement": ((), {"zh-TW": ("最高", ADD_ZH + "|作廢|無效|最低|每張"),
                                 "en": ("highest", ADD_EN + r"|void|cancel|lowest|\beach\b")}),
    "type_rule.witness": (("witness_void",), {"zh-TW": ("作廢|無效", ADD_ZH + "|最高|最低"),
                                              "en": ("void|cancel", ADD_EN + "|highest|lowest")}),
    "type_rule.weapon": ((), {"zh-TW": ("兇手", "不是兇手|無罪"), "en": ("murderer", r"\bnot\b|innocen")}),
    "rule_text.all_cards": ((), {"zh-TW": ("覆蓋", "不算|不計"), "en": ("hidden", r"\bnot\b|only")}),
    "rule_text.lowest": ((), {"zh-TW": ("最低", "最高"), "en": ("lowest", "highest")}),
    "rule_text.tie": ((), {"zh-TW": ("較少|少的", "較多|多的"), "en": ("fewer", r"\bmore\b|\bmost\b")}),
    "rule_text.full_tie": ((), {"zh-TW": ("並列兇手|都是兇手|共犯", "無罪"), "en": ("co-murderer", "innocen")}),
    "rule_text.setup": (("setup_draw", "setup_keep", "setup_show"), {"zh-TW": ("覆蓋", ""), "en": ("face down", "")}),
    "rule_text.turn": (("turn_draw", "turn_reveal"), {"zh-TW": ("公開", ""), "en": ("reveal", "")}),
    "rule_text.vote": (("vote_tie", "revote"), {"zh-TW": ("重新", "棄票"), "en": ("again", "abstain")}),
}
# the phrases each rule-bearing card field must take from data
FIELDS = {
    ("help", "body"): ("rule_text.setup", "rule_text.turn"),
    ("help", "rules"): ("rule_text.all_cards", "type_rule.weapon", "type_rule.physical", "type_rule.statement",
                        "type_rule.witness", "rule_text.lowest", "rule_text.tie", "rule_text.full_tie"),
    ("setup", "vote"): ("rule_text.vote",),
}
# words that state a counting rule: outside the phrases above they would be a rule typed by hand
RULE_WORDS = {"zh-TW": "相加|加總|最高|最低|作廢|無效|較少|較多|並列|共犯",
              "en": r"\badd|\bsum\b|highest|lowest|\bvoid|cancel|fewer|co-murderer"}
NUM = re.compile(r"\d+")
LIST_NUM = re.compile(r"(?m)^\s*\d+\.\s")
TEMPLATE = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)
MARKUP = re.compile(r"\*\*|:[a-z][a-z0-9-]*:")


def check(game):
    try:
        ctxs = {lang: api.context(game, lang) for lang in game.languages}
    except (MissingTranslation, ContentTemplateError):
        return   # the build reports a missing translation or a broken template (bad input)
    rendered = {}
    for key, (params, meaning) in PHRASES.items():
        for lang, ctx in ctxs.items():
            r = yield from _phrase(game, ctx, key, params, meaning.get(lang), lang, api)
            rendered[key, lang] = r
    yield from _fields(game)
    yield from _booklets(game)
    yield from _faces(game, ctxs, rendered, api)


# what a rules booklet must take from data: every murderer rule, the turn, the vote, the setup tables
BOOKLET = ("type_rule.physical", "type_rule.statement", "type_rule.witness", "type_rule.weapon",
           "rule_text.all_cards", "rule_text.lowest", "rule_text.tie", "rule_text.full_tie", "rule_text.setup",
           "rule_text.turn", "rule_text.vote", "physical_in_play", "deal", "special_max")


def _booklets(game):
    for comp in game.components.values():
        files = getattr(comp, "files", None) or {}
        for lang, path in files.items():
            try:
                src = Path(path).read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                continue   # the booklet engine reports an unreadable file
            for key in BOOKLET:
                group, _, name = key.partition(".")
                pats = [rf"data\.{group}\b"] if not name else \
                    [rf"data\.{group}\.{name}\b", rf"data\.{group}\[['\"]{name}['\"]\]"]
                if not any(re.search(p, src) for p in pats):
                    yield error(Pos(display_path(path), 1, 1), f"the rules booklet `{comp.id}` ({lang}) does not take "
                                f"`data.{key}` from data — write {{{{ data.{key} }}}} where it states that rule, so "
                                f"that it says what the cards say", check="rule-text")


def _raw(game, key):
    group, name = key.split(".")
    m = game.data.get(group) if isinstance(game.data, dict) else None
    if not isinstance(m, dict) or name not in m:
        return None, (m.pos if hasattr(m, "pos") else game.meta.at("data") if "data" in game.meta else game.pos)
    return m[name], m.at(name)


def _render(value, ctx, api):
    if not isinstance(value, str):
        return None if value is None else str(value)
    if api.is_template(value):
        try:
            view = {"data": ctx.game["data"], "game": ctx.game, "palette": ctx.game["palette"], "lang": ctx.lang}
            value = api.render(value, view)
        except api.TemplateError:
            return None   # the build reports the template
    return value


def _phrase(game, ctx, key, params, meaning, lang, api):
    raw, pos = _raw(game, key)
    if raw is None:
        yield error(pos, f"data `{key}` is missing: cards print it — add it with a `{lang}` text", check="rule-text")
        return None
    src = raw.get(lang) if isinstance(raw, dict) else raw
    if not isinstance(src, str):
        return None   # a missing translation: the generic check says so
    group, name = key.split(".")
    value = ctx.game["data"].get(group, {}).get(name) if isinstance(ctx.game["data"].get(group), dict) else None
    text = _render(value, ctx, api)
    if text is None:
        return None
    plain = TEMPLATE.sub("", src)
    if NUM.search(plain):
        yield error(pos, f"data `{key}` ({lang}) types the number {NUM.search(plain).group()} — take it from "
                    f"`data.rules` (e.g. {{{{ data.rules.{params[0] if params else 'NAME'} }}}})", check="rule-text")
    rules = game.data.get("rules") if isinstance(game.data.get("rules"), dict) else {}
    for p in params:
        if not re.search(rf"data\.rules\.{p}\b|data\.rules\[['\"]{p}['\"]\]", src):
            yield error(pos, f"data `{key}` ({lang}) does not take `{p}` from data — write "
                        f"{{{{ data.rules.{p} }}}} where the number goes", check="rule-text")
    want = sorted(str(rules[p]) for p in params if p in rules)
    got = sorted(NUM.findall(MARKUP.sub("", text)))
    if want and got != want:
        yield error(pos, f"data `{key}` ({lang}) prints the number(s) {', '.join(got) or 'none'} but the rule's "
                    f"parameters are {', '.join(want)} — print {{{{ data.rules.… }}}} as it is", check="rule-text")
    if meaning:
        need, forbid = meaning
        if need and not re.search(need, text, re.I):
            yield error(pos, f"data `{key}` ({lang}) “{text}” no longer says the rule (it should say "
                        f"{need.replace('|', ' or ')}) — reword it so that it states the rule", check="rule-text")
        if forbid and re.search(forbid, text, re.I):
            yield error(pos, f"data `{key}` ({lang}) “{text}” contradicts the rule (“{re.search(forbid, text, re.I).group()}” "
                        f"is another rule's word) — reword it", check="rule-text")
    return MARKUP.sub("", text)


def _fields(game):
    for it in game.components["evidence"].items if "evidence" in game.components else ():
        if it.get("type") == "weapon":
            for lang, src in (it.get("text") or {}).items() if isinstance(it.get("text"), dict) else ():
                if isinstance(src, str) and not re.search(r"data\.type_rule\.weapon\b", src):
                    yield error(it.at("text"), f"card `{it.id}`, field `text` ({lang}) states the weapon rule without "
                                "taking it from data — write {{ data.type_rule.weapon }}", it.id, "rule-text")
    for (cid, field), keys in FIELDS.items():
        comp = game.components.get(cid)
        if comp is None:
            if cid == "setup":
                yield error(game.pos, "Criminal Poker needs a `setup` component (a setup card: physical cards per "
                            "suspect count, identity dealing per mode, vote ties, special roles)", check="composition")
            continue
        for it in comp.items:
            raw = it.get(field)
            values = raw.items() if isinstance(raw, dict) else [(None, raw)]
            for lang, src in values:
                if not isinstance(src, str):
                    continue
                tag = f" ({lang})" if lang else ""
                for key in keys:
                    dotted = "data." + key.replace(".", r"\.")
                    brk = "data" + "".join(rf"\[['\"]{k}['\"]\]" for k in key.split("."))
                    if not re.search(rf"{dotted}\b|{brk}", src):
                        yield error(it.at(field), f"card `{it.id}`, field `{field}`{tag} does not take `data.{key}` "
                                    f"from data — write {{{{ data.{key} }}}} instead of typing the rule", it.id, "rule-text")
                plain = LIST_NUM.sub("", TEMPLATE.sub("", src))
                if NUM.search(plain):
                    yield error(it.at(field), f"card `{it.id}`, field `{field}`{tag} types the number "
                                f"{NUM.search(plain).group()} — numbers a rule depends on come from `data:`", it.id,
                                "rule-text")


def _faces(game, ctxs, rendered, api):
    layouts = api.layouts(game)
    phrase_keys = list(PHRASES)
    for cid, comp in game.components.items():
        if cid not in ("evidence", "help", "setup"):
            continue
        faces = {}
        for lang, ctx in ctxs.items():
            faces[lang] = list(_read(layouts, game, comp, ctx, api))
        for lang, items in faces.items():
            own = [rendered.get((k, lang)) for k in phrase_keys]
            for it, texts, where, _rows in items:
                joined = "\n".join(texts).lower()
                if cid == "evidence":
                    yield from _evidence(game, it, joined, texts, lang, rendered, where)
                    own_here = [rendered.get((f"type_rule.{it.get('type')}", lang))]
                else:
                    own_here = own
                    for (fc, _f), keys in FIELDS.items():
                        if fc != cid:
                            continue
                        for k in keys:
                            ph = (rendered.get((k, lang)) or "").lower()
                            if k in PHRASES and ph and ph not in joined:
                                yield error(where, f"the printed `{cid}` card `{it.id}` ({lang}) does not show "
                                            f"data `{k}` “{ph}” — the layout must print the card's text",
                                            it.id, "rule-text")
                rest = joined
                for ph in sorted((p for p in own_here if p), key=len, reverse=True):
                    rest = rest.replace(ph.lower(), "")
                m = re.search(RULE_WORDS.get(lang, "$^"), rest, re.I)
                if m:
                    yield error(it.pos, f"the printed `{cid}` card `{it.id}` ({lang}) states a rule outside the "
                                f"phrases from data (“{m.group()}” in “{_around(rest, m)}”) — use the data phrase",
                                it.id, "rule-text")
            if cid == "setup":
                yield from _setup_rows(game, items, lang)


def _around(s, m):
    a, b = max(0, m.start() - 12), min(len(s), m.end() + 12)
    return s[a:b].replace("\n", " ")


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
        ph = (rendered.get((f"type_rule.{other}", lang)) or "").lower()
        if not ph:
            continue
        if other == t and ph not in joined:
            yield error(where, f"the printed front of `{it.id}` ({lang}) does not show the rule of its type "
                        f"“{ph}” — the layout must print {{{{ data.type_rule[card.type] }}}}", it.id, "rule-text")
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
