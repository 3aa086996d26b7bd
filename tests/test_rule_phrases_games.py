"""Every rule of every shipped game, printed through its phrase: for each rules.yaml entry, an edit of its
data that breaks the published rule is a finding at its line; its phrase written as a literal anywhere
is a finding (the restatement can be told); rewording every phrase, and the prose around every
`rule(…)` call, raises nothing."""
from __future__ import annotations

import re
import shutil

import pytest
import yaml

from conftest import ROOT
from pnp.content.loader import load_game
from pnp.content.yamlfile import load_file
from pnp.rules import phrasescan, phrasing, plugin_for, run
from pnp.templates.context import GameContext

GAMES = ["clue", "criminal-poker", "doomsday-files", "lady-alice", "tiny-epic-crimes"]
PUBLISHED = {"clue": "clue", "criminal-poker": "criminal_poker", "doomsday-files": "doomsday_files",
             "lady-alice": "lady_alice", "tiny-epic-crimes": "tiny_epic_crimes"}


def _copy(tmp_path, game):
    dst = tmp_path / "proj"
    shutil.copytree(ROOT / "content" / game, dst / "content" / game)
    shutil.copytree(ROOT / "layouts", dst / "layouts")
    return dst / "content" / game


def _errors(folder):
    found, _ran = run(load_game(folder))
    return [f for f in found if f.severity == "error"]


@pytest.mark.parametrize("game", GAMES)
def test_every_entry_printed_as_a_literal_is_told_as_its_restatement(game):
    g = load_game(ROOT / "content" / game)
    plugin = plugin_for(g)
    spec = phrasing.Spec(g, plugin.phrasing(g) if plugin else None)
    missed = []
    for lang in g.languages:
        ctx = GameContext(g, lang)
        signs = {s.rule: s for s in spec.signs(lang)}
        for name in g.entries:
            sign = signs.get(name)
            text = ctx.rule(name)
            if sign is None or not any(sign.said_by(s, lang) for _o, s in phrasescan.sentences(text)):
                missed.append(f"{lang} {name}: “{text}”")
    assert not missed, "phrases pnp check could not tell as restated if typed as literals:\n" + "\n".join(missed)


def _broken(allowed):
    vals = [v for v in allowed]
    if any(isinstance(v, (list, dict)) for v in vals):
        return None     # a list value is not edited in place here
    if all(isinstance(v, bool) for v in vals):
        return None if len(set(vals)) > 1 else (not vals[0])
    if all(isinstance(v, int) and not isinstance(v, bool) for v in vals):
        return max(vals) + 7
    return "broken_value"


@pytest.mark.parametrize("game", GAMES)
def test_every_published_entry_broken_in_its_data_is_a_finding_at_its_line(tmp_path, game):
    import importlib
    rules = importlib.import_module(f"pnp.games.{PUBLISHED[game]}.published").RULES
    folder = _copy(tmp_path, game)
    path = folder / "rules.yaml"
    doc = load_file(path)
    lines = path.read_text("utf-8").splitlines(keepends=True)
    want = {}
    for name, spec in rules.items():
        entry = doc.get(name)
        key = next((k for k, a in spec.items() if k != "rule" and isinstance(a, tuple) and entry and k in entry
                    and _broken(a) is not None), None)
        if key is None:
            continue
        bad = _broken(spec[key])
        pos = entry.at(key)
        i = pos.line - 1
        new = re.sub(rf"(\b{re.escape(key)}:\s*)([^,}}\s#]+)", lambda m: m.group(1) + str(bad).lower()
                     if isinstance(bad, bool) else m.group(1) + str(bad), lines[i], count=1)
        assert new != lines[i], f"{name}.{key}: cannot edit line {pos.line}: {lines[i]!r}"
        lines[i] = new
        want[name] = pos.line
    path.write_text("".join(lines), "utf-8")
    found = _errors(folder)
    got = {f.check[len("rules:"):]: f.pos.line for f in found if f.check.startswith("rules:") and f.pos.file.endswith("rules.yaml")}
    missing = {n: line for n, line in want.items() if got.get(n) != line}
    assert want and not missing, f"no finding at the line of: {missing}"


NEUTRAL = {"en": ("Note well: ", " Keep this in mind."), "zh-TW": ("請留意：", "請記住這點。")}


@pytest.mark.parametrize("game", GAMES)
def test_rewording_every_phrase_and_the_prose_around_it_raises_nothing(tmp_path, game):
    folder = _copy(tmp_path, game)
    before = {str(f) for f in _errors(folder)}
    assert not before, "the shipped game has errors:\n" + "\n".join(sorted(before))
    for lang, (pre, post) in NEUTRAL.items():
        p = folder / f"phrases.{lang}.yaml"
        doc = yaml.safe_load(p.read_text("utf-8"))
        doc["phrases"] = {name: pre + text + post for name, text in doc["phrases"].items()}   # neutral prose around each
        p.write_text(yaml.safe_dump(doc, allow_unicode=True, width=10_000), "utf-8")
        for md in folder.glob(f"*.{lang}.md"):
            src = md.read_text("utf-8")
            md.write_text(re.sub(r"\{\{ rule\('[a-z_0-9]+'\) \}\}", lambda m: pre + m.group() + post, src), "utf-8")
    after = [str(f) for f in _errors(folder)]
    assert not after, "rewording alarmed:\n" + "\n".join(after)
