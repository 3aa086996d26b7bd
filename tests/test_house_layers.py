"""The house is the pipeline: one package per stage, each importing only from the floors below it
(or from its own floor without a circle), and the games importing only the plug-in API.

Every import counts, also those inside functions (`ast.walk`), and `from pnp.x import y` counts as an
import of `pnp.x.y` when y is a module. The floors are the table in README "How it is built".
"""
from __future__ import annotations

import ast
from pathlib import Path

from conftest import ROOT

PNP = ROOT / "pnp"

FLOORS = [                     # lowest first; a module may import from its own floor or any below
    ("pnp", "pnp.core"),
    ("pnp.content",),
    ("pnp.templates",),
    ("pnp.text",),
    ("pnp.layout",),
    ("pnp.impose",),
    ("pnp.lint",),
    ("pnp.resolve",),
    ("pnp.booklet",),
    ("pnp.render",),
    ("pnp.rules",),
    ("pnp.games",),
    ("pnp.pipeline",),
    ("pnp.export",),
    ("pnp.report",),
    ("pnp.studio",),
    ("pnp.commands", "pnp.__main__"),
]
API = "pnp.rules.api"


def modules(root: Path = ROOT) -> dict[str, Path]:
    out = {}
    for p in (root / "pnp").rglob("*.py"):
        parts = list(p.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = p
    return out


def graph(mods: dict[str, Path]) -> dict[str, set[str]]:
    """module → the pnp modules it imports (anywhere in it)."""
    def known(name):
        while name and name not in mods:
            name = name.rpartition(".")[0]
        return name or None
    edges = {}
    for m, p in mods.items():
        pkg = m if p.name == "__init__.py" else m.rpartition(".")[0]
        out = set()
        for n in ast.walk(ast.parse(p.read_text("utf-8"))):
            if isinstance(n, ast.Import):
                out |= {known(a.name) for a in n.names if a.name.split(".")[0] == "pnp"}
            elif isinstance(n, ast.ImportFrom):
                base = n.module or ""
                if n.level:
                    up = pkg.split(".")[:len(pkg.split(".")) - (n.level - 1)]
                    base = ".".join(up + ([n.module] if n.module else []))
                if base.split(".")[0] != "pnp":
                    continue
                for a in n.names:
                    full = f"{base}.{a.name}"
                    out.add(full if full in mods else known(base))
        out.discard(None)
        out.discard(m)
        edges[m] = out
    return edges


def floor(mod: str) -> int:
    best, at = None, -1
    for i, names in enumerate(FLOORS):
        for name in names:
            if (mod == name or mod.startswith(name + ".")) and (best is None or len(name) > len(best)):
                best, at = name, i
    return at


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges.get(w, ())))))
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on.discard(w)
                        comp.append(w)
                        if w == v:
                            break
                    if len(comp) > 1:
                        out.append(sorted(comp))
    return out


def upward(edges: dict[str, set[str]]) -> list[str]:
    bad = []
    for m, outs in sorted(edges.items()):
        for o in sorted(outs):
            if floor(o) > floor(m):
                bad.append(f"{m} (floor {floor(m)}) imports {o} (floor {floor(o)})")
    return bad


def game_imports(edges: dict[str, set[str]]) -> list[str]:
    bad = []
    for m, outs in sorted(edges.items()):
        if not m.startswith("pnp.games."):
            continue
        own = ".".join(m.split(".")[:3])
        for o in sorted(outs):
            if o != API and o != own and not o.startswith(own + "."):
                bad.append(f"{m} imports {o}: a game imports only {API} and its own package")
    return bad


def private_names(mods: dict[str, Path]) -> list[str]:
    """A game never names a `_private` name of pnp (its own package's are its own)."""
    bad = []
    for m, p in mods.items():
        if not m.startswith("pnp.games."):
            continue
        own = ".".join(m.split(".")[:3])
        for n in ast.walk(ast.parse(p.read_text("utf-8"))):
            if isinstance(n, ast.ImportFrom) and n.module and n.module.startswith("pnp") and not (
                    n.module == own or n.module.startswith(own + ".")):
                bad += [f"{m} imports {n.module}.{a.name}" for a in n.names if a.name.startswith("_")]
            elif isinstance(n, ast.Attribute) and n.attr.startswith("_") and not n.attr.startswith("__") and (
                    isinstance(n.value, ast.Name) and n.value.id == "api"):
                bad.append(f"{m} uses api.{n.attr}")
    return bad


def test_every_module_has_a_floor():
    assert [m for m in modules() if floor(m) < 0] == []


def test_no_import_circles():
    assert cycles(graph(modules())) == []


def test_no_import_from_a_higher_floor():
    assert upward(graph(modules())) == []


def test_games_import_only_the_plugin_api():
    mods = modules()
    assert any(m.startswith("pnp.games.") for m in mods)
    assert game_imports(graph(mods)) == []
    assert private_names(mods) == []


def test_the_checks_can_fail(tmp_path):
    """A circle, an upward import, a game reaching into the core and a private name are each found."""
    pkg = tmp_path / "pnp"
    for rel, text in {
        "__init__.py": "", "core/__init__.py": "", "core/a.py": "from pnp.core import b\n",
        "core/b.py": "def f():\n    from pnp.core.a import x\n",            # circle, inside a function
        "content/__init__.py": "", "content/c.py": "import pnp.pipeline.d\n",  # upward
        "pipeline/__init__.py": "", "pipeline/d.py": "",
        "rules/__init__.py": "", "rules/api.py": "",
        "games/__init__.py": "", "games/g/__init__.py": "from pnp.core.a import _secret\n",
    }.items():
        (pkg / rel).parent.mkdir(parents=True, exist_ok=True)
        (pkg / rel).write_text(text)
    mods = modules(tmp_path)
    edges = graph(mods)
    assert cycles(edges) == [["pnp.core.a", "pnp.core.b"]]
    assert upward(edges) == ["pnp.content.c (floor 1) imports pnp.pipeline.d (floor 12)"]
    assert game_imports(edges) == ["pnp.games.g imports pnp.core.a: a game imports only pnp.rules.api and its own package"]
    assert private_names(mods) == ["pnp.games.g imports pnp.core.a._secret"]


def test_the_cache_folder_follows_the_environment(monkeypatch, tmp_path):
    from pnp.core.cache import cache_root
    from pnp.layout import qr
    from pnp.text import fonts
    monkeypatch.setenv("PNP_CACHE", str(tmp_path / "c"))
    assert cache_root() == tmp_path / "c" and fonts.cache_dir() == tmp_path / "c" / "fonts"
    assert qr._path() == tmp_path / "c" / "qr-v1.json"


def test_one_cache_layer():
    """Every disk cache writes through pnp.core.cache (one atomic write, one code stamp): no module that
    names the cache folder writes a temporary file of its own or keeps a list of the modules it hashes."""
    bad = []
    for m, p in modules().items():
        text = p.read_text("utf-8")
        if m == "pnp.core.cache" or "cache_root" not in text:
            continue
        for sign in ("mkstemp", "os.replace(", "NamedTemporaryFile", "Path(__file__)", "MODULES = ", "digest_of_modules"):
            if sign in text:
                bad.append(f"{m}: {sign}")
    assert bad == []


def test_the_plugin_api_names_what_it_exports():
    """Every public name of the plug-in API is documented (docs/reference.md) and nothing else is public."""
    from pnp.rules import api
    public = {n for n in vars(api) if not n.startswith("_") and n not in ("annotations", "dataclass", "Callable",
                                                                         "Iterable", "HELP")}
    assert public == set(api.__all__) == set(api.HELP)
