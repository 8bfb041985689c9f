"""How wide a line of card text is drawn, estimated without a font library.

Card previews are SVG: the picture cannot measure its own text, so the card writer wraps
lines by an estimate. The advance widths below are DejaVu Sans and DejaVu Sans Bold (the
first font of :data:`hexforge.core.render.svg.FONT`, the one the PNG export and most
Linux browsers use), in hundredths of an em, measured once from the font files. Accented
letters are as wide as their base letter in that font, so they are looked up through
their Unicode decomposition; a character the table does not know counts as a wide one.
"""

from __future__ import annotations

import unicodedata
from types import MappingProxyType

_FIRST = 32
"""The tables below start at the space and run to ``~`` (printable ASCII)."""

_REGULAR = (
    32, 40, 46, 84, 64, 95, 78, 27, 39, 39, 50, 84, 32, 36, 32, 34, 64, 64, 64, 64, 64, 64, 64,
    64, 64, 64, 34, 34, 84, 84, 84, 53, 100, 68, 69, 70, 77, 63, 58, 77, 75, 29, 29, 66, 56, 86,
    75, 79, 60, 79, 69, 63, 61, 73, 68, 99, 69, 61, 69, 39, 34, 39, 84, 50, 50, 61, 63, 55, 63,
    62, 35, 63, 63, 28, 28, 58, 28, 97, 63, 61, 63, 63, 41, 52, 39, 63, 59, 82, 59, 59, 52, 64,
    34, 64, 84,
)  # fmt: skip
_BOLD = (
    35, 46, 52, 84, 70, 100, 87, 31, 46, 46, 52, 84, 38, 42, 38, 37, 70, 70, 70, 70, 70, 70, 70,
    70, 70, 70, 40, 40, 84, 84, 84, 58, 100, 77, 76, 73, 83, 68, 68, 82, 84, 37, 37, 77, 64, 100,
    84, 85, 73, 85, 77, 72, 68, 81, 77, 110, 77, 72, 73, 46, 37, 46, 84, 50, 50, 67, 72, 59, 72,
    68, 44, 72, 71, 34, 34, 67, 34, 104, 71, 69, 72, 72, 49, 60, 48, 71, 65, 92, 65, 65, 58, 71,
    37, 71, 84,
)  # fmt: skip
_OTHER = MappingProxyType(
    {
        # character: (regular, bold), for those without an ASCII base letter
        "ł": (28, 37),
        "Ł": (56, 64),
        "ß": (63, 72),
        "œ": (102, 109),
        "Œ": (107, 117),
        "§": (50, 50),
        "“": (52, 66),
        "”": (52, 66),
        "„": (52, 66),
        "\u2019": (32, 38),  # right single quotation mark
        "\u2013": (50, 50),  # en dash
        "—": (100, 100),
        "…": (100, 100),
        "«": (61, 65),
        "»": (61, 65),
        "\u00a0": (32, 35),
    }
)
_UNKNOWN = 100
"""An em: a character outside the tables is never assumed narrower than it may be."""


def _advance(char: str, bold: bool) -> int:
    code = ord(unicodedata.normalize("NFD", char)[0])
    if _FIRST <= code < _FIRST + len(_REGULAR):
        return (_BOLD if bold else _REGULAR)[code - _FIRST]
    widths = _OTHER.get(char)
    return _UNKNOWN if widths is None else widths[bold]


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """The estimated drawn width of ``text`` at font size ``size`` (pixels)."""
    return sum(_advance(char, bold) for char in text) * size / 100
