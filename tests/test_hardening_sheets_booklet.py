"""Hostile rules booklets: raw HTML is refused at its line, and thousands of headings cost linear time
(checked on large inputs in a child process with a timeout as a safety net, never a timing assert)."""
from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

from hypothesis import HealthCheck, given, settings, strategies as st

import booklet_game
from conftest import run_pnp

ROOT = Path(__file__).resolve().parent.parent

HTML_RULES = """\
# Setup

<script>alert(1)</script>

Deal the cards <iframe src="https://example.org"></iframe> now.

<img src=file:///etc/passwd>

<!-- a note for the designer -->

| a | b |
|---|---|
| 1 | <b>2</b> |

- an item <span onclick="x()">here</span>
"""


def test_raw_html_in_a_booklet_is_refused_at_its_line(tmp_path):
    root = booklet_game.make(tmp_path, rules_en=HTML_RULES)
    r = run_pnp("--project", root, "build", "tiny", "--lang", "en", "--only", "rules", "--out", tmp_path / "out")
    assert r.returncode == 2, r.stderr
    assert "Traceback" not in r.stderr
    err = r.stderr
    for line, what in [(3, "<script>"), (5, "<iframe"), (7, "<img src=file:///etc/passwd>"), (9, "<!--"),
                       (13, "<b>"), (15, "<span")]:
        hit = [ln for ln in err.splitlines() if f"rules.en.md:{line}:1:" in ln and "HTML" in ln]
        assert hit and what in hit[0] and " — " in hit[0], (line, what, err)
    assert not (tmp_path / "out" / "tiny" / "tiny.en.a4.rules.pdf").exists()


def test_a_less_than_sign_and_an_autolink_are_text_not_html():
    from pnp.booklet.md import Source
    src = Source(Path("rules.en.md"), "rules.en.md", None, {})
    blocks = src.parse("1 < 2, and a <3 heart; see <https://example.org>.\n")
    assert not src.problems, src.problems
    assert blocks[0].text == "1 < 2, and a <3 heart; see https://example.org."


def _child(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True,
                          cwd=ROOT, timeout=90)   # a safety net: quadratic work takes many minutes here


def test_35000_headings_in_a_row_are_paginated_in_order():
    r = _child("""
        from pnp.booklet.flow import Flow, Unit, rect
        units = [Unit(10.0, [rect(0, 0, 50, 8)], keep_next=True, heading=(1, f"H{i}")) for i in range(35_000)]
        pages = Flow(None, {}, {"note": None}, 100.0, None).paginate(units, 500.0)
        got = [h for p in pages for h in p.headings]
        assert got == [(1, f"H{i}") for i in range(35_000)], "order"
        assert len(pages) == 35_000 * 10 // 500, len(pages)
        print("ok")
    """)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr[-2000:]


def test_35000_headings_map_to_their_source_lines():
    # a jinja line at the start and the end: the rendered text differs from the source at both ends
    r = _child("""
        from pnp.booklet.linemap import line_map
        body = "".join(f"# Heading {i % 7}\\n\\n" for i in range(35_000))
        src = "{{ 1 }}\\n" + body + "{{ 2 }}"
        out = "1\\n" + body + "2"
        m = line_map(src, out)
        assert len(m) == len(out.split("\\n"))
        assert m == list(range(1, len(m) + 1)), [(j, n) for j, n in enumerate(m, 1) if j != n][:5]
        print("ok")
    """)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr[-2000:]


def test_lines_a_loop_writes_in_a_long_booklet_point_at_the_loop():
    r = _child("""
        from pnp.booklet.linemap import line_map
        head = "".join(f"# H{i}\\n\\ntext {i}\\n\\n" for i in range(5_000))
        src = "{{ 0 }}\\n" + head + "{% for n in range(3) %}- item {{ n }}\\n{% endfor %}\\n" + head + "{{ 1 }}"
        out = "0\\n" + head + "- item 0\\n- item 1\\n- item 2\\n\\n" + head + "1"
        m = line_map(src, out)
        loop = 1 + head.count("\\n") + 1
        items = [m[j] for j, ln in enumerate(out.split("\\n")) if ln.startswith("- item")]
        assert all(loop <= n <= loop + 1 for n in items), (loop, items)
        b = out.split("\\n"); a = src.split("\\n")
        assert all(a[m[j] - 1] == ln for j, ln in enumerate(b) if ln.startswith("# H")), "headings map exactly"
        print("ok")
    """)
    assert r.returncode == 0 and r.stdout.strip() == "ok", r.stderr[-2000:]


