"""A progress bar for long work: drawn on a terminal's stderr once the work has taken more than a
second, never when stderr is not a terminal (logs and pipes get the ordinary lines only)."""
from __future__ import annotations

import sys
import time

DELAY = 1.0
WIDTH = 30


class Progress:
    def __init__(self, total: int, label: str = "", stream=None):
        self.total, self.label = max(1, total), label
        self.stream = stream or sys.stderr
        self.done = 0
        self.t0 = time.monotonic()
        self.drawn = False
        self.tty = hasattr(self.stream, "isatty") and self.stream.isatty()

    def advance(self, n: int = 1):
        self.done = min(self.total, self.done + n)
        if self.tty and time.monotonic() - self.t0 > DELAY:
            filled = int(WIDTH * self.done / self.total)
            self.stream.write(f"\r[{'#' * filled}{' ' * (WIDTH - filled)}] {self.done}/{self.total} {self.label}")
            self.stream.flush()
            self.drawn = True

    def close(self):
        if self.drawn:
            self.stream.write("\r" + " " * (WIDTH + 12 + len(self.label)) + "\r")
            self.stream.flush()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
