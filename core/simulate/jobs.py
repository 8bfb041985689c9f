"""One simulated game: the job that describes it and the record it leaves."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from hexforge.core.agents.codes import INVARIANT_BROKEN
from hexforge.core.engine import Engine, Json, ScriptedAgent
from hexforge.core.engine.diagnostics import fail
from hexforge.core.errors import HexforgeError
from hexforge.core.play import GameRunner, PlayedGame, Runtime, first_difference
from hexforge.core.simulate.invariants import InvariantChecker, invariants_for, reproduce_hint
from hexforge.plugins.manager import PluginHost, load_plugins


@dataclass(frozen=True, slots=True)
class GameJob:
    """Game ``index`` of a batch: its seed and the agents in each seat."""

    index: int
    game: str
    seed: int
    agents: tuple[str, ...]
    """Agent names in seat order (alternated between games so no seat is favoured)."""
    options: tuple[tuple[str, str], ...] = ()
    check: bool = False


@dataclass(frozen=True, slots=True)
class GameRecord:
    """What one game leaves for the statistics."""

    index: int
    seed: int
    players: tuple[str, ...]
    agents: tuple[str, ...]
    winner: str | None
    scores: tuple[int, ...]
    """VP (motu) or HQ toughness left (nshex) per seat."""
    cards: tuple[tuple[str, str], ...]
    """(player, card) for every card a player played or weapon it attacked with, once per
    game."""
    characters: tuple[tuple[str, str], ...]
    """(player, unit) for every character that activated or tile placed, once per game."""
    damage: tuple[tuple[str, int], ...]
    """Damage dealt per unit or tile, and per weapon (wounds of its attacks)."""
    decisions: int
    log_lines: int
    fielded: tuple[tuple[str, str], ...] = ()
    """(player, unit card) of every unit the game fielded, when the runner tells
    (optional ``fielded(engine)``; motu's characters), for ``hexforge balance roster``."""


def jobs_for(
    game: str,
    games: int,
    seed: int,
    agents: Sequence[str],
    options: Mapping[str, str],
    check: bool,
) -> list[GameJob]:
    """``games`` jobs; game i has seed ``seed + i`` and swaps seats on odd i."""
    return [
        GameJob(
            i,
            game,
            seed + i,
            tuple(agents) if i % 2 == 0 else tuple(reversed(agents)),
            tuple(sorted(options.items())),
            check,
        )
        for i in range(games)
    ]


_RUNTIME: list[Runtime] = []
"""The runtime jobs run with: that of the command's plugins that started them (forked
workers inherit it), else the installed plugins', loaded once per process (spawned
workers, Ray)."""


@contextmanager
def using_plugins(host: PluginHost | None) -> Iterator[None]:
    """Run the jobs started inside with ``host``'s plugins (in this process and in workers
    forked meanwhile); None keeps the plugins loaded from the installed entry points."""
    previous = list(_RUNTIME)
    if host is not None:
        _RUNTIME[:] = [Runtime(host)]
    try:
        yield
    finally:
        _RUNTIME[:] = previous


def _runtime() -> Runtime:
    if not _RUNTIME:
        _RUNTIME.append(Runtime(load_plugins()))
    return _RUNTIME[0]


def run_job(job: GameJob) -> GameRecord:
    """Play the job's game (in any process: it loads the plugins itself). With
    ``job.check`` the game's invariants (hook ``hexforge_invariants``) are checked after
    every event and before every decision, the finished game by :func:`check_game`."""
    runtime = _runtime()
    runner = runtime.runner(job.game)
    options = dict(job.options)
    players = runner.players(options)
    agents = runtime.seat(job.game, players, job.agents, job.seed)
    if not job.check:
        return _record(runner, job, players, runner.play(job.seed, agents, options))
    checker = InvariantChecker(
        invariants_for(runtime.host.manager, job.game), job.game, job.seed, _hint(job)
    )
    checked = {player: checker.agent(agent) for player, agent in agents.items()}
    played = runner.play(job.seed, checked, options)
    checker.end(played.engine)
    check_game(runner, job, played)
    return _record(runner, job, players, played)


def _hint(job: GameJob) -> str:
    return reproduce_hint(job.game, job.seed, job.agents, dict(job.options))


def check_game(runner: GameRunner, job: GameJob, played: PlayedGame) -> None:
    """What every finished game keeps, whatever its rules (HF055): every logged answer
    was one of its options, and the seed plus the answers replay the log byte for byte."""
    entries = played.engine.log.entries()
    problems = []
    for entry in entries:
        if entry["type"] == "decision" and entry["answer"] not in entry["options"]:  # type: ignore[operator]
            problems.append(f"decision {entry['number']} answered outside its options")
    lines = played.engine.log.lines
    # the answers replay_answers would read from the text, from the entries already parsed
    answers = [e["answer"] for e in entries if e["type"] == "decision" and not e.get("forced")]
    script = ScriptedAgent(answers)
    options = dict(job.options)
    try:
        again = runner.play(job.seed, dict.fromkeys(played.engine.players, script), options)
    except HexforgeError as error:  # an answer no longer legal: the game went elsewhere
        first = error.diagnostics[0]
        problems.append(f"the replay fails: {first.code} {first.message}")
    else:
        differs = first_difference(lines, again.engine.log.lines)
        if differs is not None:
            problems.append(f"the replay differs at log line {differs}")
    if problems:
        raise fail(
            INVARIANT_BROKEN,
            f"{job.game} seed {job.seed} (game {job.index}): " + "; ".join(problems),
            hint=_hint(job),
        )


def _record(runner: GameRunner, job: GameJob, players: list[str], played: PlayedGame) -> GameRecord:
    engine = played.engine
    scores = _scores(runner, engine)
    cards: set[tuple[str, str]] = set()
    characters: set[tuple[str, str]] = set()
    damage: Counter[str] = Counter()
    decisions = 0
    weapon: tuple[str, str] | None = None
    """(player, weapon) of the attack under way: its wounds are the weapon's damage."""
    for entry in engine.log.entries():
        kind = entry["type"]
        if kind == "decision":
            decisions += 1
        elif kind == "activate" or (kind == "played" and "card" in entry):
            player, card = _text(entry.get("player")), _text(entry.get("card"))
            unit = _text(entry.get("unit"))
            if card:
                cards.add((player or _owner(engine, unit), card))
            if unit:
                characters.add((_owner(engine, unit), unit))
        elif kind == "attack" and _text(entry.get("weapon")):
            weapon = (_owner(engine, _text(entry.get("attacker"))), _text(entry.get("weapon")))
            cards.add(weapon)
        elif kind == "event" and entry.get("name") == "attack_ended":
            weapon = None
        elif kind == "event" and entry.get("name") == "placed":
            tile = _text(_payload(entry, "tile"))
            characters.add((_owner(engine, tile), tile))
        elif kind == "event" and entry.get("name") in ("wounded", "hit"):
            source = _text(_payload(entry, "source") or _payload(entry, "attacker"))
            if source:
                damage[source] += _amount(entry)
            if weapon is not None:
                damage[weapon[1]] += _amount(entry)
    return GameRecord(
        job.index,
        job.seed,
        tuple(players),
        job.agents,
        played.winner,
        tuple(scores.get(p, 0) for p in players),
        tuple(sorted(cards)),
        tuple(sorted(characters)),
        tuple(sorted(damage.items())),
        decisions,
        len(engine.log.lines),
        _fielded(runner, engine),
    )


def _payload(entry: Mapping[str, Json], key: str) -> Json:
    payload = entry.get("payload")
    if isinstance(payload, dict):
        return payload.get(key)
    return entry.get(key)


def _amount(entry: Mapping[str, Json]) -> int:
    amount = _payload(entry, "amount")
    return amount if isinstance(amount, int) else 1


def _text(value: Json) -> str:
    return value if isinstance(value, str) else ""


def _owner(engine: Engine, unit: str) -> str:
    entity = engine.state.entities.get(unit)
    return "" if entity is None else entity.owner or ""


def _fielded(runner: GameRunner, engine: Engine) -> tuple[tuple[str, str], ...]:
    fielded = getattr(runner, "fielded", None)
    return tuple(sorted(fielded(engine))) if callable(fielded) else ()


def _scores(runner: GameRunner, engine: Engine) -> dict[str, int]:
    """The runner's end-of-game scores (optional ``scores(engine)``: motu VP, nshex HQ)."""
    scores = getattr(runner, "scores", None)
    return dict(scores(engine)) if callable(scores) else {}
