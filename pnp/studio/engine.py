"""What `pnp studio` does, without the web: a warm session over the CLI's own code.

The game view is `pnp.pipeline.build.check_game` (rules, fitting, print lint) with a face cache; a card preview
loads the game with the unsaved edit in place (`pnp.content.yamlfile.overlay`), runs the rules and
resolves only that card's faces; images are the faces drawn by the PDF renderer and rasterised by
pdfium, as `pnp preview` does. Saves go through `pnp.studio.yamledit` (a span edit) and are written
atomically, after the edited game has loaded; a file changed on disk since the page read it is a
conflict. Everything here is guarded by one lock: the web server may call from several threads.
"""
from __future__ import annotations

import hashlib
import threading
import time
from pathlib import Path

from pnp.pipeline import facestore
from pnp.pipeline.build import Options, Project, build_game, check_game, prepare, resolver_for
from pnp.content.yamlfile import MAX_SCALAR, overlay
from pnp.core.paths import inside
from pnp.layout.choice import Faces
from pnp.core.errors import Problems
from pnp.content.sheets import is_sheet
from pnp.studio import sheetedit, yamledit
from pnp.studio.files import Refused, loads, render_png, write_atomic  # noqa: F401  (Refused: the app catches it here)

from pnp.studio.edits import MAX_EDITS, SAVE_SECONDS, distinct, in_time  # noqa: F401  (the app imports MAX_EDITS here)

TEXT_TYPES = ("text", "str")
BOM = b"\xef\xbb\xbf"


def sha(text) -> str:
    """The version of a file's content (text of a YAML file, bytes of a spreadsheet)."""
    return hashlib.sha256(text if isinstance(text, bytes) else text.encode("utf-8")).hexdigest()[:16]


XLSX_NOTE = ("Saving writes the workbook again: its cells, styles, formulas and sheets are kept; charts, "
             "pictures and comments in it are not (keep those in another workbook).")


def _bytes(content, bom: bytes) -> bytes:
    return content if isinstance(content, bytes) else bom + content.encode("utf-8")


def finding_json(f) -> dict:
    return {"severity": f.severity, "where": f"{f.pos.file}:{f.pos.line or 1}", "message": f.message,
            "card": f.card, "check": f.check or ""}


