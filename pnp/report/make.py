"""`pnp report GAME`: a PDF about a game's decks, for designers and playtesters.

It holds the components and their counts; per component, charts of its statistics (the game rules
module's `report(game)` charts, then generic distributions of every declared field); every rules
check with its result and findings; and a contact sheet of every distinct face, drawn small from the
same forms a build prints. Each chart is also written as a PNG beside the PDF.

A game that breaks its rules still gets its report (the failures are the point of reading it); the
command then exits 1. Bad input (a file that does not load, a face that does not resolve) writes
nothing and exits 2, as `build` does.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from pnp import __version__, rules
from pnp.pipeline.build import Prepared, atomic_output, faces, prepare, resolver_for
from pnp.core.errors import Pos, Problem, Problems, display_path
from pnp.resolve.face import Resolver
from pnp.core.units import MM, mm
from pnp.core.findings import error
from pnp.report import charts as chartmod
from pnp.report import stats
from pnp.report.words import words

GENERIC = ("unique-ids", "counts", "translations", "text-fits")


@dataclass
class ComponentFaces:
    comp: object
    title: str
    pieces: int = 0                                # physical pieces (copies counted)
    fronts: dict = field(default_factory=dict)     # drawing key → [Face, card ids, count], first-seen order
    backs: dict = field(default_factory=dict)
    size_mm: tuple = (0.0, 0.0)


@dataclass
class Report:
    game: str
    lang: str
    pdf: Path
    pngs: list
    pages: int
    charts: list                                   # stats.Chart
    findings: list                                 # rule Findings (incl. text fits and hook problems)
    faces: int                                     # thumbnails on the contact sheet

    @property
    def errors(self) -> list:
        return [f for f in self.findings if f.severity == "error"]


def collect_faces(prep: Prepared, resolver: Resolver, titles: dict, sets=None) -> list[ComponentFaces]:
    """Every component's distinct fronts and backs (identical faces drawn once, with their count).
    sets: a print lint SetLint that sees every face go by."""
    out = []
    for comp in prep.game.components.values():
        cf = ComponentFaces(comp, titles[comp.id])
        ids = [it.id for it in comp.items for _ in range(it.copies)]
        stream = faces(prep, resolver.lang, resolver, comp)
        for card_id, (front, back) in zip(ids, sets.observe(comp, stream) if sets else stream):
            cf.pieces += 1
            if not cf.size_mm[0]:
                cf.size_mm = (round(mm(front.w), 1), round(mm(front.h), 1))
            for store, face in ((cf.fronts, front), (cf.backs, back)):
                if face is None:
                    continue
                key = (face.w, face.h, face.bleed, face.pieces, face.shape, face.radius)  # not the name
                entry = store.setdefault(key, [face, [], 0])
                if card_id not in entry[1]:
                    entry[1].append(card_id)
                entry[2] += 1
        out.append(cf)
    return out


def _at_rules(game) -> Pos:
    entries = getattr(game, "entries", None)
    return getattr(entries, "pos", None) or game.pos


def _booklet_size(prep, resolver, comp, cf, paper) -> None:
    """A booklet's pages and page size, as the build lays it out."""
    from pnp.booklet import booklet
    built = booklet.build(prep, resolver, comp, paper)
    cf.pieces = len(built.pages)
    cf.size_mm = (round(mm(built.size[0]), 1), round(mm(built.size[1]), 1))


def _hook_findings(game, module, problems) -> list:
    if not problems:
        return []
    import sys
    src = getattr(sys.modules.get(getattr(module.report, "__module__", "")), "__file__", None) or "game.yaml"
    pos = Pos(display_path(src), 1, 1)
    return [error(pos, f"{p} — fix `report(game)` of the game's rules plug-in", check="report") for p in problems]


