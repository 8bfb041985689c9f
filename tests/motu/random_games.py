"""Seeded random motu games with invariant checks (the test suite and the benchmark)."""

from __future__ import annotations

from dataclasses import dataclass

from hexforge.core.engine import Engine
from hexforge.plugins.motu.rounds import new_game, play_round, result
from hexforge.plugins.motu.setups import shipped_setup
from tests.motu.invariants import CheckingAgent, check_position, check_vp, checking_events


@dataclass(frozen=True, slots=True)
class Outcome:
    seed: int
    winner: str | None
    reason: str
    rounds: int
    decisions: int
    events: int


def play_checked(seed: int) -> tuple[Engine, Outcome]:
    """Play the first game with seed ``seed`` between checking random agents (eager ones
    for three seeds in four, see :class:`CheckingAgent`)."""
    eager = seed % 4 != 0  # a quarter of the games between plain random agents
    agents = {
        "masters": CheckingAgent(seed * 7 + 1, eager=eager),
        "evil": CheckingAgent(seed * 7 + 2, eager=eager),
    }
    engine = new_game(shipped_setup("first-game"), seed, agents)
    events = checking_events(engine)
    while result(engine) is None:
        play_round(engine)
        check_position(engine, settled=True)
    check_vp(engine)
    found = result(engine)
    assert found is not None
    winner = found["winner"]
    rounds = engine.state.data["round"]
    assert isinstance(rounds, int) and 1 <= rounds <= 4
    decisions = sum(a.checked for a in agents.values())
    outcome = Outcome(
        seed,
        None if winner is None else str(winner),
        str(found["reason"]),
        rounds,
        decisions,
        events[0],
    )
    return engine, outcome
