"""The game log: one JSON object per line, the replay format and the renderers' input.

Entries are written with sorted keys and no spaces, numbered by ``seq`` (a counter kept in
the state, so a game restored from a snapshot continues the numbering). Same seed and same
answers give the same bytes.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TextIO

from hexforge.core.engine.diagnostics import BAD_LOG, fail
from hexforge.core.engine.jsonvalue import Json, canonical
from hexforge.core.errors import Diagnostic, HexforgeError, Span


class GameLog:
    """Collects log lines in memory and optionally streams them to a text sink."""

    def __init__(self, sink: TextIO | None = None) -> None:
        self.lines: list[str] = []
        self._sink = sink

    def write(self, entry: dict[str, Json]) -> None:
        line = canonical(entry)
        self.lines.append(line)
        if self._sink is not None:
            self._sink.write(line + "\n")

    def text(self) -> str:
        """The whole log as JSON-lines text (each line ends with a newline)."""
        return "".join(line + "\n" for line in self.lines)

    def entries(self) -> list[dict[str, Json]]:
        return read_log(self.lines)


def read_log(lines: Sequence[str], file: str = "<log>") -> list[dict[str, Json]]:
    """Parse JSON-lines log text; a bad line is an HF420 error pointing at it."""
    entries: list[dict[str, Json]] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            entry = json.loads(line)
        except json.JSONDecodeError as error:
            raise HexforgeError(
                Diagnostic(
                    BAD_LOG,
                    f"log line {number} is not JSON: {error.msg}",
                    Span.point(file, number, error.colno),
                    line,
                    "replay from an unmodified engine log",
                )
            ) from None
        if not isinstance(entry, dict) or not isinstance(entry.get("type"), str):
            raise HexforgeError(
                Diagnostic(
                    BAD_LOG,
                    f"log line {number} has no entry type",
                    Span.point(file, number, 1),
                    line,
                    'every log line is a JSON object with a "type"',
                )
            )
        entries.append(entry)
    return entries


def replay_answers(lines: Sequence[str]) -> list[Json]:
    """The answers agents gave, in order (forced single-option decisions excluded).

    Give them to one :class:`ScriptedAgent` serving every player and start a game with
    :func:`replay_seed`: the log repeats byte for byte.
    """
    return [
        entry["answer"]
        for entry in read_log(lines)
        if entry["type"] == "decision" and not entry.get("forced")
    ]


def replay_seed(lines: Sequence[str]) -> int:
    """The seed recorded in a log's ``start`` entry."""
    for entry in read_log(lines):
        seed = entry.get("seed")
        if entry["type"] == "start" and isinstance(seed, int):
            return seed
    raise fail(BAD_LOG, "the log has no start entry", hint="logs start with a 'start' line")
