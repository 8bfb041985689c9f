"""The Neuroshima Hex Duel game plugin (docs/nshex.md)."""

from __future__ import annotations

from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING

from hexforge.core.games import GameInfo
from hexforge.plugins.markers import hookimpl

if TYPE_CHECKING:
    from hexforge.core.agents import AgentSpec
    from hexforge.core.cli.play_cmd import GameRunner
    from hexforge.core.packs.catalogue import CardKind
    from hexforge.core.scenarios.driver import ScenarioDriver
    from hexforge.core.simulate.invariants import Invariant
    from hexforge.dsl.vocabulary import Vocabulary

CONTENT = Path(str(files("hexforge.content") / "nshex"))
"""The game's content folder: its game.yaml and the base pack (pack.yaml)."""

GAME = GameInfo(
    id="nshex",
    name="Neuroshima Hex Duel",
    description="Tile-laying duel on a 19-hex board with simultaneous initiative battles.",
)


@hookimpl
def hexforge_games() -> list[GameInfo]:
    return [GAME]


@hookimpl
def hexforge_game_declarations() -> list[Path]:
    return [CONTENT / "game.yaml"]


@hookimpl
def hexforge_content_packs() -> list[Path]:
    return [CONTENT]


@hookimpl
def hexforge_card_kinds() -> list[CardKind]:
    from hexforge.plugins.nshex.tiles import CARD_KINDS

    return list(CARD_KINDS)


@hookimpl
def hexforge_dsl_vocabulary(game: str, vocabulary: Vocabulary) -> None:
    if game != GAME.id:
        return
    from hexforge.plugins.nshex.words import declare

    declare(vocabulary)


@hookimpl
def hexforge_scenario_drivers() -> list[ScenarioDriver]:
    from hexforge.plugins.nshex.driver import NshexDriver

    return [NshexDriver()]


@hookimpl
def hexforge_game_runners() -> list[GameRunner]:
    from hexforge.plugins.nshex.play import NshexRunner

    return [NshexRunner()]


@hookimpl
def hexforge_agents() -> list[AgentSpec]:
    from hexforge.plugins.nshex.agents import agent_specs

    return agent_specs()


@hookimpl
def hexforge_invariants() -> list[Invariant]:
    from hexforge.plugins.nshex.invariants import INVARIANTS

    return list(INVARIANTS)
