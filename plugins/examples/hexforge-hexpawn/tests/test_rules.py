"""Hexpawn's rules, each proved by a test that fails if the rule were wrong: steps go
ahead to an empty hex, captures only diagonally forward and as each card says, and the
three ways to win. Positions are built with the game's own functions on the engine."""

from __future__ import annotations

import pytest
from hexforge_hexpawn import rules
from hexforge_hexpawn.cards import Pawn
from pydantic import ValidationError

from hexforge.core.engine import Engine, FirstLegalAgent, RandomAgent, ScriptedAgent
from hexforge.core.errors import HexforgeError
from hexforge.plugins.manager import load_plugins


@pytest.fixture(scope="module")
def ruleset() -> rules.HexpawnRuleset:
    return rules.hexpawn_rules(load_plugins())


def position(
    ruleset: rules.HexpawnRuleset, *pawns: tuple[str, str, str, str], to_move: str = "white"
) -> Engine:
    """A board of four columns with ``(id, card, owner, hex)`` pawns on it."""
    engine = rules.new_engine(ruleset, 1, turn=rules.PLAYERS.index(to_move))
    for pawn, card, owner, at in pawns:
        rules.add_pawn(engine, owner, card, pawn, at)
    return engine


def moves(engine: Engine, player: str) -> list[str]:
    return [move.text for move in rules.legal_moves(engine, player)]


def test_a_pawn_steps_straight_ahead_to_an_empty_hex(ruleset: rules.HexpawnRuleset) -> None:
    engine = position(ruleset, ("w", "pawn", "white", "B3"), ("b", "pawn", "black", "C2"))
    assert moves(engine, "white") == ["w B3-B2"]  # north for white
    assert moves(engine, "black") == ["b C2-C3"]  # south for black
    blocked = position(ruleset, ("w", "pawn", "white", "B3"), ("b", "pawn", "black", "B2"))
    assert moves(blocked, "white") == []  # the hex ahead is taken: no step, and no capture
    assert moves(blocked, "black") == []


def test_a_scout_steps_three_ways_and_never_takes(ruleset: rules.HexpawnRuleset) -> None:
    engine = position(
        ruleset,
        ("s", "scout", "white", "B3"),
        ("b1", "pawn", "black", "A3"),
        ("b2", "pawn", "black", "A1"),
    )
    assert moves(engine, "white") == ["s B3-B2", "s B3-C3"]  # A3 is taken, not takeable


def test_a_pawn_takes_only_diagonally_forward(ruleset: rules.HexpawnRuleset) -> None:
    engine = position(
        ruleset,
        ("w", "pawn", "white", "B3"),
        ("ahead", "pawn", "black", "B2"),  # straight ahead: blocks, is not taken
        ("left", "pawn", "black", "A3"),  # white's forward left from B3
        ("behind", "pawn", "black", "C4"),  # diagonally backward
        ("right", "pawn", "white", "C3"),  # forward right, but white's own
    )
    assert moves(engine, "white") == ["w B3xA3", "right C3-C2", "right C3xB2"]


def test_a_raider_takes_on_its_forward_left_only(ruleset: rules.HexpawnRuleset) -> None:
    white = position(
        ruleset,
        ("r", "raider", "white", "C3"),
        ("left", "pawn", "black", "B2"),
        ("right", "pawn", "black", "D2"),
    )
    assert [m for m in moves(white, "white") if "x" in m] == ["r C3xB2"]
    black = position(  # black faces south: its left is east
        ruleset,
        ("r", "raider", "black", "B2"),
        ("left", "pawn", "white", "C3"),
        ("right", "pawn", "white", "A3"),
    )
    assert [m for m in moves(black, "black") if "x" in m] == ["r B2xC3"]


def test_a_capture_removes_the_taken_pawn(ruleset: rules.HexpawnRuleset) -> None:
    engine = position(
        ruleset,
        ("w", "pawn", "white", "B3"),
        ("b", "pawn", "black", "A3"),
        ("b2", "pawn", "black", "D1"),
    )
    rules.make_move(engine, rules.find_move(engine, "w", "A3"))
    assert rules.position(engine) == {"A3": "w", "D1": "b2"}
    assert not engine.entity("b").in_play
    assert rules.to_move(engine) == "black" and rules.result(engine) is None