def test_35000_headings_are_a_problem_at_the_first_one_too_many(tmp_path):
    from pnp.booklet.md import MAX_HEADINGS
    root = booklet_game.make(tmp_path, rules_en="".join("# h\n" for _ in range(35_000)))
    r = run_pnp("--project", root, "build", "tiny", "--lang", "en", "--only", "rules", "--out", tmp_path / "out",
                timeout=120)
    assert r.returncode == 2, r.stderr[-2000:]
    assert f"rules.en.md:{MAX_HEADINGS + 1}:1: more than {MAX_HEADINGS:,} headings (35,000)" in r.stderr, r.stderr[-2000:]
    assert "Traceback" not in r.stderr


def test_headings_up_to_the_limit_are_parsed():
    from pnp.booklet.md import MAX_HEADINGS, Source
    src = Source(Path("rules.en.md"), "rules.en.md", None, {})
    blocks = src.parse("".join(f"## Part {i}\n" for i in range(MAX_HEADINGS)))
    assert not src.problems and len(blocks) == MAX_HEADINGS


def test_a_table_of_20000_rows_is_a_problem_at_the_first_row_too_many():
    from pnp.booklet.md import MAX_BLOCKS, Source
    src = Source(Path("rules.en.md"), "rules.en.md", None, {})
    text = "# T\n\n| a | b |\n|---|---|\n" + "".join(f"| {i} | x |\n" for i in range(20_000))
    assert src.parse(text) == []
    # the heading and the header row count, so the row past the limit is on line 5 + MAX_BLOCKS - 2
    (p,) = src.problems
    assert str(p).startswith(f"rules.en.md:{5 + MAX_BLOCKS - 2}:1: more than {MAX_BLOCKS:,} paragraphs, "
                             "list items and table rows (20,002)"), str(p)


def test_blocks_up_to_the_limit_are_parsed():
    from pnp.booklet.md import MAX_BLOCKS, Source
    src = Source(Path("rules.en.md"), "rules.en.md", None, {})
    blocks = src.parse("".join(f"- item {i}\n" for i in range(MAX_BLOCKS)))
    assert not src.problems and len(blocks) == 1 and len(blocks[0].items) == MAX_BLOCKS


_PIECES = ["# Head\n", "## Sub\n", "text and **bold**\n", "- item\n", "1. one\n", "> note\n", "| a | b |\n|---|---|\n| 1 | 2 |\n",
           "---\n", "\n", "<script>x</script>\n", "<div>\n", "a <b>bold</b> tag\n", "<!-- c -->\n", "<img src=file:///x>\n",
           "1 < 2\n", "<https://x.org>\n", "    code\n", "```\nfence\n```\n", "![p](piece:x/y)\n", "&amp; &copy;\n",
           "<?php x ?>\n", "<![CDATA[x]]>\n", "a\u2028b\n", "\x00\n", "[x](javascript:alert(1))\n"]


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(st.lists(st.sampled_from(_PIECES), max_size=30))
def test_hostile_markdown_is_blocks_or_problems_and_html_is_never_text(parts):
    from pnp.booklet.md import Source
    game = type("G", (), {"components": {}})()
    src = Source(Path("rules.en.md"), "rules.en.md", game, {})
    text = "".join(parts)
    blocks = src.parse(text)
    printed = []

    def walk(bs):
        for b in bs:
            printed.append(b.text)
            printed.extend(c for row in [b.head] + b.rows for c in row)
            if b.kind == "note":
                walk(b.items)
            for item in b.items if b.kind == "list" else []:
                walk(item)
    walk(blocks)
    for p in src.problems:
        assert str(p).startswith("rules.en.md:") and " — " in str(p), str(p)
    assert not any(tag in t for t in printed for tag in ("<script", "<div", "<b>", "<!--", "<img", "<?php", "<![CDATA"))
