"""A warm build session: the process stays up between builds (watch mode, benchmarks), keeping
fonts registered, QR codes and, above all, the faces of cards whose inputs did not change and the PDF
code they were drawn as."""
from __future__ import annotations

from pathlib import Path

from pnp.pipeline import facestore
from pnp.pipeline.build import Options, Project, build_game

CACHE_LIMIT = 50_000  # faces; a session that outgrows it starts afresh


class Session:
    def __init__(self, root: Path, **options):
        self.project = Project(Path(root))
        self.options = Options(**options)
        self.cache: dict = facestore.Faces()
        self.drawn: dict = {}    # game → {id(pieces) → the PDF code they were drawn as} (pnp.render.pdf)

    def build(self, games) -> list[dict]:
        if len(self.cache) > CACHE_LIMIT:
            self.cache.clear()
            self.drawn.clear()
        out = []
        for g in games:   # a game's drawn code lives from one of its builds to the next: unused code goes
            now: dict = {}
            out.append(build_game(self.project, g, self.options, cache=self.cache, drawn=(self.drawn.get(g, {}), now)))
            self.drawn[g] = now
        return out
