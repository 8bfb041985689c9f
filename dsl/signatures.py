"""Does an implementation fit the template it is registered with?

The compiler calls a verb or a condition as ``impl(ctx, *arguments)`` and a filter as
``impl(ctx, entity, *arguments)``: by position, one argument per placeholder in the
template's order. An implementation that cannot take that call, or that names a parameter
after a placeholder the call passes somewhere else (swapped arguments), would otherwise
fail or misbehave only when some card runs it; registration refuses it instead (HF341).
Parameters named otherwise (``n`` for ``{amount}``) are fine: names are not passed.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any

from hexforge.core.errors import HexforgeError
from hexforge.dsl import codes
from hexforge.dsl.templates import Template

_POSITIONAL = (inspect.Parameter.POSITIONAL_ONLY, inspect.Parameter.POSITIONAL_OR_KEYWORD)


def check_signature(
    family: str, template: Template, impl: Callable[..., Any], leading: Sequence[str] = ("ctx",)
) -> None:
    """Raise HF341 unless ``impl`` takes ``leading`` and then the placeholders, by position."""
    try:
        signature = inspect.signature(impl)
    except (TypeError, ValueError):
        return  # nothing to read (some builtins): the call will tell
    passed = [*leading, *(param.name for param in template.params)]
    wrong = _arity(signature, len(passed)) or _misplaced(signature, passed, len(leading))
    if wrong is None:
        return
    name = getattr(impl, "__name__", type(impl).__name__)
    head = template.first_word()
    word = head.shown if head is not None else " ".join(template.words)
    shown, fitting = _shown(name, _parameters(signature)), _shown(name, f"({', '.join(passed)})")
    raise HexforgeError.single(
        codes.IMPL_MISMATCH,
        f"the implementation of {family} '{word}' ('{template.text}'), {shown}, {wrong}",
        hint=f"it is called with {' and '.join(leading)} first, then one argument per "
        f"placeholder in the template's order: {fitting}",
    )


def _arity(signature: inspect.Signature, count: int) -> str | None:
    """What keeps ``signature`` from taking ``count`` positional arguments, if anything."""
    try:
        signature.bind(*range(count))
    except TypeError:
        pass
    else:
        return None
    params = list(signature.parameters.values())
    positional = [p for p in params if p.kind in _POSITIONAL]
    required = [p for p in positional if p.default is inspect.Parameter.empty]
    keywords = [
        p.name
        for p in params
        if p.kind is inspect.Parameter.KEYWORD_ONLY and p.default is inspect.Parameter.empty
    ]
    if keywords and len(required) <= count:
        return f"needs the keyword argument(s) {', '.join(keywords)}, which are never passed"
    if any(p.kind is inspect.Parameter.VAR_POSITIONAL for p in params):
        takes = f"at least {len(required)}"
    elif len(required) == len(positional):
        takes = str(len(positional))
    else:
        takes = f"{len(required)} to {len(positional)}"
    return f"takes {takes} argument(s), but it is called with {count}"


def _misplaced(signature: inspect.Signature, passed: Sequence[str], leading: int) -> str | None:
    """A parameter named after a placeholder that the call passes elsewhere, if any."""
    placeholders = set(passed[leading:])
    for index, param in enumerate(signature.parameters.values()):
        if param.name not in placeholders or param.kind is inspect.Parameter.VAR_POSITIONAL:
            continue
        receives = passed[index] if param.kind in _POSITIONAL and index < len(passed) else None
        if receives == param.name:
            continue
        what = receives or "nothing"
        what = f"{{{what}}}" if what in placeholders else what
        return f"has a parameter '{param.name}' that receives {what}: arguments come by position"
    return None


def _parameters(signature: inspect.Signature) -> str:
    """``(ctx, target, *args)``: the parameters as written, without annotations."""
    params = [p.replace(annotation=p.empty) for p in signature.parameters.values()]
    return str(signature.replace(parameters=params, return_annotation=signature.empty))


def _shown(name: str, params: str) -> str:
    return f"lambda {params[1:-1]}: ..." if name == "<lambda>" else name + params
