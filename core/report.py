"""Renderers for diagnostics: a terminal one (rich, colour only on a TTY) and JSON."""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from rich.console import Console
from rich.markup import escape

from hexforge.core.errors import Diagnostic, Severity

_STYLE = {Severity.ERROR: "bold red", Severity.WARNING: "bold yellow"}


def caret_line(diagnostic: Diagnostic) -> str | None:
    """The ``^^^`` marker under the offending text, or None when there is no span."""
    span, text = diagnostic.span, diagnostic.source_line
    if span is None or text is None:
        return None
    start = max(span.column - 1, 0)
    end = span.end_column - 1 if span.end_line == span.line else len(text)
    width = max(min(end, len(text)) - start, 1)
    return " " * start + "^" * width


def render_text(diagnostics: Iterable[Diagnostic], console: Console) -> None:
    """Print each diagnostic as ``file:line:col: severity CODE message`` with snippet and hint."""
    for diagnostic in diagnostics:
        where = f"{diagnostic.span.location()}: " if diagnostic.span else ""
        style = _STYLE[diagnostic.severity]
        console.print(
            f"{escape(where)}[{style}]{diagnostic.severity.value} {diagnostic.code}[/{style}]: "
            f"{escape(diagnostic.message)}",
            highlight=False,
            soft_wrap=True,
        )
        caret = caret_line(diagnostic)
        if caret is not None and diagnostic.span is not None and diagnostic.source_line:
            gutter = f"{diagnostic.span.line:>5} | "
            console.print(gutter + escape(diagnostic.source_line), highlight=False, soft_wrap=True)
            console.print(
                " " * (len(gutter) - 2) + "| " + f"[{style}]{caret}[/{style}]",
                highlight=False,
                soft_wrap=True,
            )
        if diagnostic.hint:
            console.print(f"  [cyan]hint[/cyan]: {escape(diagnostic.hint)}", highlight=False)


def diagnostic_dict(diagnostic: Diagnostic) -> dict[str, Any]:
    """The JSON shape of one diagnostic (documented in docs/errors.md)."""
    span = diagnostic.span
    return {
        "code": diagnostic.code,
        "severity": diagnostic.severity.value,
        "message": diagnostic.message,
        "file": span.file if span else None,
        "line": span.line if span else None,
        "column": span.column if span else None,
        "end_line": span.end_line if span else None,
        "end_column": span.end_column if span else None,
        "source": diagnostic.source_line,
        "hint": diagnostic.hint,
    }


def render_json(diagnostics: Sequence[Diagnostic]) -> str:
    """All diagnostics as one JSON document with a summary."""
    errors = sum(d.severity is Severity.ERROR for d in diagnostics)
    return json.dumps(
        {
            "diagnostics": [diagnostic_dict(d) for d in diagnostics],
            "errors": errors,
            "warnings": len(diagnostics) - errors,
        },
        indent=2,
        ensure_ascii=False,
    )
