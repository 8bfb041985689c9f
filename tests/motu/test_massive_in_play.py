"""Massive models in a running game (rulebook §Massive Models): the Stone Colossus, the
content's invented three-hex character, occupies its whole base, moves and turns as a
base, sees and measures from any hex of it, is never pushed or pulled, and is drawn with
its base. The scenarios ``massive-models-*.scenario.yaml`` show the same in play; these
tests add the controls (the same question for a one-hex model, or from the facing hex
alone) that fail when a rule is broken."""

from __future__ import annotations

import pytest

from hexforge.core.engine import Engine
from hexforge.core.errors import HexforgeError
from hexforge.core.hexgrid import Direction, Hex, connected, parse_coord
from hexforge.core.packs.yamlio import load_text
from hexforge.core.scenarios import ScenarioAgent, run_scenario, scenario_from_text
from hexforge.core.simulate.invariants import Moment
from hexforge.plugins.motu.battlefield import (
    BASE_SIZES,
    Location,
    Occupancy,
    footprint,
    in_cover,
    in_range,
    reachable,
    rotations,
    sees,
    single,
)
from hexforge.plugins.motu.board import (
    board_map,
    hexes_of,
    in_sight,
    occupancy,
    occupant,
    within,
)
from hexforge.plugins.motu.cards import Character
from hexforge.plugins.motu.invariants import bases_fit, one_model_per_place
from hexforge.plugins.motu.moving import destinations, move_model, push
from hexforge.plugins.motu.render_position import position_svg
from hexforge.plugins.motu.setups import setup_from_document
from tests.motu.random_games import play_checked
from tests.plugged import LIB, MOTU_DRIVER

ARENA = "{name: arena, provenance: invented, size: {columns: 12, rows: 12}, hex_inches: 1.25}"
PILLAR = (
    "{name: pillar, provenance: invented, size: {columns: 12, rows: 12}, hex_inches: 1.25, "
    "pieces: [{id: pillar, kind: column, hexes: [F4]}]}"
)
COLOSSUS = "    - {id: colossus, card: stone-colossus, at: E5, facing: N}\n"


def _text(units: str, map_: str = ARENA, active: str = "colossus") -> str:
    return (
        f"game: motu\nsetup:\n  map: {map_}\n  units:\n{units}  active: {{unit: {active}, ap: 2}}\n"
    )


def _game(units: str, map_: str = ARENA, active: str = "colossus") -> Engine:
    scenario = scenario_from_text(
        _text(units, map_, active), {"motu": MOTU_DRIVER}, name="massive.scenario.yaml"
    )
    game = MOTU_DRIVER.setup(scenario.setup, scenario.setup_source, 1, ScenarioAgent())
    return game.engine


def _hexes(*coords: str) -> tuple[Hex, ...]:
    return tuple(parse_coord(c) for c in coords)


def _no_interrupt(engine: Engine, unit: str, other: str, opportunity: bool) -> None:
    raise AssertionError("no interruption expected")


@pytest.mark.parametrize("size", [s for s in BASE_SIZES if s > 1])
@pytest.mark.parametrize("facing", list(Direction))
def test_bases_are_compact_and_turn_about_their_centre(size: int, facing: Direction) -> None:
    """§Massive Models: a base is one block of distinct hexes, facing hex first; every turn
    of it about its centre is again the base at the turned facing, so a turn in play is
    stored as a facing and a facing hex."""
    body = footprint(Hex(6, 6), facing, size)
    assert len(set(body)) == size and connected(body)
    turns = rotations(body)
    assert len(turns) > 1
    for sixths, turned in turns:
        assert footprint(turned[0], facing.turned(sixths), size) == turned


def test_a_massive_model_occupies_every_hex_of_its_base() -> None:
    """§Massive Models: each hex of the base holds the model; an ally cannot move onto any
    of them, though it reaches the hexes around them."""
    engine = _game(COLOSSUS + "    - {id: trap-jaw, card: trap-jaw, at: H5}\n")
    base = _hexes("E5", "E6", "F5")
    assert hexes_of(engine, "colossus") == base
    board = occupancy(engine)
    assert [board.at(Location(h)) for h in base] == [occupant(engine, "colossus")] * 3
    reach = reachable(board_map(engine), board, occupant(engine, "trap-jaw"), 8)
    assert not {Location(h) for h in base} & set(reach.costs)
    assert {Location(h) for h in _hexes("E4", "F4", "G5", "F6")} <= set(reach.costs)
    assert list(one_model_per_place(engine, Moment.STEP)) == []
    engine.set_prop("trap-jaw", "hex", "F5")  # onto a rear hex of the base
    (broken,) = one_model_per_place(engine, Moment.STEP)
    assert broken.startswith("2 models on")


