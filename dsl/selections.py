"""A selector alone as a card field: ``allies free to act``, ``hexes around unit``.

Some cards name a set of entities rather than an effect - the options a player picks from
when an instant tile is played (docs/nshex.md, "Instant tiles"). The text is exactly what
may follow ``for each`` in an effect, checked against the same vocabulary with ``self``
and the game's bindings in scope; its problems point into the text like an effect's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.rules import EffectContext, EntityId
from hexforge.dsl.vocabulary import Vocabulary

if TYPE_CHECKING:
    from hexforge.dsl import ast, fragments
    from hexforge.dsl import resolved as r
    from hexforge.dsl.check_base import Failed
    from hexforge.dsl.checker import errors
    from hexforge.dsl.compiler import compile_value

# The parser, checker and compiler are imported at the first call, as in hexforge.dsl.api.
_LOADED: list[bool] = []


def _load() -> None:
    from hexforge.dsl import ast, check_base, checker, compiler, fragments

    globals().update(
        ast=ast,
        fragments=fragments,
        Failed=check_base.Failed,
        errors=checker.errors,
        compile_value=compiler.compile_value,
    )
    _LOADED.append(True)


__all__ = ["Selection", "check_selection", "compile_selection"]

Selection = Callable[[EffectContext], tuple[EntityId, ...]]
"""A compiled selector: the entities it finds in a running game, in the selector's order."""


def check_selection(
    text: str, vocabulary: Vocabulary, *, kind: str | None = None, file: str | None = None
) -> list[Diagnostic]:
    """Every problem of the selector ``text`` (of entities of ``kind`` when given); never
    raises."""
    try:
        return _checked(text, vocabulary, kind, file)[1]
    except HexforgeError as exc:
        return list(exc.diagnostics)


def compile_selection(
    text: str, vocabulary: Vocabulary, *, kind: str | None = None, file: str | None = None
) -> tuple[Selection, str]:
    """The selector ``text`` as a function of a running game's context, and the kind of
    entity it selects; raises HexforgeError with every error found."""
    if not _LOADED:
        _load()

    resolved, found = _checked(text, vocabulary, kind, file)
    failures = errors(found)
    if failures or resolved is None:
        raise HexforgeError(*failures)
    value, selected = resolved
    select = compile_value(value, vocabulary)
    return (lambda ctx: tuple(select(ctx))), selected


def _checked(
    text: str, vocabulary: Vocabulary, kind: str | None, file: str | None
) -> tuple[tuple[r.Value, str] | None, list[Diagnostic]]:
    """What ``text`` selects as a selector (None if it does not resolve), and its problems."""
    if not _LOADED:
        _load()

    fragment = fragments.read(text, vocabulary, fragments.SELECTOR, file)
    loop = fragment.clause
    assert isinstance(loop, ast.ForEach), "the wrapper always parses to one 'for each'"
    found = fragment.checker.selection(loop.selector, fragment.scope, kind)
    if isinstance(found, Failed):
        fragment.checker.report(found)
        return None, fragment.placed()
    return (found.value, found.type.removesuffix("*")), fragment.placed()
