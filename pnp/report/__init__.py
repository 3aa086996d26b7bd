"""The deck report (`pnp report GAME`): see `pnp.report.make` for what it holds.

stats.py    the numbers: generic field distributions and the rules module's `report(game)` charts
charts.py   a chart as a reportlab drawing (vector in the PDF) and as a PNG
document.py the report PDF's flowables and pages, on the same PdfWriter a build uses
make.py     the orchestration: prepare → faces → charts → PDF + PNGs, written atomically
command.py  the click command, registered by pnp.commands.cli
"""
