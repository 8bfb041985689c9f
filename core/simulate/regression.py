"""Each unit's power from games with randomised forces: a logistic regression.

Every game with drafted forces is one observation: did the first player win (a draw counts
one half), given which units each side fielded. The model: the first side's log-odds of
winning are its edge (side and seat) plus, for each unit it fielded, that unit's *worth*
(minus the worth of each unit the other side fielded) - the effect of the unit itself,
which a win rate "when fielded" cannot separate from its side's. A weak normal prior on the
worths (``PRIOR``) keeps them finite when a few games separate perfectly; the intervals come
from the inverse of the penalised information matrix. The dimension is the roster's size,
so plain Python solves it.

Points come second, against the rest of the roster: a point is worth what the roster's
units are worth per point together - the sum of their worths over the sum of their costs
(``per_point``) - and a unit's *excess* is its worth beyond its cost at that rate, its fair
cost its worth over it. A roster priced right has every excess near 0 and every fair cost
near the cost. A force's points are the sum of its units' costs, so a regression on points
and units at once cannot tell the value of a point from the units' excesses (only a prior
could, and its interval would not narrow with games); the roster's rate can, and all three
figures are linear in the worths (the fair cost a ratio: its interval by the delta method),
so their intervals narrow as games are added.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from hexforge.core.simulate.jobs import GameRecord
from hexforge.core.simulate.stats import Z95, Estimate

PRIOR = 0.1
"""The ridge penalty on each unit's worth: a normal prior of variance 10 in log-odds (a
unit that doubles its side's odds is worth 0.69), weak enough to leave the games their say,
strong enough to keep a unit finite when the games it was fielded in all went one way."""
EDGE_PRIOR = 0.01
"""A far weaker one on the edge: finite even when one side won every game."""


def _normal(value: float, variance: float) -> Estimate:
    spread = Z95 * math.sqrt(max(variance, 0.0))
    return Estimate(value, value - spread, value + spread)


@dataclass(frozen=True, slots=True)
class Power:
    """One unit's estimates: its worth and its excess in log-odds, its cost and its fair
    cost in points (None while a point's worth is not surely above 0), in how many games."""

    unit: str
    side: str
    worth: Estimate
    excess: Estimate
    cost: int
    fair: Estimate | None
    games: int


@dataclass(frozen=True, slots=True)
class Fit:
    """The regression's result: the first side's edge, the roster's value of a point, each
    unit's power, and the units no estimate is possible for (fielded in every game)."""

    side: str
    edge: float
    """The first side's log-odds of winning with even forces (its seat and faction)."""
    per_point: Estimate
    """Log-odds one point of the roster's units is worth (module docstring)."""
    powers: tuple[Power, ...]
    constant: tuple[str, ...]
    games: int


def fit_powers(
    records: Sequence[GameRecord], costs: Mapping[str, int], prior: float = PRIOR
) -> Fit:
    """Fit the regression over ``records`` (each with ``fielded`` units); ``costs``: each
    unit's points (a unit without one costs 0 and is left out of a point's worth)."""
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
        signs = [
            (1.0 if side == first else -1.0) * ((side, unit) in fielded) for side, unit in varying
        ]
        rows.append([1.0, *signs])
        outcomes.append(1.0 if record.winner == first else 0.5 if record.winner is None else 0.0)
    beta, covariance = _logistic(rows, outcomes, prior, free=1)
    worths = beta[1:]
    spread = [row[1:] for row in covariance[1:]]
    unit_costs = [float(costs.get(unit, 0)) for _, unit in varying]
    priced = [i for i, cost in enumerate(unit_costs) if cost > 0]
    total = sum(unit_costs[i] for i in priced) or 1.0
    # a point's worth is linear in the worths: rate = sum(w_i for priced i) / total
    rate = sum(worths[i] for i in priced) / total
    with_rate = [sum(spread[u][i] for i in priced) / total for u in range(len(varying))]
    rate_variance = sum(with_rate[i] for i in priced) / total
    per_point = _normal(rate, rate_variance)
    powers = []
    for u, (side, unit) in enumerate(varying):
        cost = unit_costs[u]
        excess = _normal(
            worths[u] - rate * cost,
            spread[u][u] - 2 * cost * with_rate[u] + cost * cost * rate_variance,
        )
        fair = None
        if per_point.low > 0:
            ratio = worths[u] / rate
            variance = (spread[u][u] - 2 * ratio * with_rate[u] + ratio * ratio * rate_variance) / (
                rate * rate
            )
            found = _normal(ratio, variance)
            fair = Estimate(max(0.0, found.value), max(0.0, found.low), max(0.0, found.high))
        worth = _normal(worths[u], spread[u][u])
        powers.append(Power(unit, side, worth, excess, int(cost), fair, counts[side, unit]))
    return Fit(first, beta[0], per_point, tuple(powers), constant, len(records))


def _logistic(
    rows: Sequence[Sequence[float]], outcomes: Sequence[float], prior: float, free: int
) -> tuple[list[float], list[list[float]]]:
    """Newton-Raphson (iteratively reweighted least squares) for the penalised logistic
    regression; the first ``free`` columns (the edge) are barely penalised. Returns the
    coefficients and the inverse of the penalised information matrix."""
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
