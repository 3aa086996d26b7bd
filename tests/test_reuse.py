"""Elements and faces that read nothing card-specific are resolved once (pnp/layout/reuse.py); what
reads the card, the copy or the whole context is still resolved per card, and what reported a problem
or finding is reported for every card."""
from __future__ import annotations

import pytest

import lintkit
from pnp.export import collect
from pnp.core.pieces import Run, Stencil

ITEMS = [{"id": "a", "name": "Alpha"}, {"id": "b", "name": "Bravo"}, {"id": "c", "name": "Charlie"}]
FRAME = {"type": "rect", "x": 1, "y": 1, "w": 38, "h": 38, "fill": "{{ data.fill }}"}
NAME = {"type": "text", "text": "{{ card.name }}", "x": 5, "y": 5, "w": 30, "h": 8, "size": 8}
DATA = "data: {fill: '#dddddd', label: Shared words}\n"


def _texts(face) -> list[str]:
    return [p.text for p in face.pieces if isinstance(p, Run)]


def test_shared_element_is_resolved_once_and_card_text_per_card(tmp_path):
    label = {"type": "text", "text": "{{ data.label }}", "x": 5, "y": 20, "w": 30, "h": 8, "size": 8}
    col = collect(lintkit.project(tmp_path, {"frame": FRAME, "label": label, "name": NAME}, items=ITEMS,
                                  game_extra=DATA), "g")
    cards = col.decks[0].cards
    assert [_texts(c.front) for c in cards] == [["Shared words", n] for n in ("Alpha", "Bravo", "Charlie")]
    # the frame and the label are the first card's very pieces; the name is not
    first = cards[0].front.pieces
    for c in cards[1:]:
        assert c.front.pieces[0] is first[0]
        assert c.front.pieces[1] is first[1]
        assert c.front.pieces[2] is not first[2]
    assert [c.front.name for c in cards] == [f"c/{i['id']}.front" for i in ITEMS]   # faces keep their own names


def test_a_face_of_shared_elements_keeps_each_cards_name(tmp_path):
    col = collect(lintkit.project(tmp_path, {"frame": FRAME}, items=ITEMS, game_extra=DATA,
                                  back={"frame": FRAME}), "g")
    cards = col.decks[0].cards
    assert cards[1].back.pieces is cards[0].back.pieces
    assert [c.back.name for c in cards] == [f"c/{i['id']}.back" for i in ITEMS]


def test_copies_that_print_their_copy_number_differ(tmp_path):
    copy = {"type": "text", "text": "copy {{ copy }}", "x": 5, "y": 5, "w": 30, "h": 8, "size": 8}
    col = collect(lintkit.project(tmp_path, {"copy": copy}, items=[{"id": "a", "copies": 3}]), "g")
    assert [_texts(c.front) for c in col.decks[0].cards] == [["copy 0"], ["copy 1"], ["copy 2"]]


def test_copies_that_do_not_read_the_copy_share_their_faces(tmp_path):
    col = collect(lintkit.project(tmp_path, {"name": NAME}, items=[{"id": "a", "name": "Alpha", "copies": 3}]), "g")
    fronts = [c.front for c in col.decks[0].cards]
    assert len(fronts) == 3 and fronts[1] is fronts[0] and fronts[2] is fronts[0]


def test_a_qr_code_from_game_yaml_reads_the_card(tmp_path):
    qr = {"type": "qr", "x": 5, "y": 5, "w": 25, "h": 25}
    col = collect(lintkit.project(tmp_path, {"qr": qr}, items=ITEMS,
                                  game_extra="qr: 'https://pnp-games.net/c/{{ card.id }}'\n"), "g")
    rows = [next(p.rows for p in c.front.pieces if isinstance(p, Stencil)) for c in col.decks[0].cards]
    assert len(set(rows)) == 3


@pytest.mark.parametrize("shared", [True, False])
def test_text_that_overflows_is_reported_on_every_card(tmp_path, shared):
    from pnp.pipeline.build import RuleErrors
    words = "far too many words for so small a box " * 6
    text = "{{ data.long }}" if shared else "{{ card.name }} " + words
    tight = {"type": "text", "text": text, "x": 5, "y": 5, "w": 20, "h": 4, "size": 8, "min_size": 8}
    with pytest.raises(RuleErrors) as e:
        collect(lintkit.project(tmp_path, {"tight": tight}, items=ITEMS,
                                game_extra=f"data: {{long: '{words}'}}\n"), "g")
    assert sorted(f.card for f in e.value.findings if f.check == "text-fits") == ["a", "b", "c"]
