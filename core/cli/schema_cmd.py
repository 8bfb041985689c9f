"""``hexforge schema``: write the JSON Schemas of pack.yaml, game.yaml and every card kind."""

from __future__ import annotations

import json
from pathlib import Path

import click

from hexforge.core.cli.output import OutputPath, writing
from hexforge.core.cli.state import get_state
from hexforge.core.packs.schema import schemas
from hexforge.core.report import say
from hexforge.core.scenarios.drivers import drivers_from_host
from hexforge.core.scenarios.schema import scenario_schemas
from hexforge.plugins.catalogue import catalogue_from_host


@click.command("schema")
@click.option(
    "--out",
    "out_dir",
    type=OutputPath(folder=True),
    default=Path("schemas"),
    show_default=True,
    help="Folder to write the .schema.json files to (created if missing); at the root of a "
    "checkout, schemas/ is where the shipped files' first lines point.",
)
@click.option("--game", "games", multiple=True, help="Only this game's cards (repeatable).")
def schema_command(out_dir: Path, games: tuple[str, ...]) -> None:
    """Write JSON Schemas for editors: pack.yaml, game.yaml, card files per game and kind,
    and scenario files (any game, and per game with a scenario driver).

    Point an editor at one with a first line like
    '# yaml-language-server: $schema=../schemas/motu.cards.schema.json'. Run at the root
    of a hexforge checkout, it writes schemas/, where the first lines of the shipped card
    and scenario files point ('../../../schemas/...' from content/motu/cards/).
    """
    state = get_state()
    catalogue = catalogue_from_host(state.plugins)
    known = set(catalogue.games)
    for game in games:
        if game not in known:
            raise click.BadParameter(
                f"unknown game {game!r}; installed: {', '.join(sorted(known))}",
                param_hint="--game",
            )
    drivers, _ = drivers_from_host(state.plugins)
    wanted = [d for d in drivers.values() if not games or d.game in games]
    found = {**schemas(catalogue, list(games) or None), **scenario_schemas(wanted)}
    with writing(out_dir):
        out_dir.mkdir(parents=True, exist_ok=True)
        for name, schema in found.items():
            (out_dir / name).write_text(json.dumps(schema, indent=2) + "\n", encoding="utf-8")
            say(state.out, str(out_dir / name), soft_wrap=True)
