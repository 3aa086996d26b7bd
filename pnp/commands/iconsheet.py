"""`pnp icons [GAME]`: a sheet of every icon a layout can use (built-in, the project's common/ and the
game's own: its icons.yaml and the PNG and SVG files of its `icons/` folder, `:name:` in text), each
drawn in a box with its name under it (and a file icon's file), for a designer to pick from."""
from __future__ import annotations

from pathlib import Path

import click

from pnp.core.errors import Problems
from pnp.core.units import MM

COLS, BOX, PITCH_X, PITCH_Y, MARGIN = 6, 14 * MM, 30 * MM, 28 * MM, 15 * MM
A4 = (210 * MM, 297 * MM)


def write_sheet(target: Path, icons: dict, title: str, font_path, out_root: Path) -> int:
    """Draw `icons` on A4 pages into `target`; returns the number of pages."""
    from reportlab.pdfgen import canvas as rl_canvas
    from pnp.core.output import atomic_output
    from pnp.text import fonts as fontmod
    from pnp.render.pdf import draw_piece
    fs = fontmod.FontSet({"sans": font_path})
    font = fs.name("sans")
    w, h = A4
    per_page = COLS * int((h - 2 * MARGIN - 10 * MM) // PITCH_Y)
    names = sorted(icons)
    pages = 0
    with atomic_output(target, root=out_root) as f:
        c = rl_canvas.Canvas(f, pagesize=A4, invariant=1, pageCompression=1)
        c.setTitle(title)
        c.setCreator("pnp")
        for start in range(0, max(len(names), 1), per_page):
            c.setFont(font, 12)
            c.drawString(MARGIN, h - MARGIN, title)
            for k, name in enumerate(names[start:start + per_page]):
                col, row = k % COLS, k // COLS
                x = MARGIN + col * PITCH_X + (PITCH_X - BOX) / 2
                y = MARGIN + 10 * MM + row * PITCH_Y          # top-left origin, as layouts draw
                for piece in icons[name].draw(x, y, BOX, BOX, "#000000"):
                    draw_piece(c, piece, h)
                c.setFont(font, 7)
                c.setFillColorRGB(0.2, 0.2, 0.2)
                c.drawCentredString(x + BOX / 2, h - (y + BOX + 4 * MM), name)
                rel = getattr(icons[name], "rel", None)   # a file of the game's icons/ folder
                if rel:
                    c.setFont(font, 5.5)
                    c.drawCentredString(x + BOX / 2, h - (y + BOX + 7 * MM), rel)
            c.showPage()
            pages += 1
        c.save()
    return pages


def command():
    @click.command("icons")
    @click.argument("game", required=False)
    @click.option("--out", default="output", show_default=True, type=click.Path(file_okay=False), help="Output folder.")
    @click.pass_context
    def icons(ctx, game, out):
        """Write a sheet of every icon (built-in, and GAME's own: icons.yaml and the PNG/SVG files of its icons/
        folder) with its name: OUT/icons.pdf or OUT/GAME/icons.pdf."""
        from pnp.pipeline.build import Project, game_icons, icon_files
        from pnp.core.exits import fail_input as _fail_input
        from pnp.core.output import out_dir
        from pnp.layout.icons import load_icons
        from pnp.text import fonts as fontmod
        proj = Project(Path(ctx.obj["project"]))
        try:
            outp = out_dir(out, proj.root)
            if game:
                proj.resolve_names([game])
            found = game_icons(proj, game)[0] if game else load_icons(icon_files(proj, "")[:2])
            files = sum(1 for i in found.values() if getattr(i, "rel", None))
            target = outp / game / "icons.pdf" if game else outp / "icons.pdf"
            n = write_sheet(target, found, f"Icons{' of ' + game if game else ''}: {len(found)}"
                            + (f" ({files} file{'s' if files != 1 else ''} of its icons/ folder)" if files else ""),
                            fontmod.builtin_path(fontmod.DEFAULT_ROLES["sans"]), outp)
        except Problems as e:
            _fail_input(e)
        click.echo(f"wrote {target} ({len(found)} icons, {n} page{'s' if n != 1 else ''})")
    return icons
