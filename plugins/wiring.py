"""One declaration wires a game plugin: its identity, content folder and the modules of its
parts, named as ``module:attribute`` and imported at first use - so ``hexforge --help``
imports no game code, and every game (built-in or an expansion's) is wired the same way.

A game module ends with ``plugin = GamePlugin(...)`` and its entry point names that object
(``motu = "hexforge.plugins.motu:plugin"``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hexforge.core.games import GameInfo
from hexforge.plugins.markers import hookimpl

if TYPE_CHECKING:
    from hexforge.core.agents import AgentSpec
    from hexforge.core.packs.catalogue import CardKind
    from hexforge.core.play import GameRunner
    from hexforge.core.scenarios.driver import ScenarioDriver
    from hexforge.core.simulate.invariants import Invariant
    from hexforge.dsl.vocabulary import Vocabulary
    from hexforge.plugins.manager import PluginHost


def load(reference: str) -> Any:
    """The object ``module:attribute`` names (imported now)."""
    module, _, attribute = reference.partition(":")
    return getattr(import_module(module), attribute)


@dataclass(frozen=True, slots=True)
class GamePlugin:
    """The hook implementations of one game. Each part is a ``module:attribute`` reference:

    - ``kinds``: a sequence of ``CardKind``; ``words``: ``declare(vocabulary)``;
    - ``driver`` and ``runner``: classes made with the ``PluginHost`` they serve;
    - ``agents``: a function returning ``AgentSpec``s; ``invariants``: a sequence.
    """

    game: GameInfo
    content: Path
    """The game's content folder: its ``game.yaml`` and the base pack (``pack.yaml``)."""
    module: str
    """The module declaring the plugin (listed by ``hexforge plugins``; its files stamp
    cached validation results)."""
    kinds: str
    words: str
    driver: str
    runner: str
    agents: str
    invariants: str

    @property
    def __name__(self) -> str:  # what plugin listings show, as for a module plugin
        return self.module

    @hookimpl
    def hexforge_games(self) -> list[GameInfo]:
        return [self.game]

    @hookimpl
    def hexforge_game_declarations(self) -> list[Path]:
        return [self.content / "game.yaml"]

    @hookimpl
    def hexforge_content_packs(self) -> list[Path]:
        return [self.content]

    @hookimpl
    def hexforge_card_kinds(self) -> list[CardKind]:
        return list(load(self.kinds))

    @hookimpl
    def hexforge_dsl_vocabulary(self, game: str, vocabulary: Vocabulary) -> None:
        if game == self.game.id:
            declare: Callable[[Vocabulary], None] = load(self.words)
            declare(vocabulary)

    @hookimpl
    def hexforge_scenario_drivers(self, host: PluginHost) -> list[ScenarioDriver]:
        return [load(self.driver)(host)]

    @hookimpl
    def hexforge_game_runners(self, host: PluginHost) -> list[GameRunner]:
        return [load(self.runner)(host)]

    @hookimpl
    def hexforge_agents(self) -> list[AgentSpec]:
        return list(load(self.agents)())

    @hookimpl
    def hexforge_invariants(self) -> list[Invariant]:
        return list(load(self.invariants))
