"""The orchestration: load → rules → resolve → render → write atomically.

Nothing is written unless the whole game resolves and renders: PDFs go to an unnamed temporary file
in the output folder (O_TMPFILE where the system has it, see pnp/output.py), which gets its name only
when complete.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from pnp import __version__
from pnp.content.loader import find_games, load_game
from pnp.core.errors import Pos, Problem, Problems, did_you_mean, display_path
from pnp.content import pieces
from pnp.core.findings import RuleErrors  # noqa: F401  (raised here; commands catch it from the build)
from pnp.core.paths import inside
from pnp.core.output import atomic_output, merge_manifest  # noqa: F401  (atomic_output: used by report, calibrate)
from pnp.core.units import mm
from pnp.templates.context import ContentTemplateError, GameContext, MissingTranslation
from pnp.text import fonts as fontmod, sysfonts
from pnp.layout import qr
from pnp.layout.icons import file_icons, load_icons
from pnp.layout.layouts import Layouts
from pnp.content import credits_text
from pnp import impose, lint, rules
from pnp.impose.plan import duplex_document, plan as _plan  # noqa: F401  (tests plan as the build does)
from pnp.lint.fit import check_fit
from pnp.lint.pages import PageLint, check_pages, proxy
from pnp.lint.sets import SetLint
from pnp.lint import typeset
from pnp.resolve import workers
from pnp.resolve.face import Resolver
from pnp.resolve.images import image_info
from pnp.resolve.faces import faces  # noqa: F401  (the faces of a component, as a build resolves them)
from pnp.pipeline import facestore, labels, languages
from pnp.pipeline.assemble import booklets, chosen, die_marks, dry_plan, write_booklet, write_cover, write_pages, check_booklets
from pnp.pipeline.units import plan_unit, units
from pnp.core.processes import can_fork
from pnp.pipeline.names import DUPLEX, NAME_WORDS, pdf_name  # noqa: F401  (the build's file names)

@dataclass
class Options:
    langs: tuple = ()            # empty: the game's first language
    paper: str | None = None     # a paper key; None: the game's `paper:` (game.yaml), else a4
    duplex: str = "long"
    out: Path = Path("output")
    back_offset: tuple = (0.0, 0.0)
    cover: bool = False          # a first page: title, contents, how to print and assemble, QR to game.yaml `url`
    ink_saver: bool = False      # light backgrounds, no full-bleed fills (pnp.render.ink); `.ink-saver.pdf`
    booklet: str = "saddle"      # rules booklets: saddle (2-up sheets to fold and staple) | none (plain pages)
    only: tuple = ()             # build only these components (`.<ids>.pdf`, never the full PDF's name)
    strict: bool = False         # every warning is an error (nothing written)
    draft: bool = False          # placeholders for missing images, overflowing text flagged, errors are
                                 # warnings, a DRAFT mark on every page (pnp.layout.draft)
    pack: bool = True            # small components share sheets (pnp.impose.pack); False: one component a sheet
    jobs: int = 1                # processes resolving faces (pnp.core.processes); the bytes do not depend on it



@dataclass
class Project:
    root: Path

    @property
    def content(self) -> Path:
        return self.root / "content"

    @property
    def layouts(self) -> Path:
        return self.root / "layouts"

    def games(self) -> list[str]:
        return find_games(self.content)

    def resolve_names(self, names) -> list[str]:
        have = self.games()
        if not names:
            if not have:
                raise Problems([Problem(Pos(display_path(self.content)), "no games found (no content/<game>/game.yaml)",
                                        "run pnp in the project folder, or pass --project")])
            return have
        bad = [n for n in names if n not in have]
        if bad:
            raise Problems([Problem(Pos(display_path(self.content)), f"there is no game `{b}`", did_you_mean(b, have))
                            for b in bad])
        return list(names)


@dataclass
class Prepared:
    game: object
    layouts: Layouts
    icons: dict
    fonts: fontmod.FontSet
    findings: list = field(default_factory=list)
    checks: list = field(default_factory=list)


def game_icons(project: Project, game_id: str, game=None) -> tuple[dict, fontmod.FontSet]:
    """Every icon the game's layouts and text can name — built-in, the project's common/, its icons.yaml
    and the PNG and SVG files of content/<game>/icons/ — and the game's fonts (its SVG icons' text)."""
    game = game or load_game(project.content / game_id)
    icons = load_icons(icon_files(project, game_id))
    fonts = _fonts(game, project.layouts)
    return file_icons(game.root, icons, icon_files(project, game_id)[-1], image_info, fonts), fonts


def prepare(project: Project, game_id: str) -> Prepared:
    game = load_game(project.content / game_id)
    icons, fonts = game_icons(project, game_id, game)
    findings, ran = rules.run(game)
    cfg = lint.Config.of(game)
    findings = list(findings) + typeset.check_game(cfg, game)   # the content as written: once, not per language
    ran = ran + [f"lint:{r}" for r in lint.RULES if cfg.on(r)]
    layouts = Layouts(project.layouts)
    findings = list(findings) + check_fit(game, layouts, cfg)   # `sits_on:` pieces on their spaces
    findings += pieces.warnings(game)                            # `pieces:` names of types no piece has
    return Prepared(game, layouts, icons, fonts, findings, ran)


def icon_files(project: Project, game_id: str) -> list[Path]:
    """Icons files, later ones overriding earlier ones: built-in, the project's common/, the game's."""
    from pnp.layout.layouts import BUILTIN
    return [BUILTIN / "common" / "icons.yaml", project.layouts / "common" / "icons.yaml",
            project.layouts / game_id / "icons.yaml"]


def _fonts(game, layouts: Path | None = None) -> fontmod.FontSet:
    roles = {role: fontmod.builtin_path(name) for role, name in fontmod.DEFAULT_ROLES.items()}
    problems, system = [], {}
    for role, spec in game.fonts.items():
        pos = game.meta["fonts"].at(role)
        faces = {"regular": spec}
        if isinstance(spec, dict):   # {regular: …, bold: …, italic: …, bold_italic: …}
            faces = dict(spec)
            for face in faces:
                if face not in fontmod.FACES:
                    problems.append(Problem(spec.key_at(face) if hasattr(spec, "key_at") else pos,
                                            f"font role `{role}`: `{face}` is not a face", did_you_mean(face, fontmod.FACES)))
            if "regular" not in faces:
                problems.append(Problem(pos, f"font role `{role}` has no `regular` face",
                                        "add `regular: fonts/….ttf` (bold and italic are optional: drawn synthetically)"))
                continue
        for face, file in faces.items():
            if face not in fontmod.FACES:
                continue
            key = role if face == "regular" else f"{role}:{face}"
            fpos = spec.at(face) if isinstance(spec, dict) and hasattr(spec, "at") else pos
            if file in fontmod.BUILTIN:
                roles[key] = fontmod.builtin_path(file)
                continue
            if isinstance(file, str) and sysfonts.is_family(file):   # a system font by name (fontconfig)
                try:
                    roles[key] = found = sysfonts.system_font(file)
                except fontmod.FontError as e:
                    problems.append(Problem(fpos, str(e), "install it or name a font file in the game folder"
                                            if isinstance(e, sysfonts.NoSuchFont) else "name a .ttf/.otf font file"))
                    continue
                system[key] = {"family": file, "file": str(found)}
                if not isinstance(spec, dict):   # the family's own bold and italic, where it has them
                    for style, path in sysfonts.system_faces(file, found).items():
                        roles[f"{role}:{style}"] = path
                        system[f"{role}:{style}"] = {"family": file, "file": str(path)}
                continue
            got = inside(game.root, str(file))
            full = got.path
            if not got or not full.is_file():
                what = f"font `{file}`" + (f" (the `{face}` face of role `{role}`)" if face != "regular" else "")
                problems.append(Problem(fpos, f"{what} is not a file inside the game folder",
                                        f"use {', '.join(fontmod.BUILTIN)} or a .ttf/.otf file in content/{game.id}/"))
                continue
            roles[key] = full
    try:
        from pnp.layout.layouts import BUILTIN
        from pnp.text.fontparts import game_prints_cjk   # no CJK text: no minute of font conversion
        cjk = layouts is None or game_prints_cjk(game, layouts, [BUILTIN / "common"])
        fs = fontmod.FontSet(roles, cjk=cjk) if not problems else None
    except fontmod.FontError as e:
        bad = next((r for r, p in roles.items() if str(p).endswith(str(e).split("`")[1])), None) if "`" in str(e) else None
        pos = game.meta["fonts"].at(bad) if bad and "fonts" in game.meta else game.pos
        problems.append(Problem(pos, str(e), "name a TrueType (.ttf) or OpenType (.otf) font file"))
    if problems:
        raise Problems(problems)
    fs.system = system
    return fs


def _context(prep, lang) -> GameContext:
    try:
        return GameContext(prep.game, lang)
    except MissingTranslation as e:
        raise Problems([Problem(e.pos, f"{e.where} has no `{lang}` text",
                                f"add `{lang}: …` or build another language")]) from None
    except ContentTemplateError as e:
        raise Problems([Problem(e.pos, f"{e.where} ({lang}): {e.message}",
                                "fix the `{{ … }}` in this text: it may use data, palette, game, lang and card")]) from None


def resolver_for(prep: Prepared, lang: str | None) -> Resolver:
    """A Resolver for one language of the game (default: its first), with the template context."""
    game = prep.game
    lang = lang or game.languages[0]
    if lang not in game.languages:
        raise Problems([Problem(game.meta.at("languages"), f"`{game.id}` has no language `{lang}`",
                                did_you_mean(lang, game.languages))])
    resolver = Resolver(game, prep.fonts, prep.icons, lang)
    resolver.ctx = _context(prep, lang)
    return resolver


def _system_fonts(fonts) -> dict:
    """The fonts found by family name, for the manifest: what a build on another machine must find
    to print the same bytes (role → family, file, content digest, registered name)."""
    return {key: dict(got, digest=fontmod._digest(Path(got["file"])),
                      name=fontmod.registered_name(Path(got["file"])))
            for key, got in sorted(fonts.system.items())}


def _levels(findings, opts) -> list:
    """The findings at the levels the options ask for: --strict raises warnings, --draft lowers errors."""
    if opts.draft:
        return lint.draft(findings)
    return lint.strict(findings) if opts.strict else list(findings)


def check_game(project, game_id, lang=None, cache: dict | None = None, keep: dict | None = None) -> tuple[Prepared, list]:
    """Load, run the rules and resolve every face (no rendering). Raises Problems.
    `cache`: a warm session's face cache; `keep`: filled with component id → its (front, back) faces."""
    prep = prepare(project, game_id)
    resolver = resolver_for(prep, lang)
    lang = resolver.lang
    sets = SetLint(resolver.lint, prep.game)
    proxies = {}
    kept, store = facestore.for_build(prep, lang, False, cache)   # the faces a build keeps
    for comp in prep.game.components.values():
        pairs = list(sets.observe(comp, faces(prep, lang, resolver, comp, kept)))
        if keep is not None:
            keep[comp.id] = pairs
        proxies[comp.id] = [(proxy(f), proxy(b)) for f, b in pairs]
    check_booklets(prep, resolver)
    found = set(prep.findings) | resolver.findings | set(sets.findings())
    if not resolver.problems:  # the page rules on both papers, printed double-sided
        found |= set(check_pages(prep.game, resolver.lint, proxies,
                                 lambda comp, pairs, paper: _plan(comp, pairs, paper, "long", (0.0, 0.0), comp.id,
                                                                  duplex_document(prep.game, "long"))))
    if resolver.problems:
        e = Problems(resolver.problems)
        e.findings = lint.collapse(found)  # the rules ran: show them too
        raise e
    if store is not None:
        store.save()
    return prep, lint.collapse(found)


