"""The game log: one JSON object per line, the replay format and the renderers' input.

Entries are written with sorted keys and no spaces, numbered by ``seq`` (a counter kept in
the state, so a game restored from a snapshot continues the numbering). Same seed and same
answers give the same bytes.

A log read back may come from anywhere, so reading has limits far above any game's log
(docs/play.md, "hexforge replay LOG"; HF421, HF422 in docs/errors.md): the file's size, a
line's length, how deeply a line nests and how many digits a number has. Past one,
reading stops with HF422 before the memory or the recursion is spent; a file that cannot
be read as UTF-8 text is HF421.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from itertools import accumulate
from pathlib import Path
from typing import TextIO

import orjson

from hexforge.core.engine.diagnostics import (
    BAD_LOG,
    LOG_TOO_LARGE,
    UNREADABLE_LOG,
    fail,
)
from hexforge.core.engine.jsonvalue import Json, canonical
from hexforge.core.errors import Diagnostic, HexforgeError, Span

MAX_LOG_BYTES = 32 * 1024 * 1024
"""A log file's largest size (a whole motu game's log is about 150 kB)."""
MAX_LINE_CHARS = 1024 * 1024
"""A log line's most characters (an engine's lines are a few hundred)."""
MAX_DEPTH = 32
"""How deeply lists and objects may nest in one line (an engine's nest 3 deep)."""
MAX_INT_DIGITS = 100
"""The most digits of a number in a log (seeds and counters need far fewer)."""
SHOWN_LINE_CHARS = 2000
"""Longer lines are not quoted in a diagnostic."""
_HINT = "give the file 'hexforge play --log FILE' wrote, unmodified"
_LONG_NUMBER = re.compile(rf"\d{{{MAX_INT_DIGITS + 1}}}")
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}
_PAST_64_BITS = re.compile(r"\d{19}")
"""Digits orjson may read as a float (it has no integers past 64 bits); json reads them."""


_UNSET: dict[str, Json] = {}
_SETUP: ContextVar[Mapping[str, Json] | None] = ContextVar("hexforge_log_setup", default=_UNSET)


@contextmanager
def logged_setup(setup: Mapping[str, Json] | None, *, keep: bool = False) -> Iterator[None]:
    """Games started here (:meth:`Engine.new <hexforge.core.engine.Engine.new>`) record
    ``setup`` in their ``start`` entry: what the game was set up with (docs/engine.md, "The
    log and replays"). None records nothing (an old log replayed as it was written). With
    ``keep``, a setup already given by an enclosing caller (a replay giving the logged one)
    stays."""
    if keep and _SETUP.get() is not _UNSET:
        yield
        return
    token = _SETUP.set(setup)
    try:
        yield
    finally:
        _SETUP.reset(token)


def setup_to_log() -> Mapping[str, Json] | None:
    """The setup a game started now records in its log (:func:`logged_setup`), or None."""
    setup = _SETUP.get()
    return None if setup is _UNSET else setup


class GameLog:
    """Collects log lines in memory and optionally streams them to a text sink."""

    def __init__(self, sink: TextIO | None = None) -> None:
        self.lines: list[str] = []
        self._sink = sink
        self._entries: list[dict[str, Json]] = []
        """``lines`` read so far, in order (the game's account and record, a check, all
        read the same entries after a game: each line is parsed once)."""

    def write(self, entry: dict[str, Json]) -> None:
        line = canonical(entry)
        self.lines.append(line)
        if self._sink is not None:
            self._sink.write(line + "\n")

    def text(self) -> str:
        """The whole log as JSON-lines text (each line ends with a newline)."""
        return "".join(line + "\n" for line in self.lines)

    def entries(self) -> list[dict[str, Json]]:
        """The entries of the lines this log wrote itself (canonical JSON objects, so read
        without the limits and checks :func:`read_log` applies to a log from a file).

        The entries are parsed once and shared by every caller: read them, never change
        them."""
        parsed = self._entries
        for line in self.lines[len(parsed) :]:
            parsed.append(_entry(line))
        return list(parsed)


def _entry(line: str) -> dict[str, Json]:
    """One line the engine wrote, read by orjson unless it holds a long number or text
    orjson refuses (a lone surrogate): json reads those exactly."""
    if not _PAST_64_BITS.search(line):
        try:
            entry: dict[str, Json] = orjson.loads(line)
        except orjson.JSONDecodeError:
            pass
        else:
            return entry
    found: dict[str, Json] = json.loads(line)
    return found


