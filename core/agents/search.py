"""The search agent (``--p1 search``): a determinised Monte Carlo search at each decision.

At a decision worth searching the agent asks the game's policy (its heuristic) for its
answer, takes that, the game's strategies and the next best candidates (the game's
ordering; ``width`` arms at most) as the arms of a bandit, and spends its budget of
``playouts`` on them by sequential halving: each round plays every arm still in the race
from the same playout seeds (common random numbers: the same re-dealt hands and the same
dice for every arm, so the arms differ by their answer and strategy only), and keeps the
better half. A playout (:mod:`hexforge.core.agents.playout`) forks the process at the
decision, re-deals what the searching player cannot see (the opponent's hand and deck,
every deck's order: a game hook) and reseeds the dice, so the search never reads a hidden
card or a future roll; then both seats play the policy until the game ends or the playout
is cut off at the horizon, where the game's evaluation (motu: VP, objectives and material;
nshex: HQ toughness and tiles) gives its value.

A strategy is another policy for the searching seat (motu: one character heading for one
objective or one enemy): its arm answers what the strategy would and keeps to it in the
playouts, so a course of several decisions is valued as carried out - an answer alone is
valued with the policy's continuation, which may undo it at the next decision. The
strategy chosen stays the first arm while the game offers it again: a course is kept unless
another arm beats it by ``margin``.

The answer is the arm with the best mean value; the first arm - the policy's own answer, or
the course's - stays unless another beats it by ``margin`` (on the same seeds). Same seed,
same game, same budget: the same answers, whatever the machine's load and however many
playouts run side by side (``workers``, one per core by default) - the budget counts
playouts. ``max_ms`` only caps the wall time of one decision (a playout is not started
after it), which makes the answers depend on the machine: it is off unless asked for.

Decisions the search leaves to the policy: forced ones and those the game does not search
(e.g. rerolling a failed die). A secret simultaneous choice (``hidden``: motu's card
selection) is searched like any other: a playout forgets the answers other players gave
before the searching one, and asks them again of the policy once its candidate is given
(:func:`~hexforge.core.engine.decisions.forget_together`). The budget comes from
``HEXFORGE_SEARCH_PLAYOUTS`` and ``HEXFORGE_SEARCH_MS`` when the agent is made by name
(docs/agents.md).
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from hexforge.core.agents.playout import (
    Job,
    Plan,
    Played,
    Value,
    fork_refusal,
    playouts,
    usable_cores,
)
from hexforge.core.codes import define
from hexforge.core.engine import Agent, Decision, Engine, Json
from hexforge.core.engine.diagnostics import fail
from hexforge.core.engine.dice import below, mix

T = TypeVar("T")

SEARCH_UNAVAILABLE = define("HF065", "the search agent cannot run here (no fork, a thread, or Ray)")

SEARCH_NAME = "search"
"""The agent name the games give the search (``--p1 search``)."""
PLAYOUTS_VARIABLE = "HEXFORGE_SEARCH_PLAYOUTS"
MS_VARIABLE = "HEXFORGE_SEARCH_MS"
WORKERS_VARIABLE = "HEXFORGE_SEARCH_WORKERS"


def seeded_shuffle(items: Sequence[T], seed: int) -> list[T]:
    """A shuffled copy from ``seed`` alone (Fisher-Yates on the engine's generator, never
    the game's dice): games re-deal hidden cards with it."""
    result = list(items)
    state = seed & ((1 << 64) - 1)
    for last in range(len(result) - 1, 0, -1):
        state, pick = below(state, last + 1)
        result[last], result[pick] = result[pick], result[last]
    return result


@dataclass(frozen=True, slots=True)
class SearchGame:
    """What a game gives the search agent (its ``search_hooks`` module)."""

    game: str
    policy: Callable[[int], Agent]
    """The agent playing both seats in playouts, and the search's first candidate."""
    value: Value
    """A position's value for a player in [-1, 1]: the result of a finished game (1 won,
    -1 lost, 0 drawn), an estimate of an unfinished one."""
    end_entries: frozenset[str]
    """The log entry types that end a game."""
    determinise: Callable[[Engine, str, int], None] | None = None
    """Re-deals, from a seed, what the player cannot see (hands, deck orders)."""
    clock: Callable[[Engine], int] | None = None
    ticks: int = 0
    """A playout is cut off once ``clock`` moved on by ``ticks`` (0: only ``horizon``)."""
    horizon: int = 60
    """The most decisions a playout asks before it is cut off."""
    candidates: Callable[[Decision, Engine, Json], Sequence[Json]] | None = None
    """The options worth trying, best first (given the policy's answer); default: the
    policy's answer, then the options in order."""
    searched: Callable[[Decision, Engine], bool] | None = None
    """Which decisions to search (default: all with two options or more)."""
    playouts: int = 8
    """The default budget: playouts per searched decision (about 0.1 s on a 2020s core)."""
    margin: float = 0.0
    """How much better (in mean value) another answer must do to replace the policy's."""
    width: int = 4
    """The most candidates a decision's budget is shared by (the first arm included)."""
    strategies: Callable[[Decision, Engine], Sequence[Callable[[int], Agent]]] | None = None
    """Other policies (agent factories by seed) the searching seat may follow from this
    decision: each is an arm, after the policy's answer and before the other candidates.
    The one the agent chose at its last searched decision, offered again (equal: give
    values, e.g. frozen dataclasses, not fresh closures), comes first: the course kept."""


@dataclass(frozen=True, slots=True)
class Arm:
    """A candidate of the search: its answer to the decision, and the strategy that plays
    the searching seat in its playouts (None: the policy)."""

    answer: Json
    strategy: Callable[[int], Agent] | None = None


@dataclass(slots=True)
class SearchStats:
    """What the agent did, for benchmarks: decisions asked and searched, playouts played
    and failed, CPU seconds of this process (every decision) and of the playouts' children."""

    decisions: int = 0
    searched: int = 0
    playouts: int = 0
    failed: int = 0
    changed: int = 0
    """Searched decisions answered otherwise than the policy would have."""
    cpu: float = 0.0
    """CPU seconds of this process, every decision asked."""
    child_cpu: float = 0.0
    """CPU seconds of the playouts' children."""
    wall: float = 0.0
    """Wall-clock seconds of every decision asked (less than the CPU when playouts run side
    by side, more on a busy machine: the budget counts playouts, never time)."""
    slowest: float = 0.0
    """The most wall-clock seconds one decision took."""


def _budget_from_env(name: str, default: int | None, least: int = 0) -> int | None:
    """A whole number of at least ``least`` from the environment (HF065 otherwise)."""
    text = os.environ.get(name)
    if text is None or not text.strip():
        return default
    example = f"e.g. {name}={max(least, 2)}"
    try:
        value = int(text)
    except ValueError:
        raise fail(
            SEARCH_UNAVAILABLE, f"{name}={text!r} is not a whole number", hint=example
        ) from None
    if value < least:
        raise fail(SEARCH_UNAVAILABLE, f"{name} must be at least {least}", hint=example)
    return value


@dataclass
class SearchAgent:
    """Determinised Monte Carlo search over the policy's best candidates (module docs)."""

    seed: int
    game: SearchGame
    playouts: int = 8
    max_ms: float | None = None
    width: int = 4
    margin: float = 0.0
    workers: int = 1
    """Playouts run at once (children forked side by side): the answers never depend on
    it, only how soon they come."""
    stats: SearchStats = field(default_factory=SearchStats)

    def __post_init__(self) -> None:
        refusal = fork_refusal()
        if refusal is not None:
            raise fail(SEARCH_UNAVAILABLE, refusal, hint="play --p1 heuristic")
        self._policy = self.game.policy(self.seed)
        self._course: Callable[[int], Agent] | None = None
        """The strategy the last searched decision chose: the first arm while the game
        offers it, so a course once taken is kept unless another does better by margin."""

    @classmethod
    def from_env(cls, seed: int, game: SearchGame) -> SearchAgent:
        """The agent ``--p1 search`` builds: its budget from the environment."""
        playouts = _budget_from_env(PLAYOUTS_VARIABLE, game.playouts)
        ms = _budget_from_env(MS_VARIABLE, None)
        workers = _budget_from_env(WORKERS_VARIABLE, usable_cores(), least=1) or 1
        return cls(
            seed, game, playouts or 0, float(ms) if ms else None, game.width, game.margin, workers
        )

    def choose(self, decision: Decision, engine: Engine) -> Json:
        cpu = time.process_time()
        started = time.perf_counter()
        self.stats.decisions += 1
        prior = self._policy.choose(decision, engine)
        arms = self._arms(decision, engine, prior)
        if len(arms) < 2:
            self._spent(cpu, started)
            return prior
        refusal = fork_refusal()
        if refusal is not None:
            raise fail(SEARCH_UNAVAILABLE, refusal, hint="let another agent play: heuristic")
        found = self._search(decision, engine, arms)
        if not isinstance(found, _Best):
            return found  # a playout's child, playing on with its candidate
        self.stats.searched += 1
        best = arms[found.index]
        self._course = best.strategy
        answer = best.answer
        self.stats.changed += answer != prior
        self._spent(cpu, started)
        return answer

    def _spent(self, cpu: float, started: float) -> None:
        """Count a decision's CPU seconds (this process) and wall seconds."""
        wall = time.perf_counter() - started
        self.stats.cpu += time.process_time() - cpu
        self.stats.wall += wall
        self.stats.slowest = max(self.stats.slowest, wall)

    def _arms(self, decision: Decision, engine: Engine, prior: Json) -> list[Arm]:
        """The candidates the budget can compare: none when the decision is not searched.
        The course's answer first when the game offers it again, the policy's answer, the
        other strategies' (an answer may recur: its continuation differs), then the other
        answers once each."""
        game = self.game
        if self.playouts < 2 or len(decision.options) < 2:
            return []
        if game.searched is not None and not game.searched(decision, engine):
            return []
        strategies = [] if game.strategies is None else list(game.strategies(decision, engine))
        course = self._course
        arms = [Arm(prior)]
        if course is not None and course in strategies:
            strategies.remove(course)
            arms.insert(0, Arm(course(self.seed).choose(decision, engine), course))
        arms += (Arm(s(self.seed).choose(decision, engine), s) for s in strategies)
        ordered = (
            game.candidates(decision, engine, prior)
            if game.candidates is not None
            else decision.options
        )
        answers = [prior]
        for option in ordered:
            if option not in answers and option in decision.options:
                answers.append(option)
                arms.append(Arm(option))
        return arms[: max(1, min(self.width, self.playouts // 2))]

    def _search(self, decision: Decision, engine: Engine, arms: list[Arm]) -> _Best | Json:
        """Sequential halving over ``arms`` with common seeds; a child gets its candidate."""
        base = mix(self.seed, decision.seq)
        plan = self._plan(decision.player)
        stop = None if self.max_ms is None else time.perf_counter() + self.max_ms / 1000
        alive = list(range(len(arms)))
        totals = [0.0] * len(arms)
        counts = [0] * len(arms)
        rounds = max(1, math.ceil(math.log2(len(arms))))
        left = self.playouts
        played = 0
        for round_number in range(rounds):
            per_arm = max(1, left // (len(alive) * (rounds - round_number)))
            racing = [(mix(base, played + k), i) for k in range(per_arm) for i in alive]
            played += per_arm
            jobs = [Job(arms[i].answer, seed, arms[i].strategy) for seed, i in racing]
            found = playouts(engine, jobs, plan, self.workers, stop)
            if not isinstance(found, Played):
                return found
            for (_, index), outcome in zip(racing, found.outcomes, strict=True):
                if outcome is None:
                    return self._best(alive, totals, counts)  # the time cap
                self.stats.playouts += 1
                self.stats.child_cpu += outcome.cpu
                left -= 1
                if outcome.value is None:
                    self.stats.failed += 1
                totals[index] += outcome.value or 0.0
                counts[index] += 1
            if len(alive) > 1 and round_number < rounds - 1:
                alive.sort(key=lambda i: (-totals[i] / max(counts[i], 1), i))
                alive = sorted(alive[: max(1, math.ceil(len(alive) / 2))])
        return self._best(alive, totals, counts)

    def _best(self, alive: list[int], totals: list[float], counts: list[int]) -> _Best:
        """The best mean among the arms still racing; the first arm (the policy's answer or
        the course's) unless another beats it by ``margin``."""
        means = {i: totals[i] / counts[i] for i in alive if counts[i]}
        if not means:
            return _Best(0)
        best = max(means, key=lambda i: (means[i], -i))
        if 0 in means and means[best] - means[0] <= self.margin:
            return _Best(0)
        return _Best(best)

    def _plan(self, player: str) -> Plan:
        game = self.game
        return Plan(
            player=player,
            policy=game.policy,
            value=game.value,
            end_entries=game.end_entries,
            horizon=game.horizon,
            clock=game.clock,
            ticks=game.ticks,
            prepare=game.determinise,
        )


@dataclass(frozen=True, slots=True)
class _Best:
    index: int
