"""The statistics of balance experiments (core/simulate/experiments.py)."""

from __future__ import annotations

import pytest

from hexforge.core.simulate.experiments import Difference, games_needed
from hexforge.core.simulate.stats import Rate


def test_the_difference_interval_is_newcombes_hybrid_score_interval() -> None:
    """Newcombe (1998), Statistics in Medicine 17:873, example (a): 56/70 against 48/80,
    his method 10 gives 0.0524 to 0.3339 around a difference of 0.2."""
    change = Difference(Rate(48, 80), Rate(56, 70))
    low, high = change.interval
    assert change.value == pytest.approx(0.2)
    assert (round(low, 4), round(high, 4)) == (0.0524, 0.3339)
    assert change.significant


def test_no_change_is_within_chance_and_the_interval_is_symmetric() -> None:
    change = Difference(Rate(5, 10), Rate(5, 10))
    low, high = change.interval
    assert low == pytest.approx(-high) and low < 0 < high
    assert not change.significant


def test_certain_rates_keep_the_interval_inside_minus_one_to_one() -> None:
    low, high = Difference(Rate(0, 3), Rate(3, 3)).interval
    assert -1.0 <= low < 1.0 and high == pytest.approx(1.0)


def test_games_needed_follow_the_normal_approximation() -> None:
    """n = z^2 (p(1-p) + q(1-q)) / m^2: for 0.5 and 0.5 at +-5 points, 769 games an arm."""
    assert games_needed(0.5, 0.5, 0.05) == 769
    assert games_needed(0.5, 0.5, 0.10) == 193
    assert games_needed(0.9, 0.8, 0.05) < games_needed(0.5, 0.5, 0.05)
    assert games_needed(1.0, 1.0, 0.05) == 769  # a certain rate counts as the worst case
    with pytest.raises(ValueError, match="margin"):
        games_needed(0.5, 0.5, 0)
