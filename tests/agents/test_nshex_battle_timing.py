"""The nshex heuristic plays Battle when its tiles would out-hit the opponent's, and keeps
it otherwise (issue 25: it used to fight on turn 1 with only the HQs on the board; Duel
rules, "Bitwa": a battle resolves every tile's attacks, so a battle that hurts only
yourself is a tile thrown away)."""

from __future__ import annotations

from hexforge.core.engine import Decision, RandomAgent
from hexforge.core.scenarios import scenario_from_text
from hexforge.plugins.nshex.agents import NshexHeuristicAgent, battle_balance
from hexforge.plugins.nshex.driver import NshexDriver
from tests.plugged import HOST

SETUP = """\
game: nshex
name: battle timing
setup:
  players: [smart, borgo]
  tiles:
    - {{id: smart-hq, tile: smart-hq, owner: smart, at: A2}}
    - {{id: borgo-hq, tile: borgo-hq, owner: borgo, at: C5}}
{extra}
  hands:
    smart: [battle, battle]
steps: []
"""
OPTIONS = ("end", "discard smart/battle", "play smart/battle")


def choice(extra: str = "") -> str:
    scenario = scenario_from_text(SETUP.format(extra=extra), {"nshex": NshexDriver(HOST)})
    game = scenario.driver.setup(scenario.setup, scenario.setup_source, 1, RandomAgent(1))
    decision = Decision(1, "action", "smart", OPTIONS)
    return str(NshexHeuristicAgent(1).choose(decision, game.engine))


def test_no_battle_with_only_the_hqs_apart() -> None:
    assert choice() == "end"


def test_a_battle_when_its_soldier_faces_the_enemy_hq_alone() -> None:
    """A Twister at C1 turned south shoots down column C at the Borgo HQ on C5."""
    extra = "    - {id: gun, tile: smart-twister, owner: smart, at: C1, rotation: 3}"
    assert choice(extra) == "play smart/battle"


def test_no_battle_when_the_enemy_out_hits_it() -> None:
    """A Borgo Brawler on A3 turned north strikes the Smart HQ on A2."""
    extra = "    - {id: brawler, tile: borgo-brawler, owner: borgo, at: A3, rotation: 0}"
    assert choice(extra) == "end"


def test_the_balance_counts_both_sides() -> None:
    scenario = scenario_from_text(SETUP.format(extra=""), {"nshex": NshexDriver(HOST)})
    game = scenario.driver.setup(scenario.setup, scenario.setup_source, 1, RandomAgent(1))
    assert battle_balance(game.engine, "smart") == -battle_balance(game.engine, "borgo")
