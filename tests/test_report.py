"""`pnp report GAME`: the deck report PDF and its PNG charts, for every game in content/."""
from __future__ import annotations

import re
from pathlib import Path

import pikepdf
import pytest
from PIL import Image

from conftest import ROOT, copy_project, run_pnp
from pnp.content.loader import find_games, load_game

GAMES = find_games(ROOT / "content")
_reports: dict = {}


@pytest.fixture(scope="session")
def report(tmp_path_factory):
    """report(game) → (CompletedProcess, output folder of the game), run once per session."""
    base = tmp_path_factory.mktemp("report")

    def get(game):
        if game not in _reports:
            r = run_pnp("report", game, "--lang", "en", "--games", "30", "--out", base)
            _reports[game] = (r, base / game)
        return _reports[game]
    return get


def page_text(path) -> list[str]:
    """Text of every page (pdfium: a report of many CJK pages extracts in a fraction of pypdf's time)."""
    import pypdfium2 as pdfium
    doc = pdfium.PdfDocument(str(path))
    try:
        return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    finally:
        doc.close()


def _squash(text: str) -> str:
    return re.sub(r"\s+", "", text)


def _form_draws(pdf_path) -> int:
    """How many times a Form XObject is painted on the pages (the contact sheet's thumbnails; charts
    are drawn directly, not as forms)."""
    n = 0
    with pikepdf.open(pdf_path) as pdf:
        for page in pdf.pages:
            xobjs = page.Resources.get("/XObject") or {}
            for operands, op in pikepdf.parse_content_stream(page):
                if str(op) == "Do" and xobjs[str(operands[0])].get("/Subtype") == "/Form":
                    n += 1
    return n


def _expected_faces(game_id) -> tuple[int, list]:
    """Distinct faces of every component (as a user sees them: identical drawing = one face), and
    the card ids that must label a thumbnail (the first card of each distinct front)."""
    from pnp.pipeline.build import Project, _context, faces, prepare
    from pnp.resolve.face import Resolver
    prep = prepare(Project(ROOT), game_id)
    lang = prep.game.languages[0]
    res = Resolver(prep.game, prep.fonts, prep.icons, lang)
    res.ctx = _context(prep, lang)
    total, ids = 0, []
    for comp in prep.game.components.values():
        fronts, backs = {}, set()
        card_ids = [it.id for it in comp.items for _ in range(it.copies)]
        for cid, (f, b) in zip(card_ids, faces(prep, lang, res, comp)):
            fronts.setdefault(f.pieces, cid)
            if b is not None:
                backs.add(b.pieces)
        total += len(fronts) + len(backs)
        ids += list(fronts.values())
    return total, ids


@pytest.mark.parametrize("game", GAMES)
def test_report_of_every_game(game, report):
    r, out = report(game)
    assert r.returncode in (0, 1), r.stderr           # 1: rule errors, still reported
    if r.returncode == 1:
        assert "rule error" in r.stderr
    pdf = out / f"{game}.report.en.pdf"
    assert pdf.is_file(), r.stdout + r.stderr
    with pikepdf.open(pdf) as p:
        assert len(p.pages) >= 2
        outline = [str(i.title) for i in p.open_outline().root]
    assert "Components" in outline and "Rules checks" in outline and "Contact sheet" in outline
    text = _squash("\n".join(page_text(pdf)))

    # every chart the game's rules module returns, and the generic per-enum-value counts
    g = load_game(ROOT / "content" / game)
    from pnp import rules
    plugin = rules.plugin_for(g)
    hook = [c["title"]["en"] if isinstance(c["title"], dict) else c["title"] for c in plugin.report(g)] \
        if plugin is not None else []
    titles = {cid: g.text(c.title, "en") for cid, c in g.components.items()}
    generic = [f"{titles[c.id]}: cards per {name}" for c in g.components.values() if c.items
               for name, (typ, _r, _ch) in c.fields.items() if typ == "enum"]
    for title in hook + generic:
        assert _squash(title) in text, f"chart `{title}` is not in the report"

    # every rules check that ran is listed with its result
    for check in ("generic:counts", "generic:translations", "generic:text-fits"):
        assert check in text

    # the contact sheet: one thumbnail per distinct face, labelled with its card id
    want, ids = _expected_faces(game)
    assert _form_draws(pdf) == want
    for cid in ids:
        assert _squash(cid) in text, f"card `{cid}` has no thumbnail label"

    # one PNG per chart, legible sizes, not blank
    pngs = sorted((out / "report" / "en").glob("*.png"))
    m = re.search(r"(\d+) charts", r.stdout)
    assert m and len(pngs) == int(m.group(1)) >= len(hook) + len(generic)
    for png in pngs:
        with Image.open(png) as im:
            assert 800 <= im.width <= 4000 and 300 <= im.height <= 6000, (png.name, im.size)
            colours = im.convert("RGB").getcolors(maxcolors=1 << 16)
            assert colours is None or len(colours) > 8, f"{png.name} looks blank"


