"""A human at the terminal, and undo built on replay.

The engine has no "take back": state only moves forward. Undo is therefore a restart: an
:class:`UndoSession` records every answer given to the engine; when the human asks to undo,
the game is played again from the same seed with the recorded answers minus the human's
last one (and whatever they answered after it), so the human is asked that decision again.
Same seed + same answers = same game (docs/engine.md), so the restart lands exactly there.
Undo only reaches back over the human's own consecutive choices (their activation or turn):
once another player has answered, that player's choice stands.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TypeVar

from hexforge.core.engine import Agent, Decision, Engine, Json
from hexforge.core.report import printable

T = TypeVar("T")

HELP = """\
Type the number of an option to choose it.
  u, undo   take back your last choice in this activation (the game replays up to it)
  b, board  show the board summary again
  h, help   this text
  q, quit   stop the game"""


class UndoRequest(Exception):
    """Raised by a :class:`HumanAgent` to restart the game without its last answer."""

    def __init__(self, player: str) -> None:
        super().__init__(player)
        self.player = player


class QuitRequest(Exception):
    """The human typed ``quit``."""


def _no_undo(player: str) -> bool:
    return False


@dataclass
class HumanAgent:
    """Numbered legal options on ``write``, answers from ``read`` (``input`` at a terminal,
    a list of lines in tests). ``summary(engine, player)`` is the game's board summary."""

    read: Callable[[str], str]
    write: Callable[[str], None]
    summary: Callable[[Engine, str], str] | None = None
    can_undo: Callable[[str], bool] = field(default=_no_undo)

    def choose(self, decision: Decision, engine: Engine) -> Json:
        self._show_board(engine, decision.player)
        context = ", ".join(f"{k}={v}" for k, v in decision.context.items())
        self.write(f"{decision.player}: {decision.kind}" + (f" ({context})" if context else ""))
        for number, option in enumerate(decision.options, start=1):
            self.write(f"  {number}. {option}")
        while True:
            text = self.read("> ").strip().lower()
            if text.isdigit() and 1 <= int(text) <= len(decision.options):
                return decision.options[int(text) - 1]
            if text in ("u", "undo"):
                if self.can_undo(decision.player):
                    raise UndoRequest(decision.player)
                self.write("nothing to undo in this activation")
            elif text in ("b", "board"):
                self._show_board(engine, decision.player)
            elif text in ("h", "help", "?"):
                self.write(HELP)
            elif text in ("q", "quit"):
                raise QuitRequest
            else:
                self.write(f"type a number from 1 to {len(decision.options)}, or h for help")

    def _show_board(self, engine: Engine, player: str) -> None:
        if self.summary is not None:
            self.write(self.summary(engine, player))


@dataclass
class _Seat:
    """One player's agent, answering first from the replayed prefix, recording all."""

    session: UndoSession
    player: str
    agent: Agent

    def choose(self, decision: Decision, engine: Engine) -> Json:
        if self.session.replaying:
            answer = self.session.replaying.pop(0)
        else:
            answer = self.agent.choose(decision, engine)
        self.session.history.append((self.player, answer))
        return answer


@dataclass
class UndoSession:
    """Plays a game so that a :class:`HumanAgent` among ``agents`` can undo."""

    agents: Mapping[str, Agent]
    history: list[tuple[str, Json]] = field(default_factory=list)
    replaying: list[Json] = field(default_factory=list)
    restarts: int = 0

    def __post_init__(self) -> None:
        for agent in self.agents.values():
            if isinstance(agent, HumanAgent):
                agent.can_undo = self.can_undo

    def can_undo(self, player: str) -> bool:
        """True when ``player`` answered before and nobody else has answered since."""
        return bool(self.history) and self.history[-1][0] == player

    def run(self, play: Callable[[Mapping[str, Agent]], T]) -> T:
        """``play(agents)`` until it finishes without an undo."""
        while True:
            seats: dict[str, Agent] = {p: _Seat(self, p, a) for p, a in self.agents.items()}
            try:
                return play(seats)
            except UndoRequest as undo:
                self._cut(undo.player)
                self.restarts += 1

    def _cut(self, player: str) -> None:
        last = max(i for i, (who, _) in enumerate(self.history) if who == player)
        self.replaying = [answer for _, answer in self.history[:last]]
        self.history = []


def terminal_human(summary: Callable[[Engine, str], str] | None = None) -> HumanAgent:
    """A :class:`HumanAgent` on the real terminal (``input``; what it writes goes out with
    its control characters escaped, as all user text does: card names come from packs)."""
    return HumanAgent(read=input, write=_write, summary=summary)


def _write(text: str) -> None:
    import click

    click.echo(printable(text))
