"""The ``hexforge`` group, its global options and the error handling every command shares.

Exit codes: 0 ok, 1 content errors, 2 usage errors, 3 internal errors (see docs/cli.md).
"""

from __future__ import annotations

import sys
import traceback
from collections.abc import Sequence
from importlib.metadata import version
from pathlib import Path

import click
from rich.console import Console

from hexforge.core import codes
from hexforge.core.cli.cards_cmd import cards_command
from hexforge.core.cli.new_cmd import new_command
from hexforge.core.cli.play_cmd import play_command, replay_command
from hexforge.core.cli.plugins_cmd import plugins_command
from hexforge.core.cli.render_cmd import render_command
from hexforge.core.cli.schema_cmd import schema_command
from hexforge.core.cli.simulate_cmd import simulate_command
from hexforge.core.cli.state import LANGUAGES, AppState
from hexforge.core.cli.test_cmd import test_command
from hexforge.core.cli.validate_cmd import validate_command
from hexforge.core.errors import ExitCode, HexforgeError
from hexforge.core.report import render_text
from hexforge.plugins.manager import PluginHost, PluginSelection, load_plugins
from hexforge.plugins.pack_folders import PLUGIN_NAME, pack_folders

BUILT_IN_COMMANDS: tuple[click.Command, ...] = (
    plugins_command,
    validate_command,
    schema_command,
    test_command,
    play_command,
    replay_command,
    simulate_command,
    render_command,
    new_command,
    cards_command,
)
REPORT_URL = "https://github.com/hexforge/hexforge/issues"
REPORT_PLUGIN_PROBLEMS = frozenset({"validate"})
"""Commands whose own report carries the plugins' load problems (the group prints them
on stderr before any other command, so they are shown once either way)."""


class HexforgeGroup(click.Group):
    """A group whose commands come from hexforge itself and from the installed plugins."""

    def __init__(self, extra_plugins: Sequence[tuple[str, object]] = (), **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._extra_plugins = tuple(extra_plugins)
        self._host: PluginHost | None = None
        for command in BUILT_IN_COMMANDS:
            self.add_command(command)

    @property
    def host(self) -> PluginHost:
        """The plugins (with the ``--pack`` folders), loaded on first use.

        ``--plugins`` / ``--no-plugins`` / ``--pack`` are parsed before any subcommand is
        looked up, so they are read from the current context's parameters. Load problems
        are printed by the group's callback (:func:`make_cli`), not here.
        """
        if self._host is None:
            ctx = click.get_current_context(silent=True)
            params = ctx.params if ctx is not None else {}
            if params.get("only") and params.get("no_plugins"):
                raise click.UsageError("--plugins and --no-plugins exclude each other")
            selection = PluginSelection.choose(
                params.get("only") or (), none=bool(params.get("no_plugins"))
            )
            extra = list(self._extra_plugins)
            if params.get("packs"):
                extra.append((PLUGIN_NAME, pack_folders(params["packs"])))
            self._host = load_plugins(extra, selection=selection)
            for command in self._host.cli_commands():
                if command.name and command.name not in self.commands:
                    self.add_command(command)
        return self._host

    def list_commands(self, ctx: click.Context) -> list[str]:
        _ = self.host
        return super().list_commands(ctx)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        _ = self.host
        return super().get_command(ctx, cmd_name)

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise
        except BrokenPipeError:
            # The reader went away (``| head``): not a bug; Click silences the streams and
            # exits 1, as rich's Console already does for the text output.
            raise
        except HexforgeError as error:
            render_text(error.diagnostics, Console(stderr=True))
            raise click.exceptions.Exit(error.exit_code) from error
        except Exception as error:
            state = ctx.find_object(AppState)
            err = Console(stderr=True)
            err.print(
                f"[bold red]internal error {codes.INTERNAL_ERROR}[/bold red]: "
                f"{type(error).__name__}: {error}",
                highlight=False,
            )
            err.print(f"This is a bug in hexforge; please report it at {REPORT_URL}")
            if state is not None and state.debug:
                err.print(traceback.format_exc(), highlight=False, markup=False)
            else:
                err.print("Run again with --debug to see the traceback.")
            raise click.exceptions.Exit(ExitCode.INTERNAL) from error


def make_cli(extra_plugins: Sequence[tuple[str, object]] = ()) -> HexforgeGroup:
    """Build the ``hexforge`` group; ``extra_plugins`` are registered besides the installed ones."""

    @click.group(
        cls=HexforgeGroup,
        extra_plugins=extra_plugins,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    @click.version_option(version("hexforge"), "--version", "-V", prog_name="hexforge")
    @click.option("--debug", is_flag=True, help="Show tracebacks of internal errors.")
    @click.option(
        "--plugins",
        "only",
        multiple=True,
        metavar="NAMES",
        help="Load only these external plugins (comma-separated; built-in games always load).",
    )
    @click.option(
        "--no-plugins", is_flag=True, help="Load no external plugin (built-in games only)."
    )
    @click.option(
        "--pack",
        "packs",
        multiple=True,
        type=click.Path(path_type=Path),
        metavar="PATH",
        help="Also load the content pack at PATH, as if an installed plugin shipped it.",
    )
    @click.option(
        "--lang",
        type=click.Choice(LANGUAGES),
        default="en",
        show_default=True,
        help="Language of card names and texts in output.",
    )
    @click.pass_context
    def hexforge(
        ctx: click.Context,
        debug: bool,
        only: tuple[str, ...],
        no_plugins: bool,
        packs: tuple[Path, ...],
        lang: str,
    ) -> None:
        """hexforge: rules, content and games for hex tactical board games."""
        group = ctx.command
        assert isinstance(group, HexforgeGroup)
        state = AppState(
            debug=debug,
            lang=lang,
            plugins=group.host,
            out=Console(),
            err=Console(stderr=True),
        )
        ctx.obj = state
        if state.plugins.problems and ctx.invoked_subcommand not in REPORT_PLUGIN_PROBLEMS:
            render_text(state.plugins.problems, state.err)

    return hexforge


def main(argv: Sequence[str] | None = None) -> None:
    """Console-script entry point."""
    make_cli().main(args=list(argv) if argv is not None else sys.argv[1:], prog_name="hexforge")
