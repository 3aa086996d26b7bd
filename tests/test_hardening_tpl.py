"""The template sandbox against hostile templates: a value is bounded before one C-level call builds it,
nesting is bounded before jinja parses, undefined attributes are errors, and a face's templates share
one time budget. Card text, layouts and booklets (`rules.<lang>.md`) all run through it."""
from __future__ import annotations

import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings, strategies as st

import booklet_game
from pnp.templates import sandbox, templating

TOO_BIG = "larger than the 1,000,000 characters or items allowed|a number of more than 100,000 bits"
TOO_DEEP = r"nested more than \d+ deep"


def _render(src: str, **ctx):
    templating.new_run()
    return templating.render(src, ctx)


# ---- one call may not build more than MAX_VALUE --------------------------------------------------------
# Each would build a value of 2-40 MB if it were not checked first (small enough for a test to survive
# the old behaviour, and each ends in `|length` so that the output limit cannot be what refuses it).
GROWING = [
    "{{ (0).to_bytes(20000000, 'big')|length }}",
    "{{ (0).to_bytes(length=20000000, byteorder='big')|length }}",
    "{{ (0).from_bytes(('x' * 999999).encode(), 'big').bit_length() }}",
    "{{ (0).to_bytes(999999, 'big').hex()|length }}",
    "{{ (0).to_bytes(999999, 'big').hex(':')|length }}",
    "{{ ('a' * 1000).translate({97: 'x' * 20000})|length }}",
    "{{ ('a' * 1000).translate(['x'] * 97 + ['x' * 20000])|length }}",
    "{{ ('\t' * 1000).encode().expandtabs(20000)|length }}",
    "{{ ('a' * 1000).encode().replace('a'.encode(), ('x' * 20000).encode())|length }}",
    "{{ ('a' * 1000).replace('a', 'x' * 20000)|length }}",
    "{{ ('a' * 1000).replace('', 'x' * 20000, 500)|length }}",
    "{{ ('x' * 500000).encode().join([''.encode()] * 4)|length }}",
    "{{ ('%(a)20000000s' % {'a': 1})|length }}",
    "{{ ('%20000000d'.encode() % 1)|length }}",
    "{{ ('x\n' * 1000)|indent(20000, true, true)|length }}",
    "{{ ('a ' * 1000)|wordwrap(1, true, 'x' * 20000)|length }}",
    "{{ (range(1000)|list)|tojson(20000)|length }}",
    "{{ ('www.a.com ' * 100)|urlize(target='x' * 200000)|length }}",
    "{{ ('a' * 100)|replace('a', 'x' * 200000)|length }}",
    "{{ 12345|replace('', 'x' * 200000)|length }}",
    "{{ ('\u4e00' * 300000).encode('unicode_escape')|length }}",
    "{{ ('\u00e9' * 200000).encode('ascii', 'xmlcharrefreplace')|length }}",
    "{{ ('<' * 300000)|escape|length }}",
    "{{ ('\u00e9' * 300000)|urlencode|length }}",
]


@pytest.mark.parametrize("src", GROWING)
def test_a_call_that_would_build_a_huge_value_is_refused_first(src):
    with pytest.raises(templating.TemplateError, match=TOO_BIG):
        _render(src)


@pytest.mark.parametrize("src", [
    "{{ (0).to_bytes(8, 'big')|length }}", "{{ (258).to_bytes(2, 'big').hex() }}", "{{ 'abc'.translate({97: 'xy'}) }}",
    "{{ 'a\tb'.expandtabs(4) }}", "{{ 'a-b'.replace('-', '--') }}", "{{ ('%(a)5s' % {'a': 1}) }}",
    "{{ 'x\ny'|indent(2, true) }}", "{{ 'a b c'|wordwrap(1, true, '|') }}", "{{ [1, [2]]|tojson(2)|length }}",
    "{{ 'see www.a.com'|urlize(target='_blank') }}", "{{ 'caf\u00e9'|urlencode }}", "{{ 'a<b'|escape }}",
])
def test_small_calls_of_the_same_methods_still_work(src):
    assert _render(src) != ""


