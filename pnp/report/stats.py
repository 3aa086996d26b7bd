"""The numbers of a report: generic field distributions of every component, and the charts a game's
rules module returns from `report(game)`, checked against the chart contract.

A chart is a plain dict (the contract for `report(game)` hooks):

    {"title": str, "labels": [str, …], "series": {name: [number per label], …},
     # optional:
     "component": id,          # the component the chart belongs to (else: a game-wide chart)
     "x_label": str, "y_label": str, "note": str}

title, x_label, y_label, note and every label may also be `{language: text}` maps (the report's
language is used), and `series` may be a list of `[name, [numbers]]` pairs whose name is such a map.

Nothing here knows a game: distributions come from the field types declared in game.yaml.
"""
from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

MAX_CATEGORIES = 40      # a field with more distinct values than this is not charted as categories
MAX_SPLIT = 6            # split a numeric histogram by an enum field with at most this many values
HIST_BINS = 12           # numeric fields with more distinct values are binned


@dataclass(frozen=True)
class Chart:
    title: str
    labels: tuple
    series: tuple            # ((name, (values…)), …) in order
    component: str | None = None
    x_label: str = ""
    y_label: str = ""
    note: str = ""
    source: str = "generic"  # generic | hook
    key: str = ""            # a stable file-name stem

    def as_dict(self) -> dict:
        return {"title": self.title, "labels": list(self.labels), "series": {k: list(v) for k, v in self.series},
                "component": self.component, "x_label": self.x_label, "y_label": self.y_label,
                "note": self.note, "source": self.source}


@dataclass
class HookResult:
    charts: list = field(default_factory=list)
    problems: list = field(default_factory=list)   # human sentences: what is wrong with the hook


# ---- generic distributions ---------------------------------------------------------------------
def _weighted(comp):
    for it in comp.items:
        yield it, it.copies


def _num_label(v) -> str:
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    return str(v)


def _text_of(value, lang):
    if isinstance(value, dict):
        return value.get(lang)
    return value


def generic_charts(game, lang: str, titles: dict) -> list[Chart]:
    """Charts of every component's declared fields: counts per enum value, histograms of numbers
    (split by the first small enum field), true/false counts, and repeated short strings."""
    from pnp.report.words import words
    w = words(lang)
    out = []
    for comp in game.components.values():
        if not comp.items or not comp.fields:
            continue
        ctitle = titles.get(comp.id, comp.id)
        enums = [(n, ch) for n, (t, _r, ch) in comp.fields.items() if t == "enum"]
        split = next(((n, ch) for n, ch in enums if 2 <= len(ch) <= MAX_SPLIT), None)
        for name, (typ, _req, choices) in comp.fields.items():
            chart = None
            if typ == "enum":
                counts = Counter()
                for it, n in _weighted(comp):
                    counts[it.get(name)] += n
                labels = list(choices) + ([None] if counts.get(None) else [])
                chart = Chart(w["per"].format(title=ctitle, name=name),
                              tuple(w["none"] if v is None else str(v) for v in labels),
                              ((w["cards"], tuple(counts.get(v, 0) for v in labels)),),
                              comp.id, x_label=name, y_label=w["cards_counted"])
            elif typ in ("int", "number"):
                chart = _histogram(comp, name, ctitle, split if split and split[0] != name else None, w)
            elif typ == "bool":
                counts = Counter()
                for it, n in _weighted(comp):
                    counts[it.get(name)] += n
                labels = [True, False] + ([None] if counts.get(None) else [])
                chart = Chart(w["per"].format(title=ctitle, name=name),
                              tuple({True: w["true"], False: w["false"], None: w["none"]}[v] for v in labels),
                              ((w["cards"], tuple(counts.get(v, 0) for v in labels)),), comp.id,
                              x_label=name, y_label=w["cards_counted"])
            elif typ == "str":   # prose (`text`) is not a category
                counts = Counter()
                for it, n in _weighted(comp):
                    v = _text_of(it.get(name), lang)
                    counts[w["none"] if v is None else str(v)] += n
                distinct = len(counts)
                # only categorical strings: values repeat, and not too many of them
                if 1 < distinct <= min(MAX_CATEGORIES, comp.total - 1) and max(counts.values()) > 1 \
                        and all(len(k) <= 24 for k in counts):
                    labels = sorted(counts, key=lambda k: (-counts[k], k))
                    chart = Chart(w["per"].format(title=ctitle, name=name), tuple(labels),
                                  ((w["cards"], tuple(counts[k] for k in labels)),), comp.id,
                                  x_label=name, y_label=w["cards_counted"])
            if chart:   # its file is named in English, the same in every language
                from dataclasses import replace
                en = words("en")
                hist = typ in ("int", "number")
                by = en["by"].format(name=split[0]) if hist and split and split[0] != name else ""
                stem = en["histogram"].format(title="", name=name, by=by) if hist else en["per"].format(title="", name=name)
                out.append(replace(chart, key=slug(stem.split(":", 1)[-1])))
    return out