class Studio:
    def __init__(self, root: Path, out: Path | None = None, dpi: int = 90, undo_depth: int = 20):
        self.project = Project(Path(root))
        self.out = Path(out) if out else self.project.root / "output"
        self.dpi, self.undo_depth = dpi, undo_depth
        self.cache: dict = facestore.Faces()   # faces read from and kept in the store too
        self.lock = threading.RLock()
        self.faces: dict = {}          # key → (face, font name): the images the pages may ask for
        self.keys: dict = {}           # face → key
        self.pngs: dict = {}           # key → PNG bytes
        self.undo: list = []           # (path, text before, text after, BOM)
        self.stale: dict = {}          # (game, component, card, field) → languages to check again (this session)
        self.built: dict = {}          # game → {pdf name: Path}
        self._before: dict = {}        # the last saved card judged, for "this edit causes / fixes"
        self.version = 0               # goes up when a file of the project changes (or the studio saves)
        from pnp.pipeline.watch import snapshot
        self._snap = snapshot(self._roots())

    # ---- files ------------------------------------------------------------------------------
    def _roots(self):
        return [self.project.content, self.project.layouts]

    def poll(self) -> bool:
        """Look for changed files (the watch machinery); True when something changed."""
        from pnp.pipeline.watch import changed, snapshot
        new = snapshot(self._roots())
        if changed(self._snap, new):
            self._snap = new
            with self.lock:
                self.version += 1
            return True
        return False

    def game_names(self):
        return self.project.games()

    def _game(self, game: str) -> str:
        if game not in self.project.games():
            raise Refused(404, f"there is no game `{game}`")
        return game

    def source(self, game, comp_id: str) -> tuple[Path, bool]:
        """The file a component's items are written in, and whether they are inline in game.yaml."""
        from pnp.content.yamlfile import load_file
        root = self.project.content / self._game(game)
        meta = load_file(root / "game.yaml")
        seen = set()
        while True:
            decl = (meta.get("components") or {}).get(comp_id)
            if not isinstance(decl, dict) or comp_id in seen:
                raise Refused(404, f"`{game}` has no component `{comp_id}`")
            seen.add(comp_id)
            if isinstance(decl.get("from"), str):
                comp_id = decl["from"]
                continue
            if isinstance(decl.get("cards"), str):
                path, inline = root / decl["cards"], False
                if path.suffix.lower() not in (".yaml", ".yml") and not is_sheet(path.name):
                    raise Refused(400, f"the cards of `{comp_id}` come from `{decl['cards']}`, which the studio "
                                       "cannot write")
            elif decl.get("items") is not None:
                path, inline = root / "game.yaml", True
            else:
                raise Refused(400, f"component `{comp_id}` has no cards to edit")
            got = inside(root, decl["cards"] if not inline else "game.yaml")
            if not got or not got.real.is_file():
                raise Refused(403, f"`{decl.get('cards')}` is outside the game folder: the studio writes only inside it")
            return path, inline, comp_id

    @staticmethod
    def read(path: Path) -> tuple:
        """(content, BOM): a YAML file's text, a spreadsheet's bytes (its BOM, if any, stays in them)."""
        raw = path.read_bytes()
        if is_sheet(path.name):
            return raw, b""
        bom = BOM if raw.startswith(BOM) else b""
        return raw[len(bom):].decode("utf-8"), bom

    # ---- views ------------------------------------------------------------------------------
    def game_view(self, game: str, lang: str | None = None) -> dict:
        """Every component, every card's front and back image key, and every finding."""
        with self.lock:
            keep: dict = {}
            try:
                prep, found = check_game(self.project, self._game(game), lang, cache=self.cache, keep=keep)
            except Problems as e:
                return {"problems": [str(p) for p in e.problems],
                        "findings": [finding_json(f) for f in getattr(e, "findings", [])], "components": [],
                        "lang": lang, "languages": []}
            lang = lang or prep.game.languages[0]
            font = prep.fonts.name("sans")
            comps = []
            for comp in prep.game.components.values():
                if comp.kind == "booklet":
                    continue
                pairs = iter(keep.get(comp.id, []))
                cards = []
                for item in comp.items:
                    f, b = next(pairs, (None, None))
                    for _ in range(item.copies - 1):
                        next(pairs, None)
                    mine = [x for x in found if x.card == item.id or (x.card is None and self._at(x, item))]
                    cards.append({"id": item.id, "front": self._key(f, font), "back": self._key(b, font),
                                  "where": str(item.pos), "copies": item.copies,
                                  "text": " ".join(str(v) for v in self._texts(comp, item)),
                                  "findings": [finding_json(x) for x in sorted(mine)]})
                comps.append({"id": comp.id, "kind": comp.kind, "cards": cards,
                              "title": prep.game.text(comp.title, lang) or comp.id})
            return {"problems": [], "lang": lang, "languages": list(prep.game.languages), "components": comps,
                    "findings": [finding_json(x) for x in sorted(found)]}

    @staticmethod
    def _at(f, item) -> bool:
        lines = {p.line for p in [item.pos, *item.field_pos.values()] if p.file == f.pos.file}
        return f.pos.file == item.pos.file and f.pos.line in lines

    @staticmethod
    def _texts(comp, item):
        for name, (typ, *_r) in comp.fields.items():
            v = item.get(name)
            if typ in TEXT_TYPES and v is not None:
                yield from (v.values() if isinstance(v, dict) else [v])

    def _key(self, face, font):
        if face is None:
            return None
        key = self.keys.get(face)
        if key is None:
            key = hashlib.sha1(repr(face).encode()).hexdigest()[:20]
            self.keys[face] = key
            self.faces[key] = (face, font)
        return key

    def png(self, key: str) -> bytes:
        with self.lock:
            if key not in self.faces:
                raise Refused(404, "no such image")
            if key not in self.pngs:
                self.pngs[key] = render_png(*self.faces[key], self.dpi)
            return self.pngs[key]

    def card_view(self, game: str, comp_id: str, card: str) -> dict:
        """The card's editable fields with their values per language, and the file's version."""
        with self.lock:
            from pnp.content.loader import load_game
            g = load_game(self.project.content / self._game(game))
            comp, item, _i = self._item(g, comp_id, card)
            try:
                path, inline, owner = self.source(game, comp_id)
                text, _bom = self.read(path)
                if isinstance(text, bytes):   # a spreadsheet: every text field, in its column
                    own, note = set(comp.fields), XLSX_NOTE if path.suffix.lower() == ".xlsx" else ""
                else:
                    own, note = {k.value for k, _v in yamledit.card_node(text, owner, card, inline).value}, ""
            except Refused as e:   # a spreadsheet deck: shown, edited in the spreadsheet
                path, text, own, note = Path(str(comp.source.file if comp.source else "")), "", None, e.message
            fields = []
            for name, (typ, required, _c) in comp.fields.items():
                v = item.get(name)
                fields.append({"name": name, "type": typ, "editable": own is not None and typ in TEXT_TYPES and (name in own or v is None),
                               "translated": isinstance(v, dict) or (v is None and typ == "text"),
                               "values": ({lg: v.get(lg) for lg in g.languages} if isinstance(v, dict) else
                                          {lg: v for lg in g.languages} if isinstance(v, str) else
                                          {lg: None for lg in g.languages} if v is None else {"": repr(v)}),
                               "stale": sorted(self.stale_langs(game, comp.id, item.id, name)),
                               "where": str(item.at(name))})
            return {"game": game, "component": comp.id, "card": item.id, "languages": list(g.languages),
                    "fields": fields, "file": path.name, "base": sha(text), "where": str(item.pos), "note": note}

    @staticmethod
    def _item(g, comp_id, card):
        comp = g.components.get(comp_id)
        if comp is None or comp.kind == "booklet":
            raise Refused(404, f"`{g.id}` has no component `{comp_id}`")
        for i, item in enumerate(comp.items):
            if item.id == card:
                return comp, item, i
        raise Refused(404, f"component `{comp_id}` has no card `{card}`")

    # ---- edits ------------------------------------------------------------------------------
    def _apply(self, game, comp_id, card, edits, end=None) -> tuple[Path, str, str, bytes]:
        """(path, text now, text with the edits, BOM). Refuses undeclared or non-text fields."""
        from pnp.content.loader import load_game
        g = load_game(self.project.content / self._game(game))
        comp, item, _i = self._item(g, comp_id, card)
        path, inline, owner = self.source(game, comp_id)
        text, bom = self.read(path)
        new = text
        cells = []
        for e in edits:
            name, lang, value = e.get("field"), e.get("lang"), e.get("value")
            if name not in comp.fields:
                raise Refused(400, f"`{name}` is not a field declared for `{comp_id}` in game.yaml")
            if comp.fields[name][0] not in TEXT_TYPES:
                raise Refused(400, f"`{name}` is a {comp.fields[name][0]} field: the studio edits text fields only")
            if lang is not None and lang not in g.languages:
                raise Refused(400, f"`{lang}` is not a language of `{game}`")
            if not isinstance(value, str) or len(value) > MAX_SCALAR:
                raise Refused(400, "a value must be text of reasonable length")
            if isinstance(text, bytes):
                cells.append((item.pos.line, name, lang, value))
                continue
            try:
                new = yamledit.set_field(new, owner, card, name, lang, value, g.languages, inline)
            except yamledit.EditError as err:
                raise Refused(400, str(err)) from None
            in_time(end)
        if cells:   # a spreadsheet deck: the cells written into the file, the rest of it kept
            sheet = (g.meta.get("components") or {}).get(owner, {}).get("sheet")
            try:
                new = sheetedit.set_cells(path.suffix, text, sheet, cells)
            except sheetedit.SheetEditError as err:
                raise Refused(400, f"{path.name}: {err}") from None
            except Exception as err:   # a workbook its library cannot write back
                raise Refused(422, f"{path.name} cannot be written back ({type(err).__name__}): edit it in "
                                   "your spreadsheet program") from None
            in_time(end)
        return path, text, new, bom

    def preview(self, game, comp_id, card, edits, lang=None) -> dict:
        """Load the game with the edits (unsaved), judge it, and draw only this card."""
        edits = distinct(edits)
        with self.lock:
            if edits:
                path, text, new, _bom = self._apply(game, comp_id, card, edits, time.monotonic() + SAVE_SECONDS)
            else:   # the card as saved
                self._game(game)
                path, text, new = None, "", ""
            key = (game, comp_id, card, lang, sha(text), self.version)
            before = self._before.get(key)
            if before is None:   # the saved card's verdict: judged once per version of the files
                before = self._before = {key: self._judge(game, comp_id, card, lang, {})}
                before = before[key]
            after = self._judge(game, comp_id, card, lang, {path: new} if path else {})
            keyset = lambda fs: {(f["severity"], f["message"], f["card"], f["check"]) for f in fs}  # noqa: E731
            b, a = keyset(before["findings"]), keyset(after["findings"])
            after["caused"] = [f for f in after["findings"] if keyset([f]) - b]
            after["fixed"] = [f for f in before["findings"] if keyset([f]) - a]
            after["changed"] = new != text
            return after

    def _judge(self, game, comp_id, card, lang, drafts) -> dict:
        try:
            with overlay(drafts):
                prep = prepare(self.project, game)
                resolver = resolver_for(prep, lang)
        except Problems as e:
            return {"problems": [str(p) for p in e.problems], "findings": [], "front": None, "back": None}
        comp, item, i = self._item(prep.game, comp_id, card)
        ctx = resolver.ctx.face(comp, i, 0)
        ctx["geometry"] = prep.layouts.geometry
        font = prep.fonts.name("sans")
        try:
            front, back = Faces(prep, comp, resolver)(item)   # the layouts the build draws this card with
        except Problems as e:
            return {"problems": [str(p) for p in e.problems], "findings": [], "front": None, "back": None}
        if front is None:   # a chosen layout that cannot be used: the resolver holds the problem
            return {"problems": [str(p) for p in sorted(resolver.problems, key=str)], "findings": [],
                    "front": None, "back": None}
        f = resolver.face(front, ctx, item.id, item.pos, f"{comp.id}/{item.id}.front")
        bk = resolver.face(back, ctx, item.id, item.pos, f"{comp.id}/{item.id}.back") if back else None
        found = sorted(set(prep.findings) | resolver.findings)
        return {"problems": [str(p) for p in sorted(resolver.problems, key=str)],
                "findings": [finding_json(x) for x in found],
                "front": self._key(f, font), "back": self._key(bk, font)}

    def save(self, game, comp_id, card, edits, base: str) -> dict:
        edits = distinct(edits)
        with self.lock:
            end = time.monotonic() + SAVE_SECONDS
            path, text, new, bom = self._apply(game, comp_id, card, edits, end)
            if sha(text) != base:
                raise Refused(409, f"{path.name} changed on disk since this page read it: reload the card "
                                   "(your edit is still in the form) and save again")
            if new == text:
                return {"saved": False, "base": base}
            try:
                with overlay({path: new}):
                    loads(prepare(self.project, game))
            except Problems as e:
                raise Refused(422, "this edit would not load, so it was not written",
                              [str(p) for p in e.problems]) from None
            in_time(end)
            write_atomic(path, _bytes(new, bom), expect=_bytes(text, bom))
            self._mark_stale(game, comp_id, card, edits)
            self.undo.append((path, text, new, bom))
            del self.undo[:-self.undo_depth]
            self.version += 1
            return {"saved": True, "base": sha(new), "undo": len(self.undo)}

    def _mark_stale(self, game, comp_id, card, edits):
        """A text changed in one language makes its other languages stale (until they are saved
        too); saving a stale translation clears it without making the others stale."""
        from pnp.content.loader import load_game
        langs = set(load_game(self.project.content / game).languages)
        for field in {e["field"] for e in edits if e.get("lang")}:
            done = {e["lang"] for e in edits if e["field"] == field and e.get("lang")}
            key = (game, comp_id, card, field)
            now = self.stale.get(key, set())
            self.stale[key] = now - done if now & done else langs - done
            if not self.stale[key]:
                del self.stale[key]

    def stale_langs(self, game, comp_id, card, field) -> set:
        return self.stale.get((game, comp_id, card, field), set())

    def undo_last(self) -> dict:
        with self.lock:
            if not self.undo:
                raise Refused(409, "there is nothing to undo")
            path, before, after, bom = self.undo[-1]
            now, _b = self.read(path)
            if now != after:
                raise Refused(409, f"{path.name} changed on disk after that save: undo would lose that change")
            write_atomic(path, _bytes(before, bom), expect=_bytes(after, bom))
            self.undo.pop()
            self.version += 1
            return {"undone": path.name, "undo": len(self.undo)}

    # ---- build --------------------------------------------------------------------------------
    def build(self, game: str) -> dict:
        """The normal build (every language); the PDFs it wrote, by name."""
        from pnp.pipeline.build import RuleErrors
        from pnp.content.loader import load_game
        with self.lock:
            try:
                langs = tuple(load_game(self.project.content / self._game(game)).languages)
                m = build_game(self.project, game, Options(langs=langs, out=self.out), cache=self.cache)
            except Problems as e:
                return {"ok": False, "problems": [str(p) for p in e.problems]}
            except RuleErrors as e:
                return {"ok": False, "problems": [str(f) for f in e.findings]}
            self.built[game] = {Path(p["path"]).name: self.out / p["path"] for p in m["pdfs"]}
            return {"ok": True, "pdfs": sorted(self.built[game])}

    def pdf(self, game: str, name: str) -> Path:
        path = self.built.get(game, {}).get(name)
        if path is None or not path.is_file():
            raise Refused(404, "build the game first")
        return path
