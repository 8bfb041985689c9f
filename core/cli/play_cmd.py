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

import random
from collections.abc import Sequence
from pathlib import Path

import click
from click.shell_completion import CompletionItem

from hexforge.core.agents import UndoSession
from hexforge.core.agents.codes import BAD_OPTION
from hexforge.core.agents.human import HumanAgent, QuitRequest
from hexforge.core.cli.output import OutputPath, writing
from hexforge.core.cli.state import LANGUAGES, AppState, get_state
from hexforge.core.engine import Agent
from hexforge.core.engine.log import read_log_text
from hexforge.core.errors import ExitCode, HexforgeError
from hexforge.core.play import GameRunner, PlayedGame, Runtime, localised
from hexforge.core.report import Part, render_text, say

SEED_WORDS = {"en": "seed", "pl": "ziarno", "de": "Startwert", "fr": "graine"}
"""The word the seed line starts with, in each account language."""


class Seed(click.ParamType):  # type: ignore[type-arg]  # generic only in newer Click
    """``--seed``: a whole number, or ``random`` for one drawn now (and printed)."""

    name = "seed"

    def get_metavar(self, param: click.Parameter, ctx: click.Context) -> str:
        return "N|random"

    def convert(
        self, value: object, param: click.Parameter | None, ctx: click.Context | None
    ) -> int | None:
        if isinstance(value, int) or value is None:
            return value
        text = str(value).strip()
        if text.lower() == "random":
            return None
        try:
            return int(text)
        except ValueError:
            self.fail(f"'{value}' is not a whole number or 'random'", param, ctx)


def chosen_seed(seed: int | None) -> int:
    """``seed``, or for ``--seed random`` a fresh one from the system's randomness."""
    return seed if seed is not None else random.SystemRandom().randrange(1, 1_000_000)


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
@click.option(
    "--seed",
    type=Seed(),
    default="random",
    show_default=True,
    help="The game's seed: a number, or random (a new game, its seed printed first).",
)
@click.option(
    "--p1", default="heuristic", show_default=True, help="First player's agent (listed below)."
)
@click.option(
    "--lang",
    type=click.Choice(LANGUAGES),
    help="Language of the account (default: the global --lang).",
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
    seed: int | None,
    p1: str,
    p2: str,
    lang: str | None,
    log_file: Path | None,
    settings: Sequence[str],
    quiet: bool,
) -> None:
    """Play one game between agents (random, heuristic, human, ...) and print an account."""
    state = get_state()
    lang = lang or state.lang
    runtime = Runtime(state.plugins)
    runner = cli_runner(runtime, game_id)
    options = game_options(runtime, runner, scenario, settings)
    number = chosen_seed(seed)
    agents = runtime.seat(game_id, runner.players(options), [p1, p2], number)
    render_text(runtime.problems, state.err)  # plugins that failed, named; the game goes on
    if not quiet or seed is None:  # a drawn seed is always said: it replays the game
        say(state.out if not quiet else state.err, (seed_line(number, lang), "bold"))
    tell_humans(agents, runner, lang)
    try:
        played = UndoSession(agents).run(lambda seats: runner.play(number, seats, options))
    except QuitRequest as stop:
        say(state.out, "game abandoned")
        if log_file is not None and stop.engine is not None:
            with writing(log_file):
                log_file.write_text(stop.engine.log.text(), encoding="utf-8")
        return
    if not quiet:
        for line in account_lines(runner, played, lang):
            say(state.out, line, soft_wrap=True)
    say(state.out, result_line(runner, played, lang), soft_wrap=True)
    if log_file is not None:
        with writing(log_file):
            log_file.write_text(played.engine.log.text(), encoding="utf-8")


def seed_line(seed: int, lang: str) -> str:
    """``seed 3``: the line that says which game this is (``--seed 3`` plays it again)."""
    return f"{SEED_WORDS.get(lang, SEED_WORDS['en'])} {seed}"


def account_lines(runner: GameRunner, played: PlayedGame, lang: str) -> list[Part]:
    """The account in ``lang`` with each line's style when the game narrates (optional
    runner method ``narration(engine, lang)``, docs/plugins.md), else the runner's account
    with card names in ``lang``."""
    narration = getattr(runner, "narration", None)
    if callable(narration):
        return [(str(text), str(style)) for text, style in narration(played.engine, lang)]
    return list(localised(runner, played.account, lang))


def result_line(runner: GameRunner, played: PlayedGame, lang: str) -> Part:
    """The result: the runner's summary, in ``lang`` when the game says it in other
    languages (optional runner method ``outcome(engine, lang)``)."""
    outcome = getattr(runner, "outcome", None)
    text = outcome(played.engine, lang) if lang != "en" and callable(outcome) else None
    return (str(text or played.summary), "bold")


def tell_humans(agents: dict[str, Agent], runner: GameRunner, lang: str) -> None:
    """Human agents narrate the game in ``lang`` as it is played (the other players'
    moves included), from the runner's ``narration`` when it has one."""
    narration = getattr(runner, "narration", None)
    for agent in agents.values():
        if isinstance(agent, HumanAgent):
            agent.lang = lang
            if callable(narration) and agent.narrate is None:
                agent.narrate = narration


@click.command("replay")
@click.argument("log_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--game",
    "game_id",
    type=PlayableGame(),
    help="The game (default: the one the log records, or found from its players).",
)
@click.option("--scenario", help="The scenario (only for a log that records no setup).")
@click.option("--set", "settings", multiple=True, metavar="KEY=VALUE", help="A game option.")
@click.option("--quiet", "-q", is_flag=True, help="Print only the verdict.")
def replay_command(
    log_file: Path, game_id: str | None, scenario: str | None, settings: Sequence[str], quiet: bool
) -> None:
    """Play a logged game again and check it comes out exactly the same.

    The game is set up as the log records it (HF060 for a pack it names that is not
    installed); --set and --scenario override what it records."""
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
