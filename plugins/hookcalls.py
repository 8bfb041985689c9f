"""Calling one hook on every plugin, so a plugin that raises is named and the others go on.

Every caller that collects registrations (games' runners, drivers, renderers, content
folders, vocabularies) goes through :func:`each_plugin`: a broken expansion costs its own
contribution, reported as HF603 with its name, never the built-in games.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar, cast

import pluggy

from hexforge.core.codes import PLUGIN_HOOK_FAILED
from hexforge.core.errors import Diagnostic, HexforgeError


@dataclass(frozen=True, slots=True)
class Contribution:
    """What one plugin's implementation of a hook returned."""

    plugin: str
    result: Any


T = TypeVar("T")

PLUGIN_FAILURES = (Exception, SystemExit)
"""What a plugin may raise without stopping hexforge: any error, and ``sys.exit`` too (a
plugin does not decide the command's exit code). Ctrl-C still stops the command."""


def each_plugin(
    hook: pluggy.HookCaller,
    problems: list[Diagnostic],
    *,
    skip: Collection[str] = (),
    failed: set[str] | None = None,
    **kwargs: object,
) -> Iterator[Contribution]:
    """Call ``hook`` on each plugin in registration order (first registered first) but
    those in ``skip``, passing only the arguments its implementation declares; one that
    raises becomes an HF603 in ``problems`` naming the plugin (and its name goes into
    ``failed``), and the rest are still called."""
    for impl in hook.get_hookimpls():
        if impl.plugin_name in skip:
            continue
        try:
            result = impl.function(**{name: kwargs[name] for name in impl.argnames})
        except PLUGIN_FAILURES as exc:  # a plugin's bug must not hide the others' work
            problems.append(hook_failed(impl.plugin_name, hook.name, exc))
            if failed is not None:
                failed.add(impl.plugin_name)
            continue
        yield Contribution(impl.plugin_name, result)


def each_item(
    hook: pluggy.HookCaller,
    problems: list[Diagnostic],
    *,
    kind: type[Any] | tuple[type[Any], ...] = object,
    **kwargs: object,
) -> Iterator[Contribution]:
    """Every item of the lists the plugins return, one :class:`Contribution` each; a result
    that is not a list, or holds an item that is not a ``kind``, is the plugin's HF603 (and
    none of its items is taken)."""
    for found in each_plugin(hook, problems, **cast(dict[str, Any], kwargs)):
        try:
            items = list(_iterable(found.result, hook.name))
            wrong = next((item for item in items if not _is_a(item, kind)), None)
            if wrong is not None:
                raise TypeError(f"{hook.name} returned {_shown(wrong)} where {_kind(kind)} belongs")
        except PLUGIN_FAILURES as exc:  # a hook returning the wrong type names its plugin
            problems.append(hook_failed(found.plugin, hook.name, exc))
            continue
        for item in items:
            yield Contribution(found.plugin, item)


def items_of(
    hook: pluggy.HookCaller, problems: list[Diagnostic], kind: type[T], **kwargs: object
) -> list[T]:
    """The items of :func:`each_item`, typed: what the plugins that work registered."""
    return [item.result for item in each_item(hook, problems, kind=kind, **kwargs)]


def _is_a(item: object, kind: type[Any] | tuple[type[Any], ...]) -> bool:
    """``isinstance(item, kind)``, but a runtime-checkable protocol asks only that its
    members are there, looked up without running them, as Python 3.12 does: Python 3.11
    reads every member, so a scenario driver's ``actions`` (a cached property) would
    build the game's whole ruleset just to be registered."""
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return any(_has_members(item, k) if _is_protocol(k) else isinstance(item, k) for k in kinds)


def _is_protocol(kind: type[Any]) -> bool:
    return bool(getattr(kind, "_is_runtime_protocol", False))


def _has_members(item: object, protocol: type[Any]) -> bool:
    missing = object()
    return all(
        inspect.getattr_static(item, name, missing) is not missing for name in _members(protocol)
    )


def _members(protocol: type[Any]) -> frozenset[str]:
    found = getattr(protocol, "__protocol_attrs__", None)  # Python 3.12 and later
    if found is None:
        found = typing._get_protocol_attrs(protocol)  # type: ignore[attr-defined]
    return frozenset(found)


def _shown(value: object) -> str:
    text = repr(value)
    return f"{type(value).__name__} {text[:60]}{'...' if len(text) > 60 else ''}"


def _kind(kind: type[Any] | tuple[type[Any], ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(f"a {k.__name__}" for k in kinds)


def _iterable(value: object, hook: str) -> Iterable[object]:
    if value is None or isinstance(value, str | bytes) or not isinstance(value, Iterable):
        raise TypeError(f"{hook} must return a list, not {type(value).__name__}")
    return value


def hook_failed(plugin: str, hook: str, exc: BaseException) -> Diagnostic:
    """HF603 for ``plugin``'s implementation of ``hook`` raising ``exc``; a hexforge error
    (a declaration the vocabulary refused, HF340/HF341) keeps its own code and hint."""
    if isinstance(exc, HexforgeError):
        first = exc.diagnostics[0]
        message = f"plugin {plugin!r} failed in {hook}: {first.message}"
        return Diagnostic(first.code, message, hint=first.hint)
    return Diagnostic(
        PLUGIN_HOOK_FAILED,
        f"plugin {plugin!r} failed in {hook}: {type(exc).__name__}: {exc}",
        hint="report it to the plugin's authors",
    )


def report(found: list[Diagnostic], problems: list[Diagnostic] | None) -> None:
    """Hand the plugins' failures on: into ``problems`` (each once) when the caller keeps a
    list and goes on without those plugins, else raised - never dropped."""
    if problems is None:
        if found:
            raise HexforgeError(*found)
        return
    problems.extend(problem for problem in found if problem not in problems)
