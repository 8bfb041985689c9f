"""Decisions, the agents that answer them, and the engine's decision service.

Every choice in a game is a :class:`Decision` with its legal options; the engine asks the
player's :class:`Agent` and logs the answer (:func:`decide`, :func:`decide_together`, bound
as :class:`~hexforge.core.engine.engine.Engine` methods). Agents never read the terminal
here: a human agent is just another implementation of the protocol.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Protocol

from hexforge.core.engine.diagnostics import (
    ILLEGAL_ANSWER,
    NO_AGENT,
    NO_OPTIONS,
    SCRIPT_EXHAUSTED,
    fail,
)
from hexforge.core.engine.dice import mix
from hexforge.core.engine.jsonvalue import Json, canonical, check_json

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


def decide(
    engine: Engine,
    kind: str,
    player: str,
    options: Sequence[Json],
    *,
    context: Mapping[str, Json] | None = None,
    hidden: bool = False,
) -> Json:
    """Ask ``player``'s agent; a single legal option is taken without asking (logged
    as forced). The answer is checked against the options and logged."""
    decision = _decision(engine, kind, player, options, context, hidden)
    answer = _answer(engine, decision)
    _log_decision(engine, decision, answer)
    return answer


def decide_together(
    engine: Engine, requests: Sequence[tuple[str, str, Sequence[Json]]], *, hidden: bool = True
) -> list[Json]:
    """Simultaneous choices ``(kind, player, options)``: every player answers before
    any answer is logged, so nobody's agent can see another's choice. While they answer,
    the hidden answers given so far are the engine's (:attr:`Engine.together`), so a copy
    of the game made inside a later player's choice (a search's playout) can forget them
    (:func:`forget_together`) and have them asked again after its own."""
    decisions = [_decision(engine, k, p, o, None, hidden) for k, p, o in requests]
    answers: dict[int, Json] = {}
    if hidden:
        engine.together.append(answers)
    try:
        while len(answers) < len(decisions):
            index = next(i for i in range(len(decisions)) if i not in answers)
            answers[index] = _answer(engine, decisions[index])
    finally:
        if hidden:
            engine.together.pop()
    for index, decision in enumerate(decisions):
        _log_decision(engine, decision, answers[index])
    return [answers[index] for index in range(len(decisions))]


def forget_together(engine: Engine) -> None:
    """Forget the hidden answers already given in the simultaneous choice being answered
    now: the player answering cannot know them, so a search's copy of the game asks their
    players again once this answer is given (:func:`decide_together`)."""
    if engine.together:
        engine.together[-1].clear()


def _decision(
    engine: Engine,
    kind: str,
    player: str,
    options: Sequence[Json],
    context: Mapping[str, Json] | None,
    hidden: bool,
) -> Decision:
    listed = list(options)
    check_json(listed, f"options of {kind!r}")
    if context is not None:
        check_json(dict(context), f"context of {kind!r}")
    if not listed:
        raise fail(NO_OPTIONS, f"decision {kind!r} for {player} has no legal options")
    return Decision(
        engine.state.next("decision"), kind, player, tuple(listed), context or {}, hidden
    )


def _answer(engine: Engine, decision: Decision) -> Json:
    if len(decision.options) == 1:
        return decision.options[0]
    agent = engine.agents.get(decision.player)
    if agent is None:
        raise fail(
            NO_AGENT,
            f"no agent answers for player {decision.player!r}",
            hint=f"agents are set for: {', '.join(sorted(engine.agents)) or 'nobody'}",
        )
    answer = agent.choose(decision, engine)
    if answer not in decision.options:
        raise fail(
            ILLEGAL_ANSWER,
            f"{type(agent).__name__} answered {canonical(answer)} to {decision.describe()}",
            hint=decision.legal_list(),
        )
    return answer


def _log_decision(engine: Engine, decision: Decision, answer: Json) -> None:
    engine._write(
        "decision",
        number=decision.seq,
        kind=decision.kind,
        player=decision.player,
        options=list(decision.options),
        answer=answer,
        context=dict(decision.context),
        hidden=decision.hidden,
        forced=len(decision.options) == 1,
    )
