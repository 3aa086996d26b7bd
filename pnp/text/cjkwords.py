"""Where the words of a zh-TW text end, for the line chooser (`cjklines.py`).

BudouX, which marks the phrases a line should not tear, reads phrases, not words: it splits some words
(然／後, 獲／勝, 三／張 were printed so) and holds several words in one phrase (「包括你自己」), so a line
either tore a word or was spread to keep a whole phrase. A dictionary knows the words: jieba's (through
rjieba, the Rust port), which is written in Simplified Chinese, so the text is first converted by OpenCC
character for character (`t2s`; a conversion that changes the length gives no words, and BudouX alone
decides). Only dictionary words count (no guessed words): a break between two characters the dictionary
does not join is a break between words.
"""
from __future__ import annotations

from functools import lru_cache


@lru_cache(maxsize=1)
def _tools():
    import opencc    # imported on first CJK paragraph, like BudouX's model
    import rjieba
    return opencc.OpenCC("t2s"), rjieba


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
