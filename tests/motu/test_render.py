"""The text picture of a map (render_text) puts each symbol on its board coordinate."""

from __future__ import annotations

from hexforge.plugins.motu.battlefield import Occupancy, render_text
from tests.motu.boards import board, model


def _cell(picture: str, column: int, row: int) -> str:
    """The symbol drawn for 0-based ``column`` and ``row`` (two text lines per row)."""
    line = picture.splitlines()[2 + 2 * row + column % 2]
    start = 4 if column % 2 == 0 else 6
    return line[start + 4 * (column // 2)]


def test_terrain_models_and_legend_are_drawn_where_they_are() -> None:
    field = board(
        ("high", ["H4", "H5", "H6"]),
        ("platform", ["H5", "H6", "G6"]),
        ("ladder", ["G7"]),
        ("low", ["C3", "C4"]),
        ("difficult", ["J9"]),
        columns=10,
        rows=9,
    )
    occupancy = Occupancy(
        field,
        [model("he-man", "masters", "C7"), model("stratos", "masters", "H5", level=1)],
    )
    picture = render_text(field, occupancy)
    assert picture.splitlines()[0].split() == ["A", "C", "E", "G", "I"]
    assert _cell(picture, 2, 2) == "l"  # C3
    assert _cell(picture, 7, 3) == "#"  # H4
    assert _cell(picture, 7, 4) == "b"  # Stratos on the platform over H5
    assert _cell(picture, 7, 5) == "="  # H6: platform over the wall
    assert _cell(picture, 6, 6) == "H"  # G7 ladder
    assert _cell(picture, 2, 6) == "a"  # He-Man on C7
    assert _cell(picture, 9, 8) == "~"  # J9
    assert "b stratos (masters) H5 level 1" in picture
