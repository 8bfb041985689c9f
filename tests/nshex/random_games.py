"""Seeded random nshex games with invariant checks (the test suite and the benchmark)."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product

from hexforge.core.engine import Engine
from hexforge.plugins.nshex import position as pos
from hexforge.plugins.nshex.game import new_game, play_game
from hexforge.plugins.nshex.play import players_for
from tests.nshex.invariants import CheckingAgent, check_position

ARMIES = ("smart", "vegas", "borgo")
PAIRINGS = list(product(ARMIES, ARMIES))


@dataclass(frozen=True, slots=True)
class Outcome:
    seed: int
    armies: tuple[str, str]
    winner: str | None
    reason: str
    turns: int
    battles: int
    decisions: int


def play_checked(seed: int) -> tuple[Engine, Outcome]:
    """Play game ``seed`` (armies cycle through every pairing) and check it throughout."""
    armies = PAIRINGS[seed % len(PAIRINGS)]
    players = players_for(armies)
    agents = {p: CheckingAgent(seed * 7 + i) for i, p in enumerate(players)}
    engine = new_game(dict(zip(players, armies, strict=True)), seed, agents)
    play_game(engine)
    check_position(engine)
    check_end(engine)
    data = pos.game_data(engine)
    result = data["result"]
    decisions = sum(a.checked for a in agents.values())
    outcome = Outcome(
        seed, armies, result["winner"], result["reason"], data["turn"], data["battles"], decisions
    )
    return engine, outcome


def check_end(engine: Engine) -> None:
    """The result agrees with the HQs; no Battle tile after the last tile was drawn."""
    data = pos.game_data(engine)
    result = data["result"]
    left = {p: pos.hq_left(engine, data["hq"][p]) for p in engine.players}
    assert result["hq"] == left
    destroyed = [p for p in engine.players if left[p] == 0]
    if len(destroyed) == 2:
        assert result["winner"] is None
    elif destroyed:
        assert result["winner"] != destroyed[0] and result["winner"] in engine.players
    else:
        assert data["last_drawn"] is not None, "the game ended before the Final Battle"
        best = max(left.values())
        leaders = [p for p in engine.players if left[p] == best]
        assert result["winner"] == (leaders[0] if len(leaders) == 1 else None)
    texts = [str(e["text"]) for e in engine.log.entries() if e["type"] == "nshex"]
    last = next((i for i, t in enumerate(texts) if "drew the last tile" in t), len(texts))
    late_battles = [t for t in texts[last:] if t.startswith("battle ")]
    assert all("final battle" in t or "board is full" in t for t in late_battles), late_battles
    check_only_the_active_player_plays(engine)
    assert sum("final battle" in t for t in texts if t.startswith("battle ")) <= 1


def check_only_the_active_player_plays(engine: Engine) -> None:
    """Duel rules §Przygotowanie do gry: tiles are played only in their owner's turn, so
    every decision after the setup belongs to the player whose turn it is."""
    active = None
    for entry in engine.log.entries():
        if entry["type"] == "nshex" and str(entry["text"]).startswith("turn "):
            active = str(entry["text"]).split(": ")[1]
        elif entry["type"] == "decision" and entry["kind"] != "hq":
            assert entry["player"] == active, entry
