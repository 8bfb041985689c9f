"""What every ``hexforge`` subcommand receives from the group's global options."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:  # the group imports this module for --version too: nothing heavy here
    from rich.console import Console

    from hexforge.plugins.manager import PluginHost

LANGUAGES = ("en", "pl", "de", "fr")


@dataclass(frozen=True, slots=True)
class AppState:
    """Global options and the loaded plugins, shared by all subcommands."""

    debug: bool
    lang: str
    plugins: PluginHost
    out: Console
    err: Console


def get_state() -> AppState:
    """The :class:`AppState` of the running command (set by the group callback)."""
    state = click.get_current_context().find_object(AppState)
    if state is None:  # only when a command is invoked outside the hexforge group
        raise click.UsageError("this command must run under the 'hexforge' group")
    return state
