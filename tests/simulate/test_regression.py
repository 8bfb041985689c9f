"""Each unit's power from drafted forces (core/simulate/regression.py): on games drawn
from a known model, the regression finds what was put in."""

from __future__ import annotations

import math
import random

import pytest

from hexforge.core.simulate.jobs import GameRecord
from hexforge.core.simulate.regression import fit_powers
from hexforge.core.simulate.stats import Estimate

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


PRICED = [u for units in ROSTER.values() for u in units if COSTS.get(u, 0) > 0]
"""The units a point's worth is measured on: varying (not ``always``) and with a cost."""


def true_worth(unit: str) -> float:
    return PER_POINT * COSTS.get(unit, 0) + TRUE_EXCESS.get(unit, 0.0)


TRUE_RATE = sum(true_worth(u) for u in PRICED) / sum(COSTS[u] for u in PRICED)
"""What a point is worth against this roster: its units' worth over their cost (0.045:
the roster is priced a little high on the whole, with the boss 2 log-odds short)."""


def near(estimate: Estimate | None, truth: float) -> bool:
    """Within 3.1 standard errors (1.6 times the 95% half-width): eighteen figures over
    three seeds are checked, so a 95% interval would miss one of them by chance."""
    assert estimate is not None
    return abs(estimate.value - truth) < 1.6 * (estimate.high - estimate.value)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_regression_recovers_a_known_model(seed: int) -> None:
    fit = fit_powers(games(3000, seed), COSTS)
    assert near(fit.per_point, TRUE_RATE) and fit.per_point.low > 0
    power = {p.unit: p for p in fit.powers}
    for unit in PRICED:
        worth = true_worth(unit)
        assert near(power[unit].worth, worth), (unit, power[unit])
        assert near(power[unit].excess, worth - TRUE_RATE * COSTS[unit]), (unit, power[unit])
        if worth > 0:
            assert near(power[unit].fair, worth / TRUE_RATE), (unit, power[unit])
    assert power["hero"].excess.low > 0 and power["boss"].excess.high < 0
    assert power["brute"].excess.low < 0 < power["brute"].excess.high  # priced right
    assert power["boss"].fair == Estimate(0.0, 0.0, 0.0)  # worth less than nothing: free
    assert fit.constant == ("always",)


def test_a_points_value_narrows_with_games() -> None:
    """The identification the roster gives: four times the games, about half the
    interval - for a point's worth, an excess and a fair cost alike."""

    def widths(count: int) -> tuple[float, float, float]:
        fit = fit_powers(games(count, 5), COSTS)
        hero = next(p for p in fit.powers if p.unit == "hero")
        assert hero.fair is not None
        return (
            fit.per_point.high - fit.per_point.low,
            hero.excess.high - hero.excess.low,
            hero.fair.high - hero.fair.low,
        )

    few, many = widths(1000), widths(4000)
    for narrow, wide in zip(many, few, strict=True):
        assert 0.4 < narrow / wide < 0.6


def test_a_fair_cost_needs_a_point_surely_worth_something() -> None:
    """No fair cost while a point's interval reaches 0 (the games cannot convert log-odds
    to points yet), and never below nothing."""
    few = fit_powers(games(12), COSTS)
    assert few.per_point.low <= 0 and all(p.fair is None for p in few.powers)
    fit = fit_powers(games(3000), COSTS)
    boss = next(p for p in fit.powers if p.unit == "boss")
    assert boss.fair is not None and boss.fair.low >= 0


def test_a_unit_of_the_second_side_counts_against_the_first() -> None:
    """The sign convention: the boss (side b) is worth less than its points, and the
    regression reports it for its own side, as a negative excess."""
    boss = next(p for p in fit_powers(games(3000), COSTS).powers if p.unit == "boss")
    assert boss.side == "b" and boss.excess.value < 0


def test_one_sided_results_stay_finite() -> None:
    records = [r for r in games(200) if r.winner == "a"]
    fit = fit_powers(records, COSTS)
    assert math.isfinite(fit.edge) and all(math.isfinite(p.excess.value) for p in fit.powers)


def test_no_games_is_an_error() -> None:
    with pytest.raises(ValueError, match="no games"):
        fit_powers([], COSTS)
