"""What a replay shows at each step, and how a game plugin records it by replaying a log.

A replay has one *frame* per log entry (a step): the index of the board picture to show
and the score after that entry. Pictures are deduplicated (most entries change nothing on
the board), so ``boards`` holds each distinct picture once.

A game plugin records frames by playing the logged game again (same seed, the logged
answers: docs/engine.md, "The log and replays") with a :class:`FrameRecorder` as the log's
sink: every time the engine writes a line, the recorder looks at the live state. The
replayed log must equal the given one line for line (HF907 otherwise), so the pictures are
of exactly that game.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Hashable, Mapping, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path

from hexforge.core.engine import Decision, Engine, ScriptedAgent
from hexforge.core.engine.jsonvalue import Json
from hexforge.core.engine.log import (
    GameLog,
    logged_setup,
    read_log,
    read_log_text,
    replay_answers,
)
from hexforge.core.errors import Diagnostic, HexforgeError, Span
from hexforge.core.render.codes import REPLAY_DIVERGED, UNREADABLE_LOG
from hexforge.core.render.svg import Svg

Score = tuple[tuple[str, int], ...]
STOP_KINDS = ("round", "activation", "action", "attack", "knockout")
"""The kinds of moment the viewer steps by and jumps to, in the order of its buttons."""


@dataclass(frozen=True, slots=True)
class ReplayFrame:
    """What the viewer shows after one log entry: a board picture (index) and the score."""

    board: int
    score: Score = ()


@dataclass(frozen=True, slots=True)
class Replay:
    """A game's pictures for a log: ``frames[i]`` belongs to log entry ``i``."""

    game: str
    boards: tuple[str, ...]
    """Distinct board pictures, SVG without the XML declaration (inlined in HTML)."""
    frames: tuple[ReplayFrame, ...]
    score_label: str = "score"
    """What the score numbers are (``VP``, ``HQ toughness``)."""
    background: str | None = None
    """A picture shown under every board (SVG, same size): what never changes, such as a
    map's terrain, so each board only holds what moves. None: boards are whole pictures."""
    stops: Mapping[str, tuple[int, ...]] = field(default_factory=dict)
    """Where the viewer's step-by buttons stop: kind (:data:`STOP_KINDS`: ``round``,
    ``activation``, ``action``, ``attack``, ``knockout``) -> the indices of the log entries
    that begin one, in order. A kind the game does not have is left out."""
    stop_names: Mapping[str, str] = field(default_factory=dict)
    """A game's own word for a stop kind on the viewer's buttons (nshex: ``turn`` for
    ``round``); the others are named as the kind."""
    engine: Engine | None = field(default=None, compare=False, repr=False)
    """The replayed game at its end, for the account's sentences in a language (the
    runner's ``headlines``); None when the replay keeps none."""


@dataclass(frozen=True, slots=True)
class GameLogFile:
    """A log file read for replaying: its lines, entries and name (for diagnostics)."""

    path: str
    lines: tuple[str, ...]
    entries: tuple[dict[str, Json], ...]

    @property
    def players(self) -> list[str]:
        players = self.start.get("players")
        return [str(p) for p in players] if isinstance(players, list) else []

    @property
    def seed(self) -> int:
        seed = self.start.get("seed")
        return seed if isinstance(seed, int) else 0

    @property
    def start(self) -> dict[str, Json]:
        return self.entries[0]

    @property
    def setup(self) -> dict[str, Json] | None:
        """What the game was set up with (docs/play.md), or None for an old log."""
        setup = self.start.get("setup")
        return setup if isinstance(setup, dict) else None


def read_log_file(path: Path) -> GameLogFile:
    """Read a JSON-lines game log: HF902 when it cannot be read (or is not UTF-8) or does
    not start a game; from the engine's reader, HF420 with line and column for a line that
    is not a log entry and HF422 past a reading limit (size, line length, nesting, digits)."""
    text = read_log_text(path, unreadable=UNREADABLE_LOG)
    lines = [line for line in text.splitlines() if line.strip()]
    entries = read_log(lines, file=str(path))
    if not entries or entries[0].get("type") != "start":
        first = lines[0] if lines else None
        raise HexforgeError(
            Diagnostic(
                UNREADABLE_LOG,
                f"'{path}' is not a game log: it does not begin with a 'start' entry",
                Span.point(str(path), 1, 1),
                first,
                "give the file written by 'hexforge play --log FILE'",
            )
        )
    return GameLogFile(str(path), tuple(lines), tuple(entries))


