"""The floor: the same synthetic deck drawn with bare reportlab calls (no YAML, no templates, no
checks), to measure what pnp's pipeline costs on top of the PDF library itself.

usage: python bench/floor.py N OUT.pdf [ART_DIR]
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import qrcode
from qrcode.constants import ERROR_CORRECT_M
from reportlab.lib.colors import HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen import canvas

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from synth import QR, cards, make_art  # noqa: E402

MM = 72 / 25.4
W, H = 63 * MM, 88 * MM
PW, PH = 210 * MM, 297 * MM


def wrap(text, font, size, width):
    lines, line = [], ""
    for ch in text:
        if pdfmetrics.stringWidth(line + ch, font, size) > width:
            lines.append(line)
            line = ch
        else:
            line += ch
    return lines + [line]


def qr_rects(c, data, x, y, side):
    q = qrcode.QRCode(error_correction=ERROR_CORRECT_M, border=0, mask_pattern=0)
    q.add_data(data)
    q.make(fit=True)
    m = q.get_matrix()
    s = side / len(m)
    p = c.beginPath()
    for r, row in enumerate(m):
        for col, on in enumerate(row):
            if on:
                p.rect(x + col * s, y + side - (r + 1) * s, s, s)
    c.drawPath(p, stroke=0, fill=1)


def front(c, card, art_dir, font):
    c.setFillColor(HexColor("#fbf6ea"))
    c.rect(-3 * MM, -3 * MM, W + 6 * MM, H + 6 * MM, stroke=0, fill=1)
    c.drawImage(str(art_dir.parent / card["art"]), 4 * MM, H - 48 * MM, 55 * MM, 36 * MM)
    c.setFillColor(HexColor("#000000"))
    c.setFont(font, 12)
    c.drawString(4 * MM, H - 9 * MM, card["title"])
    c.setFont(font, 16)
    c.drawRightString(59 * MM, H - 9 * MM, str(card["value"]))
    c.setFont(font, 9)
    y = H - 55 * MM
    for line in wrap(card["body"], font, 9, 55 * MM):
        c.drawString(4 * MM, y, line)
        y -= 11.25
    qr_rects(c, QR.replace("{{ card.id }}", card["id"]), 48 * MM, H - 85 * MM, 11 * MM)


def back(c, font):
    c.setFillColor(HexColor("#2b2b34"))
    c.rect(-3 * MM, -3 * MM, W + 6 * MM, H + 6 * MM, stroke=0, fill=1)
    c.setStrokeColor(HexColor("#c9a227"))
    c.setLineWidth(1.2)
    c.roundRect(4 * MM, 4 * MM, 55 * MM, 80 * MM, 3 * MM)
    c.setFillColor(HexColor("#c9a227"))
    c.setFont(font, 16)
    c.drawCentredString(W / 2, H / 2, "BENCH")


def main(n, out, art_dir=None, font_path=None):
    from pnp.text import fonts
    ttf = fonts.to_truetype(fonts.builtin_path("noto-sans-tc"))
    pdfmetrics.registerFont(TTFont("Noto", str(ttf)))
    art_dir = Path(art_dir or tempfile.mkdtemp()) / "art"
    if not (art_dir / "art0.png").exists():
        make_art(art_dir)
    c = canvas.Canvas(out, invariant=1, initialFontName="Noto")
    x0, y0 = (PW - 3 * W) / 2, (PH - 3 * H) / 2
    deck = list(cards(n))
    for start in range(0, n, 9):
        batch = deck[start:start + 9]
        for side in ("front", "back"):
            for i, card in enumerate(batch):
                col, row = i % 3, i // 3
                if side == "back":
                    col = 2 - col
                c.saveState()
                x, y = x0 + col * W, y0 + (2 - row) * H
                p = c.beginPath()
                p.rect(x, y, W, H)
                c.clipPath(p, stroke=0, fill=0)
                c.translate(x, y)
                front(c, card, art_dir, "Noto") if side == "front" else back(c, "Noto")
                c.restoreState()
            c.setLineWidth(0.3)
            for k in range(4):
                c.line(x0 + k * W, y0 - 1 * MM, x0 + k * W, y0 - 4.5 * MM)
                c.line(x0 - 1 * MM, y0 + k * H, x0 - 4.5 * MM, y0 + k * H)
            c.showPage()
    c.save()


if __name__ == "__main__":
    main(int(sys.argv[1]), sys.argv[2], sys.argv[3] if len(sys.argv) > 3 else None)
