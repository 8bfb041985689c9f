"""Resolved effect -> :class:`~hexforge.core.rules.CompiledEffect` made of Python closures.

No ``eval``/``exec`` and no attribute access: a closure only calls the implementations the
game registered in its vocabulary, reads ``ctx.bearer`` and ``ctx.bindings``, and does
integer arithmetic. Common shapes (a constant, a name, a property of a name, a comparison
with a constant, a call without arguments) get dedicated closures, so a compiled modifier
costs about what the same rule written by hand in Python costs.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

from hexforge.core.errors import HexforgeError
from hexforge.core.rules import (
    Action,
    CompiledEffect,
    EffectContext,
    EntityId,
    Hook,
    Modifier,
    Permission,
    Source,
)
from hexforge.dsl import ast
from hexforge.dsl import resolved as r
from hexforge.dsl.codes import BAD_PROCEDURE_RESULT, RUNTIME_OUT_OF_RANGE, UNBOUND
from hexforge.dsl.parser import LIMITS
from hexforge.dsl.templates import Template
from hexforge.dsl.vocabulary import Vocabulary

Eval = Callable[[EffectContext], Any]

_COMPARE: dict[ast.CompareOp, Callable[[Any, Any], bool]] = {
    ast.CompareOp.EQ: operator.eq,
    ast.CompareOp.NE: operator.ne,
    ast.CompareOp.LT: operator.lt,
    ast.CompareOp.LE: operator.le,
    ast.CompareOp.GT: operator.gt,
    ast.CompareOp.GE: operator.ge,
}
_ARITH: dict[ast.ArithOp, Callable[[int, int], int]] = {
    ast.ArithOp.ADD: operator.add,
    ast.ArithOp.SUB: operator.sub,
    ast.ArithOp.MUL: operator.mul,
}


def compile_checked(checked: r.Checked, vocabulary: Vocabulary, source: Source) -> CompiledEffect:
    """Build the engine's objects; every rule carries ``source`` (card and tier)."""
    compiler = _Compiler(vocabulary)
    hooks = tuple(
        Hook(
            event=hook.event,
            window=hook.window,
            action=compiler.steps(hook.body),
            source=source,
            condition=None if hook.condition is None else compiler.value(hook.condition),
            once_per=hook.once_per,
        )
        for hook in checked.hooks
    )
    modifiers = tuple(
        Modifier(
            query=modifier.query,
            op=modifier.op,
            amount=compiler.bounded(
                modifier.amount, modifier.bounds, f"the amount of a '{modifier.query}' modifier"
            ),
            source=source,
            condition=None if modifier.condition is None else compiler.value(modifier.condition),
            reach=modifier.reach,
        )
        for modifier in checked.modifiers
    )
    permissions = tuple(
        Permission(
            action=permission.action,
            allowed=permission.allowed,
            source=source,
            condition=(
                None if permission.condition is None else compiler.value(permission.condition)
            ),
            reach=permission.reach,
        )
        for permission in checked.permissions
    )
    run = compiler.steps(checked.run) if checked.run else None
    return CompiledEffect(source, hooks, modifiers, permissions, run)


def compile_value(node: r.Value, vocabulary: Vocabulary) -> Eval:
    """A resolved value (a condition's, say) as a function of the running game's context."""
    return _Compiler(vocabulary).value(node)


def _unbound(name: str) -> HexforgeError:
    return HexforgeError.single(
        UNBOUND,
        f"the effect uses '{name}', which the game did not bind when running it",
        hint="a bug in the game plugin: bind every payload field and declared binding",
    )