def read_log_text(path: Path, *, unreadable: str = UNREADABLE_LOG) -> str:
    """The text of the log file at ``path``: ``unreadable`` (HF421 unless the caller has
    its own code) when it cannot be read or is not UTF-8, HF422 when it is larger than
    :data:`MAX_LOG_BYTES` - found after reading that much at most (``/dev/zero`` too)."""
    name = str(path)
    try:
        with path.open("rb") as stream:
            data = stream.read(MAX_LOG_BYTES + 1)
    except OSError as error:
        reason = error.strerror or type(error).__name__
        raise HexforgeError.single(
            unreadable, f"cannot read the game log '{name}': {reason}", hint=_HINT
        ) from None
    if len(data) > MAX_LOG_BYTES:
        raise HexforgeError.single(
            LOG_TOO_LARGE,
            f"'{name}' is larger than {MAX_LOG_BYTES // 2**20} MB, the most a game log may be",
            hint=_HINT,
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        column = error.start - (data.rfind(b"\n", 0, error.start) + 1) + 1
        raise HexforgeError(
            Diagnostic(
                unreadable,
                f"'{name}' is not UTF-8 text: byte 0x{data[error.start]:02x} at line {line}, "
                f"byte {column}",
                Span.point(name, line, column),
                None,
                _HINT,
            )
        ) from None


class _LongNumber(ValueError):
    """A number with more than :data:`MAX_INT_DIGITS` digits (raised while parsing)."""


def _whole(digits: str) -> int:
    if len(digits.lstrip("-")) > MAX_INT_DIGITS:
        raise _LongNumber(digits)
    return int(digits)


def _bracket_depth(line: str) -> int:
    """How deeply the line's brackets nest, counting those inside strings too (so never
    less than the true depth); a line is scanned only when it has many brackets."""
    brackets = _NOT_BRACKET.sub("", line)
    return max(accumulate(_STEP[b] for b in brackets), default=0)


def _value_depth(value: Json) -> int:
    if isinstance(value, dict):
        return 1 + max((_value_depth(v) for v in value.values()), default=0)
    if isinstance(value, list):
        return 1 + max((_value_depth(v) for v in value), default=0)
    return 0


def _beyond(file: str, number: int, message: str) -> HexforgeError:
    return HexforgeError(
        Diagnostic(
            LOG_TOO_LARGE, f"log line {number} {message}", Span.point(file, number, 1), None, _HINT
        )
    )


def _too_deep(file: str, number: int) -> HexforgeError:
    return _beyond(file, number, f"nests lists or objects deeper than {MAX_DEPTH} levels")


def _parse_line(line: str, number: int, file: str) -> object:
    """One line's JSON value, within the reading limits (HF422) or HF420 if not JSON."""
    if len(line) > MAX_LINE_CHARS:
        raise _beyond(file, number, f"is longer than {MAX_LINE_CHARS} characters")
    deep = line.count("[") + line.count("{") > MAX_DEPTH and _bracket_depth(line) > MAX_DEPTH
    shown = line if len(line) <= SHOWN_LINE_CHARS else None
    try:
        if _LONG_NUMBER.search(line):
            entry = json.loads(line, parse_int=_whole)
        elif deep:  # perhaps only brackets inside strings: the parse decides
            entry = json.loads(line)
        else:
            return json.loads(line)
    except json.JSONDecodeError as error:
        raise HexforgeError(
            Diagnostic(
                BAD_LOG,
                f"log line {number} is not JSON: {error.msg}",
                Span.point(file, number, error.colno),
                shown,
                "replay from an unmodified engine log",
            )
        ) from None
    except _LongNumber:
        raise _beyond(file, number, f"has a number of more than {MAX_INT_DIGITS} digits") from None
    except RecursionError:
        raise _too_deep(file, number) from None
    except ValueError as error:  # e.g. a number past Python's own digit limit
        raise HexforgeError(
            Diagnostic(
                BAD_LOG,
                f"log line {number} is not a log entry: {error}",
                Span.point(file, number, 1),
                shown,
                _HINT,
            )
        ) from None
    if deep and _value_depth(entry) > MAX_DEPTH:
        raise _too_deep(file, number)
    return entry


def read_log(lines: Sequence[str], file: str = "<log>") -> list[dict[str, Json]]:
    """Parse JSON-lines log text; a bad line is an HF420 error pointing at it, a line past
    the reading limits (length, nesting, digits of a number) HF422."""
    entries: list[dict[str, Json]] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        entry = _parse_line(line, number, file)
        if not isinstance(entry, dict) or not isinstance(entry.get("type"), str):
            raise HexforgeError(
                Diagnostic(
                    BAD_LOG,
                    f"log line {number} has no entry type",
                    Span.point(file, number, 1),
                    line if len(line) <= SHOWN_LINE_CHARS else None,
                    'every log line is a JSON object with a "type"',
                )
            )
        entries.append(entry)
    return entries


def replay_answers(lines: Sequence[str], file: str = "<log>") -> list[Json]:
    """The answers agents gave, in order (forced single-option decisions excluded).

    Give them to one :class:`ScriptedAgent` serving every player and start a game with
    :func:`replay_seed`: the log repeats byte for byte.
    """
    numbers = [number for number, line in enumerate(lines, start=1) if line.strip()]
    answers: list[Json] = []
    for number, entry in zip(numbers, read_log(lines, file), strict=True):
        if entry["type"] != "decision" or entry.get("forced"):
            continue
        if "answer" not in entry:
            raise fail(
                BAD_LOG,
                f"log line {number} is a decision without its answer",
                hint='every decision line of a log carries the "answer" given',
                span=Span.point(file, number, 1),
            )
        answers.append(entry["answer"])
    return answers


def replay_seed(lines: Sequence[str], file: str = "<log>") -> int:
    """The seed recorded in a log's ``start`` entry."""
    for entry in read_log(lines, file):
        seed = entry.get("seed")
        if entry["type"] == "start" and isinstance(seed, int):
            return seed
    raise fail(BAD_LOG, "the log has no start entry", hint="logs start with a 'start' line")
