"""The Eternia Plus expansion for motu: its content pack, the effect words it adds, the
invariant its unique buff keeps, its Python action (Root Walk), the agent that uses it and
the ``hexforge warbands`` command.

hexforge finds this module through the entry point in pyproject.toml and calls the hook
implementations below (docs/plugins.md). The hooks only register things; when an effect
runs is decided by the game's timing engine.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from hexforge.core.agents import AgentSpec
from hexforge.core.engine import Agent
from hexforge.core.packs.filekinds import FileKind
from hexforge.core.simulate.invariants import Invariant
from hexforge.dsl.vocabulary import Vocabulary
from hexforge.plugins.markers import hookimpl
from hexforge_eternia_plus.command import warbands_command
from hexforge_eternia_plus.invariants import INVARIANTS
from hexforge_eternia_plus.verbs import siphon_mana
from hexforge_eternia_plus.warbands import WARBANDS

if TYPE_CHECKING:
    from hexforge.plugins.motu.api import Action

PACK = Path(__file__).parent / "pack"


@hookimpl
def hexforge_content_packs() -> list[Path]:
    return [PACK]


@hookimpl
def hexforge_file_kinds() -> list[FileKind]:
    return [WARBANDS]


@hookimpl
def hexforge_invariants() -> list[Invariant]:
    return list(INVARIANTS)


@hookimpl
def hexforge_dsl_vocabulary(game: str, vocabulary: Vocabulary) -> None:
    if game != "motu":
        return
    vocabulary.verb(
        "siphon {amount:int} mana from {target:character}",
        siphon_mana,
        doc="the target loses up to AMOUNT mana and the bearer gains what it lost",
    )


@hookimpl
def hexforge_actions(game: str) -> list[Action]:
    """Root Walk; imported for a motu game only, since it imports motu's action table."""
    if game != "motu":
        return []
    from hexforge_eternia_plus.root_walk import ROOT_WALK

    return [ROOT_WALK]


def _grove(seed: int) -> Agent:
    """The agent's module imports motu's heuristic: only when a game seats a grove agent."""
    from hexforge_eternia_plus.agent import GroveAgent

    return GroveAgent(seed)


@hookimpl
def hexforge_agents() -> list[AgentSpec]:
    return [
        AgentSpec(
            "motu",
            "grove",
            "the heuristic, taught Eternia Plus: Moss Man snares ahead and walks the roots",
            _grove,
        )
    ]


@hookimpl
def hexforge_cli_commands() -> list[click.Command]:
    return [warbands_command]
