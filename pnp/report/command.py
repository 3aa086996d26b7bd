"""`pnp report`: the click command (kept here so pnp/cli.py only registers it)."""
from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from pnp.core.papers import paper_option
from pnp.core.errors import Problems

EXIT_OK, EXIT_RULES, EXIT_INPUT = 0, 1, 2


@click.command()
@click.argument("games", nargs=-1)
@click.option("--lang", default=None, help="Language of the report, its card faces and titles: a code or `all` "
                                           "(default: the game's first). One file per language.")
@paper_option("Paper of the report: a4, letter, a3, a5, legal, tabloid, or custom:WxH in mm, as `pnp build` "
              "takes. Default: the game's `paper:` in game.yaml, else a4.")
@click.option("--out", default="output", show_default=True, type=click.Path(), help="Output folder.")
@click.option("--games", "count", default=200, show_default=True, type=click.IntRange(0, 100_000),
              help="Games simulated per player count and mode, where the rules plug-in can play (0: none).")
@click.option("-j", "--jobs", type=click.IntRange(1, 64), default=None, help="Processes for the simulation (default: the cores).")
@click.pass_context
def report(ctx, games, lang, paper, out, count, jobs):
    """Write a deck report of GAMES (all when none named): OUT/<game>/<game>.report.<lang>.pdf with the
    components, the game simulated by its rules (`pnp simulate`, --games per setting), charts of every
    deck, every rules check with its findings and a contact sheet of the faces, plus each chart as
    OUT/<game>/report/<lang>/*.png. A simulated state no rule covers is an error of the report.

    A game that breaks its rules still gets its report, and the command exits 1; bad input writes
    nothing and exits 2."""
    from pnp.pipeline.build import Project
    from pnp.core.output import out_dir
    proj = Project(Path(ctx.obj["project"]))
    try:
        outp = out_dir(out, proj.root)
        names = proj.resolve_names(games)
    except Problems as e:
        for p in e.problems:
            click.echo(str(p), err=True)
        click.echo(f"{len(e.problems)} problem(s) in the input; nothing was written.", err=True)
        sys.exit(EXIT_INPUT)
    status = EXIT_OK
    for name in names:
        for one in _langs(proj, name, lang):
            status = _one(proj, name, one, outp, paper, status, count, jobs)
    sys.exit(status)


def _langs(proj, name, lang):
    if lang != "all":
        return [lang]
    from pnp.content.loader import load_game
    try:
        return list(load_game(proj.content / name).languages) or [None]
    except Problems:
        return [None]   # make_report reports the problems


def _one(proj, name, lang, outp, paper, status, count=200, jobs=None):
    from pnp.core.processes import default_jobs
    from pnp.report.make import make_report
    t0 = time.perf_counter()
    try:
        r = make_report(proj, name, lang, outp, paper, count, jobs or default_jobs())
    except Problems as e:
        for p in e.problems:
            click.echo(str(p), err=True)
        click.echo(f"{name}: {len(e.problems)} problem(s) in the input; nothing was written.", err=True)
        return EXIT_INPUT
    for f in r.findings:
        click.echo(str(f), err=True)
    click.echo(f"wrote {r.pdf} ({r.pages} pages, {len(r.charts)} charts, {r.faces} faces) "
               f"and {len(r.pngs)} PNG charts in {r.pdf.parent / 'report' / r.lang}")
    if r.errors:
        click.echo(f"{name}: {len(r.errors)} rule error(s), shown in the report", err=True)
        return EXIT_RULES if status == EXIT_OK else status
    click.echo(f"{name} ({r.lang}): ok in {time.perf_counter() - t0:.2f} s")
    return status
