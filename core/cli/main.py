"""The ``hexforge`` group, its global options and the error handling every command shares.

Exit codes: 0 ok, 1 content errors, 2 usage errors, 3 internal errors (see docs/cli.md).
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Sequence
from gettext import gettext
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from hexforge.core import codes
from hexforge.core.cli.commands import BUILT_IN_COMMANDS
from hexforge.core.cli.state import LANGUAGES
from hexforge.core.errors import ExitCode, HexforgeError

if TYPE_CHECKING:
    from hexforge.plugins.manager import PluginHost, PluginSelection

REPORT_URL = "https://github.com/hexforge/hexforge/issues"
REPORT_PLUGIN_PROBLEMS = frozenset({"validate"})
"""Commands whose own report carries the plugins' load problems (the group prints them
on stderr before any other command, so they are shown once either way)."""


class HexforgeGroup(click.Group):
    """A group whose commands come from hexforge itself and from the installed plugins.

    hexforge's own commands are imported when one is looked up to run
    (:data:`~hexforge.core.cli.commands.BUILT_IN_COMMANDS`), the plugins loaded when a
    command is looked up or listed: ``--version`` imports neither, ``--help`` no command.
    """

    def __init__(self, extra_plugins: Sequence[tuple[str, object]] = (), **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._extra_plugins = tuple(extra_plugins)
        self._host: PluginHost | None = None
        self._debug = False

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
            extra = list(self._extra_plugins)
            if params.get("packs"):
                from hexforge.plugins.pack_folders import PLUGIN_NAME, pack_folders

                extra.append((PLUGIN_NAME, pack_folders(params["packs"])))
            selection = _selection(params.get("only") or (), none=bool(params.get("no_plugins")))
            self._host = load_plugins(extra, selection=selection)
            for command in self._host.cli_commands():
                name = command.name
                if name and name not in self.commands and name not in BUILT_IN_COMMANDS:
                    self.add_command(command)
        return self._host

    def list_commands(self, ctx: click.Context) -> list[str]:
        _ = self.host
        return sorted({*self.commands, *BUILT_IN_COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        _ = self.host  # a plugin's load problem or a bad --pack, whichever command it is
        command = self.commands.get(cmd_name)
        built_in = BUILT_IN_COMMANDS.get(cmd_name)
        if command is None and built_in is not None:
            command = built_in.load()
            self.add_command(command, cmd_name)
        return command

    def resolve_command(
        self, ctx: click.Context, args: list[str]
    ) -> tuple[str | None, click.Command | None, list[str]]:
        """Click's, with the close matches of an unknown name ("did you mean") taken from
        every command: hexforge's own are not in ``self.commands`` until looked up."""
        try:
            return super().resolve_command(ctx, args)
        except click.UsageError as error:
            name = getattr(error, "command_name", None)  # NoSuchCommand (Click 8.4 and later)
            if isinstance(name, str):
                from difflib import get_close_matches

                close = get_close_matches(name, self.list_commands(ctx))
                vars(error)["possibilities"] = close  # Final for type checkers only
            raise

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """Click's listing of the commands, a built-in one's short help taken from its
        summary (the command is not imported for it)."""
        listed: list[tuple[str, click.Command]] = []
        for name in self.list_commands(ctx):
            built_in = BUILT_IN_COMMANDS.get(name)
            if built_in is not None and name not in self.commands:
                listed.append((name, built_in.listed(name)))
                continue
            command = self.get_command(ctx, name)
            if command is not None and not command.hidden:
                listed.append((name, command))
        if listed:
            limit = formatter.width - 6 - max(len(name) for name, _ in listed)
            rows = [(name, command.get_short_help_str(limit)) for name, command in listed]
            with formatter.section(gettext("Commands")):
                formatter.write_dl(rows)

    def make_context(
        self,
        info_name: str | None,
        args: list[str],
        parent: click.Context | None = None,
        **extra: object,
    ) -> click.Context:
        self._debug = "--debug" in args  # known before parsing, for an error while parsing
        for arg in args:  # no real command line holds one; no path or name can
            if "\x00" in arg:
                from hexforge.core.report import printable

                message = f"'{printable(arg)}' holds a NUL character"
                raise click.UsageError(message)
        try:
            return super().make_context(info_name, args, parent, **extra)
        except click.exceptions.ClickException as error:
            raise _printable_error(error) from None
        except HexforgeError as error:  # e.g. a --pack path, found while listing for --help
            from hexforge.core.report import make_console, render_text

            render_text(error.diagnostics, make_console(stderr=True))
            raise click.exceptions.Exit(error.exit_code) from error

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except click.exceptions.ClickException as error:
            raise _printable_error(error) from None
        except (click.exceptions.Exit, click.exceptions.Abort):
            raise
        except BrokenPipeError:
            # The reader went away (``| head``): not a bug; Click silences the streams and
            # exits 1, as rich's Console already does for the text output.
            raise
        except HexforgeError as error:
            from hexforge.core.report import make_console, render_text

            render_text(error.diagnostics, make_console(stderr=True))
            raise click.exceptions.Exit(error.exit_code) from error
        except Exception as error:
            debug = bool(ctx.params.get("debug")) or self._debug
            report_internal_error(error, debug=debug)
            raise click.exceptions.Exit(ExitCode.INTERNAL) from error

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        """Click's main, with an error outside any command (reading the group's options,
        listing the plugins' commands for ``--help``) reported as an internal error too."""
        try:
            return super().main(args, prog_name, complete_var, standalone_mode, **extra)
        except Exception as error:  # SystemExit, the normal way out, is not an Exception
            report_internal_error(error, debug=self._debug)
            sys.exit(ExitCode.INTERNAL)


