"""Per-card layouts: a component chooses each card's front (or back) by a field's value, or a card
names its own layout; checked on the drawn faces."""
import lintkit
from facekit import pixels
from pnp.core.errors import Problems
from pnp.export import collect

RED = {"bg": {"type": "rect", "x": 0, "y": 0, "w": 40, "h": 40, "fill": "red"}}
BLUE = {"bg": {"type": "rect", "x": 0, "y": 0, "w": 40, "h": 40, "fill": "blue"}}
ITEMS = [{"id": "a", "type": "plain"}, {"id": "b", "type": "weapon"}, {"id": "c", "type": "plain"}]


def _game(tmp_path, front, extra_layouts=None, items=ITEMS, fields="{type: str?, layout: str?}"):
    proj = lintkit.project(tmp_path, RED, items=items, fields=fields, back=BLUE)
    gy = proj.root / "content" / "g" / "game.yaml"
    gy.write_text(gy.read_text("utf-8").replace("front: g/face", f"front: {front}"), encoding="utf-8")
    for name, (els, size) in (extra_layouts or {"weapon": (BLUE, "[40, 40]")}).items():
        (proj.root / "layouts" / "g" / f"{name}.yaml").write_text(lintkit._layout(els, size, "3mm", "3mm", "rect"),
                                                                 encoding="utf-8")
    return proj


def _fills(col):
    return [tuple(pixels(col, card=i)[200, 200]) for i in range(len(col.decks[0].cards))]


def test_front_chosen_by_a_field(tmp_path):
    col = collect(_game(tmp_path, "{by: type, cases: {weapon: g/weapon}, default: g/face}"), "g")
    assert _fills(col) == [(255, 0, 0), (0, 0, 255), (255, 0, 0)]


def test_card_names_its_own_layout(tmp_path):
    items = [{"id": "a"}, {"id": "b", "layout": "g/weapon"}]
    col = collect(_game(tmp_path, "{by: layout, default: g/face}", items=items), "g")
    assert _fills(col) == [(255, 0, 0), (0, 0, 255)]


def test_unknown_field_and_missing_default_are_problems(tmp_path):
    for front, says in (("{by: colour, default: g/face}", "`by: colour` is not a declared field"),
                        ("{by: type, cases: {weapon: g/weapon}}", "has no `default:` layout")):
        try:
            collect(_game(tmp_path / says[:5].strip("`: "), front), "g")
        except Problems as e:
            assert any(says in str(p) for p in e.problems), e.problems
        else:
            raise AssertionError(f"{front} was accepted")


def test_chosen_layout_of_another_size_or_missing_is_a_problem(tmp_path):
    proj = _game(tmp_path / "a", "{by: type, cases: {weapon: g/weapon}, default: g/face}",
                 {"weapon": (BLUE, "[40, 50]")})
    try:
        collect(proj, "g")
    except Problems as e:
        assert any("differs in size" in str(p) and "card `b`" in str(p) for p in e.problems), e.problems
    else:
        raise AssertionError("a larger layout was accepted")
    proj = _game(tmp_path / "b", "{by: type, cases: {weapon: g/wepon}, default: g/face}")
    try:
        collect(proj, "g")
    except Problems as e:
        assert any("wepon" in str(p) for p in e.problems), e.problems
    else:
        raise AssertionError("a missing layout was accepted")