class FrameRecorder(io.StringIO):
    """A log sink that takes a frame each time the engine writes a line.

    ``key`` says cheaply what the board looks like (a picture is drawn only when it
    changes); ``picture`` draws it; ``score`` gives the score shown beside it.
    """

    def __init__(
        self,
        engine: Engine,
        key: Callable[[Engine], Hashable],
        picture: Callable[[Engine], Svg],
        score: Callable[[Engine], Score],
    ) -> None:
        super().__init__()
        self._engine = engine
        self._key = key
        self._picture = picture
        self._score = score
        self._boards: dict[str, int] = {}
        self._last: tuple[Hashable, int] | None = None
        self.frames: list[ReplayFrame] = []

    def attach(self) -> None:
        """Become the engine's log sink; lines written so far get a frame each now."""
        old = self._engine.log
        self._engine.log = GameLog(self)
        for line in old.lines:
            self._engine.log.lines.append(line)
            self.write(line + "\n")

    def write(self, text: str) -> int:
        for _ in range(text.count("\n")):
            self.frames.append(ReplayFrame(self._board(), self._score(self._engine)))
        return len(text)

    def _board(self) -> int:
        key = self._key(self._engine)
        if self._last is not None and self._last[0] == key:
            return self._last[1]
        drawn = self._picture(self._engine).text(standalone=False)
        index = self._boards.setdefault(drawn, len(self._boards))
        self._last = (key, index)
        return index

    @property
    def boards(self) -> tuple[str, ...]:
        return tuple(self._boards)


def replaying(log: GameLogFile) -> AbstractContextManager[None]:
    """Games started inside record the setup ``log`` records (or none, for an old log), so
    the replayed ``start`` line repeats the logged one: a renderer starts its replayed game
    inside (docs/play.md, "The log records its setup")."""
    return logged_setup(log.setup)


class _LogEnded(Exception):
    """The replayed game asked for an answer its log does not hold."""


class _LogEnd:
    """The agent after the log's answers: the replay stops where the logged game waits."""

    def choose(self, decision: Decision, engine: Engine) -> Json:
        raise _LogEnded(decision.describe())


def replay_agent(log: GameLogFile) -> ScriptedAgent:
    """Every player's agent in a replay of ``log``: its answers in order, then the end of
    the log - a game still being played (a table watched mid-game) stops where it waits."""
    return ScriptedAgent(replay_answers(log.lines), then=_LogEnd())


def play_logged(log: GameLogFile, engine: Engine, play: Callable[[Engine], object]) -> bool:
    """Play the replay of ``log`` with :func:`replay_agent` seats: True when the game ended,
    False when the log ended first, at a decision not answered yet (a game in progress).
    Either way the replay must have written the log line for line (HF907): a log cut
    anywhere but where its game waited for an answer is not a game in progress."""
    try:
        play(engine)
    except _LogEnded:
        check_same_log(log, engine.log.lines)
        return False
    except HexforgeError:
        check_same_log(log, engine.log.lines)  # report where it went elsewhere, if it did
        raise
    check_same_log(log, engine.log.lines)
    return True


def check_same_log(log: GameLogFile, replayed: Sequence[str]) -> None:
    """HF907 at the first line where the replayed game wrote something else."""
    for number, (given, again) in enumerate(zip(log.lines, replayed, strict=False), start=1):
        if given.strip() != again:
            raise HexforgeError(
                Diagnostic(
                    REPLAY_DIVERGED,
                    f"replaying the game differs from the log at line {number}",
                    Span.point(log.path, number, 1),
                    given,
                    "the log was edited, or written by another version of the game or its "
                    f"cards; the replay wrote: {again[:120]}",
                )
            )
    if len(replayed) != len(log.lines):
        number = min(len(replayed), len(log.lines)) + 1
        raise HexforgeError(
            Diagnostic(
                REPLAY_DIVERGED,
                f"the replayed game wrote {len(replayed)} log lines, the log has {len(log.lines)}",
                Span.point(log.path, number, 1),
                log.lines[number - 1] if number <= len(log.lines) else None,
                "the log was cut short or extended, or comes from another version (a game "
                "in progress replays when its log ends where the game waits for an answer)",
            )
        )


def ordered_score(values: Mapping[str, int], players: Sequence[str]) -> Score:
    """A score in player order (players missing from ``values`` are left out)."""
    return tuple((p, int(values[p])) for p in players if p in values)
