"""The odds of a coming test (rulebook §Tests, steps 4-11) against the procedure itself,
counted die face by die face: the chances :mod:`hexforge.plugins.motu.dicetest` gives a
test (what the heuristic agent plays by) are those of rolling, rerolling failed dice,
exploding sixes and cancelling with a defence test as the rulebook does it."""

from __future__ import annotations

from collections import defaultdict
from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from hexforge.plugins.motu import dicetest
from hexforge.plugins.motu.dicetest import (
    DiceOdds,
    expected_successes,
    net_distribution,
    success_distribution,
)

FACES = range(1, 7)
DEPTH = 6
"""Explosion dice rolled per chain at most: the rest of a chain has a chance below 6^-6."""
TOLERANCE = 1e-4


@pytest.fixture(autouse=True)
def _fresh_odds() -> None:
    """Every test works its odds out afresh: dicetest keeps them per process, and what an
    earlier test (or game) left there would be checked instead."""
    for value in vars(dicetest).values():
        if callable(getattr(value, "cache_clear", None)):
            value.cache_clear()


@cache
def _explosions(sixes: int, depth: int = DEPTH) -> tuple[tuple[int, Fraction], ...]:
    """§Exploding Dice (steps 8-9): each six rolls one more die, which succeeds on 5+ and
    explodes again on a 6."""
    if sixes == 0 or depth == 0:
        return ((0, Fraction(1)),)
    out: defaultdict[int, Fraction] = defaultdict(Fraction)
    for faces in product(FACES, repeat=sixes):
        hits = sum(f >= 5 for f in faces)
        again = sum(f == 6 for f in faces)
        for more, chance in _explosions(again, depth - 1):
            out[hits + more] += chance / 6**sixes
    return tuple(out.items())


def _procedure(dice: int, needed: int, rerolls: int = 0) -> dict[int, Fraction]:
    """Steps 4-9 face by face: roll ``dice``, roll up to ``rerolls`` failed dice again
    (steps 6-7), count the dice at ``needed`` or more, explode every six."""
    out: defaultdict[int, Fraction] = defaultdict(Fraction)
    for first in product(FACES, repeat=dice):
        failed = [f for f in first if f < needed]
        kept = [f for f in first if f >= needed]
        again = min(rerolls, len(failed))
        for second in product(FACES, repeat=again):
            final = kept + failed[again:] + list(second)
            chance = Fraction(1, 6 ** (dice + again))
            hits = sum(f >= needed for f in final)
            for more, q in _explosions(sum(f == 6 for f in final)):
                out[hits + more] += chance * q
    return dict(out)


def _agrees(distribution: tuple[float, ...], reference: dict[int, Fraction]) -> None:
    assert sum(distribution) == pytest.approx(1.0, abs=1e-9)
    for k, p in enumerate(distribution[:12]):
        assert p == pytest.approx(float(reference.get(k, 0)), abs=TOLERANCE), k


@pytest.mark.parametrize(
    ("dice", "needed"), [(0, 4), (1, 4), (1, 2), (2, 6), (3, 4), (2, 3), (4, 5)]
)
def test_tests_odds_steps_4_to_9_without_rerolls(dice: int, needed: int) -> None:
    """rulebook §Tests steps 4-9, §Scope (a 6 always succeeds), §Exploding Dice: a test
    without rerolls, as :class:`DiceOdds` describes it by default."""
    _agrees(success_distribution(DiceOdds(dice, needed)), _procedure(dice, needed))


@pytest.mark.parametrize(
    ("dice", "needed", "rerolls"), [(1, 4, 1), (2, 4, 1), (2, 5, 2), (3, 3, 2), (1, 6, 3)]
)
def test_tests_odds_rerolls_of_failed_dice(dice: int, needed: int, rerolls: int) -> None:
    """rulebook §Tests steps 6-7 (free and mana rerolls): up to ``rerolls`` failed dice
    are rolled again before the sixes explode."""
    odds = DiceOdds(dice, needed, rerolls)
    reference = _procedure(dice, needed, rerolls)
    _agrees(success_distribution(odds), reference)
    mean = sum(k * p for k, p in reference.items())
    assert expected_successes(odds) == pytest.approx(float(mean), abs=TOLERANCE)


@pytest.mark.parametrize(
    ("attack", "defence"),
    [
        (DiceOdds(1, 4), DiceOdds(1, 4)),
        (DiceOdds(3, 3), DiceOdds(2, 4)),
        (DiceOdds(2, 4), DiceOdds(0, 4)),
    ],
)
def test_tests_odds_defence_test_cancels_successes(attack: DiceOdds, defence: DiceOdds) -> None:
    """rulebook §Defence Tests, §Tests steps 10-11: each success of the defence test
    cancels one of the attack test's; what is applied is never below zero."""
    hits = _procedure(attack.dice, attack.needed, attack.rerolls)
    saves = _procedure(defence.dice, defence.needed, defence.rerolls)
    applied: defaultdict[int, Fraction] = defaultdict(Fraction)
    for k, p in hits.items():
        for c, q in saves.items():
            applied[max(0, k - c)] += p * q
    _agrees(net_distribution(attack, defence), dict(applied))
