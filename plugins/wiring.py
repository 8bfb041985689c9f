"""One declaration wires a game plugin: the module that declares it and its content folder.
The game's name and description are data in its ``game.yaml``; its parts are found by
convention in the game's package, named ``module:attribute`` relative to it and imported
at first use - so ``hexforge --help`` imports no game code, and every game (built-in or an
expansion's) is wired the same way:

========== ==================================== ==============================
part        default                              what it is
========== ==================================== ==============================
kinds       ``.cards:CARD_KINDS``                a sequence of ``CardKind``
words       ``.vocabulary:declare_words``        ``declare(vocabulary)``
driver      ``.driver:Driver``                   a class made with the ``PluginHost``
runner      ``.play:Runner``                     a class made with the ``PluginHost``
agents      ``.agents:agent_specs``              a function returning ``AgentSpec``s
invariants  ``.invariants:INVARIANTS``           a sequence of ``Invariant``
actions     none                                 the game's own actions (``hexforge_actions``)
files       none                                 ``FileKind``s (``hexforge_file_kinds``)
renderer    none                                 a ``GameRenderer`` class made with the
                                                 ``PluginHost`` (``hexforge_renderers``)
codes       none                                 ``CodeDoc``s of the game's own errors
                                                 (``hexforge_diagnostic_codes``)
========== ==================================== ==============================

A game module ends with ``plugin = GamePlugin(__name__, CONTENT, ...)`` naming only the
parts that differ, and its entry point names that object
(``motu = "hexforge.plugins.motu:plugin"``). ``words``, ``agents`` and ``invariants`` may be
``None``: a game whose cards hold no effect text declares no words, one may ship no agent
or invariant of its own.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from importlib import import_module
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ruamel.yaml import YAML

from hexforge.core.errors import HexforgeError
from hexforge.core.games import GameInfo
from hexforge.plugins.markers import hookimpl
from hexforge.plugins.plugin_codes import BAD_GAME_PLUGIN

if TYPE_CHECKING:
    from hexforge.core.agents import AgentSpec
    from hexforge.core.packs.catalogue import CardKind
    from hexforge.core.packs.filekinds import FileKind
    from hexforge.core.play import GameRunner
    from hexforge.core.render import GameRenderer
    from hexforge.core.scenarios.driver import ScenarioDriver
    from hexforge.core.simulate.invariants import Invariant
    from hexforge.dsl.vocabulary import Vocabulary
    from hexforge.plugins.manager import PluginHost
    from hexforge.plugins.plugin_codes import CodeDoc


@dataclass(frozen=True, slots=True)
class GamePlugin:
    """The hook implementations of one game (module docstring: the parts' conventions)."""

    module: str
    """The package declaring the plugin: parts starting with ``.`` are relative to it;
    ``hexforge plugins`` lists it and its files stamp cached validation results."""
    content: Path
    """The game's content folder: its ``game.yaml`` and the base pack (``pack.yaml``)."""
    kinds: str = ".cards:CARD_KINDS"
    words: str | None = ".vocabulary:declare_words"
    driver: str = ".driver:Driver"
    runner: str = ".play:Runner"
    agents: str | None = ".agents:agent_specs"
    invariants: str | None = ".invariants:INVARIANTS"
    actions: str | None = None
    files: str | None = None
    """The kinds of files beside the cards (setups, maps) ``hexforge validate`` checks."""
    renderer: str | None = None
    """How ``hexforge render`` draws the game (the built-in games register theirs as
    plugins of their own, ``motu-render``; one declaration serves as well)."""
    codes: str | None = None
    """The diagnostic codes of the game's own errors (``CodeDoc``s, ``hexforge explain``)."""

    @property
    def __name__(self) -> str:  # what plugin listings show, as for a module plugin
        return self.module

    @property
    def game(self) -> GameInfo:
        """The game's id, name and description, from its ``game.yaml``."""
        return game_info(self.content / "game.yaml")

    def load(self, reference: str) -> Any:
        """The object a part names (imported now)."""
        module, _, attribute = reference.partition(":")
        name = f"{self.module}{module}" if module.startswith(".") else module
        return getattr(import_module(name), attribute)

    def items(self, reference: str | None) -> list[Any]:
        """The sequence an optional part names, as a list (none: the part is left out)."""
        return [] if reference is None else list(self.load(reference))

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
        return list(self.load(self.kinds))

    @hookimpl
    def hexforge_file_kinds(self) -> list[FileKind]:
        return self.items(self.files)

    @hookimpl
    def hexforge_dsl_vocabulary(self, game: str, vocabulary: Vocabulary) -> None:
        if self.words is not None and game == self.game.id:
            declare: Callable[[Vocabulary], None] = self.load(self.words)
            declare(vocabulary)

    @hookimpl
    def hexforge_scenario_drivers(self, host: PluginHost) -> list[ScenarioDriver]:
        return [self.load(self.driver)(host)]

    @hookimpl
    def hexforge_game_runners(self, host: PluginHost) -> list[GameRunner]:
        return [self.load(self.runner)(host)]

    @hookimpl
    def hexforge_agents(self) -> list[AgentSpec]:
        return [] if self.agents is None else list(self.load(self.agents)())

    @hookimpl
    def hexforge_invariants(self) -> list[Invariant]:
        return self.items(self.invariants)

    @hookimpl
    def hexforge_renderers(self, host: PluginHost) -> list[GameRenderer]:
        return [] if self.renderer is None else [self.load(self.renderer)(host)]

    @hookimpl
    def hexforge_diagnostic_codes(self) -> list[CodeDoc]:
        return self.items(self.codes)

    @hookimpl
    def hexforge_actions(self, game: str) -> list[Any]:
        if self.actions is None or game != self.game.id:
            return []
        return self.items(self.actions)


@lru_cache(maxsize=16)
def game_info(path: Path) -> GameInfo:
    """``game``, ``name`` and ``description`` of a ``game.yaml`` (read once; the whole file
    is validated with the packs, HF201)."""
    data = YAML(typ="safe").load(path.read_text(encoding="utf-8"))
    fields = [data.get(key) if isinstance(data, dict) else None for key in GAME_FIELDS]
    if not all(isinstance(value, str) for value in fields):
        raise HexforgeError.single(
            BAD_GAME_PLUGIN,
            f"{path} does not say the game's {', '.join(GAME_FIELDS)}",
            hint="game.yaml names its game: 'game: ID', 'name: ...', 'description: ...'",
        )
    return GameInfo(*[str(value) for value in fields])


GAME_FIELDS = ("game", "name", "description")
