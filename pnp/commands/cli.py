"""The `pnp` command line: parse, call, print, exit code (0 ok, 1 rule errors, 2 bad input)."""
from __future__ import annotations

import gc
import json
import os
import sys
import time
from pathlib import Path

import click

from pnp import __version__
from pnp.commands.options import back_offset_points, paper_option  # noqa: F401
from pnp.commands.parallel import build_all
from pnp.core.output import out_dir
from pnp.core.exits import EXIT_INPUT, EXIT_INTERRUPTED, EXIT_OK, EXIT_RULES, fail_input  # noqa: F401
from pnp.core.errors import Problems


def _project(ctx):
    from pnp.pipeline.build import Project
    return Project(Path(ctx.obj["project"]))


_fail_input = fail_input  # the name the command functions below use


def _print_findings(findings, stream_err=True):
    for f in findings:
        click.echo(str(f), err=stream_err)


class _Main(click.Group):
    """The command group: Ctrl-C in any command ends it with one line and exit 130 (not click's
    "Aborted!" and exit 1), as a shell expects of an interrupted program."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            click.echo(f"interrupted: `pnp {ctx.invoked_subcommand}` stopped before it finished; run it again "
                       "for complete output.", err=True)
            sys.exit(EXIT_INTERRUPTED)


@click.group(cls=_Main, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="pnp")
@click.option("--project", default=".", type=click.Path(file_okay=False), show_default=True,
              help="The project folder holding content/ and layouts/.")
@click.pass_context
def main(ctx, project):
    """Print-and-play asset generator: YAML cards + layouts → print-ready PDFs."""
    # A build makes millions of short-lived objects that hold no cycles (pieces, runs, tuples): with
    # CPython's default threshold (700) the cycle collector runs thousands of times over a growing heap.
    # Measured on 2 cores: 10,000 cards 10.4 → 8.8 s, the five games' CPU 3.85 → 3.66 s; peak memory
    # the same (190 MB). Workers are forked and keep it.
    gc.set_threshold(100_000, 20, 100)
    ctx.ensure_object(dict)
    ctx.obj["project"] = project
    _check_environment()


def _check_environment():
    """SOURCE_DATE_EPOCH dates every PDF: it must be a whole number of seconds from 1970 to 9999."""
    raw = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if raw and not (raw.isdigit() and raw.isascii() and int(raw) <= 253402300799):
        from pnp.core.errors import Pos, Problem
        _fail_input(Problems([Problem(Pos("SOURCE_DATE_EPOCH"), f"`{raw[:40]}` is not a whole number of seconds "
                                      "between 1970 and 9999", "unset it, or give e.g. `1700000000`")]))


LANG_HELP = "Language to build (a code from the game's languages), or `all`."


@main.command()
@click.argument("games", nargs=-1)
@click.option("--lang", default=None, help=LANG_HELP + " Default: each game's first language.")
@paper_option()
@click.option("--duplex", type=click.Choice(["long", "short", "fold", "none"]), default="long", show_default=True,
              help="long/short: backs mirrored for double-sided printing flipped on that edge; fold: fronts and "
                   "backs side by side to fold and glue; none: fronts only. A mode other than long is named in the file "
                   "(<game>.<lang>.<paper>.fold.pdf), so it never overwrites the duplex PDF.")
@click.option("--out", default="output", show_default=True, type=click.Path(), help="Output folder.")
@click.option("--back-offset", default="0,0", show_default=True,
              help="Shift every back page by X,Y mm (from `pnp calibrate`).")
@click.option("-j", "--jobs", default=0, type=click.IntRange(0),
              help="Processes to use: games built at once, and workers resolving a large deck's cards "
                   "(default: one per core; 1: a single process). The PDFs are the same whatever N.")
@click.option("--cover/--no-cover", default=True, show_default=True,
              help="Start with a cover page: title, contents with page numbers, how to print and assemble, "
                   "QR code to game.yaml `url`.")
@click.option("--ink-saver", is_flag=True, help="Light backgrounds and no full-bleed fills, for home printers "
              "(writes <game>.<lang>.<paper>.ink-saver.pdf).")
@click.option("--booklet", "booklet", type=click.Choice(["saddle", "none"]), default="saddle", show_default=True,
              help="Rules booklets: saddle = 2 pages a side on sheets to fold and staple; none = plain pages, "
                   "one per page (for reading on screen).")
@click.option("--only", default="", metavar="COMPONENT[,COMPONENT…]",
              help="Build only these components (e.g. `--only rules`), into <game>.<lang>.<paper>[.<duplex>].<ids>.pdf "
                   "(ids joined by +).")
@click.option("--strict", is_flag=True, help="Treat every warning (print lint included) as an error: exit 1, write nothing.")
@click.option("--draft", is_flag=True, help="Print what can be printed: a missing picture as a box with its file name, "
              "overflowing text at its minimum size with a red corner flag, errors as warnings, DRAFT on every page "
              "(writes <game>.<lang>.<paper>.draft.pdf).")
@click.option("--pack/--no-pack", default=True, show_default=True,
              help="Put small components (pawns, dice, tokens, a setup card …) on shared sheets; --no-pack: "
                   "every component on sheets of its own.")
@click.pass_context
def build(ctx, games, lang, paper, duplex, out, back_offset, jobs, cover, ink_saver, booklet, only, strict, draft, pack):
    """Render GAMES (all when none named) into OUT/<game>/."""
    from pnp.pipeline.build import Options
    proj = _project(ctx)
    try:
        outp = out_dir(out, proj.root)
        offset = back_offset_points(back_offset)
        names = proj.resolve_names(games)
        _draft_or_strict(draft, strict)
    except Problems as e:
        _fail_input(e)
    only_ids = tuple(dict.fromkeys(c.strip() for c in only.split(",") if c.strip()))
    from pnp.core.processes import default_jobs
    jobs = jobs or default_jobs()
    # several games: one process each, then the cores left over go to each game's own workers
    opts = Options(paper=paper, duplex=duplex, out=outp, back_offset=offset, cover=cover, ink_saver=ink_saver,
                   booklet=booklet, only=only_ids, strict=strict, draft=draft, pack=pack,
                   jobs=max(1, jobs // max(1, len(names))))
    tasks = [(str(proj.root), name, lang, opts) for name in names]
    from concurrent.futures.process import BrokenProcessPool
    try:
        results = build_all(tasks, jobs)
    except KeyboardInterrupt:  # Ctrl-C: stop at once; every file is whole (the old one or the new one)
        click.echo("interrupted: the build stopped; no file was left half-written.", err=True)
        sys.exit(EXIT_INTERRUPTED)
    except BrokenProcessPool:  # a worker was killed (out of memory, kill -9): its game wrote nothing
        click.echo("a build process ended abruptly (killed, or out of memory?); no file was left half-written "
                   "— run the build again (with -j 1 to use less memory).", err=True)
        sys.stdout.flush()
        sys.stderr.flush()
        # not sys.exit: the process pool's exit hook may then write to the dead worker's closed pipe and
        # print a traceback after the sentence (CPython's concurrent.futures, seen once in a few runs);
        # pnp registers no exit hooks of its own, and every file was closed as the stack unwound
        os._exit(EXIT_RULES)
    status = EXIT_OK
    for code, out_lines, err_lines in results:
        for line in err_lines:
            click.echo(line, err=True)
        for line in out_lines:
            click.echo(line)
        if code == EXIT_INPUT or (code == EXIT_RULES and status == EXIT_OK):
            status = code
    sys.exit(status)


def _draft_or_strict(draft: bool, strict: bool):
    from pnp.core.errors import Pos, Problem
    if draft and strict:
        raise Problems([Problem(Pos("--draft"), "--draft lowers errors to warnings and --strict raises warnings to errors",
                                "give one of them")])


@main.command("simulate")
@click.argument("game")
@click.option("--players", type=click.IntRange(1, 20), default=None, help="Only this player count (default: every one).")
@click.option("--mode", default=None, help="Only this mode (default: every one the game has).")
@click.option("--games", "count", type=click.IntRange(1, 1_000_000), default=1000, show_default=True,
              help="Games to play per player count and mode.")
@click.option("--seed", type=int, default=0, show_default=True, help="The same seed plays the same games.")
@click.option("-j", "--jobs", default=0, type=click.IntRange(0), help="Processes (default: one per core).")
@click.option("--json", "as_json", is_flag=True, help="Print the runs as JSON.")
@click.pass_context
def simulate_cmd(ctx, game, players, mode, count, seed, jobs, as_json):
    """Play GAME's rules (its rules.yaml, by its plug-in) in complete games with simple bots, for every
    player count and mode: lengths, how games end, wins by seat and role, decks that run out, ties, and
    every state no rule covers (an error: exit 1)."""
    import json as _json

    from pnp import rules
    from pnp.content.loader import load_game
    from pnp.core.errors import Pos, Problem
    from pnp.core.processes import default_jobs
    from pnp.rules import simulate
    proj = _project(ctx)
    try:
        [name] = proj.resolve_names([game])
        g = load_game(proj.content / name)
        plugin = rules.plugin_for(g)
        if plugin is None or plugin.simulate is None or plugin.configs is None:
            raise Problems([Problem(g.meta.at("rules") if "rules" in g.meta else g.pos,
                                    f"`{name}` has no rules plug-in that can play it"
                                    + (f" (`{plugin.name}` has no simulator)" if plugin else ""),
                                    "name a plug-in with `configs` and `simulate` hooks in game.yaml `rules:`")])
        configs = [(m, n) for m, n in plugin.configs(g) if (mode is None or m == mode) and (players is None or n == players)]
        if not configs:
            have = ", ".join(f"{m} {n}p" for m, n in plugin.configs(g))
            raise Problems([Problem(Pos("--players" if players is not None else "--mode"),
                                    f"`{name}` is not played that way (it has: {have})", "choose one of those")])
    except Problems as e:
        _fail_input(e)
    runs = simulate.run(plugin, g, configs, count, seed, jobs or default_jobs())
    if as_json:
        click.echo(_json.dumps({"game": name, "runs": runs}, ensure_ascii=False, indent=2))
    else:
        for line in simulate.text(name, runs):
            click.echo(line)
    if any(r["uncovered"] for r in runs):
        if not as_json:
            click.echo(f"{name}: the rules leave states uncovered — add the rules rules.yaml is missing", err=True)
        sys.exit(EXIT_RULES)


@main.command("plugins")
def plugins_cmd():
    """List the rules plug-ins installed: the names game.yaml `rules:` may give."""
    from pnp import rules
    found = rules.plugins()
    if not found:
        click.echo("no rules plug-ins are installed")
    for name, ep in sorted(found.items()):
        click.echo(f"{name:20} {ep.value}")


@main.command()
@click.argument("games", nargs=-1)
@click.option("--lang", default="all", show_default=True,
              help="Language to check (a code from the game's languages), or `all`: every language's faces and booklet.")
@click.option("--json", "as_json", is_flag=True, help="Print the findings as JSON.")
@click.option("--strict", is_flag=True, help="Treat every warning (print lint included) as an error (exit 1).")
@click.pass_context
def check(ctx, games, lang, as_json, strict):
    """Load, validate, run the rules engine and the print lint, without rendering."""
    from pnp.pipeline.build import check_game
    from pnp import lint, rules
    proj = _project(ctx)
    try:
        names = proj.resolve_names(games)
    except Problems as e:
        _fail_input(e)
    status, report = EXIT_OK, {}
    for name in names:
        try:
            prep, findings = _check_languages(check_game, proj, name, lang)
            if strict:
                findings = lint.strict(findings)
        except Problems as e:
            status = EXIT_INPUT
            found = getattr(e, "findings", [])
            report[name] = {"problems": [str(p) for p in e.problems], "findings": [f.as_json() for f in found]}
            if not as_json:
                _print_findings(found, stream_err=False)
                for p in e.problems:
                    click.echo(str(p), err=True)
            continue
        errors = [f for f in findings if f.severity == "error"]
        if errors and status == EXIT_OK:
            status = EXIT_RULES
        summary = rules.summary(prep.game)
        report[name] = {"checks": prep.checks, "findings": [f.as_json() for f in findings], "summary": summary}
        if not as_json:
            _print_findings(findings, stream_err=False)
            for line in summary:
                click.echo(line)
            click.echo(f"{name}: {'ok' if not errors else f'{len(errors)} error(s)'} "
                       f"({len(prep.checks)} checks, {len(findings)} findings)")
    if as_json:
        click.echo(json.dumps(report, ensure_ascii=False, indent=2))
    sys.exit(status)


def _check_languages(check_game, proj, name, lang):
    """check_game in each language asked for (`all`: the game's): every problem and finding of all of
    them, so a text that overflows only in English is found by the same `pnp check`."""
    from pnp.content.loader import load_game
    from pnp import lint
    langs = list(load_game(proj.content / name).languages) if lang in (None, "all") else [lang]
    prep, found, problems = None, [], []
    for lg in langs:
        try:
            got, fs = check_game(proj, name, lg)
            prep = prep or got
            found += fs
        except Problems as e:
            problems += [p for p in e.problems if p not in problems]
            found += list(getattr(e, "findings", []))
    found = lint.collapse(set(found))
    if problems:
        e = Problems(problems)
        e.findings = found
        raise e
    return prep, found


@main.command("list")
@click.pass_context
def list_(ctx):
    """The games found and their components with counts."""
    from pnp.content.loader import load_game
    proj = _project(ctx)
    for name in proj.games():
        try:
            g = load_game(proj.content / name)
        except Problems as e:
            click.echo(f"{name}: cannot load ({len(e.problems)} problems; run `pnp check {name}`)")
            continue
        title = g.title if isinstance(g.title, str) else g.title.get(g.languages[0])
        click.echo(f"{name} — {title} [{', '.join(g.languages)}]")
        for c in g.components.values():
            t = c.title if isinstance(c.title, str) else c.title.get(g.languages[0])
            n = f"{c.total:>4}" if c.kind != "booklet" else f"{'-':>4}"   # a booklet's pages depend on the paper
            click.echo(f"  {c.id:<22} {c.kind:<7} {n}  {t}")


@main.command()
def fonts():
    """Prepare the built-in fonts (convert to TrueType once; later builds reuse the cache)."""
    from pnp.text import fonts as fontmod
    t0 = time.perf_counter()
    names = fontmod.prepare_builtin()
    click.echo(f"fonts ready: {', '.join(names)} ({time.perf_counter() - t0:.1f} s; cache {fontmod.cache_dir()})")


def _attach():
    """Commands defined in their own modules."""
    from pnp.export.cli import export_cmd, preview_cmd, showcase_cmd
    main.add_command(export_cmd)
    main.add_command(preview_cmd)
    main.add_command(showcase_cmd)
    from pnp.commands.calibrate import command as calibrate_cmd
    main.add_command(calibrate_cmd())
    from pnp.commands.watch import command as watch_cmd
    main.add_command(watch_cmd())
    from pnp.commands.scaffold import command as new_cmd
    main.add_command(new_cmd())
    from pnp.commands.docs import command as docs_cmd
    main.add_command(docs_cmd())
    from pnp.commands.iconsheet import command as icons_cmd
    main.add_command(icons_cmd())
    from pnp.studio.cli import command as studio_cmd
    main.add_command(studio_cmd())


_attach()


from pnp.report.command import report  # noqa: E402  (`pnp report`; the command lives with the report)
main.add_command(report)


if __name__ == "__main__":   # `python -m pnp.commands.cli` as `python -m pnp` and the `pnp` script
    main()
