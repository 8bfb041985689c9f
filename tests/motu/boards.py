"""Small maps for the battlefield tests, written as map-file YAML so the loader is exercised too."""

from __future__ import annotations

from hexforge.core.hexgrid import Hex, parse_coord
from hexforge.plugins.motu.battlefield import Location, Map, Occupant, map_from_text, single

Piece = tuple[str, list[str]] | tuple[str, list[str], dict[str, object]]


def board(*pieces: Piece, columns: int = 12, rows: int = 12, hex_inches: str = "1") -> Map:
    """A map of ``columns`` x ``rows`` with ``(kind, [coords], extra fields)`` pieces."""
    lines = [
        "name: test",
        f"size: {{columns: {columns}, rows: {rows}}}",
        f"hex_inches: {hex_inches}",
        "pieces:" if pieces else "pieces: []",
    ]
    for index, piece in enumerate(pieces):
        kind, hexes = piece[0], piece[1]
        lines.append(f"  - id: piece-{index}")
        lines.append(f"    kind: {kind}")
        lines.append(f"    hexes: [{', '.join(hexes)}]")
        if len(piece) == 3:
            for key, value in piece[2].items():
                shown = f"[{', '.join(value)}]" if isinstance(value, list) else value
                lines.append(f"    {key}: {shown}")
    return map_from_text("\n".join(lines) + "\n", name="test.yaml")


def H(coord: str) -> Hex:
    return parse_coord(coord)


def L(coord: str, level: int = 0) -> Location:
    return Location(parse_coord(coord), level)


def model(id: str, side: str, coord: str, level: int = 0, facing: str | None = None) -> Occupant:
    return single(id, side, parse_coord(coord), level, parse_coord(facing) if facing else None)