def _histogram(comp, name, ctitle, split, w):
    values = [(it.get(name), n, it.get(split[0]) if split else None) for it, n in _weighted(comp)]
    present = [v for v, _n, _s in values if isinstance(v, (int, float)) and not isinstance(v, bool)]
    if not present:
        return None
    distinct = sorted(set(present))
    ints = all(float(v).is_integer() for v in present)
    if ints and max(distinct) - min(distinct) + 1 <= HIST_BINS * 2:
        lo, hi = int(min(distinct)), int(max(distinct))
        bins = [(v, v) for v in range(lo, hi + 1)]
        labels = [str(v) for v in range(lo, hi + 1)]
    elif len(distinct) <= HIST_BINS:
        bins = [(v, v) for v in distinct]
        labels = [_num_label(v) for v in distinct]
    else:
        lo, hi = min(distinct), max(distinct)
        width = (hi - lo) / HIST_BINS
        if ints:
            width = math.ceil(width)
        bins = [(lo + i * width, lo + (i + 1) * width) for i in range(HIST_BINS)]
        labels = [f"{_num_label(a)}–{_num_label(b)}" for a, b in bins]

    def index(v):
        for i, (a, b) in enumerate(bins):
            if a == b and v == a:
                return i
            if a != b and (a <= v < b or (i == len(bins) - 1 and v <= b)):
                return i
        return None

    groups = list(split[1]) if split else [w["cards"]]
    table = {g: [0] * len(bins) for g in groups}
    missing = 0
    for v, n, s in values:
        if not isinstance(v, (int, float)) or isinstance(v, bool):
            missing += n
            continue
        i = index(v)
        g = s if split else w["cards"]
        if g not in table:
            table[g] = [0] * len(bins)
        table[g][i] += n
    series = tuple((g, tuple(vals)) for g, vals in table.items() if split is None or any(vals))
    note = f"{missing} card(s) without a `{name}`" if missing else ""
    by = w["by"].format(name=split[0]) if split else ""
    return Chart(w["histogram"].format(title=ctitle, name=name, by=by), tuple(labels), series, comp.id, x_label=name,
                 y_label=w["cards_counted"], note=note)


# ---- the game module's hook --------------------------------------------------------------------
def hook_charts(game, module, lang: str | None = None) -> HookResult:
    """Charts from `module.report(game)`, each checked; a broken hook is reported, never fatal."""
    res = HookResult()
    if module is None or not hasattr(module, "report"):
        return res
    try:
        raw = module.report(game)
        raw = list(raw) if raw is not None else []
    except Exception as e:  # a game module's bug (or content it cannot handle) must not hide the report
        res.problems.append(f"report() raised {e.__class__.__name__}: {e}")
        return res
    for i, ch in enumerate(raw, 1):
        chart, why = _checked(ch, game, lang or game.languages[0])
        if why:
            res.problems.append(f"report() chart {i}: {why}")
        else:
            res.charts.append(chart)
    return res


def _is_num(v) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)


def _checked(ch, game, lang):
    if not isinstance(ch, dict):
        return None, f"expected a dict with title, labels and series, got {type(ch).__name__}"
    unknown = set(ch) - {"title", "labels", "series", "component", "x_label", "y_label", "note"}
    if unknown:
        return None, f"unknown key(s) {', '.join(sorted(map(str, unknown)))}"
    from pnp.report.words import text
    for key in ("title", "x_label", "y_label", "note"):  # `{zh-TW: …, en: …}` maps: the report's language
        v = ch.get(key)
        if isinstance(v, dict) and not all(isinstance(k, str) and isinstance(t, str) for k, t in v.items()):
            return None, f"`{key}` must be text or a {{language: text}} map"
    stem = ch["title"].get("en") if isinstance(ch.get("title"), dict) else None   # file names the same in every language
    ch = {**ch, **{k: text(ch[k], lang) for k in ("title", "x_label", "y_label", "note") if isinstance(ch.get(k), dict)}}
    title, labels, series = ch.get("title"), ch.get("labels"), ch.get("series")
    if isinstance(labels, (list, tuple)):   # a label may be a {language: text} map
        labels = [text(x, lang) if isinstance(x, dict) else x for x in labels]
    if isinstance(series, (list, tuple)) and all(isinstance(p, (list, tuple)) and len(p) == 2 for p in series):
        series = {text(n, lang) if isinstance(n, dict) else n: v for n, v in series}   # [(name or map, values), …]
    if not isinstance(title, str) or not title.strip():
        return None, "`title` must be a non-empty string"
    if not isinstance(labels, (list, tuple)) or not labels:
        return None, f"`{title}`: `labels` must be a non-empty list"
    if not isinstance(series, dict) or not series:
        return None, f"`{title}`: `series` must be a non-empty {{name: [numbers]}} map"
    for name, vals in series.items():
        if not isinstance(vals, (list, tuple)) or len(vals) != len(labels):
            return None, f"`{title}`: series `{name}` must have {len(labels)} values (one per label)"
        if not all(_is_num(v) for v in vals):
            return None, f"`{title}`: series `{name}` has a value that is not a finite number"
    comp = ch.get("component")
    if comp is not None and comp not in game.components:
        return None, f"`{title}`: `component` names no component of the game (`{comp}`)"
    return Chart(title.strip(), tuple(str(x) for x in labels), tuple((str(k), tuple(v)) for k, v in series.items()),
                 comp, str(ch.get("x_label") or ""), str(ch.get("y_label") or ""), str(ch.get("note") or ""),
                 source="hook", key=slug(stem) if isinstance(stem, str) else ""), None


def slug(text: str) -> str:
    """A chart's file-name stem."""
    import re
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:48].strip("-")
