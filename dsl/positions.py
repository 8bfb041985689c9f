"""Map positions in an effect text back to the YAML file the text was read from.

An effect is a YAML scalar; the DSL reports spans relative to the scalar's value (line 1,
column 1 = its first character). Authors need the position in the file, so this module
walks the scalar's source the way YAML builds its value (quotes, escapes, line folding,
block indentation) and records where each value character came from.

Positions in :class:`ScalarPosition` are **0-based**, exactly as ruamel.yaml reports them
(``node.lc.value(key)`` / ``lc.item(index)``): the scalar's first character, i.e. the
opening quote of a quoted scalar and the ``|`` / ``>`` indicator of a block scalar.
Returned spans are 1-based like every :class:`~hexforge.core.errors.Span`.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import StrEnum

from hexforge.core.errors import Diagnostic, Span


class ScalarStyle(StrEnum):
    """How a YAML scalar is written."""

    PLAIN = "plain"
    SINGLE_QUOTED = "single"
    DOUBLE_QUOTED = "double"
    LITERAL = "literal"
    FOLDED = "folded"


_INDICATORS = {
    "'": ScalarStyle.SINGLE_QUOTED,
    '"': ScalarStyle.DOUBLE_QUOTED,
    "|": ScalarStyle.LITERAL,
    ">": ScalarStyle.FOLDED,
}


@dataclass(frozen=True, slots=True)
class ScalarPosition:
    """Where a scalar starts in a YAML file (0-based line and column, as ruamel reports).

    ``lines`` are the YAML file's lines (``text.splitlines()``); the scalar's own lines
    are enough when ``line`` is counted from the first of them.
    """

    file: str | None
    line: int
    column: int
    style: ScalarStyle
    lines: tuple[str, ...]

    @classmethod
    def at(cls, file: str | None, lines: Sequence[str], line: int, column: int) -> ScalarPosition:
        """A position whose style is read from the source character at (line, column)."""
        text = lines[line] if 0 <= line < len(lines) else ""
        first = text[column] if 0 <= column < len(text) else ""
        style = _INDICATORS.get(first, ScalarStyle.PLAIN)
        return cls(file, line, column, style, tuple(lines))


def map_span(span: Span, scalar: ScalarPosition) -> Span:
    """The file span of a DSL span (1-based, relative to the scalar's value)."""
    start = _locate(scalar, span.line, span.column)
    if (span.end_line, span.end_column) <= (span.line, span.column):
        return Span(scalar.file, start[0], start[1], start[0], start[1] + 1)
    last = _locate(scalar, span.end_line, span.end_column - 1)
    end = (last[0], last[1] + 1)
    if end < start:
        end = (start[0], start[1] + 1)
    return Span(scalar.file, start[0], start[1], end[0], end[1])


def map_diagnostic(diagnostic: Diagnostic, scalar: ScalarPosition) -> Diagnostic:
    """The diagnostic placed in the YAML file, with the file's line for the caret."""
    if diagnostic.span is None:
        return diagnostic.at(Span.point(scalar.file, scalar.line + 1, scalar.column + 1))
    span = map_span(diagnostic.span, scalar)
    source = scalar.lines[span.line - 1] if span.line <= len(scalar.lines) else None
    return diagnostic.at(span, source)


def _locate(scalar: ScalarPosition, line: int, column: int) -> tuple[int, int]:
    """File (line, column), 1-based, of the value character at DSL (line, column).

    A position just past the end of a value line (where "the line ends too early" points)
    maps to just past the character before it.
    """
    current_line, current_column = 1, 1
    previous: tuple[int, int] | None = None
    for char, src_line, src_column in _characters(scalar):
        here = (src_line + 1, src_column + 1)
        if (current_line, current_column) == (line, column):
            return here
        if char == "\n":
            if current_line == line:
                return here if previous is None else (previous[0], previous[1] + 1)
            current_line, current_column = current_line + 1, 1
        else:
            current_column += 1
        previous = here
    if previous is not None:
        return (previous[0], previous[1] + 1)
    return (scalar.line + 1, scalar.column + 1)


def _characters(scalar: ScalarPosition) -> Iterator[tuple[str, int, int]]:
    """(value character, source line, source column) for the scalar's value, 0-based."""
    if scalar.style in (ScalarStyle.LITERAL, ScalarStyle.FOLDED):
        return _block(scalar)
    return _flow(scalar)


_BLOCK_HEADER = re.compile(r"[|>]([1-9]?)[+-]?([1-9]?)")


def _block(scalar: ScalarPosition) -> Iterator[tuple[str, int, int]]:
    lines = scalar.lines
    header = _BLOCK_HEADER.match(lines[scalar.line], scalar.column)
    explicit = int((header.group(1) or header.group(2)) or 0) if header else 0
    first = scalar.line + 1
    if explicit:
        parent = len(lines[scalar.line]) - len(lines[scalar.line].lstrip(" "))
        indent = parent + explicit
    else:
        content = next((text for text in lines[first:] if text.strip()), "")
        indent = len(content) - len(content.lstrip(" "))
    body: list[int] = []
    for number in range(first, len(lines)):
        text = lines[number]
        if text.strip() and len(text) - len(text.lstrip(" ")) < indent:
            break
        body.append(number)
    folded = scalar.style is ScalarStyle.FOLDED
    previous_normal = False
    pending_breaks: list[tuple[int, int]] = []
    started = False
    for number in body:
        text = lines[number]
        value = text[indent:] if len(text) >= indent else ""
        if not value.strip() and not value.startswith((" ", "\t")):
            pending_breaks.append((number, len(text)))
            continue
        normal = not value.startswith((" ", "\t"))
        if started:
            breaks = pending_breaks
            if folded and previous_normal and normal:
                if breaks[1:]:
                    for src in breaks[1:]:
                        yield "\n", src[0], src[1]
                else:
                    yield " ", breaks[0][0], breaks[0][1]
            else:
                for src in breaks:
                    yield "\n", src[0], src[1]
        for offset, char in enumerate(value):
            yield char, number, indent + offset
        pending_breaks = [(number, len(text))]
        previous_normal = normal
        started = True
    for src in pending_breaks[:1]:
        yield "\n", src[0], src[1]


_ESCAPE_WIDTH = {"x": 2, "u": 4, "U": 8}


def _flow(scalar: ScalarPosition) -> Iterator[tuple[str, int, int]]:
    """Plain and quoted scalars: line breaks fold into spaces, escapes take one character."""
    quote = {ScalarStyle.SINGLE_QUOTED: "'", ScalarStyle.DOUBLE_QUOTED: '"'}.get(scalar.style)
    number, column = scalar.line, scalar.column + (1 if quote else 0)
    lines = scalar.lines
    while number < len(lines):
        text = lines[number]
        end = len(text.rstrip(" \t"))
        escaped_break = False
        while column < end:
            char = text[column]
            if quote == "'" and char == "'":
                if text[column + 1 : column + 2] != "'":
                    return
                yield "'", number, column
                column += 2
                continue
            if quote == '"' and char == '"':
                return
            if quote == '"' and char == "\\":
                if column + 1 >= end:
                    escaped_break = True
                    break
                kind = text[column + 1]
                yield _unescape(text, column), number, column
                column += 2 + _ESCAPE_WIDTH.get(kind, 0)
                continue
            yield char, number, column
            column += 1
        # Fold the line break: empty lines become newlines, a single break a space.
        following = number + 1
        while following < len(lines) and not lines[following].strip():
            following += 1
        if following >= len(lines):
            return
        if not escaped_break:
            empties = following - number - 1
            if empties:
                for empty in range(number + 1, following):
                    yield "\n", empty, 0
            else:
                yield " ", number, end
        number = following
        text = lines[number]
        column = len(text) - len(text.lstrip(" \t"))


def _unescape(text: str, column: int) -> str:
    kind = text[column + 1]
    width = _ESCAPE_WIDTH.get(kind)
    if width is not None:
        try:
            return chr(int(text[column + 2 : column + 2 + width], 16))
        except ValueError:
            return "?"
    return {"n": "\n", "t": "\t", "0": "\0", "r": "\r", "e": "\x1b", " ": " "}.get(kind, kind)
