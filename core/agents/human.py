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

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from hexforge.core.engine import Agent, Decision, Engine, Json
from hexforge.core.report import make_console, printable, say

T = TypeVar("T")

HELP = """\
Type the number of an option to choose it, or the option as shown (a coordinate such as O7,
a card's or a character's name, or enough of it to tell it from the others).
  u, undo   take back your last choice in this activation (the game replays up to it)
  b, board  show the board summary again
  m, map    show the board as a picture (games that draw one: motu)
  h, help   this text
  q, quit   stop the game"""


_ONE_A_LINE = 12
_SHORT = 5
_COORD = re.compile(r"[A-Z]{1,2}\d{1,2}")


class UndoRequest(Exception):
    """Raised by a :class:`HumanAgent` to restart the game without its last answer."""

    def __init__(self, player: str) -> None:
        super().__init__(player)
        self.player = player


class QuitRequest(Exception):
    """The human typed ``quit``; ``engine`` is the game so far (its log is written)."""

    def __init__(self, engine: Engine | None = None) -> None:
        super().__init__("quit")
        self.engine = engine


Narration = Callable[[Engine, str], Sequence[tuple[str, str]]]
"""A game's account so far in a language, as (text, style) lines (a runner's
``narration``)."""
Label = Callable[[Engine, Json, str], str]
"""What an option reads as for a human in a language (names, a card's text)."""


def _no_undo(player: str) -> bool:
    return False


@dataclass
class HumanAgent:
    """Numbered legal options on ``write``, answers from ``read`` (``input`` at a terminal,
    a list of lines in tests). ``summary(engine, player)`` is the game's board summary,
    ``narrate(engine, lang)`` its account so far (the lines not shown yet are written before
    each choice: the other players' moves too), ``label(engine, option, lang)`` what an
    option reads as. An answer is a number, or an option as typed (``O7``, a name)."""

    read: Callable[[str], str]
    write: Callable[[str], None]
    summary: Callable[[Engine, str], str] | None = None
    can_undo: Callable[[str], bool] = field(default=_no_undo)
    narrate: Narration | None = None
    picture: Callable[[Engine, str], str] | None = None
    """The board as a text picture (``m``), when the game draws one."""
    label: Label | None = None
    lang: str = "en"
    styled: Callable[[str, str], None] | None = None
    """Writes an account line in its style (colour on a terminal); ``write`` when None."""
    shown: int = 0
    """How many lines of the account were written already."""

    def choose(self, decision: Decision, engine: Engine) -> Json:
        self._tell(engine)
        self._show_board(engine, decision.player)
        context = ", ".join(f"{k}={v}" for k, v in decision.context.items())
        self.write(f"{decision.player}: {decision.kind}" + (f" ({context})" if context else ""))
        labels = [self._label(engine, option) for option in decision.options]
        self._list(labels)
        while True:
            typed = self.read("> ").strip()
            text = typed.lower()
            if text.isdigit() and 1 <= int(text) <= len(decision.options):
                return decision.options[int(text) - 1]
            if text in ("u", "undo"):
                if self.can_undo(decision.player):
                    raise UndoRequest(decision.player)
                self.write("nothing to undo in this activation")
            elif text in ("b", "board"):
                self._show_board(engine, decision.player)
            elif text in ("m", "map"):
                shown = self.picture(engine, decision.player) if self.picture else None
                self.write(shown or "this game draws no map: b shows the board")
            elif text in ("h", "help", "?"):
                self.write(HELP)
            elif text in ("q", "quit"):
                raise QuitRequest(engine)
            else:
                found = matching(typed, decision.options, labels)
                if len(found) == 1:
                    return decision.options[found[0]]
                if found:
                    which = ", ".join(f"{i + 1}. {labels[i]}" for i in found[:6])
                    self.write(f"'{typed}' fits several options ({which}): type more or a number")
                else:
                    self.write(
                        f"type a number from 1 to {len(decision.options)} or an option as "
                        "shown, or h for help"
                    )

    def _list(self, labels: Sequence[str]) -> None:
        """The numbered options, one a line; many short ones (hexes) in rows of eight."""
        if len(labels) <= _ONE_A_LINE or max(len(label) for label in labels) > _SHORT:
            for number, label in enumerate(labels, start=1):
                self.write(f"  {number}. {label}")
            return
        cells = [f"{number:>3}. {label:<{_SHORT}}" for number, label in enumerate(labels, 1)]
        for start in range(0, len(cells), 8):
            self.write(" ".join(cells[start : start + 8]).rstrip())
        if self.picture is not None and all(_COORD.fullmatch(label) for label in labels):
            self.write("(m shows the map)")

    def _tell(self, engine: Engine) -> None:
        """The account's lines since the last choice (after an undo's replay: none)."""
        if self.narrate is None:
            return
        lines = self.narrate(engine, self.lang)
        for text, style in lines[self.shown :]:
            if self.styled is not None:
                self.styled(text, style)
            else:
                self.write(text)
        self.shown = len(lines)

    def _label(self, engine: Engine, option: Json) -> str:
        if self.label is None:
            return str(option)
        return self.label(engine, option, self.lang)

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


def _words(text: str) -> str:
    return " ".join(re.sub(r"[\W_]+", " ", text.casefold()).split())


def matching(typed: str, options: Sequence[Json], labels: Sequence[str]) -> list[int]:
    """The positions of the options ``typed`` names: those it equals (the option or its
    label, case and punctuation aside: ``o7`` is ``O7``), else those containing it."""
    key = _words(typed)
    if not key:
        return []
    texts = [(_words(str(o)), _words(label)) for o, label in zip(options, labels, strict=True)]
    exact = [i for i, (o, label) in enumerate(texts) if key in (o, label)]
    if exact:
        return exact
    return [i for i, (o, label) in enumerate(texts) if key in o or key in label]


def terminal_human(
    summary: Callable[[Engine, str], str] | None = None,
    label: Label | None = None,
    picture: Callable[[Engine, str], str] | None = None,
) -> HumanAgent:
    """A :class:`HumanAgent` on the real terminal (``input``; what it writes goes out with
    its control characters escaped, as all user text does: card names come from packs)."""
    return HumanAgent(
        read=input, write=_write, summary=summary, label=label, styled=_styled, picture=picture
    )


def _styled(text: str, style: str) -> None:
    """One account line in its style: colour when the output is a terminal (rich decides,
    as for every command's output), the text made printable as :func:`_write` does."""
    say(make_console(), (text, style), soft_wrap=True)


def _write(text: str) -> None:
    import click

    click.echo(printable(text))