def test_criminal_poker_charts_carry_their_numbers(report):
    r, out = report("criminal-poker")
    assert r.returncode == 0, r.stderr
    text = "\n".join(page_text(out / "criminal-poker.report.en.pdf"))
    assert "How the murderer is decided" in text
    # the fairness percentages are printed on the bars and in the summary table
    assert len(re.findall(r"\b\d{1,2}\.\d\b", text)) >= 12
    # 18 evidence cards: 18 distinct fronts and one shared back, so 18 + 1 + identities + help
    assert "18front·1back" in _squash(text)


def test_report_is_deterministic(report, tmp_path):
    r1, out1 = report("criminal-poker")
    r2 = run_pnp("report", "criminal-poker", "--lang", "en", "--games", "30", "--out", tmp_path)
    assert r1.returncode == r2.returncode == 0, r2.stderr
    out2 = tmp_path / "criminal-poker"
    assert (out1 / "criminal-poker.report.en.pdf").read_bytes() == (out2 / "criminal-poker.report.en.pdf").read_bytes()
    for png in (out1 / "report" / "en").glob("*.png"):
        assert png.read_bytes() == (out2 / "report" / "en" / png.name).read_bytes(), png.name


def test_failing_deck_is_reported_and_exits_1(tmp_path):
    proj = copy_project(tmp_path)
    ev = proj / "content" / "criminal-poker" / "evidence.yaml"
    text = ev.read_text("utf-8")
    assert "type: weapon" in text
    ev.write_text(text.replace("type: weapon", "type: physical", 1), "utf-8")   # no murder weapon left
    r = run_pnp("--project", proj, "report", "criminal-poker", "--lang", "en", "--out", tmp_path / "out")
    assert r.returncode == 1, r.stdout + r.stderr
    assert re.search(r"evidence\.yaml:\d+:\d+: error: .*weapon", r.stderr)
    pdf = tmp_path / "out" / "criminal-poker" / "criminal-poker.report.en.pdf"
    assert pdf.is_file()
    body = _squash("\n".join(page_text(pdf)))
    assert _squash("criminal-poker:deck-rules") in body and "error" in body
    assert re.search(r"evidence\.yaml:\d+:\d+", body)


def test_game_without_rules_module_gets_generic_charts(tmp_path):
    proj = copy_project(tmp_path)
    src = proj / "content" / "criminal-poker"
    dst = proj / "content" / "house-rules-poker"
    src.rename(dst)
    gy = dst / "game.yaml"
    text = gy.read_text("utf-8").replace("id: criminal-poker", "id: house-rules-poker", 1)
    gy.write_text("\n".join(x for x in text.split("\n") if not x.startswith("rules:")), "utf-8")  # no plug-in
    icons = proj / "layouts" / "house-rules-poker"   # a game's own icons are found by its id
    icons.mkdir()
    (icons / "icons.yaml").write_text((proj / "layouts" / "criminal-poker" / "icons.yaml").read_text("utf-8"), "utf-8")
    r = run_pnp("--project", proj, "report", "house-rules-poker", "--lang", "en", "--out", tmp_path / "out")
    assert r.returncode == 0, r.stderr
    text = "\n".join(page_text(tmp_path / "out" / "house-rules-poker" / "house-rules-poker.report.en.pdf"))
    assert "How the murderer is decided" not in text          # that chart comes from the game's module
    assert "cards per type" in text and "value histogram by type" in text


