"""The board coordinate people read and write: column letters plus row number (``C7``).

Columns are lettered like spreadsheet columns (``A`` .. ``Z``, ``AA``, ``AB`` ...) from
the left; rows are numbered from 1 at the top. Odd-lettered columns (``B``, ``D`` ...) sit
half a hex lower than their neighbours ("odd-q" offset layout of flat-topped hexes). The
same coordinate is used by maps, scenarios, logs and renderers: docs/coordinates.md.

``A1:C4`` names the rectangle of columns A..C and rows 1..4 (every hex in those columns
and rows), which is how deployment zones are written.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from hexforge.core.codes import define
from hexforge.core.errors import HexforgeError
from hexforge.core.hexgrid.coords import Hex

BAD_COORDINATE = define("HF700", "not a board coordinate")

_COORD = re.compile(r"([A-Z]{1,3})([1-9][0-9]{0,3})")


def column_letters(column: int) -> str:
    """``0 -> 'A'``, ``25 -> 'Z'``, ``26 -> 'AA'`` (bijective base 26)."""
    if column < 0:
        raise ValueError("column must not be negative")
    letters = ""
    n = column + 1
    while n:
        n, rest = divmod(n - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


def column_index(letters: str) -> int:
    """The inverse of :func:`column_letters`."""
    n = 0
    for char in letters:
        n = n * 26 + (ord(char) - ord("A") + 1)
    return n - 1


def from_offset(column: int, row: int) -> Hex:
    """The hex at 0-based ``column`` and ``row`` of the odd-q offset layout."""
    return Hex(column, row - (column - (column & 1)) // 2)


def to_offset(hex_: Hex) -> tuple[int, int]:
    """The 0-based ``(column, row)`` of ``hex_`` in the odd-q offset layout."""
    return hex_.q, hex_.r + (hex_.q - (hex_.q & 1)) // 2


_MEMO_LIMIT = 1 << 16
"""How many coordinates each memo below keeps (a board has a few hundred; the bound only
stops a stream of odd inputs from growing it without end)."""
_FORMATTED: dict[tuple[int, int], str] = {}
_PARSED: dict[str, Hex] = {}


def format_coord(hex_: Hex) -> str:
    """``Hex`` to its board coordinate, e.g. ``'C7'``; negative offsets have no name.

    Memoised: games turn the same few hundred hexes into text again and again.
    """
    found = _FORMATTED.get(hex_)
    if found is None:
        column, row = to_offset(hex_)
        if column < 0 or row < 0:
            found = f"({hex_.q},{hex_.r})"
        else:
            found = f"{column_letters(column)}{row + 1}"
        if len(_FORMATTED) < _MEMO_LIMIT:
            _FORMATTED[hex_] = found
    return found


def parse_coord(text: str) -> Hex:
    """A board coordinate such as ``'C7'`` (letters case-insensitive) to its ``Hex``.

    Memoised by the exact text (games keep positions as text in their state and read
    them tens of thousands of times); a text that is no coordinate is never remembered.
    """
    found = _PARSED.get(text)
    if found is None:
        match = _COORD.fullmatch(text.strip().upper())
        if match is None:
            raise HexforgeError.single(
                BAD_COORDINATE,
                f"'{text}' is not a board coordinate",
                hint="write the column letter(s) then the row number, e.g. 'C7' or 'AB12'",
            )
        found = from_offset(column_index(match[1]), int(match[2]) - 1)
        if len(_PARSED) < _MEMO_LIMIT:
            _PARSED[text] = found
    return found


@dataclass(frozen=True, slots=True)
class Rect:
    """A block of whole columns and rows, inclusive, in 0-based offset indices."""

    first_column: int
    last_column: int
    first_row: int
    last_row: int

    def __iter__(self) -> Iterator[Hex]:
        for column in range(self.first_column, self.last_column + 1):
            for row in range(self.first_row, self.last_row + 1):
                yield from_offset(column, row)


def parse_area(text: str) -> list[Hex]:
    """A coordinate (``'C7'``) or a rectangle (``'A1:AD3'``) to its hexes, in board order."""
    if ":" not in text:
        return [parse_coord(text)]
    first, _, last = text.partition(":")
    (c1, r1), (c2, r2) = to_offset(parse_coord(first)), to_offset(parse_coord(last))
    return list(Rect(min(c1, c2), max(c1, c2), min(r1, r2), max(r1, r2)))
