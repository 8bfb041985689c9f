"""The interface a game plugin implements so scenario files can drive its game.

The scenario format is generic: which game, the seed, forced dice, steps, answers,
expectations, the log. Everything game-specific goes through a :class:`ScenarioDriver`
that the game plugin returns from the ``hexforge_scenario_drivers`` hook:

- ``setup_model``: a pydantic model of the file's ``setup:`` section (map, units, tiles,
  players, round, phase, active unit...). The runner validates the section against it, with
  every problem placed at its ``file:line:col``, and builds the JSON Schema from it.
- ``actions`` / ``observables``: what a step can do and what an expectation can look at,
  with typed parameters. The runner checks names and arguments when the file is loaded
  ("did you mean", missing and unknown arguments, board coordinates), so a driver only
  ever receives well-formed arguments.
- ``setup(...)`` builds the game: an :class:`~hexforge.core.engine.Engine` with the
  position; ``perform`` carries out one action (raising :class:`HexforgeError` when the
  game refuses it); ``observe`` returns the current value of one observable as JSON.

See docs/scenarios.md ("Writing a driver").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Annotated, Any, Protocol, runtime_checkable

from pydantic import AfterValidator, BaseModel

from hexforge.core.engine import Agent, Engine, Json
from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.hexgrid import Hex, format_coord, parse_coord
from hexforge.core.packs.yamlio import YamlDocument, YamlPath


class Kind(StrEnum):
    """The type of an argument or an observed value; ``hex`` is a board coordinate."""

    INT = "int"
    BOOL = "bool"
    TEXT = "text"
    HEX = "hex"
    JSON = "json"


@dataclass(frozen=True, slots=True)
class Param:
    """One argument of an action or an observable.

    ``many``: a list of values (a path of hexes). ``choices``: the allowed texts.
    Arguments of kind ``hex`` reach the driver as :class:`~hexforge.core.hexgrid.Hex`.
    """

    name: str
    kind: Kind
    doc: str = ""
    required: bool = True
    many: bool = False
    choices: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class ActionSpec:
    """An action a step performs: ``- do: <name>`` with the parameters as keys."""

    name: str
    doc: str
    params: tuple[Param, ...] = ()


@dataclass(frozen=True, slots=True)
class Observable:
    """Something an expectation can look at: ``property`` of a ``subject`` kind.

    Subjects with ids (``unit``, ``player``) are written ``- unit: he-man`` followed by
    properties; the subject ``game`` has no id (``- game: {round: 2}``); the subject
    ``query`` takes its parameters as keys and the expected value under ``is``. A value of
    kind ``hex`` is observed as its board coordinate text (``"C7"``).
    """

    subject: str
    name: str
    kind: Kind
    doc: str
    params: tuple[Param, ...] = ()
    many: bool = False


ID_LESS_SUBJECTS = frozenset({"game"})
QUERY_SUBJECT = "query"

Args = Mapping[str, Any]
"""Checked arguments: Python values of the parameters' kinds (``Hex`` for ``hex``)."""


class ScenarioGame(Protocol):
    """A game set up from a scenario, ready for steps."""

    @property
    def engine(self) -> Engine: ...

    def perform(self, action: str, args: Args) -> None:
        """Carry out ``action``; raise :class:`HexforgeError` when the game refuses it
        (use the game's own code, or :data:`~hexforge.core.scenarios.codes.ILLEGAL_ACTION`)."""
        ...

    def observe(self, subject: str, name: str, target: str | None, args: Args) -> Json:
        """The current value of an observable; ``target`` is the subject's id (None for
        ``game`` and ``query``). An unknown id is a :class:`HexforgeError`."""
        ...


@runtime_checkable
class ScenarioDriver(Protocol):
    """What a game plugin provides for scenario files (hook ``hexforge_scenario_drivers``)."""

    @property
    def game(self) -> str:
        """The game id scenario files name in ``game:``."""
        ...

    @property
    def setup_model(self) -> type[BaseModel]:
        """The pydantic model of the ``setup:`` section."""
        ...

    @property
    def actions(self) -> Sequence[ActionSpec]: ...

    @property
    def observables(self) -> Sequence[Observable]: ...

    def setup(self, setup: BaseModel, where: SetupSource, seed: int, agent: Agent) -> ScenarioGame:
        """Build the game: ``setup`` is the validated section, ``where`` places errors in
        the file, ``agent`` answers every player's decisions from the scenario's answers."""
        ...

    def cards(self) -> Sequence[str]:
        """Every card id of the game (its installed content), for ``--coverage``."""
        ...


@dataclass(frozen=True, slots=True)
class SetupSource:
    """Where the ``setup:`` section is written, so a driver can point at a bad entry."""

    document: YamlDocument
    path: YamlPath

    def error(
        self, code: str, message: str, path: YamlPath = (), *, hint: str | None = None
    ) -> HexforgeError:
        """An error placed at ``path`` inside the section (``("units", 2, "card")``)."""
        return HexforgeError(self.diagnostic(code, message, path, hint=hint))

    def diagnostic(
        self, code: str, message: str, path: YamlPath = (), *, hint: str | None = None
    ) -> Diagnostic:
        return self.document.diagnostic(code, message, (*self.path, *path), hint=hint)


def _board_coordinate(text: str) -> str:
    try:
        return format_coord(parse_coord(text))
    except HexforgeError as error:
        raise ValueError(f"'{text}' is not a board coordinate (e.g. C7)") from error


Coordinate = Annotated[str, AfterValidator(_board_coordinate)]
"""A board coordinate field for setup models (``C7``, docs/coordinates.md), normalised."""


def hex_of(coordinate: str) -> Hex:
    """The hex of a :data:`Coordinate` field's value."""
    return parse_coord(coordinate)
