"""The report's simulation charts: the game played by its rules plug-in (`pnp simulate`, the same
runs), shown beside the deck statistics in the report's language.

A plug-in names its ends, roles and modes in each language through its `labels(game)` hook
({lang: {id: text}}); an id it does not name is shown as it is. A state no rule covers is a finding of
the report, as it is an error of `pnp simulate`.
"""
from __future__ import annotations

from pnp.report.stats import Chart
from pnp.report.words import words


def _label(labels: dict, lang: str, key: str) -> str:
    table = labels.get(lang) or labels.get(lang.split("-")[0]) or {}
    got = table.get(key)
    return got if isinstance(got, str) and got else key.replace("_", " ")


def runs(game, plugin, games: int, seed: int = 0, jobs: int = 1) -> list[dict]:
    """The runs of every supported setting ([] when the plug-in cannot play or `games` is 0)."""
    if plugin is None or plugin.simulate is None or plugin.configs is None or games <= 0:
        return []
    from pnp.rules import simulate
    return simulate.run(plugin, game, plugin.configs(game), games, seed, jobs)


def charts(game, plugin, lang: str, got: list[dict]) -> list[Chart]:
    """The charts of `got` (runs), titled and labelled in `lang`."""
    got = [r for r in got if r["ends"]]   # a setting where no game reached an end (all uncovered) has nothing to chart
    if not got:
        return []
    w = words(lang)
    try:
        labels = plugin.labels(game) or {}
    except Exception:   # a broken hook must not hide the report: ids are shown instead
        labels = {}
    modes = {r["mode"] for r in got}
    settings = tuple(w["players"].format(n=r["players"]) if len(modes) == 1 else
                     w["mode_players"].format(mode=_label(labels, lang, r["mode"]), n=r["players"]) for r in got)
    title = lambda key: f"{w[key]}"   # noqa: E731
    out = []
    ends = sorted({e for r in got for e in r["ends"]})
    out.append(Chart(title("sim_ends"), settings,
                     tuple((_label(labels, lang, e), tuple(round(100 * r["ends"].get(e, 0), 1) for r in got)) for e in ends),
                     x_label=w["setting"], y_label=w["share"], source="simulate", key="sim-ends"))
    seats = max(r["players"] for r in got)
    out.append(Chart(title("sim_seats"), settings,
                     tuple((w["seat"].format(n=s + 1), tuple(round(100 * r["wins"]["seat"].get(str(s), 0), 1) for r in got))
                           for s in range(seats)), x_label=w["setting"], y_label=w["share"], source="simulate", key="sim-seats"))
    roles = sorted({k for r in got for k in r["wins"]["role"]})
    if roles:
        out.append(Chart(title("sim_roles"), settings,
                         tuple((_label(labels, lang, k), tuple(round(100 * r["wins"]["role"].get(k, 0), 1) for r in got))
                               for k in roles), x_label=w["setting"], y_label=w["share"], source="simulate", key="sim-roles"))
    length = [(w["mean"], tuple(r["length"]["mean"] for r in got)), (w["max"], tuple(r["length"]["max"] for r in got))]
    if all("rounds" in r for r in got):
        length.append((w["rounds_mean"], tuple(r["rounds"]["mean"] for r in got)))
    out.append(Chart(title("sim_length"), settings, tuple(length), x_label=w["setting"], y_label=w["turns"],
                     source="simulate", key="sim-length"))
    out.append(Chart(title("sim_events"), settings,
                     tuple((w[k], tuple(round(100 * r[field], 1) for r in got))
                           for k, field in (("deck_out", "deck_out"), ("ties", "ties"), ("nobody", "nobody_won"))),
                     x_label=w["setting"], y_label=w["share"], source="simulate", key="sim-events"))
    return [c for c in out if c.series]


def uncovered(got: list[dict]) -> list[str]:
    return [f"{r['mode']}, {r['players']}: {u}" for r in got for u in r["uncovered"]]
