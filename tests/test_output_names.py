"""Every combination of the build options that change a PDF (paper, duplex, ink saver, draft, `--only`)
writes a file of its own name: a fold build never overwrites the duplex one, `--only` a full build."""
from itertools import product

from pnp.pipeline.build import DUPLEX, Options, pdf_name

# component ids chosen to collide if the name were ambiguous: words pnp itself writes into names
ONLY = [(), ("deck",), ("rules",), ("deck", "rules"), ("rules", "deck"), ("fold",), ("short",), ("none",),
        ("long",), ("draft",), ("ink-saver",), ("a4",), ("en",), ("fold", "draft")]


def test_every_option_combination_has_its_own_name():
    names = {}
    for paper, duplex, ink, draft, only in product(("a4", "letter"), DUPLEX, (False, True), (False, True), ONLY):
        opts = Options(paper=paper, duplex=duplex, ink_saver=ink, draft=draft, only=only)
        name = pdf_name("g", "en", opts)
        assert name not in names, f"{name}: {names.get(name)} and {(paper, duplex, ink, draft, only)}"
        names[name] = (paper, duplex, ink, draft, only)
    assert len(names) == 2 * len(DUPLEX) * 4 * len(ONLY)


def test_the_default_names_are_unchanged_and_the_duplex_mode_is_named_otherwise():
    assert pdf_name("g", "en", Options()) == "g.en.a4.pdf"
    assert pdf_name("g", "en", Options(only=("deck",))) == "g.en.a4.deck.pdf"
    assert pdf_name("g", "en", Options(only=("deck",), duplex="fold")) == "g.en.a4.fold.deck.pdf"
    assert pdf_name("g", "zh-TW", Options(paper="letter", duplex="none", ink_saver=True, draft=True)) == \
        "g.zh-TW.letter.none.ink-saver.draft.pdf"
    assert pdf_name("g", "en", Options(only=("draft",))) == "g.en.a4.+draft.pdf"