# a C-level call's result is bounded even when hypothesis picks the method and its sizes
_METHODS = st.sampled_from([
    "'{s}'.center({n})", "'{s}'.ljust({n})", "'{s}'.rjust({n})", "'{s}'.zfill({n})", "'{s}'.expandtabs({n})",
    "'{s}'.replace('{c}', '{s}' * {k})", "'{s}'.translate({{{o}: '{s}' * {k}}})", "(0).to_bytes({n}, 'big')",
    "'{s}'.encode().hex()", "('{s}' * {k}).encode().replace('{c}'.encode(), '{s}'.encode())", "'{s}'|indent({n}, true, true)",
    "'{s}'|wordwrap(1, true, '{s}' * {k})", "'{s}'|center({n})", "('%{n}s' % '{s}')", "'{s}' * {k}",
])


@settings(max_examples=60, deadline=None, derandomize=True)
@given(_METHODS, st.text("ab\t\n ", min_size=1, max_size=40), st.integers(0, 5 * 10 ** 7), st.integers(0, 10 ** 6))
def test_no_call_result_grows_past_the_limit(method, s, n, k):
    s = s.replace("\n", "\\n").replace("\t", "\\t")
    src = "{{ (" + method.format(s=s, n=n, k=k, c=s[0].replace("\\", "\\\\") if s[0] != "\\" else "a",
                                 o=ord("a")) + ")|length }}"
    try:
        got = _render(src)
    except templating.TemplateError as e:
        assert "Traceback" not in str(e)
        return
    assert int(got) <= sandbox.MAX_VALUE


# ---- nesting is bounded before jinja parses -------------------------------------------------------------
DEEP = {
    "if blocks": "{%if 1%}" * 5000 + "x" + "{%endif%}" * 5000,
    "for blocks": "{%for i in [1]%}" * 30 + "x" + "{%endfor%}" * 30,
    "macro blocks": "{%macro m()%}" * 200 + "x" + "{%endmacro%}" * 200,
    "set blocks": "{%set a%}" * 300 + "x" + "{%endset%}" * 300,
    "parentheses": "{{ " + "(" * 10000 + "1" + ")" * 10000 + " }}",
    "brackets": "{{ " + "[" * 10000 + "1" + "]" * 10000 + " }}",
    "braces": "{{ " + "{'a': " * 3000 + "1" + "}" * 3000 + " }}",
    "minus signs": "{{ " + "-" * 10000 + "1 }}",
    "nots": "{{ " + "not " * 10000 + "1 }}",
    "inline ifs": "{{ 1" + " if 1 else 1" * 3000 + " }}",
    "a chain of sums": "{{ 1" + " + 1" * 3000 + " }}",
    "a chain of attributes": "{{ x" + ".a" * 3000 + " }}",
    "a chain of filters": "{{ 1" + "|abs" * 3000 + " }}",
    "a chain of calls": "{{ x" + "()" * 3000 + " }}",
    "a chain of items": "{{ x" + "[0]" * 3000 + " }}",
}


@pytest.mark.parametrize("name", DEEP)
def test_deep_nesting_is_a_syntax_problem_not_a_recursion_error(name):
    with pytest.raises(templating.TemplateError, match=TOO_DEEP):
        _render(DEEP[name], x={})
    if DEEP[name].startswith("{{ "):   # the same as a bare expression (`when:`, `repeat:`, declared checks)
        with pytest.raises(templating.TemplateError, match=TOO_DEEP):
            templating.evaluate(DEEP[name][3:-3], {"x": {}})


@pytest.mark.parametrize("open_, close", [
    ("{%if x%}", "{%endif%}"), ("{%for i in x%}{{ loop.index }}", "{%else%}e{%endfor%}"),
    ("{%for i in x recursive%}", "{%endfor%}"), ("{%with a=1%}", "{%endwith%}"), ("{%filter upper%}", "{%endfilter%}"),
    ("{%set a%}", "{%endset%}"), ("{%autoescape false%}", "{%endautoescape%}"),
    ("{%macro m()%}", "{%endmacro%}{{ m() }}"),   # its brackets count: one level less
])
def test_nesting_up_to_the_limit_compiles(open_, close):
    n = sandbox.MAX_NESTING - ("(" in open_)
    _render(open_ * n + "x" + close * n, x=[1])
    with pytest.raises(templating.TemplateError, match=TOO_DEEP):
        _render(open_ * (n + 1) + "x" + close * (n + 1), x=[1])


def test_expressions_up_to_the_limits_compile():
    n = sandbox.MAX_NESTING
    assert _render("{{ " + "(" * n + "0" + " + 1)" * n + " }}") == str(n)
    assert _render("{{ " + "[" * (n - 1) + "1" + "]" * (n - 1) + "|length }}") == "1"
    d = sandbox.MAX_DEPTH
    assert _render("{{ 0" + " + 1" * (d - 1) + " }}") == str(d - 1)
    assert _render("{{ 1" + "|abs" * (d - 1) + " }}") == "1"
    with pytest.raises(templating.TemplateError, match=TOO_DEEP):
        _render("{{ 0" + " + 1" * (d + 1) + " }}")