def test_a_massive_model_moves_as_a_base_where_the_whole_base_fits() -> None:
    """§Massive Models - Movement: one step moves the whole base for one point; a place
    is open only when every hex of the base is free there (Trap Jaw on F4 closes E4,
    though E4 itself is free)."""
    engine = _game(COLOSSUS + "    - {id: trap-jaw, card: trap-jaw, at: J9}\n")
    assert Location(parse_coord("E4")) in destinations(engine, "colossus", False)
    engine.set_prop("trap-jaw", "hex", "F4")
    assert Location(parse_coord("E4")) not in destinations(engine, "colossus", False)
    engine.set_prop("trap-jaw", "hex", "J9")
    move_model(
        engine, "colossus", False, _no_interrupt, to=Location(parse_coord("E4")), facing=Direction.N
    )
    assert hexes_of(engine, "colossus") == _hexes("E4", "E5", "F4")
    assert list(bases_fit(engine, Moment.STEP)) == []


def test_a_massive_model_turns_its_base_about_its_centre() -> None:
    """§Massive Models - Facing (a reading): a three-hex base turns in thirds about its
    centre, its facing hex moving with the turn (at E4 facing N, turned to SE: F4)."""
    engine = _game(COLOSSUS + "    - {id: trap-jaw, card: trap-jaw, at: J9}\n")
    there = Location(parse_coord("E4"))
    move_model(engine, "colossus", False, _no_interrupt, to=there, facing=Direction.SE)
    assert hexes_of(engine, "colossus") == _hexes("F4", "E4", "E5")


def test_a_turn_onto_another_model_is_refused() -> None:
    """A turn that would put a hex of the base on another model: HF775, the hint naming
    the facings left (a reading)."""
    engine = _game(
        "    - {id: colossus, card: stone-colossus, at: E5, facing: N}\n"
        "    - {id: trap-jaw, card: trap-jaw, at: D5}\n"
    )
    other = Location(parse_coord("E4"))
    with pytest.raises(HexforgeError) as error:
        move_model(engine, "colossus", False, _no_interrupt, to=other, facing=Direction.NE)
    assert error.value.code == "HF775"
    assert "it can face: N" in (error.value.diagnostics[0].hint or "")


def test_sight_and_range_count_from_any_hex_of_the_base() -> None:
    """§Massive Models - Line of Sight, §Determining Range: the pillar hides the facing
    hex from Man-At-Arms, not the base's other hexes; He-Man is within 5 inches of F5 but
    not of the facing hex E5."""
    engine = _game(
        COLOSSUS
        + "    - {id: man-at-arms, card: man-at-arms, at: L2}\n"
        + "    - {id: he-man, card: he-man, at: K3}\n",
        PILLAR,
    )
    field = board_map(engine)
    shooter = Location(parse_coord("L2"))
    assert not sees(field, shooter, Location(parse_coord("E5")))
    assert in_sight(engine, "colossus", "man-at-arms")
    assert in_sight(engine, "man-at-arms", "colossus")
    he_man = (parse_coord("K3"),)
    assert not in_range(field, _hexes("E5"), he_man, 5)
    assert within(engine, "colossus", "he-man", 5) and within(engine, "he-man", "colossus", 5)


def test_cover_ignores_what_stands_next_to_any_hex_of_the_base() -> None:
    """§Massive Models - Cover: Trap Jaw on G5, next to F5, is between Man-At-Arms (L3)
    and the Colossus, yet gives it no cover; a one-hex model on any hex of the base would
    be covered by him."""
    engine = _game(
        COLOSSUS
        + "    - {id: trap-jaw, card: trap-jaw, at: G5}\n"
        + "    - {id: man-at-arms, card: man-at-arms, at: L3}\n",
        active="man-at-arms",
    )
    field, board = board_map(engine), occupancy(engine)
    origin = Location(parse_coord("L3"))
    assert not in_cover(field, board, origin, occupant(engine, "colossus"))
    others = [o for o in board if o.id != "colossus"]
    for hex_ in hexes_of(engine, "colossus"):
        alone = single("one", "evil", hex_)
        assert in_cover(field, Occupancy(field, [*others, alone]), origin, alone)


