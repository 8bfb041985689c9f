"""What every layer of the checker shares: typed results, scopes, reporting, wording.

Every resolution returns a :class:`Typed` value or a :class:`Failed` reading, so a phrase
can be tried several ways before the best explanation is reported.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TypeVar

from hexforge.core.errors import Diagnostic, Severity, Span
from hexforge.core.vocabulary import BaseType, EventType
from hexforge.dsl import ast
from hexforge.dsl import codes as c
from hexforge.dsl import resolved as r
from hexforge.dsl.parser import LIMITS
from hexforge.dsl.pretty import phrase as show_phrase
from hexforge.dsl.templates import Template
from hexforge.dsl.vocabulary import Bounds, PermissionDef, Stat, Vocabulary

INT, BOOL, TEXT = BaseType.INT.value, BaseType.BOOL.value, BaseType.TEXT.value
Hint = str | Callable[[], str | None] | None
Atoms = Sequence[ast.Word | ast.Expr]
Declared = TypeVar("Declared", Stat, PermissionDef)


@dataclass(frozen=True, slots=True)
class Typed:
    value: r.Value
    type: str


@dataclass(frozen=True, slots=True)
class Failed:
    """Why a reading failed; ``rank`` prefers explanations from closer readings.

    The diagnostics are built only when reported: most failed readings are discarded
    while a phrase is tried other ways, and "did you mean" searches are not free.
    """

    builders: tuple[Callable[[], Diagnostic], ...]
    rank: int = 0

    @property
    def diagnostics(self) -> tuple[Diagnostic, ...]:
        return tuple(build() for build in self.builders)


Result = Typed | Failed

NO_READING = Failed((), rank=-1)
"""A phrase that does not spell a template in any way: worse than any other failure."""


@dataclass(frozen=True, slots=True)
class Scope:
    """Names an expression may use, with their types, and the event a hook reacts to."""

    names: Mapping[str, str]
    event: EventType | None = None

    def bind(self, name: str, type_: str) -> Scope:
        return Scope({**self.names, name: type_}, self.event)


@dataclass(slots=True)
class CheckState:
    """What one effect's check reads and what it found; the bottom layer of the checker."""

    vocabulary: Vocabulary
    lines: Sequence[str]
    place: str | None = None
    """The card field the effect is written in (``glory.mission``), when known."""
    diagnostics: list[Diagnostic] = field(default_factory=list)
    nodes: int = 0
    too_large: bool = False

    def diagnostic(
        self,
        code: str,
        message: str,
        span: Span,
        hint: str | None = None,
        severity: Severity = Severity.ERROR,
    ) -> Diagnostic:
        line = self.lines[span.line - 1] if 0 < span.line <= len(self.lines) else None
        return Diagnostic(code, message, span, line, hint, severity)

    def report(self, result: Failed | Iterable[Diagnostic]) -> None:
        found = result.diagnostics if isinstance(result, Failed) else tuple(result)
        for diagnostic in found:
            if diagnostic not in self.diagnostics:
                self.diagnostics.append(diagnostic)

    def fail(self, code: str, message: str, span: Span, hint: Hint = None) -> Failed:
        def build() -> Diagnostic:
            return self.diagnostic(code, message, span, hint() if callable(hint) else hint)

        return Failed((build,))

    def out_of_range(
        self, value: r.Value, span: Span, bounds: Bounds | None, what: str | Callable[[], str]
    ) -> Failed | None:
        """HF306 when ``value`` is a number known before the game runs (written, or
        computed from written numbers alone) outside ``bounds`` - or, without declared
        bounds, outside what an effect may write at all. ``what`` names the number, or words
        its name when a message needs it (every number of every phrase is checked here)."""
        number = constant(value)
        if number is None:
            return None
        low, high = bounds if bounds is not None else (-LIMITS.max_number, LIMITS.max_number)
        if low <= number <= high:
            return None
        shown, named = _shown_number(number), what if isinstance(what, str) else what()
        if bounds is None:
            return self.fail(
                c.NUMBER_OUT_OF_RANGE,
                f"{named} is {shown}; an effect's numbers are between "
                f"-{LIMITS.max_number} and {LIMITS.max_number}",
                span,
            )
        return self.fail(
            c.NUMBER_OUT_OF_RANGE,
            f"{named} is {shown}, outside its range {low} to {high}",
            span,
            "the game declares the range of each stat and phrase (docs/content.md lists motu's)",
        )

    def match(
        self, template: Template, atoms: Atoms, scope: Scope, event: EventType | None
    ) -> list[r.Value] | Failed:
        """Defined in :mod:`hexforge.dsl.check_matching`; declared here because filters and
        condition phrases, in lower layers, are templates too."""
        raise NotImplementedError


# ---- wording and combining -------------------------------------------------------------


def constant(value: r.Value) -> int | None:
    """The value of a number known before the game runs: a literal, or arithmetic on
    literals alone; None for anything that depends on the game."""
    if isinstance(value, r.Lit):
        number = value.value
        return number if isinstance(number, int) and not isinstance(number, bool) else None
    if isinstance(value, r.Negate):
        inner = constant(value.operand)
        return None if inner is None else -inner
    if isinstance(value, r.Arith):
        left, right = constant(value.left), constant(value.right)
        if left is None or right is None:
            return None
        if value.op is ast.ArithOp.ADD:
            return left + right
        if value.op is ast.ArithOp.SUB:
            return left - right
        return left * right
    return None


def _shown_number(number: int) -> str:
    """A number for a message (one of thousands of digits by its size alone)."""
    if number.bit_length() <= 80:
        return str(number)
    return (
        f"{'-' if number < 0 else ''}a number of about {int(number.bit_length() * 0.30103)} digits"
    )


def pretty_words(phrase: ast.Phrase) -> str:
    return show_phrase(phrase)


def word_at(atoms: Atoms, index: int) -> str | None:
    atom = atoms[index] if index < len(atoms) else None
    return atom.text if isinstance(atom, ast.Word) else None


def cover(atoms: Atoms, fallback: Span | None) -> Span:
    if not atoms:
        assert fallback is not None
        return fallback
    first, last = atoms[0].span, atoms[-1].span
    return Span(first.file, first.line, first.column, last.end_line, last.end_column)


def better(best: Failed | None, new: Failed) -> Failed:
    if best is None or (new.rank > best.rank and new.builders):
        return new
    return best


def all_of(values: Sequence[r.Value]) -> r.Value | None:
    result: r.Value | None = None
    for value in values:
        result = conjoin(result, value)
    return result


def conjoin(left: r.Value | None, right: r.Value | None) -> r.Value | None:
    if left is None:
        return right
    if right is None:
        return left
    return r.Logical(ast.LogicOp.AND, left, right)


def by_words(declared: Sequence[Declared], words: tuple[str | None, ...] | None) -> Declared | None:
    """The first stat or permission spelled ``words``."""
    return next((d for d in declared if d.words == words), None)


def a_type(type_name: str) -> str:
    if type_name in (INT, BOOL):
        return "a number" if type_name == INT else "a condition"
    if type_name.endswith("*"):
        return f"a selection of {type_name[:-1]}s"
    article = "an" if type_name[:1] in "aeio" else "a"
    return f"{article} {type_name}"


def did_you_mean(word: str, candidates: Sequence[str], prefix: str = "") -> str | None:
    close = difflib.get_close_matches(word, list(candidates), n=3, cutoff=0.5)
    if not close:
        return None
    return "did you mean " + " or ".join(f"'{prefix}{m}'" for m in close) + "?"
