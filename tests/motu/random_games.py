"""Seeded random motu games checked throughout by motu's invariants (the plugin's own,
hexforge.plugins.motu.invariants: the test suite, the benchmark and ``hexforge simulate
--check`` use the same checkers)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from hexforge.core.engine import Agent, Decision, Engine, Json, RandomAgent
from hexforge.core.hexgrid import distance, parse_coord
from hexforge.core.simulate.invariants import InvariantChecker, Moment
from hexforge.plugins.motu.board import hex_of, on_board
from hexforge.plugins.motu.invariants import INVARIANTS
from hexforge.plugins.motu.rounds import new_game, play_round, result
from hexforge.plugins.motu.setups import shipped_setup
from tests.plugged import LIB, MOTU


@dataclass(frozen=True, slots=True)
class Outcome:
    seed: int
    winner: str | None
    reason: str
    rounds: int
    decisions: int
    events: int
    """Events after which the invariants were checked."""


class RandomPlayer:
    """A random agent that counts its decisions.

    ``eager`` agents still answer at random, but seldom end an activation while an action
    is possible, prefer attacks and move towards the nearest enemy most of the time: plain
    random agents on the 30 x 25 first-game map rarely meet, and fights are where most
    rules (knock-outs, interruptions, overwatch) happen."""

    def __init__(self, seed: int, *, eager: bool = False) -> None:
        self.random: Agent = RandomAgent(seed)
        self.rng = random.Random(seed)
        self.eager = eager
        self.answered = 0

    def choose(self, decision: Decision, engine: Engine) -> Json:
        self.answered += 1
        if self.eager:
            answer = self._eager(decision, engine)
            if answer is not None:
                return answer
        return self.random.choose(decision, engine)

    def _eager(self, decision: Decision, engine: Engine) -> Json | None:
        options = [str(o) for o in decision.options]
        if decision.kind == "select_card" and len(options) > 1:
            return self.rng.choice([o for o in options if o != "pass"])
        if decision.kind == "action":
            attacks = [o for o in options if o.startswith(("attack", "skill"))]
            acts = [o for o in options if o.startswith(("move", "focus"))]
            for group, chance in ((attacks, 0.9), (acts, 0.85)):
                if group and self.rng.random() < chance:
                    return self.rng.choice(group)
        if decision.kind == "move_to" and self.rng.random() < 0.8:
            unit = str((decision.context or {}).get("unit", ""))
            foes = [
                u for u in on_board(engine) if engine.entity(u).owner != engine.entity(unit).owner
            ]
            if foes:
                spots = [hex_of(engine, f) for f in foes]
                return min(
                    options,
                    key=lambda o: min(distance(parse_coord(o.split("@")[0]), h) for h in spots),
                )
        return None


def checker_for(seed: int) -> InvariantChecker:
    """motu's invariants for the random game ``seed``; HF055 names how to replay it."""
    hint = (
        f"reproduce with: python -c 'from tests.motu.random_games import *; play_checked({seed})'"
    )
    return InvariantChecker(INVARIANTS, "motu", seed, hint)


def play_checked(seed: int, setup: str = "first-game") -> tuple[Engine, Outcome]:
    """Play the shipped ``setup`` (the first game unless told) with seed ``seed`` between
    random agents (eager ones for three seeds in four, see :class:`RandomPlayer`), checking
    motu's invariants after every event, before every decision, after every round and at
    the end (HF055 if one breaks)."""
    eager = seed % 4 != 0  # a quarter of the games between plain random agents
    players = {
        "masters": RandomPlayer(seed * 7 + 1, eager=eager),
        "evil": RandomPlayer(seed * 7 + 2, eager=eager),
    }
    checker = checker_for(seed)
    agents = {name: checker.agent(player) for name, player in players.items()}
    engine = new_game(MOTU, shipped_setup(setup, LIB), seed, agents)
    checker.watch_events(engine)
    while result(engine) is None:
        play_round(engine)
        checker.check(engine, Moment.STEP, f"after round {engine.state.data['round']}")
    checker.end(engine)
    found = result(engine)
    assert found is not None
    winner = found["winner"]
    rounds = engine.state.data["round"]
    assert isinstance(rounds, int) and 1 <= rounds <= 4
    decisions = sum(p.answered for p in players.values())
    outcome = Outcome(
        seed,
        None if winner is None else str(winner),
        str(found["reason"]),
        rounds,
        decisions,
        checker.checks[Moment.EVENT],
    )
    return engine, outcome
