"""AST + vocabulary -> resolved effect, collecting every authoring error.

The checker matches each phrase against the game's templates (verbs, conditions,
selectors, stats, permissions, triggers), types every value, and reports all problems at
once, each with a stable code, the span of the offending words, a message and a hint
(usually "did you mean ..."). It is built in layers, one module each, every layer using
those below it: ``check_clauses``, ``check_statements``, ``check_matching``,
``check_values``, ``check_selectors``, ``check_base``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from hexforge.core.errors import Diagnostic, Severity
from hexforge.dsl import ast
from hexforge.dsl import resolved as r
from hexforge.dsl.check_clauses import Clauses
from hexforge.dsl.vocabulary import Vocabulary


class Checker(Clauses):
    """One effect's check; ``diagnostics`` collects everything found."""

    __slots__ = ()


def check(
    effect: ast.Effect, vocabulary: Vocabulary, lines: Sequence[str], place: str | None = None
) -> tuple[r.Checked, list[Diagnostic]]:
    """Resolve ``effect``; the diagnostics are empty (or warnings only) when it is valid.

    ``place`` is the card field the text is written in (``glory.mission``), when known:
    verbs the game allows only in some fields are checked against it (HF327)."""
    checker = Checker(vocabulary, lines, place)
    checked = checker.effect(effect)
    return checked, checker.diagnostics


def errors(diagnostics: Iterable[Diagnostic]) -> list[Diagnostic]:
    return [d for d in diagnostics if d.severity is Severity.ERROR]
