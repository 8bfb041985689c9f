"""A "next turn" duration (issue 22): ``Duration(kind, player=p)`` holds from the moment it is
attached until the next ``kind`` context opened for ``p`` closes - not the innermost open
one, and not one opened for another player."""

from __future__ import annotations

from hexforge.core.engine import Engine
from hexforge.core.rules import Duration
from tests.engine.support import entries, position
from tests.engine.toygame import UnitSpec


def _rallied(engine: Engine) -> int:
    return engine.query("strength", "n1") - 2


def test_next_turn_duration_waits_for_that_players_turn_and_ends_with_it() -> None:
    engine, _ = position([UnitSpec("n1", "north", 4, 4, 2, "melee")])
    with engine.context("turn", player="north"):
        engine.attach("toy/rally", "n1", duration=Duration("turn", player="south"))
        assert _rallied(engine) == 1  # in force at once
    assert _rallied(engine) == 1  # north's turn ended: still waiting for south's
    with engine.context("turn", player="north"):
        pass
    assert _rallied(engine) == 1
    with engine.context("turn", player="south"):
        assert _rallied(engine) == 1
    assert _rallied(engine) == 0  # ended with south's next turn
    attached = entries(engine, "attach")[-1]
    assert attached["next_for"] == "south" and attached["until_end_of"] == "turn"


def test_next_turn_duration_survives_a_snapshot() -> None:
    engine, _ = position([UnitSpec("n1", "north", 4, 4, 2, "melee")])
    engine.attach("toy/rally", "n1", duration=Duration("turn", player="south"))
    again = Engine.restore(engine.ruleset, engine.snapshot())
    with again.context("turn", player="south"):
        assert _rallied(again) == 1
    assert _rallied(again) == 0