def test_reaching_the_far_row_wins(ruleset: rules.HexpawnRuleset) -> None:
    engine = position(ruleset, ("w", "pawn", "white", "C2"), ("b", "pawn", "black", "A1"))
    rules.make_move(engine, rules.find_move(engine, "w", "C1"))
    assert rules.result(engine) == ("white", "w reached the far row on C1")
    black = position(
        ruleset, ("w", "pawn", "white", "A4"), ("b", "pawn", "black", "C3"), to_move="black"
    )
    rules.make_move(black, rules.find_move(black, "b", "C4"))
    assert rules.result(black) == ("black", "b reached the far row on C4")


def test_taking_every_enemy_pawn_wins(ruleset: rules.HexpawnRuleset) -> None:
    engine = position(ruleset, ("w", "pawn", "white", "B4"), ("b", "pawn", "black", "A4"))
    rules.make_move(engine, rules.find_move(engine, "w", "A4"))
    assert rules.result(engine) == ("white", "every black pawn is taken")


def test_leaving_the_opponent_without_a_move_wins(ruleset: rules.HexpawnRuleset) -> None:
    engine = position(ruleset, ("w", "pawn", "white", "A3"), ("b", "pawn", "black", "A1"))
    rules.make_move(engine, rules.find_move(engine, "w", "A2"))
    assert rules.result(engine) == ("white", "black has no legal move")


def test_a_player_without_a_move_on_their_turn_loses(ruleset: rules.HexpawnRuleset) -> None:
    engine = position(ruleset, ("w", "pawn", "white", "A2"), ("b", "pawn", "black", "A1"))
    rules.turn(engine)  # white's pawn is blocked: no decision is asked
    assert rules.result(engine) == ("black", "white has no legal move")
    assert not [e for e in engine.log.entries() if e["type"] == "decision"]


def test_an_illegal_move_is_refused_with_the_legal_ones(ruleset: rules.HexpawnRuleset) -> None:
    engine = position(ruleset, ("w", "pawn", "white", "B3"), ("b", "pawn", "black", "B2"))
    with pytest.raises(HexforgeError) as refused:
        rules.find_move(engine, "w", "B2")
    assert refused.value.code == "HF520"
    assert refused.value.diagnostics[0].hint == "legal moves: none"
    with pytest.raises(HexforgeError) as wrong_side:
        rules.find_move(engine, "b", "B3")
    assert wrong_side.value.code == "HF520"
    assert "white is to move" in wrong_side.value.diagnostics[0].message


def test_every_move_is_a_decision_any_agent_answers(ruleset: rules.HexpawnRuleset) -> None:
    for agent in (FirstLegalAgent(), RandomAgent(4)):
        engine = rules.new_game(ruleset, 3, dict.fromkeys(rules.PLAYERS, agent))
        winner, _ = rules.play_game(engine)
        assert winner in rules.PLAYERS
    scripted = ScriptedAgent(["white-a A4-A3", "black-b B1-B2"])
    engine = rules.new_game(ruleset, 3, dict.fromkeys(rules.PLAYERS, scripted))
    rules.turn(engine)
    rules.turn(engine)
    assert rules.position(engine)["A3"] == "white-a" and rules.position(engine)["B2"] == "black-b"


def test_the_cards_data_drives_the_moves(ruleset: rules.HexpawnRuleset) -> None:
    assert ruleset.pawn_card("pawn").captures == ["ahead-left", "ahead-right"]
    assert ruleset.pawn_card("raider").captures == ["ahead-left"]
    assert ruleset.pawn_card("hexpawn/scout").captures == []
    pawns = rules.new_game(ruleset, 1, lineup=("pawn", "pawn", "pawn"))
    scouts = rules.new_game(ruleset, 1, lineup=("scout", "scout", "scout"))
    assert len(moves(pawns, "white")) == 3 and len(moves(scouts, "white")) == 5


def test_a_capture_straight_ahead_is_refused_by_the_card_model() -> None:
    card = {"id": "x/p", "kind": "pawn", "name": {"en": "P"}, "provenance": "invented"}
    with pytest.raises(ValidationError):
        Pawn.model_validate({**card, "moves": ["ahead"], "captures": ["ahead"]})
    with pytest.raises(ValidationError):
        Pawn.model_validate({**card, "moves": []})


def test_an_unknown_pawn_card_is_hf213_with_a_hint(ruleset: rules.HexpawnRuleset) -> None:
    with pytest.raises(HexforgeError) as unknown:
        rules.new_game(ruleset, 1, lineup=("pawn", "paawn"))
    assert unknown.value.code == "HF213"
    assert unknown.value.diagnostics[0].hint == "did you mean 'hexpawn/pawn'?"
