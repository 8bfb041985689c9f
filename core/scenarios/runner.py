"""Running a loaded scenario: set up, force dice, perform steps with answers, check.

The runner stops at the first step that goes wrong (later steps would run on a position
the author did not intend) and reports every failed expectation of the check it stopped
at. Each :class:`Failure` says what was expected, what happened, and where in the file.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from pathlib import Path

from hexforge.core.engine import Decision, Engine, Json, canonical
from hexforge.core.engine.diagnostics import ILLEGAL_ANSWER, SCRIPT_EXHAUSTED, fail
from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.scenarios import codes
from hexforge.core.scenarios.coverage import RecordingLog, Usage
from hexforge.core.scenarios.driver import ScenarioDriver, ScenarioGame
from hexforge.core.scenarios.loader import SUFFIX, load_scenario
from hexforge.core.scenarios.model import (
    ActionStep,
    Answer,
    At,
    CheckStep,
    Expectation,
    LogExpectation,
    LogMode,
    LogPattern,
    Matcher,
    Observation,
    Op,
    Scenario,
)

LOG_TAIL = 12
"""How many of the last log entries a failure report shows."""


class Problem(StrEnum):
    """What kind of failure: the first word a reader needs."""

    EXPECTATION = "expectation failed"
    REFUSED = "action refused"
    NOT_REFUSED = "action was not refused"
    WRONG_REFUSAL = "refused with another error"
    NO_ANSWER = "decision without an answer"
    BAD_ANSWER = "answer does not fit the decision"
    UNUSED_ANSWERS = "answers never asked for"
    UNUSED_DICE = "forced dice never rolled"
    OBSERVE = "cannot observe"
    CRASH = "the game's driver crashed"


@dataclass(frozen=True, slots=True)
class Failure:
    """One reason a scenario failed, placed in the scenario file."""

    problem: Problem
    message: str
    at: At
    expected: str | None = None
    actual: str | None = None
    hint: str | None = None


@dataclass(frozen=True, slots=True)
class ScenarioResult:
    """The outcome of one scenario file: passed, failed (``failures``) or not runnable
    (``errors``: diagnostics of a bad file or setup)."""

    file: str
    name: str
    game: str | None
    failures: tuple[Failure, ...] = ()
    errors: tuple[Diagnostic, ...] = ()
    log_tail: tuple[str, ...] = ()
    usage: Usage | None = None

    @property
    def passed(self) -> bool:
        return not self.failures and not self.errors


class ScenarioAgent:
    """Answers every player's decisions from the current step's answers, in order.

    When an answer is missing or does not fit, the agent records a :class:`Failure`
    pointing at the answer (or the step) before raising the engine's error, so the report
    names the line to fix rather than the procedure that asked.
    """

    def __init__(self) -> None:
        self.queue: list[Answer] = []
        self.step: At | None = None
        self.failure: Failure | None = None

    def load(self, answers: Sequence[Answer], step: At) -> None:
        self.queue, self.step, self.failure = list(answers), step, None

    def choose(self, decision: Decision, engine: Engine) -> Json:
        legal = decision.legal_list()
        if not self.queue:
            assert self.step is not None, "decisions are only asked during steps"
            self.failure = Failure(
                Problem.NO_ANSWER,
                f"{decision.describe()} was asked, but the step has no answer left",
                self.step,
                hint=f"add it under 'answers:'; {legal}",
            )
            raise fail(SCRIPT_EXHAUSTED, self.failure.message, hint=legal)
        answer = self.queue.pop(0)
        wrong_kind = answer.kind is not None and answer.kind != decision.kind
        wrong_player = answer.player is not None and answer.player != decision.player
        if wrong_kind or wrong_player or answer.choose not in decision.options:
            wanted = " ".join(
                part
                for part in (
                    f"'{answer.kind}'" if answer.kind else None,
                    "decision",
                    f"for {answer.player}" if answer.player else None,
                )
                if part
            )
            self.failure = Failure(
                Problem.BAD_ANSWER,
                f"answer {canonical(answer.choose)} does not fit {decision.describe()}",
                answer.at,
                expected=wanted if (wrong_kind or wrong_player) else legal,
                actual=f"{decision.describe()} with {legal}",
            )
            raise fail(ILLEGAL_ANSWER, self.failure.message, hint=legal)
        return answer.choose


def run_scenario(scenario: Scenario) -> ScenarioResult:
    """Run one scenario to its verdict (never raises for a scenario's own problems)."""
    run = _Run(scenario)
    return run.result()


@dataclass
class _Run:
    scenario: Scenario
    agent: ScenarioAgent = field(default_factory=ScenarioAgent)
    failures: list[Failure] = field(default_factory=list)
    dice_at: At | None = None

    def result(self) -> ScenarioResult:
        s = self.scenario
        base = ScenarioResult(s.file, s.name, s.game)
        try:
            game = s.driver.setup(s.setup, s.setup_source, s.seed, self.agent)
        except HexforgeError as error:
            where = s.setup_source
            placed = tuple(
                d if d.span is not None else where.diagnostic(d.code, d.message, hint=d.hint)
                for d in error.diagnostics
            )
            return replace(base, errors=placed)
        except Exception as error:  # a driver bug must not stop the other scenarios
            diagnostic = s.setup_source.diagnostic(
                codes.DRIVER_FAILED,
                f"the {s.game} driver failed to set up: {type(error).__name__}: {error}",
                hint="a bug in the game's scenario driver: report it to its authors",
            )
            return replace(base, errors=(diagnostic,))
        log = RecordingLog.install(game.engine)
        if s.dice:
            game.engine.force_dice(*s.dice)
            self.dice_at = s.dice_at
        self.play(game)
        return replace(
            base,
            failures=tuple(self.failures),
            log_tail=tuple(_entry_text(line) for line in game.engine.log.lines[-LOG_TAIL:]),
            usage=log.usage(s.game, s.driver.cards()),
        )

    def play(self, game: ScenarioGame) -> None:
        for step in self.scenario.steps:
            if isinstance(step, CheckStep):
                self.failures.extend(check(game, step.expectations))
            else:
                self.action(game, step)
            if self.failures:
                return
        self.failures.extend(check(game, self.scenario.expect))
        left = game.engine.state.forced_dice
        if not self.failures and left and self.dice_at is not None:
            self.failures.append(
                Failure(
                    Problem.UNUSED_DICE,
                    f"{len(left)} forced {'die was' if len(left) == 1 else 'dice were'} "
                    "never rolled",
                    self.dice_at,
                    actual=canonical(list(left)),
                    hint="remove them, or add the steps that roll them",
                )
            )

    def action(self, game: ScenarioGame, step: ActionStep) -> None:
        self.agent.load(step.answers, step.at)
        if step.dice:
            game.engine.force_dice(*step.dice)
            self.dice_at = step.at
        refused = step.refused
        try:
            game.perform(step.action, step.args)
        except HexforgeError as error:
            if refused is None or (self.agent.failure is not None and refused.code != error.code):
                self.failures.append(self.agent.failure or _refused(step, error))
                return
            if error.code != refused.code:
                self.failures.append(
                    Failure(
                        Problem.WRONG_REFUSAL,
                        f"'{step.action}' was refused, but not with {refused.code}",
                        refused.at,
                        expected=refused.code,
                        actual=_error_text(error),
                    )
                )
                return
            text = " ".join(d.message for d in error.diagnostics)
            if refused.message is not None and refused.message not in text:
                self.failures.append(
                    Failure(
                        Problem.WRONG_REFUSAL,
                        f"'{step.action}' was refused with {refused.code}, but the message differs",
                        refused.at,
                        expected=f"a message containing {canonical(refused.message)}",
                        actual=_error_text(error),
                    )
                )
                return
        except Exception as error:  # a driver bug: report it on this step, keep going
            self.failures.append(
                Failure(
                    Problem.CRASH,
                    f"'{step.action}' raised {type(error).__name__}: {error}",
                    step.at,
                    hint="a bug in the game or its scenario driver, not in this file",
                )
            )
            return
        else:
            if refused is not None:
                self.failures.append(
                    Failure(
                        Problem.NOT_REFUSED,
                        f"'{step.action}' should have been refused with {refused.code}, "
                        "but it was performed",
                        refused.at,
                        expected=f"refused with {refused.code}",
                        actual="performed",
                    )
                )
                return
        if self.agent.queue:
            left = self.agent.queue
            self.failures.append(
                Failure(
                    Problem.UNUSED_ANSWERS,
                    f"{len(left)} of the step's answers {'was' if len(left) == 1 else 'were'} "
                    f"never asked for",
                    left[0].at,
                    actual=canonical([a.choose for a in left]),
                    hint="the step asked fewer decisions than it has answers",
                )
            )


def _refused(step: ActionStep, error: HexforgeError) -> Failure:
    first = error.diagnostics[0]
    return Failure(
        Problem.REFUSED,
        f"'{step.action}' failed: {first.code} {first.message}",
        step.at,
        actual=_error_text(error),
        hint=first.hint
        or "if the refusal is what should happen, add 'refused: " + first.code + "'",
    )


def _error_text(error: HexforgeError) -> str:
    first = error.diagnostics[0]
    return f"{first.code} {first.message}"


# -- expectations -----------------------------------------------------------------------


def check(game: ScenarioGame, expectations: Sequence[Expectation]) -> list[Failure]:
    """Every expectation that does not hold now, as failures."""
    failures: list[Failure] = []
    entries: list[dict[str, Json]] | None = None
    for expectation in expectations:
        if isinstance(expectation, Observation):
            found = _observe(game, expectation)
        else:
            if entries is None:
                entries = game.engine.log.entries()
            found = _check_log(entries, expectation)
        if found is not None:
            failures.append(found)
    return failures


def _observe(game: ScenarioGame, expectation: Observation) -> Failure | None:
    e = expectation
    try:
        actual = game.observe(e.subject, e.name, e.target, e.args)
    except HexforgeError as error:
        first = error.diagnostics[0]
        return Failure(
            Problem.OBSERVE, f"{e.label()}: {first.code} {first.message}", e.at, hint=first.hint
        )
    if matches(e.expected, actual):
        return None
    return Failure(
        Problem.EXPECTATION,
        e.label(),
        e.at,
        expected=e.expected.describe(),
        actual=canonical(actual),
    )


def matches(matcher: Matcher, actual: Json) -> bool:
    """Whether ``actual`` passes every check of ``matcher`` (JSON-exact equality)."""
    return all(_holds(op, expected, actual) for op, expected in matcher.checks)


def _same(a: Json, b: Json) -> bool:
    return canonical(a) == canonical(b)  # True is not 1, key order does not matter


def _holds(op: Op, expected: Json, actual: Json) -> bool:
    if op is Op.EQUALS:
        return _same(expected, actual)
    if op is Op.NOT:
        return not _same(expected, actual)
    if op in (Op.AT_LEAST, Op.AT_MOST):
        if not isinstance(actual, int) or isinstance(actual, bool):
            return False
        assert isinstance(expected, int)
        return actual >= expected if op is Op.AT_LEAST else actual <= expected
    if op is Op.SIZE:
        return isinstance(actual, list) and len(actual) == expected
    inside = _contains(actual, expected)
    return inside if op is Op.CONTAINS else not inside


def _contains(actual: Json, item: Json) -> bool:
    if isinstance(actual, list):
        return any(_same(value, item) for value in actual)
    if isinstance(actual, str) and isinstance(item, str):
        return item in actual
    return False


def entry_matches(pattern: LogPattern, entry: dict[str, Json]) -> bool:
    """Whether a log entry matches: an ``event`` pattern looks at the event's payload."""
    target: Json = entry
    if pattern.event is not None:
        if entry.get("type") != "event" or entry.get("name") != pattern.event:
            return False
        target = entry.get("payload")
    return _subset(dict(pattern.fields), target)


def _subset(expected: Json, actual: Json) -> bool:
    if isinstance(expected, dict):
        if not isinstance(actual, dict):
            return False
        return all(k in actual and _subset(v, actual[k]) for k, v in expected.items())
    return _same(expected, actual)


def _check_log(entries: list[dict[str, Json]], expectation: LogExpectation) -> Failure | None:
    mode = expectation.mode
    if mode is LogMode.IN_ORDER:
        start = 0
        for pattern in expectation.patterns:
            index = next(
                (i for i in range(start, len(entries)) if entry_matches(pattern, entries[i])),
                None,
            )
            if index is None:
                after = f" after entry #{entries[start - 1].get('seq')}" if start else ""
                return Failure(
                    Problem.EXPECTATION,
                    f"log: no entry matches {pattern.describe()}{after}",
                    pattern.at,
                    expected=" then ".join(p.describe() for p in expectation.patterns),
                    actual=_similar(entries[start:], pattern),
                )
            start = index + 1
        return None
    pattern = expectation.patterns[0]
    found = [e for e in entries if entry_matches(pattern, e)]
    if mode is LogMode.NOT_HAPPENED:
        if not found:
            return None
        return Failure(
            Problem.EXPECTATION,
            f"log: {len(found)} entries match {pattern.describe()}, none should",
            expectation.at,
            expected="no such entry",
            actual=_entry_text(canonical(found[0])),
        )
    times = expectation.times
    if (times is None and found) or (times is not None and len(found) == times):
        return None
    wanted = "at least one entry" if times is None else f"exactly {times}"
    return Failure(
        Problem.EXPECTATION,
        f"log: {len(found)} entries match {pattern.describe()}",
        expectation.at,
        expected=wanted,
        actual=f"{len(found)}; similar entries: {_similar(entries, pattern)}"
        if not found
        else str(len(found)),
    )


def _similar(entries: Sequence[dict[str, Json]], pattern: LogPattern) -> str:
    """Entries of the same event name or type, so the author sees what did happen."""
    if pattern.event is not None:
        alike = [e for e in entries if e.get("type") == "event" and e.get("name") == pattern.event]
    else:
        kind = pattern.fields.get("type")
        alike = [e for e in entries if kind is None or e.get("type") == kind]
    if not alike:
        return "none"
    shown = [_entry_text(canonical(e)) for e in alike[:3]]
    more = f" (and {len(alike) - 3} more)" if len(alike) > 3 else ""
    return "; ".join(shown) + more


def _entry_text(line: str) -> str:
    """A log line as ``#seq type {rest}``: shorter to read than the raw JSON."""
    entry = json.loads(line)
    seq, kind = entry.pop("seq", "?"), entry.pop("type", "?")
    if kind == "event":
        name, payload = entry.get("name"), entry.get("payload")
        return f"#{seq} event {name} {canonical(payload)}"
    return f"#{seq} {kind} {canonical(entry)}"


def run_file(path: Path, drivers: Mapping[str, ScenarioDriver]) -> ScenarioResult:
    """Load and run one file; a file that cannot be loaded is a result with ``errors``."""
    try:
        scenario = load_scenario(path, drivers)
    except HexforgeError as error:
        return ScenarioResult(
            str(path), path.name.removesuffix(SUFFIX), None, errors=error.diagnostics
        )
    return run_scenario(scenario)
