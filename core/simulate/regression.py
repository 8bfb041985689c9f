"""Each unit's power from games with randomised forces: a logistic regression.

Every game with drafted forces is one observation: did the first player win (a draw counts
one half), given which units each side fielded. The model: the first side's log-odds of
winning are its edge (side and seat), plus ``per_point`` times the points it fielded more
than the other side, plus for each unit it fielded that unit's *excess* (minus for the
other side's units). A unit's excess is what it brings beyond its points - the effect of
the unit itself, which a win rate "when fielded" cannot separate from its side's - so a
unit priced right has an excess near 0, and its fair price is its cost plus excess over
``per_point``. A normal prior on the excesses (ridge, ``PRIOR``) keeps them finite when
a few games separate perfectly and says "priced right until the games say otherwise"; the
intervals come from the inverse of the penalised information matrix. The dimension is the
roster's size, so plain Python solves it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from hexforge.core.simulate.jobs import GameRecord
from hexforge.core.simulate.stats import Z95

PRIOR = 1.0
"""The ridge penalty: a normal prior of variance 1 on each unit's log-odds (a unit that
doubles its side's odds has a coefficient of 0.69)."""
EDGE_PRIOR = 0.01
"""A far weaker one on the edge and the value of a point: finite even when one side won
every game."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """A coefficient with its 95% interval."""

    value: float
    low: float
    high: float


@dataclass(frozen=True, slots=True)
class Power:
    """One unit's estimate: its excess in log-odds, its cost, in how many games."""

    unit: str
    side: str
    excess: Estimate
    cost: int
    games: int


@dataclass(frozen=True, slots=True)
class Fit:
    """The regression's result: the first side's edge, the value of a point, each unit's
    excess, and the units no estimate is possible for (fielded in every game)."""

    side: str
    edge: float
    """The first side's log-odds of winning with even forces (its seat and faction)."""
    per_point: Estimate
    """Log-odds one point of force is worth."""
    powers: tuple[Power, ...]
    constant: tuple[str, ...]
    games: int

    def fair_cost(self, power: Power) -> int | None:
        """The points that would make ``power``'s excess 0, when a point is surely worth
        something in these games (its interval above 0), else None."""
        if self.per_point.low <= 0:
            return None
        return max(0, round(power.cost + power.excess.value / self.per_point.value))


def fit_powers(
    records: Sequence[GameRecord], costs: Mapping[str, int], prior: float = PRIOR
) -> Fit:
    """Fit the regression over ``records`` (each with ``fielded`` units); ``costs``: each
    unit's points (a unit without one costs 0)."""
    if not records:
        raise ValueError("no games to fit")
    first = records[0].players[0]
    counts: dict[tuple[str, str], int] = {}
    for record in records:
        for side, unit in record.fielded:
            counts[side, unit] = counts.get((side, unit), 0) + 1
    varying = sorted(k for k, n in counts.items() if 0 < n < len(records))
    constant = tuple(sorted({unit for (_, unit), n in counts.items() if n == len(records)}))
    rows = []
    outcomes = []
    for record in records:
        fielded = set(record.fielded)
        lead = sum((1 if side == first else -1) * costs.get(unit, 0) for side, unit in fielded)
        signs = [
            (1.0 if side == first else -1.0) * ((side, unit) in fielded) for side, unit in varying
        ]
        rows.append([1.0, float(lead), *signs])
        outcomes.append(1.0 if record.winner == first else 0.5 if record.winner is None else 0.0)
    beta, covariance = _logistic(rows, outcomes, prior, free=2)

    def estimate(i: int) -> Estimate:
        spread = Z95 * math.sqrt(max(covariance[i][i], 0.0))
        return Estimate(beta[i], beta[i] - spread, beta[i] + spread)

    powers = tuple(
        Power(unit, side, estimate(i), costs.get(unit, 0), counts[side, unit])
        for i, (side, unit) in enumerate(varying, start=2)
    )
    return Fit(first, beta[0], estimate(1), powers, constant, len(records))


def _logistic(
    rows: Sequence[Sequence[float]], outcomes: Sequence[float], prior: float, free: int
) -> tuple[list[float], list[list[float]]]:
    """Newton-Raphson (iteratively reweighted least squares) for the penalised logistic
    regression; the first ``free`` columns (the edge, the value of a point) are barely
    penalised. Returns the coefficients and the inverse of the penalised information
    matrix."""
    size = len(rows[0])
    beta = [0.0] * size
    inverse: list[list[float]] = []
    for _ in range(50):
        penalty = [prior if j >= free else EDGE_PRIOR for j in range(size)]
        gradient = [-penalty[j] * b for j, b in enumerate(beta)]
        information = [[penalty[i] if i == j else 0.0 for j in range(size)] for i in range(size)]
        for row, y in zip(rows, outcomes, strict=True):
            p = _sigmoid(sum(b * x for b, x in zip(beta, row, strict=True)))
            weight = p * (1 - p)
            for i in range(size):
                gradient[i] += (y - p) * row[i]
                for j in range(size):
                    information[i][j] += weight * row[i] * row[j]
        inverse = _inverse(information)
        step = [sum(inverse[i][j] * gradient[j] for j in range(size)) for i in range(size)]
        beta = [b + s for b, s in zip(beta, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return beta, inverse


def _sigmoid(z: float) -> float:
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


def _inverse(matrix: Sequence[Sequence[float]]) -> list[list[float]]:
    """Gauss-Jordan elimination with partial pivoting (the matrix is positive definite:
    the prior makes it so)."""
    size = len(matrix)
    work = [[*row, *(1.0 if i == j else 0.0 for j in range(size))] for i, row in enumerate(matrix)]
    for column in range(size):
        pivot = max(range(column, size), key=lambda r: abs(work[r][column]))
        work[column], work[pivot] = work[pivot], work[column]
        lead = work[column][column]
        if abs(lead) < 1e-12:
            raise ValueError("the information matrix is singular")
        work[column] = [v / lead for v in work[column]]
        for r in range(size):
            if r != column and work[r][column]:
                factor = work[r][column]
                work[r] = [v - factor * w for v, w in zip(work[r], work[column], strict=True)]
    return [row[size:] for row in work]
