"""Reading a scenario file into a :class:`Scenario`, every problem at its ``file:line:col``.

The YAML goes through :mod:`hexforge.core.packs.yamlio` (safe, exact positions). The
generic keys are checked here against :data:`TOP_KEYS` and friends (the same tables the
JSON Schema is built from); action and observable names and their arguments are checked
against the game's driver; the ``setup:`` section against the driver's pydantic model.
All problems of a file are reported together.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ValidationError

from hexforge.core import codes as core_codes
from hexforge.core.codes import catalogue
from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.hexgrid import BAD_COORDINATE, format_coord, parse_coord
from hexforge.core.packs.model_errors import model_diagnostics
from hexforge.core.packs.yamlio import YamlDocument, YamlPath, load_file, load_text
from hexforge.core.scenarios import codes
from hexforge.core.scenarios.driver import (
    ID_LESS_SUBJECTS,
    QUERY_SUBJECT,
    Kind,
    Observable,
    Param,
    ScenarioDriver,
    SetupSource,
)
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
    Refusal,
    Scenario,
    Step,
)

SUFFIX = ".scenario.yaml"

TOP_KEYS: Mapping[str, str] = {
    "game": "the game id (required): which installed game's driver runs the scenario",
    "name": "a title for reports (default: the file name)",
    "description": "what the scenario proves, with the rulebook section it checks",
    "seed": "the seed of the game's dice (default 1)",
    "setup": "the position, in the game's own terms (units, map, players, round...)",
    "dice": "forced die results, rolled before any random ones, in order",
    "steps": "actions (with answers, dice, expected refusals) and checks, in order",
    "expect": "expectations that must hold after the last step",
}
STEP_KEYS: Mapping[str, str] = {
    "do": "the action to perform; its arguments are the other keys",
    "answers": "answers to the decisions the action asks, in order",
    "dice": "die results forced just before the action",
    "refused": "the error code the action must fail with (or {code, message})",
    "expect": "a list of expectations checked at this point (a step on its own)",
}
ANSWER_KEYS: Mapping[str, str] = {
    "choose": "the option chosen",
    "kind": "the kind of decision that must be asked (e.g. action)",
    "player": "the player who must be asked",
}
REFUSED_KEYS: Mapping[str, str] = {
    "code": "the diagnostic code, e.g. HF408",
    "message": "text the error message must contain",
}
LOG_KEYS: Mapping[str, str] = {
    "happened": "a log entry matching this pattern exists",
    "not_happened": "no log entry matches this pattern",
    "in_order": "entries matching these patterns appear in this order",
    "times": "with happened: exactly this many entries match",
}
QUERY_EXPECTED = "is"
DEFAULT_SEED = 1


def load_scenario(
    path: Path, drivers: Mapping[str, ScenarioDriver], *, name: str | None = None
) -> Scenario:
    """Read and check one scenario file; raises :class:`HexforgeError` with every problem."""
    result = load_file(path, name=name)
    if result.document is None or result.diagnostics:
        raise HexforgeError(*result.diagnostics)
    return scenario_from_document(result.document, drivers)


def scenario_from_text(
    text: str, drivers: Mapping[str, ScenarioDriver], *, name: str = "<scenario>"
) -> Scenario:
    """A scenario from YAML text (tests, documentation examples)."""
    result = load_text(text, name=name)
    if result.document is None or result.diagnostics:
        raise HexforgeError(*result.diagnostics)
    return scenario_from_document(result.document, drivers)


def scenario_from_document(doc: YamlDocument, drivers: Mapping[str, ScenarioDriver]) -> Scenario:
    reader = _Reader(doc)
    scenario = reader.scenario(drivers)
    if reader.problems or scenario is None:
        raise HexforgeError(*reader.problems)
    return scenario


def find_scenarios(paths: Sequence[Path]) -> tuple[list[Path], list[Diagnostic]]:
    """Scenario files named by ``paths`` (folders are searched for ``*.scenario.yaml``)."""
    found: list[Path] = []
    problems: list[Diagnostic] = []
    for path in paths:
        if path.is_dir():
            inside = sorted(path.rglob(f"*{SUFFIX}"))
            if not inside:
                problems.append(
                    Diagnostic(
                        codes.NO_SCENARIOS,
                        f"no scenario files in {path}",
                        hint=f"scenario files are named '*{SUFFIX}'",
                    )
                )
            found.extend(inside)
        elif path.is_file():
            found.append(path)
        else:
            problems.append(
                Diagnostic(
                    core_codes.PATH_NOT_FOUND, f"{path} does not exist", hint="check the path"
                )
            )
    return found, problems


def _did_you_mean(name: str, known: Sequence[str], what: str) -> str:
    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    if close:
        return f"did you mean '{close[0]}'?"
    return f"{what}: {', '.join(known)}" if known else f"there are no {what}"


@dataclass
class _Reader:
    doc: YamlDocument
    problems: list[Diagnostic] = field(default_factory=list)

    # -- helpers ------------------------------------------------------------------------

    def at(self, path: YamlPath, *, key: bool = False) -> At:
        span = self.doc.span(path, key=key)
        return At(span, self.doc.source_line(span.line))

    def report(
        self, code: str, message: str, path: YamlPath, hint: str | None = None, *, key: bool = False
    ) -> None:
        self.problems.append(self.doc.diagnostic(code, message, path, key=key, hint=hint))

    def mapping(self, value: Any, path: YamlPath, what: str) -> dict[str, Any] | None:
        if isinstance(value, dict):
            return value
        self.report(codes.WRONG_VALUE, f"{what} must be a mapping ('key: value' lines)", path)
        return None

    def sequence(self, value: Any, path: YamlPath, what: str) -> list[Any] | None:
        if isinstance(value, list):
            return value
        self.report(codes.WRONG_VALUE, f"{what} must be a list ('- item' lines or [a, b])", path)
        return None

    def unknown_keys(
        self, value: Mapping[str, Any], path: YamlPath, known: Sequence[str], what: str
    ) -> None:
        for key in value:
            if key not in known:
                self.report(
                    codes.UNKNOWN_KEY,
                    f"unknown key '{key}' in {what}",
                    (*path, key),
                    _did_you_mean(key, sorted(known), "keys here"),
                    key=True,
                )

    def text(self, value: Any, path: YamlPath, what: str) -> str | None:
        if isinstance(value, str) and value:
            return value
        self.report(codes.WRONG_VALUE, f"{what} must be text, not {_describe(value)}", path)
        return None

    def integer(self, value: Any, path: YamlPath, what: str) -> int | None:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        self.report(
            codes.WRONG_VALUE, f"{what} must be a whole number, not {_describe(value)}", path
        )
        return None

    def dice(self, value: Any, path: YamlPath) -> tuple[int, ...]:
        items = self.sequence(value, path, "dice")
        results: list[int] = []
        for index, item in enumerate(items or []):
            number = self.integer(item, (*path, index), "a die result")
            if number is not None and number < 1:
                self.report(codes.WRONG_VALUE, "a die result must be 1 or more", (*path, index))
            elif number is not None:
                results.append(number)
        return tuple(results)

    # -- the file -----------------------------------------------------------------------

    def scenario(self, drivers: Mapping[str, ScenarioDriver]) -> Scenario | None:
        root = self.doc.data
        if not isinstance(root, dict):
            self.report(
                codes.NOT_A_SCENARIO,
                f"a scenario file holds a mapping, not {_describe(root)}",
                (),
                "start with 'game: <game id>' and add setup, steps and expect",
            )
            return None
        self.unknown_keys(root, (), list(TOP_KEYS), "a scenario")
        if "game" not in root:
            self.report(
                codes.MISSING_KEY,
                "missing required key 'game'",
                (),
                f"add 'game:' with one of: {', '.join(sorted(drivers)) or 'no game installed'}",
            )
            return None
        game = self.text(root["game"], ("game",), "game")
        if game is None:
            return None
        driver = drivers.get(game)
        if driver is None:
            hint = _did_you_mean(game, sorted(drivers), "games with a scenario driver")
            self.report(codes.NO_DRIVER, f"no scenario driver for game '{game}'", ("game",), hint)
            return None
        file = self.doc.file or "<scenario>"
        name = Path(file).name.removesuffix(SUFFIX)
        if "name" in root:
            name = self.text(root["name"], ("name",), "name") or name
        description = None
        if "description" in root:
            description = self.text(root["description"], ("description",), "description")
        seed = DEFAULT_SEED
        if "seed" in root:
            seed = self.integer(root["seed"], ("seed",), "seed") or DEFAULT_SEED
        setup_source = SetupSource(self.doc, ("setup",))
        setup = self.setup(root.get("setup", {}), driver)
        dice = self.dice(root["dice"], ("dice",)) if "dice" in root else ()
        steps = self.steps(root.get("steps", []), driver)
        expect = self.expectations(root.get("expect", []), ("expect",), driver)
        if setup is None:
            return None
        return Scenario(
            file=file,
            name=name,
            description=description,
            game=game,
            seed=seed,
            setup=setup,
            setup_source=setup_source,
            dice=dice,
            dice_at=self.at(("dice",)) if "dice" in root else None,
            steps=tuple(steps),
            expect=tuple(expect),
            driver=driver,
            at=self.at(()),
        )

    def setup(self, value: Any, driver: ScenarioDriver) -> BaseModel | None:
        model = driver.setup_model
        try:
            return model.model_validate(value if value is not None else {})
        except ValidationError as error:
            self.problems.extend(model_diagnostics(error, self.doc, ("setup",), model))
            return None

    # -- steps ----------------------------------------------------------------------------

    def steps(self, value: Any, driver: ScenarioDriver) -> list[Step]:
        items = self.sequence(value, ("steps",), "steps")
        steps: list[Step] = []
        for index, item in enumerate(items or []):
            step = self.step(item, ("steps", index), driver)
            if step is not None:
                steps.append(step)
        return steps

    def step(self, value: Any, path: YamlPath, driver: ScenarioDriver) -> Step | None:
        step = self.mapping(value, path, "a step")
        if step is None:
            return None
        if "expect" in step:
            extra = [k for k in step if k != "expect"]
            if extra:
                self.report(
                    codes.BAD_STEP,
                    f"a check step holds only 'expect', not '{extra[0]}'",
                    (*path, extra[0]),
                    "put the action in a step of its own before the check",
                    key=True,
                )
                return None
            checks = self.expectations(step["expect"], (*path, "expect"), driver)
            return CheckStep(tuple(checks), self.at(path))
        if "do" not in step:
            self.report(
                codes.BAD_STEP,
                "a step needs 'do: <action>' or 'expect: [...]'",
                path,
                f"actions of this game: {', '.join(a.name for a in driver.actions)}",
            )
            return None
        action_name = self.text(step["do"], (*path, "do"), "do")
        if action_name is None:
            return None
        specs = {a.name: a for a in driver.actions}
        spec = specs.get(action_name)
        if spec is None:
            self.report(
                codes.UNKNOWN_ACTION,
                f"game '{driver.game}' has no action '{action_name}'",
                (*path, "do"),
                _did_you_mean(action_name, sorted(specs), "actions"),
            )
            return None
        given = {k: v for k, v in step.items() if k not in STEP_KEYS}
        args = self.arguments(given, path, spec.params, f"action '{spec.name}'")
        answers = self.answers(step["answers"], (*path, "answers")) if "answers" in step else ()
        dice = self.dice(step["dice"], (*path, "dice")) if "dice" in step else ()
        refused = self.refusal(step["refused"], (*path, "refused")) if "refused" in step else None
        return ActionStep(spec.name, args, answers, dice, refused, self.at(path))

    def arguments(
        self, given: Mapping[str, Any], path: YamlPath, params: Sequence[Param], what: str
    ) -> dict[str, Any]:
        by_name = {p.name: p for p in params}
        args: dict[str, Any] = {}
        for key in given:
            if key not in by_name:
                reserved = list(STEP_KEYS) if what.startswith("action") else [QUERY_EXPECTED]
                self.report(
                    codes.BAD_ARGUMENT,
                    f"{what} has no argument '{key}'",
                    (*path, key),
                    _did_you_mean(key, [*by_name, *reserved], "arguments"),
                    key=True,
                )
        for param in params:
            if param.name not in given:
                if param.required:
                    self.report(
                        codes.BAD_ARGUMENT,
                        f"{what} needs the argument '{param.name}'",
                        path,
                        f"add '{param.name}:' ({_kind_text(param.kind, param.many)})"
                        + (f": {param.doc}" if param.doc else ""),
                    )
                continue
            converted = self.value(given[param.name], (*path, param.name), param, what)
            if converted is not _BAD:
                args[param.name] = converted
        return args

    def value(self, value: Any, path: YamlPath, param: Param, what: str) -> Any:
        if param.many:
            items = self.sequence(value, path, f"'{param.name}' of {what}")
            if items is None:
                return _BAD
            out = [self.one(item, (*path, i), param, what) for i, item in enumerate(items)]
            return _BAD if _BAD in out else out
        return self.one(value, path, param, what)

    def one(self, value: Any, path: YamlPath, param: Param, what: str) -> Any:
        if param.kind is Kind.HEX:
            return self.coordinate(value, path, as_hex=True)
        if not _fits(value, param.kind):
            self.report(
                codes.BAD_ARGUMENT,
                f"'{param.name}' of {what} must be {_kind_text(param.kind)}, "
                f"not {_describe(value)}",
                path,
            )
            return _BAD
        if param.choices and value not in param.choices:
            self.report(
                codes.BAD_ARGUMENT,
                f"'{param.name}' of {what} cannot be {_describe(value)}",
                path,
                _did_you_mean(str(value), list(param.choices), "allowed"),
            )
            return _BAD
        return value

    def coordinate(self, value: Any, path: YamlPath, *, as_hex: bool) -> Any:
        if isinstance(value, str):
            try:
                hex_ = parse_coord(value)
            except HexforgeError as error:
                first = error.diagnostics[0]
                self.report(first.code, first.message, path, first.hint)
                return _BAD
            return hex_ if as_hex else format_coord(hex_)
        self.report(
            BAD_COORDINATE,
            f"{_describe(value)} is not a board coordinate",
            path,
            "write the column letter(s) then the row number, e.g. 'C7' (docs/coordinates.md)",
        )
        return _BAD

    def answers(self, value: Any, path: YamlPath) -> tuple[Answer, ...]:
        items = self.sequence(value, path, "answers")
        answers: list[Answer] = []
        for index, item in enumerate(items or []):
            where = (*path, index)
            if isinstance(item, dict):
                self.unknown_keys(item, where, list(ANSWER_KEYS), "an answer")
                if "choose" not in item:
                    self.report(
                        codes.MISSING_KEY,
                        "an answer written as a mapping needs 'choose'",
                        where,
                        "write {choose: <option>, kind: <decision>, player: <who>}",
                    )
                    continue
                kind = self.text(item["kind"], (*where, "kind"), "kind") if "kind" in item else None
                player = (
                    self.text(item["player"], (*where, "player"), "player")
                    if "player" in item
                    else None
                )
                choose = self.json(item["choose"], (*where, "choose"))
                if choose is not _BAD:
                    answers.append(Answer(choose, kind, player, self.at((*where, "choose"))))
            else:
                choose = self.json(item, where)
                if choose is not _BAD:
                    answers.append(Answer(choose, None, None, self.at(where)))
        return tuple(answers)

    def json(self, value: Any, path: YamlPath) -> Any:
        if _fits(value, Kind.JSON):
            return value
        self.report(
            codes.WRONG_VALUE,
            f"{_describe(value)} is not a value a game can hold",
            path,
            "use whole numbers, text, true/false, lists and mappings (no decimals)",
        )
        return _BAD

    def refusal(self, value: Any, path: YamlPath) -> Refusal | None:
        message = None
        code_path = path
        if isinstance(value, dict):
            self.unknown_keys(value, path, list(REFUSED_KEYS), "refused")
            if "code" not in value:
                self.report(codes.MISSING_KEY, "'refused' needs 'code'", path, "e.g. code: HF408")
                return None
            code_path = (*path, "code")
            if "message" in value:
                message = self.text(value["message"], (*path, "message"), "message")
            value = value["code"]
        if not isinstance(value, str) or value not in catalogue():
            known = sorted(catalogue())
            hint = (
                _did_you_mean(value, known, "codes")
                if isinstance(value, str)
                else "write a code such as HF408 (docs/errors.md)"
            )
            self.report(
                codes.BAD_CODE,
                f"{_describe(value)} is not a diagnostic code hexforge defines",
                code_path,
                hint if "did you mean" in hint else "see docs/errors.md for the codes",
            )
            return None
        return Refusal(value, message, self.at(code_path))

    # -- expectations ---------------------------------------------------------------------

    def expectations(self, value: Any, path: YamlPath, driver: ScenarioDriver) -> list[Expectation]:
        items = self.sequence(value, path, "expect")
        found: list[Expectation] = []
        for index, item in enumerate(items or []):
            found.extend(self.expectation(item, (*path, index), driver))
        return found

    def expectation(self, value: Any, path: YamlPath, driver: ScenarioDriver) -> list[Expectation]:
        item = self.mapping(value, path, "an expectation")
        if item is None:
            return []
        log_keys = [k for k in item if k in LOG_KEYS and k != "times"]
        if log_keys:
            log = self.log_expectation(item, path, log_keys)
            return [log] if log is not None else []
        observables = driver.observables
        subjects = sorted({o.subject for o in observables})
        if QUERY_SUBJECT in item:
            query = self.query(item, path, [o for o in observables if o.subject == QUERY_SUBJECT])
            return [query] if query is not None else []
        subject = next((k for k in item if k in subjects), None)
        if subject is None:
            first = next(iter(item), None)
            self.report(
                codes.UNKNOWN_OBSERVABLE,
                f"an expectation starts with a subject, not '{first}'"
                if first is not None
                else "an empty expectation",
                (*path, first) if first is not None else path,
                _did_you_mean(str(first), [*subjects, *LOG_KEYS], "subjects")
                if first is not None
                else f"subjects: {', '.join([*subjects, *LOG_KEYS])}",
                key=first is not None,
            )
            return []
        props = {o.name: o for o in observables if o.subject == subject}
        if subject in ID_LESS_SUBJECTS:
            others = [k for k in item if k != subject]
            if others:
                self.report(
                    codes.UNKNOWN_OBSERVABLE,
                    f"'{others[0]}' does not belong here: '{subject}' takes its properties "
                    "as an indented mapping",
                    (*path, others[0]),
                    f"write '- {subject}: {{{others[0]}: ...}}'",
                    key=True,
                )
            table = self.mapping(item[subject], (*path, subject), f"'{subject}'")
            target, base = None, (*path, subject)
        else:
            target = self.text(item[subject], (*path, subject), f"the {subject} id")
            table = {k: v for k, v in item.items() if k != subject}
            base = path
        if table is None or (target is None and subject not in ID_LESS_SUBJECTS):
            return []
        if not table:
            self.report(
                codes.MISSING_KEY,
                f"expectation on {subject} names no property",
                path,
                f"properties of {subject}: {', '.join(sorted(props))}",
            )
        found: list[Expectation] = []
        for name, expected in table.items():
            observable = props.get(name)
            where = (*base, name)
            if observable is None:
                self.report(
                    codes.UNKNOWN_OBSERVABLE,
                    f"{subject} has no property '{name}'",
                    where,
                    _did_you_mean(name, sorted(props), f"properties of {subject}"),
                    key=True,
                )
                continue
            matcher = self.matcher(expected, where, observable)
            if matcher is not None:
                found.append(Observation(subject, target, name, {}, matcher, self.at(where)))
        return found

    def query(
        self, item: Mapping[str, Any], path: YamlPath, queries: Sequence[Observable]
    ) -> Observation | None:
        name = self.text(item[QUERY_SUBJECT], (*path, QUERY_SUBJECT), "query")
        if name is None:
            return None
        by_name = {q.name: q for q in queries}
        observable = by_name.get(name)
        if observable is None:
            self.report(
                codes.UNKNOWN_OBSERVABLE,
                f"no query '{name}'",
                (*path, QUERY_SUBJECT),
                _did_you_mean(name, sorted(by_name), "queries"),
            )
            return None
        given = {k: v for k, v in item.items() if k not in (QUERY_SUBJECT, QUERY_EXPECTED)}
        args = self.arguments(given, path, observable.params, f"query '{name}'")
        if QUERY_EXPECTED not in item:
            self.report(
                codes.MISSING_KEY,
                f"query '{name}' needs '{QUERY_EXPECTED}:' with the expected value",
                path,
                f"e.g. 'is: ...' ({_kind_text(observable.kind, observable.many)})",
            )
            return None
        where = (*path, QUERY_EXPECTED)
        matcher = self.matcher(item[QUERY_EXPECTED], where, observable)
        if matcher is None:
            return None
        return Observation(QUERY_SUBJECT, None, name, args, matcher, self.at(where))

    def matcher(self, value: Any, path: YamlPath, observable: Observable) -> Matcher | None:
        if isinstance(value, dict) and value and all(k in _OPS for k in value):
            checks = []
            for key, expected in value.items():
                op = _OPS[key]
                normal = self.expected(expected, (*path, key), observable, op)
                if normal is _BAD:
                    return None
                checks.append((op, normal))
            return Matcher(tuple(checks))
        normal = self.expected(value, path, observable, Op.EQUALS)
        return None if normal is _BAD else Matcher(((Op.EQUALS, normal),))

    def expected(self, value: Any, path: YamlPath, observable: Observable, op: Op) -> Any:
        """The expected value in the form the driver reports (coordinates normalised)."""
        what = f"{observable.subject} {observable.name}"
        if op in (Op.AT_LEAST, Op.AT_MOST):
            if observable.kind is not Kind.INT or observable.many:
                self.report(
                    codes.WRONG_VALUE,
                    f"'{op.value}' compares numbers, but {what} is "
                    f"{_kind_text(observable.kind, observable.many)}",
                    path,
                )
                return _BAD
            return self.integer(value, path, op.value) if not _is_int(value) else value
        many = observable.many and op not in (Op.CONTAINS, Op.LACKS)
        if op in (Op.CONTAINS, Op.LACKS) and not observable.many:
            if observable.kind is Kind.TEXT and isinstance(value, str):
                return value
            if observable.kind is not Kind.JSON:
                self.report(
                    codes.WRONG_VALUE,
                    f"'{op.value}' looks inside a list or a text, but {what} is "
                    f"{_kind_text(observable.kind)}",
                    path,
                )
                return _BAD
        if many:
            items = self.sequence(value, path, what)
            if items is None:
                return _BAD
            out = [self.expected_one(v, (*path, i), observable) for i, v in enumerate(items)]
            return _BAD if _BAD in out else out
        return self.expected_one(value, path, observable)

    def expected_one(self, value: Any, path: YamlPath, observable: Observable) -> Any:
        if observable.kind is Kind.HEX:
            return self.coordinate(value, path, as_hex=False)
        if _fits(value, observable.kind):
            return value
        self.report(
            codes.WRONG_VALUE,
            f"{observable.subject} {observable.name} is {_kind_text(observable.kind)}; "
            f"{_describe(value)} can never match",
            path,
        )
        return _BAD

    def log_expectation(
        self, item: Mapping[str, Any], path: YamlPath, keys: Sequence[str]
    ) -> LogExpectation | None:
        self.unknown_keys(item, path, list(LOG_KEYS), "a log expectation")
        if len(keys) > 1:
            self.report(
                codes.BAD_STEP,
                f"one log expectation per item: '{keys[0]}' and '{keys[1]}' are both here",
                (*path, keys[1]),
                "split them into two items",
                key=True,
            )
            return None
        mode = LogMode(keys[0])
        where = (*path, mode.value)
        times = None
        if "times" in item:
            if mode is not LogMode.HAPPENED:
                self.report(
                    codes.UNKNOWN_KEY,
                    f"'times' goes with 'happened', not '{mode.value}'",
                    (*path, "times"),
                    key=True,
                )
            times = self.integer(item["times"], (*path, "times"), "times")
        if mode is LogMode.IN_ORDER:
            entries = self.sequence(item[mode.value], where, "in_order")
            patterns = [self.pattern(v, (*where, i)) for i, v in enumerate(entries or [])]
        else:
            patterns = [self.pattern(item[mode.value], where)]
        if None in patterns or not patterns:
            return None
        return LogExpectation(
            mode, tuple(p for p in patterns if p is not None), times, self.at(where)
        )

    def pattern(self, value: Any, path: YamlPath) -> LogPattern | None:
        fields = self.mapping(value, path, "a log pattern")
        if fields is None:
            return None
        if not fields:
            self.report(
                codes.MISSING_KEY,
                "an empty log pattern matches everything",
                path,
                "name the entry: {event: <name>, ...} or {type: <entry type>, ...}",
            )
            return None
        for key, item in fields.items():
            if self.json(item, (*path, key)) is _BAD:
                return None
        event = fields.get("event")
        if "event" in fields and not isinstance(event, str):
            self.report(codes.WRONG_VALUE, "'event' names an event: text", (*path, "event"))
            return None
        rest = {k: v for k, v in fields.items() if k != "event"}
        return LogPattern(event, rest, self.at(path))


_BAD: Any = object()
_OPS = {op.value: op for op in Op}


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _fits(value: Any, kind: Kind) -> bool:
    if kind is Kind.INT:
        return _is_int(value)
    if kind is Kind.BOOL:
        return isinstance(value, bool)
    if kind is Kind.TEXT:
        return isinstance(value, str)
    if kind is Kind.JSON:
        return _is_json(value)
    return False


def _is_json(value: Any) -> bool:
    if value is None or isinstance(value, bool | int | str):
        return True
    if isinstance(value, float):
        return False
    if isinstance(value, list):
        return all(_is_json(v) for v in value)
    if isinstance(value, dict):
        return all(_is_json(v) for v in value.values())
    return False


_KIND_TEXT = {
    Kind.INT: "a whole number",
    Kind.BOOL: "true or false",
    Kind.TEXT: "text",
    Kind.HEX: "a board coordinate such as C7",
    Kind.JSON: "any value",
}


def _kind_text(kind: Kind, many: bool = False) -> str:
    return f"a list of: {_KIND_TEXT[kind]}" if many else _KIND_TEXT[kind]


def _describe(value: Any) -> str:
    if value is None:
        return "an empty value"
    if isinstance(value, bool):
        return f"'{str(value).lower()}'"
    if isinstance(value, float) and math.isfinite(value):
        return f"the decimal {value}"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, str):
        return f"'{value}'"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__
