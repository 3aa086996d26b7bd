"""The semantic mutation corpus: edits that keep the YAML and the schema valid but break the game
must fail `pnp check` with a finding that names the problem; legitimate edits must still pass.

Each game has `tests/semantic/<game>.yaml`:

    game: criminal-poker
    breaks:                      # each must give an error finding matching `expect` (a regex)
      - name: help card says two eyewitness accounts add up
        file: content/criminal-poker/help.yaml
        replace: [old text, new text]          # the old text must occur exactly once
        # or several: edits: [{file: …, replace: [old, new]}, …]
        expect: 'help\\.yaml:\\d+.*witness'
    keeps:                       # each must load and pass with no error finding
      - name: reworded flavour
        file: …
        replace: […]

A break counts only with an error that the unedited game does not have, so a corpus entry cannot
pass because the game was already broken, and it must not be bad input (exit 2): it has to reach the
rules. Breaks are judged on the rules' findings first and on the resolved faces (every language) only
when the rules said nothing that matches, which keeps the corpus fast.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from conftest import ROOT
from pnp.pipeline.build import Project, faces, prepare, resolver_for
from pnp.core.errors import Problems

CORPUS = sorted((ROOT / "tests" / "semantic").glob("*.yaml"))


def _cases():
    for path in CORPUS:
        doc = yaml.safe_load(path.read_text(encoding="utf-8"))
        for kind in ("breaks", "keeps"):
            for case in doc.get(kind) or []:
                yield pytest.param(doc["game"], kind, case, id=f"{doc['game']}:{kind[:-1]}:{case['name']}")


def _project(tmp_path: Path, game: str) -> Path:
    dst = tmp_path / "proj"
    (dst / "content").mkdir(parents=True)
    shutil.copytree(ROOT / "content" / game, dst / "content" / game)
    shutil.copytree(ROOT / "layouts", dst / "layouts")
    return dst


def _apply(proj: Path, case: dict) -> None:
    edits = case.get("edits") or [{"file": case["file"], "replace": case["replace"]}]
    for e in edits:
        path = proj / e["file"]
        old, new = e["replace"]
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{e['file']}: the text to replace occurs {text.count(old)} times: {old!r}"
        path.write_text(text.replace(old, new), encoding="utf-8")


def _errors(proj: Path, game: str, rules_only: bool) -> list[str]:
    prep = prepare(Project(proj), game)
    found = [f for f in prep.findings if f.severity == "error"]
    if rules_only:
        return [str(f) for f in found]
    for lang in prep.game.languages:
        res = resolver_for(prep, lang)
        for comp in prep.game.components.values():
            for _pair in faces(prep, lang, res, comp):
                pass
        if res.problems:
            raise Problems(res.problems)
        found += [f for f in res.findings if f.severity == "error"]
    return sorted({str(f) for f in found})


_baseline: dict = {}


def _base(tmp_path_factory, game) -> set:
    if game not in _baseline:
        _baseline[game] = set(_errors(_project(tmp_path_factory.mktemp(game), game), game, rules_only=False))
    return _baseline[game]


def test_there_is_a_corpus_for_every_game():
    games = sorted(p.name for p in (ROOT / "content").iterdir() if (p / "game.yaml").is_file())
    have = {yaml.safe_load(p.read_text(encoding="utf-8"))["game"]: yaml.safe_load(p.read_text(encoding="utf-8"))
            for p in CORPUS}
    for g in games:
        assert g in have, f"tests/semantic/{g}.yaml is missing"
        assert len(have[g].get("breaks") or []) >= 10, f"{g}: fewer than 10 breaks"
        assert len(have[g].get("keeps") or []) >= 4, f"{g}: fewer than 4 keeps"


@pytest.mark.parametrize("game,kind,case", list(_cases()))
def test_semantic_case(tmp_path, tmp_path_factory, game, kind, case):
    base = _base(tmp_path_factory, game)
    assert not base, f"the unedited {game} already has errors: {sorted(base)[:3]}"
    proj = _project(tmp_path, game)
    _apply(proj, case)
    try:
        if kind == "keeps":
            errors = _errors(proj, game, rules_only=False)
            assert not errors, f"a legitimate edit was refused: {errors}"
            return
        pattern = re.compile(case["expect"])
        errors = _errors(proj, game, rules_only=True)
        if not any(pattern.search(e) for e in errors):
            errors = _errors(proj, game, rules_only=False)
    except Problems as e:
        pytest.fail(f"the edit is bad input (exit 2), not a rule break: {[str(p) for p in e.problems][:3]}")
    assert any(pattern.search(e) for e in errors), f"no error matches {case['expect']!r}; errors: {errors}"
