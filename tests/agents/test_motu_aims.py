"""The motu heuristic aimed (``MotuHeuristicAgent.aim``) and the search's strategies built
from aims (issue 25): a character aimed at an enemy or an objective heads there, the others
keep the heuristic's goal, and a target gone leaves the usual goal."""

from __future__ import annotations

import pytest

from hexforge.core.engine import Decision, Engine, FirstLegalAgent
from hexforge.core.hexgrid import Hex, distance
from hexforge.core.hexgrid.board import format_coord, parse_coord
from hexforge.core.hexgrid.coords import ring
from hexforge.plugins.motu.agents import MotuHeuristicAgent
from hexforge.plugins.motu.battlefield import Location
from hexforge.plugins.motu.board import board_map
from hexforge.plugins.motu.library import motu_rules
from hexforge.plugins.motu.rounds import PLAYERS, new_game
from hexforge.plugins.motu.search_hooks import MOTU_SEARCH, strategies
from hexforge.plugins.motu.setups import shipped_setup
from hexforge.plugins.motu.state import MotuState, UnitState, hex_of
from tests.plugged import HOST


@pytest.fixture(scope="module")
def engine() -> Engine:
    """The first game's set-up: He-Man on O2, Skeletor on O24, objective tokens on G12,
    O7, X14, P19 and O13."""
    rules = motu_rules(HOST)
    agents = dict.fromkeys(PLAYERS, FirstLegalAgent())
    return new_game(rules, shipped_setup("first-game", rules.library), 1, agents)


def move(engine: Engine, unit: str) -> Decision:
    """A move decision for ``unit``: the hexes of the battleground two steps away."""
    field = board_map(engine)
    labels = tuple(
        format_coord(h) for h in ring(hex_of(engine, unit), 2) if field.exists(Location(h))
    )
    return Decision(1, "move_to", "masters", labels, {"unit": unit})


def steps(engine: Engine, label: str, target: Hex) -> int:
    return distance(parse_coord(label), target)


def test_an_aimed_character_heads_for_its_enemy(engine: Engine) -> None:
    """Aimed at Mer-Man, He-Man takes the hex nearest Mer-Man; unaimed, the hex nearest
    an objective he can claim - not the same hex."""
    decision = move(engine, "he-man")
    mer_man = hex_of(engine, "mer-man")
    aimed = MotuHeuristicAgent(aim=("he-man", "mer-man")).choose(decision, engine)
    plain = MotuHeuristicAgent().choose(decision, engine)
    nearest = min(steps(engine, str(o), mer_man) for o in decision.options)
    assert steps(engine, str(aimed), mer_man) == nearest
    assert aimed != plain


def test_an_aimed_character_heads_for_its_objective(engine: Engine) -> None:
    """Aimed at the token on X14, He-Man moves towards X14, not the nearer O7."""
    decision = move(engine, "he-man")
    aimed = MotuHeuristicAgent(aim=("he-man", "X14")).choose(decision, engine)
    target = parse_coord("X14")
    nearest = min(steps(engine, str(o), target) for o in decision.options)
    assert steps(engine, str(aimed), target) == nearest
    assert aimed != MotuHeuristicAgent().choose(decision, engine)


def test_an_aim_binds_its_character_only(engine: Engine) -> None:
    decision = move(engine, "stratos")
    aimed = MotuHeuristicAgent(aim=("he-man", "skeletor")).choose(decision, engine)
    assert aimed == MotuHeuristicAgent().choose(decision, engine)


def test_a_target_gone_leaves_the_usual_goal(engine: Engine) -> None:
    """Skeletor knocked out, or the token claimed: He-Man walks as unaimed."""
    decision = move(engine, "he-man")
    plain = MotuHeuristicAgent().choose(decision, engine)
    UnitState(engine, "skeletor").knocked_out = True
    objectives = MotuState(engine).objectives
    objectives.remove("X14")
    try:
        for target in ("skeletor", "X14"):
            aimed = MotuHeuristicAgent(aim=("he-man", target))
            assert aimed.choose(decision, engine) == plain
    finally:
        UnitState(engine, "skeletor").knocked_out = False
        objectives.append("X14")


def test_the_search_aims_an_acting_character_at_each_objective_and_enemy(
    engine: Engine,
) -> None:
    """While He-Man acts: one strategy per objective token left and per enemy standing,
    each the heuristic aimed so; none for choosing whom to activate."""
    action = Decision(1, "action", "masters", ("move", "end"), {"unit": "he-man"})
    aims = [s(0) for s in strategies(action, engine)]
    assert [a.aim for a in aims if isinstance(a, MotuHeuristicAgent)] == [
        ("he-man", target)
        for target in (*MotuState(engine).objectives, "skeletor", "mer-man", "trap-jaw")
    ]
    activate = Decision(1, "activate", "masters", ("he-man", "stratos"), {})
    assert strategies(activate, engine) == []
    assert MOTU_SEARCH.strategies is strategies
