"""`glossary:` in game.yaml: words the text engine never breaks across lines (`幫派份子`, `線人`), per
language, and the `name` of every card of the components it names:

    glossary:
      zh-TW: [幫派份子, 線人]
      cards: [suspects, weapons]     # each card's `name` in every language

`check` returns {language: words}; a problem is reported at its line (a key that is not a language of
the game, a value that is not a list of words, a component that does not exist).
"""
from __future__ import annotations

from pnp.core.errors import did_you_mean

TODO = "write `glossary: {zh-TW: [幫派份子, 線人], cards: [component, …]}`"


def check(meta, comps: dict, langs, col) -> dict:
    raw = meta.get("glossary") if hasattr(meta, "get") else None
    if raw is None:
        return {}
    if not isinstance(raw, dict):
        col.add(meta.at("glossary"), f"`glossary:` is `{raw}`, not a map", TODO)
        return {}
    out: dict = {lang: [] for lang in langs}
    for key, value in raw.items():
        pos = raw.at(key)
        if key != "cards" and key not in langs:
            col.add(raw.key_at(key), f"glossary `{key}` is not a language of the game",
                    did_you_mean(str(key), (*langs, "cards")))
            continue
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            col.add(pos, f"glossary `{key}` is `{value}`, not a list of words", "write a list: `[幫派份子, 線人]`")
            continue
        if key != "cards":
            out[key] += [v.strip() for v in value]
            continue
        for i, cid in enumerate(value):
            comp = comps.get(cid)
            if comp is None:
                col.add(value.at(i) if hasattr(value, "at") else pos, f"glossary `cards`: there is no component "
                        f"`{cid}`", did_you_mean(cid, comps))
                continue
            for item in comp.items:
                name = item.get("name")
                for lang in langs:
                    text = name.get(lang) if isinstance(name, dict) else name
                    if isinstance(text, str) and "{" not in text and "*" not in text and "<" not in text:
                        out[lang].append(text.strip())   # a name that is a template or markup is no word
    return {lang: tuple(dict.fromkeys(w for w in words if len(w) > 1)) for lang, words in out.items() if words}
