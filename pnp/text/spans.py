"""Inline markup of card text: styled spans, before line breaking (`pnp/render/text.py`).

    **bold**  *italic*  ***bold italic***          toggles, as in Markdown
    <b>…</b> <i>…</i> <u>…</u> <s>…</s>           bold, italic, underline, strike (Pango/Squib style)
    <span color="crimson" size="12" font="serif">…</span>    colour, size in pt, font role (any of them)
    <br>                                          a forced line break (as a new line in the text)
    &nbsp; (or U+00A0)                            a space that never breaks; &lt; &gt; &amp; for < > &
    :icon-name:                                   an icon at text size

Spans nest, may cross line breaks and mix CJK and Latin. `split()` turns text into segments
(kind, value, Style): kind "t" text, "i" icon, "n" line break. A tag it does not know is plain text;
a closing tag that does not match, an unclosed span or a bad attribute is a MarkupError.
"""
from __future__ import annotations

import re
from typing import NamedTuple


class Style(NamedTuple):
    bold: bool = False
    italic: bool = False
    underline: bool = False
    strike: bool = False
    color: str | None = None     # None: the element's colour
    font: str | None = None      # None: the element's font role
    size: float | None = None    # pt at the element's nominal size (scaled with it when text shrinks)


PLAIN = Style()


class MarkupError(ValueError):
    pass


ITALIC = "\x02"   # basic markup's italic toggle, for text from markdown (`*emphasis*` in a booklet): no
                  # card text holds it (the loader refuses control characters), so card markup is unchanged
_BASIC = re.compile(r"(\*\*|\x02|:[a-z][a-z0-9_-]*:|\n)")
_FULL = re.compile(r"(\*\*\*|\*\*|\*|:[a-z][a-z0-9_-]*:|\n|<br\s*/?>|</?(?:b|i|u|s)>|<span(?:\s[^<>]*)?>|</span>"
                   r"|&nbsp;|&lt;|&gt;|&amp;)")
_ATTR = re.compile(r"""\s*([a-z]+)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""")
_ENTITY = {"&nbsp;": "\u00a0", "&lt;": "<", "&gt;": ">", "&amp;": "&"}
_FLAG = {"b": "bold", "i": "italic", "u": "underline", "s": "strike"}
_TAG = re.compile(r"</?(?:b|i|u|s)>|<span(?:\s[^<>]*)?>|</span>")   # a piece that is a tag, not text


def split(text: str, full: bool = False, color_of=None, fonts=None) -> list:
    """Segments of `text`. Basic markup (`full` false) is `**bold**`, `:icon:` and new lines only,
    exactly as before spans existed; `full` adds everything in the module docstring.
    `color_of(value)` turns a colour value into `#rrggbb` (raises ValueError); `fonts` the roles."""
    out: list = []
    bold = italic = False
    stack: list = []          # open tags: (name, Style before it)
    style = PLAIN
    for piece in (_FULL if full else _BASIC).split(text):
        if not piece:
            continue
        if piece in ("**", "*", "***", ITALIC):
            if piece in ("**", "***"):
                bold = not bold
            if piece in ("*", "***", ITALIC):
                italic = not italic
            style = style._replace(bold=bold or _tagged(stack, "b"), italic=italic or _tagged(stack, "i"))
        elif piece == "\n" or piece.startswith("<br"):
            out.append(("n", "\n", style))
        elif piece.startswith(":") and piece.endswith(":") and len(piece) > 2:
            out.append(("i", piece[1:-1], style))
        elif piece in _ENTITY:
            out.append(("t", _ENTITY[piece], style))
        elif piece.startswith("</") and full and _TAG.fullmatch(piece):
            name = piece[2:-1]
            if not stack or stack[-1][0] != name:
                opened = f"`<{stack[-1][0]}>` is still open" if stack else "nothing is open"
                raise MarkupError(f"`{piece}` closes nothing here ({opened})")
            _n, style = stack.pop()
            style = style._replace(bold=style.bold or bold, italic=style.italic or italic)
        elif piece.startswith("<") and full and _TAG.fullmatch(piece):
            name = "span" if piece.startswith("<span") else piece[1:-1]
            stack.append((name, style))
            if name == "span":
                style = _span(piece, style, color_of, fonts)
            else:
                style = style._replace(**{_FLAG[name]: True})
        else:
            out.append(("t", piece, style))
    if full and stack:
        raise MarkupError(f"`<{stack[-1][0]}>` is never closed (write `</{stack[-1][0]}>`)")
    return out


def _tagged(stack, name) -> bool:
    return any(n == name for n, _s in stack)


def _span(tag: str, style: Style, color_of, fonts) -> Style:
    body = tag[5:-1]
    attrs = {}
    pos = 0
    for m in _ATTR.finditer(body):
        if body[pos:m.start()].strip():
            break
        attrs[m.group(1)] = next(g for g in m.groups()[1:] if g is not None)
        pos = m.end()
    if body[pos:].strip():
        raise MarkupError(f"`{tag}`: cannot read `{body[pos:].strip()}` (write e.g. <span color=\"red\" size=\"10\">)")
    for key, value in attrs.items():
        if key in ("color", "colour", "foreground", "fg"):
            try:
                style = style._replace(color=color_of(value) if color_of else value)
            except ValueError as e:
                raise MarkupError(f"`{tag}`: {e}") from None
        elif key == "size":
            try:
                size = float(value.removesuffix("pt"))
            except ValueError:
                raise MarkupError(f"`{tag}`: size `{value}` is not a number of points") from None
            if not 1 <= size <= 500:
                raise MarkupError(f"`{tag}`: size {size:g} pt is outside 1–500")
            style = style._replace(size=size)
        elif key == "font":
            if fonts is not None and value not in fonts:
                from pnp.core.errors import did_you_mean
                raise MarkupError(f"`{tag}`: unknown font role `{value}` — {did_you_mean(value, fonts)}")
            style = style._replace(font=value)
        elif key in ("weight", "style"):
            flag = {"bold": "bold", "italic": "italic", "oblique": "italic"}.get(value)
            if flag is None and value not in ("normal", "regular"):
                raise MarkupError(f"`{tag}`: {key} `{value}` (use bold, italic or normal)")
            style = style._replace(**({flag: True} if flag else {"bold": False} if key == "weight" else {"italic": False}))
        elif key in ("underline", "strikethrough"):
            style = style._replace(**{"underline" if key == "underline" else "strike": value not in ("none", "false")})
        else:
            raise MarkupError(f"`{tag}`: unknown attribute `{key}` (color, size, font, weight, style, underline, "
                              f"strikethrough)")
    return style


def plain(text: str, full: bool = False) -> str:
    """The characters that print (markup and icons removed), for the missing-glyph check."""
    try:
        return "".join(v for k, v, _s in split(text, full) if k == "t")
    except MarkupError:
        return ""
