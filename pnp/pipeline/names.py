"""The name of a PDF a build writes: every combination of the options its own file."""
from __future__ import annotations

DUPLEX = ("long", "short", "fold", "none")

NAME_WORDS = ("ink-saver", "draft")   # what pnp itself writes after the components in a PDF's name


def pdf_name(game_id: str, lang: str, opts) -> str:   # opts: pnp.pipeline.build.Options
    """`<game>.<lang>.<paper>[.<duplex>][.<ids>][.ink-saver][.draft].pdf`: the duplex mode unless it is
    `long` (a fold or one-sided PDF never overwrites the duplex one), the `--only` components joined by
    `+` (written `+<id>` when the one id is a word pnp writes there itself, so that `--only draft` is
    not `--draft` and `--only fold` not `--duplex fold`).
    Every combination of the options gives its own name (tests/test_output_names.py)."""
    parts = [game_id, lang, opts.paper or "a4"]   # build_game puts the game's `paper:` in first
    if opts.duplex != "long":
        parts.append(opts.duplex)
    if opts.only:
        ids = "+".join(opts.only)
        parts.append(f"+{ids}" if ids in NAME_WORDS + DUPLEX else ids)
    parts += [w for w, on in zip(NAME_WORDS, (opts.ink_saver, opts.draft)) if on]
    return ".".join(parts) + ".pdf"
