"""``hexforge play``: run one whole game with computer agents and print what happened.

Generic: a game plugin provides a :class:`~hexforge.core.play.GameRunner` through the hook
``hexforge_game_runners`` (docs/plugins.md); the game runtime (:mod:`hexforge.core.play`)
does the playing, and this command picks the runner of ``--game``,
seats the named agents (``--p1``/``--p2``, hook ``hexforge_agents``, docs/play.md) and prints
the runner's account and result. ``hexforge replay LOG`` plays a logged game again.
``--log FILE`` writes the engine's JSON-lines log, which replays the game
(docs/engine.md, "The log and replays").
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import click
from click.shell_completion import CompletionItem

from hexforge.core.agents import UndoSession
from hexforge.core.agents.codes import BAD_OPTION
from hexforge.core.agents.human import QuitRequest
from hexforge.core.cli.output import OutputPath, writing
from hexforge.core.cli.state import LANGUAGES, AppState, get_state
from hexforge.core.engine.log import read_log_text
from hexforge.core.errors import ExitCode, HexforgeError
from hexforge.core.play import GameRunner, Runtime, localised
from hexforge.core.report import render_text, say


def _bad_setting(message: str) -> HexforgeError:
    return HexforgeError.single(
        BAD_OPTION,
        message,
        hint="write --set KEY=VALUE, once per option (e.g. --set armies=smart,vegas)",
        exit_code=ExitCode.USAGE,
    )


def parse_settings(values: Sequence[str]) -> dict[str, str]:
    """``--set KEY=VALUE`` options; one that is not KEY=VALUE (no ``=``, no key or no
    value) or a key given twice is HF058, a usage error (exit 2). Which keys a game takes
    is checked against its runner (:meth:`Runtime.check_options`, HF057)."""
    options: dict[str, str] = {}
    for value in values:
        key, sep, text = (part.strip() for part in value.partition("="))
        if not sep or not key:
            raise _bad_setting(f"--set '{value}' is not KEY=VALUE")
        if not text:
            raise _bad_setting(f"--set '{value}' gives option '{key}' no value")
        if key in options:
            raise _bad_setting(f"--set gives option '{key}' twice")
        options[key] = text
    return options


def cli_runner(runtime: Runtime, game: str) -> GameRunner:
    """``--game``'s runner; an unknown game is a usage error (exit 2) listing the playable."""
    runner = runtime.runners.get(game)
    if runner is None:
        known = ", ".join(sorted(runtime.runners)) or "none installed"
        raise click.BadParameter(
            f"no playable game '{game}' (playable: {known})", param_hint="--game"
        )
    return runner


def game_options(
    runtime: Runtime, runner: GameRunner, scenario: str | None, settings: Sequence[str]
) -> dict[str, str]:
    """``--set`` options plus ``--scenario`` under the name the runner reads it by, checked
    against the options the game takes (HF057, HF058: usage errors)."""
    options = parse_settings(settings)
    if scenario is not None:
        key = getattr(runner, "scenario_option", None)
        if not isinstance(key, str):
            raise click.BadParameter(f"{runner.game} has no scenarios", param_hint="--scenario")
        options[key] = scenario
    runtime.check_options(runner.game, options)
    return options


class PlayableGame(click.ParamType):  # type: ignore[type-arg]  # generic only in newer Click
    """``--game``: one of the games the loaded plugins play, listed in ``--help`` and in the
    error for any other. They are known only once the group's ``--plugins``/``--pack`` are
    read, which Click does before it reads a subcommand's options."""

    name = "game"

    def games(self) -> list[str]:
        context = click.get_current_context(silent=True)
        state = context.find_object(AppState) if context is not None else None
        return sorted(Runtime(state.plugins).runners) if state is not None else []

    def get_metavar(self, param: click.Parameter, ctx: click.Context) -> str:
        return "[" + "|".join(self.games()) + "]"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> str:
        games = self.games()
        if value not in games:
            known = ", ".join(games) or "none installed"
            self.fail(f"no playable game '{value}' (playable: {known})", param, ctx)
        return str(value)

    def shell_complete(
        self, ctx: click.Context, param: click.Parameter, incomplete: str
    ) -> list[CompletionItem]:
        return [CompletionItem(game) for game in self.games() if game.startswith(incomplete)]