_BLOCKS = [("{%if 1%}", "{%endif%}"), ("{%for i in [1]%}", "{%endfor%}"), ("{%set a%}", "{%endset%}"),
           ("{%with%}", "{%endwith%}"), ("{%filter upper%}", "{%endfilter%}"), ("{%macro m()%}", "{%endmacro%}")]
_EXPRS = [("(", ")"), ("[", "]"), ("{'a': ", "}"), ("-", ""), ("not ", ""), ("1 if 1 else ", ""), ("1 + ", ""),
          ("", "|abs"), ("", ".real"), ("", "[0:1]"), ("x(", ")")]


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(_BLOCKS), max_size=3), st.integers(0, 3000),
       st.lists(st.sampled_from(_EXPRS), min_size=1, max_size=4), st.integers(1, 3000))
def test_any_nesting_ends_in_a_template_error_or_text(blocks, tb, exprs, te):
    src = ("".join(o for o, _ in blocks) * tb + "{{ " + "".join(o for o, _ in exprs) * te + "1"
           + "".join(c for _, c in reversed(exprs)) * te + " }}" + "".join(c for _, c in reversed(blocks)) * tb)
    try:
        _render(src, x=lambda *a: 1)
    except templating.TemplateError:
        pass


# ---- undefined attributes are errors -----------------------------------------------------------------
@pytest.mark.parametrize("src", [
    "{{ ['a']|map(attribute='__class__')|list }}", "{{ ['a']|map(attribute='nope')|list }}",
    "{{ ['a']|map('attr', '__class__')|list }}", "{{ [{'a': 1}]|map(attribute='b')|list|string }}",
    "{{ 'x' ~ (['a']|map(attribute='nope')|list) }}", "{{ ['a']|map(attribute='mro')|list|tojson }}",
])
def test_an_undefined_attribute_inside_a_value_is_an_error(src):
    with pytest.raises(templating.TemplateError, match="undefined|forbids|unsafe"):
        _render(src)


def test_undefined_names_can_still_be_tested_and_defaulted():
    assert _render("{{ card.note is defined }}|{{ card.note|default('-') }}", card={}) == "False|-"
    assert _render("{{ [{'a': 1}, {}]|map(attribute='a', default=0)|list }}") == "[1, 0]"
    assert templating.evaluate("card.note is not defined", {"card": {}}) is True


# ---- one time budget per face ----------------------------------------------------------------------------
def test_copies_of_an_element_share_one_budget_outside_a_face_deadline(monkeypatch):
    """Code that reads faces without arming a deadline (rules plug-ins): the renders of one face's copies
    share one budget, so 50 copies of a template that takes most of it do not take 50 budgets."""
    monkeypatch.setattr(templating, "MAX_SECONDS", 0.3)
    slow = ("{% set ns = namespace(a=0) %}{% for i in range(600) %}{% for j in range(10) %}{% set ns.a = ns.a + j %}"
            "{% endfor %}{% endfor %}{{ ns.a + index }}")   # about 0.05 s of CPU
    templating.new_run()
    card = {"id": "c"}
    done = 0
    with pytest.raises(templating.TemplateTimeout):
        for i in range(50):
            templating.render(slow, {"card": card, "index": i})
            done += 1
    assert done < 20
    # another face starts with a budget of its own; the timed-out source is not run again this run
    with pytest.raises(templating.TemplateTimeout):
        templating.render(slow, {"card": {"id": "d"}, "index": 0})
    templating.new_run()
    assert templating.render(slow, {"card": {"id": "d"}, "index": 0}) == "27000"


# ---- through the command line: exit 2 at the right file:line, bounded memory --------------------------------
def _build(root: Path, out: Path, limit_mb: int = 1500):
    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (limit_mb << 20, limit_mb << 20))
    return subprocess.run([sys.executable, "-m", "pnp", "build", "tiny", "--lang", "en", "--no-cover", "--out", str(out)],
                          cwd=root, capture_output=True, text=True, preexec_fn=cap, timeout=120)


def _line_of(path: Path, needle: str) -> int:
    return next(i for i, s in enumerate(path.read_text("utf-8").splitlines(), 1) if needle in s)


