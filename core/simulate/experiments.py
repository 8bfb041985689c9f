"""Designed balance experiments over game records: what changed, by how much, how sure.

A count of wins says little about a card: a card used by a strong faction wins as often as
the faction does. An experiment fixes everything but one thing - the same seeds, the same
agents with seats alternated, the same setup but for one card - and reports the change in
the win rate with a 95% interval, and how many games a tighter answer would take
(docs/balance.md).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from hexforge.core.simulate.jobs import GameJob, GameRecord, jobs_for
from hexforge.core.simulate.stats import Z95, Rate


@dataclass(frozen=True, slots=True)
class Difference:
    """``b - a`` of two win rates with Newcombe's hybrid score interval (his method 10:
    the Wilson intervals of both rates combined), sound for small samples and rates near 0
    or 1, where the textbook normal interval is too narrow."""

    a: Rate
    b: Rate

    @property
    def value(self) -> float:
        return self.b.value - self.a.value

    @property
    def interval(self) -> tuple[float, float]:
        a, b = self.a.value, self.b.value
        a_low, a_high = self.a.interval
        b_low, b_high = self.b.interval
        low = self.value - math.sqrt((b - b_low) ** 2 + (a_high - a) ** 2)
        high = self.value + math.sqrt((b_high - b) ** 2 + (a - a_low) ** 2)
        return max(-1.0, low), min(1.0, high)

    @property
    def significant(self) -> bool:
        """The interval leaves out 0: the change is not chance at the 95% level."""
        low, high = self.interval
        return low > 0 or high < 0


def games_needed(a: float, b: float, margin: float, z: float = Z95) -> int:
    """Games per arm for a 95% interval of ``b - a`` of half-width ``margin`` (the normal
    approximation, rates as measured; a rate of 0 or 1 counts as 0.5, the worst case, since
    a few games say little about it)."""
    if not 0 < margin < 1:
        raise ValueError(f"margin must be between 0 and 1, not {margin}")

    def variance(p: float) -> float:
        return 0.25 if p in (0.0, 1.0) else p * (1 - p)

    return math.ceil(z * z * (variance(a) + variance(b)) / (margin * margin))


def side_wins(records: Sequence[GameRecord], side: str) -> Rate:
    """How often ``side`` (a player: a faction, an army) won, draws counting as not won."""
    return Rate(sum(r.winner == side for r in records), len(records))


@dataclass(frozen=True, slots=True)
class Arm:
    """One arm of an experiment: the ``--set`` options its games are played with, and the
    records they left."""

    label: str
    options: tuple[tuple[str, str], ...]
    records: tuple[GameRecord, ...]

    def wins(self, side: str) -> Rate:
        return side_wins(self.records, side)

    @property
    def draws(self) -> Rate:
        return Rate(sum(r.winner is None for r in self.records), len(self.records))


@dataclass(frozen=True, slots=True)
class Experiment:
    """What ``hexforge balance`` ran: its arms on the same seeds, the sides it watches."""

    game: str
    agents: tuple[str, ...]
    seed: int
    games: int
    sides: tuple[str, ...]
    arms: tuple[Arm, ...]

    def change(self, side: str) -> Difference:
        """The second arm's win rate of ``side`` against the first's."""
        first, second = self.arms
        return Difference(first.wins(side), second.wins(side))


def arm_jobs(
    game: str,
    games: int,
    seed: int,
    agents: Sequence[str],
    options: Mapping[str, str],
    arm: int,
) -> list[GameJob]:
    """An arm's jobs: the seeds ``seed..seed+games-1`` of every arm (common random numbers:
    the arms differ in their options only), seats alternated, indices apart per arm."""
    return [
        replace(job, index=arm * games + job.index)
        for job in jobs_for(game, games, seed, agents, options, False)
    ]
