"""A map as written (size, pieces, objectives, deployment zones) and its validation.

Validation is pure: :func:`check_map` returns :class:`Problem` values that name *where*
in the map the problem is as a logical path (``("pieces", 2, "hexes", Hex(4, 1))``). The
YAML loader turns those paths into file positions; a map built in Python gets messages
that name the board coordinate instead. So the rules are written once for both.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.hexgrid import Hex, connected, format_coord, from_offset
from hexforge.plugins.motu.battlefield import codes
from hexforge.plugins.motu.battlefield.terrain import TerrainKind, TerrainPiece

STANDARD_COLUMNS = 30
STANDARD_ROWS = 25
"""The rulebook's battleground (§Battleground): 25 hexes one way and 30 the other."""

MAX_SIDE = 200
"""No map needs more columns or rows; larger numbers are typos."""

WherePath = tuple[str | int | Hex, ...]


@dataclass(frozen=True, slots=True)
class MapSpec:
    """Everything a map file says, already parsed into hexes.

    ``hex_inches`` is the flat-to-flat width of one hex in inches, the scale every range
    in inches is measured with (rulebook §Measurement); it is exact (a Fraction) so that
    a range check on the boundary does not depend on rounding.
    """

    name: str
    columns: int
    rows: int
    hex_inches: Fraction
    pieces: tuple[TerrainPiece, ...] = ()
    objectives: tuple[Hex, ...] = ()
    deployment: Mapping[str, frozenset[Hex]] = field(default_factory=dict)
    provenance: str | None = None

    def board(self) -> frozenset[Hex]:
        return frozenset(
            from_offset(column, row) for column in range(self.columns) for row in range(self.rows)
        )


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong with a map, and the logical path of the value at fault."""

    code: str
    message: str
    where: WherePath
    hint: str | None = None

    def diagnostic(self) -> Diagnostic:
        return Diagnostic(self.code, self.message, hint=self.hint)


def raise_problems(problems: list[Problem]) -> None:
    """Raise every problem at once, without file positions (maps built in Python)."""
    if problems:
        raise HexforgeError(*(p.diagnostic() for p in problems))


def check_map(spec: MapSpec) -> list[Problem]:
    """Every problem with ``spec``, in the order a reader meets them in the file."""
    problems = _check_size(spec)
    if problems:
        return problems
    board = spec.board()
    problems += _check_pieces(spec, board)
    if not problems:
        problems += _check_layout(spec)
    problems += _check_tokens(spec, board)
    return problems


def _check_size(spec: MapSpec) -> list[Problem]:
    problems = []
    for key, value in (("columns", spec.columns), ("rows", spec.rows)):
        if not 1 <= value <= MAX_SIDE:
            problems.append(
                Problem(
                    codes.MAP_SIZE,
                    f"{key} must be between 1 and {MAX_SIDE}, not {value}",
                    ("size", key),
                    f"the standard battleground is {STANDARD_COLUMNS} columns by "
                    f"{STANDARD_ROWS} rows",
                )
            )
    if spec.hex_inches <= 0:
        problems.append(
            Problem(
                codes.MAP_SIZE,
                f"hex_inches must be positive, not {spec.hex_inches}",
                ("hex_inches",),
                "the width of one hex, flat side to flat side, in inches",
            )
        )
    return problems


def _check_pieces(spec: MapSpec, board: frozenset[Hex]) -> list[Problem]:
    problems: list[Problem] = []
    seen_ids: dict[str, int] = {}
    for index, piece in enumerate(spec.pieces):
        at: WherePath = ("pieces", index)
        if piece.id in seen_ids:
            problems.append(
                Problem(
                    codes.DUPLICATE_ID,
                    f"terrain piece id '{piece.id}' is already used by piece "
                    f"{seen_ids[piece.id] + 1}",
                    (*at, "id"),
                    "give every piece its own id",
                )
            )
        seen_ids.setdefault(piece.id, index)
        problems += _check_piece_hexes(piece, at, board)
    return problems


def _check_piece_hexes(piece: TerrainPiece, at: WherePath, board: frozenset[Hex]) -> list[Problem]:
    problems: list[Problem] = []
    name = f"piece '{piece.id}'"
    if not piece.hexes:
        return [Problem(codes.PIECE_HEXES, f"{name} has no hexes", (*at, "hexes"))]
    seen: set[Hex] = set()
    for hex_ in piece.hexes:
        where = (*at, "hexes", hex_)
        if hex_ not in board:
            problems.append(
                Problem(
                    codes.OFF_BOARD,
                    f"{name}: hex {format_coord(hex_)} is off the board",
                    where,
                    "columns and rows are counted from A1 at the top left",
                )
            )
        elif hex_ in seen:
            problems.append(
                Problem(codes.PIECE_HEXES, f"{name} lists {format_coord(hex_)} twice", where)
            )
        seen.add(hex_)
    for hex_ in sorted(piece.low - seen):
        problems.append(
            Problem(
                codes.PIECE_HEXES,
                f"{name}: low portion {format_coord(hex_)} is not one of the piece's hexes",
                (*at, "low", hex_),
                "list it under 'hexes' too",
            )
        )
    kind = piece.kind
    if piece.low and kind not in (TerrainKind.HIGH, TerrainKind.MIXED):
        problems.append(
            Problem(
                codes.PIECE_HEXES,
                f"{name}: only high and mixed pieces have low portions or openings",
                (*at, "low"),
            )
        )
    if kind is TerrainKind.MIXED and (not piece.low or piece.low >= seen):
        problems.append(
            Problem(
                codes.PIECE_HEXES,
                f"{name}: a mixed-height piece needs both low and high portions",
                (*at, "low"),
                "list the low portions under 'low'; the other hexes are high",
            )
        )
    if kind is TerrainKind.COLUMN and len(piece.hexes) != 1:
        problems.append(
            Problem(codes.PIECE_HEXES, f"{name}: a column is exactly one hex", (*at, "hexes"))
        )
    if (kind is TerrainKind.PLATFORM) != (piece.elevation > 0):
        wanted = "at least 1" if kind is TerrainKind.PLATFORM else "0 (only platforms are raised)"
        problems.append(
            Problem(codes.PIECE_HEXES, f"{name}: elevation must be {wanted}", (*at, "elevation"))
        )
    if not problems and not connected(piece.hexes):
        problems.append(
            Problem(
                codes.PIECE_SPLIT,
                f"{name}: its hexes are not one connected block",
                (*at, "hexes"),
                "every hex of a piece shares an edge with another; split it into two pieces",
            )
        )
    return problems


def _check_layout(spec: MapSpec) -> list[Problem]:
    """Overlaps, platforms on high obstacles, ladders against platforms."""
    problems: list[Problem] = []
    owner: dict[tuple[Hex, int], tuple[int, TerrainPiece]] = {}
    for index, piece in enumerate(spec.pieces):
        for hex_ in piece.hexes:
            key = (hex_, piece.elevation)
            first = owner.get(key)
            if first is not None:
                problems.append(
                    Problem(
                        codes.OVERLAP,
                        f"piece '{piece.id}' overlaps piece '{first[1].id}' "
                        f"at {format_coord(hex_)}",
                        ("pieces", index, "hexes", hex_),
                        "two pieces at the same elevation cannot share a hex",
                    )
                )
            else:
                owner[key] = (index, piece)
    high = {
        hex_
        for piece in spec.pieces
        if piece.kind.is_obstacle
        for hex_ in piece.hexes
        if hex_ not in piece.low and piece.kind is not TerrainKind.LOW
    }
    raised = {hex_ for p in spec.pieces if p.kind is TerrainKind.PLATFORM for hex_ in p.hexes}
    for index, piece in enumerate(spec.pieces):
        if piece.kind is TerrainKind.PLATFORM:
            touching = {h for hex_ in piece.hexes for h in (hex_, *hex_.neighbours())}
            if not touching & high:
                problems.append(
                    Problem(
                        codes.PLATFORM_DETACHED,
                        f"platform '{piece.id}' is not attached to a high obstacle",
                        ("pieces", index, "hexes"),
                        "a platform lies on or against a high obstacle: put one of its hexes "
                        "over or next to a high portion",
                    )
                )
        elif piece.kind is TerrainKind.LADDER:
            problems += _check_ladder(piece, index, raised)
    return problems


def _check_ladder(piece: TerrainPiece, index: int, raised: set[Hex]) -> list[Problem]:
    problems = [
        Problem(
            codes.LADDER_UNDER_PLATFORM,
            f"ladder '{piece.id}' stands under a platform at {format_coord(hex_)}",
            ("pieces", index, "hexes", hex_),
            "a ladder leans against a platform's edge, next to it",
        )
        for hex_ in piece.hexes
        if hex_ in raised
    ]
    if not any(n in raised for hex_ in piece.hexes for n in hex_.neighbours()):
        problems.append(
            Problem(
                codes.LADDER_DETACHED,
                f"ladder '{piece.id}' touches no platform",
                ("pieces", index, "hexes"),
                "put the ladder on a hex that shares an edge with a platform hex",
            )
        )
    return problems


def _check_tokens(spec: MapSpec, board: frozenset[Hex]) -> list[Problem]:
    problems: list[Problem] = []
    blocked = {
        hex_: piece
        for piece in spec.pieces
        if piece.kind is not TerrainKind.PLATFORM and piece.kind is not TerrainKind.DIFFICULT
        for hex_ in piece.hexes
    }
    seen: set[Hex] = set()
    for index, hex_ in enumerate(spec.objectives):
        where: WherePath = ("objectives", index)
        if hex_ not in board:
            problems.append(
                Problem(codes.OFF_BOARD, f"objective {format_coord(hex_)} is off the board", where)
            )
        elif hex_ in blocked:
            problems.append(
                Problem(
                    codes.BAD_TOKEN_HEX,
                    f"objective {format_coord(hex_)} is on '{blocked[hex_].id}'",
                    where,
                    "objective tokens go on hexes a character can stand on",
                )
            )
        elif hex_ in seen:
            problems.append(
                Problem(codes.BAD_TOKEN_HEX, f"objective {format_coord(hex_)} twice", where)
            )
        seen.add(hex_)
    zone_of: dict[Hex, str] = {}
    for side, zone in spec.deployment.items():
        for hex_ in sorted(zone):
            where = ("deployment", side, hex_)
            if hex_ not in board:
                problems.append(
                    Problem(
                        codes.OFF_BOARD,
                        f"deployment zone '{side}': {format_coord(hex_)} is off the board",
                        where,
                    )
                )
            elif hex_ in zone_of:
                problems.append(
                    Problem(
                        codes.BAD_TOKEN_HEX,
                        f"{format_coord(hex_)} is in the deployment zones of both "
                        f"'{zone_of[hex_]}' and '{side}'",
                        where,
                    )
                )
            zone_of.setdefault(hex_, side)
    return problems
