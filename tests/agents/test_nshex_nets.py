"""The nshex heuristic places a net where it holds an enemy that would hit (issue 25's
"nets"; Duel rules, "Sieć": a netted tile cannot act). It used to score a tile only by the
hits it would deal, so a Net Fighter - no attack of its own - went next to its HQ whatever
stood around. Measured against the heuristic before it: 991 won, 143 drawn, 866 lost of
2,000 seat-swapped games (seeds 5000-5999 and 9000-9999), 53.4% of the decided games."""

from __future__ import annotations

from hexforge.core.engine import Decision, Engine, RandomAgent
from hexforge.core.hexgrid.board import parse_coord
from hexforge.core.scenarios import scenario_from_text
from hexforge.plugins.nshex import position as pos
from hexforge.plugins.nshex.agents import NshexHeuristicAgent, net_hold
from hexforge.plugins.nshex.driver import NshexDriver
from hexforge.plugins.nshex.tiles import BoardTile
from tests.plugged import HOST

SETUP = """\
game: nshex
name: nets
setup:
  players: [smart, borgo]
  tiles:
    - {id: smart-hq, tile: smart-hq, owner: smart, at: A2}
    - {id: borgo-hq, tile: borgo-hq, owner: borgo, at: C5}
    - {id: brawler, tile: borgo-brawler, owner: borgo, at: A3, rotation: 0}
  hands:
    smart: [smart-net-fighter]
steps: []
"""
TILE = "smart/smart-net-fighter"


def engine() -> Engine:
    scenario = scenario_from_text(SETUP, {"nshex": NshexDriver(HOST)})
    return scenario.driver.setup(scenario.setup, scenario.setup_source, 1, RandomAgent(1)).engine


def test_a_net_goes_where_it_holds_the_enemy_that_strikes_the_hq() -> None:
    """A Borgo Brawler on A3 turned north strikes the Smart HQ on A2: a Net Fighter on A4
    with a net side towards A3 holds it; on A1, beside its own HQ, it holds nothing."""
    game = engine()
    agent = NshexHeuristicAgent(1)
    play = f"play {TILE}"
    assert agent.choose(Decision(1, "action", "smart", ("end", play)), game) == play
    assert agent.choose(Decision(2, "hex", "smart", ("A1", "A4")), game) == "A4"
    rotation = agent.choose(Decision(3, "rotation", "smart", tuple(range(6))), game)
    printed = pos.card(game, TILE)
    assert isinstance(printed, BoardTile) and isinstance(rotation, int)
    assert net_hold(game, "smart", printed, parse_coord("A4"), rotation) > 0


def test_a_net_holds_nothing_without_an_enemy_beside_it() -> None:
    game = engine()
    printed = pos.card(game, TILE)
    assert isinstance(printed, BoardTile)
    assert all(net_hold(game, "smart", printed, parse_coord("A1"), r) == 0 for r in range(6))
