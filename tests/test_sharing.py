"""Shareable PDFs: metadata from game.yaml, an outline, a cover page with contents and a QR code to
the game's page, and the ink-saver edition — checked by opening the PDF as a reader would."""
import re

import numpy as np
import pikepdf
import pypdfium2 as pdfium
import pytest

from conftest import copy_project, run_pnp
from pdfutil import box, page_text

GAME = "criminal-poker"
URL = "https://github.com/pnp-project/criminal-poker"


@pytest.fixture(scope="module")
def shared(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("share")
    root = copy_project(tmp)
    gy = root / "content" / GAME / "game.yaml"
    gy.write_text(gy.read_text("utf-8").replace("keywords:", f"url: {URL}\nkeywords:", 1), "utf-8")
    out = tmp / "out"
    for extra in ((), ("--ink-saver",)):
        r = run_pnp("--project", root, "build", GAME, "--lang", "en", "--cover", *extra, "--out", out)
        assert r.returncode == 0, r.stderr
    r = run_pnp("--project", root, "build", GAME, "--lang", "en", "--no-cover", "--out", tmp / "plain")
    assert r.returncode == 0, r.stderr
    return {"cover": out / GAME / f"{GAME}.en.a4.pdf", "ink": out / GAME / f"{GAME}.en.a4.ink-saver.pdf",
            "plain": tmp / "plain" / GAME / f"{GAME}.en.a4.pdf"}


def test_metadata_from_game_yaml(shared):
    with pikepdf.open(shared["cover"]) as pdf:
        info = pdf.docinfo
        assert str(info["/Title"]) == "Criminal Poker"
        assert str(info["/Author"]) == "windskald"      # the original designer (game.yaml credits)
        assert "Whose evidence looks the least innocent?" in str(info["/Subject"])
        assert str(info["/Keywords"]) == "deduction, bluffing, print-and-play"
        assert re.fullmatch(r"pnp \d+\.\d+\.\d+", str(info["/Creator"]))
        meta = pdf.open_metadata()
        # a fan edition's rights statement is its notice (a licence is refused for someone else's game)
        assert meta["dc:rights"].startswith("Unofficial fan-made print-and-play edition for personal use")
        assert meta["xmpRights:UsageTerms"] == meta["dc:rights"]
        assert str(pdf.Root.Lang) == "en"


def test_outline_and_contents_agree(shared):
    from pypdf import PdfReader
    r = PdfReader(str(shared["cover"]))
    # top-level entries (a nested list holds the rules booklet's sections)
    marks = [(o.title, r.get_destination_page_number(o)) for o in r.outline if not isinstance(o, list)]
    assert marks[0] == ("Criminal Poker", 0)
    comps = marks[1:]
    assert [t for t, _ in comps] == ["Rules", "Evidence cards", "Identity cards", "Help cards", "Setup card"]
    cover = page_text(shared["cover"])[0]
    starts = sorted({p for _t, p in comps}) + [len(r.pages)]
    for title, page in comps:
        # the contents line of each component names its pages, 1-based, as the outline has them (the help
        # cards and the setup card in their ninth place share their sheet: one range for both)
        nxt = next(p for p in starts if p > page)
        want = f"pages {page + 1}–{nxt}" if nxt - page > 1 else f"page {page + 1}"
        lines = cover.splitlines()
        line = next(ln for ln in lines[lines.index("Contents"):] if ln.startswith(title))
        assert want in line.replace(" ", " "), (line, want)
        assert "double-sided" in line
    assert "long edge" in cover and "100%" in cover and "crop marks" in cover
    flat = " ".join(cover.split())
    # the ink-saver file is named as the build writes it for this very print, not "a file ending in …"
    assert f"({GAME}.en.a4.ink-saver.pdf)" in flat
    # Criminal Poker's layouts draw no fold or glue line: the cover must not explain dashed lines or glue
    assert "dashed" not in flat and "grey areas glue" not in flat
    # page 2 is left blank so that fronts and backs stay paired on one sheet; cards start on page 3
    assert not page_text(shared["cover"])[1].strip()
    with pikepdf.open(shared["cover"]) as pdf:
        # page 3 starts the rules booklet (folded sheets, no trim); the cards follow it
        cards = dict(comps)["Evidence cards"]
        assert "/TrimBox" not in pdf.pages[0] and "/TrimBox" not in pdf.pages[2] and "/TrimBox" in pdf.pages[cards]
        assert len(pdf.pages) == 2 + len(pikepdf.open(shared["plain"]).pages)


def test_cover_qr_code_encodes_the_url(shared):
    import qrcode
    from qrcode.constants import ERROR_CORRECT_M
    q = qrcode.QRCode(border=0, error_correction=ERROR_CORRECT_M, mask_pattern=0)  # as pnp draws QR codes
    q.add_data(URL)
    q.make(fit=True)
    want = np.array(q.get_matrix(), dtype=bool)
    img = np.asarray(pdfium.PdfDocument(str(shared["cover"]))[0].render(scale=4).to_pil().convert("L"))
    h, w = img.shape
    dark = img[3 * h // 4:, 3 * w // 4:] < 60   # black modules; the grey URL caption below is lighter
    ys, xs = np.nonzero(dark)
    assert ys.size, "no QR code on the cover"
    # the QR code is the largest dark square in the lower right; sample the centre of each module
    y0, y1, x0, x1 = ys.min(), ys.max() + 1, xs.min(), xs.max() + 1
    region = dark[y0:y1, x0:x1]
    n = want.shape[0]
    step_y, step_x = (y1 - y0) / n, (x1 - x0) / n
    got = np.array([[region[int((r + .5) * step_y), int((c + .5) * step_x)] for c in range(n)] for r in range(n)])
    assert abs(step_x - step_y) < 0.5
    assert np.array_equal(got, want)


def _ink(path, page):
    a = np.asarray(pdfium.PdfDocument(str(path))[page].render(scale=1).to_pil().convert("L")).astype(float)
    return (255 - a) / 255


def test_ink_saver_has_no_full_bleed_fills(shared):
    plain, ink = shared["plain"], shared["ink"]
    with pikepdf.open(plain) as pdf:   # the identity cards' first page (dark to the bleed), after the rules
        first = next(i for i, p in enumerate(pdf.pages) if "/TrimBox" in p) + 4   # booklet and 2 evidence sheets
    k = first + 2                      # the ink-saver edition has the cover and its blank page first
    with pikepdf.open(ink) as pdf:
        t = box(pdf.pages[k], "/TrimBox")
        bl = box(pdf.pages[k], "/BleedBox")
    a_plain, a_ink = _ink(plain, first), _ink(ink, k)
    h = a_ink.shape[0]
    # a strip of the bleed just outside the trimmed grid's left edge, level with the cards
    strip = (slice(int(h - t[3]) + 5, int(h - t[1]) - 5), slice(int(bl[0]) + 1, int(t[0]) - 1))
    assert a_plain[strip].mean() > 0.3          # the ordinary edition paints its bleed …
    assert a_ink[strip].mean() < 0.1            # … the ink saver leaves it white, or a light tint where a
                                                # text panel runs into it
    assert a_ink.mean() < 0.5 * a_plain.mean()  # and uses far less ink overall
    # the words are all still there
    assert page_text(ink)[k].split() == page_text(plain)[first].split()



def test_cover_names_the_die_lines_the_file_has_and_the_sheet_label_a_sheet(tmp_path):
    """Clue's envelope draws folds and glue areas: the cover explains both; the zh-TW sheet label
    names a sheet of paper (張紙): 「第 1 張，共 18 張」 under a deck read as "card 1 of 18"."""
    root = copy_project(tmp_path, games=("clue",))
    r = run_pnp("--project", root, "build", "clue", "--lang", "all", "--only", "envelope,weapons", "--out", tmp_path / "o")
    assert r.returncode == 0, r.stderr
    en = " ".join(page_text(tmp_path / "o" / "clue" / "clue.en.a4.envelope+weapons.pdf")[0].split())
    assert "Solid lines are cuts, dashed lines folds, grey areas glue." in en
    assert "(clue.en.a4.envelope+weapons.pdf)" not in en and "(clue.en.a4.ink-saver.pdf)" in en
    # the envelope shares its sheet with the two-sided weapon tokens, but its own back is blank paper: not
    # "single-sided", which had a crafter print the shared sheet on one side and lose the tokens' backs
    assert re.search(r"Confidential envelope \(1\) front only, on a double-sided sheet", en), en
    assert re.search(r"Weapon tokens \(6\) double-sided", en), en
    zh = "".join("".join(page_text(tmp_path / "o" / "clue" / "clue.zh-TW.a4.envelope+weapons.pdf")).split())
    assert re.search(r"第\d+張紙，共\d+張", zh), zh
    cover = "".join(page_text(tmp_path / "o" / "clue" / "clue.zh-TW.a4.envelope+weapons.pdf")[0].split())
    assert "人‧版本" in cover and " · " not in cover, cover   # zh-TW joins with an unspaced 間隔號 ·, as names are


def test_a_sheet_label_numbers_the_sheets_of_its_component_too(tmp_path):
    """"Clue cards — sheet 1 of 19" read as 19 sheets of clue cards (a 21st read): a component printed on
    more than one sheet numbers its own sheets beside the file's count ("Clue cards 2/3 — sheet 2 of 4")."""
    root = copy_project(tmp_path, games=("clue",))
    r = run_pnp("--project", root, "build", "clue", "--lang", "en", "--only", "cards,envelope", "--out", tmp_path / "o")
    assert r.returncode == 0, r.stderr
    text = [" ".join(t.split()) for t in page_text(tmp_path / "o" / "clue" / "clue.en.a4.cards+envelope.pdf")]
    got = [m for t in text for m in re.findall(r"— (.+?) — sheet (\d+) of (\d+)", t)]
    own = sorted({m for m in got if "/" in m[0]})
    assert [m[0].rsplit(" ", 1)[1] for m in own] == ["1/3", "2/3", "3/3"], got
    assert {m[2] for m in got} == {"4"} and any("/" not in m[0] for m in got), got   # the envelope: one sheet
    # components sharing a sheet are not numbered ("Die cards, Die, Weapon tokens 2/2" read as die cards, 22nd read)
    r = run_pnp("--project", root, "build", "clue", "--lang", "en", "--only", "envelope,weapons", "--out", tmp_path / "s")
    assert r.returncode == 0, r.stderr
    shared = [" ".join(t.split()) for t in page_text(tmp_path / "s" / "clue" / "clue.en.a4.envelope+weapons.pdf")]
    labels = [m for t in shared for m in re.findall(r"— (.+?) — sheet \d+ of \d+", t)]
    assert labels and any("," in m for m in labels) and not any("/" in m for m in labels if "," in m), labels


@pytest.mark.parametrize("marks, says, never", [({"fold"}, "dashed lines folds.", "grey areas glue"),
                                                ({"glue"}, "grey areas glue.", "dashed"),
                                                (set(), None, "Solid lines")])
def test_cover_die_line_sentence_follows_the_marks(marks, says, never):
    from pnp.render.cover import Entry, pages
    from pnp.text import fonts as fontmod
    fonts = fontmod.FontSet({"sans": fontmod.builtin_path("noto-sans-tc")})
    info = {"lang": "en", "title": "G", "duplex": "long", "paper_name": "A4", "marks": marks,
            "ink_file": "g.en.a4.ink-saver.pdf"}
    sheet = Entry("Board", "sheet", 3, 4, sides={"front"}, count=1)
    page = pages(info, [sheet], (595.0, 842.0), fonts)[0]
    text = " ".join(p.text for p in page.slots[0].face.pieces if hasattr(p, "text"))
    assert (says is None or says in text) and never not in text, text
    assert "(g.en.a4.ink-saver.pdf)" in text


def test_a_fold_file_says_print_one_side_and_lists_a_backless_piece_single_sided(tmp_path):
    root = copy_project(tmp_path, games=("clue",))
    r = run_pnp("--project", root, "build", "clue", "--lang", "all", "--duplex", "fold", "--only", "envelope,weapons",
                "--out", tmp_path / "o")
    assert r.returncode == 0, r.stderr
    en = " ".join(page_text(tmp_path / "o" / "clue" / "clue.en.a4.fold.envelope+weapons.pdf")[0].split())
    assert re.search(r"Confidential envelope \(1\) single-sided", en) and re.search(r"Weapon tokens \(6\) fold and glue", en)
    assert "Print the pages of pieces on one side of the paper" in en
    # the envelope has no fold to crack: it gets card stock (ninth read: it came out limp on thin paper)
    assert "Pieces printed on one side only (Confidential envelope): card stock of 160–250 g/m²" in en, en
    assert "(clue.en.a4.fold.ink-saver.pdf)" in en and "100% (“actual size”)" in en
    zh = "".join(page_text(tmp_path / "o" / "clue" / "clue.zh-TW.a4.fold.envelope+weapons.pdf")[0].split())
    assert re.search(r"第\d+(–\d+)?頁", zh) and "頁1" not in zh, zh
