"""Charts as reportlab drawings (vector in the report PDF) and as PNG files (the same drawing,
rasterised with pdfium, so the picture on screen is the one in print).

Every chart has its title, axis titles, a value on every non-zero bar, and a legend. Bars are
vertical for a few categories and horizontal when there are many (long labels stay readable).
"""
from __future__ import annotations

import io
import math

from reportlab.graphics import renderPDF
from reportlab.graphics.charts.barcharts import HorizontalBarChart, VerticalBarChart
from reportlab.graphics.shapes import Drawing, Line, Rect, String
from reportlab.lib.colors import HexColor
from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.core.units import MM

# Okabe–Ito: distinguishable with colour-blindness and in greyscale print order
PALETTE = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"]
INK, GRID, MUTED = "#222222", "#d0d0d0", "#555555"
TITLE_SIZE, LABEL_SIZE, TICK_SIZE, VALUE_SIZE = 11, 8.5, 8, 7.5
PNG_DPI = 150


def _fmt(v) -> str:
    if isinstance(v, float) and not v.is_integer():
        return f"{v:.1f}".rstrip("0").rstrip(".") if abs(v) < 1000 else f"{v:,.0f}"
    return f"{int(v):,}"


def _nice_step(span: float, ticks: int = 6) -> float:
    if span <= 0:
        return 1
    raw = span / ticks
    mag = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 2.5, 5, 10):
        if raw <= m * mag:
            return m * mag
    return 10 * mag


def colours(names, palette: dict) -> list:
    """A colour per series: the game's palette colour of the same name when it has one."""
    out, i = [], 0
    used = set()
    for n in names:
        c = palette.get(n)
        if not c or c in used:
            c = PALETTE[i % len(PALETTE)]
            i += 1
        used.add(c)
        out.append(c)
    return out


def _fit(text: str, font: str, size: float, width: float) -> str:
    if stringWidth(text, font, size) <= width:
        return text
    while text and stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text + "…"


def _drawing(width, height, font) -> Drawing:
    d = Drawing(width, height)
    d.initialFontName = font   # the renderer's starting font: otherwise Helvetica, never embedded
    return d