def test_bad_input_writes_nothing_and_exits_2(tmp_path):
    r = run_pnp("report", "no-such-game", "--out", tmp_path)
    assert r.returncode == 2 and "did you mean" in r.stderr or "use one of" in r.stderr
    proj = copy_project(tmp_path)
    gy = proj / "content" / "criminal-poker" / "game.yaml"
    gy.write_text(gy.read_text("utf-8").replace("kind: deck", "kind: dekc", 1), "utf-8")
    r = run_pnp("--project", proj, "report", "criminal-poker", "--out", tmp_path / "out")
    assert r.returncode == 2, r.stdout + r.stderr
    assert re.search(r"game\.yaml:\d+:\d+: .* — ", r.stderr)
    assert not (tmp_path / "out" / "criminal-poker").exists() or \
        not list((tmp_path / "out" / "criminal-poker").iterdir())


# ---- the hook contract, without a game ----------------------------------------------------------
class _Game:
    id = "x"
    languages = ("zh-TW", "en")
    components = {"deck": object()}


def test_hook_charts_checks_the_contract():
    from types import SimpleNamespace
    from pnp.report.stats import hook_charts
    good = {"title": "T", "labels": ["a", "b"], "series": {"s": [1, 2.5]}, "component": "deck", "y_label": "%"}
    res = hook_charts(_Game, SimpleNamespace(report=lambda g: [good]))
    assert not res.problems and res.charts[0].series == (("s", (1, 2.5)),) and res.charts[0].component == "deck"
    bad = [{"title": "T", "labels": ["a"], "series": {"s": [1, 2]}},           # length mismatch
           {"title": "T", "labels": ["a"], "series": {"s": ["1"]}},            # not a number
           {"title": "T", "labels": ["a"], "series": {"s": [1]}, "colour": 1},  # unknown key
           {"title": "T", "labels": ["a"], "series": {"s": [1]}, "component": "nope"},
           "not a chart"]
    res = hook_charts(_Game, SimpleNamespace(report=lambda g: bad))
    assert len(res.problems) == len(bad) and not res.charts

    def boom(g):
        raise KeyError("evidence")
    res = hook_charts(_Game, SimpleNamespace(report=boom))
    assert res.problems and "KeyError" in res.problems[0]


def test_chart_texts_may_be_given_per_language():
    from types import SimpleNamespace
    from pnp.report.stats import hook_charts
    ch = {"title": {"zh-TW": "兇手如何決定", "en": "How the murderer is decided"}, "labels": ["a"],
          "series": {"s": [1]}, "y_label": {"zh-TW": "局數", "en": "deals"}}
    zh = hook_charts(_Game, SimpleNamespace(report=lambda g: [ch]), "zh-TW").charts[0]
    en = hook_charts(_Game, SimpleNamespace(report=lambda g: [ch]), "en").charts[0]
    assert (zh.title, zh.y_label) == ("兇手如何決定", "局數") and (en.title, en.y_label) == ("How the murderer is decided", "deals")
    bad = {**ch, "title": {"en": 3}}
    assert hook_charts(_Game, SimpleNamespace(report=lambda g: [bad]), "en").problems


def test_report_in_every_language_with_its_own_words_and_only_embedded_fonts(tmp_path):
    from pdfutil import fonts_of
    r = run_pnp("report", "criminal-poker", "--lang", "all", "--out", tmp_path)
    assert r.returncode == 0, r.stderr
    out = tmp_path / "criminal-poker"
    zh, en = out / "criminal-poker.report.zh-TW.pdf", out / "criminal-poker.report.en.pdf"
    assert zh.is_file() and en.is_file()
    assert list((out / "report" / "zh-TW").glob("*.png")) and list((out / "report" / "en").glob("*.png"))
    with pikepdf.open(zh) as p:
        outline = [str(i.title) for i in p.open_outline().root]
        fonts = fonts_of(p)
    assert "配件" in outline and "規則檢查" in outline and "牌面總覽" in outline, outline
    assert "Components" not in outline
    text = _squash("\n".join(page_text(zh)))
    assert "張數（含重複張）" in text and "cards(copiescounted)" not in text
    # the rules module's summary lines in the report's language too (they were English in every report)
    assert "公平性" in text and "fairness:" not in text
    assert "fairness:" in _squash("\n".join(page_text(en)))
    assert fonts and all(fonts.values()), fonts          # every font embedded: no Helvetica from tables or charts
