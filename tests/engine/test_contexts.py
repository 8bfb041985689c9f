"""Nested contexts: the stack, action points, counters, once-per flags, durations."""

from __future__ import annotations

import pytest

from hexforge.core.engine import Engine, Frame
from hexforge.core.errors import HexforgeError
from hexforge.core.rules import Duration
from tests.engine import toygame
from tests.engine.support import entries, fired, hp, position
from tests.engine.toygame import UnitSpec, activate, legal_actions


def test_contexts_close_innermost_first() -> None:
    engine, _ = position([UnitSpec("n1", "north", 4, 4, 2, "melee")])
    round_frame = engine.open("round")
    activation = engine.open("activation", player="north", subject="n1", ap=2)
    assert engine.top is activation
    assert engine.innermost("round") is round_frame
    with pytest.raises(HexforgeError) as error:
        engine.close(round_frame)
    assert error.value.code == "HF407"
    assert "the innermost is activation" in str(error.value)
    engine.close(activation)
    engine.close(round_frame)
    assert engine.top is None


def test_action_points_belong_to_their_context() -> None:
    engine, _ = position([UnitSpec("n1", "north", 4, 4, 2, "melee")])
    activation = engine.open("activation", player="north", subject="n1", ap=2)
    interruption = engine.open("interruption", player="south", subject="n1", ap=1)
    engine.spend_ap(1)
    assert (activation.ap, interruption.ap) == (2, 0)
    with pytest.raises(HexforgeError) as error:
        engine.spend_ap(1)
    assert error.value.code == "HF408"
    assert "the interruption of n1 needs 1 AP but has 0" in str(error.value)
    engine.close(interruption)
    engine.spend_ap(2)
    assert activation.ap == 0


def test_durations_expire_with_their_context() -> None:
    """rulebook §Clean-Up Phase and §Effect Timing: effects lasting until the end of an
    activation, interruption or round end when that context ends, not before."""
    engine, _ = position([UnitSpec("n1", "north", 4, 4, 2, "melee")])
    game = engine.open("game")
    engine.open("round")
    engine.open("activation", player="north", subject="n1", ap=2)
    for kind in ("game", "round", "activation"):
        engine.attach("toy/rally", "n1", duration=Duration(kind))
    engine.open("interruption", player="south", subject="n1", ap=1)
    engine.attach("toy/rally", "n1", duration=Duration("interruption"))
    lasting = engine.attach("toy/rally", "n1")  # while in play
    expected = [5, 4, 3, 2]
    for strength in expected:
        assert engine.query("strength", "n1") == 2 + strength
        engine.close()
    assert engine.query("strength", "n1") == 3
    assert engine.top is None and game.kind == "game"
    assert [a.id for a in engine.attachments("n1")] == [lasting]
    reasons = [e["reason"] for e in entries(engine, "detach")]
    assert reasons == ["end of interruption", "end of activation", "end of round", "end of game"]


def test_a_duration_needs_an_open_context_of_its_kind() -> None:
    engine, _ = position([UnitSpec("n1", "north", 4, 4, 2, "melee")])
    engine.open("round")
    with pytest.raises(HexforgeError) as error:
        engine.attach("toy/rally", "n1", duration=Duration("activation"))
    assert error.value.code == "HF406"
    assert error.value.diagnostics[0].hint == "open contexts, outermost first: round"


def test_while_in_play_ends_when_the_source_leaves() -> None:
    engine, _ = position(
        [UnitSpec("n1", "north", 4, 4, 2, "melee"), UnitSpec("n2", "north", 5, 4, 2, "melee")]
    )
    engine.attach("toy/rally", "n1", source="n2")  # n2 inspires n1 while n2 is in play
    assert engine.query("strength", "n1") == 3
    engine.emit("defeated", unit="n2")
    assert engine.query("strength", "n1") == 2
    assert entries(engine, "detach")[-1]["reason"] == "left play"


def test_once_per_activation_flags_are_forgotten_at_its_end() -> None:
    """rulebook §Use an Active Skill: once per activation or interruption."""
    engine, _ = position(
        [UnitSpec("n1", "north", 0, 4, 2, "melee"), UnitSpec("s1", "south", 9, 4, 2, "melee")],
        answers=["rally", "end", "rally", "end"],
    )
    frame = engine.open("activation", player="north", subject="n1", ap=2)
    toygame.take_actions(engine, "n1", frame)
    assert "rally" not in legal_actions(engine, "n1", frame)
    engine.close(frame)
    activate(engine, "n1")
    assert [e["answer"] for e in entries(engine, "decision")] == ["rally", "end", "rally", "end"]


def test_interruptions_nest_and_chain_like_overwatch(monkeypatch: pytest.MonkeyPatch) -> None:
    """rulebook §Interruptions and §Overwatch: s1 moves near n1 on guard; n1 interrupts and
    closes in, which brings it near s2 on guard: s2 interrupts n1's interruption."""
    engine, script = position(
        [
            UnitSpec("n1", "north", 1, 4, 2, "melee"),
            UnitSpec("s1", "south", 4, 4, 2, "melee"),
            UnitSpec("s2", "south", 0, 3, 1, "ranged"),
        ],
        answers=["move:3", "move:2", "attack:n1", "end"],
        dice=[6],
    )
    engine.attach("toy/guard", "n1")
    engine.attach("toy/guard", "s2")
    depths: list[int] = []
    original = toygame.perform

    def spy(engine: Engine, unit: str, frame: Frame, action: str) -> None:
        depths.append(len(engine.state.stack))
        original(engine, unit, frame, action)

    monkeypatch.setattr(toygame, "perform", spy)
    activate(engine, "s1")
    assert depths == [1, 2, 3]  # activation > interruption > interruption
    opened = [(e["kind"], e["subject"]) for e in entries(engine, "open")]
    assert opened == [("activation", "s1"), ("interruption", "n1"), ("interruption", "s2")]
    closed = [e["kind"] for e in entries(engine, "close")]
    assert closed == ["interruption", "interruption", "activation"]
    assert fired(engine) == ["toy/guard", "toy/guard"]
    assert hp(engine, "n1") == 3
    assert engine.attachments(effect="toy/guard") == []
    assert script.remaining == []


def test_simultaneous_guards_are_ordered_by_their_controller() -> None:
    """rulebook §Overwatch: when several characters interrupt the same action, the player
    controlling them chooses which interruption resolves first (here north, while south is
    the active player)."""
    engine, _ = position(
        [
            UnitSpec("n1", "north", 2, 4, 2, "melee"),
            UnitSpec("n2", "north", 6, 3, 1, "ranged"),
            UnitSpec("s1", "south", 5, 4, 2, "melee"),
        ],
        answers=["move:4", "toy/guard@n2", "attack:s1", "move:3", "end"],
        dice=[1],
    )
    engine.attach("toy/guard", "n1")
    engine.attach("toy/guard", "n2")
    activate(engine, "s1")
    order = entries(engine, "decision")[1]
    assert (order["kind"], order["player"]) == ("order_triggers", "north")
    assert order["options"] == ["toy/guard@n1", "toy/guard@n2"]
    assert [e["subject"] for e in entries(engine, "open")][1:] == ["n2", "n1"]
