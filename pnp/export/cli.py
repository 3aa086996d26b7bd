"""Commands `pnp export` and `pnp preview` (attached to the `pnp` group in pnp/cli.py)."""
from __future__ import annotations


import time
from pathlib import Path

import click

from pnp.core.errors import Pos, Problem, Problems
from pnp.core.exits import guarded  # noqa: F401  (the studio and commands end the same way)
from pnp.core.output import out_dir

TARGETS = ("png", "printshop", "tts")


def _project(ctx):
    from pnp.pipeline.build import Project
    return Project(Path(ctx.obj["project"]))


def _langs(proj, game_id, lang):
    if lang != "all":
        return [lang]
    from pnp.content.loader import load_game
    return list(load_game(proj.content / game_id).languages)


@click.command("export")
@click.argument("game")
@click.option("--to", "target", type=click.Choice(TARGETS), required=True,
              help="png: every face at --dpi with bleed; printshop: The Game Crafter and MakePlayingCards "
                   "files; tts: Tabletop Simulator deck sheets, tiles and a saved object.")
@click.option("--lang", default=None, help="Language (default: the game's first), or `all`.")
@click.option("--dpi", default=300, show_default=True, type=click.IntRange(36, 1200), help="Resolution of --to png.")
@click.option("--shop", type=click.Choice(["all", "tgc", "mpc"]), default="all", show_default=True,
              help="Print-shop profile for --to printshop.")
@click.option("--base-url", default=None, metavar="URL",
              help="--to tts: where you host the exported files (the saved object's image URLs become "
                   "URL/<file>); default: file URIs to the export folder.")
@click.option("--out", default="output", show_default=True, type=click.Path(), help="Output folder.")
@click.pass_context
def export_cmd(ctx, game, target, lang, dpi, shop, base_url, out):
    """Export GAME's faces as PNG files, print-shop uploads or Tabletop Simulator decks.

    Writes OUT/<game>/<target>/<lang>/; the folder is replaced only when the export completes."""
    from pnp.export import collect, replace_dir
    proj = _project(ctx)

    def run():
        outp = out_dir(out, proj.root)
        [name] = proj.resolve_names([game])
        if base_url is not None and not base_url.startswith(("https://", "http://")):
            raise Problems([Problem(Pos("--base-url"), f"`{base_url}` is not a web address",
                                    "give the http(s) address of the folder where you upload the files")])
        for lg in _langs(proj, name, lang) if lang else [None]:
            t0 = time.perf_counter()
            col = collect(proj, name, lg)
            dest = outp / name / target / col.lang
            with replace_dir(dest, outp) as tmp:
                if target == "png":
                    from pnp.export import png
                    rep = png.export(col, tmp, float(dpi))
                    sizes = ", ".join(f"{w} x {h} px" for w, h in rep["sizes"])
                    summary = [f"{rep['files']} PNG files at {dpi} dpi with bleed ({sizes})"]
                elif target == "printshop":
                    from pnp.export import printshop
                    shops = list(printshop.PROFILES) if shop == "all" else [printshop.SHOP_ALIASES[shop]]
                    rep = printshop.export(col, tmp, shops)
                    summary = [f"{printshop.PROFILES[s].shop} / {d}: {what}" for s, decks in rep.items()
                               for d, what in decks.items()]
                else:
                    from pnp.export import tts
                    rep = tts.export(col, tmp, dest, base_url)
                    summary = [f"{d}: {what}" for d, what in rep.items()]
            for line in summary:
                click.echo(f"  {line}")
            click.echo(f"wrote {dest}/ ({time.perf_counter() - t0:.2f} s)")
    guarded(run)


@click.command("preview")
@click.argument("game")
@click.argument("card_id", required=False)
@click.option("--face", type=click.Choice(["front", "back"]), default="front", show_default=True)
@click.option("--sheet", is_flag=True, help="A contact sheet of every face instead of one card.")
@click.option("--dpi", default=150, show_default=True, type=click.IntRange(36, 1200))
@click.option("--lang", default=None, help="Language (default: the game's first).")
@click.option("--out", default="output", show_default=True, type=click.Path(), help="Output folder.")
@click.option("--draft", is_flag=True, help="Show what can be printed, as `pnp build --draft`: a missing picture as "
              "a box with its file name, overflowing text at its minimum size with a red corner flag, errors as "
              "warnings (writes <card>.<lang>.<face>.draft.png).")
@click.pass_context
def preview_cmd(ctx, game, card_id, face, sheet, dpi, lang, out, draft):
    """Write CARD_ID's face (or, with --sheet, every face) of GAME as a PNG and print its path.

    The PNG is the face as it prints (rasterised from the PDF drawing), trim and bleed included."""
    from pnp.export import preview
    proj = _project(ctx)

    def run():
        outp = out_dir(out, proj.root)
        [name] = proj.resolve_names([game])
        if not sheet and not card_id:
            raise Problems([Problem(Pos(f"content/{name}/game.yaml"), "which card? no CARD_ID given",
                                    f"run `pnp preview {name} CARD_ID` or `pnp preview {name} --sheet`")])
        def warn(finding):
            click.echo(str(finding), err=True)
        path = (preview.sheet(proj, name, lang, dpi, outp, draft, warn) if sheet
                else preview.card(proj, name, card_id, face, lang, dpi, outp, draft, warn))
        click.echo(str(path))
    guarded(run)


@click.command("showcase")
@click.argument("game")
@click.argument("cards", nargs=-1)
@click.option("--hand", is_flag=True, help="Also a fanned hand of the same cards.")
@click.option("--dpi", default=150, show_default=True, type=click.IntRange(36, 600))
@click.option("--lang", default=None, help="Language (default: the game's first).")
@click.option("--out", default="output", show_default=True, type=click.Path(), help="Output folder.")
@click.pass_context
def showcase_cmd(ctx, game, cards, hand, dpi, lang, out):
    """Images of GAME's cards for a game page: CARDS (ids; default: the first card of each deck) in a row
    with a shadow and a reflection, and with --hand fanned as a hand; into OUT/<game>/showcase/."""
    from pnp.export import showcase
    proj = _project(ctx)

    def run():
        outp = out_dir(out, proj.root)
        [name] = proj.resolve_names([game])
        for path in showcase.showcase(proj, name, cards, lang, dpi, outp, fan=hand):
            click.echo(str(path))
    guarded(run)
