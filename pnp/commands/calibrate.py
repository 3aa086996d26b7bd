"""`pnp calibrate`: a one-sheet duplex test page to measure how far a printer shifts the back side.

Side 1 has a grid, rulers and two red centre lines across the page. Side 2 has the same grid and
rulers, and two scales (X and Y, in mm, ticks every 0.5 mm) whose red zero ticks sit exactly where
the centre lines of side 1 are when the printer registers perfectly. Hold the printed sheet against a
light: the number on side 2's scale where side 1's red line shows through is the correction to pass
as `pnp build --back-offset X,Y`. The page is symmetric about its centre, so this holds whichever
edge the printer flips on. `--back-offset` here draws side 2 shifted, to check a correction (the
readings should then be 0).
"""
from __future__ import annotations

from pathlib import Path

from pnp.commands.options import back_offset_points, paper_option
from pnp.core.units import MM
from pnp.impose.page import paper_size

RED = GRID = INK = None   # reportlab colours, made by write(): `pnp --help` does not load reportlab


def _colours():
    global RED, GRID, INK
    from reportlab.lib.colors import HexColor
    RED, GRID, INK = HexColor("#e00000"), HexColor("#b8c4d0"), HexColor("#000000")
SCALE_MM = 10          # the scales read from −10 to +10 mm
SCALE_GAP = 25 * MM    # the scales sit this far from the centre lines (clear of each other)


def _grid(c, pw, ph):
    c.setStrokeColor(GRID)
    c.setLineWidth(0.25)
    x = pw / 2 % (10 * MM)
    while x < pw:
        c.line(x, 0, x, ph)
        x += 10 * MM
    y = ph / 2 % (10 * MM)
    while y < ph:
        c.line(0, y, pw, y)
        y += 10 * MM


def _rulers(c, pw, ph, font):
    """mm rulers along the top and left edges, 10 mm in from them: print at 100 % to read 100 mm."""
    c.setStrokeColor(INK)
    c.setFillColor(INK)
    c.setLineWidth(0.3)
    top, left = ph - 10 * MM, 10 * MM
    for i in range(0, int((pw - 20 * MM) / MM) + 1):
        x = left + i * MM
        n = 3 if i % 10 == 0 else 2 if i % 5 == 0 else 1.2
        c.line(x, top, x, top - n * MM)
        if i % 10 == 0:
            c.setFont(font, 5)
            c.drawCentredString(x, top - 5.5 * MM, str(i))
    for i in range(0, int((ph - 20 * MM) / MM) + 1):
        y = top - i * MM
        n = 3 if i % 10 == 0 else 2 if i % 5 == 0 else 1.2
        c.line(left, y, left + n * MM, y)
        if i % 10 == 0 and i:
            c.setFont(font, 5)
            c.drawString(left + 4 * MM, y - 1.5, str(i))


def _scale(c, cx, cy, horizontal, font, label):
    """A scale centred at (cx, cy): ticks every 0.5 mm, numbers every 2 mm, a red zero tick."""
    c.setFont(font, 4.5)
    for k in range(-2 * SCALE_MM, 2 * SCALE_MM + 1):
        v = k / 2
        n = 4 * MM if k == 0 else 3 * MM if k % 2 == 0 else 1.8 * MM
        c.setStrokeColor(RED if k == 0 else INK)
        c.setLineWidth(0.35 if k == 0 else 0.2)
        if horizontal:
            x = cx + v * MM
            c.line(x, cy, x, cy + n)
            if k % 4 == 0:
                c.setFillColor(RED if k == 0 else INK)
                c.drawCentredString(x, cy - 2.2 * MM, f"{abs(v):g}")
        else:
            y = cy + v * MM
            c.line(cx, y, cx + n, y)
            if k % 4 == 0:
                c.setFillColor(RED if k == 0 else INK)
                c.drawRightString(cx - 0.8 * MM, y - 1.5, f"{abs(v):g}")
    c.setFillColor(INK)
    c.setFont(font, 6)
    end = (SCALE_MM + 1.5) * MM
    if horizontal:  # the signs at the ends: + is right (and up) as seen on this side
        c.drawRightString(cx - end, cy + 0.5 * MM, "− ←")
        c.drawString(cx + end, cy + 0.5 * MM, "→ +")
        c.drawCentredString(cx, cy + 6 * MM, label)
    else:
        c.drawCentredString(cx + 1 * MM, cy + end, "+ ↑")
        c.drawCentredString(cx + 1 * MM, cy - end - 2 * MM, "− ↓")
        c.saveState()
        c.translate(cx + 9 * MM, cy)
        c.rotate(90)
        c.drawCentredString(0, 0, label)
        c.restoreState()


