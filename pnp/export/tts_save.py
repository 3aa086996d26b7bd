"""A Tabletop Simulator saved object for a whole game: `<game>.tts.json`, for TTS's
`Saves/Saved Objects` folder (it appears under Objects → Saved Objects and spawns as one bag).

The bag holds:
- per deck one `DeckCustom` (or a `CardCustom` for a deck of one card): every sheet is a
  `CustomDeck` entry (FaceURL = the sheet, BackURL = the shared back or the sheet of backs,
  NumWidth/NumHeight = the grid, UniqueBack when backs really differ, BackIsHidden false: the sheet's
  last slot holds the hidden-card face), and every card a `Card` whose `CardID` is the entry's key x 100
  + its slot on the sheet (row by row from the top left), in deck order; cards that print alike share
  a slot, so `DeckIDs` names it once per copy (as TTS saves a deck of copies). A card's `Nickname` is
  its name in the exported language (its `name` or `title` field; the id when it has neither);
- per token, board or sheet piece (each copy) a `Custom_Tile`: the piece's front as `ImageURL`, its
  back as `ImageSecondaryURL`, a circle, rounded or box tile after the layout's `shape`, images
  transparent outside the cut line; boards and sheets are stretched boxes.

Images are referenced by file URIs to the export folder, or by `--base-url` + the file name when the
user hosts them (TTS loads images from URLs; file URIs work only on the machine that exported them).
"""
from __future__ import annotations

import hashlib
import json
from pathlib import Path
from urllib.parse import quote

from pnp.export import distinct, faces_pdf, raster, safe_name
from pnp.export.png import cut_line
from pnp.core.units import MM

TILE_TYPE = {"rect": 0, "circle": 2, "rounded": 3}   # TTS CustomTile.Type: 0 box, 1 hex, 2 circle, 3 rounded
TILE_PX = 2048                                        # longest side of a tile image
TILE_DPI = 300.0
# The Tabletop Simulator release whose save format this file follows (kb.tabletopsimulator.com,
# "Save File Format"): TTS writes its own version here and reads any.
TTS_VERSION = "v13.2.2"


def _guid(*parts) -> str:
    return hashlib.sha1("/".join(map(str, parts)).encode(), usedforsecurity=False).hexdigest()[:6]


def _transform(x=0.0, y=1.0, z=0.0, scale=1.0, flip=False) -> dict:
    return {"posX": x, "posY": y, "posZ": z, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0 if flip else 0.0,
            "scaleX": scale, "scaleY": 1.0, "scaleZ": scale}


def _base(name: str, nickname: str, guid: str, transform: dict) -> dict:
    return {"Name": name, "Transform": transform, "Nickname": nickname, "Description": "", "GMNotes": "",
            "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0}, "Locked": False, "Grid": True, "Snap": True,
            "IgnoreFoW": False, "Autoraise": True, "Sticky": True, "Tooltip": True, "GridProjection": False,
            "Hands": name in ("Card", "CardCustom", "DeckCustom"), "XmlUI": "", "LuaScript": "",
            "LuaScriptState": "", "GUID": guid}


def tiles(col, target: Path):
    """Tile images of every piece that is not a card of a deck: `<component>/<card-id>.png` (and
    `.back.png`), the trim only, transparent outside a circle's or rounded tile's cut line."""
    comps = [d for d in col.decks if d.kind != "deck"]
    faces = [f for d in comps for c in d.cards for f in (c.front, c.back)]
    order, index = distinct(faces)
    report, out = {}, []
    if not order:
        return out, report
    jobs, files = [], {}
    for deck in comps:
        (target / safe_name(deck.id)).mkdir(exist_ok=True)
        for card in deck.cards:
            for side, face in (("front", card.front), ("back", card.back)):
                if face is None or (deck.id, card.id, side) in files:
                    continue
                rel = f"{safe_name(deck.id)}/{safe_name(card.id)}{'' if side == 'front' else '.back'}.png"
                files[(deck.id, card.id, side)] = rel
                scale = min(TILE_DPI / 72, TILE_PX / max(face.w, face.h))
                jobs.append(raster.Job(index[face], scale, bleed=False, out=str(target / rel), dpi=TILE_DPI,
                                       cut=cut_line(face)))
        shape = deck.cards[0].front.shape
        w, h = deck.trim
        report[deck.id] = f"{len(deck.cards)} {shape} tile(s) of {w / MM:.0f} x {h / MM:.0f} mm"
        out.append((deck, files))
    raster.run(faces_pdf(order, col.fonts.name("sans")), [f.bleed for f in order], jobs)
    return out, report


