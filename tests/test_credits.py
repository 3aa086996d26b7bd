"""Credits in game.yaml: the original game's designers and publisher on the cover, the booklet's title
page and in the PDF metadata; the fan-edition notice; no licence on someone else's game; no QR code
to a placeholder address."""
import pikepdf
import pypdfium2 as pdfium
import pytest

import booklet_game
from conftest import run_pnp

CREDITS = ("credits: {designers: [Ann Example, Bo Sample], publisher: Test Games, year: 2020, "
           "fan_edition: true, source: {en: the 2020 rule book, zh-TW: 2020 年規則書}}")


def texts(path):
    return [p.get_textpage().get_text_range() for p in pdfium.PdfDocument(str(path))]


def make(tmp, extra, licence=False):
    root = booklet_game.make(tmp, extra=extra + ("\nlicence: CC BY-SA 4.0" if licence else ""))
    return root


@pytest.fixture(scope="module")
def fan(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("fan")
    root = make(tmp, CREDITS)
    r = run_pnp("--project", root, "build", "tiny", "--lang", "all", "--out", tmp / "out")
    assert r.returncode == 0, r.stderr
    return tmp / "out" / "tiny"


def test_cover_credits_the_original_game_and_says_fan_edition(fan):
    cover = texts(fan / "tiny.en.a4.pdf")[0].replace("\r\n", " ")
    assert "Original game by Ann Example and Bo Sample, published by Test Games (2020)" in cover
    assert "Unofficial fan-made print-and-play edition for personal use; Tiny Test is owned by Test Games." in cover
    assert "by pnp project" not in cover            # pnp made the edition, not the game
    assert "Print-and-play edition: pnp project" in cover
    zh = texts(fan / "tiny.zh-TW.a4.pdf")[0]
    assert "原作設計：Ann Example、Bo Sample" in zh and "非官方的玩家自製列印版" in zh


def test_pdf_metadata_author_is_the_designers(fan):
    with pikepdf.open(fan / "tiny.en.a4.pdf") as pdf:
        assert str(pdf.docinfo["/Author"]) == "Ann Example, Bo Sample"
        assert str(pdf.docinfo["/Creator"]).startswith("pnp ")
        meta = pdf.open_metadata()      # the rights statement of a fan edition is the notice
        assert meta["dc:rights"].startswith("Unofficial fan-made print-and-play edition for personal use")
        assert meta["dc:creator"] == ["Ann Example, Bo Sample"]


def test_booklet_title_page_carries_the_credits(fan):
    pages = texts(fan / "tiny.en.a4.pdf")
    title = next(t for t in pages if "Rules" in t and "Original game by" in t).replace("\r\n", " ")
    assert "Original game by Ann Example and Bo Sample" in title
    assert "Tiny Test is owned by Test Games" in title


def test_without_credits_the_author_stays(tmp_path):
    root = make(tmp_path, "")
    r = run_pnp("--project", root, "build", "tiny", "--lang", "en", "--out", tmp_path / "out")
    assert r.returncode == 0, r.stderr
    pdf = tmp_path / "out" / "tiny" / "tiny.en.a4.pdf"
    assert "by pnp project" in texts(pdf)[0]
    with pikepdf.open(pdf) as p:
        assert str(p.docinfo["/Author"]) == "pnp project"


@pytest.mark.parametrize("extra, licence, what", [
    (CREDITS, True, "a fan-made edition of someone else's game cannot carry a licence — remove `licence:`"),
    ("qr: \"https://example.org/tiny?card={{ card.id }}\"", False, "`qr:` points at the placeholder address `example.org`"),
    ("url: https://www.example.com/tiny", False, "`url:` points at the placeholder address `www.example.com`"),
    ("url: http://tiny.test/", False, "placeholder address `tiny.test`"),
    ("credits: {designers: [Ann], publisher: P, yeer: 2020}", False, "unknown key `yeer` in `credits`"),
    ("credits: {designers: [Ann], year: soon}", False, "`year`: expected a whole number"),
])
def test_bad_credits_and_placeholder_links_exit_2(tmp_path, extra, licence, what):
    root = make(tmp_path, extra, licence)
    r = run_pnp("--project", root, "build", "tiny", "--lang", "en", "--out", tmp_path / "out")
    assert r.returncode == 2, r.stderr
    line = next((ln for ln in r.stderr.splitlines() if what in ln), None)
    assert line and "game.yaml:" in line and " — " in line, r.stderr
    assert not (tmp_path / "out" / "tiny").exists()


def test_a_real_url_is_accepted(tmp_path):
    root = make(tmp_path, "url: https://boardgamegeek.com/boardgame/1/tiny")
    r = run_pnp("--project", root, "check", "tiny")
    assert r.returncode == 0, r.stderr