FRONT_TEXT = [
    "pnp printer calibration — side 1",
    "1. Print this PDF double-sided at 100 % (\"actual size\", no \"fit to page\"), the same way you will",
    "   print the cards (flip on the long edge unless your cards say otherwise).",
    "2. Check the ruler along the top: 100 mm should measure 100 mm. If not, switch off scaling.",
    "3. Hold the sheet against a window or a lamp, side 2 facing you.",
    "4. Where side 1's red vertical line shows through the X scale, read X; where the red",
    "   horizontal line shows through the Y scale, read Y (in mm, to the nearest 0.5).",
    "5. Build with those numbers: pnp build GAME --back-offset X,Y",
    "   To check: pnp calibrate --back-offset X,Y, print again, and both readings should be 0.",
]


def write(path: Path, paper: str = "a4", back_offset=(0.0, 0.0)) -> Path:
    """Write the two-page calibration PDF; back_offset is in points (as `pnp build` takes it)."""
    from reportlab.pdfgen import canvas as rl_canvas

    from pnp.text import fonts as fontmod
    _colours()
    pw, ph = paper_size(paper)
    fs = fontmod.FontSet({r: fontmod.builtin_path(n) for r, n in fontmod.DEFAULT_ROLES.items()})
    font = fs.name("sans")
    path.parent.mkdir(parents=True, exist_ok=True)
    from pnp.pipeline.build import atomic_output
    with atomic_output(path) as f:
        c = rl_canvas.Canvas(f, pagesize=(pw, ph), invariant=1, pageCompression=1)
        c.setTitle(f"pnp printer calibration ({paper})")
        c.setCreator("pnp")
        # side 1
        _grid(c, pw, ph)
        _rulers(c, pw, ph, font)
        c.setStrokeColor(RED)
        c.setLineWidth(0.35)
        c.line(pw / 2, 0, pw / 2, ph)
        c.line(0, ph / 2, pw, ph / 2)
        c.setFillColor(INK)
        y = 60 * MM
        for i, line in enumerate(FRONT_TEXT):
            c.setFont(font, 9 if i == 0 else 7)
            c.drawString(20 * MM, y, line)
            y -= 4 * MM
        c.showPage()
        # side 2, shifted by the offset being checked
        dx, dy = back_offset
        c.translate(dx, dy)
        _grid(c, pw, ph)
        _rulers(c, pw, ph, font)
        _scale(c, pw / 2, ph / 2 + SCALE_GAP, True, font, "X: read where side 1's red vertical line shows through")
        _scale(c, pw / 2 + SCALE_GAP, ph / 2, False, font, "Y: read where side 1's red horizontal line shows through")
        c.setFont(font, 9)
        c.drawString(20 * MM, 60 * MM, "pnp printer calibration — side 2")
        c.setFont(font, 7)
        c.drawString(20 * MM, 56 * MM, f"drawn with --back-offset {dx / MM:g},{dy / MM:g}" if (dx or dy) else
                     "drawn with no offset")
        c.showPage()
        c.save()
    return path


def command():
    import click

    @click.command("calibrate")
    @paper_option("Paper: a4 (default), letter, a3, a5, legal, tabloid, or custom:WxH in mm (as `pnp build`).")
    @click.option("--back-offset", default="0,0", show_default=True,
                  help="Draw side 2 shifted by X,Y mm, to check a correction (both readings should be 0).")
    @click.option("--out", default="output", show_default=True, type=click.Path(), help="Output folder.")
    @click.pass_context
    def calibrate(ctx, paper, back_offset, out):
        """Write a one-sheet duplex test page; read the back's offset from it for `build --back-offset`."""
        from pnp.core.exits import guarded
        from pnp.core.output import out_dir

        def run(paper=paper or "a4"):   # no game here: a4 unless told
            offset = back_offset_points(back_offset)
            path = write(out_dir(out, (ctx.obj or {}).get("project", ".")) / f"calibrate.{paper}.pdf", paper, offset)
            click.echo(f"wrote {path} (2 pages): print it double-sided at 100 %, hold it against a light, read X and Y "
                       f"on side 2, then build with --back-offset X,Y")
        guarded(run)
    return calibrate
