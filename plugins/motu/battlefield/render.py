"""A plain-text picture of a map and who stands on it, for logs, test failures and terminals.

Each board row takes two text lines: the first shows the columns that sit higher (``A``,
``C`` ...), the second the columns half a hex lower (``B``, ``D`` ...), so neighbours in
the picture are neighbours on the board. Column letters head the picture in the same two
lines and row numbers start each row (docs/coordinates.md).
"""

from __future__ import annotations

from hexforge.core.hexgrid import Hex, column_letters, format_coord, from_offset
from hexforge.plugins.motu.battlefield.map import Map
from hexforge.plugins.motu.battlefield.occupancy import Occupancy
from hexforge.plugins.motu.battlefield.terrain import Ground, Location

GROUND_SYMBOLS = {
    Ground.OPEN: ".",
    Ground.DIFFICULT: "~",
    Ground.LADDER: "H",
    Ground.LOW: "l",
    Ground.HIGH: "#",
}
PLATFORM = "="
OBJECTIVE = "o"
MARKERS = "abcdefghijkmnpqrstuvwxyz"


def render_text(map_: Map, occupancy: Occupancy | None = None) -> str:
    """The map as text: terrain, platforms (``=``), objectives (``o``) and lettered models.

    A model on a platform shows instead of the platform; a legend lists every model.
    """
    marks: dict[Location, str] = {}
    legend: list[str] = []
    for index, occupant in enumerate(occupancy or ()):
        marker = MARKERS[index % len(MARKERS)]
        for loc in occupant.locations:
            marks[loc] = marker
        where = ", ".join(format_coord(h) for h in occupant.hexes)
        raised = f" level {occupant.level}" if occupant.level else ""
        legend.append(f"{marker} {occupant.id} ({occupant.side}) {where}{raised}")
    lines = [
        "    " + "".join(f"{column_letters(c):<4}" for c in range(0, map_.columns, 2)).rstrip(),
        "      " + "".join(f"{column_letters(c):<4}" for c in range(1, map_.columns, 2)).rstrip(),
    ]
    for row in range(map_.rows):
        for half in (0, 1):
            cells = []
            for column in range(half, map_.columns, 2):
                cells.append(_symbol(map_, marks, from_offset(column, row)))
            prefix = f"{row + 1:>3} " if half == 0 else "      "
            lines.append(prefix + "   ".join(cells))
    return "\n".join(lines + legend) + "\n"


def _symbol(map_: Map, marks: dict[Location, str], hex_: Hex) -> str:
    levels = map_.levels_at[hex_]
    for level in reversed(levels):
        mark = marks.get(Location(hex_, level))
        if mark is not None:
            return mark
    if len(levels) > 1:
        return PLATFORM
    if hex_ in map_.objectives:
        return OBJECTIVE
    return GROUND_SYMBOLS[map_.ground[hex_]]
