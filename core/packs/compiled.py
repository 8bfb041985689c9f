"""Compiled packs: validated cards with the positions later checks report at.

A :class:`CompiledPack` is what one pack's files turn into on their own (without looking
at other packs); it is what the cache stores. Cross-file checks run on compiled packs
every time, so their results never go stale when another pack changes.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from hexforge.core.errors import Diagnostic, Severity, Span
from hexforge.core.packs import codes
from hexforge.core.packs.models import Card, PackManifest
from hexforge.core.packs.yamlio import MAX_DIAGNOSTICS


@dataclass(frozen=True, slots=True)
class Located:
    """A place in a file to report at later: the span and the line it is on."""

    span: Span
    source_line: str | None

    def diagnostic(
        self,
        code: str,
        message: str,
        hint: str | None = None,
        severity: Severity = Severity.ERROR,
    ) -> Diagnostic:
        return Diagnostic(code, message, self.span, self.source_line, hint, severity)


@dataclass(frozen=True, slots=True)
class Reference:
    """A card id written in a card (a reference field, or ``replaces``), fully qualified."""

    target: str
    kinds: tuple[str, ...]
    field: str
    at: Located


@dataclass(frozen=True, slots=True)
class Permission:
    """A ``can`` / ``cannot`` rule in an effect, for the static same-tier conflict check."""

    action: str
    allowed: bool
    conditional: bool
    at: Located


@dataclass(frozen=True, slots=True)
class CardEntry:
    """One valid card and where its parts are written."""

    card: Card
    file: str
    at: Mapping[str, Located]  # "id", "name", "text", "replaces", "kind"
    references: tuple[Reference, ...] = ()
    permissions: tuple[Permission, ...] = ()


@dataclass(frozen=True, slots=True)
class FileResult:
    """What one card file compiled to."""

    file: str
    cards: tuple[CardEntry, ...]
    diagnostics: tuple[Diagnostic, ...]


@dataclass(frozen=True, slots=True)
class CompiledPack:
    """One pack: manifest (None when unusable), cards, and its own problems."""

    root: str
    manifest: PackManifest | None
    manifest_at: Mapping[str, Located] = field(default_factory=dict)
    files: tuple[FileResult, ...] = ()
    diagnostics: tuple[Diagnostic, ...] = ()  # manifest and folder problems
    cached: bool = False  # read from the cache (counted in the summary line)

    @property
    def id(self) -> str | None:
        return self.manifest.id if self.manifest is not None else None

    def cards(self) -> list[CardEntry]:
        return [card for result in self.files for card in result.cards]

    def all_diagnostics(self) -> list[Diagnostic]:
        return [*self.diagnostics, *(d for r in self.files for d in r.diagnostics)]


def span_dict(span: Span | None) -> dict[str, Any] | None:
    """A span as JSON (for the cache)."""
    if span is None:
        return None
    return {
        "file": span.file,
        "line": span.line,
        "column": span.column,
        "end_line": span.end_line,
        "end_column": span.end_column,
    }


def span_from(data: dict[str, Any] | None) -> Span | None:
    if data is None:
        return None
    return Span(data["file"], data["line"], data["column"], data["end_line"], data["end_column"])


_HIDDEN = re.compile(r"^(\d+) more problems? in this file")


def capped(diagnostics: Iterable[Diagnostic], limit: int = MAX_DIAGNOSTICS) -> list[Diagnostic]:
    """At most ``limit`` problems of each file, in the order given, then one HF230 line
    per file saying how many more it has; problems of no file are never capped.

    Every stage of one file counts towards the same limit (YAML, models, effects,
    cross-file checks), so one broken file is a screenful, not a wall of text. An HF230
    line already among ``diagnostics`` (a file capped when it was compiled) is merged
    into the new one.
    """
    kept: dict[str | None, list[Diagnostic]] = {}
    hidden: dict[str, list[Diagnostic]] = {}
    earlier: dict[str, tuple[int, bool]] = {}  # HF230 lines given: count, any error
    for diagnostic in diagnostics:
        file = diagnostic.span.file if diagnostic.span is not None else None
        shown = kept.setdefault(file, [])
        if file is None:
            shown.append(diagnostic)
            continue
        count = _hidden_count(diagnostic)
        if count is not None:
            before = earlier.get(file, (0, False))
            error = diagnostic.severity is Severity.ERROR
            earlier[file] = (before[0] + count, before[1] or error)
        elif len(shown) < limit:
            shown.append(diagnostic)
        else:
            hidden.setdefault(file, []).append(diagnostic)
    out: list[Diagnostic] = []
    for file, shown in kept.items():
        out.extend(shown)
        if file is None:
            continue
        over = hidden.get(file, [])
        count, error = earlier.get(file, (0, False))
        count += len(over)
        if count:
            error = error or any(d.severity is Severity.ERROR for d in over)
            first = over[0].span if over else None
            where = (
                Span.point(file, first.line, first.column)
                if first is not None
                else Span.point(file, 1, 1)
            )
            out.append(
                Diagnostic(
                    codes.TOO_MANY_PROBLEMS,
                    f"{count} more problem{'s' if count != 1 else ''} in this file "
                    f"(only the first {limit} are shown)",
                    where,
                    None,
                    "fix the problems shown and run again",
                    Severity.ERROR if error else Severity.WARNING,
                )
            )
    return out


def _hidden_count(diagnostic: Diagnostic) -> int | None:
    if diagnostic.code != codes.TOO_MANY_PROBLEMS:
        return None
    found = _HIDDEN.match(diagnostic.message)
    return int(found.group(1)) if found is not None else 0
