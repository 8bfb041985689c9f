"""Reading the expectations of a scenario: observations of the driver's subjects and
queries, with their matchers, and expectations on the log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hexforge.core.packs.yamlio import YamlPath
from hexforge.core.scenarios import codes
from hexforge.core.scenarios.driver import (
    ID_LESS_SUBJECTS,
    QUERY_SUBJECT,
    Kind,
    Observable,
    ScenarioDriver,
)
from hexforge.core.scenarios.model import (
    Expectation,
    LogExpectation,
    LogMode,
    LogPattern,
    Matcher,
    Observation,
    Op,
)
from hexforge.core.scenarios.reading import (
    BAD,
    Reader,
    describe,
    did_you_mean,
    fits,
    is_int,
    kind_text,
)

LOG_KEYS: Mapping[str, str] = {
    "happened": "a log entry matching this pattern exists",
    "not_happened": "no log entry matches this pattern",
    "in_order": "entries matching these patterns appear in this order",
    "times": "with happened: exactly this many entries match",
}
QUERY_EXPECTED = "is"
OPS = {op.value: op for op in Op}


class ExpectationReader(Reader):
    """Reads ``expect:`` lists (at the end and in check steps)."""

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
                did_you_mean(str(first), [*subjects, *LOG_KEYS], "subjects")
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
                    did_you_mean(name, sorted(props), f"properties of {subject}"),
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
                did_you_mean(name, sorted(by_name), "queries"),
            )
            return None
        given = {k: v for k, v in item.items() if k not in (QUERY_SUBJECT, QUERY_EXPECTED)}
        args = self.arguments(
            given, path, observable.params, f"query '{name}'", [QUERY_SUBJECT, QUERY_EXPECTED]
        )
        if QUERY_EXPECTED not in item:
            self.report(
                codes.MISSING_KEY,
                f"query '{name}' needs '{QUERY_EXPECTED}:' with the expected value",
                path,
                f"e.g. 'is: ...' ({kind_text(observable.kind, observable.many)})",
            )
            return None
        where = (*path, QUERY_EXPECTED)
        matcher = self.matcher(item[QUERY_EXPECTED], where, observable)
        if matcher is None:
            return None
        return Observation(QUERY_SUBJECT, None, name, args, matcher, self.at(where))

    def matcher(self, value: Any, path: YamlPath, observable: Observable) -> Matcher | None:
        if isinstance(value, dict) and value and all(k in OPS for k in value):
            checks = []
            for key, expected in value.items():
                op = OPS[key]
                normal = self.expected(expected, (*path, key), observable, op)
                if normal is BAD:
                    return None
                checks.append((op, normal))
            return Matcher(tuple(checks))
        normal = self.expected(value, path, observable, Op.EQUALS)
        return None if normal is BAD else Matcher(((Op.EQUALS, normal),))

    def expected(self, value: Any, path: YamlPath, observable: Observable, op: Op) -> Any:
        """The expected value in the form the driver reports (coordinates normalised)."""
        what = f"{observable.subject} {observable.name}"
        counted = {
            Op.AT_LEAST: ("compares numbers", observable.kind is Kind.INT and not observable.many),
            Op.AT_MOST: ("compares numbers", observable.kind is Kind.INT and not observable.many),
            Op.SIZE: (
                "counts the items of a list",
                observable.many or observable.kind is Kind.JSON,
            ),
        }
        if op in counted:
            verb, fitting = counted[op]
            if not fitting:
                self.report(
                    codes.WRONG_VALUE,
                    f"'{op.value}' {verb}, but {what} is "
                    f"{kind_text(observable.kind, observable.many)}",
                    path,
                )
                return BAD
            return self.integer(value, path, op.value) if not is_int(value) else value
        many = observable.many and op not in (Op.CONTAINS, Op.LACKS)
        if op in (Op.CONTAINS, Op.LACKS) and not observable.many:
            if observable.kind is Kind.TEXT and isinstance(value, str):
                return value
            if observable.kind is not Kind.JSON:
                self.report(
                    codes.WRONG_VALUE,
                    f"'{op.value}' looks inside a list or a text, but {what} is "
                    f"{kind_text(observable.kind)}",
                    path,
                )
                return BAD
        if many:
            items = self.sequence(value, path, what)
            if items is None:
                return BAD
            out = [self.expected_one(v, (*path, i), observable) for i, v in enumerate(items)]
            return BAD if BAD in out else out
        return self.expected_one(value, path, observable)

    def expected_one(self, value: Any, path: YamlPath, observable: Observable) -> Any:
        if observable.kind is Kind.HEX:
            return self.coordinate(value, path, as_hex=False)
        if fits(value, observable.kind):
            return value
        self.report(
            codes.WRONG_VALUE,
            f"{observable.subject} {observable.name} is {kind_text(observable.kind)}; "
            f"{describe(value)} can never match",
            path,
        )
        return BAD

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
            if self.json(item, (*path, key)) is BAD:
                return None
        event = fields.get("event")
        if "event" in fields and not isinstance(event, str):
            self.report(codes.WRONG_VALUE, "'event' names an event: text", (*path, "event"))
            return None
        rest = {k: v for k, v in fields.items() if k != "event"}
        return LogPattern(event, rest, self.at(path))
