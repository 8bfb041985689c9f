"""Facing, arcs, flank attacks (rulebook §Flank Attacks, §Ranged Attack, §Massive Models)."""

from __future__ import annotations

import pytest

from hexforge.core.hexgrid import Direction, Hex, disk
from hexforge.plugins.motu.battlefield import (
    Arc,
    Occupant,
    face_target,
    facing_hex,
    is_flank,
    massive_turns,
    melee_facing,
    model_arc,
    partly_in_front,
    ranged_facing,
    rotations,
)
from tests.motu.boards import H, model

SKELETOR = model("skeletor", "evil", "F6", facing="F5")  # facing north


def test_front_and_rear_neighbours() -> None:
    """§Basic Concepts - Model: facing an edge, the three hexes on that side are in front."""
    assert facing_hex(H("F6"), Direction.N) == H("F5")
    front = {h for h in H("F6").neighbours() if model_arc(SKELETOR, h) is Arc.FRONT}
    rear = {h for h in H("F6").neighbours() if model_arc(SKELETOR, h) is Arc.REAR}
    assert front == {H("F5"), H("E6"), H("G6")}
    assert rear == {H("F7"), H("E7"), H("G7")}


def test_flank_attacks_come_from_the_rear_arc() -> None:
    """§Flank Attacks: an attack from the rear arc is a flank attack, others are frontal."""
    assert is_flank(H("F7"), SKELETOR)
    assert is_flank(H("F12"), SKELETOR)
    assert not is_flank(H("F5"), SKELETOR)
    assert not is_flank(H("G6"), SKELETOR)


def test_halfway_hexes_are_not_flank() -> None:
    """§Flank Attacks: hexes exactly between the arcs are in neither; no flank from there."""
    halfway = [
        h for h in disk(H("F6"), 4) if h != H("F6") and model_arc(SKELETOR, h) is Arc.HALFWAY
    ]
    assert set(halfway) == {H("B6"), H("D6"), H("H6"), H("J6")}  # straight out of the corners
    assert all(not is_flank(h, SKELETOR) for h in halfway)
    turned = model("skeletor", "evil", "F6", facing="G7")  # facing south-east
    assert model_arc(turned, H("D6")) is Arc.REAR and model_arc(turned, H("H6")) is Arc.FRONT


def test_a_base_on_a_halfway_hex_is_partly_in_front() -> None:
    """§Overwatch: any part of the base in the front arc counts; halfway hexes reach it."""
    assert partly_in_front(SKELETOR, [H("D6")])
    assert not partly_in_front(SKELETOR, [H("F9")])


def test_ranged_facing_picks_the_adjacent_hex_nearest_the_target() -> None:
    """§Ranged Attack: face the adjacent hex nearest the target; a tie is the player's choice."""
    assert ranged_facing(H("F6"), [H("F1")]) == (Direction.N,)
    assert ranged_facing(H("F6"), [H("L9")]) == (Direction.SE,)
    assert ranged_facing(H("F6"), [H("B8")]) == (Direction.SW,)
    assert ranged_facing(H("F6"), [H("A6")]) == (Direction.NW,)
    # D6 lies straight out of F6's west corner: NW and SW neighbours are equally near
    assert ranged_facing(H("F6"), [H("D6")]) == (Direction.SW, Direction.NW)


def test_melee_facing_faces_the_target_or_any_hex_of_a_massive_one() -> None:
    """§Melee Attack / §Massive Models - Facing: face the enemy; any of a massive model's hexes."""
    assert melee_facing(H("F6"), [H("F7")]) == (Direction.S,)
    beast = (H("F7"), H("G7"))
    assert set(melee_facing(H("F6"), beast)) == {Direction.S, Direction.SE}
    assert face_target(H("F6"), [H("F1")]) == (Direction.N,)


def test_massive_bases_turn_onto_whole_hexes() -> None:
    """§Massive Models - Facing: bases turn about their centre; only whole-hex turns exist."""
    pair = (H("F6"), H("F7"))
    assert [k for k, _ in rotations(pair)] == [0, 3]
    triangle = (Hex(0, 0), Hex(1, 0), Hex(1, -1))
    assert [k for k, _ in rotations(triangle)] == [0, 2, 4]
    flower = (Hex(0, 0), *Hex(0, 0).neighbours())
    assert len(rotations(flower)) == 6


def test_a_massive_model_turns_its_facing_hex_next_to_the_target() -> None:
    """§Massive Models - Facing: turn until the facing hex borders the target's hex."""
    flower = (H("F6"), *H("F6").neighbours())
    options = massive_turns(flower, H("F5"), [H("F9")])
    assert options and all(front == H("F7") for _, front in options)
    far = massive_turns(flower, H("F5"), [H("F20")])
    assert [front for _, front in far] == [H("F7")]


def test_flank_against_a_massive_model_uses_the_base_centre() -> None:
    """§Massive Models - Facing: arcs split through the base centre, facing its facing hex."""
    beast = Occupant("beast", "evil", (H("F6"), H("F7")), facing=H("F6"))
    assert is_flank(H("F9"), beast)
    assert not is_flank(H("F4"), beast)


def test_a_model_without_facing_cannot_be_flanked_silently() -> None:
    """Facing is required for arcs: asking without one is a procedure bug, not a guess."""
    with pytest.raises(ValueError):
        is_flank(H("F7"), model("orko", "masters", "F6"))
