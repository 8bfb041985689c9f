"""Measurement and range (rulebook §Determining Range, §Measurement)."""

from __future__ import annotations

import math
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from hexforge.core.hexgrid import Hex
from hexforge.plugins.motu.battlefield import gap_inches, in_range, within_hexes
from tests.motu.boards import H, board

FLAMETHROWER, ARM_CANNON = 8, 12  # rulebook README card data: ranges in inches


def test_stratos_reaches_evil_lyn_four_inches_away_with_the_flamethrower() -> None:
    """§Determining Range: 4 inches between the closest points, within the 8-inch range."""
    field = board(columns=12, rows=12, hex_inches="1")
    stratos, evil_lyn = [H("F2")], [H("F7")]
    assert gap_inches(field, stratos, evil_lyn) == 4.0
    assert in_range(field, stratos, evil_lyn, FLAMETHROWER)
    assert in_range(field, stratos, evil_lyn, 4)  # exactly at the range is in range
    assert not in_range(field, stratos, evil_lyn, Fraction(399, 100))


def test_measurement_uses_the_maps_hex_size() -> None:
    """§Measurement: the map's hex width scales every distance."""
    field = board(columns=12, rows=16, hex_inches="1.25")
    assert gap_inches(field, [H("F1")], [H("F11")]) == 9 * 1.25
    assert in_range(field, [H("F1")], [H("F11")], 11.25)
    assert not in_range(field, [H("F1")], [H("F12")], ARM_CANNON - 0.5)


def test_adjacent_and_same_hexes_are_zero_apart() -> None:
    """§Measurement: neighbouring hexes touch; the closest points coincide."""
    field = board()
    assert gap_inches(field, [H("F6")], [H("F7")]) == 0
    assert gap_inches(field, [H("F6")], [H("G6")]) == 0


def test_closest_points_are_not_centres() -> None:
    """§Measurement: between hexes straight out of a corner, the gap is one edge long."""
    field = board(hex_inches="1")
    edge = 1 / math.sqrt(3)  # a hex one inch flat to flat has edges of 1/sqrt(3) inch
    assert math.isclose(gap_inches(field, [H("F6")], [H("H6")]), edge)
    assert in_range(field, [H("F6")], [H("H6")], Fraction(578, 1000))
    assert not in_range(field, [H("F6")], [H("H6")], Fraction(577, 1000))


def test_massive_models_measure_from_their_closest_hex() -> None:
    """§Measurement: between the two closest points of the hexes occupied."""
    field = board()
    assert gap_inches(field, [H("F2"), H("F3")], [H("F7")]) == 3.0


def test_blast_radius_in_hexes() -> None:
    """§Area Attacks: a radius of two hexes holds 19 hexes, fewer at the board's edge."""
    field = board()
    assert len(list(within_hexes(field, H("F6"), 2))) == 19
    assert len(list(within_hexes(field, H("A1"), 2))) < 19


_hexes = st.builds(Hex, st.integers(-20, 20), st.integers(-20, 20))


@settings(max_examples=150, deadline=None)
@given(_hexes, _hexes)
def test_distance_is_symmetric(a: Hex, b: Hex) -> None:
    """§Measurement: the distance from A to B is the distance from B to A."""
    field = board()
    assert gap_inches(field, [a], [b]) == gap_inches(field, [b], [a])
    assert in_range(field, [a], [b], 5) == in_range(field, [b], [a], 5)