def make_report(project, game_id: str, lang: str | None = None, out: Path = Path("output"),
                paper: str | None = None, games: int = 200, jobs: int = 1) -> Report:
    """Write OUT/<game>/<game>.report.<lang>.pdf and OUT/<game>/report/<lang>/*.png, with `games`
    simulated games per setting where the rules plug-in can play (0: none), on `paper` (a paper key; None:
    the game's `paper:`, else a4). Raises Problems on bad input."""
    prep = prepare(project, game_id)
    game = prep.game
    given, paper = paper, paper or game.paper or "a4"
    resolver = resolver_for(prep, lang)
    lang = resolver.lang
    titles = {cid: str(c["title"]) for cid, c in resolver.ctx.game["components"].items()}
    from pnp import lint
    from pnp.lint.sets import SetLint
    sets = SetLint(resolver.lint, game)
    comps = collect_faces(prep, resolver, titles, sets)
    for cf in comps:
        if cf.comp.kind == "booklet" and cf.comp.files.get(lang):
            _booklet_size(prep, resolver, cf.comp, cf, paper)
    if resolver.problems:
        raise Problems(resolver.problems)

    module = rules.plugin_for(game)
    hook = stats.hook_charts(game, module, lang)
    try:
        summary = rules.summary(game, lang)
    except Exception as e:  # shown in the report, like a broken report() hook
        summary = []
        hook.problems.append(f"summary() raised {e.__class__.__name__}: {e}")
    from pnp.report import simcharts
    played = simcharts.runs(game, module, games, jobs=jobs)
    sim = simcharts.charts(game, module, lang, played)
    w = words(lang)
    lost = [error(_at_rules(game), w["uncovered"].format(what=u), check="simulate") for u in simcharts.uncovered(played)]
    findings = lint.collapse(set(prep.findings) | resolver.findings | set(sets.findings())
                             | set(_hook_findings(game, module, hook.problems)) | set(lost))
    page_rules = ("lint:printable-margin", "lint:stray-marks")   # about printed pages: `pnp check` and builds
    ran = ([c for c in prep.checks if c not in page_rules] + ["generic:text-fits"] + (["report"] if hook.problems else [])
           + (["simulate"] if played else []))
    all_charts = hook.charts + sim + stats.generic_charts(game, lang, titles)
    keyed = []
    for i, ch in enumerate(all_charts, 1):
        stem = ch.key or stats.slug(ch.title.split(":", 1)[-1] if ch.source == "generic" else ch.title) or "chart"
        keyed.append(stats.Chart(**{**ch.__dict__, "key": f"{i:02d}-{ch.component or 'game'}-{stem}",
                                    "y_label": ch.y_label or w["value"]}))
    all_charts = keyed

    from pnp.report import document as doc
    font = prep.fonts.name("sans")
    drawings = {ch.key: chartmod.drawing(ch, font, palette=game.palette) for ch in all_charts}
    pngs = {ch.key: chartmod.png(drawings[ch.key]) for ch in all_charts}

    outdir = Path(out) / game_id
    target = outdir / f"{game_id}.report.{lang}.pdf"
    game_title = str(resolver.ctx.game["title"])
    with atomic_output(target, root=Path(out)) as f:
        from pnp.render.pdf import PdfWriter
        writer = PdfWriter(f, font, {"title": f"{game_title} — {w['report']}", "author": str(game.meta.get("author", "")),
                                     "subject": f"{w['report']}, {lang}", "creator": f"pnp {__version__}"})
        styles = doc.Styles(font)
        story, n_faces = _story(doc, styles, writer, game, game_title, lang, comps, all_charts, drawings,
                                findings, ran, summary, font, w, games)
        try:
            pages = doc.render(writer, story, font, f"{game_title} · {game_id} · {w['report']} · pnp {__version__}", paper)
        except doc.TooSmall as e:   # nothing written: the file is only replaced when whole
            at = Pos("--paper") if given else game.meta.at("paper")
            raise Problems([Problem(at, str(e), "give a larger paper, e.g. `a5` or `a4`")]) from None
        writer.close()
    pdir = outdir / "report" / lang
    written = []
    for key, data in pngs.items():
        p = pdir / f"{key}.png"
        with atomic_output(p, root=Path(out)) as fh:
            fh.write(data)
        written.append(p)
    for old in pdir.glob("*.png"):  # charts of an earlier report that no longer exist
        if old not in written:
            old.unlink()
    return Report(game_id, lang, target, written, pages, all_charts, findings, n_faces)


def _check_rows(findings, ran, game_id):
    """(check name, its findings) for every check that ran; findings go to the check that made them."""
    rows = {name: [] for name in ran}
    for f in findings:
        c = f.check or ""
        name = f"generic:{c}" if c in GENERIC else c
        if name not in rows:
            name = f"{game_id}:deck-rules" if f"{game_id}:deck-rules" in rows else (name or "other")
            rows.setdefault(name, [])
        rows[name].append(f)
    return list(rows.items())


def _result(fs, doc, w):
    e = sum(1 for f in fs if f.severity == "error")
    n = len(fs) - e
    if not fs:
        return w["pass"], doc.OK
    parts = ([w["errors"].format(n=e)] if e else []) + ([w["warnings"].format(n=n)] if n else [])
    return ", ".join(parts), doc.FAIL if e else doc.WARN


