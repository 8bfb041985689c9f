"""Balance statistics over many game records: rates with Wilson intervals, distributions,
per-card and per-character use."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hexforge.core.simulate.jobs import GameRecord

Z95 = 1.959963984540054


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion: sound near 0 and 1 and for small samples,
    where the normal approximation gives intervals outside [0, 1]."""
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    margin = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - margin), min(1.0, centre + margin)


@dataclass(frozen=True, slots=True)
class Estimate:
    """A figure with its 95% interval."""

    value: float
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class Rate:
    """``count`` of ``total`` with its 95% Wilson interval."""

    count: int
    total: int

    @property
    def value(self) -> float:
        return self.count / self.total if self.total else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval."""
        return wilson(self.count, self.total)

    @property
    def estimate(self) -> Estimate:
        """The rate with its 95% Wilson interval."""
        return Estimate(self.value, *self.interval)

    def as_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "count": self.count,
            "total": self.total,
            "rate": round(self.value, 4),
            "ci95": [round(low, 4), round(high, 4)],
        }


@dataclass(frozen=True, slots=True)
class Usage:
    """One card's or character's figures."""

    name: str
    games: int
    """Games in which it was used (by either side)."""
    wins: int
    """Of those uses, how many ended with its user winning."""
    damage: int
    expected: float = 0.0
    """The wins its users would have had anyway: for each use, the win rate over all the
    games of that player with that agent. ``wins - expected`` is what the card's users won
    beyond their side's usual (a card always in a deck is near 0: only ``hexforge balance
    ab`` isolates it)."""

    @property
    def lift(self) -> float:
        """Win rate when used, beyond its users' usual rate (points of 1)."""
        return (self.wins - self.expected) / self.games if self.games else 0.0


@dataclass(frozen=True, slots=True)
class Summary:
    """Everything the report shows."""

    games: int
    wins: dict[str, Rate]
    """Per agent name (seats alternate, so this is the agent's strength)."""
    seat_wins: dict[str, Rate]
    """Per player/seat name (first player advantage, army balance)."""
    draws: Rate
    scores: dict[str, dict[int, int]]
    """Per seat: score -> number of games."""
    cards: list[Usage]
    characters: list[Usage]

    def as_json(self) -> dict[str, Any]:
        def usage(items: list[Usage]) -> list[dict[str, Any]]:
            return [
                {
                    "name": u.name,
                    "pick_rate": round(u.games / self.games, 4) if self.games else 0.0,
                    "used": Rate(u.games, 2 * self.games).as_json(),
                    "win_rate_when_used": Rate(u.wins, u.games).as_json(),
                    "beyond_users_usual": round(u.lift, 4),
                    "damage": u.damage,
                }
                for u in items
            ]

        return {
            "games": self.games,
            "wins_by_agent": {k: v.as_json() for k, v in self.wins.items()},
            "wins_by_seat": {k: v.as_json() for k, v in self.seat_wins.items()},
            "draws": self.draws.as_json(),
            "score_distribution": {
                seat: {str(k): v for k, v in sorted(d.items())} for seat, d in self.scores.items()
            },
            "cards": usage(self.cards),
            "characters": usage(self.characters),
        }


def summarise(records: Sequence[GameRecord]) -> Summary:
    """The statistics of ``records`` (in index order, so any backend gives the same)."""
    records = sorted(records, key=lambda r: r.index)
    total = len(records)
    agent_wins: Counter[str] = Counter()
    agent_games: Counter[str] = Counter()
    seat_wins: Counter[str] = Counter()
    seats: list[str] = []
    scores: dict[str, Counter[int]] = defaultdict(Counter)
    pair_games: Counter[tuple[str, str]] = Counter()
    pair_wins: Counter[tuple[str, str]] = Counter()
    for record in records:
        for player, agent in zip(record.players, record.agents, strict=True):
            pair_games[player, agent] += 1
            pair_wins[player, agent] += record.winner == player
    cards: dict[str, list[float]] = defaultdict(lambda: [0, 0, 0, 0.0])
    characters: dict[str, list[float]] = defaultdict(lambda: [0, 0, 0, 0.0])
    for record in records:
        agent_of = dict(zip(record.players, record.agents, strict=True))
        for player, agent, score in zip(record.players, record.agents, record.scores, strict=True):
            if player not in seats:
                seats.append(player)
            scores[player][score] += 1
            agent_games[agent] += 1
            if record.winner == player:
                agent_wins[agent] += 1
                seat_wins[player] += 1
        damage = dict(record.damage)
        for table, used in ((cards, record.cards), (characters, record.characters)):
            for player, name in used:
                row = table[name]
                row[0] += 1
                row[1] += record.winner == player
                row[2] += damage.get(name, 0)
                pair = (player, agent_of.get(player, ""))
                row[3] += pair_wins[pair] / pair_games[pair] if pair_games[pair] else 0.0
    draws = sum(r.winner is None for r in records)

    def usages(table: dict[str, list[float]]) -> list[Usage]:
        return sorted(
            (Usage(name, int(g), int(w), int(d), e) for name, (g, w, d, e) in table.items()),
            key=lambda u: (-u.games, u.name),
        )

    return Summary(
        total,
        {a: Rate(agent_wins[a], agent_games[a]) for a in sorted(agent_games)},
        {s: Rate(seat_wins[s], total) for s in seats},
        Rate(draws, total),
        {s: dict(scores[s]) for s in seats},
        usages(cards),
        usages(characters),
    )
