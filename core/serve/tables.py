"""The tables of one web server: what can be played (the lobby), new games, loaded games.

Requests are JSON objects; a field that is missing or of the wrong type is HF080, an
unknown game HF051, an unknown agent HF050, an option the game does not take HF057 - the
codes ``hexforge play`` reports for the same mistakes.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import TypeVar, cast, get_args

from hexforge.core.engine import Json
from hexforge.core.engine.diagnostics import fail
from hexforge.core.engine.log import read_log, replay_answers, replay_seed
from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.packs.models import Language
from hexforge.core.play import GameRunner, Runtime
from hexforge.core.play.logsetup import check_packs, logged, logged_game, logged_options
from hexforge.core.play.runtime import declared_options
from hexforge.core.render import GameRenderer
from hexforge.core.serve.codes import BAD_REQUEST, UNKNOWN_TABLE
from hexforge.core.serve.table import HUMAN, GameSpec, Table
from hexforge.plugins.hookcalls import each_item
from hexforge.plugins.manager import PluginHost

LANGUAGES: tuple[str, ...] = get_args(Language)
MAX_TABLES = 32
"""Tables kept at once; a new one beyond closes the oldest."""
MAX_LOG_CHARS = 32 * 1024 * 1024
START_SECONDS = 10.0
"""How long a new table's request waits for the game to start (or fail to: HF7xx for a
setup that does not load, HF052 for a log that does not replay)."""
T = TypeVar("T")


class Tables:
    """The games of ``host``'s plugins and the tables being played."""

    def __init__(self, host: PluginHost) -> None:
        self.host = host
        self.runtime = Runtime(host)
        self.problems: list[Diagnostic] = self.runtime.problems
        self._tables: dict[str, Table] = {}
        self._lock = threading.Lock()
        self._renderers: list[GameRenderer] | None = None
        self._lobby: dict[str, Json] | None = None

    @property
    def renderers(self) -> list[GameRenderer]:
        if self._renderers is None:
            hook = self.host.manager.hook.hexforge_renderers
            found = each_item(hook, self.problems, kind=GameRenderer, host=self.host)
            self._renderers = [cast(GameRenderer, item.result) for item in found]
        return self._renderers

    def renderer(self, game: str) -> GameRenderer | None:
        return next((r for r in self.renderers if r.game == game), None)

    def lobby(self) -> dict[str, Json]:
        """The playable games: their players, agents and options (with the values the
        installed packs offer, such as motu's setups), and the languages."""
        if self._lobby is None:
            names = {info.id: info.name for info in self.host.games()}
            games: list[Json] = []
            for game, runner in sorted(self.runtime.runners.items()):
                agents: list[Json] = [
                    {"name": n, "description": _described(n, s.description)}
                    for n, s in sorted(self.runtime.agents(game).items())
                ]
                options: list[Json] = [
                    {"name": name, "description": text, "values": _values(self.host, game, name)}
                    for name, text in (declared_options(runner) or {}).items()
                ]
                games.append(
                    {
                        "id": game,
                        "name": names.get(game, game),
                        "players": list(runner.players({})),
                        "agents": agents,
                        "options": options,
                        "pictures": self.renderer(game) is not None,
                    }
                )
            self._lobby = {"games": games, "languages": list(LANGUAGES)}
        return self._lobby

    def get(self, table_id: str) -> Table:
        table = self._tables.get(table_id)
        if table is None:
            raise fail(UNKNOWN_TABLE, f"no game '{table_id}' at this table", hint="start a game")
        return table

    def new(self, request: Mapping[str, Json]) -> Table:
        """A new game: ``game``, ``agents`` (one per player, in turn order; ``human`` for a
        seat played here), ``seed``, ``options`` and ``lang`` (all but ``game`` optional)."""
        game = _field(request, "game", str)
        runner = self.runtime.runner(game)  # HF051
        options = _options(request)
        seed = _field(request, "seed", int, secrets.randbelow(10**6) + 1)
        return self._open(runner, self._spec(runner, request, seed, options))

    def load(self, request: Mapping[str, Json]) -> Table:
        """A saved game (``log``: the text of a game log) played again to its end or to the
        first decision it does not answer, then on with the given ``agents``; the game and
        options the log records (HF060 for a pack of it not installed), or for an old log
        ``game`` and ``options`` as it was played with (the game found from the log's
        players when not given)."""
        text = _field(request, "log", str)
        if len(text) > MAX_LOG_CHARS:
            raise fail(BAD_REQUEST, "the log is larger than 32 MB", hint="load a game log")
        lines = [line for line in text.splitlines() if line.strip()]
        seed, answers = replay_seed(lines, "upload"), replay_answers(lines, "upload")
        start = read_log(lines[:1], "upload")[0]
        players = [str(p) for p in _list(start.get("players"))]
        setup = logged(start)  # the log's record of its setup (None: an old log)
        check_packs(self.host, setup, "upload")  # HF060
        options = {**logged_options(setup), **_options(request)}
        name = logged_game(setup) or request.get("game")  # the page sends its chosen game
        if isinstance(name, str) and name:
            runner = self.runtime.runner(name)
        else:
            runner, derived = self.runtime.game_of(players)
            options = {**derived, **options}
        spec = self._spec(runner, request, seed, options)
        return self._open(runner, spec, script=answers, expected=lines)

    def close(self) -> None:
        with self._lock:
            tables, self._tables = list(self._tables.values()), {}
        for table in tables:
            table.close()

    def _spec(
        self, runner: GameRunner, request: Mapping[str, Json], seed: int, options: dict[str, str]
    ) -> GameSpec:
        game = runner.game
        self.runtime.check_options(game, options)  # HF057
        players = runner.players(options)
        given = request.get("agents")
        if given is None:
            names = [HUMAN] + ["random"] * (len(players) - 1)
        elif isinstance(given, list) and all(isinstance(n, str) for n in given):
            names = [str(n) for n in given]
        else:
            raise fail(BAD_REQUEST, "'agents' must be a list of agent names", hint=_HINT)
        seated = self.runtime.seat(game, players, names, seed)  # HF050, HF058
        agents = {p: a for (p, a), n in zip(seated.items(), names, strict=True) if n != HUMAN}
        lang = _field(request, "lang", str, "en")
        if lang not in LANGUAGES:
            raise fail(BAD_REQUEST, f"no language '{lang}'", hint=f"one of {', '.join(LANGUAGES)}")
        seats = dict(zip(players, names, strict=True))
        return GameSpec(game, seed, options, seats, agents, lang)

    def _open(
        self,
        runner: GameRunner,
        spec: GameSpec,
        script: list[Json] | None = None,
        expected: list[str] | None = None,
    ) -> Table:
        table_id = secrets.token_hex(6)
        renderer = self.renderer(spec.game)
        table = Table(table_id, runner, renderer, spec, script or [], expected or [])
        with self._lock:
            while len(self._tables) >= MAX_TABLES:
                oldest = next(iter(self._tables))
                self._tables.pop(oldest).close()
            self._tables[table_id] = table
        table.start().wait(0, START_SECONDS)
        problems = table.problems()
        if problems:  # a setup that does not load, a log that does not replay: a bad request
            raise HexforgeError(*problems)
        return table


