"""`pnp export` and `pnp preview`: open the files a user would upload or look at, and check them."""
import json
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from conftest import ROOT, run_pnp

GAME = "criminal-poker"
DECKS = {"evidence": 18, "identities": 9, "help": 8}   # physical cards per deck (copies included)


def _card_ids(deck_file):
    import yaml
    data = yaml.safe_load((ROOT / "content" / GAME / deck_file).read_text("utf-8"))
    return [c["id"] for c in data["cards"]]


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    from concurrent.futures import ThreadPoolExecutor
    out = tmp_path_factory.mktemp("export")
    targets = ("png", "printshop", "tts")
    with ThreadPoolExecutor(len(targets)) as pool:  # three CLI runs at once: their start-up overlaps
        runs = list(pool.map(lambda t: run_pnp("export", GAME, "--to", t, "--lang", "en", "--out", out), targets))
    for target, r in zip(targets, runs):
        assert r.returncode == 0, r.stderr
        assert f"wrote {out / GAME / target / 'en'}" in r.stdout
    return out / GAME


def _px(mm, dpi):
    return mm / 25.4 * dpi


def test_png_every_face_at_300_dpi_with_bleed(exported):
    root = exported / "png" / "en"
    for deck in DECKS:
        ids = _card_ids(f"{deck}.yaml")
        for cid in ids:
            for side in ("front", "back"):
                p = root / deck / f"{cid}.{side}.png"
                assert p.is_file(), p
        files = sorted(root.glob(f"{deck}/*.png"))
        assert len(files) == 2 * len(ids)
    im = Image.open(root / "evidence" / "ev-cctv.front.png")
    assert im.mode == "RGB"
    # poker 63 x 88 mm plus 3 mm bleed on each side, at 300 dpi
    assert abs(im.width - _px(69, 300)) <= 1 and abs(im.height - _px(94, 300)) <= 1, im.size
    assert all(abs(d - 300) < 0.5 for d in im.info["dpi"])
    # the bleed is painted (the evidence background runs into it), not left white
    a = np.asarray(im)
    assert a[2, im.width // 2].tolist() != [255, 255, 255]


@pytest.mark.parametrize("shop,size", [("thegamecrafter", (825, 1125)), ("makeplayingcards", (822, 1122))])
def test_printshop_files(exported, shop, size):
    root = exported / "printshop" / "en" / shop
    assert (root / "README.txt").read_text("utf-8").strip()
    for deck, count in DECKS.items():
        fronts = sorted((root / deck / "fronts").glob("*.png"))
        assert len(fronts) == count, (deck, len(fronts))
        backs = sorted((root / deck / "backs").glob("*.png"))
        assert (root / deck / "back.png").is_file() or len(backs) == count
        for p in fronts[:2] + backs[:1] + ([root / deck / "back.png"] if (root / deck / "back.png").exists() else []):
            im = Image.open(p)
            assert im.size == size and im.mode == "RGB", (p, im.size, im.mode)
            assert all(abs(d - 300) < 0.5 for d in im.info["dpi"])
    # deck order: the first file is the deck's first card
    first = sorted((root / "evidence" / "fronts").glob("*.png"))[0].name
    assert first.endswith(_card_ids("evidence.yaml")[0] + ".png")


def test_printshop_trim_is_centred(exported):
    """The card's trim covers the shop's trim box: a 2.5 x 3.5 in box centred in the image."""
    a = np.asarray(Image.open(exported / "printshop" / "en" / "thegamecrafter" / "help" / "back.png")).astype(int)
    h, w, _ = a.shape
    # the image is symmetric enough that its centre pixel row spans the whole width with paint
    assert (a[h // 2, :, :].sum(axis=1) < 3 * 250).mean() > 0.5
    # bleed extension: the outermost columns repeat the next ones (extended edge pixels, no white frame)
    assert not (a[:, 0] == 255).all()


def test_tts_sheets(exported):
    root = exported / "tts" / "en"
    for deck, count in DECKS.items():
        info = json.loads((root / f"{deck}.json").read_text("utf-8"))
        assert info["cards"] == count == len(info["order"])
        assert sum(s["number"] for s in info["sheets"]) == info["distinct"] <= count  # a slot per distinct face
        cw, ch = info["card_px"]
        assert abs(cw / ch - 63 / 88) < 0.01
        for s in info["sheets"]:
            assert s["width"] <= 10 and s["height"] <= 7
            assert s["number"] <= s["width"] * s["height"] - 1  # the last slot is the hidden card
            im = Image.open(root / s["face"])
            assert im.size == (s["width"] * cw, s["height"] * ch) and max(im.size) <= 4096
        dialog = info["tts_custom_deck"][0]
        assert {"Face", "Back", "Width", "Height", "Number"} <= set(dialog)
        if not info["unique_backs"]:
            back = np.asarray(Image.open(root / info["back"]))
            assert back.shape[:2] == (ch, cw)
            sheet = np.asarray(Image.open(root / info["sheets"][0]["face"]))
            s = info["sheets"][0]
            last = sheet[(s["height"] - 1) * ch:, (s["width"] - 1) * cw:]
            assert np.array_equal(last, back)  # hidden-card slot shows the deck's back
        else:
            assert Image.open(root / info["sheets"][0]["back"]).size == Image.open(root / info["sheets"][0]["face"]).size


def test_preview_card_and_sheet(tmp_path):
    r = run_pnp("preview", GAME, "ev-cctv", "--dpi", "100", "--lang", "en", "--out", tmp_path)
    assert r.returncode == 0, r.stderr
    p = Path(r.stdout.strip())
    im = Image.open(p)
    assert abs(im.width - _px(69, 100)) <= 1 and abs(im.height - _px(94, 100)) <= 1
    r = run_pnp("preview", GAME, "id-sheriff", "--face", "back", "--dpi", "50", "--out", tmp_path)
    assert r.returncode == 0 and Path(r.stdout.strip()).name == "id-sheriff.zh-TW.back.png"
    r = run_pnp("preview", GAME, "--sheet", "--dpi", "40", "--out", tmp_path)
    assert r.returncode == 0, r.stderr
    sheet = Image.open(r.stdout.strip())
    assert sheet.width > 4 * _px(69, 40)


def test_preview_unknown_card_is_a_message(tmp_path):
    r = run_pnp("preview", GAME, "ev-cctvv", "--out", tmp_path)
    assert r.returncode == 2
    assert "Traceback" not in r.stderr
    assert "game.yaml:" in r.stderr and "no card `ev-cctvv`" in r.stderr and "did you mean `ev-cctv`" in r.stderr
    r = run_pnp("export", "criminal-pokr", "--to", "png", "--out", tmp_path)
    assert r.returncode == 2 and "did you mean `criminal-poker`" in r.stderr and "Traceback" not in r.stderr


def test_progress_bar_only_on_a_terminal(monkeypatch):
    import io

    from pnp.core import progress

    class Tty(io.StringIO):
        def isatty(self):
            return True
    monkeypatch.setattr(progress, "DELAY", 0.0)
    tty, pipe = Tty(), io.StringIO()
    for stream in (tty, pipe):
        with progress.Progress(4, "images", stream) as bar:
            for _ in range(4):
                bar.advance()
    assert "4/4 images" in tty.getvalue() and "#" * progress.WIDTH in tty.getvalue()
    assert pipe.getvalue() == ""


def test_tts_saved_object_and_shared_backs(exported):
    """Criminal Poker's decks share one back each (found by what prints): one back image, no unique
    backs; the saved object holds every deck with file URIs to the exported sheets."""
    from test_tts_save import validate
    root = exported / "tts" / "en"
    for deck in DECKS:
        info = json.loads((root / f"{deck}.json").read_text("utf-8"))
        assert info["unique_backs"] is False and info["back"] == f"{deck}.back.png"
    save = json.loads((root / "criminal-poker.tts.json").read_text("utf-8"))
    found = validate(save)
    decks = {d["Nickname"]: d for d in found["DeckCustom"]}
    assert sum(len(d["ContainedObjects"]) for d in decks.values()) == sum(DECKS.values())
    nicknames = {c["Nickname"] for d in decks.values() for c in d["ContainedObjects"]}
    assert "ev-cctv" not in nicknames and all(not n.startswith(("ev-", "id-")) for n in nicknames)  # names, not ids
    for d in decks.values():
        for entry in d["CustomDeck"].values():
            assert entry["UniqueBack"] is False
            for url in (entry["FaceURL"], entry["BackURL"]):
                from urllib.parse import unquote
                assert url.startswith("file://") and Path(unquote(url[len("file://"):])).is_file()
