"""pydantic validation errors, rewritten for content authors and placed in the YAML file.

pydantic says ``('stats', 'strenght'): Extra inputs are not permitted``; an author needs
``cards/he-man.yaml:12:3: unknown field 'strenght' in 'stats'`` with a caret under the key
and "did you mean 'strength'?". Errors about a value point at the value, unknown keys at
the key, and a missing key at the mapping that should hold it (its key when it has one).
"""

from __future__ import annotations

import difflib
import types
from collections.abc import Sequence
from enum import Enum
from typing import Annotated, Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError
from pydantic_core import ErrorDetails

from hexforge.core.errors import Diagnostic
from hexforge.core.packs import codes
from hexforge.core.packs.models import PATTERN_HELP
from hexforge.core.packs.yamlio import YamlDocument, YamlPath

_EXPECTED = {
    "string_type": "text",
    "int_type": "a whole number",
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_type": "a number",
    "float_parsing": "a number",
    "bool_type": "true or false",
    "bool_parsing": "true or false",
    "dict_type": "a mapping (indented 'key: value' lines)",
    "model_type": "a mapping (indented 'key: value' lines)",
    "model_attributes_type": "a mapping (indented 'key: value' lines)",
    "list_type": "a list ('- item' lines or [a, b])",
    "tuple_type": "a list ('- item' lines or [a, b])",
    "set_type": "a list ('- item' lines or [a, b])",
    "none_required": "empty",
}


def model_diagnostics(
    error: ValidationError, doc: YamlDocument, prefix: YamlPath, model: type[BaseModel]
) -> list[Diagnostic]:
    """One diagnostic per pydantic error of ``model`` validated from ``doc`` at ``prefix``."""
    return [_one(detail, doc, prefix, model) for detail in error.errors(include_url=False)]


def _one(
    detail: ErrorDetails, doc: YamlDocument, prefix: YamlPath, model: type[BaseModel]
) -> Diagnostic:
    loc: YamlPath = tuple(detail["loc"])
    path = (*prefix, *loc)
    kind = detail["type"]
    ctx = detail.get("ctx", {})
    given = detail.get("input")
    where = dotted(loc)
    if kind == "missing":
        parent = path[:-1]
        field_name = str(loc[-1]) if loc else "?"
        inside = f" in '{dotted(loc[:-1])}'" if loc[:-1] else ""
        return doc.diagnostic(
            codes.MISSING_FIELD,
            f"missing required field '{field_name}'{inside}",
            parent,
            key=bool(parent),
            hint=_field_hint(model, loc),
        )
    if kind == "extra_forbidden":
        name = str(loc[-1]) if loc else "?"
        inside = f" in '{dotted(loc[:-1])}'" if loc[:-1] else ""
        allowed = _field_names(model, loc[:-1])
        return doc.diagnostic(
            codes.UNKNOWN_FIELD,
            f"unknown field '{name}'{inside}",
            path,
            key=True,
            hint=_did_you_mean(name, allowed, "fields here"),
        )
    if kind in ("literal_error", "enum"):
        allowed = _allowed_values(ctx.get("expected", ""))
        return doc.diagnostic(
            codes.NOT_ALLOWED,
            f"{_describe(given)} is not allowed for '{where}'",
            path,
            hint=_did_you_mean(str(given), allowed, "allowed values"),
        )
    if kind == "string_pattern_mismatch":
        pattern = str(ctx.get("pattern", ""))
        expected = PATTERN_HELP.get(pattern, f"text matching {pattern}")
        return doc.diagnostic(
            codes.BAD_FORM,
            f"{_describe(given)} is not valid for '{where}'",
            path,
            hint=f"expected {expected}",
        )
    if kind in _EXPECTED:
        return doc.diagnostic(
            codes.WRONG_TYPE,
            f"'{where}' must be {_EXPECTED[kind]}, not {_describe(given)}",
            path,
            hint=_type_hint(kind, given),
        )
    if kind == "string_too_short" and ctx.get("min_length") == 1:
        return doc.diagnostic(codes.OUT_OF_RANGE, f"'{where}' must not be empty", path)
    message = detail["msg"].removeprefix("Value error, ").removeprefix("Assertion failed, ")
    message = message[:1].lower() + message[1:]
    subject = f"'{where}': " if loc else ""
    return doc.diagnostic(codes.OUT_OF_RANGE, f"{subject}{message}", path)


