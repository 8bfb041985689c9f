"""The ``hexforge`` command line: global options, exit codes, error rendering (issue 2)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import click
from click.testing import CliRunner
from pytest import MonkeyPatch

from hexforge.core.cli.main import make_cli
from hexforge.core.errors import HexforgeError, Span
from hexforge.plugins.markers import hookimpl


class _CommandsPlugin:
    """A test plugin adding commands that fail in the two ways a command can fail."""

    @hookimpl
    def hexforge_cli_commands(self) -> list[click.Command]:
        @click.command("crash")
        def crash() -> None:
            raise RuntimeError("boom")

        @click.command("bad-content")
        def bad_content() -> None:
            raise HexforgeError.single(
                "HF001",
                "path not found",
                span=Span.point("cards/x.yaml", 3, 5, 4),
                source_line="id: nope",
                hint="check the path",
            )

        return [crash, bad_content]


def run(*args: str) -> click.testing.Result:
    return CliRunner().invoke(make_cli([("commands", _CommandsPlugin())]), list(args))


def test_version_prints_the_package_version() -> None:
    from importlib.metadata import version

    result = run("--version")
    assert result.exit_code == 0
    assert version("hexforge") in result.output


def test_unknown_option_is_a_usage_error_with_exit_2() -> None:
    result = run("--bogus")
    assert result.exit_code == 2
    assert "No such option" in result.output


def test_unknown_language_is_a_usage_error() -> None:
    result = run("--lang", "xx", "plugins")
    assert result.exit_code == 2


def test_help_lists_only_working_commands() -> None:
    result = CliRunner().invoke(make_cli(), ["--help"])
    assert result.exit_code == 0
    listed = result.output.split("Commands:")[1].split()
    assert "plugins" in listed


def test_plugins_lists_both_built_in_games() -> None:
    result = CliRunner().invoke(make_cli(), ["plugins", "--format", "json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    games = {g for p in data["plugins"] for g in p["games"]}
    assert {"motu", "nshex"} <= games
    assert data["problems"] == []


def test_plugin_commands_join_the_group() -> None:
    result = run("--help")
    assert "crash" in result.output and "bad-content" in result.output


def test_internal_error_exits_3_without_traceback() -> None:
    result = run("crash")
    assert result.exit_code == 3
    assert "internal error HF002" in result.output
    assert "please report" in result.output
    assert "Traceback" not in result.output


def test_internal_error_shows_traceback_under_debug() -> None:
    result = run("--debug", "crash")
    assert result.exit_code == 3
    assert "Traceback" in result.output


def test_content_error_exits_1_with_location_caret_and_hint() -> None:
    result = run("bad-content")
    assert result.exit_code == 1
    assert "cards/x.yaml:3:5: error HF001: path not found" in result.output
    assert "    ^^^^" in result.output
    assert "hint: check the path" in result.output


def test_installed_script_runs_in_a_subprocess() -> None:
    exe = str(Path(sysconfig.get_path("scripts")) / "hexforge")
    done = subprocess.run([exe, "--version"], capture_output=True, text=True, check=False)
    assert done.returncode == 0 and "hexforge, version" in done.stdout
    bogus = subprocess.run([exe, "--bogus"], capture_output=True, text=True, check=False)
    assert bogus.returncode == 2 and "No such option" in bogus.stderr
    assert "Traceback" not in bogus.stderr


def test_a_closed_pipe_is_not_an_internal_error() -> None:
    """``hexforge validate --format json | head -1``: the reader leaving is no bug to report."""
    exe = str(Path(sysconfig.get_path("scripts")) / "hexforge")
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [exe, "validate", "--help"], stdout=write_end, stderr=subprocess.PIPE, check=False
        )
    finally:
        os.close(write_end)
    assert done.returncode == 1
    assert done.stderr == b""


def test_module_entry_point_matches_script() -> None:
    done = subprocess.run(
        [sys.executable, "-c", "from hexforge.core.cli.main import main; main(['--version'])"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0 and "hexforge, version" in done.stdout


def _broken_loader(*args: object, **kwargs: object) -> object:
    raise RuntimeError("the plugin loader broke")


def test_debug_internal_error_does_not_ask_for_debug_again(monkeypatch: MonkeyPatch) -> None:
    """Issue 20: an internal error before the command's state exists (here loading the
    plugins) under ``--debug`` said "Run again with --debug"; now it shows the traceback."""
    monkeypatch.setattr("hexforge.core.cli.main.load_plugins", _broken_loader)
    result = run("--debug", "plugins")
    assert result.exit_code == 3
    assert "internal error HF002: RuntimeError: the plugin loader broke" in result.output
    assert "Traceback" in result.output
    assert "--debug" not in result.output.replace("Traceback", "")
    plain = run("plugins")
    assert plain.exit_code == 3 and "Run again with --debug" in plain.output
    assert "Traceback" not in plain.output


def test_internal_error_while_reading_the_command_line_is_hf002(monkeypatch: MonkeyPatch) -> None:
    """Issue 20: ``--help`` lists the plugins' commands while the command line is read;
    an error there was a bare traceback, now it is HF002 with exit code 3."""
    monkeypatch.setattr("hexforge.core.cli.main.load_plugins", _broken_loader)
    result = run("--help")
    assert result.exit_code == 3, result.output
    assert "internal error HF002" in result.output and "Traceback" not in result.output
    assert "Traceback" in run("--debug", "--help").output
