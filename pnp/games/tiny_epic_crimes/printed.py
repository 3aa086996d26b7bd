"""Tiny Epic Crimes: the printed text that carries a rule takes its numbers and phrases from `data:`.

Three checks, over the text elements of the rule-carrying layouts (aid, time track, officer mats, event
cards, event slots) in every language:
- no literal numbers: each text is rendered twice, once with the game's data and once with every number
  in `data:` and on the card moved by 100; a numeral that reads the same both times was typed, not
  taken from data (list numbering "1." at a line start is allowed);
- references: the elements that state a given rule name its data key (`data.hours` …), so a template
  that prints the wrong parameter fails;
- the tie-break words of data.tiebreak (printed by the phrase of `winner`) say the direction the rules
  use. Every other rule a player reads prints through its phrase (pnp.rules.phrasing checks them).
"""
from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from pnp.rules import api
from pnp.rules.api import BookletSource as Source, Pos, data_pos, error, localise, warning

GAME = "tiny-epic-crimes"
SHIFT = 100
# layout → elements whose text is the card's own content (event titles, effects): not rule text
SCAN = {
    "aid": (), "timetrack": (), "timetrack-coop": (), "officer": (), "officer-coop": ("gain", "name"),
    "event": ("title", "setup", "penalty", "resolve", "reward"), "event-back": (), "eventslots": (),
    "suspect-sheet": ("who",), "city": ("name",),
}
# (layout, element) → data keys its source must name
REQUIRED = {
    ("aid", "turn"): ("event_slots", "bullet_dice", "die_faces", "city_size"),
    ("aid", "row_time"): ("accuse_from", "hours"),
    ("timetrack", "legend_late_t"): ("accuse_from", "hours"),
    ("timetrack", "title"): ("mat_hours",),
    ("event", "late_text"): ("late_event_from",),
    ("officer", "track_label"): ("badge_max", "badge_flip"),
    ("officer", "clue_rule"): ("clue",),
    ("officer", "car_text"): ("car_capacity",),
}
# (layout, element, attribute) → data key: how many spaces, cells or slots a piece prints
REPEATS = {("officer", "space", "repeat"): "badge_max", ("officer", "space_n", "repeat"): "badge_max",
           ("timetrack", "cell", "repeat"): "mat_hours", ("timetrack", "hour", "repeat"): "mat_hours",
           ("eventslots", "slot", "repeat"): "event_slots", ("eventslots", "slot_n", "repeat"): "event_slots",
           ("eventslots", "mk_disc", "repeat"): "event_slots", ("eventslots", "mk_n", "repeat"): "event_slots",
           ("eventslots", "mk_text", "repeat"): "event_slots",
           ("timetrack", "cell", "fill"): "accuse_from", ("timetrack", "event_line", "repeat"): "event_lines",
           ("timetrack-coop", "event_line", "repeat"): "coop_event_lines"}
# data.tiebreak text: the direction word and what is compared, per language
DIRECTION = {"en": {"max": ("highest", "most"), "min": ("fewest", "lowest", "least")},
             "zh-TW": {"max": ("最高", "最多"), "min": ("最少", "最低")}}
SUBJECT = {"en": {"badge": ("badge",), "hours": ("hour",), "evidence": ("evidence",)},
           "zh-TW": {"badge": ("徽章",), "hours": ("時間", "小時"), "evidence": ("證據",)}}
_NUM = re.compile(r"\d+")
_ENUM = re.compile(r"(?m)^\s*\d+\.\s")


def _shift(v):
    if isinstance(v, bool):
        return v
    if isinstance(v, int):
        return v + SHIFT
    if isinstance(v, dict):
        return type(v)((_shift(k), _shift(x)) for k, x in v.items()) if not hasattr(v, "at") else \
            {_shift(k): _shift(x) for k, x in v.items()}
    if isinstance(v, list):
        return [_shift(x) for x in v]
    if isinstance(v, str) and re.fullmatch(r"\d+\+?", v):        # "10+": a number written as text
        return str(int(v.rstrip("+")) + SHIFT) + v[len(v.rstrip("+")):]
    return v


