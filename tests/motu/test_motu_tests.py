"""The test procedure against a reference (rulebook §Tests, §Scope): random dice, scope
changes and mana, compared with the eleven steps computed independently."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from hexforge.core.engine import Engine, Json, RandomAgent, ScriptedAgent
from hexforge.core.hexgrid import parse_coord
from hexforge.plugins.motu.board import use_map
from hexforge.plugins.motu.dicetest import run_test
from hexforge.plugins.motu.tokens import give_token
from hexforge.plugins.motu.units import create_character
from tests.plugged import MOTU

ARENA = {
    "name": "arena",
    "provenance": "invented",
    "size": {"columns": 6, "rows": 6},
    "hex_inches": 1.25,
}


def _game(seed: int = 1, answers: list[Json] | None = None) -> Engine:
    agent = ScriptedAgent(answers or [])
    agents = {"masters": agent, "evil": agent}
    engine = Engine.new(MOTU, seed, ["masters", "evil"], agents)
    use_map(engine, data=ARENA)
    create_character(engine, "he-man", "motu/he-man", "masters", parse_coord("C3"))
    create_character(engine, "skeletor", "motu/skeletor", "evil", parse_coord("C2"))
    return engine


def _reference(dice: list[int], explosions: list[int], scope: int) -> int:
    needed = min(max(scope, 2), 6)
    return sum(d >= needed for d in dice) + sum(d >= 5 for d in explosions)


@settings(max_examples=150, deadline=None)
@given(
    rolled=st.lists(st.integers(1, 5), min_size=5, max_size=5),
    sixes=st.integers(0, 2),
    chain=st.lists(st.integers(1, 6), min_size=0, max_size=4),
    focused=st.booleans(),
    buff=st.sampled_from([None, "enhancement"]),
)
def test_successes_match_the_reference(
    rolled: list[int], sixes: int, chain: list[int], focused: bool, buff: str | None
) -> None:
    """He-Man's strength test (5 dice): scope 4, focus +1 (spent), sixes always succeed,
    ones never, explosion dice on 5+ whatever the scope."""
    engine = _game()
    dice = [6] * sixes + rolled[sixes:]
    engine.set_prop("he-man", "focus", focused)
    if buff is not None:
        give_token(engine, "he-man", buff)  # Enhancement: attack tests only, not this one
    explosions: list[int] = []
    pending, source = sixes, list(chain)
    while pending:
        batch = [source.pop(0) if source else 1 for _ in range(pending)]
        explosions += batch
        pending = batch.count(6)
    engine.force_dice(*dice, *explosions)
    result = run_test(engine, "he-man", "strength")
    scope = 4 - (1 if focused else 0)
    assert result.successes == _reference(dice, explosions, scope)
    assert result.scope == scope and list(result.explosions) == explosions
    assert engine.prop("he-man", "focus") is False


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), mana=st.integers(0, 5))
def test_same_seed_and_answers_give_the_same_log(seed: int, mana: int) -> None:
    """Determinism: a test with a defence and random reroll choices replays exactly."""

    def play(agent: RandomAgent) -> str:
        engine = Engine.new(MOTU, seed, ["masters", "evil"], {"masters": agent, "evil": agent})
        use_map(engine, data=ARENA)
        create_character(engine, "he-man", "motu/he-man", "masters", parse_coord("C3"))
        create_character(engine, "skeletor", "motu/skeletor", "evil", parse_coord("C2"))
        engine.set_prop("he-man", "mana", mana)
        engine.set_prop("skeletor", "mana", 5 - mana)
        run_test(engine, "he-man", "strength", defender="skeletor", against="toughness")
        return engine.log.text()

    assert play(RandomAgent(seed)) == play(RandomAgent(seed))


def test_the_defence_test_cancels_successes_and_never_below_zero() -> None:
    """rulebook §Defence Tests: each defence success cancels one; never negative."""
    engine = _game()
    engine.force_dice(4, 1, 1, 1, 1, 5, 5, 5)
    result = run_test(engine, "he-man", "strength", defender="skeletor", against="toughness")
    assert (result.final, result.cancelled, result.successes) == (1, 3, 0)


def test_a_snapshot_in_the_middle_of_a_game_restores() -> None:
    engine = _game()
    give_token(engine, "skeletor", "curse")
    copy = Engine.restore(MOTU, engine.snapshot())
    assert copy.state_hash() == engine.state_hash()
    assert copy.prop("skeletor", "debuff") == "motu/curse"
    assert "1.25" in copy.snapshot()  # the inline map's hex size, kept as text
    assert copy.query("strength", "he-man") == engine.query("strength", "he-man") == 5
