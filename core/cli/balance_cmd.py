"""``hexforge balance``: designed experiments that answer a designer's question with an
interval - are the sides even for this agent (``mirror``), what does one card change
(``ab``) - instead of raw win counts (docs/balance.md)."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from hexforge.core.agents.codes import BAD_SIMULATION
from hexforge.core.cli.output import OutputPath, writing
from hexforge.core.cli.play_cmd import cli_runner, game_options
from hexforge.core.cli.simulate_cmd import run_with_progress, running_options
from hexforge.core.cli.state import get_state
from hexforge.core.engine.diagnostics import fail
from hexforge.core.play import GameRunner, Runtime, card_names
from hexforge.core.report import say
from hexforge.core.simulate.backends import Backend
from hexforge.core.simulate.balance_page import Chart, Interval, balance_html
from hexforge.core.simulate.experiments import Arm, Difference, Experiment, arm_jobs, games_needed
from hexforge.core.simulate.regression import fit_powers
from hexforge.core.simulate.stats import Estimate, Rate, wilson
from hexforge.core.simulate.words import count, plural, sentence


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
            help="Write balance.json and balance.html here (created if missing).",
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
    state = get_state()
    lang = state.lang
    page = _Page(state.out)
    page.say(_heading(experiment, sentence("itself", lang, agent=agent), lang))
    for side in experiment.sides:
        page.say(sentence("won", lang, side=side, rate=_rate(arm.wins(side), lang)))
    draws = sentence("draws", lang, count=arm.draws.count, total=arm.draws.total)
    page.say(draws)
    if len(experiment.sides) == 2:
        page.say(_verdict(arm, *experiment.sides, lang=lang))
    rates = {side: arm.wins(side) for side in experiment.sides}
    rates[sentence("drawn", lang)] = arm.draws
    page.charts.append(Chart(sentence("chart_rates", lang), _rate_rows(rates), percent=True))
    _write(common["out"], experiment, {}, page)


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
    lang = state.lang
    # the labels name the arms in balance.json too, so they stay in English there
    json_labels = _arm_labels(runner, card, instead, "en")
    labels = _arm_labels(runner, card, instead, lang)
    arms = [(json_labels[0], {}), (json_labels[1], swap)]
    experiment = _run(game, common, (p1, p2), arms, sides=sides)
    page = _Page(state.out)
    agents = sentence("versus", lang, one=p1, other=p2)
    page.say(_heading(experiment, agents, lang))
    held = sides[0]
    for side in sides[1:]:
        held = sentence("and", lang, one=held, other=side)
    name = card_names(runner, lang).get(_full(runner, card), card)
    first, second = labels
    page.say(sentence("held", lang, card=name, sides=held, first=first, second=second))
    for label, arm in zip(labels, experiment.arms, strict=True):
        won = "; ".join(
            sentence("won", lang, side=side, rate=_rate(arm.wins(side), lang)) for side in sides
        )
        line = sentence("arm", lang, arm=label, rates=won, drawn=arm.draws.count)
        page.say(line)
    changes = []
    for side in sides:
        change = experiment.change(side)
        changes.append(Interval(side, Estimate(change.value, *change.interval)))
        difference = _difference(change, lang)
        page.say(sentence("change", lang, side=side, difference=difference))
        needed = games_needed(change.a.value, change.b.value, margin)
        games = count("plan_games", needed, lang)
        page.say(sentence("plan", lang, games=games, margin=f"{100 * margin:g}"))
    rates = {
        f"{label}: {side}": arm.wins(side)
        for label, arm in zip(labels, experiment.arms, strict=True)
        for side in sides
    }
    page.charts.append(Chart(sentence("chart_rates", lang), _rate_rows(rates), percent=True))
    title = sentence("chart_change", lang)
    page.charts.append(Chart(title, tuple(changes), percent=True, centre=0.0))
    settings = {"card": card, "instead": instead, "margin": margin}
    _write(common["out"], experiment, settings, page)


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
    lang = state.lang
    names = card_names(runner, lang)
    page = _Page(state.out)
    heading = _heading(experiment, sentence("itself", lang, agent=agent), lang)
    drafted = sentence("drafted", lang, heading=heading, points=count("points", points, lang))
    page.say(drafted)
    edge = sentence("edge", lang, side=fit.side, edge=f"{fit.edge:+.2f}")
    page.say(edge)
    point = fit.per_point
    worth = sentence(
        "per_point",
        lang,
        value=f"{point.value:+.3f}",
        low=f"{point.low:+.3f}",
        high=f"{point.high:+.3f}",
    )
    page.say(worth)
    page.say(sentence("units", lang))
    ranked = sorted(fit.powers, key=lambda p: -p.excess.value)
    rows = tuple(Interval(f"{names.get(p.unit, p.unit)} ({p.side})", p.excess) for p in ranked)
    page.charts.append(Chart(sentence("units", lang).rstrip(" :"), rows, centre=0.0))
    for power in ranked:
        fair = power.fair
        price = sentence("cost", lang, cost=power.cost)
        if fair is not None and round(fair.high) == 0:
            price += sentence("burden", lang)
        elif fair is not None:
            low, high = round(fair.low), round(fair.high)
            price += sentence("fair", lang, fair=round(fair.value), low=low, high=high)
        excess = power.excess
        line = sentence(
            "unit",
            lang,
            unit=names.get(power.unit, power.unit),
            side=power.side,
            value=f"{excess.value:+.2f}",
            low=f"{excess.low:+.2f}",
            high=f"{excess.high:+.2f}",
            games=count("in_games", power.games, lang),
            price=price,
        )
        page.say(line)
    if point.low <= 0:
        page.say(sentence("no_fair", lang))
    if fit.constant:
        shown = ", ".join(names.get(u, u) for u in fit.constant)
        page.say(sentence("constant", lang, units=shown))
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
                    "worth": _estimate(p.worth),
                    "excess": _estimate(p.excess),
                    "games": p.games,
                    "cost": p.cost,
                    "fair_cost": None if p.fair is None else _estimate(p.fair),
                }
                for p in fit.powers
            ],
        },
        page,
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


def _arm_labels(runner: GameRunner, card: str, instead: str | None, lang: str) -> tuple[str, str]:
    """The two arms of ``balance ab`` named in ``lang``: with the card, and without it or
    with ``instead`` in its place."""
    names = card_names(runner, lang)
    name = names.get(_full(runner, card), card)
    if instead:
        other = names.get(_full(runner, instead), instead)
        return sentence("with", lang, card=name), sentence("instead", lang, card=other)
    return sentence("with", lang, card=name), sentence("without", lang, card=name)


def _heading(experiment: Experiment, agents: str, lang: str) -> str:
    first, last = experiment.seed, experiment.seed + experiment.games - 1
    games = count("games", experiment.games, lang)
    if len(experiment.arms) > 1:
        games = sentence("each", lang, games=games)
    return sentence(
        "heading", lang, game=experiment.game, agents=agents, games=games, first=first, last=last
    )


def _rate(rate: Rate, lang: str) -> str:
    low, high = rate.interval
    return sentence(
        "rate",
        lang,
        count=rate.count,
        total=rate.total,
        games=plural("of_games", rate.total, lang),
        pct=f"{100 * rate.value:.1f}",
        low=f"{100 * low:.1f}",
        high=f"{100 * high:.1f}",
    )


def _verdict(arm: Arm, one: str, other: str, lang: str) -> str:
    """Whether ``one`` wins more than half of the decided games, beyond chance."""
    won, lost = arm.wins(one).count, arm.wins(other).count
    if won + lost == 0:
        return sentence("undecided", lang)
    low, high = wilson(won, won + lost)
    share = sentence(
        "share",
        lang,
        one=one,
        won=won,
        decided=count("of_decided", won + lost, lang),
        low=f"{100 * low:.0f}",
        high=f"{100 * high:.0f}",
    )
    if low > 0.5:
        return sentence("favoured", lang, share=share, side=one)
    if high < 0.5:
        return sentence("favoured", lang, share=share, side=other)
    return sentence("even", lang, share=share)


def _difference(change: Difference, lang: str) -> str:
    low, high = change.interval
    return sentence(
        "difference",
        lang,
        value=f"{100 * change.value:+.1f}",
        low=f"{100 * low:+.1f}",
        high=f"{100 * high:+.1f}",
        verdict=sentence("beyond" if change.significant else "within", lang),
    )


def _full(runner: GameRunner, card: str) -> str:
    return card if "/" in card else f"{runner.game}/{card}"


@dataclass
class _Page:
    """What a command prints, kept for its HTML page: the sentences and the charts."""

    out: Console
    lines: list[str] = field(default_factory=list)
    charts: list[Chart] = field(default_factory=list)

    def say(self, text: str) -> None:
        say(self.out, text, soft_wrap=True)
        self.lines.append(text)


def _rate_rows(rates: Mapping[str, Rate]) -> tuple[Interval, ...]:
    return tuple(Interval(label, rate.estimate) for label, rate in rates.items())


def _write(
    folder: Path | None, experiment: Experiment, settings: Mapping[str, Any], page: _Page
) -> None:
    """balance.json (the same bytes in every language) and balance.html (the page in the
    chosen one) in ``folder``, when asked for."""
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
    path, html = folder / "balance.json", folder / "balance.html"
    lang = get_state().lang
    with writing(folder):
        folder.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        page_text = balance_html("hexforge balance", page.lines, page.charts, lang)
        html.write_text(page_text, encoding="utf-8")
    say(page.out, sentence("report", lang, path=f"{path}, {html}"), soft_wrap=True)
