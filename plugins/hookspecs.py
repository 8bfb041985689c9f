"""Hook specifications: the whole API a game or an expansion plugs into.

Every hook is documented in docs/plugins.md. Hooks only register things (games, content,
commands); they never decide the order of in-game triggers - the timing engine does.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from hexforge.core.games import GameInfo
from hexforge.core.packs.catalogue import CardKind
from hexforge.plugins.markers import hookspec

if TYPE_CHECKING:
    from hexforge.core.agents import AgentSpec
    from hexforge.core.packs.filekinds import FileKind
    from hexforge.core.play import GameRunner
    from hexforge.core.render.renderer import GameRenderer
    from hexforge.core.scenarios.driver import ScenarioDriver
    from hexforge.core.simulate.invariants import Invariant
    from hexforge.dsl.vocabulary import Vocabulary
    from hexforge.plugins.manager import PluginHost
    from hexforge.plugins.plugin_codes import CodeDoc


@hookspec
def hexforge_games() -> list[GameInfo]:
    """Return the games this plugin provides."""
    raise NotImplementedError


@hookspec
def hexforge_cli_commands() -> list[click.Command]:
    """Return extra ``hexforge`` subcommands (Click commands or groups)."""
    raise NotImplementedError


@hookspec
def hexforge_dsl_vocabulary(game: str, vocabulary: Vocabulary) -> None:
    """Declare the effect-language words of ``game`` (or add to them, for an expansion).

    Called for every game; an implementation returns at once for a game it does not serve.
    """
    raise NotImplementedError


@hookspec
def hexforge_actions(game: str) -> list[Any]:
    """Return actions to add to ``game``'s action table (for motu,
    ``hexforge.plugins.motu.api.Action`` objects: a verb, its cost rule, what lists its
    legal options and what performs them; docs/expansions.md, "Adding an action"; for
    nshex, ``hexforge.plugins.nshex.api.TileAbility`` objects: tile rules named in a
    tile's ``abilities``, docs/nshex.md, "Tile abilities").

    Called for every game; an implementation returns ``[]`` for a game it does not serve.
    An action that needs no Python is better written as an action card in a pack.
    """
    raise NotImplementedError


@hookspec
def hexforge_game_declarations() -> list[Path]:
    """Return the ``game.yaml`` files of this plugin's games: card kinds and rule tiers."""
    raise NotImplementedError


@hookspec
def hexforge_card_kinds() -> list[CardKind]:
    """Return the card kinds this plugin defines, each with the pydantic model of its cards."""
    raise NotImplementedError


@hookspec
def hexforge_content_packs() -> list[Path]:
    """Return the folders (each with a ``pack.yaml``) of the content packs this plugin ships."""
    raise NotImplementedError


@hookspec
def hexforge_file_kinds() -> list[FileKind]:
    """Return the kinds of YAML files this plugin's games keep beside their cards
    (``hexforge.core.packs.filekinds.FileKind``: motu's setups and maps): how a file is
    recognised (its folder in a pack, its top-level keys) and how it is checked.
    ``hexforge validate`` checks such files in every pack of the game and given by path
    alone, and the language server as they are edited (docs/content.md)."""
    raise NotImplementedError


@hookspec
def hexforge_scenario_drivers(host: PluginHost) -> list[ScenarioDriver]:
    """Return the scenario drivers of this plugin's games (one per game id), serving the
    plugins of ``host`` (their cards; an implementation may leave the argument out).

    A driver turns a scenario file's ``setup:``, actions and expectations into calls on
    the game (docs/scenarios.md, "Writing a driver").
    """
    raise NotImplementedError


@hookspec
def hexforge_game_runners(host: PluginHost) -> list[GameRunner]:
    """Return the runners of this plugin's games: how ``hexforge play`` plays a whole game
    with given agents and seed (``hexforge.core.play.GameRunner``), with the cards of the
    plugins of ``host`` (an implementation may leave the argument out)."""
    raise NotImplementedError


@hookspec
def hexforge_agents() -> list[AgentSpec]:
    """Return named agents (``hexforge.core.agents.AgentSpec``) for ``hexforge play --p1
    NAME`` and ``hexforge simulate``: e.g. a game's ``heuristic`` and ``human``
    (docs/play.md)."""
    raise NotImplementedError


@hookspec
def hexforge_invariants() -> list[Invariant]:
    """Return rules invariants (``hexforge.core.simulate.invariants.Invariant``) of any
    game, an expansion's included: what every position keeps, checked by ``hexforge
    simulate --check`` and the random-game tests (a broken one is HF055)."""
    raise NotImplementedError


@hookspec
def hexforge_diagnostic_codes() -> list[CodeDoc]:
    """Return the diagnostic codes of this plugin's own errors
    (``hexforge.plugins.plugin_codes.CodeDoc``: the code, what it means, what to do), for
    ``hexforge explain``; a code of hexforge's form (HF) or a malformed one is HF607, one
    declared by two plugins HF605."""
    raise NotImplementedError


@hookspec
def hexforge_renderers(host: PluginHost) -> list[GameRenderer]:
    """Return the renderers of this plugin's games: how ``hexforge render`` draws their
    maps, positions and cards and records replay pictures
    (``hexforge.core.render.GameRenderer``, docs/render.md), with the cards of the plugins
    of ``host`` (an implementation may leave the argument out)."""
    raise NotImplementedError
