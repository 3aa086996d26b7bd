"""`pnp build --draft`: a missing picture is a box with its file name, overflowing text is printed and
flagged, errors are warnings, every page says DRAFT; a normal build stays strict."""
from __future__ import annotations

from pathlib import Path

from conftest import run_pnp

GAME = """\
id: solo
title: Solo
languages: [en]
components:
  cards:
    kind: deck
    title: Cards
    front: solo/card
    fields: {name: text}
    items: [{id: one, name: One}, {id: two, name: "Two is a name far too long for its little box, however small it prints"}]
"""
CARD = """\
extends: common/poker
elements:
  name: {type: text, x: 5, y: 10, w: 20, h: 5, text: "{{ card.name }}", size: 10, min_size: 7}
  art: {type: image, x: 5, y: 30, w: 50, h: 30, src: "art/{{ card.id }}.png"}
"""


def project(tmp_path: Path) -> Path:
    root = tmp_path / "p"
    (root / "content" / "solo").mkdir(parents=True)
    (root / "layouts" / "solo").mkdir(parents=True)
    (root / "content" / "solo" / "game.yaml").write_text(GAME, "utf-8")
    (root / "layouts" / "solo" / "card.yaml").write_text(CARD, "utf-8")
    return root


def test_normal_build_stops_and_draft_build_prints_placeholders_flags_and_marks(tmp_path):
    import pypdfium2
    root = project(tmp_path)
    out = tmp_path / "out"
    r = run_pnp("--project", root, "build", "--out", out)
    assert r.returncode == 2 and "art/one.png" in r.stderr and not list(out.rglob("*.pdf"))
    r = run_pnp("--project", root, "build", "--out", out, "--draft")
    assert r.returncode == 0, r.stderr
    assert "warning: image `art/one.png`: the file does not exist — printed as a placeholder" in r.stderr
    assert "warning: text of `name` overflows" in r.stderr
    assert not (out / "solo" / "solo.en.a4.pdf").exists()   # a draft never takes the final file's name
    doc = pypdfium2.PdfDocument(out / "solo" / "solo.en.a4.draft.pdf")
    texts = [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    assert len(texts) >= 2 and all("DRAFT" in t for t in texts)
    assert "art/one.png" in "".join(texts) and "art/two.png" in "".join(texts)
    assert "Two is a name" in "".join(texts)   # the overflowing text is printed


def test_draft_flags_overflowing_text_with_a_red_corner(tmp_path):
    from pnp.pipeline.build import Project, faces, prepare, resolver_for
    from pnp.layout.draft import FLAG
    prep = prepare(Project(project(tmp_path)), "solo")
    res = resolver_for(prep, None)
    res.draft = True
    pairs = list(faces(prep, "en", res, prep.game.components["cards"]))
    flagged = [any(getattr(p, "fill", None) == FLAG for p in front.pieces) for front, _ in pairs]
    assert flagged == [False, True]


def test_draft_and_strict_together_are_refused(tmp_path):
    r = run_pnp("--project", project(tmp_path), "build", "--draft", "--strict", "--out", tmp_path / "o")
    assert r.returncode == 2 and "give one of them" in r.stderr


def test_watch_draft_builds_the_draft(tmp_path):
    from pnp.pipeline.build import Project
    from pnp.pipeline.watch import run
    root = project(tmp_path)
    out = tmp_path / "out"
    run(Project(root), ["solo"], None, dict(out=out, draft=True), interval=0.05, max_builds=1)
    assert (out / "solo" / "solo.en.a4.draft.pdf").is_file()
