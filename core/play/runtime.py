"""The game runtime: the playable games of one set of plugins, their agents, whole games
and replays - what ``hexforge play``, ``replay``, ``simulate`` (its workers included) and
any other front end (a web server) use, with no command-line context behind it."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import cast

from hexforge.core.agents import AgentSpec, agent_specs, make_agent
from hexforge.core.agents.codes import (
    BAD_OPTION,
    BAD_REPLAY_LOG,
    REPLAY_MISMATCH,
    UNKNOWN_GAME,
    UNKNOWN_OPTION,
)
from hexforge.core.engine import Agent, Json, RandomAgent, ScriptedAgent
from hexforge.core.engine.diagnostics import did_you_mean, fail
from hexforge.core.engine.log import logged_setup, read_log, replay_answers, replay_seed
from hexforge.core.errors import Diagnostic, ExitCode, HexforgeError
from hexforge.core.play.logsetup import (
    check_packs,
    logged,
    logged_game,
    logged_options,
    version_notes,
)
from hexforge.core.play.runner import GameRunner, PlayedGame
from hexforge.plugins.hookcalls import each_item
from hexforge.plugins.manager import PluginHost


class Runtime:
    """The games of ``host``'s plugins, ready to play. Runners are asked for once; a plugin
    whose ``hexforge_game_runners`` raises loses its games only (``problems``)."""

    def __init__(self, host: PluginHost) -> None:
        self.host = host
        self.problems: list[Diagnostic] = []
        self._runners: dict[str, GameRunner] | None = None

    @property
    def runners(self) -> Mapping[str, GameRunner]:
        """Every playable game's runner, by game id (the first plugin registering one wins;
        a second is ``hexforge plugins``' HF605)."""
        if self._runners is None:
            found: dict[str, GameRunner] = {}
            hook = self.host.manager.hook.hexforge_game_runners
            for item in each_item(hook, self.problems, kind=GameRunner, host=self.host):
                runner = cast(GameRunner, item.result)
                found.setdefault(str(runner.game), runner)
            self._runners = found
        return self._runners

    def runner(self, game: str) -> GameRunner:
        """The runner of ``game``; HF051 lists the playable games."""
        runner = self.runners.get(game)
        if runner is None:
            known = ", ".join(sorted(self.runners)) or "none installed"
            raise fail(UNKNOWN_GAME, f"no playable game '{game}'", hint=f"playable: {known}")
        return runner

    def agents(self, game: str) -> dict[str, AgentSpec]:
        """The agents that can play ``game``, by name."""
        return agent_specs(self.host.manager, game, self.problems)

    def seat(
        self, game: str, players: Sequence[str], names: Sequence[str], seed: int
    ) -> dict[str, Agent]:
        """Player i gets agent ``names[i]`` seeded from the game seed and its seat (HF050
        for an unknown name; HF058 when the game's options give it another number of
        players than there are agents, such as nshex's ``armies=smart``)."""
        if len(players) != len(names):
            raise HexforgeError.single(
                BAD_OPTION,
                f"the game options give {game} {len(players)} player(s) "
                f"({', '.join(players) or 'none'}), but {len(names)} agents are to play",
                hint=_described(self.runners.get(game)),
                exit_code=ExitCode.USAGE,
            )
        return seat_agents(self.agents(game), players, names, seed)

    def check_options(self, game: str, options: Mapping[str, str]) -> None:
        """HF057 (a usage error) for an option ``game``'s runner does not take, with a
        "did you mean"; a runner declares the ones it takes in its optional ``options``
        attribute (name -> description). A runner declaring none is not checked."""
        declared = declared_options(self.runner(game))
        if declared is None:
            return
        for key in options:
            if key not in declared:
                raise HexforgeError.single(
                    UNKNOWN_OPTION,
                    f"{game} has no option '{key}'",
                    hint=did_you_mean(key, declared) or _described(self.runner(game)),
                    exit_code=ExitCode.USAGE,
                )

    def play(
        self, game: str, seed: int, agents: Sequence[str], options: Mapping[str, str]
    ) -> PlayedGame:
        """A whole game of ``game`` between the named agents, in seat order."""
        runner = self.runner(game)
        self.check_options(game, options)
        seats = self.seat(game, runner.players(options), agents, seed)
        return runner.play(seed, seats, options)

    def replay(
        self, text: str, game: str | None, options: Mapping[str, str], file: str = "<log>"
    ) -> PlayedGame:
        """Play the logged game again from its seed and answers; HF052 names the first line
        that comes out different (a changed rule, card or a wrong setup). Without ``game``
        the game is the one whose players are the logged ones (HF053 when none is). ``file``
        names the log in diagnostics of lines that are not log entries (HF420, HF422).

        A log that records its setup (:mod:`~hexforge.core.play.logsetup`) is replayed with
        its game and options (``options`` given here win) and HF060 names a pack it was
        played with that is not installed; an old log needs the options again."""
        lines = text.splitlines()
        seed, answers = replay_seed(lines, file), replay_answers(lines, file)
        start = _start(lines)
        players = [str(p) for p in _list(start.get("players"))]
        setup = logged(start)  # what the game was set up with (None: an old log)
        check_packs(self.host, setup, file, _start_line(lines))  # HF060
        game = game or logged_game(setup)
        if setup is not None:
            options = {**logged_options(setup), **options}
        if game:
            runner = self.runner(game)
        else:
            runner, derived = self.game_of(players)
            options = {**derived, **options}
        self.check_options(runner.game, options)
        script = ScriptedAgent(answers)  # one script serves every player, in decision order
        with logged_setup(setup):  # the start line repeats the logged setup, or none
            played = runner.play(seed, dict.fromkeys(players, script), options)
        again = played.engine.log.text().splitlines()
        differs = first_difference(lines, again)
        if differs is not None:
            was = lines[differs - 1] if differs <= len(lines) else "(end of log)"
            now = again[differs - 1] if differs <= len(again) else "(end of game)"
            raise fail(
                REPLAY_MISMATCH,
                f"the replay differs from the log at line {differs}: logged {was} but got {now}",
                hint="was it played with another --scenario or --set, or did rules or cards "
                f"change?{version_notes(self.host, setup)}",
            )
        return played

    def game_of(self, players: Sequence[str]) -> tuple[GameRunner, dict[str, str]]:
        """The game whose players are the logged ones, with the options that give them: motu
        always has masters and evil; nshex's players are its armies (optional runner method
        ``options_for_players``). HF053 when no game matches."""
        for runner in self.runners.values():
            derive = getattr(runner, "options_for_players", None)
            options = derive(list(players)) if callable(derive) else {}
            if options is not None and runner.players(options) == list(players):
                return runner, dict(options)
        raise fail(BAD_REPLAY_LOG, f"no game has the players {list(players)}", hint="give --game")


