"""Seeded dice owned by the state, forced results for tests, every roll logged."""

from __future__ import annotations

import pytest

from hexforge.core.engine import Engine, Ruleset
from hexforge.core.errors import HexforgeError
from tests.engine.support import entries


def fresh(seed: int = 3) -> Engine:
    return Engine.new(Ruleset(), seed, ["a", "b"])


def test_same_seed_same_rolls_and_every_roll_is_logged() -> None:
    one, two = fresh(), fresh()
    assert one.roll(10, reason="attack") == two.roll(10, reason="attack")
    assert fresh(4).roll(10) != fresh(3).roll(10)
    roll = entries(one, "roll")[0]
    assert (roll["reason"], roll["sides"], roll["forced"]) == ("attack", 6, 0)
    assert all(1 <= r <= 6 for r in one.roll(200))


def test_forced_dice_come_first_then_the_seeded_rng_continues() -> None:
    plain, forced = fresh(), fresh()
    forced.force_dice(6, 6)
    assert forced.roll(3, player="a")[:2] == [6, 6]
    assert entries(forced, "roll")[0]["forced"] == 2
    # forcing does not consume the RNG: the third die equals an unforced first die
    assert forced.state.forced_dice == []
    assert forced.roll(1)[0] == plain.roll(2)[1]


def test_forced_dice_are_checked() -> None:
    engine = fresh()
    with pytest.raises(HexforgeError) as error:
        engine.force_dice(0)
    assert error.value.code == "HF412"
    engine.force_dice(7)
    with pytest.raises(HexforgeError, match="does not fit a 6-sided roll") as error:
        engine.roll(1, reason="test")
    assert error.value.code == "HF412"


def test_roll_off_rerolls_ties() -> None:
    """rulebook §First Game Setup and §Golden Rule: ties roll again."""
    engine = fresh()
    engine.force_dice(4, 4, 1, 2)
    assert engine.roll_off(["a", "b"], reason="first player") == "b"
    assert entries(engine, "roll_off")[0]["winner"] == "b"
    assert len(entries(engine, "roll")) == 4


def test_shuffle_and_random_below_use_the_seeded_rng() -> None:
    one, two = fresh(), fresh()
    deck = [f"card{n}" for n in range(20)]
    assert one.shuffle(deck, reason="fate deck") == two.shuffle(deck, reason="fate deck")
    assert sorted(one.shuffle(deck)) == sorted(deck)
    assert one.shuffle(deck) != deck
    assert 0 <= one.random_below(5) < 5
    assert entries(one, "shuffle")[0] == {
        "seq": 2,
        "type": "shuffle",
        "reason": "fate deck",
        "count": 20,
    }
