"""``hexforge play``: run one whole game with computer agents and print what happened.

Generic: a game plugin provides a :class:`GameRunner` through the hook
``hexforge_game_runners`` (docs/plugins.md); this command picks the runner of ``--game``,
seats the named agents (``--p1``/``--p2``, hook ``hexforge_agents``, docs/play.md) and prints
the runner's account and result. ``hexforge replay LOG`` plays a logged game again.
``--log FILE`` writes the engine's JSON-lines log, which replays the game
(docs/engine.md, "The log and replays").
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

import click
import pluggy

from hexforge.core.agents import AgentSpec, UndoSession, agent_specs, make_agent
from hexforge.core.agents.codes import BAD_REPLAY_LOG, REPLAY_MISMATCH, UNKNOWN_GAME
from hexforge.core.agents.human import QuitRequest
from hexforge.core.cli.state import LANGUAGES, get_state
from hexforge.core.engine import Agent, Engine, Json, RandomAgent, ScriptedAgent
from hexforge.core.engine.diagnostics import fail
from hexforge.core.engine.log import read_log, replay_answers, replay_seed


@dataclass(frozen=True, slots=True)
class PlayedGame:
    """A finished game: the engine (state and log), a readable account, the outcome."""

    engine: Engine
    account: tuple[str, ...]
    winner: str | None
    """The winning player, or None for a draw."""
    summary: str
    """One line: who won and why."""


def per_player(values: Mapping[str, object]) -> str:
    """``masters 53, evil 20``: a per-player figure (VP, HQ toughness) as people write it."""
    return ", ".join(f"{player} {value}" for player, value in values.items())


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


def game_runners(manager: pluggy.PluginManager) -> dict[str, GameRunner]:
    """Every playable game's runner, by game id."""
    return {r.game: r for rs in manager.hook.hexforge_game_runners() for r in rs}


def runner_of(runners: Mapping[str, GameRunner], game: str) -> GameRunner:
    """The runner of ``game``; HF051 lists the playable games."""
    runner = runners.get(game)
    if runner is None:
        known = ", ".join(sorted(runners)) or "none installed"
        raise fail(UNKNOWN_GAME, f"no playable game '{game}'", hint=f"playable: {known}")
    return runner


def cli_runner(manager: pluggy.PluginManager, game: str) -> GameRunner:
    """``--game``'s runner; an unknown game is a usage error (exit 2) listing the playable."""
    runners = game_runners(manager)
    if game not in runners:
        known = ", ".join(sorted(runners)) or "none installed"
        raise click.BadParameter(
            f"no playable game '{game}' (playable: {known})", param_hint="--game"
        )
    return runners[game]


def game_options(
    runner: GameRunner, scenario: str | None, settings: Sequence[str]
) -> dict[str, str]:
    """``--set`` options plus ``--scenario`` under the name the runner reads it by."""
    options = _options(settings)
    if scenario is not None:
        key = getattr(runner, "scenario_option", None)
        if not isinstance(key, str):
            raise click.BadParameter(f"{runner.game} has no scenarios", param_hint="--scenario")
        options[key] = scenario
    return options


def seat_agents(
    specs: Mapping[str, AgentSpec], players: Sequence[str], names: Sequence[str], seed: int
) -> dict[str, Agent]:
    """Player i gets agent ``names[i]`` seeded from the game seed and its seat."""
    return {
        player: make_agent(dict(specs), name, seed * 1000 + i + 1)
        for i, (player, name) in enumerate(zip(players, names, strict=True))
    }


@click.command("play")
@click.option("--game", "game_id", default="motu", show_default=True, help="The game to play.")
@click.option("--scenario", help="The scenario or setup (motu: first-game, ...).")
@click.option("--seed", type=int, default=1, show_default=True, help="The game's seed.")
@click.option("--p1", default="heuristic", show_default=True, help="First player's agent.")
@click.option(
    "--lang",
    type=click.Choice(LANGUAGES),
    help="Language of card names in the account (default: the global --lang).",
)
@click.option("--p2", default="heuristic", show_default=True, help="Second player's agent.")
@click.option(
    "--log",
    "log_file",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the JSON-lines game log here (hexforge replay reads it).",
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
    game_id: str,
    scenario: str | None,
    seed: int,
    p1: str,
    p2: str,
    lang: str | None,
    log_file: Path | None,
    settings: Sequence[str],
    quiet: bool,
) -> None:
    """Play one game between agents (random, heuristic, human, ...) and print an account."""
    state = get_state()
    manager = state.plugins.manager
    runner = cli_runner(manager, game_id)
    options = game_options(runner, scenario, settings)
    agents = seat_agents(agent_specs(manager, game_id), runner.players(options), [p1, p2], seed)
    try:
        played = UndoSession(agents).run(lambda seats: runner.play(seed, seats, options))
    except QuitRequest:
        state.out.print("game abandoned", highlight=False, markup=False)
        return
    if not quiet:
        for line in localised(runner, played.account, lang or state.lang):
            state.out.print(line, highlight=False, markup=False)
    state.out.print(played.summary, highlight=False, markup=False)
    if log_file is not None:
        log_file.write_text(played.engine.log.text(), encoding="utf-8")


