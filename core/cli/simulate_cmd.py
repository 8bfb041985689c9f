"""``hexforge simulate``: many seeded games, balance statistics and reports (docs/play.md)."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from pathlib import Path

import click
import pluggy
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from hexforge.core.cli.output import OutputPath, writing
from hexforge.core.cli.play_cmd import cli_runner, game_options, parse_settings
from hexforge.core.cli.state import get_state
from hexforge.core.play import Runtime, card_names
from hexforge.core.report import say
from hexforge.core.simulate import jobs_for, summarise
from hexforge.core.simulate.backends import Backend, run_jobs
from hexforge.core.simulate.invariants import invariants_for
from hexforge.core.simulate.jobs import GameJob, GameRecord
from hexforge.core.simulate.report import write_reports
from hexforge.core.simulate.words import count, sentence
from hexforge.plugins.manager import PluginHost


def running_options(command: Callable[..., None]) -> Callable[..., None]:
    """``--jobs``, ``--backend`` and ``--address``: where the games run (simulate, balance)."""
    for option in reversed(
        [
            click.option(
                "--jobs",
                "workers",
                type=click.IntRange(min=1),
                default=1,
                show_default=True,
                help="Worker processes (or Ray CPUs).",
            ),
            click.option(
                "--backend",
                type=click.Choice([b.value for b in Backend]),
                default="local",
                show_default=True,
                help="Where the games run: worker processes here (local), or Ray tasks (ray).",
            ),
            click.option("--address", help="A Ray cluster address (ray://host:10001 or auto)."),
        ]
    ):
        command = option(command)
    return command


@click.command("simulate")
@click.option("--game", "game_id", default="motu", show_default=True, help="The game.")
@click.option("--scenario", help="The scenario or setup (motu: first-game, ...).")
@click.option(
    "--games",
    type=click.IntRange(min=1),
    default=100,
    show_default=True,
    help="How many games to play (seeds S, S+1, ...).",
)
@click.option("--seed", type=int, default=1, show_default=True, help="Game i uses seed+i.")
@click.option("--p1", default="heuristic", show_default=True, help="One agent.")
@click.option("--p2", default="random", show_default=True, help="The other (seats alternate).")
@running_options
@click.option(
    "--out",
    type=OutputPath(folder=True),
    help="Write report.json and report.html here (created if missing).",
)
@click.option("--check", is_flag=True, help="Check every game's invariants and replay (HF055).")
@click.option("--set", "settings", multiple=True, metavar="KEY=VALUE", help="A game option.")
def simulate_command(
    game_id: str,
    scenario: str | None,
    games: int,
    workers: int,
    seed: int,
    p1: str,
    p2: str,
    backend: str,
    address: str | None,
    out: Path | None,
    check: bool,
    settings: Sequence[str],
) -> None:
    """Play many games between two agents and report win rates and card statistics."""
    state = get_state()
    manager = state.plugins.manager
    runtime = Runtime(state.plugins)
    runner = cli_runner(runtime, game_id)
    options = game_options(runtime, runner, scenario, settings)
    runtime.seat(game_id, runner.players(options), [p1, p2], 0)  # HF050, HF058 before any game
    jobs = jobs_for(game_id, games, seed, [p1, p2], options, check)
    started = time.perf_counter()
    records = run_with_progress(
        jobs, workers=workers, backend=Backend(backend), address=address, plugins=state.plugins
    )
    seconds = time.perf_counter() - started
    summary = summarise(records)
    out_, lang = state.out, state.lang
    played = count("games", games, lang)
    speed = f"{games / seconds:.1f}"
    said = sentence(
        "sim_simulated",
        lang,
        n=games,
        game=game_id,
        games=played,
        seconds=f"{seconds:.1f}",
        speed=speed,
    )
    say(out_, said)
    for title, rates in (("sim_agent", summary.wins), ("sim_seat", summary.seat_wins)):
        for name, rate in rates.items():
            low, high = rate.interval
            pct, low_, high_ = (f"{100 * v:.1f}" for v in (rate.value, low, high))
            title_ = sentence(title, lang)
            line = sentence(
                "sim_wins",
                lang,
                title=title_,
                name=name,
                count=rate.count,
                total=rate.total,
                pct=pct,
                low=low_,
                high=high_,
            )
            say(out_, line)
    draws = summary.draws
    say(out_, sentence("sim_draws", lang, count=draws.count, total=draws.total))
    if check:
        names = _invariant_names(manager, game_id, lang)
        say(out_, sentence("sim_invariants", lang, n=games, names=names))
    if out is not None:
        settings_json: dict[str, object] = {
            "game": game_id,
            "games": games,
            "seed": seed,
            "p1": p1,
            "p2": p2,
            **dict(sorted(parse_settings(settings).items())),
        }
        if scenario:
            settings_json["scenario"] = scenario
        with writing(out):
            shown = card_names(runner, state.lang)
            json_path, html_path = write_reports(
                out, summary, settings_json, shown, lang=state.lang
            )
        say(out_, sentence("sim_reports", lang, paths=f"{json_path} {html_path}"))


def run_with_progress(
    jobs: Sequence[GameJob],
    *,
    workers: int,
    backend: Backend,
    address: str | None,
    plugins: PluginHost,
) -> list[GameRecord]:
    """Run the jobs with a progress bar on stderr (shown on a terminal only)."""
    with Progress(
        TextColumn("simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=get_state().err,
        transient=True,
    ) as progress:
        task = progress.add_task("games", total=len(jobs))

        def advance(_: GameRecord) -> None:
            progress.advance(task)

        return run_jobs(
            jobs,
            workers=workers,
            backend=backend,
            address=address,
            progress=advance,
            plugins=plugins,
        )


def _invariant_names(manager: pluggy.PluginManager, game: str, lang: str) -> str:
    """What --check checked, in ``lang``: the game's invariants, then the generic checks."""
    names = [invariant.title(lang) for invariant in invariants_for(manager, game)]
    generic = (sentence(key, lang) for key in ("sim_legal_answers", "sim_replay"))
    return ", ".join([*names, *generic])