def dotted(loc: YamlPath) -> str:
    """``('effects', 1, 'text')`` -> ``effects[1].text``."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out


def _describe(value: Any) -> str:
    """How a YAML value reads to an author."""
    if value is None:
        return "an empty value"
    if isinstance(value, bool):
        return f"'{str(value).lower()}'"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"'{shown}'"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__


def _type_hint(kind: str, given: Any) -> str | None:
    if kind == "string_type" and isinstance(given, int | float | bool):
        return "put the value in quotes to make it text"
    if kind == "string_type" and isinstance(given, dict):
        return "put the text in quotes: unquoted, 'a: b' is read as a mapping"
    if kind in ("int_type", "float_type") and isinstance(given, str):
        return "write the number without quotes"
    if kind in ("dict_type", "model_type") and isinstance(given, str):
        return "write the entries on indented lines below the key, e.g. 'name:' then '  en: ...'"
    return None


def _did_you_mean(name: str, allowed: Sequence[str], what: str) -> str | None:
    if not allowed:
        return None
    close = difflib.get_close_matches(name, list(allowed), n=1, cutoff=0.6)
    if close:
        return f"did you mean '{close[0]}'?"
    return f"{what}: " + ", ".join(allowed)


def _allowed_values(expected: str) -> list[str]:
    """pydantic's ``"'a', 'b' or 'c'"`` as a list."""
    parts = expected.replace(" or ", ", ").split(", ")
    return [p.strip().strip("'") for p in parts if p.strip()]


def _field_hint(model: type[BaseModel], loc: YamlPath) -> str | None:
    owner = model_at(model, loc[:-1])
    if owner is None or not loc:
        return None
    info = owner.model_fields.get(str(loc[-1]))
    if info is None:
        return None
    described = f": {info.description}" if info.description else ""
    values = _choices(info.annotation)
    choices = f" ({' | '.join(values)})" if values else ""
    return f"add '{loc[-1]}:'{choices}{described}"


def _choices(annotation: Any) -> list[str]:
    annotation = _unwrap(annotation)
    if isinstance(annotation, type) and issubclass(annotation, Enum):
        return [str(member.value) for member in annotation]
    if get_origin(annotation) is Literal:
        return [str(a) for a in get_args(annotation)]
    return []


def _field_names(model: type[BaseModel], loc: YamlPath) -> list[str]:
    owner = model_at(model, loc)
    return list(owner.model_fields) if owner is not None else []


def model_at(model: type[BaseModel], loc: YamlPath) -> type[BaseModel] | None:
    """The model class that validates the mapping at ``loc`` inside ``model``, if any."""
    current: Any = model
    for part in loc:
        current = _unwrap(current)
        if isinstance(current, type) and issubclass(current, BaseModel):
            info = current.model_fields.get(str(part))
            if info is None:
                return None
            current = info.annotation
            continue
        args = get_args(current)
        origin = get_origin(current)
        if origin in (list, tuple, set, frozenset) and args:
            current = args[0]
        elif origin is dict and len(args) == 2:
            current = args[1]
        else:
            return None
    current = _unwrap(current)
    return current if isinstance(current, type) and issubclass(current, BaseModel) else None


def _unwrap(annotation: Any) -> Any:
    """Strip ``Annotated`` and ``X | None`` down to the type that validates a value."""
    while True:
        origin = get_origin(annotation)
        if origin is Annotated:
            annotation = get_args(annotation)[0]
        elif origin in (Union, types.UnionType):
            rest = [a for a in get_args(annotation) if a is not type(None)]
            if len(rest) != 1:
                return annotation
            annotation = rest[0]
        else:
            return annotation