HUGE = ["{{ (0).to_bytes(3 * 10**9, 'big')|length }}", "{{ (0).to_bytes(999999, 'big').hex()|length }}",
        "{{ ('a' * 1000).translate({97: 'x' * 999999})|length }}", "{{ ['a']|map(attribute='__class__')|list }}",
        "{%if 1%}" * 5000 + "x" + "{%endif%}" * 5000, "{{ " + "(" * 10000 + "1" + ")" * 10000 + " }}"]


@pytest.mark.parametrize("k", range(len(HUGE)))
@pytest.mark.parametrize("where", ["card", "layout", "booklet"])
def test_hostile_templates_end_in_exit_2_at_their_line(tmp_path, where, k):
    root = booklet_game.make(tmp_path)
    game, layout = root / "content" / "tiny", root / "layouts" / "tiny" / "card.yaml"
    out, src = tmp_path / "out", HUGE[k]
    quoted = "'" + src.replace("'", "''") + "'"
    cards, lay, rules = booklet_game.CARDS, booklet_game.CARD_LAYOUT, booklet_game.RULES_EN
    if where == "card":
        cards = cards.replace("{en: Red one, zh-TW: 紅一}", quoted)
        path, needle = game / "cards.yaml", "red-one"
    elif where == "layout":
        lay = lay.replace('"{{ card.name }}"', quoted)
        path, needle = layout, "name:"
    else:
        rules = rules.replace("Deal the cards.", "Deal the cards.\n" + src)
        path, needle = game / "rules.en.md", src[:20]
    (game / "cards.yaml").write_text(cards, "utf-8")
    layout.write_text(lay, "utf-8")
    (game / "rules.en.md").write_text(rules, "utf-8")
    r = _build(root, out)
    said = r.stdout + r.stderr
    assert r.returncode == 2, said[-2000:]
    assert "Traceback" not in said and "MemoryError" not in said and "RecursionError" not in said, said[-2000:]
    line, shown = _line_of(path, needle), path.relative_to(root).as_posix()
    assert re.search(rf"^{re.escape(shown)}:{line}:\d+: ", said, re.M), (shown, line, said[-2000:])
    assert not (out / "tiny").exists() or not any((out / "tiny").iterdir())


# ---- declared checks run in the same sandbox ---------------------------------------------------------------
def _declared(tmp_path, expr: str):
    from pnp import rules
    from pnp.content.loader import load_game
    from pnp.core.errors import Problems
    root = tmp_path / "proj" / "content" / "g"
    root.mkdir(parents=True)
    (root / "game.yaml").write_text(
        "id: g\ntitle: {en: G}\nlanguages: [en]\ncomponents:\n  tokens:\n    kind: tokens\n    title: {en: Tokens}\n"
        "    front: common/token-round\n    cards: cards.yaml\n    checks:\n      - each: " + expr + "\n", "utf-8")
    (root / "cards.yaml").write_text("cards:\n  - {id: a1}\n  - {id: a2}\n", "utf-8")
    with pytest.raises(Problems) as e:
        rules.run(load_game(root))
    return str(e.value)


@pytest.mark.parametrize("expr, said", [
    ("\"(0).to_bytes(20000000, 'big')|length > 0\"", TOO_BIG),
    ("\"('a' * 1000).translate({97: 'x' * 20000})|length > 0\"", TOO_BIG),
    ("\"" + "(" * 10000 + "1" + ")" * 10000 + "\"", TOO_DEEP),
    ("\"" + "not " * 10000 + "0\"", TOO_DEEP),
    ("\"['a']|map(attribute='__class__')|list == [1]\"", "unsafe|undefined"),
])
def test_a_declared_check_is_bounded_by_the_sandbox(tmp_path, expr, said):
    msg = _declared(tmp_path, expr)
    assert re.search(r"game\.yaml:11:\d+: ", msg) and re.search(said, msg), msg


@pytest.mark.parametrize("src", ["{{ (0).to_bytes(n, 'big')|length }}", "{{ ('a' * 1000).translate(t)|length }}",
                                 "{{ ('%(a)' ~ n ~ 's') % d }}", "{{ [x.nope] ~ '' }}"])