class PlayCommand(click.Command):
    """``hexforge play``, whose help ends with the agents ``--p1``/``--p2`` may name."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        state = ctx.find_object(AppState)
        if state is None:
            return
        runtime = Runtime(state.plugins)
        rows: dict[tuple[str, str], list[str]] = {}  # (name, description) -> games
        for game in sorted(runtime.runners):
            for name, spec in sorted(runtime.agents(game).items()):
                rows.setdefault((name, spec.description), []).append(game)
        every = sorted(runtime.runners)
        with formatter.section("Agents (--p1, --p2)"):
            formatter.write_dl(
                [
                    (name, text if games == every else f"{text} ({', '.join(games)})")
                    for (name, text), games in sorted(rows.items())
                ]
            )


@click.command("play", cls=PlayCommand)
@click.option(
    "--game",
    "game_id",
    type=PlayableGame(),
    default="motu",
    show_default=True,
    help="The game to play.",
)
@click.option("--scenario", help="The scenario or setup (motu: first-game, ...).")
@click.option("--seed", type=int, default=1, show_default=True, help="The game's seed.")
@click.option(
    "--p1", default="heuristic", show_default=True, help="First player's agent (listed below)."
)
@click.option(
    "--lang",
    type=click.Choice(LANGUAGES),
    help="Language of card names in the account (default: the global --lang).",
)
@click.option(
    "--p2", default="heuristic", show_default=True, help="Second player's agent (listed below)."
)
@click.option(
    "--log",
    "log_file",
    type=OutputPath(),
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
    runtime = Runtime(state.plugins)
    runner = cli_runner(runtime, game_id)
    options = game_options(runtime, runner, scenario, settings)
    agents = runtime.seat(game_id, runner.players(options), [p1, p2], seed)
    render_text(runtime.problems, state.err)  # plugins that failed, named; the game goes on
    try:
        played = UndoSession(agents).run(lambda seats: runner.play(seed, seats, options))
    except QuitRequest:
        say(state.out, "game abandoned")
        return
    if not quiet:
        for line in localised(runner, played.account, lang or state.lang):
            say(state.out, line)
    say(state.out, played.summary)
    if log_file is not None:
        with writing(log_file):
            log_file.write_text(played.engine.log.text(), encoding="utf-8")


@click.command("replay")
@click.argument("log_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--game",
    "game_id",
    type=PlayableGame(),
    help="The game (default: found from the log's players).",
)
@click.option("--scenario", help="The scenario the game was played with.")
@click.option("--set", "settings", multiple=True, metavar="KEY=VALUE", help="A game option.")
@click.option("--quiet", "-q", is_flag=True, help="Print only the verdict.")
def replay_command(
    log_file: Path, game_id: str | None, scenario: str | None, settings: Sequence[str], quiet: bool
) -> None:
    """Play a logged game again and check it comes out exactly the same."""
    state = get_state()
    runtime = Runtime(state.plugins)
    runner = cli_runner(runtime, game_id) if game_id else None  # unknown: exit 2, as play
    options = parse_settings(settings)
    text = read_log_text(log_file)  # HF421, HF422: within limits, as UTF-8
    if scenario is not None:
        key = getattr(runner, "scenario_option", "setup")
        options[str(key)] = scenario
    played = runtime.replay(text, game_id, options, file=str(log_file))
    if not quiet:
        for line in played.account:
            say(state.out, line)
    count = len(text.splitlines())
    say(state.out, f"replayed exactly: {count} log lines identical; {played.summary}")
