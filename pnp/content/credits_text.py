"""The sentences that credit a game (game.yaml `credits:`), shared by the cover, the booklet's title
page and the PDF metadata, in the languages pnp speaks (others fall back to English)."""
from __future__ import annotations

TEXT = {
    "en": {"by": "Original game by {names}", "pub": "published by {publisher}", "year": " ({year})",
           "pub_only": "Original game published by {publisher}", "and": " and ",
           "notice": "Unofficial fan-made print-and-play edition for personal use; {title} is owned by {owner}.",
           "edition": "Print-and-play edition: {author}", "source": "Rules source: {source}"},
    "zh-TW": {"by": "原作設計：{names}", "pub": "出版：{publisher}", "year": "（{year}）",
              "pub_only": "原作出版：{publisher}", "and": "、",
              "notice": "非官方的玩家自製列印版，僅供個人使用；《{title}》的權利屬於 {owner}。",
              "edition": "列印版製作：{author}", "source": "規則來源：{source}"},
}


def _t(lang: str) -> dict:
    base = lang.split("-")[0]
    return TEXT.get(lang) or next((v for k, v in TEXT.items() if k.split("-")[0] == base), TEXT["en"])


def _names(names, T) -> str:
    names = list(names)
    if len(names) <= 2:
        return T["and"].join(names)
    return ", ".join(names[:-1]) + T["and"] + names[-1] if T["and"].strip() else T["and"].join(names)


def original(credits: dict, lang: str) -> str:
    """'Original game by A and B, published by P (2020)' — '' without credits."""
    T = _t(lang)
    names, pub, year = credits.get("designers") or [], credits.get("publisher"), credits.get("year")
    sep = "；" if lang.startswith("zh") else ", "
    if names:
        s = T["by"].format(names=_names(names, T))
        if pub:
            s += sep + T["pub"].format(publisher=pub)
    elif pub:
        s = T["pub_only"].format(publisher=pub)
    else:
        return ""
    if year:
        s += T["year"].format(year=year)
    return s


def notice(credits: dict, title: str, lang: str) -> str:
    """The fan-edition notice ('' when the game is the author's own)."""
    if not credits.get("fan_edition"):
        return ""
    return _t(lang)["notice"].format(title=title, owner=credits.get("owner") or credits.get("publisher") or "")


def edition(author, lang: str) -> str:
    return _t(lang)["edition"].format(author=author) if author else ""


def source(credits: dict, lang: str, langs) -> str:
    src = credits.get("source")
    if isinstance(src, dict):
        src = src.get(lang) or next(iter(src.values()), "")
    return _t(lang)["source"].format(source=src) if src else ""


def lines(game, lang: str, title: str) -> list[str]:
    """Every credit line for a title page or cover, in reading order ([] for a game without credits)."""
    c = game.credits or {}
    if not c:
        return []
    out = [original(c, lang), edition(game.meta.get("author"), lang), source(c, lang, game.languages),
           notice(c, title, lang)]
    return [s for s in out if s]


def pdf_author(game) -> str:
    """The PDF's Author: the original designers when credited, else game.yaml `author`."""
    names = (game.credits or {}).get("designers") or []
    return ", ".join(names) if names else str(game.meta.get("author") or "")