class _Texts:
    """Renders the text elements of a layout for every face it prints, in one language."""

    def __init__(self, game, lang, shifted):
        self.layouts = api.layouts(game)
        # the rules.yaml entries move too: a phrase (`rule(…)`) prints their numbers, not typed ones
        g = replace(game, data=_shift(dict(game.data)), entries=_shift(game.entries or {})) if shifted else game
        self.ctx = api.context(g, lang)
        self.lang, self.shifted = lang, shifted
        self._faces = {}

    def faces(self, game, layout_name):
        """(component, index, template context) of every face printed with the layout (built once per
        layout: the elements only read them)."""
        if layout_name not in self._faces:
            self._faces[layout_name] = list(self._each_face(game, layout_name))
        return self._faces[layout_name]

    def _each_face(self, game, layout_name):
        for comp in game.components.values():
            for side in ("front", "back"):
                if getattr(comp, side) == f"{GAME}/{layout_name}":
                    for i in range(len(comp.items)):
                        ctx = self.ctx.face(comp, i)
                        ctx["geometry"] = self.layouts.geometry
                        if self.shifted:
                            ctx["card"] = {k: _shift(v) for k, v in ctx["card"].items()}
                        yield comp, i, ctx

    def element(self, el, ctx):
        raw = el.attrs.get("text")
        if raw is None:
            return []
        raw = localise(raw, self.lang, tuple(DIRECTION), "", el.pos) if isinstance(raw, dict) else raw
        instances = [ctx]
        if el.attrs.get("repeat") is not None:
            instances = [dict(ctx, item=it, index=i) for i, it in enumerate(api.evaluate(str(el.attrs["repeat"]), ctx))]
        out = []
        with api.deadline():   # one timer for the element's instances on this face (the build: per face)
            for ictx in instances:
                when = el.attrs.get("when", True)
                if isinstance(when, str) and not api.evaluate(when, ictx):
                    continue
                text = api.render(raw, ictx) if api.is_template(raw) else str(raw)
                out.append((ictx.get("index"), text))
        return out


def _literals(real, moved, uses_index):
    """Numerals of `real` that read the same in `moved` (same position): typed, not from data."""
    out = []
    for (idx, a), (_idx, b) in zip(real, moved):
        a2, b2 = _ENUM.sub(" ", a), _ENUM.sub(" ", b)
        na, nb = _NUM.findall(a2), _NUM.findall(b2)
        if len(na) != len(nb):
            continue          # the text changed shape (a loop over a number): judged by the references check
        for x, y in zip(na, nb):
            if x == y and not (uses_index and idx is not None and x in (str(idx), str(idx + 1))):
                out.append(x)
    return out


def check(game):
    try:
        texts = {(lang, s): _Texts(game, lang, s) for lang in game.languages for s in (False, True)}
    except Exception as e:  # reported by the build with its position
        yield warning(game.pos, f"the printed rule text could not be checked ({e})", check="printed")
        return
    lay = texts[(game.languages[0], False)].layouts
    for name, exempt in SCAN.items():
        try:
            layout = lay.get(f"{GAME}/{name}", game.pos)
        except Exception:
            continue
        for el in layout.elements:
            for (lname, ename, attr), key in REPEATS.items():
                if (lname, ename) == (name, el.name) and f"data.{key}" not in str(el.attrs.get(attr)):
                    yield error(el.at.get(attr, el.pos), f"`{attr}` of `{el.name}` in layout {name} must come from "
                                f"data.{key} (the rules fix that number) — write {{{{ ... data.{key} ... }}}}",
                                check="printed")
            if "text" not in el.attrs or el.name in exempt:
                continue
            src = el.attrs["text"]
            sources = list(src.values()) if isinstance(src, dict) else [src]
            for key in REQUIRED.get((name, el.name), ()):
                if not all(f"data.{key}" in str(s) for s in sources):
                    yield error(el.at.get("text", el.pos), f"`{el.name}` of layout {name} states a rule that depends on "
                                f"data.{key} but does not print it from there — write {{{{ data.{key} }}}} in every "
                                f"language", check="printed")
            uses_index = "index" in str(src)
            bad = set()
            for lang in game.languages:
                try:
                    real = [t for _c, _i, ctx in texts[(lang, False)].faces(game, name)
                            for t in texts[(lang, False)].element(el, ctx)]
                    if not any(_NUM.search(_ENUM.sub(" ", a)) for _i, a in real):
                        continue      # no numeral printed: none can be typed (the moved text is not needed)
                    moved = [t for _c, _i, ctx in texts[(lang, True)].faces(game, name)
                             for t in texts[(lang, True)].element(el, ctx)]
                except Exception:  # a template error is the build's to report
                    continue
                bad |= set(_literals(real, moved, uses_index))
            via = re.fullmatch(r"\{\{\s*(item|card)\.(\w+)\s*\}\}", str(src).strip())
            if bad and via:
                yield error(el.at.get("text", el.pos), f"`{el.name}` of layout {name} prints {via.group(0)}, whose text "
                            f"holds the number(s) {', '.join(sorted(bad, key=int))} typed — in that data text write "
                            f"{{{{ data.… }}}} for every number a rule sets", check="printed")
            elif bad:
                yield error(el.at.get("text", el.pos), f"`{el.name}` of layout {name} prints the number(s) "
                            f"{', '.join(sorted(bad, key=int))} as typed text — a number a player reads comes from "
                            f"game.yaml data: (write {{{{ data.… }}}})", check="printed")
    yield from _booklet(game, texts)
    yield from _data_phrases(game)


