"""The five games shipped with pnp, each a rules plug-in exactly like a designer's own: registered under
the `pnp.rules` entry points in pnp's pyproject.toml, chosen by a game's `rules:` in game.yaml, and
importing only the plug-in API (pnp.rules.api) and its own package. Every game names its concerns
alike: `checks.py` (deck rules, the plug-in's `check`), `logic.py` (the game's logic), `published.py`
(the published rules' numbers, where a game keeps them apart), `printed.py` (what prints says what
the rules say), and a file per further concern (a board, hole masks, printed tracks, report charts)."""
