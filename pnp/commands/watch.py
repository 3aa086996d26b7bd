"""`pnp watch`: the command; the watching itself is pnp.pipeline.watch."""
from __future__ import annotations

from pathlib import Path

import click

from pnp.commands.options import back_offset_points, paper_option
from pnp.pipeline.watch import run


def command():
    @click.command("watch")
    @click.argument("games", nargs=-1)
    @click.option("--lang", default=None, help="Language to build (default: each game's first), or `all`.")
    @paper_option()
    @click.option("--duplex", type=click.Choice(["long", "short", "fold", "none"]), default="long", show_default=True)
    @click.option("--out", default="output", show_default=True, type=click.Path(), help="Output folder.")
    @click.option("--back-offset", default="0,0", show_default=True, help="Shift every back page by X,Y mm.")
    @click.option("--cover", is_flag=True, help="Start each PDF with a cover page.")
    @click.option("--ink-saver", is_flag=True, help="Light backgrounds and no full-bleed fills.")
    @click.option("--booklet", type=click.Choice(["saddle", "none"]), default="saddle", show_default=True,
                  help="Rules booklets: saddle-stitch sheets, or plain pages (none) for reading on screen.")
    @click.option("--only", default="", metavar="COMPONENT[,COMPONENT…]", help="Build only these components.")
    @click.option("--draft", is_flag=True, help="Placeholders for missing pictures, flagged overflowing text, "
                  "errors as warnings, DRAFT on every page (see `pnp build --draft`).")
    @click.option("--interval", default=0.3, show_default=True, type=click.FloatRange(0.05, 10),
                  help="Seconds between looks for changed files.")
    @click.pass_context
    def watch(ctx, games, lang, paper, duplex, out, back_offset, cover, ink_saver, booklet, only, draft, interval):
        """Rebuild GAMES (all when none named) whenever their files in content/ or layouts/ change."""
        from pnp.pipeline.build import Project
        from pnp.core.exits import guarded
        from pnp.core.output import out_dir
        project = Project(Path(ctx.obj["project"]))

        def start():
            outp = out_dir(out, project.root)
            names = project.resolve_names(games) if games else []
            if not games:
                project.resolve_names(())  # no games at all is a mistake worth saying at once
            return names, dict(paper=paper, duplex=duplex, out=outp, back_offset=back_offset_points(back_offset),
                               cover=cover, ink_saver=ink_saver, booklet=booklet, draft=draft,
                               only=tuple(dict.fromkeys(c.strip() for c in only.split(",") if c.strip())))
        names, options = guarded(start)
        try:
            run(project, names, lang, options, interval)
        except KeyboardInterrupt:
            click.echo("stopped watching.")
    return watch