def _described(name: str, description: str) -> str:
    return "you, in this browser (both seats: hot-seat)" if name == HUMAN else description


def _field(request: Mapping[str, Json], name: str, kind: type[T], default: T | None = None) -> T:
    value = request.get(name)
    if value is None and default is not None:
        return default
    if value is None:
        raise fail(BAD_REQUEST, f"the request has no '{name}'", hint=_HINT)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise fail(BAD_REQUEST, f"'{name}' must be {_KINDS.get(kind, kind.__name__)}", hint=_HINT)
    return value


_HINT = "see docs/serve.md for the requests the web table takes"
_KINDS: dict[type, str] = {str: "text", int: "a whole number", list: "a list", dict: "an object"}


def _options(request: Mapping[str, Json]) -> dict[str, str]:
    given = _field(request, "options", dict, {})
    options: dict[str, str] = {}
    for key, value in given.items():
        if not isinstance(value, str):
            raise fail(BAD_REQUEST, f"option '{key}' must be text", hint=_HINT)
        if value.strip():
            options[key] = value.strip()
    return options


def _list(value: Json) -> list[Json]:
    return value if isinstance(value, list) else []


def _values(host: PluginHost, game: str, option: str) -> list[Json]:
    """The values the installed packs offer for ``option``: the YAML files of the folder
    named after it (``setups/`` for ``setup``) in each pack or beside it (an expansion's
    package) - the base pack's by name, the others' by path, as ``--set setup=`` takes
    them."""
    from hexforge.plugins.packs_of_game import packs_of_host

    try:
        packs = packs_of_host(host, game).packs
    except HexforgeError:
        return []
    values: list[Json] = []
    for pack in packs:
        root = Path(pack.root)
        if pack.id == game:
            values.extend(path.stem for path in sorted(root.glob(f"{option}s/*.yaml")))
            continue
        for folder in (root, root.parent):
            values.extend(str(path) for path in sorted(folder.glob(f"{option}s/*.yaml")))
    return values
