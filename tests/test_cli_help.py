"""The command line explains itself: every option has help text, ``--game`` of play and
replay lists the playable games, ``play --help`` lists the agents (issue 27)."""

from __future__ import annotations

import click
from click.testing import CliRunner

from hexforge.core.cli.main import make_cli


def _options(ctx: click.Context, path: str) -> list[tuple[str, click.Option]]:
    """Every option of ``ctx``'s command and its subcommands, looked up as when they run
    (the group imports its own commands only then)."""
    command = ctx.command
    found = [(path, p) for p in command.params if isinstance(p, click.Option)]
    if isinstance(command, click.Group):
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            assert sub is not None, name
            found += _options(click.Context(sub, info_name=name, parent=ctx), f"{path} {name}")
    return found


def test_every_option_of_every_command_has_help_text() -> None:
    group = make_cli()
    with click.Context(group, info_name="hexforge") as ctx:
        options = _options(ctx, "hexforge")
    assert {path.split()[1] for path, _ in options if " " in path} >= {"validate", "render"}
    assert [f"{path} {option.opts}" for path, option in options if not option.help] == []


def test_play_help_lists_the_games_and_every_agent() -> None:
    result = CliRunner().invoke(make_cli(), ["play", "--help"])
    assert result.exit_code == 0, result.output
    assert "--game [motu|nshex]" in result.output
    agents = result.output.split("Agents (--p1, --p2):", 1)[1]
    for name in ("first", "heuristic", "human", "random"):
        assert f"\n  {name} " in agents
    assert "(nshex)" in agents and "(motu)" in agents  # each game's own heuristic


def test_an_unknown_game_is_a_usage_error_listing_the_playable() -> None:
    for command in (["play"], ["replay", __file__]):
        result = CliRunner().invoke(make_cli(), [*command, "--game", "chess"])
        assert result.exit_code == 2
        assert "no playable game 'chess' (playable: motu, nshex)" in result.output
