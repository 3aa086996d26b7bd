"""Helpers for tests that open PDFs as a user's tools would."""
from __future__ import annotations

import pikepdf

MM = 72 / 25.4


def fonts_of(pdf: pikepdf.Pdf) -> dict:
    """BaseFont name → embedded? for every font used on any page or in any form XObject."""
    found = {}

    def walk(res, seen):
        if res is None or res.objgen in seen and res.objgen != (0, 0):
            return
        seen.add(res.objgen)
        for _n, f in (res.get("/Font") or {}).items():
            desc = f.DescendantFonts[0].FontDescriptor if "/DescendantFonts" in f else f.get("/FontDescriptor")
            embedded = desc is not None and any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
            found[str(f.BaseFont)] = embedded
        for _n, x in (res.get("/XObject") or {}).items():
            if "/Resources" in x:
                walk(x.Resources, seen)

    seen = set()
    for page in pdf.pages:
        walk(page.get("/Resources"), seen)
    return found


def box(page, name) -> tuple:
    return tuple(float(v) for v in page[name])


def page_text(path) -> list[str]:
    from pypdf import PdfReader
    return [p.extract_text() or "" for p in PdfReader(str(path)).pages]
