"""`pnp export --to tts`: shared backs found by what prints, and a saved object in Tabletop
Simulator's format whose card ids match the sheet positions (checked on the sheet's pixels)."""
import json

import numpy as np
from PIL import Image

import lintkit
from conftest import run_pnp
from pnp.export import collect, png, printshop, tts

COLOURS = {"a": "red", "b": "lime", "c": "blue", "d": "yellow", "e": "fuchsia"}
FACE = {"bg": {"type": "rect", "x": -3, "y": -3, "w": 69, "h": 94, "fill": "{{ card.colour }}"}}
ITEMS = [{"id": k, "colour": v} for k, v in COLOURS.items()]

# Tabletop Simulator's saved-object format (the fields a save must have, with their types), as its
# save-file format documents them: ObjectState, CustomDeck, CustomImage/CustomTile.
OBJECT = {"Name": str, "Transform": dict, "Nickname": str, "GUID": str}
TRANSFORM = {k: float for k in ("posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ")}
CUSTOM_DECK = {"FaceURL": str, "BackURL": str, "NumWidth": int, "NumHeight": int, "BackIsHidden": bool,
               "UniqueBack": bool}
CUSTOM_IMAGE = {"ImageURL": str, "ImageSecondaryURL": str, "CustomTile": dict}
SAVE = {"SaveName": str, "ObjectStates": list}


def _has(d, spec, where):
    for k, t in spec.items():
        assert k in d, f"{where}: no {k}"
        assert isinstance(d[k], t), f"{where}.{k} is {type(d[k]).__name__}, not {t.__name__}"


