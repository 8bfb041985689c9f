"""``hexforge balance``: designed experiments that answer a designer's question with an
interval - are the sides even for this agent (``mirror``), what does one card change
(``ab``) - instead of raw win counts (docs/balance.md)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import click

from hexforge.core.agents.codes import BAD_SIMULATION
from hexforge.core.cli.output import OutputPath, writing
from hexforge.core.cli.play_cmd import cli_runner, game_options
from hexforge.core.cli.simulate_cmd import run_with_progress, running_options
from hexforge.core.cli.state import get_state
from hexforge.core.engine.diagnostics import fail
from hexforge.core.play import GameRunner, Runtime, card_names
from hexforge.core.report import say
from hexforge.core.simulate.backends import Backend
from hexforge.core.simulate.experiments import Arm, Difference, Experiment, arm_jobs, games_needed
from hexforge.core.simulate.regression import Estimate, fit_powers
from hexforge.core.simulate.stats import Rate, wilson


def _common(command: Callable[..., None]) -> Callable[..., None]:
    """The options every experiment takes, as ``hexforge simulate`` names them."""
    options = [
        click.option("--game", "game_id", default="motu", show_default=True, help="The game."),
        click.option("--scenario", help="The scenario or setup (motu: first-game, ...)."),
        click.option(
            "--games",
            type=click.IntRange(min=2),
            default=100,
            show_default=True,
            help="Games per arm (seeds S, S+1, ...; the same seeds in every arm).",
        ),
        click.option("--seed", type=int, default=1, show_default=True, help="First seed."),
        click.option(
            "--out",
            type=OutputPath(folder=True),
            help="Write balance.json here (created if missing).",
        ),
        click.option(
            "--set", "settings", multiple=True, metavar="KEY=VALUE", help="A game option."
        ),
    ]
    for option in reversed(options):
        command = option(command)
    return running_options(command)


@dataclass(frozen=True, slots=True)
class _Game:
    """What every experiment starts from: the runtime, ``--game``'s runner and the base
    options (``--scenario`` and ``--set``, checked), made once per command."""

    runtime: Runtime
    runner: GameRunner
    base: dict[str, str]

    @classmethod
    def of(cls, common: Mapping[str, Any]) -> _Game:
        runtime = Runtime(get_state().plugins)
        runner = cli_runner(runtime, common["game_id"])
        base = game_options(runtime, runner, common["scenario"], common["settings"])
        return cls(runtime, runner, base)


@click.group("balance")
def balance_command() -> None:
    """Balance experiments with 95% intervals: side balance (mirror), one card (ab), each
    unit's power from drafted forces (roster)."""


@balance_command.command("mirror")
@click.option("--agent", default="heuristic", show_default=True, help="The agent in both seats.")
@_common
def mirror_command(agent: str, **common: Any) -> None:
    """Play the agent against itself and tell whether the sides win equally often."""
    experiment = _run(_Game.of(common), common, (agent, agent), [("as set up", {})], sides=None)
    (arm,) = experiment.arms
    out = get_state().out
    say(out, _heading(experiment, f"{agent} against itself"), soft_wrap=True)
    for side in experiment.sides:
        say(out, f"{side} won {_rate(arm.wins(side))}", soft_wrap=True)
    say(out, f"draws: {arm.draws.count} of {arm.draws.total}")
    if len(experiment.sides) == 2:
        say(out, _verdict(arm, *experiment.sides), soft_wrap=True)
    _write(common["out"], experiment, {})