def build_game(project: Project, game_id: str, opts: Options, cache: dict | None = None,
               drawn: tuple | None = None) -> dict:
    """Build one game's PDFs. cache, drawn: a warm session's resolved faces and their PDF code."""
    prep = prepare(project, game_id)
    errors = [f for f in _levels(prep.findings, opts) if f.severity == "error"]
    if errors:
        raise RuleErrors(errors)
    game = prep.game
    opts = replace(opts, paper=opts.paper or game.paper or "a4")
    langs = opts.langs or (game.languages[0],)
    outdir = opts.out / game_id
    pdfs, pending = [], []
    paper = impose.paper_size(opts.paper)
    comps = chosen(game, opts.only)
    names = {lang: pdf_name(game_id, lang, opts) for lang in langs}

    def one(lang, f, jobs):   # (components, pages, findings, the fonts registered so far) of one language
        return (*_language(prep, lang, replace(opts, jobs=jobs), comps, paper, cache, drawn, f),
                set(prep.fonts.names.values()))
    side_by_side = cache is None and opts.jobs > 1 and len(langs) > 1 and can_fork()
    made = languages.languages(langs, one, opts.jobs) if side_by_side else None
    fonts: set = set()
    for lang in langs:
        target = outdir / names[lang]
        if made is None:
            with atomic_output(target, root=opts.out) as f:
                comps_info, pages, found, used = one(lang, f, opts.jobs)
        else:   # each language was built in its own process: written here, in order, as one process would
            data, comps_info, pages, found, used = languages.outcome(made[lang])
            with atomic_output(target, root=opts.out) as f:
                f.write(data)
        fonts |= used
        pdfs.append({"path": str(Path(game_id) / names[lang]), "pages": pages, "paper": opts.paper,
                     "duplex": opts.duplex, "language": lang, "components": comps_info, "fonts": sorted(fonts)})
        pending.append(found)
    manifest = {"game": game_id, "generator": f"pnp {__version__}", "pdfs": pdfs,
                **({"system_fonts": _system_fonts(prep.fonts)} if getattr(prep.fonts, "system", None) else {}),
                "checks": {"ran": prep.checks + ["generic:text-fits"],
                           "findings": [x.as_json() for x in sorted(set(_levels(prep.findings, opts)).union(*map(set, pending)))]}}
    merge_manifest(outdir / "manifest.json", manifest, opts.out)
    qr.flush()
    return manifest