def declared_options(runner: GameRunner | None) -> Mapping[str, str] | None:
    """The ``--set`` options ``runner`` declares it takes (its optional ``options``
    attribute: name -> description), or None when it declares none."""
    declared = getattr(runner, "options", None)
    return declared if isinstance(declared, Mapping) else None


def _described(runner: GameRunner | None) -> str:
    declared = declared_options(runner)
    if not declared:
        return "this game takes no --set options"
    return "options: " + "; ".join(f"{name}: {text}" for name, text in declared.items())


def random_agents(players: Sequence[str], seed: int) -> dict[str, Agent]:
    """One seeded random agent per player (different seeds, all derived from ``seed``)."""
    return {player: RandomAgent(seed * 1000 + i + 1) for i, player in enumerate(players)}


def seat_agents(
    specs: Mapping[str, AgentSpec], players: Sequence[str], names: Sequence[str], seed: int
) -> dict[str, Agent]:
    """Player i gets agent ``names[i]`` seeded from the game seed and its seat."""
    return {
        player: make_agent(dict(specs), name, seed * 1000 + i + 1)
        for i, (player, name) in enumerate(zip(players, names, strict=True))
    }


_CARD_ID = re.compile(r"\b[a-z0-9-]+/[a-z0-9-]+\b")


def card_names(runner: GameRunner, lang: str) -> Mapping[str, str]:
    """Card id -> its name in ``lang``, when the game offers names (optional runner method
    ``card_names(lang)``), else nothing."""
    names = getattr(runner, "card_names", None)
    return dict(names(lang)) if callable(names) else {}


def localised(runner: GameRunner, lines: Sequence[str], lang: str) -> list[str]:
    """The account with card ids shown as card names in ``lang``, when the game offers
    names; English keeps the ids."""
    table = card_names(runner, lang)
    if lang == "en" or not table:
        return list(lines)
    return [_CARD_ID.sub(lambda m: table.get(m[0], m[0]), line) for line in lines]


def first_difference(expected: Sequence[str], actual: Sequence[str]) -> int | None:
    """The 1-based number of the first line that differs, or None when all agree."""
    for number, (a, b) in enumerate(zip(expected, actual, strict=False), start=1):
        if a != b:
            return number
    if len(expected) != len(actual):
        return min(len(expected), len(actual)) + 1
    return None


def _start_line(lines: Sequence[str]) -> int:
    """The number of the log's first line that is not empty (its ``start`` entry)."""
    return next((n for n, line in enumerate(lines, start=1) if line.strip()), 1)


def _start(lines: Sequence[str]) -> dict[str, Json]:
    first = next((line for line in lines if line.strip()), None)
    return read_log([first])[0] if first is not None else {}


def _list(value: Json) -> list[Json]:
    return value if isinstance(value, list) else []
