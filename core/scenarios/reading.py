"""Reading YAML values with positions: the primitives the scenario loader is made of.

A :class:`Reader` collects every problem of a file as a diagnostic at the exact key or value
(instead of stopping at the first), and checks values against the typed parameters of a
game driver's actions and queries, so drivers receive well-formed arguments only.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from hexforge.core.errors import Diagnostic, HexforgeError
from hexforge.core.hexgrid import BAD_COORDINATE, format_coord, parse_coord
from hexforge.core.packs.yamlio import YamlDocument, YamlPath
from hexforge.core.scenarios import codes
from hexforge.core.scenarios.driver import Kind, Param
from hexforge.core.scenarios.model import At

BAD: Any = object()
"""Returned for a value that was reported as bad (None is a legitimate value)."""


def did_you_mean(name: str, known: Sequence[str], what: str) -> str:
    """A "did you mean" hint, or the list of what is known."""
    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    if close:
        return f"did you mean '{close[0]}'?"
    return f"{what}: {', '.join(known)}" if known else f"there are no {what}"


@dataclass
class Reader:
    """One file's values read at their paths; ``problems`` collects every diagnostic."""

    doc: YamlDocument
    problems: list[Diagnostic] = field(default_factory=list)

    # -- helpers ------------------------------------------------------------------------

    def at(self, path: YamlPath, *, key: bool = False) -> At:
        span = self.doc.span(path, key=key)
        return At(span, self.doc.source_line(span.line))

    def report(
        self, code: str, message: str, path: YamlPath, hint: str | None = None, *, key: bool = False
    ) -> None:
        self.problems.append(self.doc.diagnostic(code, message, path, key=key, hint=hint))

    def mapping(self, value: Any, path: YamlPath, what: str) -> dict[str, Any] | None:
        if isinstance(value, dict):
            return value
        self.report(codes.WRONG_VALUE, f"{what} must be a mapping ('key: value' lines)", path)
        return None

    def sequence(self, value: Any, path: YamlPath, what: str) -> list[Any] | None:
        if isinstance(value, list):
            return value
        self.report(codes.WRONG_VALUE, f"{what} must be a list ('- item' lines or [a, b])", path)
        return None

    def unknown_keys(
        self, value: Mapping[str, Any], path: YamlPath, known: Sequence[str], what: str
    ) -> None:
        for key in value:
            if key not in known:
                self.report(
                    codes.UNKNOWN_KEY,
                    f"unknown key '{key}' in {what}",
                    (*path, key),
                    did_you_mean(key, sorted(known), "keys here"),
                    key=True,
                )

    def text(self, value: Any, path: YamlPath, what: str) -> str | None:
        if isinstance(value, str) and value:
            return value
        self.report(codes.WRONG_VALUE, f"{what} must be text, not {describe(value)}", path)
        return None

    def integer(self, value: Any, path: YamlPath, what: str) -> int | None:
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        self.report(
            codes.WRONG_VALUE, f"{what} must be a whole number, not {describe(value)}", path
        )
        return None

    def dice(self, value: Any, path: YamlPath) -> tuple[int, ...]:
        items = self.sequence(value, path, "dice")
        results: list[int] = []
        for index, item in enumerate(items or []):
            number = self.integer(item, (*path, index), "a die result")
            if number is not None and number < 1:
                self.report(codes.WRONG_VALUE, "a die result must be 1 or more", (*path, index))
            elif number is not None:
                results.append(number)
        return tuple(results)

    # -- the file -----------------------------------------------------------------------
    def arguments(
        self,
        given: Mapping[str, Any],
        path: YamlPath,
        params: Sequence[Param],
        what: str,
        reserved: Sequence[str],
    ) -> dict[str, Any]:
        """``given`` checked against ``params`` (``reserved``: the other keys allowed there,
        for the "did you mean" of a misspelt one)."""
        by_name = {p.name: p for p in params}
        args: dict[str, Any] = {}
        for key in given:
            if key not in by_name:
                self.report(
                    codes.BAD_ARGUMENT,
                    f"{what} has no argument '{key}'",
                    (*path, key),
                    did_you_mean(key, [*by_name, *reserved], "arguments"),
                    key=True,
                )
        for param in params:
            if param.name not in given:
                if param.required:
                    self.report(
                        codes.BAD_ARGUMENT,
                        f"{what} needs the argument '{param.name}'",
                        path,
                        f"add '{param.name}:' ({kind_text(param.kind, param.many)})"
                        + (f": {param.doc}" if param.doc else ""),
                    )
                continue
            converted = self.value(given[param.name], (*path, param.name), param, what)
            if converted is not BAD:
                args[param.name] = converted
        return args

    def value(self, value: Any, path: YamlPath, param: Param, what: str) -> Any:
        if param.many:
            items = self.sequence(value, path, f"'{param.name}' of {what}")
            if items is None:
                return BAD
            out = [self.one(item, (*path, i), param, what) for i, item in enumerate(items)]
            return BAD if BAD in out else out
        return self.one(value, path, param, what)

    def one(self, value: Any, path: YamlPath, param: Param, what: str) -> Any:
        if param.kind is Kind.HEX:
            return self.coordinate(value, path, as_hex=True)
        if not fits(value, param.kind):
            self.report(
                codes.BAD_ARGUMENT,
                f"'{param.name}' of {what} must be {kind_text(param.kind)}, not {describe(value)}",
                path,
            )
            return BAD
        if param.choices and value not in param.choices:
            self.report(
                codes.BAD_ARGUMENT,
                f"'{param.name}' of {what} cannot be {describe(value)}",
                path,
                did_you_mean(str(value), list(param.choices), "allowed"),
            )
            return BAD
        return value

    def coordinate(self, value: Any, path: YamlPath, *, as_hex: bool) -> Any:
        if isinstance(value, str):
            try:
                hex_ = parse_coord(value)
            except HexforgeError as error:
                first = error.diagnostics[0]
                self.report(first.code, first.message, path, first.hint)
                return BAD
            return hex_ if as_hex else format_coord(hex_)
        self.report(
            BAD_COORDINATE,
            f"{describe(value)} is not a board coordinate",
            path,
            "write the column letter(s) then the row number, e.g. 'C7' (docs/coordinates.md)",
        )
        return BAD

    def json(self, value: Any, path: YamlPath) -> Any:
        if fits(value, Kind.JSON):
            return value
        self.report(
            codes.WRONG_VALUE,
            f"{describe(value)} is not a value a game can hold",
            path,
            "use whole numbers, text, true/false, lists and mappings (no decimals)",
        )
        return BAD


