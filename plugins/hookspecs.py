"""Hook specifications: the whole API a game or an expansion plugs into.

Every hook is documented in docs/plugins.md. Hooks only register things (games, content,
commands); they never decide the order of in-game triggers - the timing engine does.
"""

from __future__ import annotations

import click

from hexforge.core.games import GameInfo
from hexforge.plugins.markers import hookspec


@hookspec
def hexforge_games() -> list[GameInfo]:
    """Return the games this plugin provides."""
    raise NotImplementedError


@hookspec
def hexforge_cli_commands() -> list[click.Command]:
    """Return extra ``hexforge`` subcommands (Click commands or groups)."""
    raise NotImplementedError
