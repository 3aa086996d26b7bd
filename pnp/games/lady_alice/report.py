"""Lady Alice: the `pnp check` summary (a simulation of blue verdicts for random suspicions per player
count) and the deck report's charts."""
from __future__ import annotations

import random
from collections import Counter
from functools import lru_cache

from pnp.games.lady_alice.logic import ALL_BLUE, CATEGORIES, PLAYERS, TOKEN_VALUES, deal, elements_of, verdict_count

# ---- summary and report -----------------------------------------------------------------------------
SIM_DEALS = 4000


@lru_cache(maxsize=4)
def _simulate(key: tuple, deals: int = SIM_DEALS, seed: int = 4) -> dict:
    """For random suspicions after random deals: how often each number of blue verdicts comes up."""
    elements = {c: tuple(ids) for c, ids in key}
    rng = random.Random(seed)
    out = {}
    for players in PLAYERS:
        counts = Counter()
        for _ in range(deals):
            d = deal(players, rng, elements)
            s = {c: rng.choice(elements[c]) for c in CATEGORIES}
            counts[verdict_count(s, d.hands, elements)] += 1
        out[players] = counts
    return out


def _sim_for(game):
    els = elements_of(game)
    if any(len(els.get(c, ())) == 0 for c in CATEGORIES):
        return None
    return _simulate(tuple((c, els[c]) for c in CATEGORIES))


def summary(game):
    sim = _sim_for(game)
    if sim is None:
        return []
    lines = [{"en": f"random suspicions, {SIM_DEALS} deals per player count (blue verdicts: share):",
              "zh-TW": f"隨機猜測，每種人數發牌 {SIM_DEALS} 次（藍色判定數：比例）："}]
    for players, counts in sim.items():
        n = sum(counts.values())
        dist = "  ".join(f"{b}:{counts[b] / n:5.1%}" for b in range(ALL_BLUE[players] + 1))
        red = counts[0] / n
        cover = (" (covers 4 elements)" if players >= 4 else
                 " (covers 4 elements: 3 proven wrong, the missing category's never scores)")
        zh_cover = "（涵蓋 4 個要素）" if players >= 4 else "（涵蓋 4 個要素：3 個證實錯誤，缺少的類別永不計分）"
        lines.append({"en": f"  {players} players: {dist}   all red {red:.1%}{cover}",
                      "zh-TW": f"  {players} 人：{dist}   全紅 {red:.1%}{zh_cover}"})
    return lines


def _t(en: str, zh: str) -> dict:
    return {"en": en, "zh-TW": zh}


COLOURS = {"orange": _t("orange", "橙"), "blue": _t("blue", "藍"), "green": _t("green", "綠"), "purple": _t("purple", "紫"),
           "yellow": _t("yellow", "黃"), "red": _t("red", "紅"), "grey": _t("grey", "灰")}


def report(game):
    """Charts in every language of the game (`pnp report` shows its own)."""
    charts = []
    els = elements_of(game)
    cats = game.data.get("categories") or {}
    names = [cats.get(c, {}).get("name") if isinstance(cats.get(c), dict) else c for c in CATEGORIES]
    charts.append({"title": _t("Clue cards per category", "各類別的線索卡"), "labels": [n or c for n, c in zip(names, CATEGORIES)],
                   "series": [[_t("cards", "張數"), [len(els.get(c, ())) for c in CATEGORIES]]], "component": "clues",
                   "y_label": _t("cards", "張數")})
    comp = game.components.get("tokens")
    if comp is not None:
        colours = list(dict.fromkeys(it["colour"] for it in comp.items))
        series = []
        for v in sorted(TOKEN_VALUES):
            series.append([_t(f"value {v}", f"數值 {v}"), [sum(it.copies for it in comp.items if it["colour"] == c
                                                              and it["value"] == v) for c in colours]])
        charts.append({"title": _t("Deduction tokens per colour and value", "各顏色與數值的猜測標記"),
                       "labels": [COLOURS.get(c, c) for c in colours], "series": series, "component": "tokens",
                       "y_label": _t("tokens", "枚數")})
    titles = [c.title for c in game.components.values()]
    charts.append({"title": _t("Pieces per component", "各配件的件數"), "labels": titles,
                   "series": [[_t("pieces", "件數"), [c.total for c in game.components.values()]]],
                   "y_label": _t("pieces", "件數")})
    sim = _sim_for(game)
    if sim is not None:
        labels = [str(b) for b in range(max(PLAYERS) + 1)]
        charts.append({"title": _t(f"Blue verdicts for a random suspicion ({SIM_DEALS} deals each)",
                                   f"隨機懷疑得到的藍色裁決（每種人數 {SIM_DEALS} 次發牌）"), "labels": labels,
                       "series": [[_t(f"{p} players", f"{p} 人"), [sim[p][b] for b in range(len(labels))]] for p in PLAYERS],
                       "x_label": _t("blue verdicts", "藍色裁決數"), "y_label": _t("deals", "發牌次數")})
    return charts
