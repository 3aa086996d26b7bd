"""Targets beyond the print PDF: per-face PNGs, print-shop files, Tabletop Simulator deck sheets.

Every raster here comes from the real PDF drawing of a face (`pnp.render.pdf`), rasterised with
pdfium, so what a preview or an export shows is exactly what prints. Nothing here knows about games.

`collect()` resolves a game in one language into `Deck`s of `Card`s (front and back `Face`s, one
card per physical copy); `faces_pdf()` draws distinct faces one per page; `pnp.export.raster` turns
pages into images in a process pool.
"""
from __future__ import annotations

import io
import os
import shutil
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path


@dataclass(frozen=True)
class Card:
    deck: str
    id: str
    copy: int            # 0 for the first physical copy
    front: object        # Face
    back: object | None  # Face or None
    name: str = ""       # what players call it, in the built language (`name` or `title` field), else the id


@dataclass
class Deck:
    id: str
    title: str
    kind: str
    cards: list = field(default_factory=list)

    @property
    def trim(self):
        f = self.cards[0].front
        return f.w, f.h

    def shared_back(self):
        """The one back every card shares, or None (no backs, or backs that differ). Backs are
        compared by what prints (`printed()`), not by their names or layouts."""
        backs = {printed(c.back) for c in self.cards}
        return self.cards[0].back if len(backs) == 1 and None not in backs else None


def printed(face):
    """What of a face prints: two faces with equal keys give identical pixels (a face's name — its
    card and layout — is left out)."""
    if face is None:
        return None
    return (face.w, face.h, face.bleed, face.pieces, face.shape, face.radius)


@dataclass
class Collected:
    game: object
    lang: str
    fonts: object
    decks: list
    findings: list = field(default_factory=list)   # with `draft`: the warnings to show (errors lowered)
    draft: bool = False


def collect(project, game_id: str, lang: str | None = None, draft: bool = False) -> Collected:
    """Resolve every face of a game in one language. Raises Problems (bad input) or RuleErrors.
    `draft` (as `pnp build --draft`): a missing picture is a placeholder, overflowing text is flagged,
    errors are warnings (in `findings`)."""
    from pnp.pipeline.build import RuleErrors, faces, prepare, resolver_for
    from pnp.core.errors import Problems
    from pnp import lint
    prep = prepare(project, game_id)
    found = lint.draft(prep.findings) if draft else list(prep.findings)
    errors = [f for f in found if f.severity == "error"]
    if errors:
        raise RuleErrors(errors)
    game = prep.game
    resolver = resolver_for(prep, lang)
    resolver.draft = draft
    lang = resolver.ctx.lang
    decks = []
    for comp in game.components.values():
        deck = Deck(comp.id, str(resolver.ctx.game["components"][comp.id]["title"]), comp.kind)
        seen: dict = {}
        views = {v.get("id"): v for v in resolver.ctx.game["decks"].get(comp.id, ())}
        for f, b in faces(prep, lang, resolver, comp):
            card_id = f.name.split("/", 1)[1].rsplit(".", 1)[0] if "/" in f.name else f.name
            copy = seen.get(card_id, 0)
            seen[card_id] = copy + 1
            deck.cards.append(Card(comp.id, card_id, copy, f, b, card_name(views.get(card_id), card_id)))
        if deck.cards:
            decks.append(deck)
    if resolver.problems:
        raise Problems(resolver.problems)
    if draft:
        shown = [x for x in lint.collapse(set(found) | set(lint.draft(resolver.findings))) if x.severity == "warning"]
        return Collected(game, lang, prep.fonts, decks, sorted(shown), True)
    fit = [x for x in resolver.findings if x.severity == "error"]
    if fit:
        raise RuleErrors(sorted(fit))
    return Collected(game, lang, prep.fonts, decks)


NAME_FIELDS = ("name", "title")   # the fields that name a card, in this order


def card_name(view, fallback: str) -> str:
    """A card's name as players read it: its `name` (or `title`) field in the built language, the
    markup and icons left out and spaces collapsed; the id when it has neither."""
    from pnp.text.spans import plain
    for key in NAME_FIELDS:
        value = (view or {}).get(key)
        if isinstance(value, (str, int, float)) and not isinstance(value, bool):
            text = " ".join(plain(str(value), True).split())
            if text:
                return text
    return fallback


def faces_pdf(faces, font_name: str) -> bytes:
    """A PDF with one page per face, each page the face with its bleed (drawn by the print renderer)."""
    from pnp.impose.grid import Page, Slot
    from pnp.render.pdf import PdfWriter
    buf = io.BytesIO()
    w = PdfWriter(buf, font_name, {"title": "faces", "creator": "pnp"})
    for f in faces:
        b = f.bleed
        pw, ph = f.w + 2 * b, f.h + 2 * b
        page = Page(pw, ph, slots=[Slot(f, b, b, (0, 0, pw, ph))], trim=(b, b, b + f.w, b + f.h), bleed=(0, 0, pw, ph))
        w.page(page)
    w.close()
    return buf.getvalue()


def distinct(faces) -> tuple[list, dict]:
    """The distinct faces (by what prints) in first-seen order, and face → page index."""
    index: dict = {}
    order = []
    seen: dict = {}
    for f in faces:
        if f is None or f in index:
            continue
        key = printed(f)
        if key not in seen:     # the same print under another name is drawn once too
            seen[key] = len(order)
            order.append(f)
        index[f] = seen[key]
    return order, index


@contextmanager
def replace_dir(target: Path, root: Path | None = None):
    """Write into a fresh temporary folder that replaces `target` only when the block completes."""
    from pnp.core.output import refuse_links
    refuse_links(target, root)   # a folder below --out that is a link (into content/?) is refused, as for PDFs
    import tempfile
    target.parent.mkdir(parents=True, exist_ok=True)
    # new folders of random names, created exclusively (mkdtemp): a link planted at a name is never used
    tmp = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name[:40]}.", suffix=".tmp"))
    try:
        yield tmp
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    old = None
    if target.exists() or target.is_symlink():
        old = Path(tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name[:40]}.", suffix=".old"))
        os.replace(target, old / "previous")
    os.replace(tmp, target)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


NAME_BYTES = 100   # of a name made from an id: with a suffix (`~2.front.png`, `.tmp`) far below NAME_MAX (255)


def safe_name(text: str) -> str:
    """A file-name-safe form of an id (ids are already lower-case letters, digits, - and _). An id
    longer than NAME_BYTES (in UTF-8) becomes its first 80 bytes and 12 hex digits of its SHA-1, so a
    valid 300-character id still names a file, and two long ids that share their start do not collide."""
    name = "".join(ch if ch.isalnum() or ch in "-_." else "_" for ch in text)
    if name.startswith("."):    # never `.`, `..` or a hidden file (ids cannot start so; other names might)
        name = "_" + name[1:]
    if len(name.encode()) <= NAME_BYTES:
        return name
    import hashlib
    head = name.encode()[:80].decode("utf-8", "ignore")
    return f"{head}-{hashlib.sha1(text.encode('utf-8', 'surrogatepass')).hexdigest()[:12]}"