@pytest.mark.parametrize("pull", [False, True])
def test_pushes_and_pulls_of_a_massive_model_are_refused(pull: bool) -> None:
    """§Massive Models - Pushing and Pulling: nothing moves and the log says why; the same
    push moves a one-hex model."""
    engine = _game(
        COLOSSUS
        + "    - {id: he-man, card: he-man, at: G5}\n"
        + "    - {id: trap-jaw, card: trap-jaw, at: H9}\n",
        active="he-man",
    )
    assert push(engine, "colossus", "he-man", 2, pull=pull) == 0
    assert hexes_of(engine, "colossus") == _hexes("E5", "E6", "F5")
    note = "pull_refused" if pull else "push_refused"
    assert f'"{note}"' in engine.log.lines[-1] and '"reason":"massive"' in engine.log.lines[-1]
    assert push(engine, "trap-jaw", "he-man", 1, pull=pull) == 1


def test_a_massive_base_that_does_not_fit_the_map_is_placed_in_the_file() -> None:
    """A scenario's massive unit whose base leaves the board: HF775 at its ``at``, the hint
    listing the hexes the base would cover."""
    text = _text("    - {id: colossus, card: stone-colossus, at: E12, facing: N}\n")
    result = run_scenario(scenario_from_text(text, {"motu": MOTU_DRIVER}, name="bad.scenario.yaml"))
    assert not result.passed
    (problem,) = result.errors
    assert problem.code == "HF775" and problem.span is not None
    assert problem.span.location() == "bad.scenario.yaml:5:48"
    assert "off the board" in problem.message
    assert "covers E12, E13, F12" in (problem.hint or "")


def test_a_setup_placing_a_massive_base_outside_its_zone_is_hf775() -> None:
    """Setup files: a massive model's whole base must lie in its deployment zone."""
    text = (
        "name: edge\nprovenance: invented\nmap: first-game\nforces:\n  masters: []\n"
        "  evil:\n    - {id: colossus, card: stone-colossus, at: C23, facing: S}\n"
        "decks:\n  masters: {fate: [], glory: []}\n  evil: {fate: [], glory: []}\n"
    )
    loaded = load_text(text, name="edge.yaml")
    assert loaded.document is not None
    with pytest.raises(HexforgeError) as error:
        setup_from_document(loaded.document, LIB)
    found = [d for d in error.value.diagnostics if d.code == "HF775"]
    assert len(found) == 1 and found[0].span is not None
    assert found[0].span.location() == "edge.yaml:7:48"
    assert "C22" in found[0].message


def test_a_base_is_given_only_to_a_massive_character() -> None:
    """``base`` without ``massive: true`` is refused; a massive card defaults to 3 hexes."""
    card = LIB.card("motu/stone-colossus", "character")
    assert isinstance(card, Character) and card.base_size == 3
    data = card.model_dump(mode="json") | {"massive": False}
    with pytest.raises(ValueError, match="massive: true"):
        Character.model_validate(data)
    assert Character.model_validate(data | {"base": None}).base_size == 1


def test_the_picture_draws_the_base_under_the_marker() -> None:
    engine = _game(COLOSSUS + "    - {id: he-man, card: he-man, at: J9}\n")
    text = position_svg(engine).text()
    for hex_ in ("E5", "E6", "F5"):
        assert 'class="base" points=' in text and f'data-coord="{hex_}"' in text
    assert text.count('class="base"') == 3
    assert 'data-id="colossus"' in text
    plain = _game("    - {id: he-man, card: he-man, at: J9}\n", active="he-man")
    assert 'class="bases"' not in position_svg(plain).text()


def test_random_games_with_a_massive_model_keep_every_invariant() -> None:
    """The ``colossus`` setup (the first game with the Colossus in the evil force): random
    games deploy, move, turn and fight with it, every invariant holding throughout."""
    moved = 0
    for seed in range(3):
        engine, outcome = play_checked(seed, "colossus")
        assert outcome.decisions > 10
        moved += sum('"unit":"colossus"' in line and '"moved"' in line for line in engine.log.lines)
    assert moved > 0
