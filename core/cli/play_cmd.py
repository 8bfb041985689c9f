"""``hexforge play``: run one whole game with computer agents and print what happened.

Generic: a game plugin provides a :class:`GameRunner` through the hook
``hexforge_game_runners`` (docs/plugins.md); this command picks the runner of ``--game``,
gives every player a seeded ``RandomAgent`` and prints the runner's account and result.
``--log FILE`` writes the engine's JSON-lines log, which replays the game
(docs/engine.md, "The log and replays").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import click

from hexforge.core.cli.state import get_state
from hexforge.core.engine import Agent, Engine, RandomAgent


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A finished game: the engine (state and log), a readable account, the outcome."""

    engine: Engine
    account: tuple[str, ...]
    winner: str | None
    """The winning player, or None for a draw."""
    summary: str
    """One line: who won and why."""


class GameRunner(Protocol):
    """How a game plugin runs a full game (hook ``hexforge_game_runners``)."""

    @property
    def game(self) -> str:
        """The game id (``--game``)."""
        ...

    def players(self, options: Mapping[str, str]) -> list[str]:
        """The players of a game with these ``--set`` options, in turn order."""
        ...

    def play(
        self, seed: int, agents: Mapping[str, Agent], options: Mapping[str, str]
    ) -> PlayedGame:
        """Play a whole game; ``agents`` answer every player's decisions."""
        ...


def random_agents(players: Sequence[str], seed: int) -> dict[str, Agent]:
    """One seeded random agent per player (different seeds, all derived from ``seed``)."""
    return {player: RandomAgent(seed * 1000 + i + 1) for i, player in enumerate(players)}


def _options(values: Sequence[str]) -> dict[str, str]:
    options = {}
    for value in values:
        key, sep, text = value.partition("=")
        if not sep or not key:
            raise click.BadParameter(f"'{value}' is not KEY=VALUE", param_hint="--set")
        options[key.strip()] = text.strip()
    return options


@click.command("play")
@click.option("--game", "game_id", required=True, help="The game to play (hexforge plugins).")
@click.option("--seed", type=int, default=1, show_default=True, help="The game's seed.")
@click.option(
    "--log",
    "log_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the JSON-lines game log here (a replay).",
)
@click.option(
    "--set",
    "settings",
    multiple=True,
    metavar="KEY=VALUE",
    help="A game option, e.g. armies=smart,vegas for nshex.",
)
@click.option("--quiet", "-q", is_flag=True, help="Print only the result line.")
def play_command(
    game_id: str, seed: int, log_file: Path | None, settings: Sequence[str], quiet: bool
) -> None:
    """Play one game with random agents and print an account of it."""
    state = get_state()
    runners = {r.game: r for rs in state.plugins.manager.hook.hexforge_game_runners() for r in rs}
    runner = runners.get(game_id)
    if runner is None:
        known = ", ".join(sorted(runners)) or "none installed"
        raise click.BadParameter(
            f"no playable game '{game_id}' (playable: {known})", param_hint="--game"
        )
    options = _options(settings)
    agents = random_agents(runner.players(options), seed)
    played = runner.play(seed, agents, options)
    if not quiet:
        for line in played.account:
            state.out.print(line, highlight=False, markup=False)
    state.out.print(played.summary, highlight=False, markup=False)
    if log_file is not None:
        log_file.write_text(played.engine.log.text(), encoding="utf-8")
