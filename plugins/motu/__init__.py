"""The Masters of the Universe: Battleground game plugin."""

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

CONTENT = Path(str(files("hexforge.content") / "motu"))
"""The game's content folder: its game.yaml and the base pack (pack.yaml)."""

GAME = GameInfo(
    id="motu",
    name="Masters of the Universe: Battleground",
    description="Skirmish on a hex battleground: activations by initiative, tests, buffs.",
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
    from hexforge.plugins.motu.cards import KINDS

    return list(KINDS)


@hookimpl
def hexforge_dsl_vocabulary(game: str, vocabulary: Vocabulary) -> None:
    if game == GAME.id:
        from hexforge.plugins.motu.vocabulary import declare_words

        declare_words(vocabulary)


@hookimpl
def hexforge_scenario_drivers() -> list[ScenarioDriver]:
    from hexforge.plugins.motu.driver import DRIVER

    return [DRIVER]


@hookimpl
def hexforge_game_runners() -> list[GameRunner]:
    from hexforge.plugins.motu.play import MotuRunner

    return [MotuRunner()]


@hookimpl
def hexforge_agents() -> list[AgentSpec]:
    from hexforge.plugins.motu.agents import agent_specs

    return agent_specs()


@hookimpl
def hexforge_invariants() -> list[Invariant]:
    from hexforge.plugins.motu.invariants import INVARIANTS

    return list(INVARIANTS)
