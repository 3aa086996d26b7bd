"""The writer's fast way of drawing a face into a form writes the same PDF code as drawing it piece by
piece through reportlab (pnp.render.draw.draw_fast against draw_piece), and its memory of drawn
shapes follows the pieces: a changed piece is drawn anew."""
import io

from reportlab.pdfgen import canvas as rl_canvas

from pnp.core.pieces import Image, Run, Shape, Stencil
from pnp.text import fonts
from pnp.render.draw import draw_fast, draw_piece

MM = 72 / 25.4
TURN = (0.0, 1.0, -1.0, 0.0, 40.0, 5.0)


def _pieces(font, art):
    box = (("R", 2, 3, 40, 50, 0.0),)
    curve = (("M", 1, 2), ("L", 30, 4.25), ("C", 5, 6, 7, 8, 9.5, 10), ("Z",), ("E", 3, 4, 10, 12))
    return (
        Shape(box, fill="#fafafa"),
        Shape((("R", 2, 3, 40, 50, 2.5),), fill="#123456", stroke="#abcdef", width=0.7, dash=(3, 1.5),
              join=(1, 2, 4.0)),
        Shape(curve, stroke="#ff0000", width=1.25),
        Shape(curve, fill="#00ff00", transform=TURN),
        Shape(box, role="cut"), Shape(box, role="fold"), Shape(box, role="glue"), Shape(box, role="window"),
        Shape(box),                                   # nothing to paint
        Shape(box, transform=TURN),                   # nothing to paint, but turned
        Shape(box, fill="#fafafa"),                   # drawn again: from memory
        Run(3, 20, "Hello (world) \\ 1", font, 9.5, "#202020"),
        Run(3, 30, "粗體 bold", font, 12, "#000080", bold=True),
        Run(3, 40, "斜體 italic", font, 7, "#333333", italic=True),
        Run(3, 50, "轉 turned", font, 8, "#000000", bold=True, italic=True, transform=TURN),
        Run(3, 55, "", font, 8, "#000000"),
        Stencil(5, 5, 20, 20, ((True, False, True), (False, True, False), (True, True, True)), "#111111"),
        Stencil(5, 5, 20, 20, ((True,) * 9,) * 2, "#111111", transform=TURN),
        Image(str(art), 1, 2, 30, 20, clip=(2, 3, 10, 10)),
        Run(3, 60, "Hello again", font, 9.5, "#202020"),
    )


def _code(pieces, fast: bool, memo=None):
    c = rl_canvas.Canvas(io.BytesIO(), invariant=1, pageCompression=1)
    out = []
    for _ in range(2):     # the second time, fonts and images are known to the document
        c.beginForm(f"F{len(out)}", 0, 0, 60 * MM, 60 * MM)
        if fast:
            draw_fast(c, pieces, 60 * MM, memo if memo is not None else {})
        else:
            for p in pieces:
                draw_piece(c, p, 60 * MM)
        out.append(list(c._code))
        c.endForm()
    return out, c._doc._pdfVersion


def _art(tmp_path):
    from PIL import Image as PILImage
    path = tmp_path / "art.png"
    PILImage.new("RGB", (8, 8), (200, 30, 30)).save(path)
    return path


def test_fast_code_is_reportlab_code(tmp_path):
    font = fonts.register(str(fonts.builtin_path("noto-sans-tc")))
    pieces = _pieces(font, _art(tmp_path))
    assert _code(pieces, fast=True) == _code(pieces, fast=False)


def test_memory_of_shapes_follows_the_piece(tmp_path):
    font = fonts.register(str(fonts.builtin_path("noto-sans-tc")))
    memo: dict = {}
    a = (Shape((("R", 2, 3, 40, 50, 0.0),), fill="#fafafa", stroke="#000000"),)
    first, _v = _code(a, fast=True, memo=memo)
    assert memo, "the shape's code was not remembered"
    b = (Shape((("R", 2, 3, 40, 50, 0.0),), fill="#fafafa", stroke="#000000", width=2.0),)
    again, _v = _code(b, fast=True, memo=memo)
    assert again != first and again == _code(b, fast=False)[0]
    assert font


def test_stencil_hex_rows():
    def plain(rows):   # each row padded to whole bytes, most significant bit first
        n = (len(rows[0]) + 7) // 8
        return "".join(int("".join("1" if v else "0" for v in r).ljust(8 * n, "0"), 2).to_bytes(n, "big").hex()
                       for r in rows)
    for w in (1, 7, 8, 9, 21, 33):
        rows = tuple(tuple((x * 7 + y * 3) % 5 < 2 for x in range(w)) for y in range(w))
        assert Stencil(0, 0, 1, 1, rows, "#000000").hexrows == plain(rows)
    assert Stencil(0, 0, 1, 1, ((False,) * 9,) * 2, "#000000").hexrows == "0000" * 2


def test_reportlab_helpers_keep_their_results():
    import pnp.render.pdf  # noqa: F401  (speeds them up)
    from reportlab.pdfbase import pdfdoc

    def enc(x):   # reportlab's own
        try:
            return x.encode("extpdfdoc")
        except UnicodeEncodeError:
            return "error"

    def fast(x):
        try:
            return pdfdoc.pdfdocEnc(x)
        except UnicodeEncodeError:
            return "error"
    for text in [chr(i) for i in range(300)] + ["q 1 0 0 rg\n0 0 m (a\\)b) Tj Q", "é ü", "a\x1fb", ""]:
        assert fast(text) == enc(text), repr(text)
    assert pdfdoc.pdfdocEnc(b"\x18") == b"\x18"
    for name in ("Type", "XObject", "a b", "F1#", "x(y)"):
        assert pdfdoc.PDFName(name) == pdfdoc.PDFName(name) == "/" + "".join(
            c if "!" <= c <= "~" and c not in "%()<>{}[]#" else "#" + hex(ord(c))[2:] for c in name)
