"""`pnp watch`: rebuild the games whose files change, print the findings or "ok" with the time taken,
and keep going after an error (the next save retries). Builds write atomically, so the last good
PDF stays in place while the content is broken.

Changes are found by polling the modification times of `content/` and `layouts/` a few times a
second: no native file-watching library to install, the same on every system and on network or
container file systems where change notifications do not arrive, and cheap for a project's few
hundred files. Builds run in one warm process (`pnp.pipeline.session.Session`): fonts stay registered and
unchanged faces come from its cache, so a save shows up in the PDF in well under a second.
"""
from __future__ import annotations

import os
import time
from dataclasses import replace
from pathlib import Path

import click


IGNORED_SUFFIXES = (".swp", ".swx", ".tmp", "~")


def snapshot(roots) -> dict:
    """path → (mtime_ns, size) of every file under roots (hidden files and editor droppings skipped)."""
    out = {}
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames[:] = [d for d in dirnames if not d.startswith(".")]
            for name in filenames:
                if name.startswith(".") or name.endswith(IGNORED_SUFFIXES):
                    continue
                p = os.path.join(dirpath, name)
                try:
                    st = os.stat(p)
                except OSError:
                    continue
                out[p] = (st.st_mtime_ns, st.st_size)
    return out


def changed(old: dict, new: dict) -> set:
    return {p for p in set(old) | set(new) if old.get(p) != new.get(p)}


def _layout_users(project, games) -> dict:
    """game → the layout folders its components name (front/back `folder/name`)."""
    import yaml
    users = {}
    for g in games:
        folders = {g}
        try:
            meta = yaml.safe_load((project.content / g / "game.yaml").read_text("utf-8")) or {}
            for comp in (meta.get("components") or {}).values():
                for key in ("front", "back"):
                    name = comp.get(key) if isinstance(comp, dict) else None
                    if isinstance(name, str) and "/" in name:
                        folders.add(name.split("/", 1)[0])
        except Exception:  # a broken game.yaml: its build reports the problem; watch it widely
            folders.add("*")
        users[g] = folders
    return users


def affected(project, games, paths) -> list:
    """The games a set of changed paths can affect, in the order given."""
    hit = set()
    users = None
    home = Path(os.path.abspath(project.root))
    for p in paths:
        try:   # by name, not resolved: a changed file may be a link to itself (or lead elsewhere)
            rel = Path(os.path.abspath(p)).relative_to(home)
        except ValueError:
            continue
        parts = rel.parts
        if len(parts) < 2:
            continue
        if parts[0] == "content":
            if parts[1] in games:
                hit.add(parts[1])
        elif parts[0] == "layouts":
            folder = parts[1] if len(parts) > 2 else "common"
            if folder == "common":
                return list(games)
            users = users or _layout_users(project, games)
            who = {g for g in games if folder in users[g] or "*" in users[g]}
            # a folder no game names directly may still be reached through `extends:`: rebuild all
            hit |= who or set(games)
    return [g for g in games if g in hit]


def _build(session, project, name, lang, out):
    """Build one game; print what a user needs. Never raises for the user's mistakes."""
    from pnp.pipeline.build import RuleErrors
    from pnp.content.loader import load_game
    from pnp.core.errors import Problems
    t0 = time.perf_counter()
    try:
        try:
            _image_cache_clear()
            langs = tuple(load_game(project.content / name).languages) if lang == "all" else ((lang,) if lang else ())
            session.options = replace(session.options, langs=langs)
            [m] = session.build([name])
        except Problems as e:
            for p in e.problems:
                click.echo(str(p), err=True)
            click.echo(f"{name}: {len(e.problems)} problem(s) in the input; the last good PDF is kept.", err=True)
            return False
        except RuleErrors as e:
            for f in e.findings:
                click.echo(str(f), err=True)
            click.echo(f"{name}: {len(e.findings)} rule error(s); the last good PDF is kept.", err=True)
            return False
    except Exception as e:  # a bug must not end the session: say so, and carry on watching
        click.echo(f"{name}: internal error ({e.__class__.__name__}: {e}); please report it. Still watching.", err=True)
        return False
    for f in m["checks"]["findings"]:
        if f["severity"] != "error":
            click.echo(f"{f['file']}:{f['line']}:{f['col']}: {f['severity']}: {f['message']}", err=True)
    for pdf in m["pdfs"]:
        if (not langs or pdf["language"] in langs) and session.options.paper in (None, pdf["paper"]):
            click.echo(f"wrote {out / pdf['path']} ({pdf['pages']} pages)")
    click.echo(f"{name}: ok in {time.perf_counter() - t0:.2f} s")
    return True


def _image_cache_clear():
    """Art files can change between builds: forget what was learnt about them."""
    from pnp.resolve import images
    from pnp.layout import svgimage
    for fn in (images.image_info, svgimage.load):
        if hasattr(fn, "cache_clear"):
            fn.cache_clear()


def run(project, names, lang, options: dict, interval: float = 0.3, max_builds: int | None = None):
    from pnp.pipeline.session import Session
    session = Session(project.root, **options)
    roots = [project.content, project.layouts]
    games = names or project.games()
    click.echo(f"watching {', '.join(str(r) for r in roots)} for {', '.join(games) or 'games'}; Ctrl-C to stop")
    state = snapshot(roots)
    builds = 0
    for g in games:
        _build(session, project, g, lang, options["out"])
        builds += 1
    while max_builds is None or builds < max_builds:
        time.sleep(interval)
        new = snapshot(roots)
        diff = changed(state, new)
        if not diff:
            continue
        while True:  # let a burst of saves (editors write, rename, touch) settle
            time.sleep(min(interval, 0.15))
            newer = snapshot(roots)
            if newer == new:
                break
            diff |= changed(new, newer)
            new = newer
        state = new
        if not names:
            games = project.games()
        todo = affected(project, games, diff)
        if not todo:
            continue
        shown = sorted(os.path.relpath(p, project.root) for p in diff)
        click.echo(f"changed: {', '.join(shown[:5])}{' …' if len(shown) > 5 else ''}")
        for g in todo:
            _build(session, project, g, lang, options["out"])
            builds += 1
