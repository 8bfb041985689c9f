"""Checking values: numbers, names, properties, arithmetic, comparisons, logic, and
phrases read as a value of a wanted type (a constant, a condition phrase, an entity, a
selection)."""

from __future__ import annotations

from collections.abc import Sequence

from hexforge.core.errors import Span
from hexforge.dsl import ast
from hexforge.dsl import codes as c
from hexforge.dsl import resolved as r
from hexforge.dsl.check_base import (
    BOOL,
    INT,
    TEXT,
    Atoms,
    Failed,
    Result,
    Scope,
    Typed,
    a_type,
    all_of,
    better,
    cover,
    did_you_mean,
    pretty_words,
    word_at,
)
from hexforge.dsl.check_selectors import Selectors


class Values(Selectors):
    """Expressions and phrases typed against what their place wants."""

    __slots__ = ()

    def condition(self, node: ast.Expr, scope: Scope) -> r.Value | None:
        return self.expect(node, scope, BOOL)

    def expect(self, node: ast.Expr, scope: Scope, want: str) -> r.Value | None:
        outcome = self.typed(self.value(node, scope, want), want, node.span)
        if isinstance(outcome, Failed):
            self.report(outcome)
            return None
        return outcome.value

    def value(self, node: ast.Expr, scope: Scope, want: str | None = None) -> Result:
        if isinstance(node, ast.Num):
            return Typed(r.Lit(node.value), INT)
        if isinstance(node, ast.Prop):
            return self.prop(node, scope)
        if isinstance(node, ast.Count):
            selection = self.selection(node.selector, scope)
            if isinstance(selection, Failed):
                return selection
            assert isinstance(selection.value, r.Selection | r.Single)
            return Typed(r.CountOf(selection.value), INT)
        if isinstance(node, ast.Phrase):
            return self.phrase(node, scope, want)
        if isinstance(node, ast.Neg):
            operand = self.numbers([node.operand], scope)
            if isinstance(operand, Failed):
                return operand
            return Typed(r.Negate(operand[0]), INT)
        if isinstance(node, ast.Arith):
            both = self.numbers([node.left, node.right], scope)
            if isinstance(both, Failed):
                return both
            return Typed(r.Arith(node.op, both[0], both[1]), INT)
        if isinstance(node, ast.Not):
            inner = self.typed(self.value(node.operand, scope, BOOL), BOOL, node.operand.span)
            if isinstance(inner, Failed):
                return inner
            return Typed(r.Negation(inner.value), BOOL)
        if isinstance(node, ast.Logic):
            sides = [
                self.typed(self.value(side, scope, BOOL), BOOL, side.span)
                for side in (node.left, node.right)
            ]
            failures = _failures(sides)
            if failures is not None:
                return failures
            left, right = (side.value for side in sides if isinstance(side, Typed))
            return Typed(r.Logical(node.op, left, right), BOOL)
        return self.compare(node, scope)

    def numbers(self, nodes: list[ast.Expr], scope: Scope) -> list[r.Value] | Failed:
        results = [self.typed(self.value(n, scope, INT), INT, n.span) for n in nodes]
        failures = _failures(results)
        if failures is not None:
            return failures
        return [result.value for result in results if isinstance(result, Typed)]

    def compare(self, node: ast.Compare, scope: Scope) -> Result:
        if node.op not in (ast.CompareOp.EQ, ast.CompareOp.NE):
            both = self.numbers([node.left, node.right], scope)
            if isinstance(both, Failed):
                return both
            return Typed(r.Comparison(node.op, both[0], both[1]), BOOL)
        left = self.value(node.left, scope)
        if isinstance(left, Failed):
            right_first = self.value(node.right, scope)
            if isinstance(right_first, Typed):
                left = self.typed(
                    self.value(node.left, scope, right_first.type),
                    right_first.type,
                    node.left.span,
                )
            if isinstance(left, Failed):
                return left
            right: Result = right_first
        else:
            right = self.typed(self.value(node.right, scope, left.type), left.type, node.right.span)
        if isinstance(right, Failed):
            return right
        return Typed(r.Comparison(node.op, left.value, right.value), BOOL)

    def prop(self, node: ast.Prop, scope: Scope) -> Result:
        head, *rest = node.path
        span = node.span
        if head == "event":
            event = scope.event
            field_name = rest[0]
            payload = None if event is None else event.field(field_name)
            if event is None or payload is None:
                names = [] if event is None else [f.name for f in event.fields]
                where = "this effect has no event" if event is None else f"event '{event.name}'"
                return self.fail(
                    c.NOT_ON_PAYLOAD,
                    f"'{field_name}' is not a field of {where}",
                    span,
                    did_you_mean(field_name, names)
                    if names
                    else "'event.<field>' is only available inside 'when'/'upon'/'at end of'",
                )
            current: r.Value = r.Name(field_name)
            kind, rest = payload.type, rest[1:]
        elif head in scope.names:
            current, kind = r.Name(head), scope.names[head]
        else:
            return self.unknown_name(head, span, scope)
        for name in rest:
            prop = self.vocabulary.property_of(kind, name)
            if prop is None:
                known = sorted(self.vocabulary.properties.get(kind, {}))
                return self.fail(
                    c.UNKNOWN_PROPERTY,
                    f"{a_type(kind)} has no property '{name}'",
                    span,
                    did_you_mean(name, known) if known else f"{a_type(kind)} has no properties",
                )
            current, kind = r.GetProp(current, prop), prop.type
        return Typed(current, kind)

    def unknown_name(self, name: str, span: Span, scope: Scope) -> Failed:
        def hint() -> str | None:
            close = did_you_mean(name, sorted(scope.names))
            event = scope.event
            if event is not None and close is None:
                return f"the event '{event.name}' has: " + ", ".join(f.name for f in event.fields)
            return close

        return self.fail(c.UNKNOWN_NAME, f"unknown name '{name}'", span, hint)

    def phrase(self, phrase: ast.Phrase, scope: Scope, want: str | None) -> Result:
        """A phrase used as a value: a name, constant, condition, picked entity or selection."""
        atoms = phrase.atoms
        if len(atoms) == 1 and isinstance(atoms[0], ast.Word) and atoms[0].text in scope.names:
            return Typed(r.Name(atoms[0].text), scope.names[atoms[0].text])
        words = phrase.words()
        if want == TEXT and words is not None:
            return Typed(r.Lit(" ".join(words)), TEXT)
        if want is not None and want in self.vocabulary.constants and words is not None:
            spelled = " ".join(words)
            if spelled in self.vocabulary.constants[want]:
                return Typed(r.Lit(spelled), want)
            values = self.vocabulary.constants[want]
            return self.fail(
                c.UNKNOWN_NAME,
                f"'{spelled}' is not {a_type(want)}",
                phrase.span,
                lambda: (
                    did_you_mean(spelled, list(values))
                    or ("expected one of " + ", ".join(values) if values else "none is known")
                ),
            )
        if want == BOOL or want is None:
            found = self.condition_phrase(phrase, scope)
            if isinstance(found, Typed) or want == BOOL:
                return found
        if want is not None and want.endswith("*"):
            return self.selection(phrase, scope, want[:-1])
        if want is None or want in self.vocabulary.kinds:
            picked = self.picked(atoms, phrase.span, scope, want)
            if picked is not None:
                return picked
        if words is not None and want is None:
            spelled = " ".join(words)
            for name, values in self.vocabulary.constants.items():
                if spelled in values:
                    return Typed(r.Lit(spelled), name)
        if want is not None and want != BOOL:
            as_condition = self.condition_phrase(phrase, scope)
            if isinstance(as_condition, Typed):
                return self.fail(
                    c.WRONG_TYPE,
                    f"expected {a_type(want)} here, found a condition",
                    phrase.span,
                )
        if len(atoms) == 1 and isinstance(atoms[0], ast.Word):
            return self.unknown_name(atoms[0].text, phrase.span, scope)
        expected = "a number" if want == INT else a_type(want) if want else "a value"
        return self.fail(
            c.WRONG_TYPE if want == INT else c.UNKNOWN_SELECTOR,
            f"'{pretty_words(phrase)}' is not {expected} this game knows",
            phrase.span,
        )

    def condition_phrase(self, phrase: ast.Phrase, scope: Scope) -> Result:
        atoms = phrase.atoms
        best: Failed | None = None
        for declared in self.vocabulary.candidates("conditions", word_at(atoms, 0)):
            outcome = self.match(declared.template, atoms, scope, None)
            if isinstance(outcome, Failed):
                best = better(best, outcome)
                continue
            return Typed(r.CallCondition(declared, tuple(outcome)), BOOL)
        # "<unit> <filter>..." and "<unit> is a/an <noun> <filter>...".
        for split in range(1, len(atoms)):
            subject = self.slice(atoms[:split], None, scope, self.vocabulary.self_kind)
            if isinstance(subject, Failed):
                continue
            rest = atoms[split:]
            if word_at(rest, 0) == "is" and word_at(rest, 1) in ("a", "an") and len(rest) > 2:
                noun_word = word_at(rest, 2)
                noun = None if noun_word is None else self.noun(noun_word, None)
                if noun is not None:
                    filters = self.filters(rest[3:], scope, noun.kind, phrase.span)
                    if isinstance(filters, Failed):
                        best = better(best, Failed(filters.builders, rank=1))
                        continue
                    checks: list[r.Value] = [r.IsA(subject.value, noun)]
                    checks.extend(r.Passes(subject.value, a) for a in filters)
                    result = all_of(checks)
                    assert result is not None
                    return Typed(result, BOOL)
            applied = self.filters(rest, scope, subject.type, phrase.span)
            if isinstance(applied, Failed):
                best = better(best, Failed(applied.builders, rank=applied.rank))
                continue
            conjunction = all_of([r.Passes(subject.value, a) for a in applied])
            if conjunction is not None:
                return Typed(conjunction, BOOL)
        if best is not None and best.rank > 0:
            return best
        spelled = pretty_words(phrase)
        conditions = self.vocabulary.conditions
        return self.fail(
            c.UNKNOWN_CONDITION,
            f"unknown condition '{spelled}'",
            phrase.span,
            lambda: did_you_mean(spelled, [d.template.shown() for d in conditions]),
        )

    def slice(self, atoms: Atoms, span: Span | None, scope: Scope, want: str) -> Result:
        """A template argument: the atoms must make one value of type ``want``."""
        where = span or cover(atoms, None)
        if len(atoms) == 1 and not isinstance(atoms[0], ast.Word):
            return self.typed(self.value(atoms[0], scope, want), want, where)
        phrase = ast.Phrase(tuple(atoms), span=where)
        return self.typed(self.phrase(phrase, scope, want), want, where)

    def typed(self, result: Result, want: str, span: Span) -> Result:
        if isinstance(result, Failed):
            return result
        if result.type == want:
            return result
        if want.endswith("*") and result.type == want[:-1]:
            return Typed(r.Single(result.value), want)
        return self.fail(
            c.WRONG_TYPE,
            f"expected {a_type(want)} here, found {a_type(result.type)}",
            span,
        )


def _failures(results: Sequence[Result]) -> Failed | None:
    found = [b for result in results if isinstance(result, Failed) for b in result.builders]
    if any(isinstance(result, Failed) for result in results):
        return Failed(tuple(found))
    return None
