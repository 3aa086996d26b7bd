"""Findings (of the rules engine, the print lint and the resolver): a severity, a `file:line`, a message,
the card and the check that produced it. At the bottom of the house: it imports only `pnp.core.errors`."""
from __future__ import annotations

from dataclasses import dataclass, field

from pnp.core.errors import Pos


@dataclass(frozen=True, order=True)
class Finding:
    severity: str          # "error" | "warning" | "info"
    pos: Pos
    message: str
    card: str | None = None
    check: str = ""        # the check that produced it
    measure: float | None = field(default=None, compare=False)  # lint: the measured value, lower = worse

    def __str__(self) -> str:
        card = f" [{self.card}]" if self.card else ""
        return f"{self.pos}: {self.severity}: {self.message}{card}"

    def as_json(self) -> dict:
        return {"severity": self.severity, "file": self.pos.file, "line": self.pos.line, "col": self.pos.col,
                "card": self.card, "check": self.check, "message": self.message}


def error(pos: Pos, message: str, card: str | None = None, check: str = "") -> Finding:
    return Finding("error", pos, message, card, check)


def warning(pos: Pos, message: str, card: str | None = None, check: str = "") -> Finding:
    return Finding("warning", pos, message, card, check)


class RuleErrors(Exception):
    def __init__(self, findings):
        self.findings = findings
        super().__init__(f"{len(findings)} rule errors")


# The print lint's rules and their default level (pnp.lint judges them; game.yaml `lint:` sets them,
# which the content loader checks with these names).
RULES = {
    "min-text-size": "warn",
    "safe-area": "warn",
    "out-of-bounds": "error",
    "bleed": "warn",
    "contrast": "warn",
    "colour-only": "warn",
    "printable-margin": "warn",
    "stray-marks": "warn",
    "text-breaks": "warn",
    "zh-punctuation": "warn",
    "greyscale": "warn",
    "fit": "warn",
    "secret-backs": "warn",
    "ink-saver": "warn",
}
LEVELS = ("off", "warn", "error")


def level_of(value):
    """YAML reads an unquoted `off` as false (and `on` as true): both mean what the user wrote."""
    if value is False:
        return "off"
    if value is True:
        return "warn"
    return value
