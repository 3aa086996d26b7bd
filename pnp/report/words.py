"""The report's own words, per language (a language without its table falls back to English).

The deck report is read by the designers and playtesters of a game in the game's language, so its
headings, table heads, verdicts and generic chart titles are translated; a rules module's charts may
give their title, axis titles and note as `{zh-TW: …, en: …}` maps too.
"""
from __future__ import annotations

WORDS = {
    "en": {
        "report": "deck report", "language": "language", "pieces_in": "{pieces} pieces in {comps} components",
        "all_pass": "All {n} checks pass.", "verdict": "{e} error(s), {w} warning(s) from {n} checks.",
        "components": "Components",
        "comp_head": ["component", "title", "kind", "pieces", "declared", "distinct faces", "size (mm)"],
        "faces": "{f} front · {b} back", "checks": "Rules checks", "check_head": ["check", "result"],
        "pass": "pass", "errors": "{n} error(s)", "warnings": "{n} warning(s)", "findings": "Findings: {name}",
        "summary": "Summary from the rules module", "stats_game": "Statistics: the whole game",
        "stats_comp": "Statistics: {title} ({id})", "contact": "Contact sheet",
        "contact_note": "Every distinct face, small: the card id, ×N when it is printed N times, and the "
                        "backs after the fronts of each component.",
        "contact_comp": "{title} ({id}): {n} faces", "back": "back",
        "per": "{title}: cards per {name}", "histogram": "{title}: {name} histogram{by}", "by": " by {name}",
        "cards_counted": "cards (copies counted)", "cards": "cards", "none": "(none)",
        "true": "true", "false": "false", "value": "value",
        "kinds": {"deck": "deck", "tokens": "tokens", "sheet": "sheet", "board": "board", "booklet": "booklet"},
        "pages": "{n} pages", "booklet_faces": "—",
        "sim": "Simulation: {n} games per setting, played by simple bots by the rules of rules.yaml",
        "sim_ends": "How games end (% of games)", "sim_seats": "Wins by seat (% of games)",
        "sim_roles": "Wins by role (% of the games each role was dealt)", "sim_length": "Game length",
        "sim_events": "Deck ran out, ties, nobody won (% of games)", "setting": "setting", "share": "% of games",
        "turns": "turns", "mean": "mean", "max": "longest", "rounds_mean": "rounds (mean)",
        "seat": "seat {n}", "players": "{n} players", "mode_players": "{mode}, {n} players",
        "deck_out": "deck ran out", "ties": "ties", "nobody": "nobody won",
        "uncovered": "a simulated game reached a state no rule covers: {what}",
    },
    "zh-TW": {
        "report": "牌組報告", "language": "語言", "pieces_in": "{comps} 種配件，共 {pieces} 件",
        "all_pass": "全部 {n} 項檢查通過。", "verdict": "{n} 項檢查：{e} 個錯誤、{w} 個警告。",
        "components": "配件",
        "comp_head": ["配件", "名稱", "種類", "件數", "宣告數量", "不同的牌面", "尺寸（mm）"],
        "faces": "正面 {f} 種 · 背面 {b} 種", "checks": "規則檢查", "check_head": ["檢查", "結果"],
        "pass": "通過", "errors": "{n} 個錯誤", "warnings": "{n} 個警告", "findings": "檢查結果：{name}",
        "summary": "規則模組的摘要", "stats_game": "統計：整個遊戲",
        "stats_comp": "統計：{title}（{id}）", "contact": "牌面總覽",
        "contact_note": "每一種不同的牌面縮小排列：標示卡牌代號，印 N 張時標示 ×N；每種配件先正面、後背面。",
        "contact_comp": "{title}（{id}）：{n} 種牌面", "back": "背面",
        "per": "{title}：各 {name} 的張數", "histogram": "{title}：{name} 分布{by}", "by": "（依 {name} 分色）",
        "cards_counted": "張數（含重複張）", "cards": "張數", "none": "（無）",
        "true": "是", "false": "否", "value": "數值",
        "kinds": {"deck": "牌組", "tokens": "標記", "sheet": "紙張", "board": "圖板", "booklet": "規則書"},
        "pages": "{n} 頁", "booklet_faces": "—",
        "sim": "模擬：每種設定 {n} 局，由簡單的電腦玩家依 rules.yaml 的規則進行",
        "sim_ends": "遊戲如何結束（局數 %）", "sim_seats": "各座位的勝率（局數 %）",
        "sim_roles": "各身分的勝率（拿到該身分的局數 %）", "sim_length": "遊戲長度",
        "sim_events": "牌堆用完、平手、無人獲勝（局數 %）", "setting": "設定", "share": "局數 %",
        "turns": "回合", "mean": "平均", "max": "最長", "rounds_mean": "輪數（平均）",
        "seat": "第 {n} 位", "players": "{n} 人", "mode_players": "{mode}，{n} 人",
        "deck_out": "牌堆用完", "ties": "平手", "nobody": "無人獲勝",
        "uncovered": "模擬的一局走到沒有規則涵蓋的狀態：{what}",
    },
}


def words(lang: str) -> dict:
    base = lang.split("-")[0]
    return WORDS.get(lang) or next((v for k, v in WORDS.items() if k.split("-")[0] == base), WORDS["en"])


def text(value, lang: str) -> str:
    """A chart text given as a string or as a `{lang: text}` map."""
    if isinstance(value, dict):
        return str(value.get(lang) or value.get("en") or next(iter(value.values()), ""))
    return "" if value is None else str(value)
