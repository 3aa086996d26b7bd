"""The booklet's shortcuts print exactly what the long way prints: compiled rules templates kept in
the process and on disk, and pieces moved by copying their fields."""
from __future__ import annotations

import dataclasses

import jinja2
import pytest

from pnp.templates import templating
from pnp.core.pieces import Image, Run, Shape, Stencil
from pnp.booklet import flow as booklet_flow, tpl as booklet_tpl

SRC = "# Rules\n{% for n in range(3) %}\n- card {{ n }} of {{ total }}\n{% endfor %}\nEnd.\n"


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE", str(tmp_path))
    monkeypatch.setattr(booklet_tpl, "_memory", type(booklet_tpl._memory)())
    return tmp_path / "booklet-tpl"


def _render(src, **ctx):
    return "".join(booklet_tpl.template(src).generate(ctx))


def test_same_text_as_jinja(cache):
    assert _render(SRC, total=3) == "".join(templating.ENV.from_string(SRC).generate(total=3))


def test_an_edited_source_is_compiled_again(cache):
    assert "card 2 of 3" in _render(SRC, total=3)
    edited = SRC.replace("card", "piece")
    out = _render(edited, total=3)
    assert "piece 2 of 3" in out and "card" not in out


def test_the_disk_copy_is_used_and_a_damaged_one_is_not(cache, monkeypatch):
    want = _render(SRC, total=3)
    files = list(cache.glob("*.bin"))
    assert len(files) == 1
    booklet_tpl._memory.clear()

    def no_compile(*a, **k):
        raise AssertionError("compiled although the disk holds the code")
    with monkeypatch.context() as m:
        m.setattr(templating.ENV, "compile", no_compile)
        assert _render(SRC, total=3) == want
    booklet_tpl._memory.clear()
    files[0].write_bytes(b"not marshalled code")
    assert _render(SRC, total=3) == want
    assert files[0].read_bytes() != b"not marshalled code"     # written again


def test_the_folder_stays_small(cache, monkeypatch):
    monkeypatch.setattr(booklet_tpl, "MAX_FILES", 3)
    for i in range(6):
        _render(f"{SRC}{i}\n", total=1)
    assert len(list(cache.glob("*.bin"))) == 3


def test_syntax_errors_are_raised_as_before(cache):
    with pytest.raises(jinja2.TemplateSyntaxError) as e:
        booklet_tpl.template("a\n{% for x in %}\n")
    assert e.value.lineno == 2
    assert not list(cache.glob("*.bin"))


def test_runtime_errors_keep_their_template_line(cache):
    from pnp.booklet.md import _template_line
    src = "one\ntwo {{ missing.name }}\n"
    for _ in range(2):          # compiled, then from the disk copy
        booklet_tpl._memory.clear()
        with pytest.raises(Exception) as e:
            _render(src)
        assert _template_line(e.value) == 2


def test_shift_moves_pieces_as_dataclasses_replace_does():
    pieces = [Run(1.0, 2.0, "a", "F", 9.0, "#000000", True, (1, 0, 0, 1, 0, 0), True),
              Shape((("M", 1.0, 2.0), ("L", 3.0, 4.0), ("C", 1, 2, 3, 4, 5, 6), ("R", 1, 2, 3, 4, 0.5),
                     ("E", 1, 2, 3, 4), ("Z",)), fill="#ffffff", dash=(1, 2)),
              Image("/x.png", 1.0, 2.0, 3.0, 4.0, clip=(0, 0, 1, 1)),
              Stencil(1.0, 2.0, 3.0, 4.0, ((True, False),), "#000000")]
    got = booklet_flow.shift(pieces, 0.1, 0.7)
    want = [dataclasses.replace(pieces[0], x=1.1, y=2.0 + 0.7),
            dataclasses.replace(pieces[1], ops=tuple(booklet_flow._shift_op(op, 0.1, 0.7) for op in pieces[1].ops)),
            dataclasses.replace(pieces[2], x=1.1, y=2.0 + 0.7), dataclasses.replace(pieces[3], x=1.1, y=2.0 + 0.7)]
    assert got == want
    assert [type(p) for p in got] == [type(p) for p in want]
    assert pieces[0].x == 1.0                          # the originals are untouched
    hash(got[0])


# ---- laid-out lines kept on disk (booklet_memo) ------------------------------------------------------
@pytest.fixture(scope="module")
def fonts():
    from pnp.text import fonts as fontmod
    return fontmod.FontSet({"sans": fontmod.builtin_path("noto-sans-tc")})


@pytest.fixture(scope="module")
def icons():
    from pnp.layout.icons import load_icons
    from pnp.layout.layouts import BUILTIN
    return load_icons([BUILTIN / "common" / "icons.yaml"])


@pytest.fixture
def lines_cache(tmp_path, monkeypatch):
    """A cache folder of its own for the lines (the fonts keep theirs: converting them takes long)."""
    from pnp.booklet import memo as booklet_memo
    monkeypatch.setattr(booklet_memo, "cache_root", lambda: tmp_path)
    return tmp_path / "booklet-lines"


def _flow(fonts, icons, memo=None, width=60.0):
    st = booklet_flow.Style()
    return booklet_flow.Flow(fonts, icons, {"body": st}, width, None, memo=memo), st


