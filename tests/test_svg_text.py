"""SVG `<text>` drawn as text runs in the game's fonts (pnp/layout/svgtext.py): placed, anchored,
turned with its transforms, CJK in the built-in font, and what it does not draw refused by name."""
import pytest

from facekit import pixels
from test_layout_svg import _problems_of, _svg_game


def _svg(body, box="0 0 100 50"):
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{box}" width="100" height="50">\n{body}\n</svg>'


def _face(tmp_path, body, **el):
    from pnp.export import collect
    col = collect(_svg_game(tmp_path, _svg(body), **el), "g")
    return col, col.decks[0].cards[0].front


def _runs(face):
    from pnp.core.pieces import Run
    return [p for p in face.pieces if isinstance(p, Run)]


def test_text_is_a_run_in_the_games_font_at_its_place(tmp_path):
    col, face = _face(tmp_path, '<text x="10" y="20" font-size="10" fill="#ff0000">Hi</text>')
    (run,) = _runs(face)
    # the box is 40 x 20 mm at y 10 mm: 100 units → 40 mm, so one unit is 0.4 mm
    k = 40 * 72 / 25.4 / 100
    assert run.text == "Hi" and run.color == "#ff0000" and run.transform is None
    assert abs(run.x - 10 * k) < 1e-6 and abs(run.y - (10 * 72 / 25.4 + 20 * k)) < 1e-6
    assert abs(run.size - 10 * k) < 1e-6
    assert run.font == col.fonts.name("sans")                # the game's font, embedded as any text
    img = pixels(col)
    red = (img[:, :, 0] > 200) & (img[:, :, 1] < 80)
    ys, xs = red.nonzero()
    assert len(xs) and 38 <= xs.min() <= 48 and ys.max() <= 181   # from x 4 mm, above the baseline (18 mm)


def test_family_bold_tspans_and_anchor(tmp_path):
    body = ('<text x="50" y="20" font-size="10" font-family="Georgia, serif" text-anchor="middle">'
            'Hello <tspan font-weight="bold" fill="blue">world</tspan></text>\n'
            '<text text-anchor="end"><tspan x="100" y="30">one</tspan><tspan x="100" y="45">two</tspan></text>')
    col, face = _face(tmp_path, body)
    runs = _runs(face)
    assert [r.text for r in runs] == ["Hello ", "world", "one", "two"]
    serif = col.fonts.name("serif")
    assert runs[0].font == serif and runs[1].font == serif and runs[1].bold and runs[1].color == "#0000ff"
    assert runs[2].font == col.fonts.name("sans")
    w = col.fonts.width("Hello ", "serif", runs[0].size) + col.fonts.width("world", "serif", runs[0].size)
    assert abs(runs[0].x + w / 2 - 20 * 72 / 25.4) < 1e-6      # centred on x 50 (20 mm)
    assert abs(runs[1].x - runs[0].x - col.fonts.width("Hello ", "serif", runs[0].size)) < 1e-6
    right = 40 * 72 / 25.4
    for r in runs[2:]:
        assert abs(r.x + col.fonts.width(r.text, "sans", r.size) - right) < 1e-6   # ends at the right edge
    assert runs[3].y > runs[2].y


def test_cjk_text_and_a_turned_text(tmp_path):
    body = '<text x="10" y="20" font-size="10">中文</text>\n<text x="90" y="10" transform="rotate(90 90 10)">rot</text>'
    col, face = _face(tmp_path, body)
    cjk, turned = _runs(face)
    assert cjk.text == "中文" and cjk.transform is None
    a, b, c, d, e, f = turned.transform
    assert abs(a) < 1e-9 and b > 0 and c < 0 and abs(d) < 1e-9   # a quarter turn clockwise
    ink = pixels(col).sum(axis=2) < 300
    assert ink[100:200, 20:80].any()


@pytest.mark.parametrize("body, says", [
    ('<text x="1" y="10" dx="2">Hi</text>', "line 2: <text>: `dx` is not drawn"),
    ('<text x="1 2 3" y="10">Hi</text>', "`x` with several numbers"),
    ('<text x="1" y="10"><textPath href="#p">Hi</textPath></text>', "line 2: <textPath>: text along a path"),
    ('<text x="1" y="10" style="letter-spacing: 2px">Hi</text>', "`letter-spacing: 2px` is not drawn"),
    ('<text x="1" y="10" fill-opacity="0.5">Hi</text>', "translucent text is not drawn"),
    ('<text x="1" y="10"><a href="#x">Hi</a></text>', "line 2: <a> inside a <text> is not drawn"),
    ('<text x="1" y="10">Hi<tspan y="20">lo</tspan></text>', "a <tspan> with `y` but no `x`"),
    ('<text x="1" y="10">Hi \U0001F47E</text>', "has no glyph for `\U0001F47E` (U+1F47E)"),
])
def test_text_it_cannot_draw_is_named(tmp_path, body, says):
    got = _problems_of(_svg_game(tmp_path, _svg(body)))
    assert len(got) == 1 and "art/dagger.svg`" in got[0] and says in got[0], got


def test_family_names_map_to_the_games_roles():
    from pnp.layout.svgtext import family_role
    roles = {"sans": 1, "serif": 1, "hand": 1}
    assert family_role("'Times New Roman', serif", roles) == "serif"
    assert family_role("Noto Sans TC", roles) == "sans"
    assert family_role("hand, cursive", roles) == "hand"
    assert family_role("Comic Whatever", roles) == "sans"
    assert family_role("", roles) == "sans"