def _language(prep, lang, opts, comps, paper, cache, drawn, f) -> tuple:
    """One language of a game written as a PDF into the file object f; returns (components, pages, findings)."""
    game = prep.game
    resolver = resolver_for(prep, lang)
    resolver.draft = opts.draft
    books = booklets(prep, resolver, comps, opts)
    comps_info = []
    meta = {"title": str(resolver.ctx.game["title"]), "author": credits_text.pdf_author(game),
            "subject": f"print-and-play, {lang}, {opts.paper}, duplex {opts.duplex}",
            "keywords": ", ".join(map(str, game.meta.get("keywords", []) or [])),
            "creator": f"pnp {__version__}", "licence": str(game.meta.get("licence") or
                                                             credits_text.notice(game.credits, str(resolver.ctx.game["title"]), lang)),
            "lang": lang, "show_outline": opts.cover, "draft": opts.draft}
    sub = game.meta.get("subtitle") or game.meta.get("description")
    if sub:
        meta["subject"] = f"{game.text(sub, lang) or game.text(sub, game.languages[0])} ({meta['subject']})"
    from pnp.render.pdf import PdfWriter   # here: `pnp check` never loads reportlab's canvas
    writer = PdfWriter(f, prep.fonts.name("sans"), meta, drawn)
    sets, pagelint = SetLint(resolver.lint, game, keep=cache is not None), PageLint(resolver.lint)
    kept, store = facestore.for_build(prep, lang, opts.draft, cache)   # faces of the last build
    if opts.cover:  # the cover lists each component's pages: counted by a plan of blank faces
        write_cover(writer, game, lang, opts, paper, dry_plan(prep, resolver, paper, opts, comps, books),  # noqa: E501
                     prep.fonts, resolver.ctx.game["title"], die_marks(prep, comps))
    two_sided = duplex_document(game, opts.duplex)

    def stream(comp):    # the component's (front, back) faces, counted into its manifest entry
        count, first_face = 0, None

        def counted(it):
            nonlocal count, first_face
            for pair in it:
                count += 1
                first_face = first_face or pair[0]
                yield pair
            if first_face:
                comps_info.append({"name": comp.id, "title": titles[comp.id], "kind": comp.kind,
                                   "faces": count * (2 if comp.back and opts.duplex != "none" else 1),
                                   "items": count, "trim_mm": [round(mm(first_face.w), 2), round(mm(first_face.h), 2)],
                                   "bleed_mm": round(mm(first_face.bleed), 2)})
        if workers.worth_it(comp, opts.jobs, cache):
            made = workers.faces(prep, lang, resolver, comp, opts.jobs)
        else:
            made = faces(prep, lang, resolver, comp, kept)
        out = counted(sets.observe(comp, made))
        if opts.ink_saver:
            from pnp.render import ink
            secret = getattr(comp, "secret", None)
            out = ink.pairs(out, keep_backs=secret is not None, keep_fronts=bool(secret and secret.keep_fronts))
        return out
    titles = {c.id: str(resolver.ctx.game["components"][c.id]["title"]) for c in comps}
    planned = dry_plan(prep, resolver, paper, opts, comps, books)
    per_unit = [labels.count(pp) for _c, _t, pp in _once(planned)]
    sheets = labels.Sheets(str(resolver.ctx.game["title"]), sum(per_unit), opts.duplex, resolver.lang, per_unit)
    held = {}   # the faces of a deck split between its own sheets and shared ones, made once

    def pairs_of(part):
        if part.whole:
            return stream(part.comp)
        if part.comp.id not in held:
            held[part.comp.id] = list(stream(part.comp))
        return held[part.comp.id][part.start:part.stop]

    for unit in units(prep, comps, paper, opts):
        comp = unit[0].comp
        title = labels.joined([titles[p.comp.id] for p in unit], resolver.lang)
        if two_sided and writer.pages % 2:   # every component starts on the front of a sheet
            writer.page(impose.Page(*paper, side="blank"))
        if comp.kind == "booklet":
            if comp.id in books:       # else its problems are raised below, with the others
                comps_info.append(write_booklet(writer, books[comp.id], comp, title, opts, pagelint))
            continue
        pages = plan_unit(unit, pairs_of, paper, opts, titles, two_sided, resolver.lang)
        # the outline: one entry per component, at the first sheet that holds its pieces (a deck's tail
        # on shared sheets has its entry at its own sheets)
        write_pages(writer, sheets.label(pages, title, any(p.comp.options.get("registration") is True for p in unit),
                                         numbered=len(unit) == 1),
                    title if len(unit) == 1 else
                    [titles[p.comp.id] for p in unit if p.whole], pagelint, comp)
    if resolver.problems:
        raise Problems(resolver.problems)
    found = lint.collapse(resolver.findings | set(sets.findings()) | set(pagelint.findings()))
    found = _levels(found, opts)
    fit = [x for x in found if x.severity == "error"]
    if fit:
        raise RuleErrors(sorted(fit))
    writer.close()
    if store is not None:
        store.save(prune=not opts.only)
    return comps_info, writer.pages, found


def _once(planned):
    """The planned (component, title, pages) with shared sheets counted once, booklets left out."""
    last = None
    for comp, title, pages in planned:
        if pages is not last and comp.kind != "booklet":
            yield comp, title, pages
        last = pages
