"""Finding the effect texts and card references inside a validated card.

Kinds mark fields with :class:`~hexforge.core.packs.models.EffectText` and
:class:`~hexforge.core.packs.models.Ref` (through ``Effect``, ``CardRef`` and
``card_ref(...)``); this walks a card along its type annotations, so a reference inside a
list inside a nested model is found with its exact path, whatever the game. What each
annotation means is worked out once per annotation (cached), not once per card.
"""

from __future__ import annotations

import types
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from functools import cache
from typing import Annotated, Any, Union, get_args, get_origin

from annotated_types import GroupedMetadata
from pydantic import BaseModel

from hexforge.core.packs.models import EffectText, Ref
from hexforge.core.packs.yamlio import YamlPath

Marker = EffectText | Ref


@dataclass(frozen=True, slots=True)
class Marked:
    """A marked text value found in a card: where it is and what marks it."""

    path: YamlPath
    text: str
    marker: Marker


@dataclass(frozen=True, slots=True)
class _Shape:
    """An annotation reduced to what the walk needs."""

    markers: tuple[Marker, ...]
    container: str | None  # "list", "tuple", "dict", "optional" or None
    items: tuple[_Shape, ...] = ()  # item shapes (one, or one per fixed tuple position)
    may_hold_marks: bool = False


def marked_values(card: BaseModel) -> Iterator[Marked]:
    """Every effect text and card reference in ``card``, in field order."""
    yield from _walk_model(card, ())


def _walk_model(model: BaseModel, path: YamlPath) -> Iterator[Marked]:
    for name, shape in _fields(type(model)):
        value = getattr(model, name)
        if value is not None:
            yield from _walk(shape, value, (*path, name), model)


def _walk(shape: _Shape, value: Any, path: YamlPath, owner: BaseModel) -> Iterator[Marked]:
    if isinstance(value, BaseModel):
        yield from _walk_model(value, path)
        return
    if not shape.may_hold_marks:
        return
    if shape.container == "optional":  # before the text check: an optional text is a str
        yield from _walk(shape.items[0], value, path, owner)
    elif isinstance(value, str):
        for marker in shape.markers:
            yield Marked(path, value, _settled(marker, owner))
    elif shape.container in ("list", "tuple") and isinstance(value, list | tuple):
        for index, item in enumerate(value):
            item_shape = shape.items[min(index, len(shape.items) - 1)]
            yield from _walk(item_shape, item, (*path, index), owner)
    elif shape.container == "dict" and isinstance(value, dict):
        for key, item in value.items():
            yield from _walk(shape.items[0], item, (*path, key), owner)


def _settled(marker: Marker, owner: BaseModel) -> Marker:
    """An effect that runs when its model says so (``runs`` names the model's flag), as
    this model says: True or False."""
    if isinstance(marker, EffectText) and isinstance(marker.runs, str):
        return replace(marker, runs=bool(getattr(owner, marker.runs)))
    return marker


@cache
def _fields(model: type[BaseModel]) -> tuple[tuple[str, _Shape], ...]:
    return tuple(
        (name, _shape(info.annotation, tuple(_flatten(info.metadata))))
        for name, info in model.model_fields.items()
    )


def _shape(annotation: Any, metadata: tuple[object, ...] = ()) -> _Shape:
    origin = get_origin(annotation)
    args = get_args(annotation)
    if origin is Annotated:
        return _shape(args[0], metadata + tuple(_flatten(args[1:])))
    markers = tuple(m for m in metadata if isinstance(m, EffectText | Ref))
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return _Shape(markers, None, (), True)
    items: tuple[_Shape, ...] = ()
    container: str | None = None
    if origin in (Union, types.UnionType):
        options = [a for a in args if a is not type(None)]
        if len(options) == 1:
            container, items = "optional", (_shape(options[0], metadata),)
    elif origin in (list, tuple) and args:
        container = "list" if origin is list else "tuple"
        fixed = origin is tuple and args[-1] is not Ellipsis
        items = tuple(_shape(a) for a in args) if fixed else (_shape(args[0]),)
    elif origin is dict and len(args) == 2:
        container, items = "dict", (_shape(args[1]),)
    holds = bool(markers) or any(i.may_hold_marks for i in items)
    return _Shape(markers, container, items, holds)


def _flatten(metadata: Iterable[object]) -> list[object]:
    out: list[object] = []
    for item in metadata:
        if isinstance(item, GroupedMetadata):
            out.extend(_flatten(item))
        else:
            out.append(item)
    return out