_STARTING: list[bool] = []
"""Not empty while :func:`main` has the garbage collector off for the start."""


def _started() -> None:
    """The command's own work begins: what start-up made is set aside for good
    (``gc.freeze``, never scanned again) and the collector is on, as for any process."""
    if _STARTING:
        _STARTING.clear()
        gc.freeze()
        gc.enable()


def _selection(only: Sequence[str], *, none: bool) -> PluginSelection:
    from hexforge.plugins.manager import PluginSelection

    return PluginSelection.choose(only, none=none)


def load_plugins(extra: Sequence[tuple[str, object]], *, selection: PluginSelection) -> PluginHost:
    """:func:`hexforge.plugins.manager.load_plugins`, imported when the plugins are first
    needed: pluggy and the hook specifications cost nothing to ``--version``."""
    from hexforge.plugins.manager import load_plugins as load

    return load(extra, selection=selection)


def _printable_error(error: click.exceptions.ClickException) -> click.exceptions.ClickException:
    """A usage error shows what was typed (``no playable game '...'``): its control
    characters are written as escapes, as all user text is (core/report.py)."""
    from hexforge.core.report import printable

    vars(error)["message"] = printable(error.message)  # Final for type checkers only
    return error


def report_internal_error(error: BaseException, *, debug: bool) -> None:
    """HF002 on stderr: what went wrong, where to report it, and under ``--debug`` the
    traceback (without it, how to see the traceback). Everything printed is plain text:
    an error message quoting a path such as ``[/x]`` is shown, never read as markup."""
    from hexforge.core.report import make_console, say

    err = make_console(stderr=True)
    heading = (f"internal error {codes.INTERNAL_ERROR}", "bold red")
    say(err, heading, f": {type(error).__name__}: {error}", soft_wrap=True)
    if debug:
        import traceback

        report = f"This is a bug in hexforge; please report it at {REPORT_URL} with the traceback:"
        say(err, report, soft_wrap=True)
        say(err, "".join(traceback.format_exception(error)), soft_wrap=True)
    else:
        say(err, f"This is a bug in hexforge; please report it at {REPORT_URL}", soft_wrap=True)
        say(err, "Run again with --debug to see the traceback.", soft_wrap=True)


def make_cli(extra_plugins: Sequence[tuple[str, object]] = ()) -> HexforgeGroup:
    """Build the ``hexforge`` group; ``extra_plugins`` are registered besides the installed ones."""

    @click.group(
        cls=HexforgeGroup,
        extra_plugins=extra_plugins,
        context_settings={"help_option_names": ["-h", "--help"]},
    )
    @click.version_option(
        None, "--version", "-V", package_name="hexforge", prog_name="hexforge"
    )  # the version is read from the installed distribution only when asked for
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
        from hexforge.core.cli.state import AppState
        from hexforge.core.report import make_console, render_text

        group = ctx.command
        assert isinstance(group, HexforgeGroup)
        state = AppState(
            debug=debug,
            lang=lang,
            plugins=group.host,
            out=make_console(),
            err=make_console(stderr=True),
        )
        ctx.obj = state
        if ctx.invoked_subcommand not in REPORT_PLUGIN_PROBLEMS:
            problems = state.plugins.problems
            render_text(problems, state.err)
            # a game reads its packs when it first plays: what it leaves out comes later
            shown = len(problems)
            ctx.call_on_close(lambda: render_text(problems[shown:], state.err))
        _started()

    return hexforge


def main(argv: Sequence[str] | None = None) -> None:
    """Console-script entry point.

    The cyclic garbage collector is off while the command starts (:func:`_started`):
    start-up creates thousands of modules, classes and schemas that live as long as the
    process, which the collector would only scan again and again (docs/cli.md, "Start-up").
    """
    gc.disable()
    _STARTING.append(True)
    try:
        make_cli().main(args=list(argv) if argv is not None else sys.argv[1:], prog_name="hexforge")
    finally:  # a command that ended before its work (--help, a usage error)
        if _STARTING:
            _STARTING.clear()
            gc.enable()
