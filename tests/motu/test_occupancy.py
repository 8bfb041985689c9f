"""Who stands where: adjacency, engagement, bad placements (§Battleground, §Melee Attack)."""

from __future__ import annotations

import pytest

from hexforge.core.errors import HexforgeError
from hexforge.plugins.motu.battlefield import Occupancy, Occupant, engaged, models_adjacent
from tests.motu.boards import H, L, board, model


def test_he_man_and_skeletor_are_engaged_but_not_he_man_and_evil_lyn() -> None:
    """§Melee Attack: enemies in adjacent hexes are engaged."""
    field = board()
    he_man = model("he-man", "masters", "F6")
    skeletor = model("skeletor", "evil", "F7")
    evil_lyn = model("evil-lyn", "evil", "F9")
    occupancy = Occupancy(field, [he_man, skeletor, evil_lyn])
    assert engaged(field, he_man, skeletor)
    assert not engaged(field, he_man, evil_lyn)
    assert occupancy.engaged_with(he_man) == [skeletor]
    assert not engaged(field, skeletor, evil_lyn)  # allies are never engaged


def test_different_elevations_are_not_adjacent() -> None:
    """§Battleground: hexes at different elevations are not adjacent, even sharing an edge."""
    field = board(("high", ["H4", "H5", "H6"]), ("platform", ["H5", "H6", "G6"]))
    stratos = model("stratos", "masters", "G6", level=1)
    skeletor = model("skeletor", "evil", "F6")
    assert H("F6") in H("G6").neighbours()
    assert not engaged(field, stratos, skeletor)
    assert not field.is_adjacent(L("G6", 1), L("F6"))
    assert field.is_adjacent(L("G6", 1), L("H5", 1))
    under = model("orko", "masters", "G6")
    assert not models_adjacent(field, stratos, under)


def test_massive_models_are_adjacent_through_any_hex() -> None:
    """§Massive Models - Adjacency: adjacent to every hex that borders any of its hexes."""
    field = board()
    beast = Occupant("beast", "evil", (H("F6"), H("F7")))
    assert engaged(field, beast, model("he-man", "masters", "F8"))
    assert engaged(field, beast, model("he-man", "masters", "F5"))
    assert not engaged(field, beast, model("he-man", "masters", "F9"))


def test_enemy_zone_is_every_location_next_to_an_enemy() -> None:
    """§Move: the locations whose entry ends a move."""
    field = board()
    occupancy = Occupancy(field, [model("skeletor", "evil", "F6")])
    assert occupancy.enemy_zone("masters") == {L(c) for c in ("F5", "G6", "G7", "F7", "E7", "E6")}
    assert occupancy.enemy_zone("evil") == frozenset()


@pytest.mark.parametrize(
    ("occupants", "code"),
    [
        ([model("a", "x", "F6"), model("b", "y", "F6")], "HF721"),
        ([model("a", "x", "E6")], "HF720"),  # on the wall
        ([model("a", "x", "F2", level=1)], "HF720"),  # no platform there
        ([Occupant("a", "x", (H("A1"), H("C3")))], "HF722"),
        ([model("a", "x", "F2", facing="F4")], "HF720"),
    ],
)
def test_bad_placements_are_reported(occupants: list[Occupant], code: str) -> None:
    """Placement errors carry codes (docs/errors.md) instead of silently wrong positions."""
    field = board(("high", ["E6", "E7"]))
    with pytest.raises(HexforgeError) as caught:
        Occupancy(field, occupants)
    assert caught.value.code == code
