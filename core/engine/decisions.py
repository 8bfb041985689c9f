"""Decisions and the agents that answer them.

Every choice in a game is a :class:`Decision` with its legal options; the engine asks the
player's :class:`Agent` and logs the answer. Agents never read the terminal here: a human
agent is just another implementation of the protocol.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from hexforge.core.engine.diagnostics import ILLEGAL_ANSWER, SCRIPT_EXHAUSTED, fail
from hexforge.core.engine.dice import mix
from hexforge.core.engine.jsonvalue import Json, canonical

if TYPE_CHECKING:
    from hexforge.core.engine.engine import Engine


@dataclass(frozen=True, slots=True)
class Decision:
    """One choice for one player. ``seq`` numbers decisions in a game from 1.

    ``hidden``: the answer is secret until every player in the same simultaneous choice
    has answered (both players reveal a card at once).
    """

    seq: int
    kind: str
    player: str
    options: tuple[Json, ...]
    context: Mapping[str, Json] = field(default_factory=dict)
    hidden: bool = False

    def describe(self) -> str:
        """A one-line summary for error messages."""
        return f"decision #{self.seq} {self.kind!r} for {self.player}"

    def legal_list(self, limit: int = 12) -> str:
        shown = ", ".join(canonical(option) for option in self.options[:limit])
        more = f", ... ({len(self.options) - limit} more)" if len(self.options) > limit else ""
        return f"legal options: {shown}{more}"


class Agent(Protocol):
    """Answers decisions; must return one of ``decision.options``."""

    def choose(self, decision: Decision, engine: Engine) -> Json: ...


class FirstLegalAgent:
    """Always the first option: the most predictable opponent for tests."""

    def choose(self, decision: Decision, engine: Engine) -> Json:
        return decision.options[0]


@dataclass(frozen=True, slots=True)
class RandomAgent:
    """A uniformly random option, derived from its seed and the decision number only.

    Stateless on purpose: it never draws from the game's dice, and a game restored from a
    snapshot gets the same answers from a new RandomAgent with the same seed.
    """

    seed: int

    def choose(self, decision: Decision, engine: Engine) -> Json:
        return decision.options[mix(self.seed, decision.seq) % len(decision.options)]


class ScriptedAgent:
    """Answers from a list, in order; an answer that is not legal is an HF410 error.

    ``then`` answers once the script is used up; without it, running out is HF411.
    One scripted agent may serve several players: answers are consumed in decision order.
    """

    def __init__(self, answers: Iterable[Json], then: Agent | None = None) -> None:
        self._answers = list(answers)
        self._next = 0
        self._then = then

    @property
    def remaining(self) -> list[Json]:
        """The answers not used yet."""
        return self._answers[self._next :]

    def choose(self, decision: Decision, engine: Engine) -> Json:
        if self._next >= len(self._answers):
            if self._then is not None:
                return self._then.choose(decision, engine)
            raise fail(
                SCRIPT_EXHAUSTED,
                f"the script has no answer left for {decision.describe()}",
                hint=decision.legal_list(),
            )
        answer = self._answers[self._next]
        if answer not in decision.options:
            raise fail(
                ILLEGAL_ANSWER,
                f"scripted answer {self._next + 1} ({canonical(answer)}) is not legal for "
                f"{decision.describe()}",
                hint=decision.legal_list(),
            )
        self._next += 1
        return answer
