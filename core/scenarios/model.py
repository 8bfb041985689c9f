"""A loaded scenario: plain values with the position of everything a failure points at."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from pydantic import BaseModel

from hexforge.core.engine import Json, canonical
from hexforge.core.errors import Span
from hexforge.core.hexgrid import Hex, format_coord
from hexforge.core.scenarios.driver import ScenarioDriver, SetupSource


@dataclass(frozen=True, slots=True)
class At:
    """Where something is written: its span and the text of its first line (for carets)."""

    span: Span
    source_line: str | None


@dataclass(frozen=True, slots=True)
class Answer:
    """One answer to a decision; ``kind`` / ``player``, when given, must match the decision."""

    choose: Json
    kind: str | None
    player: str | None
    at: At


@dataclass(frozen=True, slots=True)
class Refusal:
    """An expected error: the action must fail with ``code`` (and ``message`` inside it)."""

    code: str
    message: str | None
    at: At


@dataclass(frozen=True, slots=True)
class ActionStep:
    """``- do: <action>`` with its checked arguments, answers, dice and expected refusal."""

    action: str
    args: Mapping[str, Any]
    answers: tuple[Answer, ...]
    dice: tuple[int, ...]
    refused: Refusal | None
    at: At


class Op(StrEnum):
    """How an expected value is compared with the actual one."""

    EQUALS = "equals"
    NOT = "not"
    AT_LEAST = "at_least"
    AT_MOST = "at_most"
    CONTAINS = "contains"
    LACKS = "lacks"
    SIZE = "size"


@dataclass(frozen=True, slots=True)
class Matcher:
    """One or more comparisons that must all hold (``{at_least: 1, at_most: 3}``)."""

    checks: tuple[tuple[Op, Json], ...]

    def describe(self) -> str:
        if len(self.checks) == 1 and self.checks[0][0] is Op.EQUALS:
            return canonical(self.checks[0][1])
        return ", ".join(f"{op.value.replace('_', ' ')} {canonical(v)}" for op, v in self.checks)


@dataclass(frozen=True, slots=True)
class Observation:
    """An expectation on one observable: ``unit n1 hp`` must match."""

    subject: str
    target: str | None
    name: str
    args: Mapping[str, Any]
    expected: Matcher
    at: At

    def label(self) -> str:
        who = f"{self.subject} {self.target}" if self.target is not None else self.subject
        shown = ", ".join(f"{k}={_shown(v)}" for k, v in self.args.items())
        return f"{who} {self.name}" + (f" ({shown})" if shown else "")


def _shown(value: Any) -> str:
    if isinstance(value, Hex):
        return format_coord(value)
    if isinstance(value, list):
        return "[" + ", ".join(_shown(v) for v in value) + "]"
    return str(value)


@dataclass(frozen=True, slots=True)
class LogPattern:
    """Log entries it matches: ``event`` (a performed event's name, other fields are its
    payload) or plain entry fields (``type``, ``card``...); values match as subsets."""

    event: str | None
    fields: Mapping[str, Json]
    at: At

    def describe(self) -> str:
        head = {"event": self.event} if self.event is not None else {}
        return canonical({**head, **self.fields})


class LogMode(StrEnum):
    HAPPENED = "happened"
    NOT_HAPPENED = "not_happened"
    IN_ORDER = "in_order"


@dataclass(frozen=True, slots=True)
class LogExpectation:
    """``happened`` (``times`` exactly, when given), ``not_happened`` or ``in_order``."""

    mode: LogMode
    patterns: tuple[LogPattern, ...]
    times: int | None
    at: At


Expectation = Observation | LogExpectation


@dataclass(frozen=True, slots=True)
class CheckStep:
    """``- expect: [...]``: expectations checked in the middle of the steps."""

    expectations: tuple[Expectation, ...]
    at: At


Step = ActionStep | CheckStep


@dataclass(frozen=True, slots=True)
class Scenario:
    """A scenario file, checked against its game's driver and ready to run."""

    file: str
    name: str
    description: str | None
    game: str
    seed: int
    setup: BaseModel
    setup_source: SetupSource
    dice: tuple[int, ...]
    dice_at: At | None
    steps: tuple[Step, ...]
    expect: tuple[Expectation, ...]
    driver: ScenarioDriver
    at: At