def _plain(units):
    return [(u.h, list(u.pieces), u.before, u.keep_next) for u in units]


TEXT = "Each player draws **two** cards, then passes one to the left; 抽 1 張牌。" * 3


def test_lines_from_the_disk_are_the_lines_laid_out(lines_cache, fonts, icons):
    from pnp.booklet import memo as booklet_memo
    name = "rules.en.md\0en\0a4"
    want = _plain(_flow(fonts, icons)[0].lines(TEXT, booklet_flow.Style(), 0.0, 60.0))
    memo = booklet_memo.for_booklet(name, fonts, icons)
    flow, st = _flow(fonts, icons, memo)
    assert _plain(flow.lines(TEXT, st, 0.0, 60.0)) == want
    memo.save()
    again = booklet_memo.for_booklet(name, fonts, icons)
    assert again.old, "nothing was saved"
    flow, st = _flow(fonts, icons, again)
    got = flow.lines(TEXT, st, 0.0, 60.0)
    assert _plain(got) == want and again.new == 0
    got[0].pieces.append("changed by the caller")
    got[0].h += 100
    assert _plain(flow.lines(TEXT, st, 0.0, 60.0)) == want       # callers change their copy only
    edited = flow.lines(TEXT.replace("two", "three"), st, 0.0, 60.0)
    assert again.new == 1 and "three" in " ".join(p.text for u in edited for p in u.pieces)
    assert _plain(flow.lines(TEXT, st, 0.0, 80.0)) != want       # another width is another entry


def test_a_word_too_wide_is_reported_from_the_disk_too(lines_cache, fonts, icons):
    from pnp.booklet import memo as booklet_memo
    word = "Supercalifragilisticexpialidocious" * 2
    for round_ in range(2):
        memo = booklet_memo.for_booklet("narrow", fonts, icons)
        flow, st = _flow(fonts, icons, memo, width=20.0)
        flow._line = 7
        flow.lines(word, st, 0.0, 20.0)
        assert [line for line, _what in flow.too_big] == [7] and "wider than its column" in flow.too_big[0][1]
        assert memo.new == (1 if round_ == 0 else 0)
        memo.save()


def test_other_fonts_or_icons_or_a_damaged_file_are_laid_out_again(lines_cache, fonts, icons):
    from pnp.booklet import memo as booklet_memo
    from pnp.text import fonts as fontmod
    memo = booklet_memo.for_booklet("b", fonts, icons)
    flow, st = _flow(fonts, icons, memo)
    flow.lines(TEXT, st, 0.0, 60.0)
    memo.save()
    assert booklet_memo.for_booklet("b", fonts, icons).old
    assert not booklet_memo.for_booklet("b", fonts, {}).old
    serif = fontmod.FontSet({"sans": fontmod.builtin_path("noto-serif-tc")})
    assert not booklet_memo.for_booklet("b", serif, icons).old
    memo.path.write_bytes(b"damaged")
    assert not booklet_memo.for_booklet("b", fonts, icons).old


# ---- markdown tokens kept on disk (booklet_md._tokens) ------------------------------------------------
MD = "# Setup\n\nDraw **2** cards :coin:.\n\n| a | b |\n|:-:|--:|\n| 1 | 2 |\n\n> note\n\n1. one\n2. two\n\n![cap](piece:x/y?width=20)\n"


def _shape(toks):
    return [(t.type, t.tag, list(t.map) if t.map else None, dict(t.attrs), t.content,
             None if t.children is None else _shape(t.children)) for t in toks]


def test_markdown_tokens_from_the_disk_are_the_parsed_ones(cache, monkeypatch):
    from pnp.booklet import md as booklet_md
    want = _shape(booklet_md._markdown().parse(MD))
    assert _shape(booklet_md._tokens(MD)) == want                 # parsed, then saved
    files = list((cache.parent / "booklet-md").glob("*.bin"))
    assert len(files) == 1
    with monkeypatch.context() as m:
        m.setattr(booklet_md, "_markdown", lambda: pytest.fail("parsed although the disk holds the tokens"))
        assert _shape(booklet_md._tokens(MD)) == want             # read
    files[0].write_bytes(b"damaged")
    assert _shape(booklet_md._tokens(MD)) == want
    edited = MD.replace("Setup", "Set-up")
    assert _shape(booklet_md._tokens(edited)) == _shape(booklet_md._markdown().parse(edited))


def test_emphasis_prints_oblique_and_strong_bold(fonts, icons):
    """Markdown `*emphasis*` is italic (drawn oblique: the fonts have no italic face), `**strong**`
    bold; neither leaves a marker in the printed text."""
    from pnp.booklet.md import Source
    [para] = Source(None, "rules.en.md", None, {}).parse("Read the *Events* section, then **act**.\n")
    flow, st = _flow(fonts, icons)
    runs = [p for u in flow.lines(para.text, st, 0.0, 120.0) for p in u.pieces if isinstance(p, Run)]
    text = "".join(r.text for r in runs)
    assert "Events" in text and "*" not in text and "\x02" not in text
    assert {r.text.strip() for r in runs if r.italic} == {"Events"}
    assert {r.text.strip() for r in runs if r.bold} == {"act"}