def is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def fits(value: Any, kind: Kind) -> bool:
    if kind is Kind.INT:
        return is_int(value)
    if kind is Kind.BOOL:
        return isinstance(value, bool)
    if kind is Kind.TEXT:
        return isinstance(value, str)
    if kind is Kind.JSON:
        return is_json(value)
    return False


def is_json(value: Any) -> bool:
    if value is None or isinstance(value, bool | int | str):
        return True
    if isinstance(value, float):
        return False
    if isinstance(value, list):
        return all(is_json(v) for v in value)
    if isinstance(value, dict):
        return all(is_json(v) for v in value.values())
    return False


KIND_TEXT = {
    Kind.INT: "a whole number",
    Kind.BOOL: "true or false",
    Kind.TEXT: "text",
    Kind.HEX: "a board coordinate such as C7",
    Kind.JSON: "any value",
}


def kind_text(kind: Kind, many: bool = False) -> str:
    return f"a list of: {KIND_TEXT[kind]}" if many else KIND_TEXT[kind]


def describe(value: Any) -> str:
    if value is None:
        return "an empty value"
    if isinstance(value, bool):
        return f"'{str(value).lower()}'"
    if isinstance(value, float) and math.isfinite(value):
        return f"the decimal {value}"
    if isinstance(value, int | float):
        return f"the number {value}"
    if isinstance(value, str):
        return f"'{value}'"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return type(value).__name__
