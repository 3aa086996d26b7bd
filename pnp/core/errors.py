"""Problems in user files, reported as `file:line:col: what is wrong — what to do`.

Code that finds a problem in a user's file raises (or collects) a `Problem`; the CLI prints them and
exits 2. A `Problems` exception carries every problem of a run so the user sees all of them at once.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from pathlib import Path


_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


@dataclass(frozen=True, order=True)
class Pos:
    file: str
    line: int = 0
    col: int = 0
    label: str = field(default="", compare=False)   # how a spreadsheet cell is named: `cards.xlsx:Sheet1!D7`

    def __str__(self) -> str:
        if self.label:
            return self.label
        if self.line:
            return f"{self.file}:{self.line}:{self.col or 1}"
        return f"{self.file}:1:1"


def display_path(path: Path | str) -> str:
    """A path as the user should see it: relative to the working directory when inside it."""
    p = Path(path)
    try:
        return str(p.resolve().relative_to(Path.cwd().resolve()))
    except (ValueError, OSError):
        return str(p)


@dataclass(frozen=True)
class Problem:
    pos: Pos
    what: str
    todo: str = ""

    def __str__(self) -> str:
        msg = f"{self.pos}: {self.what}"
        msg = f"{msg} — {self.todo}" if self.todo else msg
        return _CONTROL.sub(lambda m: repr(m.group())[1:-1], msg)  # one line: `en\n` shows as `en\\n`


class Problems(Exception):
    """One or more problems in user input (exit code 2)."""

    def __init__(self, problems):
        self.problems = sorted(set(problems), key=lambda p: (p.pos, p.what))
        super().__init__("\n".join(map(str, self.problems)))


class Collector:
    """Collects problems so a run reports all of them before stopping."""

    def __init__(self):
        self.problems: list[Problem] = []

    def add(self, pos: Pos, what: str, todo: str = "") -> None:
        self.problems.append(Problem(pos, what, todo))

    def extend(self, problems) -> None:
        self.problems.extend(problems)

    def raise_if_any(self) -> None:
        if self.problems:
            raise Problems(self.problems)

    def __bool__(self) -> bool:
        return bool(self.problems)


def did_you_mean(name: str, choices) -> str:
    """'did you mean `x`?' for the closest of choices, or a list of what is allowed."""
    choices = sorted(str(c) for c in choices)
    close = difflib.get_close_matches(str(name), choices, n=1, cutoff=0.6)
    if close:
        return f"did you mean `{close[0]}`?"
    if not choices:
        return "nothing is allowed here"
    shown = ", ".join(f"`{c}`" for c in choices[:12])
    more = " …" if len(choices) > 12 else ""
    return f"use one of {shown}{more}"
