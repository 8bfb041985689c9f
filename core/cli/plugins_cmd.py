"""``hexforge plugins``: what is installed and what each plugin provides."""

from __future__ import annotations

import json

import click
from rich.table import Table

from hexforge.core.cli.state import get_state
from hexforge.core.errors import ExitCode


@click.command("plugins")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text")
def plugins_command(fmt: str) -> None:
    """List installed plugins, their versions and the games they provide."""
    state = get_state()
    host = state.plugins
    games_by_plugin = {r.name: [g.id for g in host.games_of(r.name)] for r in host.plugins}
    if fmt == "json":
        rows = [
            {
                "name": r.name,
                "module": r.module,
                "distribution": r.distribution,
                "version": r.version,
                "games": games_by_plugin[r.name],
            }
            for r in host.plugins
        ]
        problems = [d.message for d in host.problems]
        state.out.print_json(json.dumps({"plugins": rows, "problems": problems}))
    else:
        table = Table(title="hexforge plugins")
        for column in ("plugin", "distribution", "version", "games", "module"):
            table.add_column(column)
        for r in host.plugins:
            games = ", ".join(games_by_plugin[r.name]) or "-"
            table.add_row(r.name, r.distribution or "-", r.version or "-", games, r.module)
        state.out.print(table)
    if host.problems:
        raise click.exceptions.Exit(ExitCode.CONTENT)
