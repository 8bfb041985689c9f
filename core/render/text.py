"""Text on pictures: a card's words in the reader's language, and lines wrapped to a width.

SVG cannot wrap or measure its own text, so a game lays its lines out before drawing. The
wrapping here takes the measure as an argument: how wide a line is drawn depends on the
font, which the caller knows (motu: DejaVu Sans, ``hexforge.plugins.motu.textwidth``).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from hexforge.core.packs.models import Localised

_NUMBER = re.compile(r"[-+]?\d+\+?")


def localised(text: Localised, lang: str) -> str:
    """``text`` in ``lang``, or in English where it has no translation (English is required)."""
    translated = getattr(text, lang, None)
    return translated if isinstance(translated, str) and translated else text.en


def words(text: str) -> list[str]:
    """The words of ``text``, a number kept with the word after it (``4 Zoll``, ``1 wound``):
    a line never ends in a number whose noun went to the next line."""
    found: list[str] = []
    for word in text.split():
        if found and _NUMBER.fullmatch(found[-1]):
            found[-1] = f"{found[-1]} {word}"
        else:
            found.append(word)
    return found


def wrap(chunks: Sequence[str], width: float, measure: Callable[[str], float]) -> list[str]:
    """``chunks`` (words, or groups of words that belong together) joined by spaces into
    lines no wider than ``width`` by ``measure``; a chunk wider than a line is cut between
    its words, and a word wider than a line inside it."""

    def fits(text: str) -> bool:
        return measure(text) <= width

    lines: list[str] = []
    current = ""
    for chunk in chunks:
        for word in [chunk] if fits(chunk) else chunk.split():
            candidate = f"{current} {word}" if current else word
            if fits(candidate):
                current = candidate
                continue
            if current:
                lines.append(current)
            current = word
            while not fits(current) and len(current) > 1:
                cut = next(k for k in range(len(current) - 1, 0, -1) if fits(current[:k]) or k == 1)
                lines.append(current[:cut])
                current = current[cut:]
    return [*lines, current]
