"""Random full games with invariant checks (issue 12: 200 seeded games).

The default suite plays ``GAMES`` games (every army pairing); ``benchmarks/nshex.py``
plays all 200 and prints their figures.
"""

from __future__ import annotations

import pytest

from hexforge.core.engine import Engine, ScriptedAgent, replay_answers, replay_seed
from hexforge.plugins.nshex.game import new_game, play_game
from hexforge.plugins.nshex.state import NshexState
from tests.nshex.random_games import PAIRINGS, checked_agents, play_checked
from tests.plugged import NSHEX

GAMES = 200


@pytest.mark.slow
@pytest.mark.parametrize("block", range(10))
def test_random_games_keep_the_invariants(block: int) -> None:
    outcomes = [play_checked(seed)[1] for seed in range(block, GAMES, 10)]
    assert all(o.decisions > 0 and o.turns >= 4 for o in outcomes)


def test_random_games_end_in_wins_and_draws() -> None:
    """Duel rules §Zwycięstwo: after the Final Battle more HQ toughness wins, equal draws."""
    outcomes = [play_checked(seed)[1] for seed in range(12)]
    assert any(o.winner is None for o in outcomes)
    assert any(o.winner is not None for o in outcomes)
    assert all(o.reason.startswith("final battle") for o in outcomes if o.winner is None)


@pytest.mark.parametrize("seed", [3, 11])
def test_a_random_game_replays_from_its_log(seed: int) -> None:
    """docs/engine.md 'The log and replays': the seed and the answers reproduce the log."""
    engine, _ = play_checked(seed)
    lines = engine.log.lines
    armies = PAIRINGS[seed % len(PAIRINGS)]
    players = list(engine.players)
    script = ScriptedAgent(replay_answers(lines))
    again = new_game(
        NSHEX,
        dict(zip(players, armies, strict=True)),
        replay_seed(lines),
        dict.fromkeys(players, script),
    )
    play_game(again)
    assert again.log.text() == engine.log.text()


def test_a_snapshot_between_turns_continues_the_same_game() -> None:
    """docs/engine.md 'Snapshots': the game's progress lives in the state."""
    whole, _ = play_checked(5)
    armies = PAIRINGS[5 % len(PAIRINGS)]
    players = list(whole.players)
    _, _, agents = checked_agents(5, players)
    first = new_game(NSHEX, dict(zip(players, armies, strict=True)), 5, agents)
    assert play_game(first, turns=9) is None
    second = Engine.restore(NSHEX, first.snapshot(), agents)
    assert play_game(second) == NshexState(whole).result
    assert second.state_hash() == whole.state_hash()
