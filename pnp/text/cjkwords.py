"""Where the words of a zh-TW text end, for the line chooser (`cjklines.py`).

BudouX, which marks the phrases a line should not tear, reads phrases, not words: it splits some words
(然／後, 獲／勝, 三／張 were printed so) and holds several words in one phrase (「包括你自己」), so a line
either tore a word or was spread to keep a whole phrase. A dictionary knows the words: jieba's (through
rjieba, the Rust port), which is written in Simplified Chinese, so the text is first converted by OpenCC
character for character (`t2s`; a conversion that changes the length gives no words, and BudouX alone
decides). Only dictionary words count (no guessed words): a break between two characters the dictionary
does not join is a break between words. `VOCABULARY` adds the words of game rules jieba's dictionary lacks.
"""
from __future__ import annotations

from functools import lru_cache


# Words of game rules the dictionary lacks (it cut 洗勻 into 洗／勻 and 跳過, 投給, 卡牌 likewise, and the
# 19th reads found lines broken there): a break inside one costs what a torn word does. A game's own names
# belong in its glossary (`glossary:` in game.yaml), which keeps them whole outright.
VOCABULARY = (
    "牌庫", "牌庫頂", "庫頂", "手牌", "牌背", "牌面", "卡牌", "牌堆", "棄牌", "棄牌堆", "牌套", "套牌", "看牌",
    "朝上", "朝下", "放回", "棄掉", "輪到", "每輪", "洗勻", "洗混", "同票", "同分", "同勝同負", "盲抽",
    "抽到", "抽完", "改抽", "翻到", "翻面", "翻空", "擲骰", "擲到", "擲出", "重擲", "再擲", "蓋著", "蓋上",
    "側放", "跳過", "投給", "封舌", "張數", "格數", "每區", "印出", "用完", "逃過", "整疊", "內頁",
    "兩人局", "三人局", "四人局", "五人局", "六人局", "七人局", "八人局",
)


@lru_cache(maxsize=1)
def _tools():
    import opencc    # imported on first CJK paragraph, like BudouX's model
    import rjieba
    convert = opencc.OpenCC("t2s")
    jieba = rjieba.Jieba()            # its own dictionary: the module's shared one is left as it was
    for word in VOCABULARY:
        simple = convert.convert(word)
        jieba.add_word(simple, jieba.suggest_freq(simple), None)   # the frequency that keeps it whole
    return convert, jieba


@lru_cache(maxsize=8192)
def word_ends(text: str):
    """Offsets in `text` where a dictionary word ends (every character not inside a word ends one), or
    None when the text cannot be read character for character."""
    convert, jieba = _tools()
    simple = convert.convert(text)
    if len(simple) != len(text):
        return None
    ends, at = set(), 0
    for word in jieba.cut(simple, hmm=False):
        at += len(word)
        ends.add(at)
    return frozenset(ends) if at == len(text) else None