def test_the_short_way_applies_the_same_bounds(src):
    """A simple template runs through pnp.templates.tplfast first: it must refuse (or give up), never build."""
    templating.new_run()
    fast = templating._compile(src)[2]
    assert fast is not None
    with pytest.raises(Exception) as e:
        fast({"n": 20_000_000, "t": {97: "x" * 20_000}, "x": {}, "d": {"a": 1}})
    assert not isinstance(e.value, MemoryError)
    with pytest.raises(templating.TemplateError):
        templating.render(src, {"n": 20_000_000, "t": {97: "x" * 20_000}, "x": {}, "d": {"a": 1}})


# ---- many values each under the limit, kept alive together ---------------------------------------------------
_KEEP = [
    "{% set ns = namespace(l=[]) %}{% for i in range(10000) %}{% set ns.l = [ns.l, 'x' * 999990 ~ i] %}{% endfor %}{{ 1 }}",
    "{% set ns = namespace(l=[]) %}{% for i in range(10000) %}{% set ns.l = (ns.l, ('x' * 999990)[i:]) %}{% endfor %}1",
    "{% set s = 'x' * 999990 %}" + "".join(f"{{% set a{i} = s[{i}:] %}}" for i in range(2000)) + "{{ 1 }}",
    "{% set ns = namespace(d={}) %}{% for i in range(10000) %}{% set ns.d = {'a': ns.d, 'b': 'y' * 999990 ~ i} %}"
    "{% endfor %}{{ 1 }}",
]


@pytest.mark.parametrize("src", _KEEP)
def test_values_kept_alive_together_are_bounded_in_all(src, tmp_path):
    """Each value is under MAX_VALUE, but thousands of them alive at once would take gigabytes before the
    CPU timer fires: refused once the values built under one deadline pass MAX_BUILT (run in a process
    whose address space is capped at 1.5 GB: a MemoryError there would fail the test)."""
    script = tmp_path / "t.py"
    script.write_text("import resource, sys\nresource.setrlimit(resource.RLIMIT_AS, (1500 << 20, 1500 << 20))\n"
                      "from pnp.templates import templating\n"
                      "try:\n    templating.render(sys.argv[1], {})\nexcept templating.TemplateError as e:\n"
                      "    print(e)\n", "utf-8")
    r = subprocess.run([sys.executable, str(script), src], capture_output=True, text=True, timeout=60)
    assert r.returncode == 0 and "characters or items in all" in r.stdout, r.stdout + r.stderr[-2000:]


def test_the_values_of_one_ordinary_template_are_far_under_the_total():
    templating.new_run()
    src = "{% set ns = namespace(s='') %}{% for i in range(2000) %}{% set ns.s = ns.s ~ i ~ ',' %}{% endfor %}{{ ns.s|length }}"
    assert templating.render(src, {}) == "8890"


# ---- the deadline holds on every thread and after it fired ------------------------------------------------------
_ENDLESS = "{% for i in range(10000) %}{% for j in range(10000) %}{% endfor %}{% endfor %}x"


def test_a_template_rendered_on_another_thread_has_the_same_deadline(monkeypatch):
    """The studio renders on worker threads, where no signal timer runs: the thread's CPU clock is checked
    at every loop step and call instead (10**8 empty steps would otherwise run for about a minute)."""
    import threading
    monkeypatch.setattr(templating, "MAX_SECONDS", 0.2)
    templating.new_run()
    got = []

    def run():
        for src in (_ENDLESS, "{% macro m(n) %}{% for i in range(10000) %}{{ m(n) if i > 9999 }}{% endfor %}"
                              "{{ m(n) }}{% endmacro %}{{ m(1) }}"):
            try:
                got.append(templating.render(src, {}))
            except templating.TemplateError as e:
                got.append(e)
    t = threading.Thread(target=run)
    t.start()
    t.join(60)
    assert not t.is_alive() and len(got) == 2
    assert isinstance(got[0], templating.TemplateTimeout) and isinstance(got[1], templating.TemplateError), got


def test_once_a_face_ran_out_of_time_its_later_templates_do_not_start(monkeypatch):
    """The timer fires once: a second endless template on the same face must not run unbounded."""
    monkeypatch.setattr(templating, "MAX_SECONDS", 0.2)
    templating.new_run()
    with templating.deadline():
        with pytest.raises(templating.TemplateTimeout):
            templating.render(_ENDLESS, {})
        with pytest.raises(templating.TemplateTimeout):
            templating.render(_ENDLESS.replace("x", "y"), {})
        with pytest.raises(templating.TemplateTimeout):
            templating.evaluate("range(10)|list", {})
    assert templating.evaluate("range(3)|list", {}) == [0, 1, 2]   # the next face starts afresh