class _Compiler:
    def __init__(self, vocabulary: Vocabulary) -> None:
        self.vocabulary = vocabulary

    # ---- values ----------------------------------------------------------------------

    def value(self, node: r.Value) -> Eval:
        if isinstance(node, r.Lit):
            constant = node.value
            return lambda ctx: constant
        if isinstance(node, r.Name):
            return _name(node.name)
        if isinstance(node, r.GetProp):
            impl = node.prop.impl
            if isinstance(node.base, r.Name):
                return _with_entity(node.base.name, impl, ())
            base = self.value(node.base)
            return lambda ctx: impl(ctx, base(ctx))
        if isinstance(node, r.Selection | r.Single):
            return self.selection(node)
        if isinstance(node, r.CountOf):
            select = self.selection(node.selection)
            return lambda ctx: len(select(ctx))
        if isinstance(node, r.Arith):
            return _arith(_ARITH[node.op], self.value(node.left), node.right, self)
        if isinstance(node, r.Negate):
            operand = self.value(node.operand)
            return lambda ctx: -operand(ctx)
        if isinstance(node, r.Comparison):
            compare = _COMPARE[node.op]
            lhs, rhs = node.left, node.right
            if (
                isinstance(rhs, r.Lit)
                and isinstance(lhs, r.GetProp)
                and isinstance(lhs.base, r.Name)
            ):
                return _compare_property(compare, lhs.base.name, lhs.prop.impl, rhs.value)
            return _binary(compare, self.value(lhs), rhs, self)
        if isinstance(node, r.Logical):
            left, right = self.value(node.left), self.value(node.right)
            if node.op is ast.LogicOp.AND:
                return lambda ctx: bool(left(ctx)) and bool(right(ctx))
            return lambda ctx: bool(left(ctx)) or bool(right(ctx))
        if isinstance(node, r.Negation):
            operand = self.value(node.operand)
            return lambda ctx: not operand(ctx)
        if isinstance(node, r.CallCondition):
            template = node.condition.template
            return _call(node.condition.impl, self.arguments(template, node.args))
        if isinstance(node, r.Passes):
            applied = node.applied
            if isinstance(node.entity, r.Name) and all(isinstance(a, r.Lit) for a in applied.args):
                constants = tuple(a.value for a in applied.args if isinstance(a, r.Lit))
                return _with_entity(node.entity.name, applied.filter.impl, constants)
            entity = self.value(node.entity)
            test = self.applied(applied)
            return lambda ctx: test(ctx, entity(ctx))
        members = node.noun.members
        subject = self.value(node.entity)
        return lambda ctx: subject(ctx) in set(members(ctx))

    def bounded(
        self, node: r.Value, bounds: tuple[int, int] | None, what: str | Callable[[], str]
    ) -> Eval:
        """``node``'s closure; one that checks its result against ``bounds`` while the game
        runs when the number is not written out (the checker saw written ones). ``what``
        names the number in that check's message (or words it, only for a checked one)."""
        value = self.value(node)
        if bounds is None or isinstance(node, r.Lit):
            return value
        low, high = bounds
        named = what if isinstance(what, str) else what()

        def checked(ctx: EffectContext) -> Any:
            number = value(ctx)
            if isinstance(number, int) and not low <= number <= high:
                raise _out_of_range(number, low, high, named)
            return number

        return checked

    def arguments(self, template: Template, args: Sequence[r.Value]) -> list[Eval]:
        """The closures of a template's arguments, bounded ones checked while running."""
        return [
            self.bounded(arg, param.bounds, partial(template.placeholder, param.name))
            for param, arg in zip(template.params, args, strict=True)
        ]

    def applied(self, applied: r.Applied) -> Callable[[EffectContext, EntityId], bool]:
        impl = applied.filter.impl
        args = self.arguments(applied.filter.template, applied.args)
        if not args:
            return lambda ctx, entity: bool(impl(ctx, entity))
        return lambda ctx, entity: bool(impl(ctx, entity, *[a(ctx) for a in args]))

    def selection(self, node: r.Selection | r.Single) -> Eval:
        """A selection evaluates to a tuple of entities, a picked one to an entity or None."""
        if isinstance(node, r.Single):
            entity = self.value(node.entity)

            def one(ctx: EffectContext) -> tuple[EntityId, ...]:
                found = entity(ctx)
                if isinstance(found, tuple):
                    return found
                return () if found is None else (found,)

            return one
        members = node.noun.members
        filters = [
            (
                applied.filter.impl,
                self.arguments(applied.filter.template, applied.args),
                applied.filter.order,
            )
            for applied in node.filters
        ]

        def select(ctx: EffectContext) -> tuple[EntityId, ...]:
            found = list(members(ctx))
            for impl, args, order in filters:
                values = [arg(ctx) for arg in args]
                found = [entity for entity in found if impl(ctx, entity, *values)]
                if order is not None:
                    found.sort(key=lambda entity: order(ctx, entity, *values))
            return tuple(found)

        picker = node.picker
        if picker is None:
            return select
        pick = picker.impl
        return lambda ctx: pick(ctx, select(ctx))

    # ---- steps -----------------------------------------------------------------------

    def steps(self, steps: Sequence[r.Step]) -> Action:
        actions = [self.step(step) for step in steps]
        if len(actions) == 1:
            return actions[0]

        def run(ctx: EffectContext) -> None:
            for action in actions:
                action(ctx)

        return run

    def step(self, step: r.Step) -> Action:
        if isinstance(step, r.Call):
            return _call(step.verb.impl, self.arguments(step.verb.template, step.args))
        if isinstance(step, r.Branch):
            condition = self.value(step.condition)
            then = self.steps(step.then)
            otherwise = self.steps(step.otherwise) if step.otherwise else None

            def branch(ctx: EffectContext) -> None:
                if condition(ctx):
                    then(ctx)
                elif otherwise is not None:
                    otherwise(ctx)

            return branch
        if isinstance(step, r.Loop):
            select = self.selection(step.selection)
            body = self.steps(step.body)

            def loop(ctx: EffectContext) -> None:
                for entity in select(ctx):
                    body(ctx.bind(it=entity))

            return loop
        if isinstance(step, r.Choice):
            return self.choice(step)
        return self.test(step)

    def choice(self, step: r.Choice) -> Action:
        choose = self.vocabulary.choose
        assert choose is not None, "the checker rejects 'choose one' without a procedure"
        labels = step.labels
        options = [self.steps(option) for option in step.options]

        def pick(ctx: EffectContext) -> None:
            index = choose(ctx, labels)
            if not 0 <= index < len(options):
                raise HexforgeError.single(
                    BAD_PROCEDURE_RESULT,
                    f"the choice procedure picked option {index} of {len(options)}",
                    hint="a bug in the game plugin's choice procedure",
                )
            options[index](ctx)

        return pick

    def test(self, step: r.TestRun) -> Action:
        procedure = self.vocabulary.test
        assert procedure is not None, "the checker rejects 'test' without a procedure"
        stat, defence = step.stat, step.defence
        bonus = (
            None
            if step.bonus is None
            else self.bounded(step.bonus, step.bonus_bounds, f"the bonus of a '{stat}' test")
        )
        defender = None if step.defender is None else self.value(step.defender)
        # Highest requirement first: the first row that matches is the one applied.
        rows = sorted(step.outcomes, key=lambda row: (row.successes, not row.or_more))
        table = [(row.successes, row.or_more, self.steps(row.body)) for row in reversed(rows)]

        def run(ctx: EffectContext) -> None:
            successes = procedure(
                ctx,
                stat,
                0 if bonus is None else bonus(ctx),
                None if defender is None else defender(ctx),
                defence,
            )
            for needed, or_more, body in table:
                if successes == needed or (or_more and successes > needed):
                    body(ctx.bind(successes=successes))
                    return

        return run


