"""Art files a layout draws, checked before anything is drawn: an SVG parsed (and confined to the game
folder, pnp.layout.svgimage), a PNG or JPEG verified and decoded once, its size in pixels bounded (a
decompression bomb is refused) and a PNG cut short found (Pillow would print its missing rows black).
Results are kept per file (`image_info.cache_clear()` forgets them between builds of a session)."""
from __future__ import annotations

import warnings
from functools import lru_cache
from pathlib import Path

from pnp.core.paths import OUTSIDE, inside

MAX_PIXELS = 40_000_000


@lru_cache(maxsize=256)
def image_info(root: str, src: str):
    """(pieces, w, h) of an SVG, (path, w, h) of a bitmap, or what is wrong with the file (a string)."""
    real = _inside(root, src)
    if isinstance(real, str):
        return real
    if real.suffix.lower() == ".svg":
        from pnp.layout import svgimage
        try:
            pieces, w, h = svgimage.load(str(real), str(Path(root).resolve()))   # what it uses: inside root
        except svgimage.SvgError as e:
            return str(e)
        except OSError as e:
            return f"not a readable file ({e.__class__.__name__})"
        if not (w > 0 and h > 0):
            return "the SVG has no width or height (give it a viewBox)"
        return pieces, w, h
    return _bitmap_info(real)


def _inside(root: str, src: str):
    """The real path of `src` inside the game folder, or what is wrong with it."""
    got = inside(root, src)
    if got:
        return got.real
    return f"the {'path' if got.wrong == OUTSIDE else 'file'} {got.wrong.replace('the folder', 'the game folder')}"


def _bitmap_info(real: Path):
    from PIL import Image as PILImage, ImageFile
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", PILImage.DecompressionBombWarning)
            old, old_truncated = PILImage.MAX_IMAGE_PIXELS, ImageFile.LOAD_TRUNCATED_IMAGES
            PILImage.MAX_IMAGE_PIXELS = MAX_PIXELS
            ImageFile.LOAD_TRUNCATED_IMAGES = False   # strict, whatever another library asked for
            try:
                with PILImage.open(real) as im:
                    if im.format not in ("PNG", "JPEG"):
                        return f"{im.format} images are not supported"
                    w, h = im.size
                    if w * h > MAX_PIXELS:
                        return f"{w} x {h} px is too large (more than {MAX_PIXELS // 1_000_000} MP)"
                    im.verify()  # checksums; then decode every pixel: reportlab embeds a JPEG as it is,
                with PILImage.open(real) as im:  # so a truncated one would print as a grey block
                    im.load()
                    short = _png_short(real) if im.format == "PNG" else None
            finally:
                PILImage.MAX_IMAGE_PIXELS, ImageFile.LOAD_TRUNCATED_IMAGES = old, old_truncated
    except (PILImage.DecompressionBombError, PILImage.DecompressionBombWarning):
        return "the image is too large (decompression bomb?)"
    except Exception as e:  # Pillow raises many kinds of errors on corrupt files
        return f"not a readable image ({e.__class__.__name__})"
    return short or (str(real), float(w), float(h))


_ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))


def _png_short(real: Path):
    """What is wrong when a PNG's image data ends before its last row (Pillow prints the missing rows
    black without a word, strict or not), else None. The data is read and inflated in steps of 1 MB
    and counted, never kept; its checksums were verified already."""
    import struct
    import zlib
    with open(real, "rb") as f:
        f.seek(16)   # the signature, IHDR's length and name (Pillow found IHDR first)
        w, h, depth, colour, _c, _f, interlace = struct.unpack(">IIBBBBB", f.read(13))
        bits = depth * {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}.get(colour, 1)
        passes = _ADAM7 if interlace else ((0, 0, 1, 1),)
        rows = [(-(-(w - x0) // dx), -(-(h - y0) // dy)) for x0, y0, dx, dy in passes if w > x0 and h > y0]
        need = sum(n * (1 + (pw * bits + 7) // 8) for pw, n in rows)
        got, z = 0, zlib.decompressobj()
        f.seek(4, 1)   # IHDR's checksum
        while got < need:
            head = f.read(8)
            if len(head) < 8:
                break
            size, kind = struct.unpack(">I4s", head)
            if kind == b"IEND":
                break
            if kind != b"IDAT":
                f.seek(size + 4, 1)
                continue
            end = f.tell() + size + 4   # after the chunk's checksum
            while got < need and not z.eof and f.tell() < end - 4:
                data = f.read(min(1 << 20, end - 4 - f.tell()))
                while data and got < need and not z.eof:
                    got += len(z.decompress(data, 1 << 20))
                    data = z.unconsumed_tail
            f.seek(end)
    if got >= need:
        return None
    if interlace:
        return "the image data is incomplete (an interlaced PNG cut short): export the image again"
    return f"the image data ends after {got // (1 + (w * bits + 7) // 8)} of its {h} rows: export the image again"


