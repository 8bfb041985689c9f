"""Compiled packs: validated cards with the positions later checks report at.

A :class:`CompiledPack` is what one pack's files turn into on their own (without looking
at other packs); it is what the cache stores. Cross-file checks run on compiled packs
every time, so their results never go stale when another pack changes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from hexforge.core.errors import Diagnostic, Severity, Span
from hexforge.core.packs.models import Card, PackManifest


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
