"""A booklet's text: `rules.<lang>.md` rendered by jinja (the sandbox of layouts and content text),
then parsed as a CommonMark subset (markdown-it-py) into plain blocks for `booklet_flow`.

Every problem names the line of the .md file: jinja errors their template line; markdown errors the
line of the block (markdown-it's `token.map`), traced back through the jinja output to the source line
that produced it (lines written by a loop point at the loop).
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from urllib.parse import parse_qs

import jinja2

from pnp.content.yamlfile import special_file
from pnp.core.errors import Pos, Problem, did_you_mean
from pnp.templates import templating
from pnp.text.spans import ITALIC
from pnp.booklet import tpl as booklet_tpl
from pnp.text.fit import is_cjk, tokens
from pnp.booklet.linemap import line_map  # noqa: F401  (the booklet's own use, and the plug-in API's)

MAX_OUTPUT = 400_000      # characters of markdown one booklet language may produce
MAX_SOURCE = 1_000_000    # bytes of one .md file: a rule book is a few dozen kB
MAX_HEADINGS = 2_000      # of one booklet language: a 40-page rule book has a few hundred
MAX_BLOCKS = 5_000        # paragraphs, headings, list items, table rows, notes and rules: such a book ~600
_PARTS = ("paragraph_open", "heading_open", "list_item_open", "tr_open", "blockquote_open", "hr")
MD_FORMAT = "pnp-booklet-md-2"   # 2: HTML parsed as HTML (refused)
_ICON = re.compile(r":[a-z][a-z0-9_-]*:")   # an icon in running text (as pnp.text.spans reads it)


@dataclass
class Block:
    kind: str             # heading para pictures list table note break
    line: int             # 1-based line in the .md file
    text: str = ""        # heading and para text, in the text engine's markup (**bold**, :icon:)
    level: int = 0        # heading level 1-3
    ordered: bool = False
    start: int = 1
    items: list = field(default_factory=list)   # list: [[Block]]; pictures: [Picture]; note: [Block]
    head: list = field(default_factory=list)    # table header cells
    rows: list = field(default_factory=list)    # table body rows (lists of cells)
    align: list = field(default_factory=list)   # table: left center right per column


@dataclass(frozen=True)
class Picture:
    component: str
    card: str
    back: bool
    width_mm: float | None
    caption: str


class Source:
    """One .md file: renders, parses, and collects problems with their source lines."""

    def __init__(self, path, shown: str, game, icons):
        self.path, self.shown, self.game, self.icons = path, shown, game, icons
        self.problems: list[Problem] = []
        self._map: list[int] = []

    def problem(self, line: int, what: str, todo: str):
        self.problems.append(Problem(Pos(self.shown, max(1, line), 1), what, todo))

    # ---- jinja -----------------------------------------------------------------------------------
    def render(self, ctx: dict) -> str | None:
        try:
            if self.path.stat().st_size > MAX_SOURCE:
                self.problem(1, f"the file is larger than {MAX_SOURCE // 1000:,} kB", "split the rules or shorten them")
                return None
            if special_file(self.path):  # a named pipe would block the build for ever
                self.problem(1, f"the file is {special_file(self.path)}, not a regular file", "replace it with a .md file")
                return None
            src = self.path.read_text("utf-8")
        except (OSError, UnicodeDecodeError) as e:
            self.problem(1, f"cannot read the file ({type(e).__name__})", "save it as UTF-8 text")
            return None
        try:
            tpl = booklet_tpl.template(src)
        except jinja2.TemplateSyntaxError as e:
            self.problem(e.lineno or 1, f"template syntax error: {e.message}", "fix the `{% … %}` or `{{ … }}`")
            return None
        except (RecursionError, SyntaxError, MemoryError) as e:  # past the sandbox's nesting limits: a safety net
            self.problem(1, f"the template is nested too deeply to compile ({type(e).__name__})",
                         "use fewer levels of `{% … %}` blocks and brackets")
            return None
        out, size = [], 0
        try:
            with templating.deadline():
                for chunk in tpl.generate(ctx):
                    size += len(chunk)
                    if size > MAX_OUTPUT:
                        raise templating.TemplateError(f"the text grew beyond {MAX_OUTPUT:,} characters")
                    out.append(chunk)
        except Exception as e:  # any error in the designer's template code is theirs to fix
            msg = str(e) if isinstance(e, templating.TemplateError) else templating._explain(e)
            self.problem(_template_line(e), msg, "fix the template on this line (it may use data, game, palette, lang)")
            return None
        text = "".join(out)
        self._map = line_map(src, text)
        return text

    def src_line(self, rendered_line0: int) -> int:
        """The 1-based source line that produced a 0-based line of the rendered text."""
        if not self._map:
            return rendered_line0 + 1
        return self._map[min(rendered_line0, len(self._map) - 1)]

    # ---- markdown --------------------------------------------------------------------------------
    def parse(self, text: str) -> list[Block]:
        toks = _tokens(text)
        self._rendered = text.split("\n")
        heads = [t for t in toks if t.type == "heading_open"]
        if len(heads) > MAX_HEADINGS:   # each is a line of the contents and a bookmark: thousands are no rule book
            self.problem(self._line(heads[MAX_HEADINGS]), f"more than {MAX_HEADINGS:,} headings "
                         f"({len(heads):,})", "write fewer sections, or make a list of the small ones")
            return []
        parts = [t for t, prev in zip(toks, [None] + toks) if t.type in _PARTS   # an item's first paragraph: the item
                 and not (t.type == "paragraph_open" and prev is not None and prev.type == "list_item_open")]
        if len(parts) > MAX_BLOCKS:     # each is laid out and paginated: the time a booklet takes grows with them
            self.problem(self._line(parts[MAX_BLOCKS]), f"more than {MAX_BLOCKS:,} paragraphs, list items and table "
                         f"rows ({len(parts):,})", "shorten the rules, or split a long table or list")
            return []
        blocks, _ = self._blocks(toks, 0, None)
        return blocks

    def _line(self, tok) -> int:
        return self.src_line(tok.map[0]) if tok.map else 1

    def _find(self, tok, needle: str, line: int) -> int:
        """The source line of the first line of a block that holds `needle` (else the block's line)."""
        if tok is not None and tok.map:
            for n in range(tok.map[0], min(tok.map[1], len(self._rendered))):
                if needle in self._rendered[n]:
                    return self.src_line(n)
        return line

    def _blocks(self, toks, i, close):
        out = []
        while i < len(toks):
            t = toks[i]
            if close and t.type == close:
                return out, i + 1
            line = self._line(t)
            if t.type == "heading_open":
                level = int(t.tag[1])
                if level > 3:
                    self.problem(line, f"a level-{level} heading (`{'#' * level}`)", "use `#`, `##` or `###`")
                out.append(Block("heading", line, self._inline(toks[i + 1], line), level=min(level, 3)))
                i += 3
            elif t.type == "paragraph_open":
                inline = toks[i + 1]
                pics = self._pictures(inline, line)
                out.append(Block("pictures", line, items=pics) if pics is not None else
                           Block("para", line, self._inline(inline, line)))
                i += 3
            elif t.type in ("bullet_list_open", "ordered_list_open"):
                b = Block("list", line, ordered=t.type == "ordered_list_open", start=int(t.attrs.get("start", 1) or 1))
                i += 1
                while toks[i].type == "list_item_open":
                    item, i = self._blocks(toks, i + 1, "list_item_close")
                    b.items.append(item)
                i += 1
                out.append(b)
            elif t.type == "blockquote_open":
                inner, i = self._blocks(toks, i + 1, "blockquote_close")
                out.append(Block("note", line, items=inner))
            elif t.type == "table_open":
                b, i = self._table(toks, i, line)
                out.append(b)
            elif t.type == "hr":
                out.append(Block("break", line))
                i += 1
            elif t.type in ("code_block", "fence"):
                self.problem(line, "a code block (an indented or fenced block) is not printed in a booklet",
                             "remove the indentation of 4 spaces (jinja lines may be indented up to 3), or the ``` fence")
                i += 1
            elif t.type in ("html_block",):
                self.problem(line, f"HTML `{_html_shown(t.content)}` is not printed in a booklet", _HTML_TODO)
                i += 1
            else:
                i += 1
        return out, i

    def _table(self, toks, i, line):
        b = Block("table", line)
        row, in_head, row_tok = None, False, None
        while toks[i].type != "table_close":
            t = toks[i]
            if t.type == "thead_open":
                in_head = True
            elif t.type == "tbody_open":
                in_head = False
            elif t.type == "tr_open":
                row, row_tok = [], t
            elif t.type == "tr_close":
                if in_head:
                    b.head.extend(row)
                else:
                    b.rows.append(row)
            elif t.type in ("th_open", "td_open"):
                style = t.attrs.get("style") or ""
                if in_head:
                    b.align.append("center" if "center" in style else "right" if "right" in style else "left")
                row.append(self._inline(toks[i + 1], self._line(row_tok) if row_tok.map else line, row_tok))
            i += 1
        return b, i + 1

    def _pictures(self, inline, line):
        """[Picture] when the paragraph holds only `![caption](piece:…)` images, else None."""
        kids = inline.children or []
        imgs = [k for k in kids if k.type == "image"]
        if not imgs:
            return None
        rest = [k for k in kids if k.type not in ("image", "softbreak", "hardbreak") and not (k.type == "text" and not k.content.strip())]
        if rest:
            self.problem(line, "a picture shares its paragraph with text",
                         "put each `![caption](piece:…)` line in a paragraph of its own (a blank line before and after)")
            return None
        out = []
        for k in imgs:
            pic = self._picture(k.attrs.get("src", ""), k.content, self._find(inline, k.attrs.get("src", "\0"), line))
            if pic:
                out.append(pic)
        return out

    def _picture(self, src: str, caption: str, line: int):
        m = re.fullmatch(r"piece:([a-z0-9_-]+)/([a-z0-9_-]+)(#(?:front|back))?(?:\?([^#]*))?(#(?:front|back))?", src)
        if not m:
            self.problem(line, f"`{src}` is not a picture booklets can draw",
                         "write `piece:COMPONENT/CARD_ID` (add `#back` for its back, `?width=30` for its width in mm)")
            return None
        comp_id, card, side, query = m.group(1), m.group(2), m.group(3) or m.group(5), m.group(4)
        comps = self.game.components
        comp = comps.get(comp_id)
        if comp is None or comp.kind == "booklet":
            self.problem(line, f"unknown piece `{src}`: there is no component `{comp_id}`",
                         did_you_mean(comp_id, [c for c in comps if comps[c].kind != "booklet"]))
            return None
        ids = [it.id for it in comp.items]
        if card not in ids:
            self.problem(line, f"unknown piece `{src}`: `{comp_id}` has no card `{card}`", did_you_mean(card, ids))
            return None
        if side == "#back" and not comp.back:
            self.problem(line, f"`{src}`: the pieces of `{comp_id}` have no back", "remove `#back`")
            return None
        width = None
        if query:
            q = parse_qs(query)
            try:
                width = float(q.pop("width")[0]) if "width" in q else None
            except ValueError:
                width = -1
            if q or (width is not None and not 5 <= width <= 200):
                self.problem(line, f"`?{query}` in `{src}`", "write `?width=30` (a width from 5 to 200 mm)")
                return None
        return Picture(comp_id, card, side == "#back", width, caption.strip())

    def _inline(self, tok, line, block=None) -> str:
        out, html_seen = [], False
        for k in tok.children or []:
            if k.type == "text" or k.type == "code_inline":
                out.append(k.content)
            elif k.type in ("strong_open", "strong_close"):
                out.append("**")
            elif k.type in ("em_open", "em_close"):
                out.append(ITALIC)     # printed oblique (pnp.text.spans)
            elif k.type == "softbreak":
                out.append("\x00")   # decided below: nothing between CJK characters, else a space
            elif k.type == "hardbreak":
                out.append("\n")
            elif k.type == "image":
                self.problem(self._find(tok, k.attrs.get("src", "\0"), line), "a picture inside running text", "put `![caption](piece:…)` on a line of its own")
            elif k.type == "html_inline" and not (k.content.startswith("</") and html_seen):   # a tag once, not its end
                html_seen = True
                self.problem(self._find(block or tok, k.content, line),
                             f"HTML `{_html_shown(k.content)}` is not printed in a booklet", _HTML_TODO)
        text = "".join(out)
        text = re.sub(r"(.)\x00(.)", lambda m: m.group(1) + ("" if is_cjk(m.group(1)) and is_cjk(m.group(2)) else " ") + m.group(2), text)
        text = text.replace("\x00", " ")
        unknown = tokens(text, self.icons)[1] if _ICON.search(text) else ()   # only icons can be unknown
        for name in sorted(unknown):
            self.problem(self._find(block or tok, f":{name}:", line), f"unknown icon `:{name}:`",
                         did_you_mean(name, self.icons) + " (icons come from the built-in common/icons.yaml, "
                         "layouts/common/icons.yaml, the game's icons.yaml and the PNG and SVG files of its icons/ folder)")
        return text


_HTML_TODO = "write markdown instead (a note for yourself: a jinja comment `{# … #}`)"


def _html_shown(html: str) -> str:
    """The start of an HTML block or tag, on one line, as a problem shows it."""
    first = html.strip().split("\n")[0]
    return first if len(first) <= 60 else first[:50] + "…"


class Tok:
    """The parts of a markdown-it token the blocks are made of."""
    __slots__ = ("type", "tag", "map", "attrs", "content", "children")

    def __init__(self, type, tag, map, attrs, content, children):  # noqa: A002 (markdown-it's names)
        self.type, self.tag, self.map, self.attrs, self.content, self.children = type, tag, map, attrs, content, children


def _pack(toks) -> tuple:
    return tuple((t.type, t.tag, list(t.map) if t.map else None, dict(t.attrs), t.content,
                  None if t.children is None else _pack(t.children)) for t in toks)


def _unpack(rows) -> list:
    return [Tok(ty, tag, mp, attrs, content, None if kids is None else _unpack(kids))
            for ty, tag, mp, attrs, content, kids in rows]


def _tokens(text: str) -> list:
    """The tokens of a booklet's markdown, from `<cache>/booklet-md/` when this text was parsed before
    by this parser (its version and the code here are in the key): parsing costs more than reading."""
    import hashlib
    import marshal

    from pnp.core.cache import cache_root, code_stamp, store
    code = code_stamp()
    if code is None:
        return _unpack(_pack(_markdown().parse(text)))
    lib = _parser_version()
    key = hashlib.sha256(f"{MD_FORMAT}\0{lib}\0{code}\0".encode() + text.encode("utf-8", "surrogatepass")).hexdigest()
    folder = cache_root() / "booklet-md"
    if lib is not None:
        try:
            with open(folder / f"{key}.bin", "rb") as f:
                fmt, got, rows = marshal.loads(f.read())
            if fmt == MD_FORMAT and got == key:
                return _unpack(rows)
        except Exception:  # no file or a damaged one: parse
            pass
    rows = _pack(_markdown().parse(text))
    if lib is not None:
        store(folder, f"{key}.bin", marshal.dumps((MD_FORMAT, key, rows)), 64)
    return _unpack(rows)


@functools.lru_cache(maxsize=1)
def _parser_version() -> str | None:
    """A digest of markdown-it's `__init__.py` (it holds the version), without importing it."""
    import hashlib
    import importlib.util
    try:
        with open(importlib.util.find_spec("markdown_it").origin, "rb") as f:
            return hashlib.sha256(f.read()).hexdigest()
    except Exception:
        return None


@functools.lru_cache(maxsize=1)
def _markdown():
    """The parser (made once: it keeps no state between documents). HTML is parsed as HTML (blocks and
    inline tags), so that it is refused at its line: without, `<script>` would print as text."""
    from markdown_it import MarkdownIt
    return MarkdownIt("commonmark", {"html": True}).enable("table")


def _template_line(e: Exception) -> int:
    """The template line where a jinja runtime error happened (jinja puts it in the traceback)."""
    if isinstance(e, jinja2.TemplateSyntaxError):
        return e.lineno or 1
    tb, line = e.__traceback__, 1
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == "<template>":
            line = tb.tb_lineno
        tb = tb.tb_next
    return line
