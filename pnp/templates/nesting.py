"""Jinja's parser and code generator recurse once per level of nesting, and Python's compiler stops at 20
nested loops and 100 levels of indentation, so a template is refused before it is parsed when more than
MAX_NESTING blocks, brackets and prefix operators are open at once, and after it is parsed (before any
walk over its tree) when one expression is more than MAX_DEPTH levels deep (`1 + 1 + … + 1`,
`x|abs|abs|…`, `x.a.a.a…`): a TemplateSyntaxError at the line where it happens.
"""
from __future__ import annotations

from jinja2 import nodes
from jinja2.exceptions import TemplateSyntaxError

MAX_NESTING = 20          # blocks, brackets and prefix operators open at once (Python: 20 nested loops)
MAX_DEPTH = 60            # levels of one expression's tree

# ---- nesting ------------------------------------------------------------------------------------------
_OPENS = frozenset({"if", "for", "macro", "call", "filter", "with", "autoescape", "block", "set"})
_CLOSES = frozenset(f"end{n}" for n in _OPENS)
_BRACKETS = {"lparen": 1, "lbracket": 1, "lbrace": 1, "rparen": -1, "rbracket": -1, "rbrace": -1}
_PREFIX = frozenset({"sub", "add"})
_OPERANDS = frozenset({"name", "integer", "float", "string", "rparen", "rbracket", "rbrace"})  # `a - b`: binary


def _too_deep(what: str, limit: int, lineno: int, name, filename) -> TemplateSyntaxError:
    return TemplateSyntaxError(f"{what} nested more than {limit} deep (a `{{% set %}}` can hold a part)",
                               lineno, name, filename)


def check_nesting(stream, name=None, filename=None) -> list:
    """The tokens of a template, read whole; a TemplateSyntaxError when more than MAX_NESTING blocks,
    brackets, prefix operators in a row (`- - 1`, `not not x`) and inline `if`s (`a if b else c if …`)
    are open at once: the parser recurses on each."""
    tokens, blocks, inner, run, ifs, first, block_set, prev = [], 0, 0, 0, 0, False, None, None
    for tok in stream:
        tokens.append(tok)
        t = tok.type
        if t in ("block_begin", "variable_begin"):
            inner = run = ifs = 0
            first, block_set = t == "block_begin", None
            continue
        if t in ("block_end", "variable_end"):
            if block_set:   # `{% set x %}…{% endset %}` is a block, `{% set x = … %}` a statement
                blocks += 1
            inner = run = ifs = 0
            block_set = None
        elif t == "name" and first:
            if tok.value == "set":
                block_set = True
            elif tok.value in _OPENS:
                blocks += 1
            elif tok.value in _CLOSES:
                blocks = max(0, blocks - 1)
        elif t == "assign" and inner == 0:
            block_set = False
        elif t in _BRACKETS:
            inner = max(0, inner + _BRACKETS[t])
        elif t == "name" and tok.value == "if":
            ifs += 1
        prefix = (t in _PREFIX or t == "name" and tok.value == "not") and prev not in _OPERANDS
        run = run + 1 if prefix else 0
        first, prev = False, t if t != "name" or tok.value not in ("not", "if", "else", "and", "or", "in", "is") else "op"
        if blocks + inner + run + ifs > MAX_NESTING:
            raise _too_deep("blocks, brackets and operators", MAX_NESTING, tok.lineno, name, filename)
    return tokens


def check_depth(tree, name=None, filename=None) -> None:
    """A TemplateSyntaxError when one expression of the parsed template is more than MAX_DEPTH levels
    deep (walked without recursion: the walks after this one recurse)."""
    stack = [(tree, 0)]
    while stack:
        node, d = stack.pop()
        if isinstance(node, (nodes.Expr, nodes.Helper)):
            d += 1
            if d > MAX_DEPTH:
                raise _too_deep("an expression", MAX_DEPTH, getattr(node, "lineno", 1) or 1, name, filename)
        else:
            d = 0
        stack.extend((child, d) for child in node.iter_child_nodes())