@balance_command.command("ab")
@click.option("--card", required=True, help="The card to try (an id, e.g. mighty-blow).")
@click.option(
    "--instead", help="The card that takes its place in the second arm (default: left out)."
)
@click.option("--p1", default="heuristic", show_default=True, help="One agent.")
@click.option("--p2", default="heuristic", show_default=True, help="The other (seats alternate).")
@click.option(
    "--margin",
    type=click.FloatRange(0.001, 0.5),
    default=0.05,
    show_default=True,
    help="The interval half-width to plan for: games needed are printed for it.",
)
@_common
def ab_command(
    card: str, instead: str | None, p1: str, p2: str, margin: float, **common: Any
) -> None:
    """Play the same seeds with the card and with another in its place (or without it)
    and report the change in its holders' win rate with a 95% interval."""
    state = get_state()
    game = _Game.of(common)
    runner, base = game.runner, game.base
    key = getattr(runner, "replace_option", None)
    holders = getattr(runner, "card_holders", None)
    if not isinstance(key, str) or not callable(holders):
        raise fail(BAD_SIMULATION, f"{runner.game} cannot replace cards in its setups")
    sides = tuple(holders(base, card))
    if not sides:
        raise fail(BAD_SIMULATION, f"the setup does not use card '{card}'")
    swap = {key: f"{card}:{instead or ''}"}
    holders({**base, **swap}, card)  # the variant is built once here: a bad swap stops now
    names = card_names(runner, state.lang)
    name = names.get(_full(runner, card), card)
    second = f"without {name}"
    if instead:
        second = f"with {names.get(_full(runner, instead), instead)} in its place"
    arms = [(f"with {name}", {}), (second, swap)]
    experiment = _run(game, common, (p1, p2), arms, sides=sides)
    out = state.out
    say(out, _heading(experiment, f"{p1} against {p2}"), soft_wrap=True)
    held = " and ".join(sides)
    say(out, f"{name}, held by {held}: {arms[0][0]} and {arms[1][0]}", soft_wrap=True)
    for arm in experiment.arms:
        rates = "; ".join(f"{side} won {_rate(arm.wins(side))}" for side in sides)
        say(out, f"{arm.label}: {rates}; {arm.draws.count} drawn", soft_wrap=True)
    for side in sides:
        change = experiment.change(side)
        say(out, f"change in the win rate of {side}: {_difference(change)}", soft_wrap=True)
        needed = games_needed(change.a.value, change.b.value, margin)
        plan = f"about {needed} games per arm would narrow it to ±{100 * margin:g} points"
        say(out, plan, soft_wrap=True)
    _write(common["out"], experiment, {"card": card, "instead": instead, "margin": margin})


@balance_command.command("roster")
@click.option("--agent", default="heuristic", show_default=True, help="The agent in both seats.")
@click.option(
    "--points",
    type=click.IntRange(min=1),
    default=60,
    show_default=True,
    help="Each side's draft: characters at random up to this many points.",
)
@_common
def roster_command(agent: str, points: int, **common: Any) -> None:
    """Draft forces at random, play them, and estimate each unit's power (and the points
    it is worth) with a logistic regression over the games."""
    state = get_state()
    game = _Game.of(common)
    runner = game.runner
    key = getattr(runner, "draft_option", None)
    if not isinstance(key, str) or not callable(getattr(runner, "fielded", None)):
        raise fail(BAD_SIMULATION, f"{runner.game} cannot draft forces at random")
    draft = {key: f"random:{points}"}
    experiment = _run(game, common, (agent, agent), [("drafted", draft)], sides=None)
    (arm,) = experiment.arms
    costs: dict[str, int] = dict(getattr(runner, "unit_costs", dict)())
    fit = fit_powers(arm.records, costs)
    names = card_names(runner, state.lang)
    out = state.out
    heading = _heading(experiment, f"{agent} against itself")
    say(out, f"{heading}, forces drafted at random for about {points} points", soft_wrap=True)
    say(out, f"the edge of {fit.side}: {fit.edge:+.2f} log-odds with even forces", soft_wrap=True)
    point = fit.per_point
    say(
        out,
        f"a point of force is worth {point.value:+.3f} log-odds "
        f"(95% interval {point.low:+.3f} to {point.high:+.3f})",
        soft_wrap=True,
    )
    say(out, "each unit beyond its points (log-odds of its side winning when it is fielded):")
    for power in sorted(fit.powers, key=lambda p: -p.excess.value):
        fair = fit.fair_cost(power)
        price = f"; costs {power.cost}" + ("" if fair is None else f", fair about {fair}")
        excess = power.excess
        say(
            out,
            f"  {names.get(power.unit, power.unit)} ({power.side}): {excess.value:+.2f} "
            f"(95% interval {excess.low:+.2f} to {excess.high:+.2f}), fielded in "
            f"{power.games} games{price}",
            soft_wrap=True,
        )
    if point.low <= 0:
        say(out, "no fair costs: these games do not show that a point is worth anything yet")
    if fit.constant:
        shown = ", ".join(names.get(u, u) for u in fit.constant)
        say(out, f"fielded in every game, so not estimated: {shown}", soft_wrap=True)
    _write(
        common["out"],
        experiment,
        {
            "points": points,
            "edge": round(fit.edge, 4),
            "per_point": _estimate(fit.per_point),
            "powers": [
                {
                    "unit": p.unit,
                    "side": p.side,
                    "excess": _estimate(p.excess),
                    "games": p.games,
                    "cost": p.cost,
                    "fair_cost": fit.fair_cost(p),
                }
                for p in fit.powers
            ],
        },
    )


