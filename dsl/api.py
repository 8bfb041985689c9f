"""The DSL's public entry points: check and compile effect texts against a vocabulary.

Spans in diagnostics are relative to the text (line 1, column 1 = its first character);
:func:`hexforge.dsl.positions.map_diagnostic` moves them into the YAML file.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.rules import CompiledEffect, EffectContext, Source
from hexforge.dsl.codes import RUNS_NOTHING
from hexforge.dsl.vocabulary import Vocabulary

if TYPE_CHECKING:
    from hexforge.dsl import ast, fragments
    from hexforge.dsl import resolved as r
    from hexforge.dsl.checker import check, errors
    from hexforge.dsl.compiler import compile_checked, compile_value
    from hexforge.dsl.parser import parse
    from hexforge.dsl.resolved import PermissionSite

# The parser (Lark), the checker and the compiler are imported by the first call that
# needs them (:func:`_load` makes them this module's globals), not with this module: a
# game's modules import these entry points, and ``hexforge validate`` answered from the
# pack cache imports those modules without checking or compiling any text (docs/cli.md,
# "Start-up"). After the first call, a call costs no more than before.
_LOADED: list[bool] = []


def _load() -> None:
    from hexforge.dsl import ast, checker, compiler, fragments, parser

    globals().update(
        ast=ast,
        fragments=fragments,
        check=checker.check,
        errors=checker.errors,
        compile_checked=compiler.compile_checked,
        compile_value=compiler.compile_value,
        parse=parser.parse,
    )
    _LOADED.append(True)


__all__ = [
    "check_condition",
    "check_text",
    "compile_condition",
    "compile_text",
    "parse_text",
    "permission_sites",
]


def parse_text(text: str, *, file: str | None = None) -> ast.Effect:
    """The syntax tree of ``text``; raises HexforgeError (HF30x) for invalid syntax."""
    if not _LOADED:
        _load()

    return parse(text, file=file)


def check_text(
    text: str,
    vocabulary: Vocabulary,
    *,
    file: str | None = None,
    place: str | None = None,
    runs: bool = False,
) -> list[Diagnostic]:
    """Every problem in ``text`` (errors and warnings); never raises for bad input.

    ``place``: the card field the text is written in, as ``<kind>.<field>``
    (``glory.mission``, ``character.skills.effect``); verbs a game allows only in some
    fields are reported elsewhere (HF327). None: not checked. ``runs``: the game runs the
    field's statements as an action (an active skill, a weapon's attack), so an effect with
    none - only rules in force - would fail when used (HF328)."""
    if not _LOADED:
        _load()

    try:
        effect = parse(text, file=file)
    except HexforgeError as exc:
        return list(exc.diagnostics)
    lines = text.split("\n")
    checked, found = check(effect, vocabulary, lines, place)
    if runs and not checked.run and not errors(found):
        span = effect.span
        found.append(
            Diagnostic(
                RUNS_NOTHING,
                "the game runs this effect as an action, but it has no statement to run: "
                "its lines are rules in force, which running it never applies",
                span,
                lines[span.line - 1] if 0 < span.line <= len(lines) else None,
                "write what the action does as a statement, one of the game's verbs "
                "(docs/dsl.md); a rule in force belongs in a field the game keeps in force",
            )
        )
    return found


def compile_text(text: str, vocabulary: Vocabulary, source: Source) -> CompiledEffect:
    """The engine's rules for ``text``; raises HexforgeError with every error found.

    Warnings do not stop compilation. Diagnostics name ``source.span.file`` when known.
    """
    if not _LOADED:
        _load()

    file = source.span.file if source.span is not None else None
    effect = parse(text, file=file)
    checked, found = check(effect, vocabulary, text.split("\n"))
    failures = errors(found)
    if failures:
        raise HexforgeError(*failures)
    return compile_checked(checked, vocabulary, source)


def permission_sites(text: str, vocabulary: Vocabulary) -> list[PermissionSite]:
    """Every ``can``/``cannot`` of a valid ``text``: the vocabulary's action id, whether it is
    allowed, whether a condition limits it, whether it reaches others (an aura), and its span
    (relative to the text). Empty when the text has errors (check_text reports them)."""
    if not _LOADED:
        _load()

    try:
        effect = parse(text)
    except HexforgeError:
        return []
    checked, found = check(effect, vocabulary, text.split("\n"))
    return [] if errors(found) else list(checked.permission_sites)


Condition = Callable[[EffectContext], bool]
"""A compiled condition: true or false in a running game, for the bearer of the context.
A condition text is exactly what may follow ``if`` or ``while`` in an effect
(:mod:`~hexforge.dsl.fragments`)."""


def check_condition(
    text: str, vocabulary: Vocabulary, *, file: str | None = None
) -> list[Diagnostic]:
    """Every problem in the one-line condition ``text`` (``self is engaged``, ``not self
    has curse``) - a card field that says when something is allowed; never raises."""
    try:
        return _checked_condition(text, vocabulary, file)[1]
    except HexforgeError as exc:
        return list(exc.diagnostics)


def compile_condition(text: str, vocabulary: Vocabulary, source: Source) -> Condition:
    """The condition ``text`` as a function of a running game's context; raises
    HexforgeError with every error found."""
    if not _LOADED:
        _load()

    file = source.span.file if source.span is not None else None
    resolved, found = _checked_condition(text, vocabulary, file)
    failures = errors(found)
    if failures or resolved is None:
        raise HexforgeError(*failures)
    value = compile_value(resolved, vocabulary)
    return lambda ctx: bool(value(ctx))


def _checked_condition(
    text: str, vocabulary: Vocabulary, file: str | None
) -> tuple[r.Value | None, list[Diagnostic]]:
    """What ``text`` resolves to as a condition (None if it does not), and its problems."""
    if not _LOADED:
        _load()

    fragment = fragments.read(text, vocabulary, fragments.CONDITION, file)
    clause = fragment.clause
    assert isinstance(clause, ast.If), "the wrapper always parses to one 'if'"
    resolved = fragment.checker.condition(clause.condition, fragment.scope)
    return resolved, fragment.placed()
