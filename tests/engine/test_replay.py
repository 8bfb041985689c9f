"""Determinism: same seed and decisions give the same log, byte for byte, with or without
a snapshot in the middle, and a log replays itself."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from hexforge.core.engine import (
    Engine,
    RandomAgent,
    ScriptedAgent,
    replay_answers,
    replay_seed,
)
from hexforge.core.errors import HexforgeError
from tests.engine import toygame

seeds = st.integers(0, 2**32)


def agents(seed: int) -> dict[str, RandomAgent]:
    return {"north": RandomAgent(seed + 1), "south": RandomAgent(seed + 2)}


def full_game(seed: int) -> Engine:
    engine = toygame.new_game(seed, agents(seed))
    toygame.play(engine)
    return engine


@settings(max_examples=40, deadline=None)
@given(seeds)
def test_same_seed_and_decisions_give_a_byte_identical_log(seed: int) -> None:
    assert full_game(seed).log.text() == full_game(seed).log.text()


@settings(max_examples=60, deadline=None)
@given(seeds, st.integers(0, 40))
def test_snapshot_at_a_random_point_then_continuing_gives_the_same_log(seed: int, at: int) -> None:
    reference = full_game(seed).log.text()
    first = toygame.new_game(seed, agents(seed))
    for _ in range(at):
        if toygame.over(first):
            break
        toygame.step(first)
    second = Engine.restore(toygame.ruleset(), first.snapshot(), agents(seed))
    toygame.play(second)
    assert first.log.text() + second.log.text() == reference


@settings(max_examples=60, deadline=None)
@given(seeds)
def test_replay_from_seed_and_decisions_reproduces_the_log(seed: int) -> None:
    original = full_game(seed)
    lines = original.log.lines
    script = ScriptedAgent(replay_answers(lines))
    replay = toygame.new_game(replay_seed(lines), {p: script for p in toygame.PLAYERS})
    toygame.play(replay)
    assert replay.log.text() == original.log.text()
    assert script.remaining == []


def test_games_differ_between_seeds() -> None:
    texts = {full_game(seed).log.text() for seed in range(5)}
    assert len(texts) == 5


def test_a_broken_log_is_hf420() -> None:
    import pytest

    with pytest.raises(HexforgeError) as error:
        replay_answers(['{"seq":1,"type":"start","seed":1}', "{oops"])
    assert error.value.code == "HF420"
    assert error.value.diagnostics[0].span is not None
    assert error.value.diagnostics[0].span.line == 2
    with pytest.raises(HexforgeError, match="no start entry"):
        replay_seed(['{"seq":1,"type":"roll"}'])


def test_a_decision_without_its_answer_is_hf420_at_its_line() -> None:
    """A hand-edited log that lost a decision's answer is refused where it is, never an
    internal error (found by the CLI fuzz test)."""
    import pytest

    lines = ['{"seq":1,"type":"start","seed":1}', "", '{"seq":2,"type":"decision"}']
    with pytest.raises(HexforgeError) as error:
        replay_answers(lines, "game.log")
    (diagnostic,) = error.value.diagnostics
    assert diagnostic.code == "HF420" and "without its answer" in diagnostic.message
    assert diagnostic.span is not None and diagnostic.span.line == 3