def drawing(chart, font: str, width: float = 170 * MM, palette: dict | None = None) -> Drawing:
    """The chart as a reportlab Drawing `width` wide (height follows from the number of bars)."""
    labels = list(chart.labels)
    names = [n for n, _v in chart.series]
    data = [list(v) for _n, v in chart.series]
    cols = colours(names, palette or {})
    horizontal = len(labels) > 12 or max(stringWidth(lbl, font, TICK_SIZE) for lbl in labels) > 60 and len(labels) > 4
    lo = min(0, min(min(d) for d in data))
    hi = max(0, max(max(d) for d in data))
    step = _nice_step(hi - lo)
    if all(float(v).is_integer() for d in data for v in d):
        step = max(1, round(step))
    vmax = math.ceil(hi * 1.12 / step) * step if hi > 0 else step
    vmin = math.floor(lo * 1.12 / step) * step if lo < 0 else 0

    legend_rows = _legend_rows(names, font, width)
    top = 8 + TITLE_SIZE + 6 + legend_rows * 13 + 12      # title, legend rows, room for the top tick label
    if horizontal:
        label_w = min(max(stringWidth(lbl, font, TICK_SIZE) for lbl in labels) + 6, width * 0.35)
        bar_band = max(12, 4 + 8 * len(names))
        plot_h = bar_band * len(labels)
        height = top + plot_h + 36 + (12 if chart.note else 0)
        d = _drawing(width, height, font)
        bc = HorizontalBarChart()
        bc.x, bc.y = label_w + 8, 30 + (12 if chart.note else 0)
        bc.width, bc.height = width - bc.x - 24, plot_h
        # reportlab stacks categories bottom-up; read top-down like a table
        bc.data = [list(reversed(v)) for v in data]
        bc.categoryAxis.categoryNames = [_fit(lbl, font, TICK_SIZE, label_w - 4) for lbl in reversed(labels)]
        bc.categoryAxis.labels.boxAnchor = "e"
        bc.categoryAxis.labels.dx = -4
        bc.barLabels.boxAnchor = "w"
        bc.barLabels.dx = 2
        val_axis_title = (width / 2 + bc.x / 2, bc.y - 24)
        cat_axis_title = None
    else:
        plot_h = 46 * MM
        rotate = sum(stringWidth(lbl, font, TICK_SIZE) + 6 for lbl in labels) > width - 70
        label_h = (max(stringWidth(lbl, font, TICK_SIZE) for lbl in labels) * 0.6 + 10) if rotate else 14
        base = 20 + label_h + (12 if chart.note else 0)
        height = top + plot_h + base
        d = _drawing(width, height, font)
        bc = VerticalBarChart()
        bc.x, bc.y = 52, base
        bc.width, bc.height = width - bc.x - 10, plot_h
        bc.data = data
        bc.categoryAxis.categoryNames = labels
        if rotate:
            bc.categoryAxis.labels.angle = 35
            bc.categoryAxis.labels.boxAnchor = "ne"
        else:
            bc.categoryAxis.labels.boxAnchor = "n"
        bc.categoryAxis.labels.dy = -3
        bc.barLabels.boxAnchor = "s"
        bc.barLabels.dy = 1.5
        val_axis_title = None
        cat_axis_title = (bc.x + bc.width / 2, (12 if chart.note else 0) + 6)
    # common styling
    bc.valueAxis.valueMin, bc.valueAxis.valueMax, bc.valueAxis.valueStep = vmin, vmax, step
    bc.valueAxis.labelTextFormat = _fmt
    bc.valueAxis.labels.fontName = bc.categoryAxis.labels.fontName = font
    bc.valueAxis.labels.fontSize = bc.categoryAxis.labels.fontSize = TICK_SIZE
    bc.valueAxis.visibleGrid = 1
    bc.valueAxis.gridStrokeColor = HexColor(GRID)
    bc.valueAxis.gridStrokeWidth = 0.4
    bc.valueAxis.strokeColor = bc.categoryAxis.strokeColor = HexColor(MUTED)
    bc.categoryAxis.visibleTicks = 0
    bc.barLabelFormat = lambda v: "" if v == 0 else _fmt(v)
    bc.barLabels.fontName = font
    bc.barLabels.fontSize = VALUE_SIZE
    bc.barLabels.fillColor = HexColor(INK)
    bc.groupSpacing = 6 if len(names) > 1 else 8
    bc.barSpacing = 0.5
    for i, c in enumerate(cols):
        bc.bars[i].fillColor = HexColor(c)
        bc.bars[i].strokeColor = None
    d.add(bc)
    # title
    d.add(String(0, d.height - 8 - TITLE_SIZE, _fit(chart.title, font, TITLE_SIZE, width), fontName=font,
                 fontSize=TITLE_SIZE, fillColor=HexColor(INK)))
    # legend (own drawing: wraps and keeps the font)
    _legend(d, names, cols, font, width, d.height - 8 - TITLE_SIZE - 8)
    # axis titles
    y_title = chart.y_label or "value"
    x_title = chart.x_label
    if horizontal:
        d.add(String(val_axis_title[0], val_axis_title[1], y_title, fontName=font, fontSize=LABEL_SIZE,
                     fillColor=HexColor(MUTED), textAnchor="middle"))
        if x_title:
            d.add(String(0, bc.y + bc.height + 4, x_title, fontName=font, fontSize=LABEL_SIZE,
                         fillColor=HexColor(MUTED)))
    else:
        s = String(0, 0, y_title, fontName=font, fontSize=LABEL_SIZE, fillColor=HexColor(MUTED), textAnchor="middle")
        from reportlab.graphics.shapes import Group
        g = Group(s)
        g.translate(12, bc.y + bc.height / 2)
        g.rotate(90)
        d.add(g)
        if x_title:
            d.add(String(cat_axis_title[0], cat_axis_title[1], x_title, fontName=font, fontSize=LABEL_SIZE,
                         fillColor=HexColor(MUTED), textAnchor="middle"))
    if chart.note:
        d.add(String(0, 2, _fit(chart.note, font, TICK_SIZE, width), fontName=font, fontSize=TICK_SIZE,
                     fillColor=HexColor(MUTED)))
    if vmin < 0:
        if horizontal:
            x0 = bc.x + bc.width * (0 - vmin) / (vmax - vmin)
            d.add(Line(x0, bc.y, x0, bc.y + bc.height, strokeColor=HexColor(INK), strokeWidth=0.6))
        else:
            y0 = bc.y + bc.height * (0 - vmin) / (vmax - vmin)
            d.add(Line(bc.x, y0, bc.x + bc.width, y0, strokeColor=HexColor(INK), strokeWidth=0.6))
    return d


def _legend_items(names, font):
    return [(n, 12 + stringWidth(n, font, LABEL_SIZE) + 14) for n in names]


def _legend_rows(names, font, width) -> int:
    rows, x = 1, 0
    for _n, w in _legend_items(names, font):
        if x and x + w > width:
            rows, x = rows + 1, 0
        x += w
    return rows


def _legend(d, names, cols, font, width, y_top):
    x, y = 0, y_top - 9
    for (n, w), c in zip(_legend_items(names, font), cols):
        if x and x + w > width:
            x, y = 0, y - 13
        d.add(Rect(x, y, 9, 9, fillColor=HexColor(c), strokeColor=None))
        d.add(String(x + 12, y + 1, n, fontName=font, fontSize=LABEL_SIZE, fillColor=HexColor(INK)))
        x += w


def png(d: Drawing, dpi: int = PNG_DPI) -> bytes:
    """The drawing as PNG bytes: drawn into a one-page PDF and rasterised by pdfium on white."""
    import pypdfium2 as pdfium
    pdf_bytes = renderPDF.drawToString(d, autoSize=1)
    doc = pdfium.PdfDocument(pdf_bytes)
    try:
        page = doc[0]
        pad = 8  # a white margin round the chart
        bitmap = page.render(scale=dpi / 72, fill_color=(255, 255, 255, 255), may_draw_forms=False)
        img = bitmap.to_pil().convert("RGB")
        page.close()
    finally:
        doc.close()
    from PIL import Image
    out = Image.new("RGB", (img.width + 2 * pad, img.height + 2 * pad), "white")
    out.paste(img, (pad, pad))
    buf = io.BytesIO()
    out.save(buf, "PNG", optimize=True, dpi=(dpi, dpi))
    return buf.getvalue()
