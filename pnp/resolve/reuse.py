"""What a face can reuse from the cards before it: an element (or a whole face) whose templates read
nothing that differs between cards is resolved once per component and language.

A layout's frame, its background, a label, a shared back: most elements of most cards read only the
game's `data`, `palette`, `game`, `lang`, `deck` or `geometry`, which are the same objects for every card
of a component in one language. Such an element's pieces depend on its own attributes, the layout, the
resolver (language, fonts, icons, draft) and the values of those names, so they are kept under the
identity of those values and handed to the next card as they are (pieces are frozen dataclasses).

An element is never reused when it reads `card` or `copy` (or any name this list does not know), when
its type reads the whole context itself (`CONTEXTUAL`: a QR code's default data is the card's), or when
resolving it reported anything: problems and findings name the card they were found on, so an element
that reported is resolved again for every card, exactly as before.
"""
from __future__ import annotations

from pnp.core.cache import digest
from pnp.layout.elements import CONTEXTUAL
from pnp.templates import templating

# names whose values are one object for every card of a component in one language
# (`item` and `index` come from a `repeat:` whose own expression is checked the same way)
SHARED = frozenset({"data", "palette", "game", "lang", "deck", "geometry", "item", "index", "rule"})


def _qr_reads(game) -> frozenset | None:
    """A QR element without `data` prints game.yaml's `qr:` template, rendered over the card's context."""
    return template_names(game.meta.get("qr") or "") if game is not None else None


CONTEXTUAL["qr"] = _qr_reads   # element types that read the context themselves: pnp.layout.elements

_names: dict = {}   # id(element) → (element, frozenset of names, or None when a template does not parse)


def _strings(v):
    if isinstance(v, dict):
        for x in v.values():
            yield from _strings(x)
    elif isinstance(v, list):
        for x in v:
            yield from _strings(x)
    elif isinstance(v, str):
        yield v


def template_names(v: str) -> frozenset | None:
    """The context names one template reads; None when it does not parse."""
    if not templating.is_template(v):
        return frozenset()
    return templating.context_names(v)   # compiled once (and kept on disk) for rendering anyway


def names(el) -> frozenset | None:
    """The context names an element's templates read (`when`, `repeat` included); None when a template
    does not parse (it is then never reused: its error is reported per card as before)."""
    hit = _names.get(id(el))
    if hit is not None and hit[0] is el:
        return hit[1]
    found: set | None = set()
    for key, value in el.attrs.items():
        for v in _strings(value):
            if key in ("when", "repeat") and not templating.is_template(v):
                v = "{{ " + v + " }}"
            got = template_names(v)
            if got is None:
                found = None
                break
            found |= got
        if found is None:
            break
    result = frozenset(found) if found is not None else None
    _names[id(el)] = (el, result)
    return result


def shared(el) -> frozenset | None:
    """The names of a reusable element (a subset of SHARED), or None when it must be resolved per card."""
    if el.attrs.get("type") in CONTEXTUAL:
        return None
    got = names(el)
    return got if got is not None and got <= SHARED else None


def reads_all(el, game=None) -> frozenset | None:
    """What an element reads, its type's own reading included (None: anything)."""
    got = names(el)
    hook = CONTEXTUAL.get(el.attrs.get("type"))
    if got is None or hook is None:
        return got
    more = hook(game)
    return None if more is None else got | more


def reads(layout, name: str, game=None) -> bool:
    """Whether any element of the layout may read `name` (a template that does not parse may read anything)."""
    for el in layout.elements:
        got = reads_all(el, game)
        if got is None or name in got:
            return True
    return False


def _ids(ctx: dict, used) -> tuple[tuple, list]:
    """The identity of the context values of `used` (item and index belong to the element's own
    `repeat:`), and the objects to keep alive while the identity is a key."""
    key, keep = [], []
    for n in sorted(used - {"item", "index"}):
        v = ctx.get(n)
        if v is None or isinstance(v, (str, int, float, bool)):
            key.append(("=", n, type(v).__name__, v))
        else:
            key.append((n, id(v)))
            keep.append(v)
    return tuple(key), keep


class Memo:
    """A resolver's reusable elements and faces (one language; bounded: cleared when full)."""
    LIMIT = 4096

    def __init__(self):
        self.elements: dict = {}
        self.faces: dict = {}

    def put(self, table: dict, k, value):
        if len(table) >= self.LIMIT:
            table.clear()
        table[k] = value

    def element_key(self, el, layout, ctx):
        used = shared(el)
        if used is None:
            return None
        ids, keep = _ids(ctx, used)
        return (id(el), id(layout), ids), (el, layout, keep)

    def face_key(self, layout, ctx):
        used: set = set()
        for el in layout.elements:
            got = shared(el)
            if got is None:
                return None
            used |= got
        ids, keep = _ids(ctx, used)
        return (id(layout), ids), (layout, keep)


_CARD_DATA = {".yaml", ".yml", ".csv", ".tsv", ".xlsx", ".ods", ".md"}


def _stamps(files) -> tuple:
    out = []
    for f in sorted(files):
        try:
            st = f.stat()
        except OSError:
            continue
        out.append((str(f), st.st_size, st.st_mtime_ns))
    return tuple(out)


class Beyond:
    """Fingerprints of what a face depends on beyond its card and its own layout, for a warm session's
    cache key (`pnp watch`): game.yaml's settings (fonts, palette, `qr:`, lint …), the game folder's
    other files (images, fonts) and the icon files, always; and, as far as the layouts' templates read
    them, the game data, the palette, the other cards (`game`, `deck`) and every layout (`geometry`).
    An element type that reads the context itself reads what its CONTEXTUAL hook says."""
    READ = ("data", "palette", "game", "geometry")

    def __init__(self, prep, resolver):
        self.prep, self.resolver, self.fps = prep, resolver, {}

    def _fp(self, name: str) -> int:
        if name not in self.fps:
            game, ctx, folders = self.prep.game, self.resolver.ctx, self.prep.layouts.folders()
            value = {
                "setup": lambda: (repr({k: v for k, v in game.meta.items() if k not in ("components", "data")}),
                                  repr(getattr(game, "glossary", {})),   # words taken from card names too
                                  _stamps(p for p in game.root.rglob("*") if p.is_file() and p.suffix.lower() not in _CARD_DATA),
                                  _stamps(p for d in folders for p in d.rglob("icons.y*ml"))),
                "data": lambda: ctx.game["data"], "palette": lambda: game.palette,
                # `rule(…)` prints rules.yaml entries through phrases.<lang>.yaml, which ctx.game holds only
                # in part: a phrase edited between builds left the Holmes cards in their old words
                "game": lambda: (ctx.game, getattr(game, "phrases", None), getattr(game, "entries", None)),
                "geometry": lambda: _stamps(p for d in folders for p in d.rglob("*") if p.is_file())}[name]()
            self.fps[name] = digest(value)   # the same in every process: kept on disk
        return self.fps[name]

    def __call__(self, layouts) -> tuple:
        read: set = set()
        for lay in layouts:
            for el in lay.elements if lay is not None else ():
                got = reads_all(el, self.prep.game)
                read |= set(self.READ) if got is None else got
        if "deck" in read or "rule" in read:   # a phrase reads the game's rules and phrases
            read.add("game")
        return tuple(self._fp(n) for n in ("setup", *sorted(read & set(self.READ))))
