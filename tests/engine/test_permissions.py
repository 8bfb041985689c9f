"""Permissions by rule tier; same-tier conflicts go to the ruleset's tie rule."""

from __future__ import annotations

from hexforge.core.engine import Engine, Ruleset
from hexforge.core.rules import CompiledEffect, Permission, Source, Tier
from tests.engine.support import entries, position
from tests.engine.toygame import UnitSpec


def test_no_permission_rule_means_the_default() -> None:
    engine, _ = position([UnitSpec("n1", "north", 4, 4, 2, "melee")])
    assert engine.allowed("move", "n1")
    assert not engine.allowed("fly", "n1", default=False)


def test_a_cannot_rule_forbids() -> None:
    """Snare (gear tier): enemies next to its bearer cannot move."""
    engine, _ = position(
        [
            UnitSpec("n1", "north", 4, 4, 2, "melee"),
            UnitSpec("n2", "north", 1, 4, 2, "melee"),
            UnitSpec("s1", "south", 5, 4, 2, "melee", ("toy/snare",)),
            UnitSpec("s2", "south", 6, 4, 2, "melee"),
        ]
    )
    assert not engine.allowed("move", "n1")
    assert engine.allowed("move", "n2")  # not adjacent
    assert engine.allowed("move", "s2")  # a friend of the snare's bearer


def test_the_higher_tier_wins() -> None:
    """rulebook §Rule Hierarchy: a character-card rule (nimble: can move) overrides a lower
    card's rule (snare, gear tier: cannot move)."""
    engine, _ = position(
        [
            UnitSpec("n1", "north", 4, 4, 2, "melee", ("toy/nimble",)),
            UnitSpec("s1", "south", 5, 4, 2, "melee", ("toy/snare",)),
        ]
    )
    assert engine.allowed("move", "n1")
    assert entries(engine, "ruling") == []


def test_same_tier_conflict_goes_to_a_roll_off_and_the_ruling_stands() -> None:
    """rulebook §Golden Rule: both roll a die, ties roll again, the higher roller decides.
    Nimble (can) and tangle (cannot) are both hero-tier rules."""
    engine, _ = position(
        [
            UnitSpec("n1", "north", 4, 4, 2, "melee", ("toy/nimble",)),
            UnitSpec("s1", "south", 5, 4, 2, "melee", ("toy/tangle",)),
        ],
        answers=["deny"],
        dice=[3, 3, 2, 5],  # north 3, south 3: tie; north 2, south 5: south decides
    )
    assert not engine.allowed("move", "n1")
    rolls = entries(engine, "roll")
    assert [(r["player"], r["results"]) for r in rolls] == [
        ("north", [3]),
        ("south", [3]),
        ("north", [2]),
        ("south", [5]),
    ]
    decision = entries(engine, "decision")[0]
    assert (decision["kind"], decision["player"], decision["options"]) == (
        "ruling",
        "south",
        ["allow", "deny"],
    )
    assert entries(engine, "ruling")[0]["allowed"] is False
    # Asked again: the ruling stands, no new roll, no new decision.
    assert not engine.allowed("move", "n1")
    assert len(entries(engine, "roll")) == 4
    assert len(entries(engine, "decision")) == 1


def test_default_tie_rule_is_cannot_wins() -> None:
    tier = Tier(2, "card")
    rules = Ruleset()
    for card, allowed in (("yes", True), ("no", False)):
        source = Source(card, tier)
        rules.add_effect(
            card, CompiledEffect(source, permissions=(Permission("swim", allowed, source),))
        )
    engine = Engine.new(rules, 1, ["a", "b"])
    unit = engine.create("unit", "a")
    engine.attach("yes", unit)
    engine.attach("no", unit)
    assert not engine.allowed("swim", unit)
    assert entries(engine, "ruling")[0]["key"] == f"swim|{unit}|yes|no"