def write(col, target: Path, final: Path, base_url: str | None, decks: list, tiles: list) -> str:
    """Write `<game>.tts.json` into target; returns its file name."""
    def url(rel: str) -> str:
        if base_url:
            return base_url.rstrip("/") + "/" + quote(rel)
        return (Path(final).resolve() / rel).as_uri()

    game_id = col.game.meta.get("id") or "game"
    title = str(col.game.meta.get("title") or game_id)
    if isinstance(col.game.meta.get("title"), dict):
        title = col.game.meta["title"].get(col.lang) or next(iter(col.game.meta["title"].values()))
    contained = []
    key = 0
    for n, info in enumerate(decks):
        entries, keys = {}, {}
        for number, sheet in enumerate(info["sheets"], 1):
            key += 1
            keys[number] = key
            entries[str(key)] = {"FaceURL": url(sheet["face"]),
                                 "BackURL": url(sheet["back"] if info["unique_backs"] else info["back"]),
                                 "NumWidth": sheet["width"], "NumHeight": sheet["height"],
                                 "BackIsHidden": False, "UniqueBack": bool(info["unique_backs"]), "Type": 0}
        # (CardID, card id, nickname, entry key) of every card in deck order; copies share their slot's CardID
        cards = [(keys[c["sheet"]] * 100 + c["slot"], c["id"], c["name"], keys[c["sheet"]]) for c in info["order"]]
        x = 3.0 * n
        if len(cards) == 1:
            cid, card_id, nick, k = cards[0]
            obj = _base("CardCustom", nick, _guid(game_id, info["deck"], card_id), _transform(x, flip=True))
            obj.update(CardID=cid, SidewaysCard=info["sideways"], CustomDeck={str(k): entries[str(k)]})
        else:
            obj = _base("DeckCustom", info["title"], _guid(game_id, info["deck"]), _transform(x, flip=True))
            obj["SidewaysCard"] = info["sideways"]
            obj["DeckIDs"] = [cid for cid, _c, _n, _k in cards]
            obj["CustomDeck"] = entries
            obj["ContainedObjects"] = []
            for i, (cid, card_id, nick, k) in enumerate(cards):
                card = _base("Card", nick, _guid(game_id, info["deck"], card_id, i), _transform(x, flip=True))
                card.update(CardID=cid, SidewaysCard=info["sideways"], CustomDeck={str(k): entries[str(k)]})
                obj["ContainedObjects"].append(card)
        contained.append(obj)
    for deck, files in tiles:
        for i, card in enumerate(deck.cards):
            face = card.front
            scale = round(max(face.w, face.h) / MM / 50, 3)      # about 1 unit per 25 mm of the longer side
            tile = _base("Custom_Tile", card.name or card.id, _guid(game_id, deck.id, card.id, i), _transform(scale=scale))
            boxy = deck.kind in ("board", "sheet")
            image = {"ImageURL": url(files[(deck.id, card.id, "front")]),
                     "ImageSecondaryURL": url(files[(deck.id, card.id, "back")]) if card.back is not None else "",
                     "ImageScalar": 1.0, "WidthScale": 0.0,
                     "CustomTile": {"Type": 0 if boxy else TILE_TYPE.get(face.shape, 0), "Thickness": 0.1 if boxy else 0.2,
                                    "Stackable": not boxy, "Stretch": True}}
            tile["CustomImage"] = image
            contained.append(tile)
    bag = _base("Bag", title, _guid(game_id, "bag"), _transform(y=2.0))
    bag["Description"] = f"{title} ({col.lang}), exported by pnp"
    bag["ContainedObjects"] = contained
    save = {"SaveName": title, "GameMode": "", "Gravity": 0.5, "PlayArea": 0.5, "Date": "", "Table": "",
            "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
            "ObjectStates": [bag], "TabStates": {}, "VersionNumber": TTS_VERSION}
    name = f"{safe_name(game_id)}.tts.json"
    (target / name).write_text(json.dumps(save, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return name
