"""Matching a phrase against a template: each reading of its atoms, every placeholder's
atoms checked as a value of its type or, in a trigger, as a pattern on a payload field."""

from __future__ import annotations

from functools import partial

from hexforge.core.errors import Span
from hexforge.core.vocabulary import EventType, Field
from hexforge.dsl import ast
from hexforge.dsl import codes as c
from hexforge.dsl import resolved as r
from hexforge.dsl.check_base import (
    BOOL,
    INT,
    NO_READING,
    Atoms,
    Failed,
    Result,
    Scope,
    Typed,
    all_of,
    better,
    cover,
    did_you_mean,
    word_at,
)
from hexforge.dsl.check_values import Values
from hexforge.dsl.templates import Template, matches

_OUT_OF_RANGE_RANK = 1_000
"""A reading that fits a template but holds a number outside its range explains the
phrase better than any reading that does not fit."""


class Matching(Values):
    """Verb, condition, filter and trigger templates applied to phrases."""

    __slots__ = ()

    def match(
        self, template: Template, atoms: Atoms, scope: Scope, event: EventType | None
    ) -> list[r.Value] | Failed:
        """Arguments of the first reading of ``atoms`` as ``template`` that type-checks.

        With ``event`` set (trigger templates) each placeholder is a pattern on the payload
        field of its name and the result is the list of conditions to AND together.
        """
        best: Failed | None = None
        params = template.params
        for slices in matches(template, atoms):
            values: list[r.Value] = []
            failure: Failed | None = None
            for param, (start, end) in zip(params, slices, strict=True):
                piece = atoms[start:end]
                span = piece[0].span if end - start == 1 else cover(piece, None)
                if event is not None:
                    payload = event.field(param.name)
                    assert payload is not None
                    outcome = self.pattern(piece, span, scope, payload)
                else:
                    outcome = self.slice(piece, span, scope, param.type)
                    if isinstance(outcome, Typed) and param.type == INT:
                        what = partial(template.placeholder, param.name)
                        beyond = self.out_of_range(outcome.value, span, param.bounds, what)
                        if beyond is not None:  # the reading fits but its number does not
                            return Failed(beyond.builders, rank=_OUT_OF_RANGE_RANK)
                if isinstance(outcome, Failed):
                    failure = outcome
                    break
                values.append(outcome.value)
            if failure is None:
                return values
            best = better(best, Failed(failure.builders, rank=1 + len(values)))
        return best if best is not None else NO_READING

    def pattern(self, atoms: Atoms, span: Span, scope: Scope, payload: Field) -> Result:
        """A trigger placeholder: a condition on the payload field ``payload``."""
        subject = r.Name(payload.name)
        if payload.type in self.vocabulary.kinds:
            rest: Atoms = atoms
            if word_at(atoms, 0) in ("a", "an", "any") and len(atoms) > 1:
                rest = atoms[1:]
            noun = rest[0]
            if (
                isinstance(noun, ast.Word)
                and rest is not atoms
                and self.noun(noun.text, None) is None
            ):
                nouns = [n.singular for n in self.vocabulary.nouns if n.kind == payload.type]
                return self.fail(
                    c.UNKNOWN_SELECTOR,
                    f"unknown selector '{noun.text}'",
                    noun.span,
                    lambda: did_you_mean(noun.text, nouns) or "expected one of " + ", ".join(nouns),
                )
            if isinstance(noun, ast.Word):
                found = self.noun(noun.text, payload.type)
                if found is not None:
                    filters = self.filters(rest[1:], scope, payload.type, span)
                    if isinstance(filters, Failed):
                        return filters
                    checks: list[r.Value] = [r.IsA(subject, found)]
                    checks.extend(r.Passes(subject, applied) for applied in filters)
                    return Typed(all_of(checks) or r.Lit(1), BOOL)
        other = self.slice(atoms, span, scope, payload.type)
        if isinstance(other, Failed):
            return other
        return Typed(r.Comparison(ast.CompareOp.EQ, subject, other.value), BOOL)
