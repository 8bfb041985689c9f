"""How text is set on a motu card: lines top to bottom inside the frame, stat columns, the
frame and its name band.

Lines wrap by their estimated drawn width (:func:`~hexforge.plugins.motu.textwidth.text_width`),
not by a count of characters, so longer Polish, German and French words never pass the
frame. What a card says is :mod:`hexforge.plugins.motu.render_card`'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hexforge.core.render import Svg, el, fmt, palette, words, wrap
from hexforge.core.render.svg import Attr
from hexforge.plugins.motu.terms import language
from hexforge.plugins.motu.textwidth import text_width

if TYPE_CHECKING:
    from hexforge.dsl.text import GameWords

CARD_WIDTH = 420.0
FRAME = 5.0
"""The frame's inner edge, from the card's left and right sides (x 3, stroke 4)."""
PADDING = 16.0
"""Text starts this far from the card's left side and wraps this far from its right."""
STAT_GAP = 8.0
"""The least space between two stat columns."""


@dataclass(frozen=True, slots=True)
class _Text:
    """One line of text on a card (its baseline at ``y``, anchored at its start)."""

    text: str
    class_: str
    x: float
    y: float
    size: float
    bold: bool = False
    colour: str = palette.INK
    italic: bool = False


class CardWriter:
    """Lays text out top to bottom on a card, then draws it with the frame (:meth:`svg`)."""

    def __init__(self, title: str, lang: str) -> None:
        self.parts: list[_Text] = []
        self.y = 0.0
        self.title = title
        self.lang = language(lang)
        self.rules_words: GameWords | None = None
        """The game's words in the card's language for rules text (None: motu's own)."""

    def line(
        self,
        text: str,
        class_: str,
        *,
        size: float = 13,
        x: float = PADDING,
        bold: bool = False,
        colour: str = palette.INK,
        italic: bool = False,
    ) -> None:
        """One line as it is: for short texts that cannot grow (numbers)."""
        self.y += size * 1.3
        self.parts.append(_Text(text, class_, x, self.y, size, bold, colour, italic))

    def wrapped(
        self,
        text: str | Sequence[str],
        class_: str,
        *,
        x: float = PADDING,
        size: float = 12,
        bold: bool = False,
        colour: str = palette.INK,
        italic: bool = False,
    ) -> None:
        """``text`` in as many lines as it needs between ``x`` and the right margin; given
        as chunks, a line breaks between chunks where it can (``area 1 hex`` stays whole)."""
        width = CARD_WIDTH - PADDING - x
        paragraphs = [words(p) for p in text.split("\n")] if isinstance(text, str) else [text]

        def measure(candidate: str) -> float:
            return text_width(candidate, size, bold=bold)

        for chunks in paragraphs:
            for piece in wrap(chunks, width, measure):
                self.line(piece, class_, x=x, size=size, bold=bold, colour=colour, italic=italic)

    def generated(self, text: str, class_: str, *, x: float = PADDING + 8) -> None:
        """Rules text written from the effect language, already in the card's language
        (:mod:`hexforge.plugins.motu.rules_text`)."""
        self.wrapped(text, class_, x=x)

    def table(self, cells: Sequence[tuple[str, str, int | str]]) -> None:
        """Stat names over their values, one column each (``key``, label, value), each
        column as wide as its text and the spare width shared between the columns; the
        names get smaller only when a language's words do not fit at their usual size."""
        available = CARD_WIDTH - 2 * PADDING
        value_size, size = 15.0, 11.0
        values = [text_width(str(value), value_size, bold=True) for _, _, value in cells]
        while True:
            widths = [
                max(text_width(name, size), value)
                for (_, name, _), value in zip(cells, values, strict=True)
            ]
            spare = available - sum(widths)
            if spare >= STAT_GAP * (len(cells) - 1) or size <= 6:
                break
            size -= 0.5
        gap = spare / (len(cells) - 1) if len(cells) > 1 else 0.0
        names_y = self.y + size * 1.3
        values_y = names_y + value_size * 1.3
        x = PADDING
        for (key, name, value), width in zip(cells, widths, strict=True):
            self.parts.append(_Text(name, "stat-name", x, names_y, size, colour=palette.MUTED))
            self.parts.append(_Text(str(value), f"stat {key}", x, values_y, value_size, True))
            x += width + gap
        self.y = values_y

    def gap(self, amount: float = 6) -> None:
        self.y += amount

    def svg(self, colour: str) -> Svg:
        height = self.y + 20
        picture = Svg.new(CARD_WIDTH, height, self.title)
        _panel(
            picture, "card-frame", fmt(height - 6), fill="#fbf8f0", stroke=colour, stroke_width=4
        )
        _panel(picture, "card-band", 36, fill=colour)
        for part in self.parts:
            el(
                picture.root,
                "text",
                part.text,
                class_=part.class_,
                x=fmt(part.x),
                y=fmt(part.y),
                font_size=fmt(part.size),
                font_weight="bold" if part.bold else None,
                font_style="italic" if part.italic else None,
                fill=part.colour,
            )
        return picture


def _panel(picture: Svg, class_: str, height: Attr, **paint: Attr) -> None:
    """A rounded rectangle as wide as the card inside its edge: the frame, the name band."""
    el(
        picture.root,
        "rect",
        class_=class_,
        x=3,
        y=3,
        width=fmt(CARD_WIDTH - 6),
        height=height,
        rx=10,
        **paint,
    )
