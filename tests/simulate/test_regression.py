"""Each unit's power from drafted forces (core/simulate/regression.py): on games drawn
from a known model, the regression finds what was put in."""

from __future__ import annotations

import math
import random

import pytest

from hexforge.core.simulate.jobs import GameRecord
from hexforge.core.simulate.regression import Estimate, Fit, Power, fit_powers

COSTS = {"hero": 20, "brute": 20, "mage": 20, "grunt": 10, "boss": 30, "always": 15}
ROSTER = {"a": ["hero", "brute", "grunt"], "b": ["mage", "boss", "grunt2"]}
TRUE_EXCESS = {"hero": 1.5, "boss": -2.0}
"""A unit priced right has no excess (brute, grunt, mage)."""
PER_POINT = 0.05


def games(count: int, seed: int = 7) -> list[GameRecord]:
    """Games whose first side wins with the logistic model's chance: its points lead times
    PER_POINT plus the excess of its units minus the other side's."""
    rng = random.Random(seed)
    found = []
    for index in range(count):
        fielded = [("a", "always"), ("b", "always")]
        for side, units in ROSTER.items():
            fielded += [(side, u) for u in units if rng.random() < 0.5]
        lead = sum((1 if s == "a" else -1) * COSTS.get(u, 0) for s, u in fielded)
        logit = PER_POINT * lead + sum(
            (1 if s == "a" else -1) * TRUE_EXCESS.get(u, 0.0) for s, u in fielded
        )
        winner = "a" if rng.random() < 1 / (1 + math.exp(-logit)) else "b"
        found.append(
            GameRecord(
                index,
                index,
                ("a", "b"),
                ("x", "x"),
                winner,
                (0, 0),
                (),
                (),
                (),
                0,
                0,
                tuple(sorted(fielded)),
            )
        )
    return found


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_regression_recovers_a_known_model(seed: int) -> None:
    fit = fit_powers(games(3000, seed), COSTS)
    assert fit.per_point.low < PER_POINT < fit.per_point.high and fit.per_point.value > 0
    power = {p.unit: p for p in fit.powers}
    for unit, excess in TRUE_EXCESS.items():
        estimate = power[unit].excess
        assert estimate.low < excess < estimate.high, (unit, estimate)
    assert power["hero"].excess.low > 0 and power["boss"].excess.high < 0
    assert power["brute"].excess.low < 0 < power["brute"].excess.high  # priced right
    assert fit.constant == ("always",)


def test_a_fair_cost_needs_a_point_surely_worth_something() -> None:
    """Cost plus excess over the value of a point, rounded; none while the point's
    interval reaches 0 (the games cannot convert log-odds to points yet)."""
    hero = Power("hero", "a", Estimate(1.5, 0.5, 2.5), 20, 100)
    sure = Fit("a", 0.0, Estimate(0.05, 0.01, 0.09), (hero,), (), 100)
    assert sure.fair_cost(hero) == 50
    unsure = Fit("a", 0.0, Estimate(0.05, -0.01, 0.11), (hero,), (), 100)
    assert unsure.fair_cost(hero) is None
    cheap = Power("grunt", "a", Estimate(-2.0, -3.0, -1.0), 10, 100)
    assert sure.fair_cost(cheap) == 0  # never below nothing


def test_a_unit_of_the_second_side_counts_against_the_first() -> None:
    """The sign convention: the boss (side b) has a negative excess in the model, and the
    regression reports it for its own side, as a negative number."""
    boss = next(p for p in fit_powers(games(3000), COSTS).powers if p.unit == "boss")
    assert boss.side == "b" and boss.excess.value < 0


def test_one_sided_results_stay_finite() -> None:
    records = [r for r in games(200) if r.winner == "a"]
    fit = fit_powers(records, COSTS)
    assert math.isfinite(fit.edge) and all(math.isfinite(p.excess.value) for p in fit.powers)


def test_no_games_is_an_error() -> None:
    with pytest.raises(ValueError, match="no games"):
        fit_powers([], COSTS)
