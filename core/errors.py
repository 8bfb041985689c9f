"""One error type for every stage, carrying diagnostics that point into the user's files.

Content authors never see a Python traceback for bad input: every stage (YAML, models,
DSL, scenarios, CLI arguments, plugins) reports :class:`Diagnostic` values with a stable
code from :mod:`hexforge.core.codes`, a source span, the offending line and a hint.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import IntEnum, StrEnum


class Severity(StrEnum):
    """How bad a diagnostic is; warnings fail a run only under ``--strict``."""

    ERROR = "error"
    WARNING = "warning"


class ExitCode(IntEnum):
    """Process exit codes of the ``hexforge`` command (documented in docs/cli.md)."""

    OK = 0
    CONTENT = 1
    USAGE = 2
    INTERNAL = 3


@dataclass(frozen=True, slots=True)
class Span:
    """A source range: 1-based lines and columns; ``end_column`` is exclusive."""

    file: str | None
    line: int
    column: int
    end_line: int
    end_column: int

    @classmethod
    def point(cls, file: str | None, line: int, column: int, width: int = 1) -> Span:
        """A span on one line starting at ``column`` and ``width`` characters wide."""
        return cls(file, line, column, line, column + max(width, 1))

    def location(self) -> str:
        """``file:line:col`` as editors and CI annotations expect it."""
        return f"{self.file or '<input>'}:{self.line}:{self.column}"


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem found in user input, with everything needed to show and fix it."""

    code: str
    message: str
    span: Span | None = None
    source_line: str | None = None
    hint: str | None = None
    severity: Severity = Severity.ERROR

    def at(self, span: Span, source_line: str | None = None) -> Diagnostic:
        """The same diagnostic placed at another span (e.g. mapped into a YAML file)."""
        return replace(self, span=span, source_line=source_line)


class HexforgeError(Exception):
    """Raised with one or more diagnostics; the CLI renders them and exits with ``exit_code``."""

    def __init__(self, *diagnostics: Diagnostic, exit_code: ExitCode = ExitCode.CONTENT) -> None:
        if not diagnostics:
            raise ValueError("HexforgeError needs at least one diagnostic")
        self.diagnostics: tuple[Diagnostic, ...] = diagnostics
        self.exit_code = exit_code
        first = diagnostics[0]
        where = f"{first.span.location()}: " if first.span else ""
        super().__init__(f"{where}{first.code} {first.message}")

    @property
    def code(self) -> str:
        """The code of the first diagnostic, for callers that expect a single failure."""
        return self.diagnostics[0].code

    @classmethod
    def single(
        cls,
        code: str,
        message: str,
        *,
        span: Span | None = None,
        source_line: str | None = None,
        hint: str | None = None,
        exit_code: ExitCode = ExitCode.CONTENT,
    ) -> HexforgeError:
        """Shorthand for an error with one diagnostic."""
        return cls(Diagnostic(code, message, span, source_line, hint), exit_code=exit_code)