_CARD_ID = re.compile(r"\b[a-z0-9-]+/[a-z0-9-]+\b")


def localised(runner: GameRunner, lines: Sequence[str], lang: str) -> list[str]:
    """The account with card ids shown as card names in ``lang``, when the game offers
    names (optional runner method ``card_names(lang)``); English keeps the ids."""
    names = getattr(runner, "card_names", None)
    if lang == "en" or not callable(names):
        return list(lines)
    table: Mapping[str, str] = names(lang)
    return [_CARD_ID.sub(lambda m: table.get(m[0], m[0]), line) for line in lines]


def first_difference(expected: Sequence[str], actual: Sequence[str]) -> int | None:
    """The 1-based number of the first line that differs, or None when all agree."""
    for number, (a, b) in enumerate(zip(expected, actual, strict=False), start=1):
        if a != b:
            return number
    if len(expected) != len(actual):
        return min(len(expected), len(actual)) + 1
    return None


def replay_log(
    runners: Mapping[str, GameRunner], text: str, game: str | None, options: Mapping[str, str]
) -> PlayedGame:
    """Play the logged game again from its seed and answers; HF052 names the first line
    that comes out different (a changed rule, card or a wrong --scenario)."""
    lines = text.splitlines()
    seed, answers = replay_seed(lines), replay_answers(lines)
    players = [str(p) for p in _start(lines).get("players", [])]  # type: ignore[union-attr]
    if game:
        runner = runner_of(runners, game)
    else:
        runner, derived = _runner_for(runners, players)
        options = {**derived, **options}
    script = ScriptedAgent(answers)  # one script serves every player, in decision order
    played = runner.play(seed, dict.fromkeys(players, script), options)
    again = played.engine.log.text().splitlines()
    differs = first_difference(lines, again)
    if differs is not None:
        was = lines[differs - 1] if differs <= len(lines) else "(end of log)"
        now = again[differs - 1] if differs <= len(again) else "(end of game)"
        raise fail(
            REPLAY_MISMATCH,
            f"the replay differs from the log at line {differs}: logged {was} but got {now}",
            hint="was it played with another --scenario or --set, or did rules or cards change?",
        )
    return played


def _start(lines: Sequence[str]) -> Mapping[str, Json]:
    entry = read_log(lines[:1])[0] if lines else {}
    return entry


def _runner_for(
    runners: Mapping[str, GameRunner], players: Sequence[str]
) -> tuple[GameRunner, dict[str, str]]:
    """The game whose players are the logged ones, with the options that give them: motu
    always has masters and evil; nshex's players are its armies (optional runner method
    ``options_for_players``). HF053 when no game matches."""
    for runner in runners.values():
        derive = getattr(runner, "options_for_players", None)
        options = derive(list(players)) if callable(derive) else {}
        if options is not None and runner.players(options) == list(players):
            return runner, dict(options)
    raise fail(BAD_REPLAY_LOG, f"no game has the players {list(players)}", hint="give --game")


@click.command("replay")
@click.argument("log_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--game", "game_id", help="The game (default: found from the log's players).")
@click.option("--scenario", help="The scenario the game was played with.")
@click.option("--set", "settings", multiple=True, metavar="KEY=VALUE", help="A game option.")
@click.option("--quiet", "-q", is_flag=True, help="Print only the verdict.")
def replay_command(
    log_file: Path, game_id: str | None, scenario: str | None, settings: Sequence[str], quiet: bool
) -> None:
    """Play a logged game again and check it comes out exactly the same."""
    state = get_state()
    runners = game_runners(state.plugins.manager)
    text = log_file.read_text(encoding="utf-8")
    options = _options(settings)
    if scenario is not None:
        runner = runner_of(runners, game_id) if game_id else None
        key = getattr(runner, "scenario_option", "setup")
        options[str(key)] = scenario
    played = replay_log(runners, text, game_id, options)
    if not quiet:
        for line in played.account:
            state.out.print(line, highlight=False, markup=False)
    count = len(text.splitlines())
    state.out.print(
        f"replayed exactly: {count} log lines identical; {played.summary}",
        highlight=False,
        markup=False,
    )
