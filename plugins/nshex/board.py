"""The Neuroshima Hex board: 19 hexes named with hexforge's board coordinates.

The board is the disk of radius 2 around ``C3`` (flat-topped hexes, docs/coordinates.md):
columns ``A`` and ``E`` hold three hexes, ``B`` and ``D`` four, ``C`` five. A tile's sides
are numbered 0-5 clockwise from its top, relative to the tile; placed with rotation ``r``,
side ``s`` faces board direction ``(s + r) % 6`` (0 = ``N``, 1 = ``NE`` ... 5 = ``NW``).
"""

from __future__ import annotations

from collections.abc import Iterator

from hexforge.core.errors import HexforgeError
from hexforge.core.hexgrid import Direction, Hex, disk, format_coord, parse_coord
from hexforge.plugins.nshex.codes import OFF_BOARD

CENTRE = parse_coord("C3")
HEXES: tuple[Hex, ...] = tuple(sorted(disk(CENTRE, 2), key=lambda h: (h.q, h.r)))
"""The 19 hexes, column by column, top to bottom."""
COORDS: tuple[str, ...] = tuple(format_coord(h) for h in HEXES)
_ON_BOARD = frozenset(HEXES)
AROUND: dict[str, tuple[tuple[Direction, str], ...]] = {
    format_coord(h): tuple(
        (d, format_coord(h.neighbour(d))) for d in Direction if h.neighbour(d) in _ON_BOARD
    )
    for h in HEXES
}
"""A hex's coordinate -> the directions and coordinates of its neighbours on the board,
clockwise from north."""


def on_board(hex_: Hex) -> bool:
    return hex_ in _ON_BOARD


def board_hex(coord: str) -> Hex:
    """The hex of ``coord``; HF801 when it is not one of the 19."""
    hex_ = parse_coord(coord)
    if hex_ not in _ON_BOARD:
        raise HexforgeError.single(
            OFF_BOARD,
            f"{coord} is not on the Neuroshima Hex board",
            hint="the board's hexes are " + ", ".join(COORDS),
        )
    return hex_


_DIRECTIONS = tuple(Direction)


def facing(side: int, rotation: int) -> Direction:
    """The board direction tile side ``side`` faces when placed with ``rotation``."""
    return _DIRECTIONS[(side + rotation) % 6]


def ray(start: Hex, direction: Direction) -> Iterator[Hex]:
    """The board hexes in a straight line from ``start`` (not included) to the edge."""
    hex_ = start.neighbour(direction)
    while hex_ in _ON_BOARD:
        yield hex_
        hex_ = hex_.neighbour(direction)
