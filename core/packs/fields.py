"""Finding the effect texts and card references inside a validated card.

Kinds mark fields with :class:`~hexforge.core.packs.models.EffectText` and
:class:`~hexforge.core.packs.models.Ref` (through ``Effect``, ``CardRef`` and
``card_ref(...)``); this walks a card along its type annotations, so a reference inside a
list inside a nested model is found with its exact path, whatever the game.
"""

from __future__ import annotations

import types
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Annotated, Any, Union, get_args, get_origin

from annotated_types import GroupedMetadata
from pydantic import BaseModel

from hexforge.core.packs.models import EffectText, Ref
from hexforge.core.packs.yamlio import YamlPath


@dataclass(frozen=True, slots=True)
class Marked:
    """A marked text value found in a card: where it is and what marks it."""

    path: YamlPath
    text: str
    marker: EffectText | Ref


def marked_values(card: BaseModel) -> Iterator[Marked]:
    """Every effect text and card reference in ``card``, in field order."""
    yield from _walk_model(card, ())


def _walk_model(model: BaseModel, path: YamlPath) -> Iterator[Marked]:
    for name, info in type(model).model_fields.items():
        value = getattr(model, name)
        if value is None:
            continue
        yield from _walk(info.annotation, _flatten(info.metadata), value, (*path, name))


def _walk(annotation: Any, metadata: list[object], value: Any, path: YamlPath) -> Iterator[Marked]:
    origin = get_origin(annotation)
    if origin is Annotated:
        base, *extra = get_args(annotation)
        yield from _walk(base, metadata + _flatten(extra), value, path)
        return
    for marker in metadata:
        if isinstance(marker, EffectText | Ref) and isinstance(value, str):
            yield Marked(path, value, marker)
    if isinstance(value, BaseModel):
        yield from _walk_model(value, path)
        return
    args = get_args(annotation)
    if origin in (Union, types.UnionType):
        options = [a for a in args if a is not type(None)]
        if len(options) == 1:
            yield from _walk(options[0], metadata, value, path)
        return
    if origin in (list, tuple) and isinstance(value, list | tuple) and args:
        for index, item in enumerate(value):
            item_type = args[index] if origin is tuple and args[-1] is not Ellipsis else args[0]
            yield from _walk(item_type, [], item, (*path, index))
    elif origin is dict and isinstance(value, dict) and len(args) == 2:
        for key, item in value.items():
            yield from _walk(args[1], [], item, (*path, key))


def _flatten(metadata: Iterable[object]) -> list[object]:
    out: list[object] = []
    for item in metadata:
        if isinstance(item, GroupedMetadata):
            out.extend(_flatten(item))
        else:
            out.append(item)
    return out
