"""The failure report: what failed, expected against actual, the line, the last log entries.

Plain text (no colour codes) so the same report reads well in a terminal, in pytest's
output and in a CI log.
"""

from __future__ import annotations

from hexforge.core.errors import Diagnostic
from hexforge.core.report import caret_line
from hexforge.core.scenarios.runner import Failure, ScenarioResult


def failure_lines(failure: Failure) -> list[str]:
    """One failure: location and problem, the file's line with a caret, expected/actual."""
    span = failure.at.span
    lines = [f"{span.location()}: {failure.problem.value}: {failure.message}"]
    source = failure.at.source_line
    caret = caret_line(Diagnostic("", "", span, source))
    if source is not None and caret is not None:
        gutter = f"{span.line:>5} | "
        lines += [gutter + source, " " * (len(gutter) - 2) + "| " + caret]
    if failure.expected is not None:
        lines.append(f"  expected: {failure.expected}")
    if failure.actual is not None:
        lines.append(f"  actual:   {failure.actual}")
    if failure.hint is not None:
        lines.append(f"  hint: {failure.hint}")
    return lines


def result_text(result: ScenarioResult) -> str:
    """The full report of a failed scenario (empty for one that passed)."""
    if result.passed:
        return ""
    lines = [f"FAILED {result.file} ({result.name})"]
    for failure in result.failures:
        lines += ["  " + line for line in failure_lines(failure)]
    if result.failures and result.log_tail:
        lines.append("  last log entries:")
        lines += [f"    {entry}" for entry in result.log_tail]
    return "\n".join(lines)


def summary(results: list[ScenarioResult]) -> str:
    """``N passed, N failed``: the line ``hexforge test`` ends with."""
    passed = sum(r.passed for r in results)
    return f"{passed} passed, {len(results) - passed} failed"
