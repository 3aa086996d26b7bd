"""Pages of a faces PDF → images, in a process pool across the available cores.

A job names a page, a scale (pixels per point), whether to keep the bleed, and what to do with the
image: write it as a PNG (fast compression, DPI recorded), fit it to a print shop's canvas, or hand
its RGB pixels back (for sheets composed afterwards). pdfium is opened inside each worker process.
"""
from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

PNG_LEVEL = 1   # zlib level: about 3x faster to write than the default, files ~15 % larger


@dataclass(frozen=True)
class Job:
    page: int
    scale: float                 # pixels per PDF point
    bleed: bool = True           # keep the bleed (False: crop to the trim box)
    out: str | None = None       # write a PNG here; None: return (size, RGB bytes)
    dpi: float = 300.0           # recorded in the PNG
    canvas: tuple | None = None  # (W, H) px: centre on this canvas, edge pixels extended or cropped
    size: tuple | None = None    # (W, H) px: resize to exactly this
    cut: tuple | None = None     # (shape, radius in pt): transparent outside the cut line (circle, rounded)


_doc = None


def _init(data: bytes):
    global _doc
    import pypdfium2 as pdfium
    _doc = pdfium.PdfDocument(data)


def _worker(data: bytes):
    from pnp.core.processes import die_with_parent
    die_with_parent()
    _init(data)


def _render(job: Job, bleeds: tuple):
    page = _doc[job.page]
    crop = (0, 0, 0, 0) if job.bleed else (bleeds[job.page],) * 4
    img = page.render(scale=job.scale, crop=crop).to_pil().convert("RGB")
    if job.size and img.size != tuple(job.size):
        from PIL import Image
        img = img.resize(tuple(job.size), Image.LANCZOS)
    if job.canvas:
        img = fit_canvas(img, job.canvas)
    if job.cut:
        img = cut_out(img, job.cut, job.scale, bleeds[job.page] * job.scale if job.bleed else 0.0)
    if job.out is None:
        return img.size, img.tobytes()
    save_png(img, job.out, job.dpi)
    return img.size, None


def _run_chunk(args):
    jobs, bleeds = args
    return [_render(j, bleeds) for j in jobs]


def save_png(img, path, dpi=300.0):
    img.save(path, "PNG", compress_level=PNG_LEVEL, dpi=(dpi, dpi))


def cut_out(img, cut, scale, bleed_px):
    """The image with an alpha channel: opaque inside the piece's cut line (a circle or rounded
    rectangle inset by the bleed), transparent outside it; the edge is antialiased."""
    from PIL import Image, ImageDraw
    shape, radius = cut
    k = 4                                        # supersampling for a smooth edge
    w, h = img.size
    mask = Image.new("L", (w * k, h * k), 0)
    d = ImageDraw.Draw(mask)
    box = (bleed_px * k, bleed_px * k, (w - bleed_px) * k - 1, (h - bleed_px) * k - 1)
    if shape == "circle":
        d.ellipse(box, fill=255)
    else:
        d.rounded_rectangle(box, radius=radius * scale * k, fill=255)
    out = img.convert("RGBA")
    out.putalpha(mask.resize((w, h), Image.LANCZOS))
    return out


def fit_canvas(img, size):
    """Centre img on a canvas of `size`; where the canvas is larger, the image's edge pixels are
    extended outwards (bleed that continues the design); where smaller, the image is cropped."""
    from PIL import Image
    W, H = size
    w, h = img.size
    left, top = (W - w) // 2, (H - h) // 2
    if left < 0 or top < 0:  # crop first where the image is larger
        cx, cy = max(0, -left), max(0, -top)
        img = img.crop((cx, cy, cx + min(w, W), cy + min(h, H)))
        w, h = img.size
        left, top = max(0, left), max(0, top)
    if (w, h) == (W, H):
        return img
    out = Image.new("RGB", (W, H))
    out.paste(img, (left, top))
    right, bottom = W - left - w, H - top - h
    if left:
        out.paste(img.crop((0, 0, 1, h)).resize((left, h)), (0, top))
    if right:
        out.paste(img.crop((w - 1, 0, w, h)).resize((right, h)), (left + w, top))
    if top:
        out.paste(out.crop((0, top, W, top + 1)).resize((W, top)), (0, 0))
    if bottom:
        out.paste(out.crop((0, top + h - 1, W, top + h)).resize((W, bottom)), (0, top + h))
    return out


def workers() -> int:
    try:
        n = len(os.sched_getaffinity(0))
    except AttributeError:
        n = os.cpu_count() or 1
    return max(1, min(n, int(os.environ.get("PNP_JOBS", n) or n)))


def run(pdf: bytes, bleeds: list, jobs: list) -> list:
    """Run jobs over the pages of `pdf` (bleeds: each page's bleed in points); results in job order.
    Jobs that differ only in the file they write are rendered once; the file is then copied."""
    import shutil
    first: dict = {}
    unique, copies = [], []
    for i, j in enumerate(jobs):
        key = (j.page, j.scale, j.bleed, j.dpi, j.canvas, j.size, j.cut, j.out is None)
        if j.out is not None and key in first:
            copies.append((i, first[key]))
        else:
            first.setdefault(key, i)
            unique.append(i)
    done = dict(zip(unique, _run([jobs[i] for i in unique], tuple(bleeds), pdf)))
    for i, src in copies:
        shutil.copyfile(jobs[src].out, jobs[i].out)
        done[i] = done[src]
    return [done[i] for i in range(len(jobs))]


def _run(jobs, bleeds, pdf):
    from pnp.core.progress import Progress
    n = workers()
    if n == 1 or len(jobs) < 4:
        _init(pdf)
        with Progress(len(jobs), "images") as bar:
            out = []
            for j in jobs:
                out.append(_render(j, bleeds))
                bar.advance()
            return out
    # contiguous chunks keep each worker on few pages; several chunks per worker balance the load
    k = max(1, min(16, len(jobs) // (n * 3) or 1))
    chunks = [(jobs[i:i + k], bleeds) for i in range(0, len(jobs), k)]
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with ProcessPoolExecutor(max_workers=n, mp_context=ctx, initializer=_worker, initargs=(pdf,)) as pool:
        out = []
        with Progress(len(jobs), "images") as bar:
            for part in pool.map(_run_chunk, chunks):  # in order, as they complete
                out.extend(part)
                bar.advance(len(part))
        return out
