"""Every broken input gets exit 2 (or 1 for rule errors), a `file:line:col:` message saying what is
wrong and what to do, no traceback, and nothing written or changed in the output folder.

Cases live in tests/bad/cases.yaml (the edit kinds are documented at its top)."""
import importlib.util
import os
import re
import shutil
import struct
import zlib
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from conftest import copy_project
from pnp.commands.cli import main

CASES = yaml.safe_load((Path(__file__).parent / "bad" / "cases.yaml").read_text("utf-8"))
GAME = "criminal-poker"
PAD = "@PAD@"


def big_png(w: int, h: int) -> bytes:
    """A valid 1-bit greyscale PNG of w x h pixels, all black: tiny on disk whatever its size."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    row = b"\0" * (1 + (w + 7) // 8)
    z = zlib.compressobj(9)
    idat = b"".join(z.compress(row) for _ in range(h)) + z.flush()
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 1, 0, 0, 0, 0))
            + chunk(b"IDAT", idat) + chunk(b"IEND", b""))


def _padded(text: str, edit: dict) -> str:
    return text.replace(PAD, edit["pad"] * edit["times"]) if "pad" in edit else text


def _apply(root: Path, edit: dict):
    path = root / edit["file"]
    path.parent.mkdir(parents=True, exist_ok=True)
    if "find" in edit:
        text = path.read_text("utf-8")
        assert edit["find"] in text, f"case is stale: {edit['find']!r} not in {edit['file']}"
        if "replace_hex" in edit:
            head, _, tail = text.partition(edit["find"])
            path.write_bytes(head.encode() + bytes.fromhex(edit["replace_hex"]) + tail.encode())
        else:
            path.write_text(text.replace(edit["find"], _padded(edit["replace"], edit), 1), "utf-8")
    elif "write" in edit:
        path.write_text(_padded(edit["write"], edit), "utf-8")
    elif "write_hex" in edit:
        path.write_bytes(bytes.fromhex(edit["write_hex"]))
    elif "png" in edit:
        path.write_bytes(big_png(*edit["png"]))
    elif "copy_resource" in edit:  # `package/relative/path`: a file shipped inside an installed package
        pkg, _, rel = edit["copy_resource"].partition("/")
        base = Path(importlib.util.find_spec(pkg).submodule_search_locations[0])
        shutil.copyfile(base / rel, path)
        if "truncate" in edit:  # keep only the first `truncate` bytes (a damaged copy)
            path.write_bytes(path.read_bytes()[:edit["truncate"]])
    elif "symlink" in edit:
        path.unlink(missing_ok=True)
        path.symlink_to(edit["symlink"])
    elif edit.get("fifo"):
        path.unlink(missing_ok=True)
        os.mkfifo(path)
    elif edit.get("delete"):
        path.unlink()
    else:
        raise AssertionError(f"unknown edit {edit}")


@pytest.fixture(scope="module")
def good_project(tmp_path_factory):
    return copy_project(tmp_path_factory.mktemp("good"))


def _tree(folder: Path) -> dict:
    return {str(p.relative_to(folder)): p.read_bytes() if p.is_file() else None for p in sorted(folder.rglob("*"))}


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_bad_input(case, tmp_path, good_project, monkeypatch):
    root = tmp_path / "proj"
    shutil.copytree(good_project, root, symlinks=True)
    for edit in case.get("edit", []):
        _apply(root, edit)
    out = root / "output"
    old = out / GAME / f"{GAME}.zh-TW.a4.pdf"
    old.parent.mkdir(parents=True)
    old.write_bytes(b"%PDF previous build")
    before = _tree(out)
    monkeypatch.chdir(root)
    for name, value in case.get("env", {}).items():
        monkeypatch.setenv(name, value)
    args = case.get("args_only") or ["build", GAME, *case.get("args", [])]
    if args[0] == "build" and "--out" not in args:
        args = [*args, "--out", str(out)]
    result = CliRunner().invoke(main, ["--project", str(root), *args], catch_exceptions=True)
    output = result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), \
        f"crashed: {result.exception!r}\n{output}"
    assert "Traceback" not in output
    assert result.exit_code == case["exit"], output
    assert re.search(case["expect"], output), f"expected /{case['expect']}/ in:\n{output}"
    if case["exit"] == 0:  # accepted input: the build replaced the PDF, and left no temporary file
        assert old.read_bytes().startswith(b"%PDF-1."), output
        assert sorted(p.name for p in old.parent.iterdir()) == ["criminal-poker.zh-TW.a4.pdf", "manifest.json"]
        return
    problems = [line for line in output.strip().splitlines()
                if not re.match(rf"^({GAME}: )?\d+ (problem|rule error)", line)]
    assert problems, output
    for line in problems:  # one message per problem, each with its position
        assert re.match(r"^[^:\s]+:\d+:\d+: \S", line), f"no file:line:col: {line!r}"
    assert _tree(out) == before


# ---- the template sandbox's size limits, directly (the corpus runs a few of them through the CLI) ----
ORDINARY = {"{{ '%d'|format(1234567) }}": "1234567", "{{ max(2000000, 3) }}": "2000000", "{{ 'ab'|center(6) }}": "  ab  ",
            "{{ 'a-b'|replace('-', '+') }}": "a+b", "{{ [1, 2]|join(', ') }}": "1, 2", "{{ 'x' ~ 'y' }}": "xy",
            "{{ 2 ** 10 }}": "1024", "{{ '%s/%s' % (1, 2) }}": "1/2", "{{ 'ab' * 3 }}": "ababab", "{{ 7|pad(3) }}": "007",
            "{{ 10 % 3 }}": "1", "{{ (range(2)|list + [5])|sum }}": "6", "{{ [1, 2] == [1, 2] }}": "True",
            "{{ 2 in [1, 2] < [3] }}": "True", "{{ 'b' in 'abc' }}": "True", "{{ [3, 1, 2]|sort|join }}": "123",
            "{{ 3 is eq 3 }}": "True", "{{ 2.5|round }}": "2.0", "{{ 12345 * 67890 }}": "838102050"}
BIG = "{% set a = [1] * 1000000 %}{% set b = [1] * 1000000 %}"
HUGE = ["{{ '%*d' % (10000000000, 1) }}", "{{ '%*d'|format(10000000000, 1) }}", "{{ 'x'.ljust(10000000000) }}",
        "{{ 'x'|center(10000000000) }}", "{{ ('x' * 900000)|replace('', 'yy') }}", "{{ 'a\tb'.expandtabs(100000000) }}",
        "{{ 7|pad(10000000000) }}", "{{ lipsum(100000) }}", "{{ [1] * 10000000 }}", "{{ ('x' * 600000) + ('x' * 600000) }}",
        "{{ ('xx' * 1000).join(range(10000)) }}", "{{ 10 ** 100000000 }}", "{{ 'x'.zfill(10000000000) }}",
        # parts each under the cap, together over it: the whole is refused before it is built
        "{{ ','.join(['x' * 900000] * 3) }}", "{{ (['x' * 900000] * 3)|join }}", "{{ ('x' * 900000) ~ ('x' * 900000) }}",
        "{{ '%s%s%s' % ('x' * 900000, 'x' * 900000, 'x' * 900000) }}", "{{ '%.900000f%.900000f' % (1.0, 1.0) }}",
        # one C call over a deeply nested value (a big list held many times): comparing, sorting,
        # summing, printing it would run for minutes, deaf to the CPU timer and to Ctrl-C
        BIG + "{{ [a] * 1000 == [b] * 1000 }}", BIG + "{{ [a] * 1000 < [b] * 1000 }}", BIG + "{{ a in [b] * 1000 }}",
        BIG + "{{ sorted([a] * 1000 + [b] * 1000)|length }}", BIG + "{{ ([a] * 1000)|sort|length }}",
        BIG + "{{ ([a] * 1000)|sum(start=[])|length }}", BIG + "{{ [a] * 1000 }}", BIG + "{{ ([a] * 1000)|unique|list|length }}",
        BIG + "{{ max([a] * 1000) }}", BIG + "{{ ([a] * 1000)|tojson|length }}", BIG + "{{ [a] * 1000 is eq [b] * 1000 }}",
        # a whole number squared in a loop: the C multiplication would outgrow memory and time
        "{% set ns = namespace(x=3) %}{% for i in range(40) %}{% set ns.x = ns.x * ns.x %}{% endfor %}{{ ns.x > 1 }}",
        "{{ 5|round(-10000000) }}",
        # many copies of one long number: printing them would write gigabytes
        "{% set n = 10 ** 99 %}{% set m = n * n * n * n * n * n * n * n * n * n %}{{ [m * m * m * m] * 250000 }}"]


@pytest.mark.parametrize("src", ["{{ '{:>10000000000}'.format(1) }}", "{{ ''['format']('{:>9999999999}', 1) }}",
                                 "{{ ('{:>9999999999}'|attr('format'))(1) }}", "{{ '{0}'.format_map({}) }}"])
def test_str_format_is_refused(src):
    from pnp.templates import templating
    with pytest.raises(templating.TemplateError, match="sandbox forbids|unsafe"):
        templating.render(src, {})


def test_an_expression_whose_value_is_huge_is_refused():
    """`repeat:` and grids loop over an expression's value: 10,000 rows of 10,000 cells is refused."""
    from pnp.templates import templating
    assert templating.evaluate("[[1] * 3] * 2", {}) == [[1, 1, 1]] * 2
    with pytest.raises(templating.TemplateError, match="larger than"):
        templating.evaluate("[[1] * 10000] * 10000", {})


@pytest.mark.parametrize("src", ORDINARY)
def test_ordinary_templates_pass_the_size_checks(src):
    from pnp.templates import templating
    assert templating.render(src, {}) == ORDINARY[src]


@pytest.mark.parametrize("src", HUGE)
def test_a_huge_value_is_refused_before_it_is_built(src):
    from pnp.templates import templating
    with pytest.raises(templating.TemplateError, match="larger than|too large|more than .* (bits|digits)|numbers only"):
        templating.render(src, {})