def _booklet(game, texts):
    """The rules booklet (`rules.<lang>.md`, jinja over data): every numeral comes from data or from
    the components' counts, like the printed pieces (list numbering aside)."""
    comp = next((c for c in game.components.values() if c.kind == "booklet"), None)
    for lang, path in (getattr(comp, "files", None) or {}).items():
        if lang not in game.languages or not Path(path).is_file():
            continue
        out = []
        for shifted in (False, True):
            g = texts[(lang, shifted)].ctx.game
            if shifted:
                g = dict(g, components={k: dict(v, count=_shift(v["count"]), pieces=[dict(p, count=_shift(p["count"]))
                                                                               for p in v.get("pieces", ())])
                                      for k, v in g["components"].items()})
            src = Source(Path(path), str(path), game, None)
            out.append((src, src.render({**texts[(lang, shifted)].ctx.base(), "data": g["data"], "game": g})))
        (src, real), (_s, moved) = out
        if real is None or moved is None:
            continue               # the booklet engine reports template errors with their line
        real, moved = real.split("\n"), moved.split("\n")
        yield from _edition_list(game, src, lang, real)
        if len(real) != len(moved):
            continue
        for i, (a, b) in enumerate(zip(real, moved)):
            if a.lstrip().startswith("!["):
                continue           # a picture of a piece: its id and size are not rule numbers
            bad = _literals([(None, a)], [(None, b)], False)
            if bad:
                yield error(Pos(src.shown, src.src_line(i), 1), f"the {lang} rules booklet prints the number(s) "
                            f"{', '.join(bad)} as typed text (“{a.strip()[:50]}”) — write {{{{ data.… }}}} or a "
                            f"component's count", check="printed")


def _data_phrases(game):
    tb = game.data.get("tiebreak", [])
    for i, t in enumerate(tb if isinstance(tb, list) else []):
        if not isinstance(t, dict):
            continue
        for lang in game.languages:
            text = str(game.text(t.get("text"), lang) or "")
            words = DIRECTION.get(lang, {}).get(t.get("best"), ())
            what = SUBJECT.get(lang, {}).get(t.get("key"), ())
            if words and not any(w in text for w in words):
                yield error(data_pos(game, "tiebreak", i), f"data.tiebreak[{i}] ranks by the {t.get('best')} "
                            f"{t.get('key')} but its {lang} text `{text}` says another direction — use one of "
                            f"{', '.join(words)}", check="printed")
            if what and not any(w in text for w in what):
                yield error(data_pos(game, "tiebreak", i), f"data.tiebreak[{i}] compares {t.get('key')} but its "
                            f"{lang} text `{text}` names something else", check="printed")


# the booklet section that lists the edition's own decisions (rules.yaml entries marked `edition: true`)
EDITION_TITLE = {"en": "Edition decisions", "zh-TW": "本版自訂規則"}


def _edition_list(game, src, lang, lines):
    """The booklet lists each edition decision once, under its section: as many items as rules.yaml
    has entries marked `edition: true`."""
    entries = getattr(game, "entries", None) or {}
    decided = [n for n, e in entries.items() if isinstance(e, dict) and e.get("edition") is True]
    title = EDITION_TITLE.get(lang)
    if not decided or title is None:
        return
    head = next((i for i, line in enumerate(lines) if line.strip() == f"# {title}"), None)
    if head is None:
        yield error(Pos(src.shown, 1, 1), f"the {lang} rules booklet has no section “{title}” — add it and list the "
                    f"{len(decided)} edition decisions of rules.yaml, each with its reason", check="printed")
        return
    items = 0
    for line in lines[head + 1:]:
        if line.startswith("# "):
            break
        items += line.startswith("- ")
    if items != len(decided):
        yield error(Pos(src.shown, src.src_line(head), 1), f"the {lang} section “{title}” lists {items} decisions but "
                    f"rules.yaml marks {len(decided)} entries `edition: true` ({', '.join(decided)}) — list each "
                    f"once, with its reason", check="printed")
