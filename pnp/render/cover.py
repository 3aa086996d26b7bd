"""The first page of a shareable PDF: title, contents with page numbers, how to print, how to
assemble, and a QR code to the game's web page. Built from plain facts about the planned pages, as
one page-sized `Face` of pieces, so the PDF writer draws it like any other face (nothing here knows
about particular games)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from pnp.core.pieces import Face, Shape
from pnp.core.units import MM
from pnp.text import fit as textlay
from pnp.text.atoms import Words
from pnp.impose.grid import Page, Slot

INK, MUTED, RULE = "#222222", "#555555", "#999999"

LABELS = {
    "en": {
        "contents": "Contents", "print": "How to print", "assembly": "Assembly", "pages": "pages {a}–{b}", "page": "page {a}", "pages_list": "pages {r}",
        "double": "double-sided", "single": "single-sided", "single_blank": "front only, blank behind", "dot": " · ",
        "single_shared": "front only, on a double-sided sheet", "fold": "fold and glue", "tiles": "tiles",
        "players": "players", "version": "version", "by": "by", "licence": "Licence",
        "scale": "Print at 100% (“actual size”), never “fit to page”; {paper} paper.",
        "long": "Double-sided pages: print them double-sided, flipping on the long edge; each sheet of fronts is "
                "followed by its backs.",
        "short": "Double-sided pages: print them double-sided, flipping on the short edge; each sheet of fronts is "
                 "followed by its backs.",
        "blank": "Page 2 is left blank so that every sheet of fronts and its backs share one sheet of paper.",
        "blank_backs": "Single-sided pages are followed by a blank page, so the whole file can be printed "
                       "double-sided and no piece prints behind another.",
        "offset": "The backs are shifted by {x:g}, {y:g} mm for the printer they were measured on "
                  "(`pnp calibrate`).",
        "fold_how": "Fold each sheet of fronts and backs side by side on its middle dashed line, printing outside, "
                    "glue the halves together, then cut.",
        "fold_print": "Print the pages of pieces on one side of the paper: each sheet carries its own backs.",
        "fold_print_but": "Print the pages of pieces on one side of the paper: each sheet carries its own backs; "
                          "only the pages listed as double-sided above go through twice.",
        "marks": "Cut along the crop marks (the short lines outside the cards); neighbouring cards share one cut.",
        "outline": "Cut along the outlines.",
        "count_check": "Check what you cut against the counts under each component in the contents: a sheet's empty "
                 "places are not missing pieces.",
        "tile_how": "Trim each tile at its crop marks; lay it over the tile to its right and the tile below it, "
                    "its edge on their dotted line, and tape it from behind (the left and upper tile is on top); tiles "
                    "are named by row letter and column number (A1, A2, …).",
        "dielines": "Solid lines are cuts, dashed lines folds, grey areas glue.",
        "dielines_fold": "Solid lines are cuts, dashed lines folds.",
        "dielines_glue": "Solid lines are cuts, grey areas glue.",
        "ink": "Ink-saver edition: backgrounds lightened and no full-bleed fills; the backs of cards held in a hand "
               "are printed as they are, so that a front cannot show through.",
        "ink_other": "For a home printer, the ink-saver edition of this file ({file}) lightens backgrounds; the "
                     "backs of cards held in a hand are printed as they are in it, so that a front cannot show through.",
        "fold_stock": "Paper: pieces with a front and a back are folded and glued, which doubles their thickness: "
                      "print them on paper of 80–120 g/m² (card stock cracks at the fold); the booklet on plain paper.",
        "fold_single": "Pieces printed on one side only ({names}): card stock of 160–250 g/m², or plain paper glued "
                       "to card.",
        "stock": "Paper: the pieces on card stock of 160–250 g/m², or plain paper glued to card; the booklet on "
                 "plain paper. Pieces held hidden or kept face down need opaque stock or sleeves: thin "
                 "paper lets a front show through its back (hold one to the light).",
        "no_duplex": "A printer that cannot print card stock on both sides: print the odd pages, put the printed "
                     "sheets back in the tray turned over, first page first (a printer that stacks face up gives "
                     "them last page first: reverse the stack), and print the even pages; try one sheet first, "
                     "and hold it to the light: each back must lie behind its front.",
        "comma": ", ",
        "url": "The game's page",
        "booklet": "booklet",
        "book_short": "Rules booklet ({pages}): print double-sided, flipping on the short edge; keep the sheets in "
                      "order, fold the stack in half and staple twice on the fold.",
        "book_long": "Rules booklet ({pages}): print double-sided, flipping on the long edge (its backs are turned "
                     "for that; try one sheet first: if a back comes out upside down, choose the short edge); keep "
                     "the sheets in order, fold the stack in half and staple twice on the fold.",
        "book_manual": "Rules booklet ({pages}): on a printer that prints one side, print pages {fronts}, put the "
                       "printed sheets back in the tray turned over and print pages {backs} (try one sheet first: "
                       "if a back comes out upside down, turn the stack the other way), or on a printer that prints "
                       "both sides, flip on the short edge; then fold and staple.",
        "book_plain": "Rules booklet ({pages}): one page per page, for reading on screen.",
        "book_sheets": "Rules booklet ({pages}): a page a side, for this paper is already booklet size: print "
                       "double-sided, keep the sheets in order and staple them at the top left corner.",
    },
    "zh-TW": {
        "contents": "目錄", "print": "列印方式", "assembly": "組裝", "pages": "第 {a}–{b} 頁", "page": "第 {a} 頁", "pages_list": "第 {r} 頁",
        "double": "雙面列印", "single": "單面列印", "single_blank": "只有正面（背後留白）", "dot": "‧",
        "single_shared": "只有正面，所在的紙雙面列印", "fold": "對摺黏合", "tiles": "拼接",
        "players": "人", "version": "版本", "by": "作者", "licence": "授權", "sep": "、", "colon": "：", "count": "（{n}）",
        "scale": "請以 100%（實際大小）列印，不要選「符合頁面」；紙張 {paper}。",
        "long": "雙面頁：以雙面列印、沿長邊翻頁；每張正面之後緊接著它的背面。",
        "short": "雙面頁：以雙面列印、沿短邊翻頁；每張正面之後緊接著它的背面。",
        "blank": "第 2 頁刻意留白，讓每一張正面與它的背面印在同一張紙上。",
        "blank_backs": "單面的頁面後面都接一張空白頁，整份檔案可直接雙面列印，不會有配件印在另一個配件的背面。",
        "offset": "背面已依測得的印表機偏移 {x:g}、{y:g} mm 調整（pnp calibrate）。",
        "fold_how": "正反面並排的紙張沿中間的虛線對摺（印刷面朝外），兩半黏合後再裁切。",
        "fold_print": "配件頁請單面列印：每張紙已帶著自己的背面。",
        "fold_print_but": "配件頁請單面列印：每張紙已帶著自己的背面；只有上面標明「雙面列印」的頁面要印兩面。",
        "marks": "沿裁切標記（卡片外側的短線）裁切；相鄰的卡片共用一刀。",
        "outline": "沿外框線裁切。",
        "count_check": "剪好後，請對照目錄中每個配件下列出的數量清點；紙上空著的位置並不是少印了配件。",
        "tile_how": "沿裁切標記修齊每一張拼圖頁，把它疊在右邊與下面那一張上，邊緣對齊它們的點線，再從背面用膠帶貼牢；各頁以列字母與欄數字命名（A1、A2 等）。",
        "dielines": "實線為裁切線、虛線為摺線、灰色區域上膠。",
        "dielines_fold": "實線為裁切線、虛線為摺線。",
        "dielines_glue": "實線為裁切線、灰色區域上膠。",
        "ink": "省墨版：背景變淡，不印滿版底色；藏在手上的牌背面照常印，以免從背面透出正面。",
        "ink_other": "家用印表機可改用省墨版：{file}。\n省墨版背景較淡；藏在手上的牌背面照原樣印，以免透出正面。",   # two notes (\n): mid-line, the unbreakable file name spread its line 11%, and a break before it read as a short line
        "fold_stock": "紙張：有正反兩面的配件要對摺黏合，厚度加倍：請用 80–120 g/m² 的紙列印（卡紙在摺線會裂開）；規則小冊用一般紙即可。",
        "fold_single": "只有正面的配件（{names}）請用 160–250 g/m² 的卡紙，或把一般紙貼在厚紙板上。",
        "stock": "紙張：配件請用 160–250 g/m² 的卡紙，或把一般紙貼在厚紙板上；規則小冊用一般紙即可。"
                 "藏在手上或蓋著放的配件請用不透光的卡紙或牌套：紙太薄時，背面會透出正面（拿一張對著光看看）。",
        "no_duplex": "印表機無法雙面列印卡紙時：先印奇數頁；把印好的紙翻面、第一頁在最前放回紙匣，若印表機出紙時正面朝上，要先把整疊倒過來；再印偶數頁；先試一張，對著光看每個背面是否正好在正面後方。",
        "comma": "，",
        "url": "遊戲網頁",
        "booklet": "規則小冊",
        "book_short": "規則小冊（{pages}）：以雙面列印、沿短邊翻頁；紙張依序疊好，整疊對摺，在摺線上釘兩針。",
        "book_long": "規則小冊（{pages}）：以雙面列印、沿長邊翻頁（背面已為此轉向；先試一張：若背面上下顛倒，改選短邊翻頁）；紙張依序疊好，整疊對摺，在摺線上釘兩針。",
        "book_manual": "規則小冊（{pages}）：只能單面列印時，先印第 {fronts} 頁，把印好的紙翻面放回紙匣，再印第 {backs} 頁"
                       "（先試一張：若背面上下顛倒，就把整疊換個方向放）；可雙面列印的印表機請選短邊翻頁；然後對摺、裝訂。",
        "book_plain": "規則小冊（{pages}）：一頁一面，適合在螢幕上閱讀。",
        "book_sheets": "規則小冊（{pages}）：這種紙已是小冊的大小，一面一頁：以雙面列印，紙張依序疊好，在左上角釘一針。",
    },
}


@dataclass
class Entry:
    """One component in the contents."""
    title: str
    kind: str
    first: int          # 1-based page numbers
    last: int
    sides: set = field(default_factory=set)   # Page.side values: front back fold tile
    count: int = 0
    outline: bool = False
    pieces: list = field(default_factory=list)   # (name, count) per piece type, when it holds several
    more: list = field(default_factory=list)     # further (first, last) pages: a deck's last pieces on shared sheets
    key: str = ""                                # the component's id


def labels(lang: str) -> dict:
    base = lang.split("-")[0]
    return LABELS.get(lang) or next((v for k, v in LABELS.items() if k.split("-")[0] == base), LABELS["en"])


def blank_needed(duplex: str) -> bool:
    return duplex in ("long", "short")


def pages(info: dict, entries: list, paper: tuple, fonts, qr_matrix=None) -> list:
    """The cover page (and, for double-sided printing, a blank page behind it). A game with many
    components gets smaller type until everything fits above the bottom margin (never under 6 pt)."""
    for scale in (1.0, 0.93, 0.86, 0.8, 0.75, 0.7):
        out, end = _cover(info, entries, paper, fonts, qr_matrix, scale)
        if end <= paper[1] - 12 * MM:
            break
    return out


# zh-TW words of the cover's own text kept whole across lines: readers met 短／邊翻頁, 蓋／著放, 偶數／頁 and
# 較／淡 (the dictionary splits them into their characters, so a break there cost nothing)
WORDS = {"zh-TW": Words(["短邊", "長邊", "蓋著", "偶數頁", "奇數頁", "較淡", "卡紙", "省墨版", "裁切標記", "拼圖頁",
                         "雙面列印", "單面列印", "牌套", "整疊"])}


def _cover(info, entries, paper, fonts, qr_matrix, scale):
    L = labels(info.get("lang", "en"))
    words = WORDS.get(info.get("lang", "en"))
    pw, ph = paper
    m = 18 * MM
    w = pw - 2 * m
    pieces: list = []
    y = 22 * MM

    def text(s, size, *, x=m, width=w, align="left", color=INK, role="sans", h=None, min_size=None):
        size, min_size = size * scale, (min_size or size) * scale
        box_h = h or size * 1.3 * max(1, s.count("\n") + 1)
        laid, _unknown = textlay.layout(s, fonts, role, size, (x, y, width, box_h), min_size=min_size or size,
                                        align=align, color=color, words=words)
        if laid.overflow:  # grow the box to its text rather than clip
            box_h = size * 1.25 * (laid.lines + 1)
            laid, _unknown = textlay.layout(s, fonts, role, size, (x, y, width, box_h), align=align, color=color,
                                            words=words)
        pieces.extend(laid.runs)
        return laid.size * 1.25 * laid.lines

    qr_side = 30 * MM if qr_matrix else 0
    y += text(info["title"], 30, align="center", min_size=16) + 2 * MM
    if info.get("subtitle"):
        y += text(info["subtitle"], 13, align="center", color=MUTED) + 2 * MM
    facts = []
    if info.get("players"):
        players = re.sub(r"(?<=\d)-(?=\d)", "–", str(info["players"]))   # 4–8, not 4-8
        facts.append(f"{players} {L['players']}")
    if info.get("version"):
        facts.append(f"{L['version']} {info['version']}")
    if info.get("author") and not info.get("credits"):
        facts.append(f"{L['by']} {info['author']}")
    if facts:
        y += text(L["dot"].join(facts), 10, align="center", color=MUTED) + 1 * MM
    for line in info.get("credits") or ():   # the original game's designers and publisher, this edition's maker
        y += text(line, 9.5, align="center", color=INK) + 0.5 * MM
    if info.get("notice"):
        y += text(info["notice"], 9, align="center", color="#8a1f1f") + 0.5 * MM
    if info.get("licence"):
        y += text(f"{L['licence']}{L.get('colon', ': ')}{info['licence']}", 9, align="center", color=MUTED)
    y += 6 * MM

    def heading(s):
        nonlocal y
        y += text(s, 14) + 1 * MM
        pieces.append(Shape((("M", m, y), ("L", m + w, y)), stroke=RULE, width=0.5))
        y += 2.5 * MM

    heading(L["contents"])
    for e in entries:
        pages_txt = L["page"].format(a=e.first) if e.first == e.last else L["pages"].format(a=e.first, b=e.last)
        if e.more:
            pages_txt = L["pages_list"].format(r=L.get("sep", ", ").join(
                str(a) if a == b else f"{a}–{b}" for a, b in [(e.first, e.last)] + e.more))
        if e.kind == "booklet":
            how = f"{L['booklet']}{L['comma']}{L['double'] if 'back' in e.sides else L['single']}"
        elif "back" in e.sides:
            how = L["double"]
        elif "fold" in e.sides:
            how = L["fold"]
        elif "tile" in e.sides:
            how = L["tiles"] + (f"{L['comma']}{L['single_blank']}" if "blank" in e.sides else "")
        elif "shared_back" in e.sides and e.kind != "booklet":
            how = L["single_shared"]
        elif "blank" in e.sides:
            how = L["single_blank"]
        else:
            how = L["single"]
        top = y   # a row as tall as its tallest cell: a wrapped cell must not print over the next row
        count = L.get("count", " ({n})").format(n=e.count)   # zh-TW: full-width brackets
        tall = text(e.title if e.kind == "booklet" else f"{e.title}{count}", 11, width=w * 0.5)
        y = top
        tall = max(tall, text(how, 10, x=m + w * 0.5, width=w * 0.3, color=MUTED))   # 「拼接，只有正面（背後留白）」 whole
        y = top
        tall = max(tall, text(pages_txt, 11, x=m + w * 0.8, width=w * 0.2, align="right"))
        y = top + tall + 0.5 * MM
        if e.pieces:   # what a crafter checks their cutting against: every type with its count
            y += text(L.get("sep", ", ").join(f"{name} ×{k}" for name, k in e.pieces), 8.5, x=m + 4 * MM,
                      width=w * 0.5 - 4 * MM + w * 0.3, color=MUTED) + 0.5 * MM
        y += 1 * MM
    y += 5 * MM

    heading(L["print"])
    notes = [L["scale"].format(paper=info.get("paper_name", ""))]
    duplex = info.get("duplex")
    if duplex in ("long", "short") and any("back" in e.sides for e in entries):
        notes.append(L[duplex])
        notes.append(L["no_duplex"])
        notes.append(L["blank"])
        if any("blank" in e.sides for e in entries):
            notes.append(L["blank_backs"])
    ox, oy = info.get("back_offset_mm", (0, 0))
    if ox or oy:
        notes.append(L["offset"].format(x=ox, y=oy))
    for e in entries:
        if e.kind == "booklet":
            key = "book_sheets" if info.get("booklet_sheets") else "book_plain" if "back" not in e.sides else \
                {"short": "book_short", "long": "book_long"}.get(duplex, "book_manual")
            notes.append(L[key].format(pages=L["pages"].format(a=e.first, b=e.last),
                                       fronts=L.get("sep", ", ").join(map(str, range(e.first, e.last + 1, 2))),
                                       backs=L.get("sep", ", ").join(map(str, range(e.first + 1, e.last + 1, 2)))))
    if duplex == "fold" and any("fold" in e.sides for e in entries):
        notes.append(L["fold_print_but"] if any("back" in e.sides and e.kind != "booklet" for e in entries)
                     else L["fold_print"])
    notes.append(L["fold_stock"] if duplex == "fold" else L["stock"])
    single = [e.title for e in entries if e.kind != "booklet" and not e.sides & {"back", "fold"}]
    if duplex == "fold" and single:   # the envelope, board tiles, dice: no fold to crack, thin paper to sag
        notes.append(L["fold_single"].format(names=L.get("sep", ", ").join(single)))
    notes += (L["ink"] if info.get("ink_saver") else L["ink_other"].format(file=info.get("ink_file", ".ink-saver.pdf"))).split("\n")
    def bullet(n):   # a hanging indent: wrapped lines start under the text, not under the bullet
        nonlocal y
        top = y
        text("•", 10)
        y = top
        y += text(n, 10, x=m + 4.5 * MM, width=w - qr_side - 8.5 * MM) + 1.5 * MM   # (air after the bullet)

    for n in notes:
        bullet(n)
    y += 4 * MM

    heading(L["assembly"])
    how = []
    if any("fold" in e.sides for e in entries):
        how.append(L["fold_how"])
    if any(e.kind == "deck" and not e.outline and e.sides - {"tile"} for e in entries):
        how.append(L["marks"])
    if any(e.outline for e in entries):
        how.append(L["outline"])
    if any("tile" in e.sides for e in entries):
        how.append(L["tile_how"])
    if any(e.pieces for e in entries):   # a fold sheet's empty slot read as a missing card (17th read)
        how.append(L["count_check"])
    marks = info.get("marks", set())   # the die lines this file's layouts draw
    if marks:
        how.append(L["dielines" if {"fold", "glue"} <= marks else "dielines_fold" if "fold" in marks else "dielines_glue"])
    for n in how:
        bullet(n)

    if qr_matrix:
        n = len(qr_matrix)
        side = qr_side
        qx, qy = pw - m - side, ph - m - side - 6 * MM
        cell = side / n
        ops = []
        for r, row in enumerate(qr_matrix):
            c = 0
            while c < n:
                if row[c]:
                    s = c
                    while c < n and row[c]:
                        c += 1
                    ops.append(("R", qx + s * cell, qy + r * cell, (c - s) * cell, cell, 0.0))
                else:
                    c += 1
        pieces.append(Shape(tuple(ops), fill="#000000"))
        end = y
        y = qy + side + 1.5 * MM
        text(f"{L['url']}{L.get('colon', ': ')}{info['url']}", 7, x=m, width=w, align="right", color=MUTED)

    else:
        end = y
    face = Face(pw, ph, 0.0, tuple(pieces), name="cover")
    out = [Page(pw, ph, slots=[Slot(face, 0, 0, (0, 0, pw, ph))], side="cover", title=info["title"])]
    if blank_needed(duplex) and info.get("two_sided", any("back" in e.sides for e in entries)):
        out.append(Page(pw, ph, side="blank", title=info["title"]))
    return out, end
