"""Reading printed text for rules stated in its own words (pnp.rules.phrasing uses this).

A text's literal parts are what is left when its `{{ … }}`, `{% … %}` and `{# … #}` tags are taken
out: what it prints in its own words. Those parts are cut into sentences, and a sentence restates a
rule when it is about the rule (the rule's `about` expression matches) and carries one of the rule's
parameter words (any value's: "to the left" and "to the right" alike) or, for a rule with a number,
a number. Such a sentence can drift from rules.yaml, or already has: it must print the rule through
its phrase instead. Prose that only mentions the subject, without a parameter, never alarms.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

TAG = re.compile(r"\{\{.*?\}\}|\{%.*?%\}|\{#.*?#\}", re.S)
HOLE = "\u2042"   # ⁂ stands where a tag printed something (never a word nor a number)
# a sentence ends at its punctuation, a blank line, a list item, a table cell, a heading or a bold line
BREAK = re.compile(r"[.!?;。！？；]+[†‡*]*(?=\s|$|[\"'”’)）」』*_])|[。！？；]|\n[ \t]*\n|\n[ \t]*(?:[-*+]|\d+[.)])[ \t]|\||\n#+[ \t]|(?<=\*\*)[ \t]*\n")
MARKUP = re.compile(r"[*_`]+|!?\[|\]\([^)]*\)|(?:^|(?<=\n))[ \t]*>[ \t]?")
NUMBER = {
    "en": re.compile(r"(?<![\w.])\d+(?!\w|\.\d)|\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                     r"twice|thrice)\b", re.I),
    "zh-TW": re.compile(r"\d+|[一二兩三四五六七八九十]+(?=[次張位個人點格回輪局枚顆塊名種組份步天小時])"),
}
NUMBER_ANY = re.compile(r"\d+")


def literal(text: str) -> str:
    """The text with its template tags replaced by HOLE (newlines kept, so lines still count)."""
    return TAG.sub(lambda m: HOLE + "\n" * m.group().count("\n"), text)


def sentences(text: str):
    """(line offset from the text's first line, sentence) for each sentence of a literal text."""
    start = 0
    for m in BREAK.finditer(text + "\n\n"):
        end = m.start() if not m.group().strip() or m.group()[0] in "|\n" else m.end()
        chunk = text[start:end]
        if chunk.strip(" \t\n" + HOLE):
            lead = len(chunk) - len(chunk.lstrip())
            yield text.count("\n", 0, start + lead), " ".join(MARKUP.sub("", chunk).split()).lstrip("-+ " + HOLE)
        start = max(m.end(), end)


def word_pattern(word: str) -> str:
    """A word as a pattern: whole words where it is written in letters, anywhere where it is not."""
    body = r"\s+".join(re.escape(w) for w in word.split())
    if word[:1].isascii() and word[:1].isalnum():
        body = r"(?<![A-Za-z])" + body
    if word[-1:].isascii() and word[-1:].isalnum():
        body += r"(?![A-Za-z])"
    return body


@dataclass(frozen=True)
class Sign:
    """How to tell a sentence that restates one rule in one language."""
    rule: str
    about: re.Pattern
    words: re.Pattern | None     # any parameter word of the rule
    numbers: bool                # the rule has a number among its parameters

    def said_by(self, sentence: str, lang: str) -> str | None:
        """The parameter word or number that makes `sentence` restate the rule, or None."""
        if not self.about.search(sentence):
            return None
        m = self.words.search(sentence) if self.words is not None else None
        if m is None and self.numbers:
            m = NUMBER.get(lang, NUMBER_ANY).search(sentence)
        return m.group() if m else None


def compile_sign(rule: str, about: str, words: list, numbers: bool) -> Sign:
    """`about`: a regular expression (case-insensitive); `words`: patterns or plain words (plain ones are
    passed through word_pattern by the caller)."""
    pat = re.compile("|".join(f"(?:{w})" for w in words), re.I) if words else None
    return Sign(rule, re.compile(about, re.I), pat, numbers)


def restated(signs, text: str, lang: str, skip=()):
    """(line offset, rule, word, sentence) for each sentence of a template text that restates a rule."""
    for off, sent in sentences(literal(text)):
        for sign in signs:
            if sign.rule in skip:
                continue
            got = sign.said_by(sent, lang)
            if got:
                yield off, sign.rule, got, sent   # every rule the sentence restates