def validate(save):
    """Every object of the save has the fields TTS reads; returns the objects by name."""
    _has(save, SAVE, "save")
    found = {}

    def walk(o, where):
        _has(o, OBJECT, where)
        _has(o["Transform"], TRANSFORM, where + ".Transform")
        assert len(o["GUID"]) == 6 and int(o["GUID"], 16) >= 0
        found.setdefault(o["Name"], []).append(o)
        for k, e in (o.get("CustomDeck") or {}).items():
            assert k.isdigit() and int(k) > 0
            _has(e, CUSTOM_DECK, where + f".CustomDeck.{k}")
            assert 1 <= e["NumWidth"] <= 10 and 1 <= e["NumHeight"] <= 7
        if o["Name"] in ("Card", "CardCustom"):
            assert isinstance(o["CardID"], int) and str(o["CardID"] // 100) in o["CustomDeck"]
        if o["Name"] == "DeckCustom":
            assert o["DeckIDs"] == [c["CardID"] for c in o["ContainedObjects"]]
        if o["Name"].startswith("Custom_"):
            _has(o["CustomImage"], CUSTOM_IMAGE, where + ".CustomImage")
            assert o["CustomImage"]["CustomTile"]["Type"] in (0, 1, 2, 3)
        for i, c in enumerate(o.get("ContainedObjects") or ()):
            walk(c, f"{where}.{i}")
    for i, o in enumerate(save["ObjectStates"]):
        walk(o, f"ObjectStates.{i}")
    return found


def _export(tmp_path, **kw):
    col = collect(lintkit.project(tmp_path, FACE, items=ITEMS, fields="{colour: str}", size="[63, 88]", **kw), "g")
    out = tmp_path / "tts"
    out.mkdir()
    tts.export(col, out)
    return col, out


def test_backs_that_print_alike_are_one_back(tmp_path):
    """The backs come from one layout but are five faces (one per card): one back file, no unique backs."""
    col, out = _export(tmp_path, back={"bg": {"type": "rect", "x": -3, "y": -3, "w": 69, "h": 94, "fill": "navy"}})
    info = json.loads((out / "c.json").read_text("utf-8"))
    assert info["unique_backs"] is False and info["back"] == "c.back.png"
    assert not list(out.glob("c.*.back.png"))
    save = json.loads((out / "g.tts.json").read_text("utf-8"))
    entry = save["ObjectStates"][0]["ContainedObjects"][0]["CustomDeck"]["1"]
    assert entry["UniqueBack"] is False and entry["BackURL"].endswith("/c.back.png")
    assert col.decks[0].shared_back() is not None
    shop = tmp_path / "shop"
    printshop.export(col, shop, ("thegamecrafter",))
    assert (shop / "thegamecrafter" / "c" / "back.png").is_file()
    assert not (shop / "thegamecrafter" / "c" / "backs").exists()


def test_backs_that_differ_are_unique(tmp_path):
    _col, out = _export(tmp_path, back={"bg": {"type": "rect", "x": -3, "y": -3, "w": 69, "h": 94,
                                               "fill": "{{ 'navy' if card.id == 'a' else 'black' }}"}})
    info = json.loads((out / "c.json").read_text("utf-8"))
    assert info["unique_backs"] is True
    entry = json.loads((out / "g.tts.json").read_text("utf-8"))["ObjectStates"][0]["ContainedObjects"][0]["CustomDeck"]["1"]
    assert entry["UniqueBack"] is True and entry["BackURL"].endswith("/c.1.back.png")


def test_saved_object_card_ids_match_sheet_positions(tmp_path):
    _col, out = _export(tmp_path, back={"bg": {"type": "rect", "x": 0, "y": 0, "w": 63, "h": 88, "fill": "navy"}})
    save = json.loads((out / "g.tts.json").read_text("utf-8"))
    found = validate(save)
    [bag] = found["Bag"]
    [deck] = found["DeckCustom"]
    assert deck in bag["ContainedObjects"]
    entry = deck["CustomDeck"]["1"]
    assert entry["FaceURL"] == (out / "c.1.png").resolve().as_uri()
    sheet = np.asarray(Image.open(out / "c.1.png").convert("RGB")).astype(int)
    cw, ch = sheet.shape[1] // entry["NumWidth"], sheet.shape[0] // entry["NumHeight"]
    want = {"red": (255, 0, 0), "lime": (0, 255, 0), "blue": (0, 0, 255), "yellow": (255, 255, 0),
            "fuchsia": (255, 0, 255)}
    assert [c["Nickname"] for c in deck["ContainedObjects"]] == list(COLOURS)
    for card in deck["ContainedObjects"]:
        pos = card["CardID"] % 100
        px = sheet[(pos // entry["NumWidth"]) * ch + ch // 2, (pos % entry["NumWidth"]) * cw + cw // 2]
        assert np.abs(px - want[COLOURS[card["Nickname"]]]).max() < 8, (card["Nickname"], px)


def test_tokens_are_tiles_transparent_outside_the_cut(tmp_path):
    token = {"bg": {"type": "rect", "x": -3, "y": -3, "w": 26, "h": 26, "fill": "{{ card.colour }}"}}
    proj = lintkit.project(tmp_path, token, items=ITEMS[:2], fields="{colour: str}", size="[20, 20]", kind="tokens",
                           shape="circle", back={"bg": {"type": "rect", "x": -3, "y": -3, "w": 26, "h": 26, "fill": "gray"}})
    col = collect(proj, "g")
    out = tmp_path / "tts"
    out.mkdir()
    tts.export(col, out, base_url="https://files.example.net/game")
    save = json.loads((out / "g.tts.json").read_text("utf-8"))
    tiles = validate(save)["Custom_Tile"]
    assert [t["Nickname"] for t in tiles] == ["a", "b"]
    img = tiles[0]["CustomImage"]
    assert img["CustomTile"]["Type"] == 2                       # a circle tile
    assert img["ImageURL"] == "https://files.example.net/game/c/a.png"
    assert img["ImageSecondaryURL"] == "https://files.example.net/game/c/a.back.png"
    a = np.asarray(Image.open(out / "c" / "a.png"))
    h, w, n = a.shape
    assert n == 4 and a[0, 0, 3] == 0 and a[h // 2, w // 2, 3] == 255 and tuple(a[h // 2, w // 2, :3]) == (255, 0, 0)
    # the png export of a round token: transparent outside the cut line, the bleed inside the square kept out
    pngdir = tmp_path / "png"
    pngdir.mkdir()
    png.export(col, pngdir, 150.0)
    p = np.asarray(Image.open(pngdir / "c" / "a.front.png"))
    assert p.shape[2] == 4 and p[0, 0, 3] == 0 and p[p.shape[0] // 2, p.shape[1] // 2, 3] == 255


def test_base_url_must_be_a_web_address(tmp_path):
    r = run_pnp("export", "g", "--to", "tts", "--base-url", "ftp://x", "--out", tmp_path / "o",
                cwd=lintkit.project(tmp_path, FACE, items=ITEMS, fields="{colour: str}").root)
    assert r.returncode == 2 and "`ftp://x` is not a web address" in r.stderr, r.stderr


NAVY = {"bg": {"type": "rect", "x": -3, "y": -3, "w": 69, "h": 94, "fill": "navy"}}


def test_one_slot_per_distinct_face_and_nicknames_in_the_built_language(tmp_path):
    """Three copies of `a` and a card `c` that prints as `a` take one slot; `b` another: a sheet of 2
    cards (plus the hidden slot), the deck naming slot 0 four times. Nicknames are the cards' names in
    the exported language, markup left out; the save says which TTS version's format it is."""
    items = [{"id": "a", "colour": "red", "name": {"en": "Red *fox*", "fr": "Renard *rouge*"}, "copies": 3},
             {"id": "b", "colour": "blue", "name": {"en": "Blue jay", "fr": "Geai bleu"}},
             {"id": "c", "colour": "red", "name": {"en": "Red twin", "fr": "Jumeau   rouge"}}]
    proj = lintkit.project(tmp_path, FACE, items=items, fields="{colour: str, name: text}", size="[63, 88]",
                           langs="[en, fr]", back=NAVY)
    col = collect(proj, "g", "fr")
    out = tmp_path / "tts"
    out.mkdir()
    tts.export(col, out)
    info = json.loads((out / "c.json").read_text("utf-8"))
    assert (info["cards"], info["distinct"]) == (5, 2)
    [sheet] = info["sheets"]
    assert (sheet["number"], sheet["width"], sheet["height"]) == (2, 3, 1)
    assert [(c["id"], c["slot"]) for c in info["order"]] == [("a", 0)] * 3 + [("b", 1), ("c", 0)]
    assert info["tts_custom_deck"][0]["Number"] == 2
    save = json.loads((out / "g.tts.json").read_text("utf-8"))
    assert save["VersionNumber"].startswith("v") and save["VersionNumber"][1:2].isdigit()
    [deck] = validate(save)["DeckCustom"]
    assert deck["DeckIDs"] == [100, 100, 100, 101, 100]
    assert [c["Nickname"] for c in deck["ContainedObjects"]] == ["Renard rouge"] * 3 + ["Geai bleu", "Jumeau rouge"]
    assert len({c["GUID"] for c in deck["ContainedObjects"]}) == 5
    img = np.asarray(Image.open(out / "c.1.png").convert("RGB")).astype(int)
    cw = img.shape[1] // 3
    for slot, want in ((0, (255, 0, 0)), (1, (0, 0, 255))):
        assert np.abs(img[img.shape[0] // 2, slot * cw + cw // 2] - want).max() < 8
    en = collect(proj, "g", "en")
    assert [c.name for c in en.decks[0].cards] == ["Red fox"] * 3 + ["Blue jay", "Red twin"]


def test_a_card_without_a_name_is_called_by_its_id_and_a_tile_by_its_name(tmp_path):
    token = {"bg": {"type": "rect", "x": -3, "y": -3, "w": 26, "h": 26, "fill": "{{ card.colour }}"}}
    items = [{"id": "t1", "colour": "red", "title": "Torch"}, {"id": "t2", "colour": "blue"}]
    proj = lintkit.project(tmp_path, token, items=items, fields="{colour: str, title: str?}", size="[20, 20]",
                           kind="tokens")
    out = tmp_path / "tts"
    out.mkdir()
    tts.export(collect(proj, "g"), out)
    tiles = validate(json.loads((out / "g.tts.json").read_text("utf-8")))["Custom_Tile"]
    assert [t["Nickname"] for t in tiles] == ["Torch", "t2"]