def _story(doc, st, writer, game, title, lang, comps, charts, drawings, findings, ran, summary, font, w, games):
    from reportlab.lib.colors import HexColor
    S = []
    errors = [f for f in findings if f.severity == "error"]
    S.append(doc.Heading(f"{title} — {w['report']}", st.h1))
    verdict = (f"<font color='{doc.OK}'>{w['all_pass'].format(n=len(ran))}</font>" if not findings else
               f"<font color='{doc.FAIL if errors else doc.WARN}'>"
               f"{w['verdict'].format(e=len(errors), w=len(findings) - len(errors), n=len(ran))}</font>")
    pieces = w["pieces_in"].format(pieces=sum(c.pieces for c in comps), comps=len(comps))
    S.append(st.p(f"<b>{game.id}</b> · {w['language']} {lang} · {pieces} · {verdict}", st.body, markup=True))
    S.append(doc.Spacer(1, 4 * MM))

    # components
    S.append(doc.Heading(w["components"], st.h2))
    rows = [list(w["comp_head"])]
    colours = []
    for i, cf in enumerate(comps, 1):
        c = cf.comp
        declared = "—" if c.count is None else str(c.count)
        if c.count is not None and c.count != cf.pieces:
            colours.append(("TEXTCOLOR", (4, i), (4, i), HexColor(doc.FAIL)))
        kind = w["kinds"].get(c.kind, c.kind)
        if c.kind == "booklet":   # a booklet has pages, not faces
            rows.append([c.id, cf.title, kind, w["pages"].format(n=cf.pieces), declared, w["booklet_faces"],
                         f"{cf.size_mm[0]:g} × {cf.size_mm[1]:g}"])
            continue
        rows.append([c.id, cf.title, kind, str(cf.pieces), declared,
                     w["faces"].format(f=len(cf.fronts), b=len(cf.backs)), f"{cf.size_mm[0]:g} × {cf.size_mm[1]:g}"])
    S.append(doc.table(rows, [30 * MM, 36 * MM, 16 * MM, 14 * MM, 16 * MM, 36 * MM, 24 * MM], st, colours=colours))

    # checks
    S.append(doc.Heading(w["checks"], st.h2))
    crow = [list(w["check_head"])]
    cstyle = []
    detail = []
    for i, (name, fs) in enumerate(_check_rows(findings, ran, game.id), 1):
        res, col = _result(fs, doc, w)
        crow.append([name, st.p(f"<font color='{col}'>{res}</font>", st.cell, markup=True)])
        if fs:
            detail.append((name, fs))
    S.append(doc.table(crow, [90 * MM, 82 * MM], st, colours=cstyle))
    for name, fs in detail:
        S.append(doc.Heading(w["findings"].format(name=name), st.h3, level=1))
        for f in fs:
            col = doc.FAIL if f.severity == "error" else doc.WARN
            card = f" [{f.card}]" if f.card else ""
            from xml.sax.saxutils import escape
            S.append(st.p(f"<font color='{col}'>{f.severity}</font> {escape(str(f.pos))}: "
                          f"{escape(f.message)}{escape(card)}", st.cell, markup=True))
    if summary:
        S.append(doc.Heading(w["summary"], st.h3, level=1))
        S.append(_summary_table(summary, st, doc))

    # charts: game-wide first, then per component
    sim = [c for c in charts if c.source == "simulate"]
    if sim:
        S.append(doc.Heading(w["sim"].format(n=games), st.h2))
        for ch in sim:
            S += [doc.ChartFlowable(drawings[ch.key]), doc.Spacer(1, 5 * MM)]
    game_charts = [c for c in charts if c.component is None and c.source != "simulate"]
    if game_charts:
        S.append(doc.Heading(w["stats_game"], st.h2))
        for ch in game_charts:
            S += [doc.ChartFlowable(drawings[ch.key]), doc.Spacer(1, 5 * MM)]
    for cf in comps:
        mine = [c for c in charts if c.component == cf.comp.id]
        if not mine:
            continue
        S.append(doc.Heading(w["stats_comp"].format(title=cf.title, id=cf.comp.id), st.h2))
        for ch in mine:
            S += [doc.ChartFlowable(drawings[ch.key]), doc.Spacer(1, 5 * MM)]

    # contact sheets
    S.append(doc.Heading(w["contact"], st.h2))
    S.append(st.p(w["contact_note"], st.small))
    n_faces = 0
    for cf in comps:
        thumbs = []
        for face, ids, n in cf.fronts.values():
            thumbs.append((face, _label(ids, n)))
        for face, ids, n in cf.backs.values():
            thumbs.append((face, w["back"] + (f" ×{n}" if n > 1 else "")))
        if not thumbs:
            continue
        n_faces += len(thumbs)
        big = max(max(f.w, f.h) for f, _l in thumbs) > 130 * MM
        S.append(doc.Heading(w["contact_comp"].format(title=cf.title, id=cf.comp.id, n=len(thumbs)), st.h3, level=1))
        S.append(doc.ContactSheet(writer, thumbs, font, 85 * MM if big else 27 * MM, 120 * MM if big else 38 * MM))
    return S, n_faces


def _summary_table(lines, st, doc):
    """Summary lines as printed by `pnp check`; runs of 2+ spaces separate columns (a proportional
    font cannot line them up with spaces). Lines without columns span the table."""
    from reportlab.platypus import Table, TableStyle
    rows = [re.split(r"\s{2,}", l.strip()) for l in lines if l.strip()]
    ncol = max(len(r) for r in rows)
    data, spans = [], []
    for i, r in enumerate(rows):
        data.append([st.p(c, st.mono) for c in r] + [""] * (ncol - len(r)))
        if len(r) == 1 and ncol > 1:
            spans.append(("SPAN", (0, i), (-1, i)))
    t = Table(data, hAlign="LEFT")
    t.setStyle(TableStyle(spans + [("FONTNAME", (0, 0), (-1, -1), st.font),("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 1),
                                   ("LEFTPADDING", (0, 0), (-1, -1), 0), ("RIGHTPADDING", (0, 0), (-1, -1), 8)]))
    return t


def _label(ids, n):
    first = ids[0] + (f" +{len(ids) - 1}" if len(ids) > 1 else "")
    return first + (f" ×{n}" if n > 1 else "")
