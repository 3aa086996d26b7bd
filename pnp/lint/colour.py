"""Colour arithmetic for the print lint: WCAG contrast, CIEDE2000 and colour-vision deficiency.

- contrast: WCAG 2.x relative luminance of sRGB colours and the ratio (L1 + 0.05) / (L2 + 0.05);
- delta_e: CIEDE2000 (Sharma, Wu and Dalal 2005) between two sRGB colours (D65 white);
- simulate: dichromacy as modelled by Machado, Oliveira and Fernandes (2009), severity 1.0, applied to
  linear RGB — the matrices published with the paper (also used by colour-science and colorspacious);
- grey: what a black-and-white printer makes of a colour: Rec. 601 luma of the sRGB values
  (0.299 R + 0.587 G + 0.114 B, 0..255), the conversion printer drivers and Pillow's "L" mode use;
  `simulate(c, "greyscale")` gives that grey as a colour.
Plain Python: a few dozen colours per game, so no dependency is worth adding for this.
"""
from __future__ import annotations

import math
from functools import lru_cache

MACHADO = {  # severity 1.0: full dichromacy
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def rgb(hex_colour: str) -> tuple[float, float, float]:
    """'#rrggbb' → (r, g, b) in 0..1."""
    s = hex_colour.lstrip("#")
    if len(s) == 3:
        s = "".join(c * 2 for c in s)
    return tuple(int(s[i:i + 2], 16) / 255 for i in (0, 2, 4))


def to_hex(c) -> str:
    return "#" + "".join(f"{round(min(1.0, max(0.0, v)) * 255):02x}" for v in c)


def _lin(v: float) -> float:
    return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4


def _gamma(v: float) -> float:
    v = min(1.0, max(0.0, v))
    return v * 12.92 if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055


def luminance(hex_colour: str) -> float:
    """WCAG relative luminance (the WCAG 2 threshold 0.03928 and 0.04045 differ by nothing at 8 bits)."""
    r, g, b = (_lin(v) for v in rgb(hex_colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@lru_cache(maxsize=4096)
def contrast(a: str, b: str) -> float:
    la, lb = luminance(a), luminance(b)
    hi, lo = max(la, lb), min(la, lb)
    return (hi + 0.05) / (lo + 0.05)


def blend(top: str, under: str, alpha: float) -> str:
    """`top` painted at `alpha` over `under` (in sRGB values, as a PDF viewer composites them)."""
    t, u = rgb(top), rgb(under)
    return to_hex(tuple(alpha * a + (1 - alpha) * b for a, b in zip(t, u)))


@lru_cache(maxsize=4096)
def grey(hex_colour: str) -> int:
    """The grey level (0 black .. 255 white) a black-and-white print gives the colour."""
    r, g, b = rgb(hex_colour)
    return round((0.299 * r + 0.587 * g + 0.114 * b) * 255)


@lru_cache(maxsize=4096)
def simulate(hex_colour: str, kind: str) -> str:
    """How a dichromat of `kind` (protanopia, deuteranopia, tritanopia) sees the colour, or a
    black-and-white printer prints it (`greyscale`)."""
    if kind == "greyscale":
        v = grey(hex_colour)
        return f"#{v:02x}{v:02x}{v:02x}"
    lin = [_lin(v) for v in rgb(hex_colour)]
    m = MACHADO[kind]
    out = [sum(m[i][j] * lin[j] for j in range(3)) for i in range(3)]
    return to_hex(tuple(_gamma(v) for v in out))


@lru_cache(maxsize=4096)
def lab(hex_colour: str) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour."""
    r, g, b = (_lin(v) for v in rgb(hex_colour))
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = (0.2126729 * r + 0.7151522 * g + 0.0721750 * b) / 1.0
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e_lab(lab1, lab2) -> float:
    """CIEDE2000 colour difference of two L*a*b* colours (kL = kC = kH = 1)."""
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    cm = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(cm ** 7 / (cm ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if (a1p or b1) else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if (a2p or b2) else 0.0
    dL = L2 - L1
    dC = c2p - c1p
    if c1p * c2p == 0:
        dh = 0.0
    elif abs(h2p - h1p) <= 180:
        dh = h2p - h1p
    elif h2p - h1p > 180:
        dh = h2p - h1p - 360
    else:
        dh = h2p - h1p + 360
    dH = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    Lm = (L1 + L2) / 2
    cmp_ = (c1p + c2p) / 2
    if c1p * c2p == 0:
        hm = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hm = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        hm = (h1p + h2p + 360) / 2
    else:
        hm = (h1p + h2p - 360) / 2
    t = (1 - 0.17 * math.cos(math.radians(hm - 30)) + 0.24 * math.cos(math.radians(2 * hm))
         + 0.32 * math.cos(math.radians(3 * hm + 6)) - 0.20 * math.cos(math.radians(4 * hm - 63)))
    d_theta = 30 * math.exp(-(((hm - 275) / 25) ** 2))
    rc = 2 * math.sqrt(cmp_ ** 7 / (cmp_ ** 7 + 25 ** 7))
    sl = 1 + 0.015 * (Lm - 50) ** 2 / math.sqrt(20 + (Lm - 50) ** 2)
    sc = 1 + 0.045 * cmp_
    sh = 1 + 0.015 * cmp_ * t
    rt = -math.sin(math.radians(2 * d_theta)) * rc
    return math.sqrt((dL / sl) ** 2 + (dC / sc) ** 2 + (dH / sh) ** 2 + rt * (dC / sc) * (dH / sh))


@lru_cache(maxsize=8192)
def delta_e(a: str, b: str) -> float:
    return delta_e_lab(lab(a), lab(b))
