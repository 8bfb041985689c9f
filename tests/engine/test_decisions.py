"""Decisions answered by agents: scripted, seeded random, first legal."""

from __future__ import annotations

import pytest

from hexforge.core.engine import (
    Decision,
    Engine,
    FirstLegalAgent,
    Json,
    RandomAgent,
    Ruleset,
    ScriptedAgent,
)
from hexforge.core.errors import HexforgeError
from tests.engine.support import entries


def engine_with(**agents: object) -> Engine:
    return Engine.new(Ruleset(), 5, ["a", "b"], agents)  # type: ignore[arg-type]


def test_scripted_answers_in_order_and_the_log_records_them() -> None:
    engine = engine_with(a=ScriptedAgent(["x", 2]))
    assert engine.decide("pick", "a", ["w", "x"], context={"why": "test"}) == "x"
    assert engine.decide("count", "a", [1, 2, 3]) == 2
    first = entries(engine, "decision")[0]
    assert first == {
        "seq": 2,
        "number": 1,
        "context": {"why": "test"},
        "type": "decision",
        "kind": "pick",
        "player": "a",
        "options": ["w", "x"],
        "answer": "x",
        "hidden": False,
        "forced": False,
    }


def test_an_illegal_scripted_answer_is_hf410_listing_the_legal_ones() -> None:
    engine = engine_with(a=ScriptedAgent(["move:9"]))
    with pytest.raises(HexforgeError) as error:
        engine.decide("action", "a", ["end", "move:3"])
    diagnostic = error.value.diagnostics[0]
    assert diagnostic.code == "HF410"
    assert diagnostic.message == (
        "scripted answer 1 (\"move:9\") is not legal for decision #1 'action' for a"
    )
    assert diagnostic.hint == 'legal options: "end", "move:3"'


def test_a_script_that_runs_out_is_hf411_unless_another_agent_takes_over() -> None:
    engine = engine_with(a=ScriptedAgent([]))
    with pytest.raises(HexforgeError) as error:
        engine.decide("action", "a", ["end", "move:3"])
    assert error.value.code == "HF411"
    engine = engine_with(a=ScriptedAgent([], then=FirstLegalAgent()))
    assert engine.decide("action", "a", ["end", "move:3"]) == "end"


def test_a_single_option_is_taken_without_asking() -> None:
    engine = engine_with()  # no agents at all
    assert engine.decide("action", "a", ["end"]) == "end"
    assert entries(engine, "decision")[0]["forced"] is True


def test_no_options_and_no_agent_are_errors() -> None:
    engine = engine_with()
    with pytest.raises(HexforgeError) as error:
        engine.decide("action", "a", [])
    assert error.value.code == "HF409"
    with pytest.raises(HexforgeError) as error:
        engine.decide("action", "b", ["x", "y"])
    assert error.value.code == "HF418"


def test_options_must_be_json() -> None:
    engine = engine_with(a=FirstLegalAgent())
    with pytest.raises(HexforgeError) as error:
        engine.decide("hex", "a", [(1, 2), (2, 3)])  # type: ignore[list-item]
    assert error.value.code == "HF415"


def test_any_agent_answer_is_checked() -> None:
    class Cheater:
        def choose(self, decision: Decision, engine: Engine) -> Json:
            return "win"

    engine = engine_with(a=Cheater())
    with pytest.raises(HexforgeError, match='Cheater answered "win"') as error:
        engine.decide("action", "a", ["end", "move"])
    assert error.value.code == "HF410"


def test_random_agent_depends_only_on_its_seed_and_the_decision_number() -> None:
    answers = []
    for _ in range(2):
        engine = engine_with(a=RandomAgent(11))
        answers.append([engine.decide("n", "a", list(range(10))) for _ in range(20)])
    assert answers[0] == answers[1]
    assert len(set(answers[0])) > 3  # not constant
    assert engine.state.rng == 5  # the game's dice were not touched


def test_hidden_simultaneous_choices_are_logged_after_both_answered() -> None:
    """rulebook §Select Cards: both players pick a card face down, then reveal together."""
    seen: list[int] = []

    class Watcher:
        def __init__(self, answer: int) -> None:
            self.answer = answer

        def choose(self, decision: Decision, engine: Engine) -> Json:
            seen.append(len(entries(engine, "decision")))
            return self.answer

    engine = engine_with(a=Watcher(3), b=Watcher(1))
    assert engine.decide_together([("reveal", "a", [1, 2, 3]), ("reveal", "b", [1, 2, 3])]) == [
        3,
        1,
    ]
    assert seen == [0, 0]  # neither agent could see the other's answer in the log
    assert [(e["player"], e["hidden"]) for e in entries(engine, "decision")] == [
        ("a", True),
        ("b", True),
    ]
