"""Hex coordinates and the board coordinate people write (docs/coordinates.md)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hexforge.core.errors import HexforgeError
from hexforge.core.hexgrid import (
    Direction,
    Hex,
    are_neighbours,
    connected,
    direction_to,
    disk,
    distance,
    format_coord,
    from_offset,
    line,
    parse_area,
    parse_coord,
    ring,
    to_offset,
)
from hexforge.core.hexgrid.board import column_index, column_letters

_hexes = st.builds(Hex, st.integers(-30, 30), st.integers(-30, 30))


def test_board_coordinates_name_columns_then_rows() -> None:
    assert to_offset(parse_coord("A1")) == (0, 0)
    assert to_offset(parse_coord("C7")) == (2, 6)
    assert to_offset(parse_coord("ad25")) == (29, 24)
    assert format_coord(parse_coord("AB12")) == "AB12"
    assert [column_letters(i) for i in (0, 25, 26, 27, 51, 52)] == [
        "A",
        "Z",
        "AA",
        "AB",
        "AZ",
        "BA",
    ]


def test_odd_columns_sit_half_a_hex_lower() -> None:
    """B1 touches A1 and A2; C1 touches B1 but not B2's lower neighbour."""
    assert set(parse_coord("B1").neighbours()) >= {parse_coord("A1"), parse_coord("A2")}
    assert set(parse_coord("C2").neighbours()) >= {parse_coord("B1"), parse_coord("B2")}
    assert parse_coord("C1").neighbour(Direction.S) == parse_coord("C2")


@pytest.mark.parametrize("text", ["7C", "C0", "C", "", "C-1", "ABCD1", "C7x"])
def test_malformed_coordinates_are_reported(text: str) -> None:
    with pytest.raises(HexforgeError) as caught:
        parse_coord(text)
    assert caught.value.code == "HF700"
    assert caught.value.diagnostics[0].hint


def test_rectangles() -> None:
    area = parse_area("A1:C2")
    assert len(area) == 6 and format_coord(area[0]) == "A1" and format_coord(area[-1]) == "C2"
    assert parse_area("C2:A1") == area
    assert parse_area("B4") == [parse_coord("B4")]


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 700), st.integers(0, 300))
def test_coordinates_round_trip(column: int, row: int) -> None:
    hex_ = from_offset(column, row)
    assert to_offset(hex_) == (column, row)
    assert parse_coord(format_coord(hex_)) == hex_
    assert column_index(column_letters(column)) == column


@settings(max_examples=150, deadline=None)
@given(_hexes, _hexes)
def test_distance_is_a_metric(a: Hex, b: Hex) -> None:
    assert distance(a, b) == distance(b, a)
    assert (distance(a, b) == 0) == (a == b)
    assert len(line(a, b)) == distance(a, b) + 1
    path = line(a, b)
    assert path[0] == a and path[-1] == b
    assert all(are_neighbours(x, y) for x, y in itertools.pairwise(path))


def test_neighbours_and_directions() -> None:
    centre = Hex(3, 4)
    for direction in Direction:
        other = centre.neighbour(direction)
        assert distance(centre, other) == 1
        assert direction_to(centre, other) is direction
        assert direction.opposite.opposite is direction
        assert other.neighbour(direction.opposite) == centre
    assert direction_to(centre, Hex(9, 9)) is None
    assert Direction.N.turned(2) is Direction.SE


def test_rings_and_disks() -> None:
    assert len(ring(Hex(0, 0), 3)) == 18
    assert all(distance(Hex(0, 0), h) == 3 for h in ring(Hex(0, 0), 3))
    assert len(set(disk(Hex(2, 2), 2))) == 19
    assert connected(list(disk(Hex(0, 0), 1)))
    assert not connected([Hex(0, 0), Hex(2, 0)])
