"""Attribution in game.yaml (`credits:`) and the checks that keep a shared PDF honest: a fan edition of
someone else's game carries no licence, and no QR code points at a placeholder address."""
from __future__ import annotations

import re

from pnp.content.schema import Opt, check_map
from pnp.core.errors import Collector

CREDITS_SPEC = {
    "designers": Opt("list", help="the original designer(s), e.g. `[Jane Doe]`"),
    "publisher": Opt("str", help="the original publisher"),
    "year": Opt("int", help="the year of first publication"),
    "owner": Opt("str", help="who holds the rights to the game (default: the publisher)"),
    "fan_edition": Opt("bool", default=False, help="true when this is an edition of someone else's game"),
    "source": Opt("text", help="where this edition's rules come from"),
}

# hosts reserved for documentation and tests (RFC 2606, RFC 6761): never a real game page
_PLACEHOLDER = re.compile(r"^(?:[^.]+\.)*(?:example\.(?:org|com|net|edu)|[^.]+\.(?:example|test|invalid|localhost)|"
                          r"example|localhost)$", re.I)
_HOST = re.compile(r"^\s*(?:[a-z][a-z0-9+.-]*://)?(?:[^@/\s]*@)?([^/:?#\s]+)", re.I)


def check_credits(meta, col: Collector, langs) -> dict:
    """The cleaned `credits:` map ({} when absent), every problem reported into `col`."""
    if "credits" not in meta:
        return {}
    raw = meta["credits"]
    if not isinstance(raw, dict):
        col.add(meta.at("credits"), "`credits` should be a map",
                "write `credits:` then `designers: [...]`, `publisher: …`, `year: …`")
        return {}
    c = check_map(raw, CREDITS_SPEC, col, "`credits`", langs)
    names = c.get("designers")
    if names is not None:
        bad = [i for i, n in enumerate(names) if not isinstance(n, str) or not n.strip()]
        for i in bad:
            col.add(raw["designers"].at(i) if hasattr(raw["designers"], "at") else raw.at("designers"),
                    "a designer's name should be text", "write the name as a published source gives it")
        c["designers"] = [n for n in names if isinstance(n, str) and n.strip()]
    if c.get("owner") is None:
        c["owner"] = c.get("publisher")
    if c.get("fan_edition") and "licence" in meta:
        col.add(meta.key_at("licence"), "a fan-made edition of someone else's game cannot carry a licence",
                "remove `licence:` (the game's owner decides its terms, not this edition)")
    if c.get("fan_edition") and not c.get("owner"):
        col.add(raw.key_at("fan_edition"), "a fan edition needs to say who owns the game",
                "add `owner:` (or `publisher:`) under `credits:`")
    return c


def placeholder_host(url: str) -> str | None:
    """The host of `url` when it is a reserved placeholder (example.org, *.test …), else None."""
    if not isinstance(url, str):
        return None
    m = _HOST.match(url)
    if not m:
        return None
    host = m.group(1).rstrip(".")
    return host if _PLACEHOLDER.match(host) else None


def check_links(meta, col: Collector) -> None:
    for key in ("url", "qr"):
        host = placeholder_host(meta.get(key)) if key in meta else None
        if host:
            col.add(meta.at(key), f"`{key}:` points at the placeholder address `{host}`, which leads nowhere",
                    f"remove `{key}:` (a QR code is printed only for a real address) or give the game's real page")