def _run(
    setup: _Game,
    common: Mapping[str, Any],
    agents: tuple[str, str],
    arms: Sequence[tuple[str, Mapping[str, str]]],
    sides: tuple[str, ...] | None,
) -> Experiment:
    runtime, base, game = setup.runtime, setup.base, setup.runner.game
    players = setup.runner.players(base)
    runtime.seat(game, players, agents, 0)  # HF050 before any game
    jobs = []
    for number, (_, extra) in enumerate(arms):
        options = {**base, **extra}
        runtime.check_options(game, options)
        jobs += arm_jobs(game, common["games"], common["seed"], agents, options, number)
    records = run_with_progress(
        jobs,
        workers=common["workers"],
        backend=Backend(common["backend"]),
        address=common["address"],
        plugins=get_state().plugins,
    )
    games = common["games"]
    return Experiment(
        game,
        agents,
        common["seed"],
        games,
        sides if sides is not None else tuple(players),
        tuple(
            Arm(
                label,
                tuple(sorted({**base, **extra}.items())),
                tuple(records[i * games : (i + 1) * games]),
            )
            for i, (label, extra) in enumerate(arms)
        ),
    )


def _estimate(estimate: Estimate) -> dict[str, Any]:
    return {
        "value": round(estimate.value, 4),
        "ci95": [round(estimate.low, 4), round(estimate.high, 4)],
    }


def _heading(experiment: Experiment, agents: str) -> str:
    first, last = experiment.seed, experiment.seed + experiment.games - 1
    arms = len(experiment.arms)
    each = " each" if arms > 1 else ""
    return (
        f"{experiment.game}: {agents}, {experiment.games} games{each} "
        f"(seeds {first}-{last}, seats alternated)"
    )


def _rate(rate: Rate) -> str:
    low, high = wilson(rate.count, rate.total)
    return (
        f"{rate.count} of {rate.total} ({100 * rate.value:.1f}%, "
        f"95% interval {100 * low:.1f}-{100 * high:.1f}%)"
    )


def _verdict(arm: Arm, one: str, other: str) -> str:
    """Whether ``one`` wins more than half of the decided games, beyond chance."""
    won, lost = arm.wins(one).count, arm.wins(other).count
    if won + lost == 0:
        return "no game was decided: nothing to say about the sides"
    low, high = wilson(won, won + lost)
    share = f"{one} won {won} of the {won + lost} decided games ({100 * low:.0f}-{100 * high:.0f}%)"
    if low > 0.5:
        return f"{share}: {one} is favoured, beyond chance"
    if high < 0.5:
        return f"{share}: {other} is favoured, beyond chance"
    return f"{share}: the sides are even as far as these games tell"


def _difference(change: Difference) -> str:
    low, high = change.interval
    verdict = "beyond chance" if change.significant else "within chance"
    return (
        f"{100 * change.value:+.1f} points (95% interval {100 * low:+.1f} to "
        f"{100 * high:+.1f}): {verdict}"
    )


def _full(runner: GameRunner, card: str) -> str:
    return card if "/" in card else f"{runner.game}/{card}"


def _write(folder: Path | None, experiment: Experiment, settings: Mapping[str, Any]) -> None:
    if folder is None:
        return
    data = {
        "game": experiment.game,
        "agents": list(experiment.agents),
        "seed": experiment.seed,
        "games_per_arm": experiment.games,
        **settings,
        "arms": [
            {
                "label": arm.label,
                "options": dict(arm.options),
                "wins": {side: arm.wins(side).as_json() for side in experiment.sides},
                "draws": arm.draws.as_json(),
            }
            for arm in experiment.arms
        ],
    }
    if len(experiment.arms) == 2:
        data["changes"] = {
            side: {
                "change": round(experiment.change(side).value, 4),
                "ci95": [round(x, 4) for x in experiment.change(side).interval],
            }
            for side in experiment.sides
        }
    path = folder / "balance.json"
    with writing(folder):
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
    say(get_state().out, f"report: {path}")