_MISSING = object()


def _with_entity(name: str, impl: Callable[..., Any], constants: tuple[object, ...]) -> Eval:
    """``impl(ctx, <name>, *constants)`` in one closure: the hot shape of conditions."""
    if name == "self":
        if not constants:
            return lambda ctx: impl(ctx, ctx.bearer)
        return lambda ctx: impl(ctx, ctx.bearer, *constants)
    if len(constants) == 1:
        (constant,) = constants

        def one(ctx: EffectContext) -> Any:
            entity = ctx.bindings.get(name, _MISSING)
            if entity is _MISSING:
                raise _unbound(name)
            return impl(ctx, entity, constant)

        return one

    def many(ctx: EffectContext) -> Any:
        entity = ctx.bindings.get(name, _MISSING)
        if entity is _MISSING:
            raise _unbound(name)
        return impl(ctx, entity, *constants)

    return many


def _compare_property(
    compare: Callable[[Any, Any], bool], name: str, impl: Callable[..., Any], constant: object
) -> Eval:
    """``<name>.<property> <op> <constant>`` in one closure."""
    if name == "self":
        return lambda ctx: compare(impl(ctx, ctx.bearer), constant)

    def check(ctx: EffectContext) -> bool:
        entity = ctx.bindings.get(name, _MISSING)
        if entity is _MISSING:
            raise _unbound(name)
        return compare(impl(ctx, entity), constant)

    return check


def _name(name: str) -> Eval:
    if name == "self":
        return lambda ctx: ctx.bearer

    def lookup(ctx: EffectContext) -> Any:
        try:
            return ctx.bindings[name]
        except KeyError:
            raise _unbound(name) from None

    return lookup


def _binary(op: Callable[[Any, Any], Any], left: Eval, right: r.Value, compiler: _Compiler) -> Eval:
    if isinstance(right, r.Lit):
        constant = right.value
        return lambda ctx: op(left(ctx), constant)
    rhs = compiler.value(right)
    return lambda ctx: op(left(ctx), rhs(ctx))


def _arith(op: Callable[[int, int], int], left: Eval, right: r.Value, compiler: _Compiler) -> Eval:
    """Arithmetic whose result is held to +-``LIMITS.max_value`` (HF332 beyond): a product
    of the game's numbers must not grow without bound (nor past what ``str()`` prints)."""
    rhs = compiler.value(right)
    top = LIMITS.max_value

    def run(ctx: EffectContext) -> int:
        result = op(left(ctx), rhs(ctx))
        if -top <= result <= top:
            return result
        raise _out_of_range(result, -top, top, "a computed number")

    return run


def _out_of_range(number: int, low: int, high: int, what: str) -> HexforgeError:
    shown = str(number) if number.bit_length() <= 80 else "a number of over 24 digits"
    return HexforgeError.single(
        RUNTIME_OUT_OF_RANGE,
        f"{what} came to {shown} while the game ran; its range is {low} to {high}",
        hint="the card's arithmetic grows too far with the game's numbers: bound it, or "
        "report the card to its pack's authors",
    )


def _call(impl: Callable[..., Any], args: list[Eval]) -> Eval:
    if not args:
        return impl
    if len(args) == 1:
        (first,) = args
        return lambda ctx: impl(ctx, first(ctx))
    if len(args) == 2:
        first, second = args
        return lambda ctx: impl(ctx, first(ctx), second(ctx))
    return lambda ctx: impl(ctx, *[arg(ctx) for arg in args])
