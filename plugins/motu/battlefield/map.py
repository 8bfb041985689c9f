"""A validated battleground with its lookup tables (rulebook §Battleground, §Terrain).

A :class:`Map` is built once per map and shared by every game played on it: it never
changes, and everything the hot path asks repeatedly (neighbours, which hexes block,
static move options, line of sight, the terrain part of cover) is a table or a memo on
it. Game state (who stands where) is never stored here; it comes in as an
:class:`~hexforge.plugins.motu.battlefield.occupancy.Occupancy`.

Adjacency follows §Battleground: two locations are adjacent when their hexes share an
edge and they are at the same elevation. Pieces fill whole hexes, so a piece never lies
*between* two hexes a character can stand on; the only thing that separates two
edge-sharing places is elevation (see docs/motu-battlefield.md, "Terrain model").
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from hexforge.core.hexgrid import Direction, Hex, format_coord
from hexforge.plugins.motu.battlefield.mapspec import MapSpec, check_map, raise_problems
from hexforge.plugins.motu.battlefield.terrain import Ground, Location, TerrainKind, TerrainPiece


class Map:
    """A validated map and its per-map tables. Treat every attribute as read-only."""

    __slots__ = (
        "_memo",
        "adjacent",
        "board",
        "columns",
        "covered",
        "deployment",
        "ground",
        "hex_inches",
        "high",
        "index",
        "levels_at",
        "locations",
        "name",
        "neighbours",
        "objectives",
        "piece_at",
        "platform_at",
        "rows",
        "spec",
    )

    def __init__(self, spec: MapSpec) -> None:
        raise_problems(check_map(spec))
        self.spec = spec
        self.name = spec.name
        self.columns = spec.columns
        self.rows = spec.rows
        self.hex_inches: Fraction = spec.hex_inches
        self.board: frozenset[Hex] = spec.board()
        self.objectives: tuple[Hex, ...] = spec.objectives
        self.deployment = dict(spec.deployment)
        board = self.board
        # The tables hold the board's own Hex and Location objects, found by coordinates:
        # building them makes no new objects, which was most of the cost of reading a map
        # when a game starts (issue 24).
        board_hex = {(h.q, h.r): h for h in board}
        steps = [(d.step.q, d.step.r) for d in Direction]
        self.neighbours: dict[Hex, tuple[Hex, ...]] = {
            h: tuple(
                n for dq, dr in steps if (n := board_hex.get((h.q + dq, h.r + dr))) is not None
            )
            for h in sorted(board)
        }
        self.ground: dict[Hex, Ground] = dict.fromkeys(board, Ground.OPEN)
        self.piece_at: dict[Hex, TerrainPiece] = {}
        self.platform_at: dict[Location, TerrainPiece] = {}
        levels: dict[Hex, list[int]] = {}
        for piece in spec.pieces:
            for h in piece.hexes:
                if piece.kind is TerrainKind.PLATFORM:
                    self.platform_at[Location(h, piece.elevation)] = piece
                    levels.setdefault(h, []).append(piece.elevation)
                else:
                    self.piece_at[h] = piece
                    self.ground[h] = piece.ground(h)
        self.levels_at: dict[Hex, tuple[int, ...]] = {
            h: (0, *sorted(levels.get(h, ()))) for h in board
        }
        self.covered: frozenset[Hex] = frozenset(levels)
        self.high: frozenset[Hex] = frozenset(h for h, g in self.ground.items() if g is Ground.HIGH)
        self.locations: tuple[Location, ...] = tuple(
            Location(h, level) for h in sorted(board) for level in self.levels_at[h]
        )
        self.index: dict[Location, int] = {loc: i for i, loc in enumerate(self.locations)}
        place = {(loc.hex, loc.level): loc for loc in self.locations}
        self.adjacent: dict[Location, tuple[Location, ...]] = {
            loc: tuple(
                found
                for n in self.neighbours[loc.hex]
                if (found := place.get((n, loc.level))) is not None
            )
            for loc in self.locations
        }
        self._memo: dict[str, dict[Any, Any]] = {}

    def __repr__(self) -> str:
        return f"Map({self.name!r}, {self.columns}x{self.rows})"

    # -- questions about places ----------------------------------------------------------

    def exists(self, loc: Location) -> bool:
        """True when ``loc`` is on the board: a board hex at 0, or a platform hex."""
        levels = self.levels_at.get(loc.hex)
        return levels is not None and loc.level in levels

    def standable(self, loc: Location) -> bool:
        """A character may occupy ``loc``: open or difficult ground, or a platform hex."""
        if loc.level == 0:
            ground = self.ground.get(loc.hex)
            return ground is not None and ground <= Ground.DIFFICULT
        return loc in self.platform_at

    def under_platform(self, loc: Location) -> bool:
        """True when a platform lies directly above ``loc`` (rulebook §Climbing Up)."""
        levels = self.levels_at.get(loc.hex, ())
        return bool(levels) and levels[-1] > loc.level

    def platform(self, loc: Location) -> TerrainPiece | None:
        """The platform piece ``loc`` is on, if any."""
        return self.platform_at.get(loc)

    def is_adjacent(self, a: Location, b: Location) -> bool:
        """Rulebook adjacency: hexes share an edge and are at the same elevation."""
        return a.level == b.level and b.hex in self.neighbours.get(a.hex, ())

    def coord(self, hex_: Hex) -> str:
        """The board coordinate of ``hex_`` (``C7``)."""
        return format_coord(hex_)

    def memo(self, name: str) -> dict[Any, Any]:
        """A per-map memo table owned by one battlefield module (sight, cover, moves)."""
        table = self._memo.get(name)
        if table is None:
            table = self._memo[name] = {}
        return table
