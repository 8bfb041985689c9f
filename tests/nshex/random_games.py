"""Seeded random nshex games checked throughout by nshex's invariants (the plugin's own,
hexforge.plugins.nshex.invariants: the test suite, the benchmark and ``hexforge simulate
--check`` use the same checkers)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

from hexforge.core.engine import Agent, Decision, Engine, Json, RandomAgent
from hexforge.core.simulate.invariants import InvariantChecker
from hexforge.plugins.nshex.game import new_game, play_game
from hexforge.plugins.nshex.invariants import INVARIANTS
from hexforge.plugins.nshex.play import players_for
from hexforge.plugins.nshex.state import NshexState
from tests.plugged import NSHEX

ARMIES = ("smart", "vegas", "borgo")
PAIRINGS = list(product(ARMIES, ARMIES))


@dataclass(frozen=True, slots=True)
class Outcome:
    seed: int
    armies: tuple[str, str]
    winner: str | None
    reason: str
    turns: int
    battles: int
    decisions: int


class CountingAgent:
    """A seeded random agent that counts the decisions it answers."""

    def __init__(self, seed: int) -> None:
        self.random: Agent = RandomAgent(seed)
        self.answered = 0

    def choose(self, decision: Decision, engine: Engine) -> Json:
        self.answered += 1
        return self.random.choose(decision, engine)


def checked_agents(
    seed: int, players: Sequence[str]
) -> tuple[InvariantChecker, dict[str, CountingAgent], dict[str, Agent]]:
    """Game ``seed``'s checker, its random agents and those agents checking the invariants
    before every decision."""
    hint = (
        f"reproduce with: python -c 'from tests.nshex.random_games import *; play_checked({seed})'"
    )
    checker = InvariantChecker(INVARIANTS, "nshex", seed, hint)
    counting = {p: CountingAgent(seed * 7 + i) for i, p in enumerate(players)}
    return checker, counting, {p: checker.agent(a) for p, a in counting.items()}


def play_checked(seed: int) -> tuple[Engine, Outcome]:
    """Play game ``seed`` (armies cycle through every pairing) and check it throughout."""
    armies = PAIRINGS[seed % len(PAIRINGS)]
    players = players_for(armies)
    checker, counting, agents = checked_agents(seed, players)
    engine = new_game(NSHEX, dict(zip(players, armies, strict=True)), seed, agents)
    play_game(engine)
    checker.end(engine)
    state = NshexState(engine)
    result = state.result
    assert result is not None
    decisions = sum(a.answered for a in counting.values())
    outcome = Outcome(
        seed, armies, result.winner, result.reason, state.turn, state.battles, decisions
    )
    return engine, outcome
