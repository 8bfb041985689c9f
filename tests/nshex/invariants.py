"""Invariants every nshex position keeps, checked during random games."""

from __future__ import annotations

from collections import Counter

from hexforge.core.engine import Agent, Decision, Engine, Json, RandomAgent
from hexforge.plugins.nshex import position as pos
from hexforge.plugins.nshex.board import COORDS
from hexforge.plugins.nshex.catalogue import ARMY_SIZE

HAND = 3


def check_position(engine: Engine) -> None:
    """Tiles are conserved, the board matches the tiles' hexes, hands hold at most 3."""
    data = pos.game_data(engine)
    board = data["board"]
    assert set(board) <= set(COORDS)
    for coord, tile in board.items():
        assert engine.prop(tile, "hex") == coord
        assert engine.entity(tile).in_play
    places: Counter[str] = Counter(board.values())
    for player in engine.players:
        hand, pile, discards = (
            data["hands"][player],
            data["piles"][player],
            data["discards"][player],
        )
        assert len(hand) <= HAND
        places.update(hand + pile + discards)
        hq = data["hq"][player]
        if engine.prop(hq, "hex") is None:  # before the setup puts it on the board
            places[hq] += 1
        owned = [t for t in engine.state.entities.values() if t.owner == player]
        assert len(owned) == ARMY_SIZE + 1
        assert 0 <= pos.hq_left(engine, data["hq"][player]) <= pos.HQ_TOUGHNESS
    assert all(n == 1 for n in places.values()), "a tile is in two places"
    assert len(places) == len(engine.state.entities), "a tile is nowhere"
    for tile, entity in engine.state.entities.items():
        if entity.in_play:
            assert board.get(str(engine.prop(tile, "hex"))) == tile


class CheckingAgent:
    """A random agent that checks the invariants before every decision it answers."""

    def __init__(self, seed: int) -> None:
        self.random: Agent = RandomAgent(seed)
        self.checked = 0

    def choose(self, decision: Decision, engine: Engine) -> Json:
        check_position(engine)
        self.checked += 1
        return self.random.choose(decision, engine)
