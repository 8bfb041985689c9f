"""Start-up of the ``hexforge`` command (issue 24): ``--version`` imports no plugin, game
or command module; ``--help`` lists every command, hexforge's and the plugins', without
importing hexforge's; a command's module is imported when the command runs.
benchmarks/startup.py times them."""

from __future__ import annotations

import json
import subprocess
import sys

import click
import pytest
from click.testing import CliRunner

from hexforge.core.cli.commands import BUILT_IN_COMMANDS
from hexforge.core.cli.main import make_cli
from hexforge.plugins.markers import hookimpl

PROBE = """
import json, sys
from hexforge.core.cli.main import main
try:
    main({args!r})
except SystemExit as done:
    code = done.code
print(json.dumps({{"code": code, "modules": sorted(sys.modules)}}))
"""
COMMAND_MODULES = {entry.module for entry in BUILT_IN_COMMANDS.values()}


def _modules_after(*args: str, stdin: str = "") -> tuple[str, set[str]]:
    """What ``hexforge ARGS`` printed and the modules it imported, in a fresh process that
    reads ``stdin``."""
    done = subprocess.run(
        [sys.executable, "-c", PROBE.format(args=list(args))],
        input=stdin,
        capture_output=True,
        text=True,
        check=False,
    )
    output, _, last = done.stdout.rstrip("\n").rpartition("\n")
    found = json.loads(last)
    assert found["code"] in (0, None), done.stdout + done.stderr
    return output, set(found["modules"])


def test_version_imports_no_plugin_game_or_command() -> None:
    output, modules = _modules_after("--version")
    assert output.startswith("hexforge, version ")
    assert not modules & COMMAND_MODULES
    assert not {m for m in modules if m.startswith("hexforge.plugins")}
    assert not {"pluggy", "rich", "pydantic", "lark", "ruamel"} & modules


def test_help_imports_no_command_module() -> None:
    output, modules = _modules_after("--help")
    assert not modules & COMMAND_MODULES
    listed = output.split("Commands:")[1].split("\n")
    assert {line.split()[0] for line in listed if line.strip()} == set(BUILT_IN_COMMANDS)


class _Commands:
    """A plugin adding one command of its own and one under a built-in command's name."""

    @hookimpl
    def hexforge_cli_commands(self) -> list[click.Command]:
        @click.command("hello")
        def hello() -> None:
            """Say hello from a plugin."""

        @click.command("validate")
        def not_validate() -> None:
            """A plugin's validate, which hexforge's own shadows."""

        return [hello, not_validate]


def test_help_lists_every_command_with_the_plugins() -> None:
    result = CliRunner().invoke(make_cli([("commands", _Commands())]), ["--help"])
    assert result.exit_code == 0, result.output
    lines = result.output.split("Commands:")[1].strip().split("\n")
    assert [line.split()[0] for line in lines] == sorted({*BUILT_IN_COMMANDS, "hello"})
    assert "  hello     Say hello from a plugin." in lines
    assert "shadows" not in result.output
    own = CliRunner().invoke(make_cli([("commands", _Commands())]), ["validate", "--help"])
    assert "Check content packs" in own.output


def test_the_listing_is_the_one_of_the_commands_themselves() -> None:
    """The summaries kept in the table shorten exactly as the commands' help does."""
    lazy = make_cli()
    loaded = make_cli()
    with click.Context(loaded, info_name="hexforge") as ctx:
        for name in BUILT_IN_COMMANDS:
            assert loaded.get_command(ctx, name) is not None
        assert set(loaded.commands) >= set(BUILT_IN_COMMANDS)
    for width in (60, 80, 120, 200):
        assert _help(lazy, width) == _help(loaded, width)


def _help(group: click.Group, width: int) -> str:
    with click.Context(group, info_name="hexforge", terminal_width=width) as ctx:
        return group.get_help(ctx)


@pytest.mark.parametrize("name", sorted(BUILT_IN_COMMANDS))
def test_each_entry_names_its_command(name: str) -> None:
    entry = BUILT_IN_COMMANDS[name]
    command = entry.load()
    assert command.name == name and not command.hidden and not command.deprecated
    stale = f"the summary of {name!r} in core/cli/commands.py is not its help's first sentence"
    for limit in (30, 45, 60, 100, 300):
        listed = entry.listed(name).get_short_help_str(limit)
        assert listed == command.get_short_help_str(limit), stale


def test_a_command_module_is_imported_when_it_runs() -> None:
    _, modules = _modules_after("explain", "HF311")
    assert "hexforge.core.cli.explain_cmd" in modules
    assert not modules & (COMMAND_MODULES - {"hexforge.core.cli.explain_cmd"})


def test_a_mistyped_command_is_matched_against_every_command() -> None:
    """Click suggests the close names among the commands it knows; hexforge's own are
    among them before any is imported."""
    result = CliRunner().invoke(make_cli(), ["validat"])
    assert result.exit_code == 2
    assert "No such command 'validat'." in result.output
    if hasattr(click.exceptions, "NoSuchCommand"):  # Click 8.4 and later suggest
        assert "Did you mean 'validate'?" in result.output


def test_warm_validate_imports_no_effect_parser(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """validate answered from the pack cache checks no effect text: the effect language's
    parser (Lark), checker and compiler are not imported (a game's modules import the
    DSL's entry points, which import them at their first call), nor worker processes'."""
    monkeypatch.setenv("HEXFORGE_CACHE_DIR", str(tmp_path))
    _modules_after("validate")  # fills the cache
    output, modules = _modules_after("validate")
    assert "from cache" in output
    heavy = {"lark", "hexforge.dsl.parser", "hexforge.dsl.checker", "hexforge.dsl.compiler"}
    assert not (heavy | {"multiprocessing"}) & modules


OTHER_GAMES_RULES = {
    "motu": ("rounds", "library", "narration", "agents", "setups", "render_battleground"),
    "nshex": ("game", "rules", "catalogue", "narration", "agents", "render_board"),
}
"""Modules of each game that only its own games and pictures need."""


@pytest.mark.parametrize(("game", "other"), [("motu", "nshex"), ("nshex", "motu")])
def test_a_game_s_start_imports_no_other_game_s_rules_and_no_drawing(
    game: str, other: str, tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every game's runner and agent names are read to seat the players, and the render
    plugins are loaded, but the start of a game imports neither the other game's rules
    nor anything that draws."""
    monkeypatch.setenv("HEXFORGE_CACHE_DIR", str(tmp_path))
    args = ("play", "--game", game, "--seed", "1", "--p1", "human", "--p2", "first")
    output, modules = _modules_after(*args, stdin="q\n")
    assert "game abandoned" in output
    assert not {f"hexforge.plugins.{other}.{name}" for name in OTHER_GAMES_RULES[other]} & modules
    assert not {m for m in modules if m.startswith("hexforge.core.render")}
